package loader

import (
	"bytes"
	"regexp"
)

// xhtmlSelfClosing reads an XHTML page's self-closed elements as XML
// does. HTML parsing ignores the slash of "<iframe …/>" or
// "<a class="anchor" id="crop"/>": the iframe's raw text then runs to the
// end of the page, and the anchor holds every word after it, so that the
// page reads as empty or as one link. Pages that declare XHTML (an XML
// declaration, an XHTML doctype or namespace) mean the element to be
// empty; such an element is rewritten as a start and an end tag. Void
// elements ("<br/>") are left as they are, and so is every other page.
func xhtmlSelfClosing(raw []byte) []byte {
	if !xhtmlDeclared(raw) {
		return raw
	}
	return xhtmlElements(raw)
}

// xhtmlElements rewrites every self-closed element of raw but the void
// ones as a start and an end tag, outside comments: raw is XHTML, as an
// EPUB chapter is by its media type.
func xhtmlElements(raw []byte) []byte {
	if !bytes.Contains(raw, []byte("/>")) {
		return raw
	}
	var out []byte
	rest := raw
	for len(rest) > 0 {
		// Comments are left whole: markup quoted in them is no markup.
		i := bytes.Index(rest, []byte("<!--"))
		if i < 0 {
			i = len(rest)
		}
		out = append(out, selfClosed.ReplaceAllFunc(rest[:i], expandElement)...)
		rest = rest[i:]
		if len(rest) == 0 {
			break
		}
		end := bytes.Index(rest, []byte("-->"))
		if end < 0 {
			out = append(out, rest...)
			break
		}
		out = append(out, rest[:end+3]...)
		rest = rest[end+3:]
	}
	return out
}

// selfClosed matches a start tag closed by "/>".
var selfClosed = regexp.MustCompile(`<[A-Za-z][A-Za-z0-9:-]*(?:\s+[^<>"'\s/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>]+))?)*\s*/>`)

// expandElement rewrites one tag selfClosed matched, "<name attrs/>", as
// "<name attrs></name>" unless the element is void. The match is read as
// it stands: its name runs to the first space or slash, and what follows
// up to "/>" are its attributes.
func expandElement(tag []byte) []byte {
	end := bytes.IndexAny(tag, " \t\r\n/")
	name := tag[1:end]
	if voidElements[string(bytes.ToLower(name))] {
		return tag
	}
	attrs := bytes.TrimRight(tag[end:len(tag)-2], " \t\r\n")
	out := make([]byte, 0, len(tag)+len(name)+3)
	out = append(out, '<')
	out = append(out, name...)
	out = append(out, attrs...)
	out = append(out, '>', '<', '/')
	out = append(out, name...)
	return append(out, '>')
}

// voidElements have no end tag in HTML.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true,
	"basefont": true, "bgsound": true, "frame": true, "keygen": true,
}

// xhtmlDeclared reports whether a page declares itself XHTML in its first
// kilobyte: an XML declaration, an XHTML doctype or the XHTML namespace.
func xhtmlDeclared(raw []byte) bool {
	head := raw[:min(len(raw), 1024)]
	return bytes.HasPrefix(bytes.TrimLeft(head, "\ufeff \t\r\n"), []byte("<?xml")) ||
		bytes.Contains(bytes.ToUpper(head), []byte("DTD XHTML")) ||
		bytes.Contains(head, []byte("http://www.w3.org/1999/xhtml"))
}
