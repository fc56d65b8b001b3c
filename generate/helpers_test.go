package generate

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// testSource returns a source whose chunk has the given document id and
// text.
func testSource(docID, text string) retrieve.Source {
	return retrieve.Source{Chunk: store.Chunk{
		ID:         store.ChunkID(docID, 0, text),
		DocumentID: docID,
		Source:     "docs/" + docID + ".md",
		Text:       text,
	}}
}

// systemParts is a system message taken apart.
type systemParts struct {
	persona string   // text before the template's rules
	bodies  []string // the lines between each source's fences
	fences  []string // every fence-like line, in order
}

// fenceLike reports whether a line could pass for a fence: with spaces
// removed it starts with "<<<" or ends with ">>>".
func fenceLike(line string) bool {
	sq := strings.Join(strings.FieldsFunc(line, unicode.IsSpace), "")
	return strings.HasPrefix(sq, "<<<") || strings.HasSuffix(sq, ">>>")
}

// splitSystem checks that the fence-like lines of a system message are
// exactly the builder's own (one open and one close per source, in label
// order) and returns the persona and the source bodies.
func splitSystem(sys string, tmpl *Template, nonce string, sources int) (systemParts, error) {
	var parts systemParts
	rules := strings.Index(sys, tmpl.before)
	if rules < 0 {
		return parts, fmt.Errorf("template rules not found in the system message")
	}
	parts.persona = sys[:rules]
	var want []string
	for i := 1; i <= sources; i++ {
		label := fmt.Sprintf("S%d", i)
		want = append(want, "<<<SOURCE "+label+" nonce="+nonce+">>>", "<<<END "+label+" nonce="+nonce+">>>")
	}
	var body []string
	inside := false
	for _, line := range strings.Split(sys, "\n") {
		if !fenceLike(line) {
			if inside {
				body = append(body, line)
			}
			continue
		}
		parts.fences = append(parts.fences, line)
		if inside {
			parts.bodies = append(parts.bodies, strings.Join(body, "\n"))
			body = nil
		}
		inside = !inside
	}
	if strings.Join(parts.fences, "\n") != strings.Join(want, "\n") {
		return parts, fmt.Errorf("fence lines %q, want %q", parts.fences, want)
	}
	return parts, nil
}
