// Package sqlitelog is the default hybridrag.QueryLog: a SQLite database
// (modernc.org/sqlite, pure Go, no cgo) holding one row per Ask or Retrieve
// call — who asked, the question, the retrieved chunk ids with their
// scores, the cited ids, the answer or refusal, confidence, attribution
// coverage, generator and model, timings, token usage and error — plus
// user feedback (correct or incorrect, with a comment) against logged
// queries, and package eval's runs in a table beside the log (a Log is an
// eval.RunStore).
//
// Open creates or migrates the schema and refuses a database written by a
// newer version of this package (a *SchemaError). The database runs in WAL
// mode with a busy timeout, so several processes (or several Log handles)
// can write to one file without losing rows. Options control privacy:
// logging can be switched off, question and answer text can be replaced by
// a redaction marker carrying the text's SHA-256, and old rows can be
// deleted by age (Retention) or count (MaxRows) on every write or by Prune.
//
// It owns the SQLite schema of the query log and implements
// hybridrag.QueryLog, so it imports the root (the log records the root's
// QueryRecord); the root must never import it.
package sqlitelog
