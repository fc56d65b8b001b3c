package hybridrag

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/store"
)

// maxSuggestTerms bounds the words of a question checked for presence:
// one keyword search each.
const maxSuggestTerms = 16

// suggestK is how many keyword hits the filter check compares.
const suggestK = 10

// Suggestions help after a refusal (seed §6–7: "suggest what to ingest").
// Part of the Answer or Artifact the caller owns.
type Suggestions struct {
	// MissingTerms are words of the question that no indexed document in
	// the tenant and project contains: documents about them are missing.
	MissingTerms []string `json:"missing_terms,omitempty"`
	// ExcludedBy names the request filters that excluded documents
	// matching the question better than any document they let through
	// ("source_types", "confidentiality", "dates", "document_ids",
	// "agent_tags").
	ExcludedBy []string `json:"excluded_by,omitempty"`
	// Messages say the above in words, one suggestion per line.
	Messages []string `json:"messages"`
}

// suggest explains a refusal: which of the question's words no document
// in scope holds, and which filter excluded matching documents. It needs a
// store (nil for a Retriever-only pipeline) and costs one keyword search
// per question word, plus two per restricting filter field. Failures only
// drop suggestions: a refusal never fails because of them.
func (p *Pipeline) suggest(ctx context.Context, run *askRun) *Suggestions {
	if p.store == nil || run.question == "" {
		return nil
	}
	s := &Suggestions{}
	scope := store.Filter{TenantID: run.req.Filter.TenantID, ProjectID: run.req.Filter.ProjectID}
	if analyzer, ok := p.store.(store.TermStatter); ok {
		for _, w := range questionWords(run.question) {
			if len(analyzer.Analyze(w)) == 0 {
				continue // a stop word: never indexed, so never "missing"
			}
			hits, err := p.store.SearchKeyword(ctx, w, 1, scope)
			if err != nil {
				return nil
			}
			if len(hits) == 0 {
				s.MissingTerms = append(s.MissingTerms, w)
			}
		}
	} else if run.res != nil {
		// Without the store's analyser a stop word would look missing: use
		// the retriever's analysis (rare terms no retrieved source holds).
		s.MissingTerms = append(s.MissingTerms, run.res.Analysis.Missing...)
	}
	s.ExcludedBy = p.excludingFilters(ctx, run)
	if len(s.MissingTerms) > 0 {
		s.Messages = append(s.Messages, fmt.Sprintf("No indexed document mentions %s: index documents that cover %s.",
			quoteList(s.MissingTerms), plural(len(s.MissingTerms), "it", "them")))
	}
	for _, f := range s.ExcludedBy {
		s.Messages = append(s.Messages, fmt.Sprintf("The %s filter excluded documents that match the question better: relax it or ask without it.", f))
	}
	if len(s.Messages) == 0 {
		return nil
	}
	return s
}

// excludingFilters re-runs the keyword search without each restricting
// filter field in turn and names the fields whose removal brings in a
// document scoring above the best one the full filter allows.
func (p *Pipeline) excludingFilters(ctx context.Context, run *askRun) []string {
	f := run.req.Filter
	type field struct {
		name  string
		set   bool
		clear func(*store.Filter)
	}
	fields := []field{
		{"source_types", len(f.SourceTypes) > 0, func(f *store.Filter) { f.SourceTypes = nil }},
		{"confidentiality", len(f.Confidentiality) > 0, func(f *store.Filter) { f.Confidentiality = nil }},
		{"dates", !f.After.IsZero() || !f.Before.IsZero(), func(f *store.Filter) { f.After, f.Before = time.Time{}, time.Time{} }},
		{"document_ids", len(f.DocumentIDs) > 0, func(f *store.Filter) { f.DocumentIDs = nil }},
	}
	if run.scoped {
		// The agent's tags became DocumentIDs: name them for what they are.
		fields[3].name = "agent_tags"
	}
	var active []field
	for _, fl := range fields {
		if fl.set {
			active = append(active, fl)
		}
	}
	if len(active) == 0 {
		return nil
	}
	best := func(flt store.Filter) (float64, bool) {
		hits, err := p.store.SearchKeyword(ctx, run.question, suggestK, flt)
		if err != nil || len(hits) == 0 {
			return 0, err == nil
		}
		return hits[0].Score, true
	}
	full, ok := best(f)
	if !ok {
		return nil
	}
	var out []string
	for _, fl := range active {
		g := f
		fl.clear(&g)
		if without, ok := best(g); ok && without > full {
			out = append(out, fl.name)
		}
	}
	return out
}

// questionWords are the distinct words of a question, lower-cased, in
// order, at most maxSuggestTerms, single letters, numbers and question
// scaffold ("often", "exactly") left out.
func questionWords(q string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_'
	}) {
		w = strings.Trim(w, "-_")
		if len([]rune(w)) < 2 || strings.IndexFunc(w, unicode.IsLetter) < 0 || slices.Contains(out, w) {
			continue
		}
		if textutil.IsScaffold(w) {
			continue // "how often": no document needs the word to answer
		}
		out = append(out, w)
		if len(out) == maxSuggestTerms {
			break
		}
	}
	return out
}

func quoteList(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
