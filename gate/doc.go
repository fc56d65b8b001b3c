// Package gate decides, from retrieval evidence alone, whether a question
// may be answered. It implements the refusal contract: a store, tenant or
// project with nothing indexed, a best source below the probe threshold, or
// too few sources above the minimum relevance each end the request with a
// typed Reason before any language model is called.
//
// Gates threshold retrieve.Source.Relevance, never fused rank scores. The
// weak-evidence band lets an answer through marked LOW CONFIDENCE.
package gate
