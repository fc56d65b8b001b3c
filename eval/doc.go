// Package eval measures a hybridrag.Pipeline on labelled questions:
// retrieval ranking (recall, hit, MRR, nDCG against relevant documents or
// evidence strings), refusals (precision, recall, false-refusal rate),
// citations in the manner of ALCE, expected-answer recall and per-stage
// latency. Evaluate runs the questions ReadQuestions reads; Calibrate
// replays a run's recorded relevances through the default gate to
// recommend thresholds; a RunStore (store/sqlitelog's Log is one) keeps
// runs, and package eval/report renders them.
//
// eval imports the root package and sees only its public API (Ask,
// Components, Thresholds); the root never imports eval, so a program that
// only answers questions does not compile it. It must not import a store
// implementation, a loader or a provider SDK: runs are saved through the
// RunStore interface.
package eval
