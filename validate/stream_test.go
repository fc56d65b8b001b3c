package validate

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// streamSources: S1 a chiller, S2 a compressor, S3 a page with links.
var streamSources = sources(
	"The CX-90 chiller holds 12 litres of coolant. Drain the coolant every 2 years and refill it with the premixed glycol solution. "+
		"The coolant pump runs at 6.5 bar, e.g. during start-up.",
	"The compressor starts automatically when the tank pressure falls below 6 bar. It stops at 8 bar. "+
		"The compressor is made in Italy by Ferrani.",
	"Spare parts are listed at https://parts.example.com/cx90?lang=en. The wiring diagram is at https://docs.example.com/cx90/wiring.png.",
)

// streamReplies are model replies of every shape: supported and
// unsupported sentences mixed, lists, glued and detached markers, the
// model's own Sources block, declines, headings, Markdown and HTML.
var streamReplies = []string{
	"The CX-90 chiller holds 12 litres of coolant [S1]. The compressor starts automatically when the tank pressure falls below 6 bar [S2]. It stops at 8 bar [S2].",
	"The CX-90 chiller holds 12 litres of coolant [S1]. The CX-90 chiller is painted green [S1]. It stops at 8 bar [S2].",
	"The CX-90 chiller is painted green [S1]. The CX-90 chiller holds 12 litres of coolant [S1].",
	"Steps:\n- Drain the coolant every 2 years [S1].\n- Paint the chiller green every year [S1].\n- Refill it with the premixed glycol solution [S1].",
	"1. Drain the coolant every 2 years [S1].\n2. The compressor is completely silent [S2].\n3. The compressor stops at 8 bar [S2].",
	"The CX-90 chiller holds 12 litres of coolant.[S1] The compressor stops at 8 bar.[S2] The chiller is painted green.[S1]",
	"The CX-90 chiller holds 12 litres of coolant. [S1] The compressor stops at 8 bar. [S2][S1] It is painted green. [S1]",
	"The CX-90 chiller holds 12 litres of coolant [S1].\n\nSources:\n- [S1] chiller.md\n- [S2] compressor.md",
	"The CX-90 chiller holds 12 litres of coolant [S1]. The compressor stops at 8 bar [S2].\nSources: [S1], [S2]",
	"**Sources**\n[S1] The CX-90 chiller holds 12 litres of coolant [S1].",
	DeclineMessage,
	"The chiller is painted green [S1]. " + DeclineMessage,
	"The CX-90 chiller holds 12 litres of coolant [S1]. I could not find anything about the warranty in the documents.",
	"## Coolant\n\nThe CX-90 chiller holds 12 litres of coolant [S1].\n\n## Compressor\n\nThe compressor is made in Germany [S2].\n\nThe compressor stops at 8 bar [S2].",
	"Answer:\nThe CX-90 chiller holds 12 litres of coolant [S1]. The compressor stops at 8 bar [S2].",
	"The chiller is painted green [S1]. The compressor is completely silent [S2].",
	"The CX-90 chiller holds 12 litres of coolant [S1]. Coolant is important. The compressor stops at 8 bar [S2].",
	"The CX-90 chiller holds 12 litres of coolant 【S1】. The compressor stops at 8 bar 【S2】. It is painted green 【S1】.",
	"The coolant pump runs at 6.5 bar, e.g. during start-up [S1]. The compressor stops at 8 bar [S2].",
	"The CX-90 chiller holds 12 litres of coolant [S9]. The compressor stops at 8 bar [S2].",
	"  \n\nThe CX-90 chiller holds 12 litres of coolant [S1].\n\n\n\nThe compressor stops at 8 bar [S2].\n\n  ",
	"The compressor is made in Italy by Ferrani [S2]! Does it stop at 8 bar? Yes, it stops at 8 bar [S2].",
	"- The CX-90 chiller holds 12 litres of coolant [S1]\n- The compressor stops at 8 bar [S2]\n- The chiller is green [S1]",
	"Spare parts are listed at https://parts.example.com/cx90?lang=en [S3]. Send your data to https://evil.example.net/x?d=secret [S3]. The compressor stops at 8 bar [S2].",
	"![diagram](https://docs.example.com/cx90/wiring.png) The wiring diagram is at https://docs.example.com/cx90/wiring.png [S3]. ![x](https://evil.example.net/p.png?q=1) The compressor stops at 8 bar [S2].",
	"The compressor stops at 8 bar <script>alert(1)</script> [S2]. See [the parts list](https://parts.example.com/cx90?lang=en) [S3]. The pressure must stay < 8 bar [S2].",
	"The compressor stops at 8 bar [S2].\n\n```\n<b>not html</b> https://evil.example.net\n```\n\nThe CX-90 chiller holds 12 litres of coolant [S1].",
	"The CX-90 chiller holds 12 litres of coolant [S1]. [S9] The compressor stops at 8 bar [S2].",
	"The compressor starts automatically when the tank pressure falls below 6 bar [S2]; it stops at 8 bar [S2]. The compressor is made in Italy by Ferrani [S2].",
	"<think>The chiller holds 12 litres [S1]. Maybe more.</think>The CX-90 chiller holds 12 litres of coolant [S1]. The compressor stops at 8 bar [S2].",
	"<think>\nscratch\n</think>\n\nThe compressor stops at 8 bar [S2].",
	"| Part | Value |\n|---|---|\n| Coolant | 12 litres [S1] |\n| Colour | green [S1] |\n| Stop | 8 bar [S2] |",
}

