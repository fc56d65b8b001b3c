package extractive

import (
	"regexp"
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// A default given on a setting's line of an annotated configuration
// block. Configuration references write their file format as a commented
// sample: Prometheus's "# How frequently to scrape targets by default." over
// "[ scrape_interval: <duration> | default = 1m ]", others "max_conns: 100
// # default" or "#timeout = 30s  (default: 30s)". The default is no
// sentence, and code is quoted only when no prose answers, so "What is
// the default scrape interval?" was answered by a tutorial's example
// ("scrape_interval: 15s") instead. When the question asks the default of
// a name it writes as code or in words whose letters spell the setting
// ("the default scrape interval", "scrape_interval"), and a fenced line
// sets that setting and states a default, the answer quotes the line with
// the comment lines above it, as written. A literal default ("1m") is
// preferred to one that refers to another setting
// ("<global_config.scrape_interval>").

// configKey matches a configuration line's setting: the name before its
// ":" or "=", after an optional list dash, comment mark or optional
// bracket ("[ scrape_interval: …", "#timeout = …", "- name: …").
var configKey = regexp.MustCompile(`^\s*(?:[-#]\s*)?\[?\s*([A-Za-z_][\w.-]*)\s*[:=]`)

// lineDefault matches a default stated on a configuration line:
// "default = 1m", "default: 30s", "(default 10)", "# default".
var lineDefault = regexp.MustCompile(`(?i)\bdefault\s*[:=]?\s*([^\s\])|,]+)|#\s*\(?default\b`)

// referredDefault matches a default that names another setting instead of
// a value: "<global_config.scrape_interval>".
var referredDefault = regexp.MustCompile(`^<[^>]*>$`)

// configDefault returns the answer pieces quoting the configuration line
// that gives the asked setting's default, nil when no source holds one.
func configDefault(a *ask, sources []generate.ContextSource) []string {
	if !a.isDefault {
		return nil
	}
	var spelled []string
	if len(a.named) == 0 && a.option == "" {
		if spelled = defaultedSpellings(a.question, false); len(spelled) == 0 {
			return nil
		}
	}
	var referred []string
	for _, src := range sources {
		lines := strings.Split(src.Text, "\n")
		fenced := false
		for i, l := range lines {
			if textutil.IsFence(l) {
				fenced = !fenced
				continue
			}
			if !fenced {
				continue
			}
			k := configKey.FindStringSubmatch(l)
			if k == nil || !keyNamesAsked(a, spelled, k[1]) {
				continue
			}
			m := lineDefault.FindStringSubmatch(l[len(k[0]):])
			if m == nil {
				continue
			}
			quote := withMarker("```\n"+strings.Join(dedent(withCommentsAbove(lines, i)), "\n")+"\n```", src.Label)
			if referredDefault.MatchString(m[1]) {
				if referred == nil {
					referred = []string{quote}
				}
				continue
			}
			return []string{quote}
		}
	}
	return referred
}

// keyNamesAsked reports whether a configuration line's setting is what
// the question asks the default of: its option, a name it writes as code,
// or one of the spellings of the words it names the thing in.
func keyNamesAsked(a *ask, spelled []string, key string) bool {
	if len(spelled) > 0 {
		k := textutil.LettersKey(key)
		for _, s := range spelled {
			if k == s {
				return true
			}
		}
		return false
	}
	return cellNamesAsked(a, "", key)
}

// maxCommentLines bounds the comment quoted over a setting: a longer one
// is an essay on the setting, and the line alone answers.
const maxCommentLines = 8

// withCommentsAbove returns lines[i] with the comment lines right above
// it ("# How frequently to scrape targets by default."), which say what
// the setting is.
func withCommentsAbove(lines []string, i int) []string {
	j := i
	for j > 0 && strings.HasPrefix(strings.TrimSpace(lines[j-1]), "#") {
		j--
	}
	if i-j > maxCommentLines {
		j = i
	}
	return lines[j : i+1]
}

// dedent removes the indentation the lines share.
func dedent(lines []string) []string {
	common := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " \t")); common < 0 || n < common {
			common = n
		}
	}
	out := make([]string, len(lines))
	for k, l := range lines {
		out[k] = strings.TrimRight(l[min(common, len(l)-len(strings.TrimLeft(l, " \t"))):], " \t")
	}
	return out
}
