package extractive_test

import (
	"context"
	"errors"
	"math"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/generate/extractive"
	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// prompt labels texts S1, S2, … with decreasing relevance.
func prompt(texts ...string) *generate.Prompt {
	p := &generate.Prompt{}
	for i, t := range texts {
		p.Sources = append(p.Sources, generate.ContextSource{
			Label:  "S" + string(rune('1'+i)),
			Text:   t,
			Source: retrieve.Source{Relevance: 0.9 - 0.1*float64(i)},
		})
	}
	return p
}

// answerTo returns the default generator's answer to question over p.
func answerTo(t *testing.T, question string, p *generate.Prompt) string {
	t.Helper()
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), generate.Request{Question: question, Prompt: p})
	require.NoError(t, err)
	return gen.Text
}

var pumpManual = []string{
	"# Pump maintenance\n\nThe pump must be serviced every six months. " +
		"To reset the pump controller, hold the red button for five seconds. " +
		"The pump housing is made of cast iron.",
	"## Safety\n\nAlways disconnect power before opening the pump housing. " +
		"Wear gloves when handling the impeller.",
	"The warranty covers manufacturing defects for two years. Contact support for claims.",
}

var marker = regexp.MustCompile(` \[(S\d+)\]`)

// quoted splits an answer into (label, sentence) pairs.
func quoted(t *testing.T, answer string) [][2]string {
	t.Helper()
	var out [][2]string
	for _, sp := range textutil.Sentences(answer) {
		s := answer[sp.Start:sp.End]
		m := marker.FindAllStringSubmatchIndex(s, -1)
		require.Len(t, m, 1, "one citation per sentence: %q", s)
		require.Equal(t, len(s), m[0][1], "citation ends the sentence: %q", s)
		out = append(out, [2]string{s[m[0][2]:m[0][3]], s[:m[0][0]]})
	}
	return out
}

func TestGenerateQuotesVerbatimWithCitations(t *testing.T) {
	p := prompt(pumpManual...)
	g := extractive.New(extractive.Options{})
	gen, err := g.Generate(context.Background(), generate.Request{
		Question: "How do I reset the pump controller?", Prompt: p,
	})
	require.NoError(t, err)
	require.Empty(t, gen.Model)
	require.Zero(t, gen.PromptTokens)
	require.Zero(t, gen.CompletionTokens)
	require.Contains(t, gen.Text, "To reset the pump controller, hold the red button for five seconds. [S1]")

	byLabel := map[string]string{}
	for _, s := range p.Sources {
		byLabel[s.Label] = s.Text
	}
	qs := quoted(t, gen.Text)
	require.Equal(t, "To reset the pump controller, hold the red button for five seconds.", qs[0][1], "the answer leads with the best sentence")
	done := map[string]bool{}
	lastLabel := ""
	for _, q := range qs {
		label, sentence := q[0], q[1]
		require.GreaterOrEqual(t, strings.Index(byLabel[label], sentence), 0, "sentence %q is not verbatim from %s", sentence, label)
		// A source's sentences are quoted together.
		if label != lastLabel {
			require.False(t, done[label], "%s quoted in two places", label)
			done[lastLabel] = true
		}
		lastLabel = label
	}
}

func TestGenerateNotInDocs(t *testing.T) {
	cases := []struct {
		name, question string
		p              *generate.Prompt
	}{
		{"no shared term", "What is the capital of France?", prompt(pumpManual...)},
		{"stop words only", "What is it and how does it do that?", prompt(pumpManual...)},
		{"no sources", "How do I reset the pump?", prompt()},
		{"only headings and short lines", "pump maintenance safety", prompt("# Pump maintenance\n\n## Safety\n\nPump ok.")},
		{"empty question", "", prompt(pumpManual...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gen, err := extractive.New(extractive.Options{}).Generate(context.Background(),
				generate.Request{Question: c.question, Prompt: c.p})
			require.NoError(t, err)
			require.Equal(t, generate.NotInDocs, gen.Text)
		})
	}
}

