package loader

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// tcue is what a test expects of one cue: its section's time and speaker
// and the text the section holds (trimmed, label included).
type tcue struct {
	start, end string
	speaker    string
	text       string
}

func sec(s string) time.Duration {
	d, ok := store.ParseTimestamp(s)
	if !ok {
		panic(s)
	}
	return d
}

func cuesOf(t *testing.T, doc store.Document) []tcue {
	t.Helper()
	var out []tcue
	prev := 0
	for _, s := range doc.Sections {
		require.NotNil(t, s.Time)
		require.Equal(t, prev, s.Start, "sections cover the text without gaps")
		prev = s.End
		sp := ""
		if len(s.Time.Speakers) > 0 {
			sp = s.Time.Speakers[0]
		}
		out = append(out, tcue{store.FormatTimestamp(s.Time.Start), store.FormatTimestamp(s.Time.End), sp,
			strings.TrimSpace(doc.Text[s.Start:s.End])})
	}
	require.Equal(t, len(doc.Text), prev)
	return out
}

func loadString(t *testing.T, name, content string) (store.Document, error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
	return LoadFile(p)
}

func TestTranscriptFormats(t *testing.T) {
	for _, tc := range []struct {
		name, file, content string
		want                []tcue
		text                string // whole Document.Text, when checked
	}{
		{
			name: "webvtt with header, ids, settings, NOTE and STYLE, voices",
			file: "talk.vtt",
			content: "\ufeffWEBVTT - Pump talk\nKind: captions\nLanguage: en\n\n" +
				"NOTE written by hand\nspans two lines\n\n" +
				"STYLE\n::cue { color: lime }\n\n" +
				"intro\n00:00:01.000 --> 00:00:04.500 align:start position:10%\n<v Alice>Welcome to the <b>pump</b> talk.</v>\n\n" +
				"00:04.500 --> 00:09.000\n<v.loud Alice>Priming takes</v>\n<v Alice>two minutes.\n\n" +
				"3\n01:00:09.000 --> 01:00:12.250\n<v Bob Smith>Thanks &amp; <c.yellow>hello</c> <00:10.500>everyone.\n",
			want: []tcue{
				{"0:01", "0:04", "Alice", "Alice: Welcome to the pump talk."},
				{"0:04", "0:09", "Alice", "Priming takes"},
				{"0:04", "0:09", "Alice", "two minutes."},
				{"1:00:09", "1:00:12", "Bob Smith", "Bob Smith: Thanks & hello everyone."},
			},
			text: "Alice: Welcome to the pump talk. Priming takes two minutes.\n\nBob Smith: Thanks & hello everyone.\n",
		},
		{
			name: "webvtt: two voices in one cue, CRLF line ends",
			file: "duo.vtt",
			content: "WEBVTT\r\n\r\n00:00:00.000 --> 00:00:02.000\r\n<v Ann>Ready?</v>\r\n<v Ben>Yes.</v>\r\n\r\n" +
				"00:00:02.000 --> 00:00:03.000\r\n<v Ann>Go.\r\n",
			want: []tcue{
				{"0:00", "0:02", "Ann", "Ann: Ready?"},
				{"0:00", "0:02", "Ben", "Ben: Yes."},
				{"0:02", "0:03", "Ann", "Ann: Go."},
			},
		},
		{
			name: "webvtt: rolling automatic captions repeat the previous line",
			file: "auto.vtt",
			content: "WEBVTT\nKind: captions\n\n" +
				"00:00:00.000 --> 00:00:02.000 align:start position:0%\nthe<00:00:00.500><c> pump</c><00:00:01.000><c> needs</c>\n\n" +
				"00:00:02.000 --> 00:00:02.010\nthe pump needs\n \n\n" +
				"00:00:02.010 --> 00:00:04.000\nthe pump needs\npriming<00:00:03.000><c> first</c>\n",
			want: []tcue{
				{"0:00", "0:02", "", "the pump needs"},
				{"0:02", "0:04", "", "priming first"},
			},
		},
		{
			name:    "webvtt: caption-style speaker prefixes without voice tags",
			file:    "prefix.vtt",
			content: "WEBVTT\n\n00:01.000 --> 00:02.000\n>> ALICE: Hi there.\n\n00:02.000 --> 00:03.000\nstill Alice.\n\n00:03.000 --> 00:04.000\n[Bob] Hello.\n\n00:04.000 --> 00:05.000\n[Music]\n",
			want: []tcue{
				{"0:01", "0:02", "Alice", "Alice: Hi there."},
				{"0:02", "0:03", "Alice", "still Alice."},
				{"0:03", "0:04", "Bob", "Bob: Hello."},
				{"0:04", "0:05", "Bob", "[Music]"},
			},
		},
		{
			name: "srt with speakers, tags, dot milliseconds and a split cue",
			file: "ep1.srt",
			content: "1\n00:00:01,000 --> 00:00:03,000\nALICE: Open the <i>inlet</i> valve.\n\n" +
				"2\n00:00:03,000 --> 00:00:05,500 X1:100 X2:200 Y1:10 Y2:20\n{\\an8}Then wait.\n\n" +
				"3\n00:00:05.500 --> 00:00:08,000\n- BOB SMITH: How long?\n- ALICE: Ten seconds.\n\n" +
				"4\n00:00:09,000 --> 00:00:10,000\n[Bob] Done,\n\nand closed.\n\n\n",
			want: []tcue{
				{"0:01", "0:03", "Alice", "Alice: Open the inlet valve."},
				{"0:03", "0:05", "Alice", "Then wait."},
				{"0:05", "0:08", "Bob Smith", "Bob Smith: How long?"},
				{"0:05", "0:08", "Alice", "Alice: Ten seconds."},
				{"0:09", "0:10", "Bob", "Bob: Done, and closed."},
			},
		},
		{
			name:    "srt: no index lines, no hours, Note: is not a speaker",
			file:    "bare.srt",
			content: "00:01,000 --> 00:02,000\nNote: this is text.\n\n00:02,000 --> 00:03,000\nMore text.\n",
			want: []tcue{
				{"0:01", "0:02", "", "Note: this is text."},
				{"0:02", "0:03", "", "More text."},
			},
		},
		{
			name:    "webvtt from an HLS stream: X-TIMESTAMP-MAP header, hours beyond 99, one-digit fractions",
			file:    "hls.vtt",
			content: "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000\n\n100:00:00.5 --> 100:00:02.5 line:90%\nLate &lt;night&gt; show\n",
			want:    []tcue{{"100:00:00", "100:00:02", "", "Late <night> show"}},
		},
		{
			name:    "json segments with numbers and clock strings",
			file:    "call.json",
			content: `[{"start": 0, "end": 2.5, "speaker": "Alice", "text": " Hello."}, {"start": "00:00:02.500", "end": "0:05", "speaker": "Bob", "text": "Hi Alice."}, {"start": 5, "text": "No end."}, {"start": 7.25, "end": null, "speaker": null, "text": "Last."}]`,
			want: []tcue{
				{"0:00", "0:02", "Alice", "Alice: Hello."},
				{"0:02", "0:05", "Bob", "Bob: Hi Alice."},
				{"0:05", "0:07", "Bob", "No end."},
				{"0:07", "0:07", "Bob", "Last."},
			},
		},
		{
			name:    "whisper object with segments and title",
			file:    "whisper.json",
			content: "{\n  \"text\": \"Hello world.\",\n  \"language\": \"en\",\n  \"segments\": [\n    {\"id\": 0, \"seek\": 0, \"start\": 0.0, \"end\": 1.2, \"text\": \" Hello\", \"tokens\": [1, 2]},\n    {\"id\": 1, \"start\": 1.2, \"end\": 2.0, \"text\": \" world.\"}\n  ]\n}\n",
			want: []tcue{
				{"0:00", "0:01", "", "Hello"},
				{"0:01", "0:02", "", "world."},
			},
			text: "Hello world.\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := loadString(t, tc.file, tc.content)
			require.NoError(t, err)
			require.Equal(t, tc.want, cuesOf(t, doc))
			require.Equal(t, TranscriptSourceType, doc.Metadata.SourceType)
			if tc.text != "" {
				require.Equal(t, tc.text, doc.Text)
			}
		})
	}
}