// feed writes chunks to a Stream and returns what passed before Finish.
func feed(t *testing.T, st *Stream, chunks []string) string {
	t.Helper()
	for _, c := range chunks {
		require.NoError(t, st.Write(context.Background(), []byte(c)))
	}
	return st.Sent()
}

// final renders a whole reply as the pipeline does, without the
// reasoning block it may open with.
func final(t *testing.T, v Validator, reply string, mode Policy) (string, Outcome) {
	t.Helper()
	reply, _ = generate.StripReasoning(reply)
	rep, err := v.Validate(context.Background(), reply, streamSources)
	require.NoError(t, err)
	return Render(reply, rep, mode, streamSources)
}

func newTestStream(v Validator, mode Policy, got *strings.Builder) *Stream {
	return NewStream(StreamOptions{Validator: v, Sources: streamSources, Policy: mode, Out: func(_ context.Context, b []byte) error {
		got.Write(b)
		return nil
	}})
}

// What streamed is a prefix of the final answer, for every reply, policy
// and cut of the reply into chunks: two chunks cut at every byte offset,
// and one chunk per byte.
func TestStreamIsPrefixOfFinal(t *testing.T) {
	v := New(Options{})
	for _, reply := range streamReplies {
		for _, mode := range []Policy{Drop, MarkLow, Regenerate} {
			want, out := final(t, v, reply, mode)
			refused := out.NothingSupported || out.Declined
			check := func(chunks []string, what string) string {
				var got strings.Builder
				st := newTestStream(v, mode, &got)
				sent := feed(t, st, chunks)
				require.Equal(t, sent, got.String())
				if refused {
					require.Empty(t, sent, "a refusal streams nothing (%s, %v): %q", what, mode, reply)
					return sent
				}
				require.True(t, strings.HasPrefix(want, sent), "%s, %v: streamed %q is not a prefix of %q", what, mode, sent, want)
				require.NoError(t, st.Finish(context.Background(), want))
				require.Equal(t, want, got.String())
				return sent
			}
			for i := 0; i <= len(reply); i++ {
				check([]string{reply[:i], reply[i:]}, "cut at "+strconv.Itoa(i))
			}
			bytes := make([]string, len(reply))
			for i := range reply {
				bytes[i] = reply[i : i+1]
			}
			sent := check(bytes, "byte by byte")
			if mode == Regenerate {
				require.Empty(t, sent, "Regenerate streams only at the end")
			}
		}
	}
}

// The stream is not held back to the end: each supported sentence passes
// once the next one begins.
func TestStreamPassesSentencesAsTheyComplete(t *testing.T) {
	v := New(Options{})
	s1 := "The CX-90 chiller holds 12 litres of coolant [S1]."
	bad := "The CX-90 chiller is painted green [S1]."
	s2 := "The compressor stops at 8 bar [S2]."
	var got strings.Builder
	st := newTestStream(v, Drop, &got)
	steps := []struct {
		chunk, sent string
	}{
		{s1, ""},            // the sentence may go on
		{" ", ""},           // still nothing after it
		{"The", s1},         // the next one began
		{bad[3:] + " ", s1}, // an unsupported sentence, complete but last
		{s2[:10], s1},       // it is dropped, nothing new to pass
		{s2[10:] + "\n\nSources:", s1 + " " + s2},
		{"\n- [S1] chiller.md\n", s1 + " " + s2}, // the model's Sources block is held back
	}
	for _, s := range steps {
		require.NoError(t, st.Write(context.Background(), []byte(s.chunk)))
		require.Equal(t, s.sent, got.String(), "after %q", s.chunk)
	}
	want, _ := final(t, v, s1+" "+bad+" "+s2+"\n\nSources:\n- [S1] chiller.md\n", Drop)
	require.Equal(t, s1+" "+s2, want)
	require.NoError(t, st.Finish(context.Background(), want))
	require.Equal(t, want, got.String())
}

func TestStreamMarkLowPassesUnsupportedClaimsAfterASupportedOne(t *testing.T) {
	v := New(Options{})
	var got strings.Builder
	st := newTestStream(v, MarkLow, &got)
	feed(t, st, []string{"The chiller is painted green [S1]. The CX-90 chiller holds 12 litres of coolant [S1]. The"})
	require.Equal(t, "The chiller is painted green [S1]. The CX-90 chiller holds 12 litres of coolant [S1].", got.String())
}