func TestGenerateSelection(t *testing.T) {
	cases := []struct {
		name     string
		opts     extractive.Options
		question string
		texts    []string
		want     string
	}{
		{
			name: "rare terms outweigh common ones", opts: extractive.Options{MaxSentences: 1},
			question: "How do I reset the pump controller?",
			texts: []string{
				"The pump runs quietly. The pump is blue. The pump weighs ten kilograms. " +
					"Hold the button to reset the controller safely.",
			},
			want: "Hold the button to reset the controller safely. [S1]",
		},
		{
			name: "equal overlap prefers the better-ranked source", opts: extractive.Options{MaxSentences: 1},
			question: "How do I reset the pump?",
			texts: []string{
				"Unrelated text about warranty claims and support hours.",
				"Reset the pump by holding the red button for five seconds.",
				"To reset the pump, unplug the unit and wait ten seconds.",
			},
			want: "Reset the pump by holding the red button for five seconds. [S2]",
		},
		{
			name: "near-duplicates are quoted once", opts: extractive.Options{},
			question: "How often must the pump be serviced?",
			texts: []string{
				"The pump must be serviced every six months.",
				"The pump must be serviced every six months!",
			},
			want: "The pump must be serviced every six months. [S1]",
		},
		{
			name: "a rule restated in fewer words is quoted once", opts: extractive.Options{},
			question: "How often must a technician service the pump?",
			texts: []string{
				"The pump must be serviced by a technician every six months (never by the owner).",
				"The pump must be serviced by a technician every six months.",
			},
			want: "The pump must be serviced by a technician every six months (never by the owner). [S1]",
		},
		{
			name: "a much shorter sentence on the same words is no repeat", opts: extractive.Options{},
			question: "Which filters does the service option of the pump replace?",
			texts: []string{
				"Normally only filters unknown to the pump are replaced, but if the service option is given, worn filters are replaced too.",
				"Replace only worn filters with the service option.",
			},
			want: "Normally only filters unknown to the pump are replaced, but if the service option is given, worn filters are replaced too. [S1]\n\n" +
				"Replace only worn filters with the service option. [S2]",
		},
		{
			name: "short sentences are skipped", opts: extractive.Options{},
			question: "pump valve",
			texts:    []string{"Pump valve. The valve of the pump sits behind the front panel."},
			want:     "The valve of the pump sits behind the front panel. [S1]",
		},
		{
			name: "sentences carrying citation markers are skipped", opts: extractive.Options{},
			question: "pump pressure",
			texts:    []string{"The pump pressure is 3 bar [S9]. Normal pump pressure lies between 2 and 4 bar."},
			want:     "Normal pump pressure lies between 2 and 4 bar. [S1]",
		},
		{
			name: "weak matches below the relative cut-off are dropped", opts: extractive.Options{},
			question: "replace impeller seal gasket",
			texts:    []string{"Replace the impeller seal and the gasket together. The gasket colour is black."},
			want:     "Replace the impeller seal and the gasket together. [S1]",
		},
		{
			name: "negative cut-off keeps weak matches", opts: extractive.Options{MinRelativeScore: -1},
			question: "replace impeller seal gasket",
			texts:    []string{"Replace the impeller seal and the gasket together. The gasket colour is black."},
			want:     "Replace the impeller seal and the gasket together. [S1] The gasket colour is black. [S1]",
		},
		{
			name: "sources are separated by a blank line, list items by a line break", opts: extractive.Options{},
			question: "drain tank valve",
			texts: []string{
				"Steps:\n- open the drain valve of the tank\n- close the drain valve afterwards",
				"Drain the tank before winter.",
			},
			want: "- open the drain valve of the tank [S1]\n- close the drain valve afterwards [S1]\n\nDrain the tank before winter. [S2]",
		},
		{
			// Not asked by form (an extent, a definition …): nothing marks
			// the others as side remarks (TestAnswerFocus), so the order is seen.
			name: "the best sentence leads, then its source's others in reading order", opts: extractive.Options{MinRelativeScore: -1},
			question: "Which warranty covers the valve of the pump?",
			texts: []string{
				"The pump ships with a valve. The valve warranty lasts for two years on every pump. Keep the valve clean.",
				"A pump warranty card is in the box.",
			},
			want: "The valve warranty lasts for two years on every pump. [S1] The pump ships with a valve. [S1]\n\nA pump warranty card is in the box. [S2]",
		},
		{
			name: "a definition question is answered by the sentence that names its subject first", opts: extractive.Options{MaxSentences: 1},
			question: "What does the VACUUM command do?",
			texts: []string{
				"Run the VACUUM command after bulk deletes so that the command can reclaim space.",
				"VACUUM reclaims storage occupied by dead tuples.",
			},
			want: "VACUUM reclaims storage occupied by dead tuples. [S2]",
		},
		{
			name: "a subject named late does not get the definition's place", opts: extractive.Options{MaxSentences: 1},
			question: "What is a partial index?",
			texts: []string{
				"A partial index is an index built over a subset of a table.",
				"Creating the index on a subset makes it small, and such a partial index is cheap.",
			},
			want: "A partial index is an index built over a subset of a table. [S1]",
		},
		{
			name: "a term written as code is matched as written, not by its stem", opts: extractive.Options{MaxSentences: 1},
			question: "What does MERGE do?",
			texts: []string{
				"The MERGES clause tells the planner that a merge join may be used.",
				"MERGE performs actions that modify rows in the target table.",
			},
			want: "MERGE performs actions that modify rows in the target table. [S2]",
		},
		{
			name: "snake_case names count whole", opts: extractive.Options{MaxSentences: 1},
			question: "What is the default of work_mem?",
			texts: []string{
				"The default work mem of a session is chosen when it starts.",
				"The default of work_mem is four megabytes.",
			},
			want: "The default of work_mem is four megabytes. [S2]",
		},
		{
			// Not asked by form: after a definition, code is left out (TestAnswerFocus).
			name: "prose outranks a synopsis sharing the question's words, and code stands apart", opts: extractive.Options{MinRelativeScore: -1},
			question: "Why use CREATE SCHEMA?",
			texts: []string{
				"```\nCREATE SCHEMA schema_name [ AUTHORIZATION role_specification ]\nCREATE SCHEMA IF NOT EXISTS schema_name\n```\n\nCREATE SCHEMA enters a new schema into the current database.",
			},
			want: "CREATE SCHEMA enters a new schema into the current database. [S1]\n\n```\nCREATE SCHEMA schema_name [ AUTHORIZATION role_specification ]\nCREATE SCHEMA IF NOT EXISTS schema_name\n```\n[S1]",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gen, err := extractive.New(c.opts).Generate(context.Background(),
				generate.Request{Question: c.question, Prompt: prompt(c.texts...)})
			require.NoError(t, err)
			require.Equal(t, c.want, gen.Text)
		})
	}
}