// Windows tools write subtitles as UTF-16 with a byte-order mark.
func TestSRTUTF16(t *testing.T) {
	text := "1\r\n00:00:01,000 --> 00:00:02,000\r\nJOSÉ: ¿Listo?\r\n"
	raw := []byte{0xFF, 0xFE}
	for _, r := range text {
		raw = append(raw, byte(r), byte(r>>8))
	}
	doc, err := loadString(t, "es.srt", string(raw))
	require.NoError(t, err)
	require.Equal(t, []tcue{{"0:01", "0:02", "José", "José: ¿Listo?"}}, cuesOf(t, doc))
}

func TestTranscriptTitle(t *testing.T) {
	doc, err := loadString(t, "w.json", `{"title": "Pump  webinar", "segments": [{"start": 0, "end": 1, "text": "x"}]}`)
	require.NoError(t, err)
	require.Equal(t, "Pump webinar", doc.Title)
	doc, err = loadString(t, "ep.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nx\n")
	require.NoError(t, err)
	require.Equal(t, "ep.vtt", doc.Title)
}

func TestTranscriptErrors(t *testing.T) {
	for _, tc := range []struct {
		name, file, content string
		err                 error
		line, cue           int
		reason              string
	}{
		{"vtt without signature", "a.vtt", "00:00.000 --> 00:01.000\nhi\n", ErrMalformed, 1, 0, "WEBVTT"},
		{"vtt WEBVTTX", "a.vtt", "WEBVTTX\n\n00:00.000 --> 00:01.000\nhi\n", ErrMalformed, 1, 0, "WEBVTT"},
		{"vtt bad time", "a.vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n\nid\n00:61.000 --> 00:62.000\nx\n", ErrMalformed, 7, 2, "bad start time"},
		{"vtt end before start", "a.vtt", "WEBVTT\n\n00:05.000 --> 00:01.000\nhi\n", ErrMalformed, 3, 1, "before it starts"},
		{"vtt text without timing", "a.vtt", "WEBVTT\n\njust some text\nmore\n", ErrMalformed, 3, 1, "timing"},
		{"vtt cue glued to header", "a.vtt", "WEBVTT\n00:00.000 --> 00:01.000\nhi\n", ErrMalformed, 2, 0, "blank line"},
		{"vtt only notes", "a.vtt", "WEBVTT\n\nNOTE nothing here\n", ErrNoText, 0, 0, ""},
		{"srt first block not a cue", "a.srt", "hello\nworld\n", ErrMalformed, 1, 1, "timing"},
		{"srt bad index", "a.srt", "1\n00:00:01,000 --> 00:00:02,000\nx\n\nabc\n00:00:02,000 --> 00:00:03,000\ny\n", ErrMalformed, 5, 2, "cue index"},
		{"srt bad end", "a.srt", "1\n00:00:01,000 --> 00:00:0x,000\nx\n", ErrMalformed, 2, 1, "bad end time"},
		{"srt empty cues", "a.srt", "1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:02,000 --> 00:00:03,000\n<i></i>\n", ErrNoText, 0, 0, ""},
		{"json bad start", "a.json", "[\n{\"start\": 0, \"text\": \"a\"},\n{\"start\": \"soon\", \"text\": \"b\"}\n]", ErrMalformed, 3, 2, "start"},
		{"json negative", "a.json", `[{"start": -1, "text": "a"}]`, ErrMalformed, 1, 1, "start"},
		{"json end before start", "a.json", "{\"segments\": [\n {\"start\": 3, \"end\": 1, \"text\": \"a\"}]}", ErrMalformed, 2, 1, "ends before"},
		{"json text not string", "a.json", `[{"start": 1, "text": "a"}, {"start": 2, "text": 5}]`, ErrMalformed, 1, 2, "text"},
		{"json segment not object", "a.json", `[{"start": 1, "text": "a"}, 7]`, ErrMalformed, 1, 2, "not an object"},
		{"json empty text", "a.json", `[{"start": 1, "text": " "}]`, ErrNoText, 0, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadString(t, tc.file, tc.content)
			require.Error(t, err)
			require.ErrorIs(t, err, tc.err)
			var te *TranscriptError
			require.ErrorAs(t, err, &te)
			require.Equal(t, tc.line, te.Line, err.Error())
			require.Equal(t, tc.cue, te.Cue, err.Error())
			require.Contains(t, te.Reason, tc.reason)
			require.Contains(t, err.Error(), tc.file)
		})
	}
}

