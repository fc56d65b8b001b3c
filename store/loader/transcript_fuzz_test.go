package loader

import (
	"errors"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/chunker"
	"github.com/hybridrag/hybridrag/store"
)

// checkTranscript is what every transcript parser promises for any input:
// a typed error, or valid UTF-8 text covered by in-order cue sections with
// sane times that the chunker accepts.
func checkTranscript(t *testing.T, format string, err error, doc store.Document) {
	if err != nil {
		var te *TranscriptError
		var ee *EncodingError
		switch {
		case errors.As(err, &te):
			require.Equal(t, format, te.Format)
			require.True(t, errors.Is(err, ErrMalformed) || errors.Is(err, ErrNoText), err.Error())
		case errors.As(err, &ee):
		default:
			require.ErrorIs(t, err, ErrUnsupported) // JSON of another shape
		}
		return
	}
	require.True(t, utf8.ValidString(doc.Text))
	require.NotEmpty(t, doc.Sections)
	prev := 0
	for _, s := range doc.Sections {
		require.Equal(t, prev, s.Start)
		require.LessOrEqual(t, s.Start, s.End)
		require.True(t, s.End == len(doc.Text) || utf8.RuneStart(doc.Text[s.End]))
		require.NotNil(t, s.Time)
		require.LessOrEqual(t, s.Time.Start, s.Time.End)
		require.GreaterOrEqual(t, s.Time.Start, time.Duration(0))
		prev = s.End
	}
	require.Equal(t, len(doc.Text), prev)
	chunks, err := chunker.Split(doc, chunker.Options{MaxTokens: 64})
	if err != nil {
		require.ErrorIs(t, err, chunker.ErrEmptyDocument)
		return
	}
	for _, c := range chunks {
		ts, ok := c.TimeSpan()
		require.True(t, ok)
		require.LessOrEqual(t, ts.Start, ts.End)
		require.LessOrEqual(t, c.Tokens, 64)
	}
}

func FuzzVTT(f *testing.F) {
	f.Add([]byte("WEBVTT\n\nNOTE x\n\nid\n00:00:01.000 --> 00:00:04.500 align:start\n<v Alice>Hi <b>there</b>.</v>\n<v Bob>Yo\n"))
	f.Add([]byte("WEBVTT\r\n\r\n01:00:00.000 --> 01:00:01.000\r\n>> BOB: <00:00:00.500><c>x</c>\r\n"))
	f.Add([]byte("WEBVTT\n\nSTYLE\n::cue {}\n\n00:00.000 --> 00:00.010\n[Music]\n\n00:00.010 --> 00:02.000\n[Ann] &amp; more\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.vtt"}
		err := parseVTT(raw, "f.vtt", &doc)
		checkTranscript(t, "WebVTT", err, doc)
	})
}

func FuzzSRT(f *testing.F) {
	f.Add([]byte("1\n00:00:01,000 --> 00:00:03,000\nALICE: Open <i>it</i>.\n\n2\n00:00:03,000 --> 00:00:05,500 X1:1\n{\\an8}- BOB: Ok\n- ALICE: Go\n\nmore\n"))
	f.Add([]byte("00:01,000 --> 00:02,000\n[Bob] x\r\n\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.srt"}
		err := parseSRT(raw, "f.srt", &doc)
		checkTranscript(t, "SRT", err, doc)
	})
}

func FuzzTranscriptJSON(f *testing.F) {
	f.Add([]byte(`[{"start": 0, "end": 2.5, "speaker": "Alice", "text": "Hello."}, {"start": "00:00:02.500", "text": "Hi"}]`))
	f.Add([]byte(`{"title": "t", "segments": [{"start": 1.5, "end": null, "text": " a"}, {"start": 3, "end": 4, "speaker": null, "text": "b"}]}`))
	f.Add([]byte(`{"name": "pkg"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc := store.Document{ID: "f.json"}
		err := parseTranscript(kindJSON, raw, "f.json", &doc)
		checkTranscript(t, "JSON", err, doc)
	})
}