func TestMaxSentences(t *testing.T) {
	var b strings.Builder
	for _, w := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"} {
		b.WriteString("The pump valve " + w + " setting matters here. ")
	}
	q := generate.Request{Question: "pump valve setting", Prompt: prompt(b.String())}
	for _, c := range []struct{ max, want int }{{0, extractive.DefaultMaxSentences}, {2, 2}, {10, 6}} {
		gen, err := extractive.New(extractive.Options{MaxSentences: c.max, MinRelativeScore: -1}).Generate(context.Background(), q)
		require.NoError(t, err)
		require.Len(t, quoted(t, gen.Text), c.want)
	}
}

func TestStreaming(t *testing.T) {
	var chunks []string
	req := generate.Request{
		Question: "pump housing serviced",
		Prompt:   prompt(pumpManual...),
		Stream: func(_ context.Context, b []byte) error {
			chunks = append(chunks, string(b))
			return nil
		},
	}
	gen, err := extractive.New(extractive.Options{}).Generate(context.Background(), req)
	require.NoError(t, err)
	require.Greater(t, len(chunks), 1)
	require.Equal(t, gen.Text, strings.Join(chunks, ""))

	stop := errors.New("client went away")
	req.Stream = func(context.Context, []byte) error { return stop }
	_, err = extractive.New(extractive.Options{}).Generate(context.Background(), req)
	require.ErrorIs(t, err, stop)

	// A refusal streams too.
	chunks = nil
	req.Question = "capital of France"
	req.Stream = func(_ context.Context, b []byte) error { chunks = append(chunks, string(b)); return nil }
	gen, err = extractive.New(extractive.Options{}).Generate(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, []string{generate.NotInDocs}, chunks)
	require.Equal(t, generate.NotInDocs, gen.Text)
}

