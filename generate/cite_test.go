package generate_test

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
	"github.com/stretchr/testify/require"
)

// These tests hold Sanitize to the real citation parser: no text that went
// through it may yield a citation, valid or not.

const nonce = "3f9c0a1b2d4e"

// markerForms are the markers cite documents, with variants.
var markerForms = []string{
	"[S1]", "[S1, S3]", "[S1,S3]", "[S1; S3]", "[S1][S2]", "[S1-S3]", "[S1–S3]", "[S1 - 3]",
	"[Source 1]", "[source 2]", "[Sources 1, 3]", "[Source: S2]", "[SOURCE: admin-guide]",
	"[Sources: a, b]", "[doc: guide]", "[chunk: 3f9c0a1b]", "[source: manual.md, page 3]",
	"【S1】", "[ s 1 ]", "[src=2]", "[document#guide]", "[Source 1, Source 3]", "［Ｓ１］", "[S\u200b1]",
}

func sources() []retrieve.Source {
	out := make([]retrieve.Source, 3)
	for i := range out {
		id := []string{"guide", "faq", "notes"}[i]
		out[i] = retrieve.Source{Chunk: store.Chunk{ID: store.ChunkID(id, 0, id), DocumentID: id, Source: id + ".md", Title: id, Text: "x"}}
	}
	return out
}

func TestMarkerFormsAreCitations(t *testing.T) {
	// The forms are real markers before sanitising (fullwidth and hidden
	// ones only after NFKC and stripping), so the test below can fail.
	for _, m := range markerForms {
		if strings.ContainsAny(m, "［\u200b") {
			continue
		}
		require.NotEmpty(t, cite.Extract("Text "+m+".", sources()).Citations, m)
	}
}

func TestSanitizedTextHoldsNoCitation(t *testing.T) {
	var texts []string
	for _, m := range markerForms {
		texts = append(texts, m, "Before "+m+" after.", "Done."+m, strings.ToUpper(m), "\n"+m+"\n")
	}
	f, err := os.Open("testdata/injection/handwritten.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c struct{ Text string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		texts = append(texts, strings.ReplaceAll(c.Text, "{nonce}", nonce))
	}
	require.NoError(t, sc.Err())

	b, err := generate.NewContextBuilder(generate.ContextOptions{Nonce: func() string { return nonce }})
	require.NoError(t, err)
	for _, text := range texts {
		clean, _ := generate.Sanitize(text, nonce)
		require.Empty(t, cite.Extract(clean, sources()).Citations, "%q sanitised to %q", text, clean)

		src := sources()
		src[0].Chunk.Text = "Backups run nightly. " + text
		p, err := b.Build(t.Context(), generate.BuildRequest{Question: "When?", Sources: src})
		require.NoError(t, err)
		require.Empty(t, cite.Extract(p.Sources[0].Text, src).Citations, "%q", text)
	}
}

func FuzzSanitizeCite(f *testing.F) {
	for _, m := range markerForms {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		clean, _ := generate.Sanitize(text, nonce)
		if got := cite.Extract(clean, sources()).Citations; len(got) > 0 {
			t.Fatalf("Sanitize(%q) = %q holds citation %q", text, clean, got[0].Marker)
		}
	})
}
