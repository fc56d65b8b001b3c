package hybridrag

import (
	"fmt"
	"slices"
	"time"

	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/validate"
)

// Answer is the outcome of Ask: either an answer drawn from the sources
// with citations, or a typed refusal. Its JSON form is a contract (the
// CLI's ask --json prints it): fields are added, never renamed or removed.
type Answer struct {
	Query string `json:"query"`
	// Answer is the validated answer text with [S#] markers, or the refusal
	// message.
	Answer string `json:"answer"`
	// RefusalReason is nil when the question was answered.
	RefusalReason *gate.Reason    `json:"refusal_reason"`
	Confidence    gate.Confidence `json:"confidence"`
	// Citations are the labels the answer cites, in label order.
	Citations []string `json:"citations"`
	// Sources are every source given to the generator, in label order.
	Sources  []AnswerSource `json:"sources"`
	Metadata Metadata       `json:"metadata"`
	// Gate is the gate's last decision, for auditing.
	Gate gate.Decision `json:"gate"`
	// Validation is the validator's verdict on the generator's final text
	// (nil when no generator ran).
	Validation *validate.Report `json:"validation,omitempty"`
	// Text is the formatted Answer:/Sources: block (see cite.FormatBlock).
	Text string `json:"text"`
	// QueryID is the id the QueryLog stored this call under (0: not logged).
	QueryID int64 `json:"query_id,omitempty"`
	// Suggestions, on a refusal, say what to ingest or which filter to
	// relax (nil on an answer and when there is nothing to suggest).
	Suggestions *Suggestions `json:"suggestions,omitempty"`
}

// Refused reports whether the answer is a refusal.
func (a *Answer) Refused() bool { return a.RefusalReason != nil }

// AnswerSource is one source given to the generator.
type AnswerSource struct {
	ID         string          `json:"id"` // citation label: S1, S2, …
	ChunkID    string          `json:"chunk_id"`
	DocumentID string          `json:"document_id"`
	Source     string          `json:"source"`
	Title      string          `json:"title"`
	Heading    string          `json:"heading"`
	Page       int             `json:"page"`
	Relevance  float64         `json:"relevance"`
	Scores     retrieve.Scores `json:"scores"`
	Text       string          `json:"text"`
	Cited      bool            `json:"cited"`
	// Revision and Date are the document's (store.Metadata), when known.
	Revision string    `json:"revision,omitempty"`
	Date     time.Time `json:"date,omitzero"`
	// Snippets are, for a cited source, the sentences of Text that the
	// validator matched to the answer's supported claims (byte offsets into
	// Text), so that a UI can highlight the evidence.
	Snippets []Snippet `json:"snippets,omitempty"`
	// Passage is the span of Text that retrieval scored best for the
	// question (retrieve.Source.Passage), absent when none was scored.
	Passage *Snippet `json:"passage,omitempty"`
	// Start and End are, for a transcript source, the chunk's place in the
	// recording in seconds (nil for other sources, so that 0 stays a time),
	// Speakers who speaks in it, and Time the moment its citations point
	// to, as "m:ss" or "h:mm:ss": the start of the cue holding its first
	// snippet, else the chunk's start.
	Start    *float64 `json:"start,omitempty"`
	End      *float64 `json:"end,omitempty"`
	Speakers []string `json:"speakers,omitempty"`
	Time     string   `json:"time,omitempty"`
	// NeighborOf is, for a chunk retrieval added because it continues
	// another source's best passage (retrieve.Source.NeighborOf), that
	// source's label (S1, …), or its chunk id when that source is not
	// among these sources.
	NeighborOf string `json:"neighbor_of,omitempty"`
}

