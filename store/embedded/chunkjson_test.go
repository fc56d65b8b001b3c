package embedded

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// jsonChunks are chunks whose JSON exercises every field and every kind
// of string json.Marshal writes: escapes, HTML characters, U+2028, invalid
// UTF-8 (written as \ufffd), non-BMP runes, empty slices and maps.
func jsonChunks() map[string]store.Chunk {
	full := store.Chunk{
		ID: "0123456789abcdef0123456789abcdef", DocumentID: "docs/a.md", Source: "docs/a.md",
		Title: "Install", TenantID: "acme", ProjectID: "p1",
		Text:    "Run `make <all> && go test`\n\t\"quoted\" back\\slash\r\u2028é 🦀 \x00\x1f end",
		Heading: []string{"Install", "Linux \"x86\""}, Page: 3, Index: 12, Start: 100, End: -1,
		Tokens: 512, DocHash: "abc", IndexVersion: 1<<53 + 1,
		Metadata: store.Metadata{
			SourceType: "manual", Confidentiality: "internal", Revision: "r2",
			Date:  time.Date(2024, 5, 6, 7, 8, 9, 123, time.FixedZone("x", 3600)),
			Tags:  []string{"a", "", "c\nd"},
			Extra: map[string]string{"k\"1": "v<1>", "": ""},
		},
	}
	empty := store.Chunk{Heading: []string{}, Metadata: store.Metadata{Tags: []string{}, Extra: map[string]string{}}}
	return map[string]store.Chunk{
		"every field":     full,
		"zero chunk":      {},
		"empty slices":    empty,
		"invalid utf-8":   {ID: "x", Text: "a\xffb\xc3", Heading: []string{"\xed\xa0\x80"}},
		"utc date":        {Metadata: store.Metadata{Date: time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)}},
		"long plain text": {ID: "y", Text: strings.Repeat("plain words only ", 500)},
	}
}

// TestDecodeChunkFastPath: the store's own JSON decodes on the fast path
// to exactly what json.Unmarshal gives (so the fallback is not what makes
// this pass).
func TestDecodeChunkFastPath(t *testing.T) {
	for name, c := range jsonChunks() {
		t.Run(name, func(t *testing.T) {
			b, err := json.Marshal(c)
			require.NoError(t, err)
			var want, got store.Chunk
			require.NoError(t, json.Unmarshal(b, &want))
			r := chunkReader{b: b}
			require.True(t, r.chunk(&got), "fast path declined %s", b)
			require.Equal(t, want, got)
		})
	}
}

// TestDecodeChunkKnowsEveryField: the "every field" chunk sets every
// field of store.Chunk and store.Metadata, so a field added to either
// must be added there, and then TestDecodeChunkFastPath shows whether
// the fast path reads it (an unknown key would send every chunk to
// json.Unmarshal).
func TestDecodeChunkKnowsEveryField(t *testing.T) {
	c := jsonChunks()["every field"]
	for _, v := range []reflect.Value{reflect.ValueOf(c), reflect.ValueOf(c.Metadata)} {
		for i := range v.NumField() {
			require.False(t, v.Field(i).IsZero(), "%s.%s is not set in the test chunk", v.Type(), v.Type().Field(i).Name)
		}
	}
}

// TestDecodeChunkDeclines: inputs outside json.Marshal's shape go to
// json.Unmarshal, which accepts some and refuses others.
func TestDecodeChunkDeclines(t *testing.T) {
	cases := map[string]struct {
		json    string
		wantErr bool
	}{
		"white space":            {`{ "id":"a"}`, false},
		"key in other case":      {`{"ID":"a"}`, false},
		"escaped key":            {`{"\u0069d":"a"}`, false},
		"unknown key":            {`{"id":"a","x":[1,{"y":null}]}`, false},
		"repeated key":           {`{"heading":["a"],"heading":["b"]}`, false},
		"null":                   {`{"metadata":null,"heading":null}`, false},
		"surrogate pair":         {`{"text":"\ud83e\udd80"}`, false},
		"lone surrogate":         {`{"text":"\ud800x"}`, false},
		"fraction":               {`{"page":1.5}`, true},
		"exponent":               {`{"page":1e2}`, true},
		"leading zero":           {`{"page":01}`, true},
		"int overflow":           {`{"page":99999999999999999999}`, true},
		"string for int":         {`{"page":"1"}`, true},
		"control character":      {"{\"text\":\"a\nb\"}", true},
		"bad escape":             {`{"text":"\x"}`, true},
		"trailing data":          {`{"id":"a"}x`, true},
		"unterminated":           {`{"id":"a"`, true},
		"bad date":               {`{"metadata":{"date":"yesterday"}}`, true},
		"number for string":      {`{"id":1}`, true},
		"nested unknown in meta": {`{"metadata":{"owner":"x"}}`, false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var want, got store.Chunk
			wantErr := json.Unmarshal([]byte(tc.json), &want)
			require.Equal(t, tc.wantErr, wantErr != nil, "json.Unmarshal: %v", wantErr)
			r := chunkReader{b: []byte(tc.json)}
			require.False(t, r.chunk(new(store.Chunk)), "fast path accepted %s", tc.json)
			err := decodeChunk([]byte(tc.json), &got, nil)
			if tc.wantErr {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, want, got)
		})
	}
}

// FuzzDecodeChunk: for any bytes, decodeChunk fails exactly when
// json.Unmarshal does, and otherwise gives the same chunk.
func FuzzDecodeChunk(f *testing.F) {
	for _, c := range jsonChunks() {
		b, err := json.Marshal(c)
		require.NoError(f, err)
		f.Add(b)
	}
	f.Add([]byte(`{"page":-0,"index":-12,"metadata":{"extra":{"a":"1","a":"2"}}}`))
	f.Add([]byte(`{"text":"\u00e9\u0000\/"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var want, got store.Chunk
		wantErr := json.Unmarshal(b, &want)
		err := decodeChunk(b, &got, nil)
		if wantErr != nil {
			require.Error(t, err)
			return
		}
		require.NoError(t, err)
		require.Equal(t, want, got)
	})
}

func BenchmarkDecodeChunk(b *testing.B) {
	c := jsonChunks()["every field"]
	c.Text = strings.Repeat("Replace the filter of unit 12 every 400 hours.\n", 60)
	raw, err := json.Marshal(c)
	require.NoError(b, err)
	b.Run("json.Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			var c store.Chunk
			if err := json.Unmarshal(raw, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decodeChunk", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(raw)))
		var scratch []byte
		for b.Loop() {
			var c store.Chunk
			if err := decodeChunk(raw, &c, &scratch); err != nil {
				b.Fatal(err)
			}
		}
	})
}