// Non-transcript JSON stays unsupported: LoadFile says so and a folder walk
// skips it as it skipped every .json file before.
func TestJSONThatIsNoTranscript(t *testing.T) {
	for _, content := range []string{
		`{"name": "pkg", "version": "1.0"}`,
		`[1, 2, 3]`,
		`[{"start": 1, "end": 2}]`, // no text: not the shape
		`{"segments": "x"}`,
		`not json at all`,
		``,
	} {
		_, err := loadString(t, "package.json", content)
		require.ErrorIs(t, err, ErrUnsupported, content)
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "x"}`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "talk.json"), []byte(`[{"start": 0, "end": 1, "text": "Hello."}]`), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "readme.md"), []byte("# R\n\ntext\n"), 0o600))
	var ids []string
	require.NoError(t, LoadDir(dir, func(d store.Document) error { ids = append(ids, d.ID); return nil }))
	require.Equal(t, []string{"readme.md", "talk.json"}, ids)

	var skipped []string
	require.NoError(t, LoadDirFunc(dir, func(store.Document) error { return nil }, func(p string, err error) error {
		require.ErrorIs(t, err, ErrUnsupported)
		skipped = append(skipped, filepath.Base(p))
		return nil
	}))
	require.Equal(t, []string{"package.json"}, skipped)
}

func TestTranscriptNotUTF8(t *testing.T) {
	_, err := loadString(t, "latin1.srt", "1\n00:00:01,000 --> 00:00:02,000\ncaf\xe9\n")
	var ee *EncodingError
	require.ErrorAs(t, err, &ee)
	require.True(t, errors.Is(err, ErrInvalidUTF8))
}

// TestLineBlocks: runs of non-blank lines, blank meaning white space only,
// each with the index of its first line; iteration stops when asked.
func TestLineBlocks(t *testing.T) {
	type block struct {
		start int
		lines []string
	}
	cases := map[string]struct {
		lines []string
		from  int
		want  []block
	}{
		"none":            {lines: []string{"", " ", "\t"}},
		"one":             {lines: []string{"a", "b"}, want: []block{{0, []string{"a", "b"}}}},
		"white separates": {lines: []string{"", "a", " \t", "b", "c", ""}, want: []block{{1, []string{"a"}}, {3, []string{"b", "c"}}}},
		"from skips":      {lines: []string{"head", "", "a"}, from: 1, want: []block{{2, []string{"a"}}}},
		"from past end":   {lines: []string{"a"}, from: 1},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var got []block
			for start, lines := range lineBlocks(tc.lines, tc.from) {
				got = append(got, block{start, lines})
			}
			require.Equal(t, tc.want, got)
		})
	}
	n := 0
	for range lineBlocks([]string{"a", "", "b", "", "c"}, 0) {
		n++
		if n == 2 {
			break
		}
	}
	require.Equal(t, 2, n)
}
