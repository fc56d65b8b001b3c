package loader

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// Usage blocks. A command-line reference generated from its program's help
// (Docker's, and every CLI built with Cobra) writes each command's page as
// a fenced block of the help text: "Usage:  docker stop [OPTIONS]
// CONTAINER", the command's summary, then "Options:" and one option a line
// ("  -t, --time int   Seconds to wait for stop before killing it (default
// 10)"). Fenced, all of it was code: the summary was never quoted, and an
// option's default was no sentence to answer from. Such a block is written
// as the help reads: the usage line as code, the summary as text, and each
// option or subcommand as an entry, its name on a line over its
// description, as a manual page's options are.

// usageFence matches a fence's opening line, with or without an info string.
var usageFence = regexp.MustCompile("^(```+|~~~+)[\\w-]*\\s*$")

// usageSection matches the title of a help text's list ("Options:",
// "Management Commands:").
var usageSection = regexp.MustCompile(`^[A-Z][A-Za-z ]{0,30}:$`)

// usageEntry matches a list line: indented, a name (an option with its
// spellings and argument type, or a subcommand), two or more spaces, its
// description.
var usageEntry = regexp.MustCompile(`^\s+(\S(?:[^ ]| [^ ])*?)\s{2,}(\S.*)$`)

// usageBlocks rewrites the fenced help texts of a Markdown document; a
// block it cannot read whole stays as it is.
func usageBlocks(text string) string {
	if !strings.Contains(text, "Usage:") {
		return text
	}
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		m := usageFence.FindStringSubmatch(lines[i])
		if m == nil {
			out = append(out, lines[i])
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), m[1]) {
			end++
		}
		if end == len(lines) {
			out = append(out, lines[i:]...)
			break
		}
		if help, ok := readUsage(lines[i+1 : end]); ok {
			out = append(out, help...)
		} else {
			out = append(out, lines[i:end+1]...)
		}
		i = end
	}
	return strings.Join(out, "\n")
}

// readUsage returns a help text's lines as Markdown, and false when body is
// no help text (its first line is not "Usage:") or holds a line it cannot
// place.
func readUsage(body []string) ([]string, bool) {
	k := 0
	for k < len(body) && strings.TrimSpace(body[k]) == "" {
		k++
	}
	if k == len(body) || !strings.HasPrefix(body[k], "Usage:") {
		return nil, false
	}
	out := []string{"```"}
	for ; k < len(body) && strings.TrimSpace(body[k]) != ""; k++ {
		out = append(out, body[k])
	}
	out = append(out, "```")
	section := false
	var texts []int  // the summary's and the descriptions' lines in out
	summary := false // the line before was the summary's
	for ; k < len(body); k++ {
		l := strings.TrimRight(body[k], " \t")
		wasSummary := summary
		summary = false
		switch {
		case l == "":
		case usageSection.MatchString(l):
			section = true
			out = append(out, "", l)
		case !section && !strings.HasPrefix(l, " "):
			summary = true
			if wasSummary {
				out[len(out)-1] += " " + l // the summary wrapped onto the next line
				continue
			}
			out = append(out, "", l)
			texts = append(texts, len(out)-1)
		case section:
			e := usageEntry.FindStringSubmatch(l)
			if e == nil {
				if len(texts) == 0 || texts[len(texts)-1] != len(out)-1 || !strings.HasPrefix(l, "  ") {
					return nil, false
				}
				out[len(out)-1] += " " + strings.TrimSpace(l) // a description wrapped onto the next line
				continue
			}
			out = append(out, "", e[1], "", e[2])
			texts = append(texts, len(out)-1)
		default:
			return nil, false
		}
	}
	// Sentences written without a full stop: short and unpunctuated, they
	// would read as headings.
	for _, i := range texts {
		out[i] = sentence(out[i])
	}
	return append(out, ""), true
}

// sentence ends a help text's line with a full stop ("Stop one or more
// running containers").
func sentence(s string) string {
	if textutil.EndsSentence(s) {
		return s
	}
	return s + "."
}
