package validate_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/validate"
)

// TestVerbatimQuotesAreSupported: whatever else the validator checks, a
// source sentence quoted word for word and cited is supported. It runs
// over every sentence of the sources the repo ships (the labelled clause
// cases and the quickstart manual), which is what an extractive answer
// quotes.
func TestVerbatimQuotesAreSupported(t *testing.T) {
	var texts []string
	f, err := os.Open("testdata/clauses.jsonl")
	require.NoError(t, err)
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c struct{ Sources []string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		for _, s := range c.Sources {
			if !seen[s] {
				seen[s] = true
				texts = append(texts, s)
			}
		}
	}
	docs, err := filepath.Glob("../examples/quickstart/docs/*.md")
	require.NoError(t, err)
	for _, d := range docs {
		b, err := os.ReadFile(d)
		require.NoError(t, err)
		texts = append(texts, string(b))
	}
	v := validate.New(validate.Options{})
	quoted, failed := 0, 0
	for _, text := range texts {
		src := []retrieve.Source{{Chunk: store.Chunk{Text: text}}}
		for _, sp := range textutil.Sentences(text) {
			s := strings.TrimSpace(text[sp.Start:sp.End])
			if strings.HasPrefix(s, "#") || strings.Contains(s, "\n") || len(strings.Fields(s)) < 4 {
				continue // headings and multi-line fragments are not quoted as claims
			}
			quoted++
			rep, err := v.Validate(context.Background(), s+" [S1]", src)
			require.NoError(t, err)
			for _, r := range rep.Sentences {
				if !r.Supported {
					failed++
					t.Errorf("verbatim quote rejected: %q: %+v", s, r.Failures)
				}
			}
		}
	}
	t.Logf("%d verbatim quotes, %d rejected", quoted, failed)
	require.Greater(t, quoted, 100)
}

// A row of a property box, which the extractive generator quotes on its
// own, is supported by its box even when another row of the box holds a
// negation ("Override: | None"): the rows are separate statements, not one
// sentence whose negation the quote would drop.
func TestPropertyBoxRowQuotesAreSupported(t *testing.T) {
	box := "KilnHeat Directive\n\n" +
		"Description: | Sets the heat the kiln holds during a glaze firing\n" +
		"Syntax: | KilnHeat degrees\n" +
		"Default: | KilnHeat 1200\n" +
		"Context: | server config, virtual host\n" +
		"Override: | None\n" +
		"Status: | Core\n\n" +
		"The kiln holds this heat until the cone bends."
	src := []retrieve.Source{{Chunk: store.Chunk{Text: box}}}
	v := validate.New(validate.Options{})
	for _, row := range []string{"Default: | KilnHeat 1200", "Context: | server config, virtual host", "Syntax: | KilnHeat degrees"} {
		rep, err := v.Validate(context.Background(), row+" [S1]", src)
		require.NoError(t, err)
		require.Len(t, rep.Sentences, 1)
		require.True(t, rep.Sentences[0].Supported, "%q: %+v", row, rep.Sentences[0].Failures)
	}
}
