// Package gate decides, from retrieval evidence alone, whether a question
// may be answered. It implements the refusal contract: a store, tenant or
// project with nothing indexed, a best source below the probe threshold, a
// question naming something the collection never contains, or too few
// sources above the minimum relevance each end the request with a typed
// Reason before any language model is called.
//
// Gates threshold retrieve.Source.Relevance, never fused rank scores. The
// weak-evidence band lets an answer through marked LOW CONFIDENCE.
//
// It owns the Gate interface, the default gate, the refusal reasons and
// the confidence labels. It imports store and retrieve for the evidence it
// reads and must not import generate, cite, validate, the root or
// anything that calls a model.
package gate
