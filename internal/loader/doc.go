// Package loader reads files into store.Documents for indexing: Markdown
// and plain text as they are (UTF-8, byte-order mark removed), and HTML as
// its visible text with block elements on their own lines and the h1–h6
// heading hierarchy recorded as Document.Sections. LoadDir walks a folder
// in a deterministic order and hands every supported file to a callback.
//
// A Document's ID is the path cleaned and slash-separated, so the same file
// indexed again replaces its chunks; Source is the path exactly as given, for
// citations. Offsets in Sections refer to Document.Text, which is what the
// chunker cuts. The functions keep no state and are safe for concurrent
// use. PDF is not supported: no maintained pure-Go extractor is a
// dependency of this module.
package loader
