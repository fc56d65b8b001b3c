package errprefix

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWrap(t *testing.T) {
	retrieveErr := errors.New("retrieve: empty query")
	cases := []struct {
		prefix string
		err    error
		want   string
	}{
		{"hybridrag: retrieve", retrieveErr, "hybridrag: retrieve: empty query"},
		{"hybridrag: retrieve", context.Canceled, "hybridrag: retrieve: context canceled"},
		{"hybridrag: reindex: store", errors.New("store: closed"), "hybridrag: reindex: store: closed"},
		{"hybridrag: reindex: store", errors.New("reindex: store: closed"), "hybridrag: reindex: store: closed"},
		{"hybridrag: store", errors.New("embedded: locked"), "hybridrag: store: embedded: locked"},
		{"retrieve", retrieveErr, "retrieve: empty query"},
		{"hybridrag: embed", errors.New("embedder down"), "hybridrag: embed: embedder down"},
	}
	for _, tc := range cases {
		got := Wrap(tc.prefix, tc.err)
		require.EqualError(t, got, tc.want, tc.prefix)
		require.ErrorIs(t, got, tc.err)
	}
	require.NoError(t, Wrap("x", nil))
}

func TestRepeated(t *testing.T) {
	for msg, want := range map[string]string{
		"hybridrag: retrieve: retrieve: empty query":                "retrieve: retrieve:",
		"loader: a.pdf: malformed PDF: malformed PDF: no xref":      "malformed PDF: malformed PDF:",
		"loader: a.pdf: malformed PDF: malformed PDF file: no xref": "malformed PDF: malformed PDF file:",
		"hybridrag: retrieve: keyword search: context canceled":     "",
		"store: a: b":                 "",
		"%w: %w":                      "",
		"loader: retrieve: retriever": "",
		"RETRIEVE: retrieve: x":       "RETRIEVE: retrieve:",
	} {
		require.Equal(t, want, Repeated(msg), msg)
	}
}
