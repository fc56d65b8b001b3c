package cite

import (
	"context"

	"github.com/hybridrag/hybridrag/retrieve"
)

// Citation is one citation marker found in an answer.
type Citation struct {
	// Marker is the text as written, e.g. "[S1, S3]" yields two citations
	// with the same Marker.
	Marker string `json:"marker"`
	// Ref is the reference inside the marker: "S1", "3", a chunk id, …
	Ref string `json:"ref"`
	// Start and End are the byte offsets of Marker in the answer.
	Start int `json:"start"`
	End   int `json:"end"`
	// Source is the 0-based index into the sources given to the generator,
	// or -1 when the reference matches no retrieved source.
	Source int `json:"source"`
}

// Valid reports whether the citation maps to a retrieved source.
func (c Citation) Valid() bool { return c.Source >= 0 }

// Extraction is the result of parsing an answer's citations.
type Extraction struct {
	Citations []Citation `json:"citations"`
	// Cited lists the indices of cited sources, unique, in order of first
	// citation.
	Cited []int `json:"cited"`
	// Invalid counts citations to anything not retrieved; they are dropped
	// from Cited.
	Invalid int `json:"invalid"`
}

// Extractor parses citation markers and maps them to the sources given to
// the generator (sources[i] has label "S" + (i+1)). The Pipeline uses one
// Extractor for the answer's citations and gives the same one to the
// default validator. Implementations must be safe for concurrent use; ctx
// lets one that calls out (a service, a model) stop when the request ends.
type Extractor interface {
	Extract(ctx context.Context, answer string, sources []retrieve.Source) Extraction
}

// Func adapts a function to Extractor.
type Func func(ctx context.Context, answer string, sources []retrieve.Source) Extraction

// Extract calls f.
func (f Func) Extract(ctx context.Context, answer string, sources []retrieve.Source) Extraction {
	return f(ctx, answer, sources)
}