func TestBadRequests(t *testing.T) {
	g := extractive.New(extractive.Options{})
	_, err := g.Generate(context.Background(), generate.Request{Question: "pump"})
	require.ErrorIs(t, err, extractive.ErrNoPrompt)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = g.Generate(ctx, generate.Request{Question: "pump", Prompt: prompt(pumpManual...)})
	require.ErrorIs(t, err, context.Canceled)
}

func TestNameAndConcurrency(t *testing.T) {
	g := extractive.New(extractive.Options{})
	require.Equal(t, "extractive", g.Name())

	req := generate.Request{Question: "How do I reset the pump controller?", Prompt: prompt(pumpManual...)}
	want, err := g.Generate(context.Background(), req)
	require.NoError(t, err)

	got := make([]string, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if gen, err := g.Generate(context.Background(), req); err == nil {
				got[i] = gen.Text
			}
		}()
	}
	wg.Wait()
	for _, s := range got {
		require.Equal(t, want.Text, s)
	}
}

// benchSources returns 15 sources of 20 sentences each, "Section X" +
// middle + a stage letter + end, for the generator benchmarks.
func benchSources(middle, end string) *generate.Prompt {
	var texts []string
	for i := range 15 {
		var sb strings.Builder
		for j := range 20 {
			sb.WriteString("Section ")
			sb.WriteString(string(rune('a' + (i+j)%26)))
			sb.WriteString(middle)
			sb.WriteString(string(rune('a' + j%26)))
			sb.WriteString(end)
		}
		texts = append(texts, sb.String())
	}
	return prompt(texts...)
}

func BenchmarkGenerate(b *testing.B) {
	g := extractive.New(extractive.Options{})
	req := generate.Request{
		Question: "How does the controller regulate pump pressure?",
		Prompt:   benchSources(" explains how the pump controller regulates pressure in stage ", ". "),
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Generate(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSupportedSourcesRelaxOverlap(t *testing.T) {
	// The question shares two of its four content terms with the sentence
	// that answers it: too few on their own, enough when retrieval judged
	// the source relevant.
	texts := []string{
		"The sensor is recalibrated from the service menu while the fan keeps running. " +
			"The service menu is opened with the left button.",
		"The filters are replaced twice a year.",
	}
	question := "How can I recalibrate the sensor without stopping ventilation?"
	withRelevance := func(r float64) *generate.Prompt {
		p := prompt(texts...)
		for i := range p.Sources {
			p.Sources[i].Source.Relevance = r
		}
		return p
	}
	cases := []struct {
		name   string
		opts   extractive.Options
		p      *generate.Prompt
		answer bool
	}{
		{"strong source", extractive.Options{}, withRelevance(0.6), true},
		{"at the supported relevance", extractive.Options{}, withRelevance(extractive.DefaultSupportedRelevance), true},
		{"weak sources", extractive.Options{}, withRelevance(0.3), false},
		{"just under the supported relevance: the ramp", extractive.Options{}, withRelevance(extractive.DefaultSupportedRelevance - 0.001), true},
		{"just under it, as a step", extractive.Options{SupportedRamp: -1}, withRelevance(extractive.DefaultSupportedRelevance - 0.001), false},
		{"below the ramp", extractive.Options{}, withRelevance(extractive.DefaultSupportedRelevance - extractive.DefaultSupportedRamp), false},
		{"NaN relevance is weak", extractive.Options{}, withRelevance(math.NaN()), false},
		{"relaxation off", extractive.Options{SupportedRelevance: -1}, withRelevance(0.9), false},
		{"stricter supported overlap", extractive.Options{SupportedOverlap: 0.45}, withRelevance(0.9), false},
		{"lower min overlap alone", extractive.Options{MinOverlap: 0.2, SupportedRelevance: -1}, withRelevance(0.3), true},
		{"a strong source never raises a lower min overlap", extractive.Options{MinOverlap: 0.2, SupportedOverlap: 0.45}, withRelevance(0.9), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gen, err := extractive.New(c.opts).Generate(context.Background(), generate.Request{Question: question, Prompt: c.p})
			require.NoError(t, err)
			if !c.answer {
				require.Equal(t, generate.NotInDocs, gen.Text)
				return
			}
			require.True(t, strings.HasPrefix(gen.Text, "The sensor is recalibrated from the service menu while the fan keeps running. [S1]"), gen.Text)
		})
	}
}
