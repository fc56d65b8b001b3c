package evaluate

import (
	"path"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/internal/beir"
)

// NDCGDepth is the depth of nDCG: nDCG@10, the BEIR headline metric.
const NDCGDepth = 10

// Retrieved is one retrieved chunk, as the metrics see it. This package's
// types are plain values and its functions pure: all are safe for
// concurrent use.
type Retrieved struct {
	DocumentID string
	Source     string
	Text       string
}

// DocScores are the document-level ranking metrics of one question (a
// plain value).
type DocScores struct {
	// Recall is the fraction of relevant documents with a chunk among the
	// first k retrieved chunks; Hit is 1 when at least one has.
	Recall float64 `json:"recall"`
	Hit    float64 `json:"hit"`
	// MRR is 1/rank of the first chunk of a relevant document within the
	// first k, 0 when there is none.
	MRR float64 `json:"mrr"`
	// NDCG is nDCG@NDCGDepth with binary gains, where only the first chunk
	// of each relevant document gains (later chunks of the same document
	// add nothing, so a list that repeats one document is not rewarded).
	NDCG float64 `json:"ndcg_10"`
}

// EvidenceScores are the evidence-level ranking metrics of one question (a
// plain value).
type EvidenceScores struct {
	// Recall is the fraction of evidence strings contained in at least one
	// of the first k chunks; Hit is 1 when any is.
	Recall float64 `json:"recall"`
	Hit    float64 `json:"hit"`
	// MRR is 1/rank of the first chunk (within k) containing any evidence.
	MRR float64 `json:"mrr"`
}

// MatchDocument returns the entry of relevant that names chunk r's
// document, or "" when none does. An entry names a document when it equals
// its id or its source, or when it is a path suffix of either on a "/"
// boundary ("docs/install.md" names "./examples/docs/install.md"), or the
// id or source is a path suffix of the entry ("install.md", the id of a
// file indexed from inside docs/, is named by "docs/install.md"), so that
// an evaluation file need not know the folder a store was indexed from.
// Back slashes count as slashes.
func MatchDocument(r Retrieved, relevant []string) string {
	id, src := slash(r.DocumentID), slash(r.Source)
	for _, rel := range relevant {
		want := slash(rel)
		if want == "" {
			continue
		}
		if want == id || want == src || suffixPath(id, want) || suffixPath(src, want) ||
			suffixPath(want, id) || suffixPath(want, src) {
			return rel
		}
	}
	return ""
}

func slash(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), `\`, "/")
	if s == "" {
		return ""
	}
	if c := path.Clean(s); c != "." {
		return c
	}
	return s
}

func suffixPath(full, suffix string) bool {
	return strings.HasSuffix(full, "/"+suffix)
}

// Documents scores a retrieved chunk list against relevant document names
// (see MatchDocument). k bounds recall, hit and MRR; it must be positive.
// With no relevant documents every score is 0.
func Documents(ranked []Retrieved, relevant []string, k int) DocScores {
	rels := map[string]int{}
	for _, rel := range relevant {
		if slash(rel) != "" {
			rels[rel] = 1
		}
	}
	if len(rels) == 0 {
		return DocScores{}
	}
	// labels[i] is the relevant entry first found at chunk i, or "" (gain 0).
	labels := make([]string, len(ranked))
	seen := map[string]bool{}
	for i, r := range ranked {
		if m := MatchDocument(r, relevant); m != "" && !seen[m] {
			seen[m] = true
			labels[i] = m
		}
	}
	s := DocScores{
		Recall: beir.Recall(labels, rels, k),
		MRR:    beir.MRR(labels, rels, k),
		NDCG:   beir.NDCG(labels, rels, NDCGDepth),
	}
	if s.Recall > 0 {
		s.Hit = 1
	}
	return s
}

// ContainsEvidence reports whether text contains the evidence string,
// ignoring case, runs of white space, and the difference between typographic
// and plain quotes and dashes.
func ContainsEvidence(text, evidence string) bool {
	e := normalize(evidence)
	return e != "" && strings.Contains(normalize(text), e)
}

// EvidenceIn returns the indices of the evidence strings text contains.
func EvidenceIn(text string, evidence []string) []int {
	t := normalize(text)
	var out []int
	for i, ev := range evidence {
		if e := normalize(ev); e != "" && strings.Contains(t, e) {
			out = append(out, i)
		}
	}
	return out
}

var typographic = strings.NewReplacer(
	"\u2018", "'", "\u2019", "'", "\u201c", `"`, "\u201d", `"`,
	"\u2013", "-", "\u2014", "-", "\u2212", "-", "\u00a0", " ",
)

func normalize(s string) string {
	s = typographic.Replace(strings.ToLower(s))
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}

// Evidence scores a retrieved chunk list against evidence substrings. k
// bounds every score; it must be positive. With no evidence every score is
// 0.
func Evidence(ranked []Retrieved, evidence []string, k int) EvidenceScores {
	total := 0
	for _, ev := range evidence {
		if normalize(ev) != "" {
			total++
		}
	}
	if total == 0 {
		return EvidenceScores{}
	}
	found := map[int]bool{}
	var s EvidenceScores
	for i, r := range ranked {
		if i >= k {
			break
		}
		hits := EvidenceIn(r.Text, evidence)
		if len(hits) > 0 && s.MRR == 0 {
			s.MRR = 1 / float64(i+1)
		}
		for _, h := range hits {
			found[h] = true
		}
	}
	s.Recall = float64(len(found)) / float64(total)
	if len(found) > 0 {
		s.Hit = 1
	}
	return s
}
