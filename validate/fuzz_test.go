package validate

import (
	"context"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

var fuzzSeeds = []string{
	"The maximum operating pressure is 16 bar [S1]. It is blue [S2].",
	"## Heading\n\nSteps:\n1. Open it.[S1] 2. Close it [S1][S9].\n- [S1] x\n\nSources:\n- [S1] m.md",
	"Drain the tank. [S1] Refill it. [S2][S3]",
	"Set it to 3.5 bar, e.g. the TX-200. [SOURCE: manual.md, page 3] -25 °C 1 000 mm €4m",
	DeclineMessage,
	"Ünïcode… works. Über alles!\n\n- Item one\n- Item two. [S1]",
	"[S1]", ".[S1] .", "1.", "No. 5 ...!? [", "\xff\xfe [S1] 12%",
	"Replace the seal every 250 hours [S1], which doubles; see [x](https://a.example/b?c=d) and www.e.example.",
	"It must not exceed 600 V [S1] and is always at least 3 bar, up by 12% over 2020 [S2].",
}

// checkSpans asserts the splitter invariants: spans in order, not
// overlapping, inside text, non-empty and trimmed of white space.
func checkSpans(t *testing.T, text string, spans []textutil.Span) {
	t.Helper()
	prevEnd := 0
	for _, s := range spans {
		require.True(t, s.Start >= prevEnd, "ordered and non-overlapping: %v", spans)
		require.True(t, s.Start < s.End && s.End <= len(text), "non-empty and inside: %v", s)
		first, _ := utf8.DecodeRuneInString(text[s.Start:s.End])
		last, _ := utf8.DecodeLastRuneInString(text[s.Start:s.End])
		require.False(t, unicode.IsSpace(first) || unicode.IsSpace(last), "trimmed: %q", text[s.Start:s.End])
		prevEnd = s.End
	}
}

func FuzzSentences(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkSpans(t, text, textutil.Sentences(text))
		checkSpans(t, text, answerSpans(text, len(text)))
	})
}

func FuzzValidate(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, "The maximum operating pressure is 16 bar at 40 °C. Hydrotec replaces the TX-200 impeller.")
	}
	// Sources of several sentences, where the pruned index leaves some out.
	f.Add("The minimum operating pressure is 16 bar [S1]. Replace the impeller at least every 8,000 hours [S1]; it never runs dry [S2].", pumpManual)
	f.Add("Install the PX-400 on a base up to 150 mm thick, before March 2021 [S1].", pumpManual+" Backups are encrypted.\n\n# Limits\nNo more than 30 days, under 6 bar.")
	// Quoted runs of lines and table rows (quotedRun, quotedRows).
	f.Add("```\n# How often the kiln samples.\n[ sample_interval: <duration> | default = 1m ]\n```\n[S1]",
		"```yaml\n  # How often the kiln samples.\n  [ sample_interval: <duration> | default = 1m ]\n  # 0 means no limit.\n```")
	f.Add("```\n| `--kiln.path` | Base path. | `data/` |\n```\n[S1]", "| Flag | Description | Default |\n| --- | --- | --- |\n| `--kiln.path` | Base path. | `data/` |")
	v := New(Options{})
	full := New(Options{})
	full.full = true
	f.Fuzz(func(t *testing.T, answer, source string) {
		src := sources(source, "Backups are kept for 30 days.")
		rep, err := v.Validate(context.Background(), answer, src)
		require.NoError(t, err)
		// The pruned index answers as the full one.
		want, err := full.Validate(context.Background(), answer, src)
		require.NoError(t, err)
		require.Equal(t, want, rep)
		require.True(t, rep.Coverage >= 0 && rep.Coverage <= 1)
		prevEnd := 0
		for _, s := range rep.Sentences {
			require.True(t, s.Start >= prevEnd && s.Start < s.End && s.End <= len(answer))
			require.Equal(t, answer[s.Start:s.End], s.Text)
			require.True(t, s.Recall >= 0 && s.Recall <= 1)
			require.Equal(t, len(s.Issues) == 0, s.Supported)
			for _, f := range s.Failures {
				require.Contains(t, s.Issues, f.Issue)
			}
			for _, i := range s.Sources {
				require.True(t, i >= 0 && i < len(src))
			}
			for _, sp := range s.Support {
				require.True(t, s.Supported && sp.Source >= 0 && sp.Source < len(src), "%+v", sp)
				require.True(t, sp.Start >= 0 && sp.Start < sp.End && sp.End <= len(src[sp.Source].Chunk.Text), "%+v", sp)
			}
			prevEnd = s.End
		}
		if b := rep.SourcesBlock; b != nil {
			require.True(t, b.Start >= prevEnd && b.End == len(answer))
		}
		for _, mode := range []Policy{Drop, Regenerate, MarkLow} {
			text, out := Apply(answer, rep, mode)
			require.LessOrEqual(t, len(text), len(answer))
			require.Equal(t, len(rep.Sentences), out.Kept+out.Dropped)
			require.False(t, out.Declined && out.NothingSupported)
		}
	})
}
