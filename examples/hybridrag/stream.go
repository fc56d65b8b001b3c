package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/cite"
	"github.com/hybridrag/hybridrag/gate"
)

// checkStream rejects --stream with outputs that are one JSON document:
// a stream of text cannot be part of it.
func checkStream(stream, json, printPrompt bool) error {
	switch {
	case stream && json:
		return fmt.Errorf("%w: --stream prints text as it is validated; it cannot be combined with --json", errUsage)
	case stream && printPrompt:
		return fmt.Errorf("%w: --stream cannot be combined with --print-prompt, which calls no model", errUsage)
	}
	return nil
}

// textStream prints validated answer text to w as it arrives.
type textStream struct {
	w    io.Writer
	sent bool
}

func (s *textStream) write(_ context.Context, b []byte) error {
	s.sent = true
	_, err := s.w.Write(b)
	return err
}

// finish prints what follows the streamed answer: the LOW CONFIDENCE note
// and the Sources block; for a refusal (which streams nothing) the
// refusal text.
func (s *textStream) finish(ans *hybridrag.Answer) error {
	if ans.Refused() || !s.sent {
		_, err := fmt.Fprintln(s.w, ans.Text)
		return err
	}
	var b strings.Builder
	b.WriteString("\n\n")
	if ans.Confidence == gate.Low {
		b.WriteString("(LOW CONFIDENCE — limited source coverage)\n\n")
	}
	if i := strings.LastIndex(ans.Text, "\n\n"+cite.SourcesHeader+"\n"); i >= 0 {
		b.WriteString(ans.Text[i+2:])
	}
	_, err := io.WriteString(s.w, b.String())
	return err
}
