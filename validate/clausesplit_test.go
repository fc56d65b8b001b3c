package validate

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSplitClauses(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"comma and semicolon", "Replace the seal every 1,800 hours; replace the filter, then test it",
			[]string{"Replace the seal every 1,800 hours", "replace the filter", "then test it"}},
		{"conjunction and relative pronoun", "The pump delivers 47 litres per minute, which doubles in series and is silent",
			[]string{"The pump delivers 47 litres per minute", "which doubles in series", "and is silent"}},
		{"text after a marker", "The pump delivers 47 litres per minute \x1f\x1f\x1f\x1f and is completely silent",
			[]string{"The pump delivers 47 litres per minute", "and is completely silent"}},
		{"marker at the end", "The pump delivers 47 litres per minute \x1f\x1f\x1f\x1f.",
			[]string{"The pump delivers 47 litres per minute"}},
		{"times and thousands are not split points", "Updates run between 02:00 and 04:00 on 1,024 hosts",
			[]string{"Updates run between 02:00", "and 04:00 on 1,024 hosts"}},
		{"list", "Wear gloves, goggles and an apron",
			[]string{"Wear gloves", "goggles", "and an apron"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			facts := extractFacts(c.text)
			var got []string
			for _, cl := range splitClauses(c.text, analyse(c.text, facts), facts) {
				got = append(got, strings.Trim(strings.TrimSpace(c.text[cl.start:cl.end]), "\x1f ,;"))
			}
			require.Equal(t, c.want, got)
		})
	}
}

// The failure classes of issue 9, each with its own source: the verdict
// and the clause-level reason must both show.
func TestClauseFailures(t *testing.T) {
	manual := "Replace the seal every 1,800 hours; replace the filter every 250 hours. " +
		"The maximum operating pressure is 16 bar. Lubricate the bearings with Molykote 111. " +
		"Running the pump dry destroys the seal. Check the bearing temperature weekly. " +
		"The pump delivers 47 litres per minute. The server accepts up to 50 clients."
	other := "The PX-9 pump delivers 120 litres per minute."
	cases := []struct {
		name, answer string
		issue        Issue
		clause       string
	}{
		{"number of another fact", "Replace the seal every 250 hours [S1].", NumberMismatch, "Replace the seal every 250 hours"},
		{"number of another source", "The pump delivers 120 litres per minute [S1].", NumberMismatch, ""},
		{"antonym", "The minimum operating pressure is 16 bar [S1].", Antonym, "The minimum operating pressure is 16 bar"},
		{"lowercase noun phrase", "Lubricate the bearings with lithium grease [S1].", MissingTerm, "Lubricate the bearings with lithium grease"},
		{"object of a verb", "Running the pump dry destroys the bearing [S1].", UnsupportedClause, "Running the pump dry destroys the bearing"},
		{"relative clause", "The pump delivers 47 litres per minute, which doubles in series [S1].", MissingTerm, "which doubles in series"},
		{"clause after the marker", "The pump delivers 47 litres per minute [S1] and is completely silent.", MissingTerm, "and is completely silent"},
		{"quantifier", "The server accepts unlimited clients [S1].", UnsupportedQuantifier, "The server accepts unlimited clients"},
		{"url", "Manuals are at https://example.com/manuals [S1].", URLMismatch, "https://example.com/manuals"},
	}
	v := New(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), c.answer, sources(manual, other))
			require.NoError(t, err)
			require.Len(t, rep.Sentences, 1)
			s := rep.Sentences[0]
			require.False(t, s.Supported)
			require.Contains(t, s.Issues, c.issue)
			var clauses []string
			for _, f := range s.Failures {
				require.Contains(t, s.Issues, f.Issue)
				if f.Issue == c.issue {
					clauses = append(clauses, f.Clause)
				}
			}
			require.NotEmpty(t, clauses)
			if c.clause != "" {
				require.Contains(t, clauses, c.clause)
			}
		})
	}

	// The faithful versions of the same claims pass.
	for _, answer := range []string{
		"Replace the filter every 250 hours and the seal every 1,800 hours [S1].",
		"The maximum operating pressure is 16 bar [S1].",
		"The bearings are lubricated with Molykote 111 [S1].",
		"Dry running destroys the seal [S1].",
		"The pump delivers 47 litres per minute [S1].",
		"At most 50 clients are accepted by the server [S1].",
		"The PX-9 delivers 120 litres per minute [S2].",
	} {
		rep, err := v.Validate(context.Background(), answer, sources(manual, other))
		require.NoError(t, err)
		require.True(t, rep.Sentences[0].Supported, "%q: %+v", answer, rep.Sentences[0].Failures)
	}
}