// Snippet is a span [Start, End) of an AnswerSource's Text.
type Snippet struct {
	Text  string `json:"text"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// attachSnippets gives each cited source the spans the report's supported
// sentences matched in it.
func attachSnippets(out []AnswerSource, rep *validate.Report) {
	if rep == nil {
		return
	}
	for _, s := range rep.Sentences {
		if !s.Supported {
			continue
		}
		for _, sp := range s.Support {
			if sp.Source < 0 || sp.Source >= len(out) || !out[sp.Source].Cited {
				continue
			}
			a := &out[sp.Source]
			if sp.Start < 0 || sp.Start >= sp.End || sp.End > len(a.Text) ||
				slices.ContainsFunc(a.Snippets, func(x Snippet) bool { return x.Start == sp.Start && x.End == sp.End }) {
				continue
			}
			a.Snippets = append(a.Snippets, Snippet{Text: a.Text[sp.Start:sp.End], Start: sp.Start, End: sp.End})
		}
	}
	for i := range out {
		slices.SortFunc(out[i].Snippets, func(x, y Snippet) int { return x.Start - y.Start })
	}
}

// Metadata records how an answer was produced.
type Metadata struct {
	RetrievalMS         float64 `json:"retrieval_ms"`
	GenerationMS        float64 `json:"generation_ms"`
	TotalMS             float64 `json:"total_ms"`
	ChunksRetrieved     int     `json:"chunks_retrieved"`
	ChunksUsed          int     `json:"chunks_used"`
	Generator           string  `json:"generator"`
	Model               string  `json:"model"`
	AttributionCoverage float64 `json:"attribution_coverage"`
	PromptTokens        int     `json:"prompt_tokens"`
	CompletionTokens    int     `json:"completion_tokens"`
	// Regenerated is true when validation asked for a second, stricter
	// generation.
	Regenerated bool `json:"regenerated,omitempty"`
	// Stages holds per-stage durations in milliseconds.
	Stages map[string]float64 `json:"stages,omitempty"`
	// Agent is Request.Agent; Profile the model profile of the registered
	// agent it names, if any.
	Agent   string `json:"agent,omitempty"`
	Profile string `json:"profile,omitempty"`
	// Intent and Expansions are retrieval's reading of the question
	// (retrieve.QueryAnalysis): the kind of answer it asks for and the words
	// keyword search added; empty when retrieval did not run or did not
	// report them.
	Intent     string   `json:"intent,omitempty"`
	Expansions []string `json:"expansions,omitempty"`
}

func label(i int) string { return fmt.Sprintf("S%d", i+1) }

func answerSources(srcs []retrieve.Source, cited []int) []AnswerSource {
	isCited := make(map[int]bool, len(cited))
	for _, i := range cited {
		isCited[i] = true
	}
	out := make([]AnswerSource, len(srcs))
	for i, s := range srcs {
		c := s.Chunk
		out[i] = AnswerSource{
			ID: label(i), ChunkID: c.ID, DocumentID: c.DocumentID, Source: c.Source,
			Title: c.Title, Heading: c.HeadingPath(), Page: c.Page,
			Relevance: s.Relevance, Scores: s.Scores, Text: c.Text, Cited: isCited[i],
			Revision: c.Metadata.Revision, Date: c.Metadata.Date,
		}
		if p := s.Passage; p != nil && 0 <= p.Start && p.Start < p.End && p.End <= len(c.Text) {
			out[i].Passage = &Snippet{Text: c.Text[p.Start:p.End], Start: p.Start, End: p.End}
		}
		setTimeSpan(&out[i], c)
		out[i].NeighborOf = neighborLabel(srcs, i)
	}
	return out
}

// neighborLabel names the source srcs[i] was added beside: its label when
// it is among srcs (a neighbour joins right after its seed, but the context
// builder may have dropped the seed), else its chunk id.
func neighborLabel(srcs []retrieve.Source, i int) string {
	of := srcs[i].NeighborOf
	if of == "" {
		return ""
	}
	c := &srcs[i].Chunk
	for j := range srcs {
		o := &srcs[j].Chunk
		if j != i && o.ID == of && o.TenantID == c.TenantID && o.ProjectID == c.ProjectID {
			return label(j)
		}
	}
	return of
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// Sources converts retrieved sources to their JSON form, labelled S1, S2, …
// in order (retrieval-only mode: none is cited).
func Sources(srcs []retrieve.Source) []AnswerSource { return answerSources(srcs, nil) }
