// Package errprefix wraps an error in a context prefix without repeating
// what the error's own message already starts with.
//
// The module's errors start with their package's name ("retrieve: empty
// query"), and a caller that names the stage it called ("hybridrag:
// retrieve: %w") printed it twice. Stages whose implementation is the
// host's (a Retriever, a Store, an Embedder) may return errors without any
// prefix, so the stage name cannot simply be dropped either.
package errprefix

import (
	"fmt"
	"strings"
)

// Wrap returns err wrapped as "prefix: err" (errors.Is and errors.As see
// err), except that trailing ": "-separated segments of prefix that err's
// message already starts with are left out: Wrap("hybridrag: retrieve",
// err) with err "retrieve: empty query" reads "hybridrag: retrieve: empty
// query". A nil err gives nil.
func Wrap(prefix string, err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	segs := strings.Split(prefix, ": ")
	for k := 0; k < len(segs); k++ {
		if tail := strings.Join(segs[k:], ": "); strings.HasPrefix(msg, tail+": ") || msg == tail {
			prefix = strings.Join(segs[:k], ": ")
			break
		}
	}
	if prefix == "" {
		return err
	}
	return fmt.Errorf("%s: %w", prefix, err)
}

// Repeated returns the first stutter in msg, two consecutive ": "-separated
// segments where the second repeats the first ("retrieve: retrieve: …",
// "malformed PDF: malformed PDF file: …"), or "". Tests use it on the
// messages they provoke. A formatting verb ("%w: %w") is not a segment
// that can stutter.
func Repeated(msg string) string {
	segs := strings.Split(msg, ": ")
	for i := 0; i+1 < len(segs); i++ {
		a, b := strings.TrimSpace(segs[i]), strings.TrimSpace(segs[i+1])
		if a == "" || strings.HasPrefix(a, "%") {
			continue
		}
		if strings.EqualFold(a, b) || len(b) > len(a) && strings.EqualFold(b[:len(a)], a) && b[len(a)] == ' ' {
			return segs[i] + ": " + segs[i+1] + ":"
		}
	}
	return ""
}