func TestURLs(t *testing.T) {
	src := sources("Download the firmware from https://example.com/fw/v2.bin. The guide is at www.example.org/guide.")
	v := New(Options{})
	for answer, ok := range map[string]bool{
		"Download the firmware from https://example.com/fw/v2.bin [S1].":                  true,
		"Download the [firmware](https://example.com/fw/v2.bin) [S1].":                    true,
		"The guide is at www.example.org/guide [S1].":                                     true,
		"Download the firmware from https://example.com/fw/v3.bin [S1].":                  false,
		"Download the [firmware](https://evil.example/fw.bin) [S1].":                      false,
		"![firmware](https://evil.example/pixel.png?id=1) Download the firmware [S1].":    false,
		"Download the firmware from https://example.com/fw/v2.bin?token=abc [S1].":        false,
		"Download the firmware from <https://example.com/fw/v2.bin>, then flash it [S1].": false, // "flash" is not in the source
	} {
		rep, err := v.Validate(context.Background(), answer, src)
		require.NoError(t, err)
		require.Equal(t, ok, rep.Sentences[0].Supported, "%q: %+v", answer, rep.Sentences[0].Failures)
	}
	require.Equal(t, []string{"https://a.example/x", "www.b.example/y"},
		urlTexts(findURLs("See [a](https://a.example/x), or www.b.example/y.")))
}

func urlTexts(us []urlSpan) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.url)
	}
	return out
}

func TestFailuresJSON(t *testing.T) {
	rep, err := New(Options{}).Validate(context.Background(), "The pump delivers 47 litres per minute [S1] and is silent.",
		sources("The pump delivers 47 litres per minute."))
	require.NoError(t, err)
	b, err := json.Marshal(rep.Sentences[0])
	require.NoError(t, err)
	require.Contains(t, string(b), `"failures":[{"clause":"and is silent","issue":"missing_term","detail":"\"silent\" not in S1"}]`)

	rep, err = New(Options{}).Validate(context.Background(), "The pump delivers 47 litres per minute [S1].",
		sources("The pump delivers 47 litres per minute."))
	require.NoError(t, err)
	b, err = json.Marshal(rep.Sentences[0])
	require.NoError(t, err)
	require.NotContains(t, string(b), "failures")
}

func TestFrequencyIsNotAQuantifier(t *testing.T) {
	src := sources("Logs are rotated daily. Replace the standby batteries every 4 years. Test the detectors once a year.")
	v := New(Options{})
	for answer, ok := range map[string]bool{
		"Logs are rotated every day [S1].":                   true,
		"Every 4 years, replace the standby batteries [S1].": true,
		"Replace the standby batteries every year [S1].":     false, // the year belongs to the detector test
		"All logs are rotated daily [S1].":                   false,
		"Logs are rotated daily [S7].":                       false,
		"Logs are rotated daily, and kept for 30 days.":      false,
	} {
		rep, err := v.Validate(context.Background(), answer, src)
		require.NoError(t, err)
		s := rep.Sentences[0]
		require.Equal(t, ok, s.Supported, "%q: %+v", answer, s.Failures)
		require.Equal(t, ok, len(s.Failures) == 0, "every issue is explained: %q", answer)
	}
}
