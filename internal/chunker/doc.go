// Package chunker cuts a store.Document into token-sized store.Chunks for
// retrieval. It cuts at structure first (Markdown ATX and setext headings,
// or the document's Sections for HTML headings, definition-list entries
// and PDF pages), then at
// paragraphs, then at sentences (textutil.Sentences), then at line breaks,
// and only as a last resort inside a very long sentence, at cl100k_base
// token boundaries moved back to a rune boundary. Small consecutive sections
// are merged up to the target size; long sections are split into chunks of
// even size that overlap by about OverlapTokens, starting at a sentence
// boundary. A long section of definition-list entries (options, settings,
// functions) is instead cut between entries into chunks of about 400
// tokens without overlap; a long entry's chunks carry its term as the last
// heading. Every chunk keeps its heading path and page as fields, and its
// exact byte span: doc.Text[c.Start:c.End] == c.Text.
//
// Sizes are cl100k_base token counts from internal/tokens. A section that
// may fit one chunk is counted whole; a longer one is cut into sentences,
// each counted once, and sums are used while packing (token counts are
// nearly additive across white space). Every chunk not already counted
// exactly is counted once more and shrunk if the estimate was low, so
// Chunk.Tokens is exact and never above MaxTokens. The package keeps no
// state between calls: Split and Chunker are safe for concurrent use.
//
// It owns chunking only. It imports store (Document, Chunk),
// internal/textutil and internal/tokens and must not import retrieve or
// anything above it.
package chunker