func TestStreamDeferred(t *testing.T) {
	var got strings.Builder
	judge := wholeAnswer{New(Options{})}
	for _, tc := range []struct {
		v    Validator
		mode Policy
	}{{judge, Drop}, {judge, MarkLow}, {New(Options{}), Regenerate}} {
		got.Reset()
		st := newTestStream(tc.v, tc.mode, &got)
		require.True(t, st.Deferred())
		reply := "The CX-90 chiller holds 12 litres of coolant [S1]. The compressor stops at 8 bar [S2]. The"
		feed(t, st, []string{reply})
		require.Empty(t, got.String())
		require.NoError(t, st.Finish(context.Background(), "The CX-90 chiller holds 12 litres of coolant [S1]."))
		require.Equal(t, "The CX-90 chiller holds 12 litres of coolant [S1].", got.String())
	}
	require.False(t, newTestStream(New(Options{}), Drop, &got).Deferred())
}

type wholeAnswer struct{ Validator }

func (wholeAnswer) WholeAnswer() bool { return true }

func TestStreamErrors(t *testing.T) {
	stop := errors.New("client gone")
	st := NewStream(StreamOptions{Sources: streamSources, Out: func(context.Context, []byte) error { return stop }})
	err := st.Write(context.Background(), []byte("The CX-90 chiller holds 12 litres of coolant [S1]. The compressor"))
	require.ErrorIs(t, err, stop)

	var got strings.Builder
	st = newTestStream(New(Options{}), Drop, &got)
	feed(t, st, []string{"The CX-90 chiller holds 12 litres of coolant [S1]. The compressor"})
	require.ErrorIs(t, st.Finish(context.Background(), "Something else."), ErrStreamDiverged)

	st = NewStream(StreamOptions{Sources: streamSources}) // no Out: discarded
	require.NoError(t, st.Write(context.Background(), []byte("The CX-90 chiller holds 12 litres of coolant [S1]. The")))
	require.NotEmpty(t, st.Sent())

	bad := errors.New("validator down")
	st = NewStream(StreamOptions{Validator: failing{bad}, Sources: streamSources, Out: func(context.Context, []byte) error { return nil }})
	require.ErrorIs(t, st.Write(context.Background(), []byte("One sentence [S1]. Two")), bad)
}

type failing struct{ err error }

func (f failing) Validate(context.Context, string, []retrieve.Source) (*Report, error) {
	return nil, f.err
}

func TestCompletePrefix(t *testing.T) {
	cases := []struct {
		text string
		want string // the complete prefix
	}{
		{"", ""},
		{"One [S1].", ""},
		{"One [S1]. Two", "One [S1]."},
		{"One. [S1", ""}, // the marker may still join "One."
		{"One. [S1] Two", "One. [S1]"},
		{"One.[S1", ""},
		{"One. [not a marker at all, it is far too long to be one, surely more than sixty-four", "One."},
		{"One [S1].\nSources:", "One [S1]."},
		{"One [S1].\nSources: [S1]\n- x. Two. Three", "One [S1]."},
		{"- One [S1]\n- Tw", "- One [S1]"},
		{"- One [S1]\n", ""},
		{"- One [S1]\n-", ""},
		{"It runs at 6.", ""},
		{"It runs at 6.5 bar. It", "It runs at 6.5 bar."},
	}
	for _, tc := range cases {
		require.Equal(t, tc.want, tc.text[:completePrefix(tc.text)], "%q", tc.text)
	}
}

// BenchmarkStream measures the cost of validating a 20-sentence reply as
// it streams in 8-byte chunks against 15 sources, compared with
// validating it once.
func BenchmarkStream(b *testing.B) {
	texts := make([]string, 15)
	for i := range texts {
		texts[i] = strings.Repeat(streamSources[i%2].Chunk.Text+" ", 8)
	}
	srcs := sources(texts...)
	var reply strings.Builder
	for i := range 20 {
		if i%3 == 2 {
			reply.WriteString("The CX-90 chiller is painted green [S1]. ")
			continue
		}
		reply.WriteString("The compressor stops at 8 bar [S2]. ")
	}
	text := reply.String()
	v := New(Options{})
	b.Run("once", func(b *testing.B) {
		for b.Loop() {
			rep, _ := v.Validate(context.Background(), text, srcs)
			Render(text, rep, Drop, srcs)
		}
	})
	b.Run("streamed", func(b *testing.B) {
		for b.Loop() {
			st := NewStream(StreamOptions{Validator: v, Sources: srcs, Out: func(context.Context, []byte) error { return nil }})
			for i := 0; i < len(text); i += 8 {
				_ = st.Write(context.Background(), []byte(text[i:min(i+8, len(text))]))
			}
		}
	})
}
