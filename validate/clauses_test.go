package validate

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"
)

// clauseCase is one labelled answer of testdata/clauses.jsonl: a faithful
// rewrite of its sources (synonyms, reordering, active/passive, merged
// sentences, units spelled out or abbreviated) or an unfaithful one (a
// number from another fact or another source, an antonym, a swapped noun
// or verb object, an added clause or quantifier, a URL no source holds).
type clauseCase struct {
	ID       string   `json:"id"`
	Label    string   `json:"label"` // "faithful" or "unfaithful"
	Category string   `json:"category"`
	Answer   string   `json:"answer"`
	Sources  []string `json:"sources"`
}

// Goals of issue 9 for the clause-level check.
const (
	goalFaithfulKept      = 0.95
	goalUnfaithfulDropped = 1.0
)

func loadClauseCases(t *testing.T) []clauseCase {
	t.Helper()
	f, err := os.Open("testdata/clauses.jsonl")
	require.NoError(t, err)
	defer f.Close()
	var out []clauseCase
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var c clauseCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c), sc.Text())
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// TestClauseCases checks that faithful answers keep every sentence and
// that each unfaithful one loses at least one, and reports both rates.
func TestClauseCases(t *testing.T) {
	cases := loadClauseCases(t)
	v := New(Options{})
	type tally struct{ total, ok int }
	byCat := map[string]*tally{}
	var faithful, unfaithful tally
	for _, c := range cases {
		rep, err := v.Validate(context.Background(), c.Answer, sources(c.Sources...))
		require.NoError(t, err)
		require.NotEmpty(t, rep.Sentences, c.ID)
		dropped := false
		var why []Failure
		for _, s := range rep.Sentences {
			if !s.Supported {
				dropped = true
				why = append(why, s.Failures...)
			}
		}
		key := c.Label + "/" + c.Category
		if byCat[key] == nil {
			byCat[key] = &tally{}
		}
		byCat[key].total++
		switch c.Label {
		case "faithful":
			faithful.total++
			if !dropped {
				faithful.ok++
				byCat[key].ok++
			} else {
				t.Logf("faithful dropped: %s %q: %+v", c.ID, c.Answer, why)
			}
		case "unfaithful":
			unfaithful.total++
			if dropped {
				unfaithful.ok++
				byCat[key].ok++
			} else {
				t.Logf("unfaithful kept: %s %q", c.ID, c.Answer)
			}
		default:
			t.Fatalf("%s: label %q", c.ID, c.Label)
		}
	}
	keys := make([]string, 0, len(byCat))
	for k := range byCat {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-36s %3d/%3d", k, byCat[k].ok, byCat[k].total)
	}
	keptRate := float64(faithful.ok) / float64(faithful.total)
	dropRate := float64(unfaithful.ok) / float64(unfaithful.total)
	t.Logf("faithful kept: %d/%d = %.1f%% (goal ≥ %.0f%%)", faithful.ok, faithful.total, 100*keptRate, 100*goalFaithfulKept)
	t.Logf("unfaithful dropped: %d/%d = %.1f%% (goal %.0f%%)", unfaithful.ok, unfaithful.total, 100*dropRate, 100*goalUnfaithfulDropped)
	require.GreaterOrEqual(t, faithful.total, 100)
	require.GreaterOrEqual(t, unfaithful.total, 100)
	require.GreaterOrEqual(t, keptRate, goalFaithfulKept)
	require.GreaterOrEqual(t, dropRate, goalUnfaithfulDropped)
}
