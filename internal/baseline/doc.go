// Package baseline is the plain keyword retriever that issue 13 measures
// the pipeline against: bleve's default tf-idf scoring over its standard
// English analyzer, documents cut at their headings into chunks of at most
// about ChunkChars characters, the top k by score, and nothing else (no
// vectors, no fusion, no MMR, no gate). It exists so that `hybridrag eval
// --baseline` can report evidence@5 for it and for the pipeline in the
// same run, over the same documents and questions.
//
// Its chunking and scoring are deliberately what a first attempt with
// bleve would be; improving them would defeat its purpose.
package baseline
