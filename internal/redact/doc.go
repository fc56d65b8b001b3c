// Package redact removes credentials from text that leaves the process or
// is stored: error messages, log lines, the query log, evaluation reports.
//
// Three kinds are removed: the password of a URL's user info
// ("https://user:***@host") and credential query parameters ("?key=***");
// secrets the caller names (the configured API key), also in their obvious
// encodings (URL-escaped, base64, JSON-escaped); and strings shaped like
// the keys of common providers ("sk-…", "sk-ant-…", "AIza…", "Bearer …",
// "api_key=…"), which catches a key the caller did not name, such as one a
// provider's error body quotes. Redaction is a last line of defence, not an
// excuse to put secrets in messages: each replaced span becomes "***".
package redact
