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

// A line of a block that is no sentence (code outside a fence, a table, a
// list without punctuation) is a statement of its own: quoted verbatim, it
// is supported though another line of the block holds a negation word
// ("AV_PIX_FMT_NONE" reads as "none"). A line of a sentence hard-wrapped
// over lines is no statement: it does not escape the sentence's negation.
func TestVerbatimLineOfABlockIsSupported(t *testing.T) {
	v := validate.New(validate.Options{})
	block := "ret = av_opt_set_int_list(sink, \"pix_fmts\", fmts, AV_PIX_FMT_NONE, 0);\n" +
		"if (ret < 0) {\n" +
		"goto end;\n" +
		"}\n" +
		"while (av_buffersink_get_frame(sink, filt_frame) >= 0)\n" +
		"display_frame(filt_frame, buffersink_ctx->inputs[0]->time_base);\n" +
		"av_frame_unref(frame);\n" +
		"av_frame_unref(filt_frame);\n" +
		"av_packet_unref(packet);\n" +
		"end:"
	src := []retrieve.Source{{Chunk: store.Chunk{Text: block}}}
	rep, err := v.Validate(context.Background(), "av_frame_unref(frame); [S1]", src)
	require.NoError(t, err)
	require.True(t, rep.Sentences[0].Supported, "%+v", rep.Sentences[0])

	table := "platform | status\nlinux | supported\nwindows | none planned\nmacos | supported since 3.2\nfreebsd | supported"
	src = []retrieve.Source{{Chunk: store.Chunk{Text: table}}}
	rep, err = v.Validate(context.Background(), "macos | supported since 3.2 [S1]", src)
	require.NoError(t, err)
	require.True(t, rep.Sentences[0].Supported, "%+v", rep.Sentences[0])
	rep, err = v.Validate(context.Background(), "windows | supported [S1]", src)
	require.NoError(t, err)
	require.False(t, rep.Sentences[0].Supported, "the Windows row says none planned")

	wrapped := "It is not true that\nthe kiln pump is safe to open while it runs."
	src = []retrieve.Source{{Chunk: store.Chunk{Text: wrapped}}}
	rep, err = v.Validate(context.Background(), "The kiln pump is safe to open while it runs. [S1]", src)
	require.NoError(t, err)
	require.False(t, rep.Sentences[0].Supported, "a wrapped line does not escape its sentence's negation")
}
