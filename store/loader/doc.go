// Package loader reads files into store.Documents for indexing: Markdown
// and plain text as they are (UTF-8, byte-order mark removed), HTML as its
// visible text (a page that declares XHTML with its self-closed elements
// empty, as XML reads them; the language it or its folder declares in
// Metadata.Extra[store.LanguageKey]) with block elements on their own
// lines and the h1–h6
// heading hierarchy recorded as Document.Sections (each definition-list
// entry, <dt> terms and their <dd>, a Section of its own nested in its
// heading's, store.Section.Terms; a list of values inside an entry's
// description, each value one short paragraph, is that entry's "- value:
// description" list items), PDF as the text of its
// pages joined by blank lines, with one Section per page carrying the page
// number so that chunks and citations keep it, and Word (.docx) as its
// paragraphs, list items and table rows with its heading-style hierarchy
// as Sections (archive/zip and encoding/xml; tracked deletions and field
// codes left out). Markdown front matter is dropped from the text, and
// UTF-16 text with a byte-order mark is converted. In Markdown, what a
// renderer would show differently from its source is written as shown:
// raw HTML tables as rows (mdhtml.go), <code> elements as code spans
// (mdinline.go), a command's fenced help text as its usage line, summary
// and one entry per option (mdusage.go), Liquid's raw tags dropped
// (mdliquid.go), and HTML comments and empty anchors dropped outside code
// (mdcomment.go). An HTML <pre> whose class says it holds prose (HAProxy's
// manual) is read as wrapped paragraphs, list items and tagged entries,
// its examples staying code (htmlprose.go). Transcripts — WebVTT
// (.vtt), SubRip (.srt) and JSON segment files (.json holding
// [{start, end, speaker, text}] or Whisper's {"segments": […]}; any other
// JSON is unsupported) — become one paragraph per speaker turn
// ("Alice: …") with one Section per cue carrying its time and speaker
// (store.Section.Time), which the chunker cuts at. A manual page formatted
// for a terminal, saved as text ("man ls > ls.txt") or wrapped in one
// HTML <pre> (Postfix's pages, man2html), is read by its layout: section
// headings, one entry per option, paragraphs rejoined where the formatter
// wrapped and hyphenated them, the synopsis and examples as code
// (htmlman.go). A manual page's source (roff in the man or mdoc macros,
// as /usr/share/man holds it) is interpreted as nroff would show it, its
// tagged paragraphs and tag lists becoming entries (roff.go). A
// gzip-compressed file of any of these formats
// (NAME.EXT.gz) is read as NAME.EXT, decompressed within a size limit
// (gzip.go). LoadDir walks a folder
// in a deterministic order and hands every supported file to a callback,
// passing over redirect pages, the plain-text sources of HTML pages it
// also finds (Sphinx's _sources copies, AsciiDoc's PAGE.txt) and pages
// that repeat the others (Node.js's all.html, FFmpeg's *-all.html:
// combined.go), PDF, EPUB and text copies of its pages (edition.go), and
// of a Doxygen reference its source listings and index pages
// (doxygen.go).
//
// A Document's ID is the path cleaned and slash-separated, so the same file
// indexed again replaces its chunks; Source is the path exactly as given, for
// citations. Offsets in Sections refer to Document.Text, which is what the
// chunker cuts. The functions keep no state and are safe for concurrent
// use. For PDF, github.com/ledongthuc/pdf reads the file structure (cross-
// reference tables, objects, stream filters, decryption with an empty user
// password); content streams, fonts and ToUnicode maps are interpreted here,
// inferring word spaces and line breaks from glyph positions, because the
// library's own interpreter can loop forever on a truncated stream. Its
// panics on malformed files are recovered into a *FormatError, and numbers
// that would make it allocate or loop without bound are rejected before it
// runs. Scanned pages without a text layer yield ErrNoText: there is no OCR.
//
// It owns file formats: it imports store (for Document), the PDF reader
// and x/net/html, and must not import retrieve, the root or anything
// above them, so that hosts that never read files never compile a parser.
package loader
