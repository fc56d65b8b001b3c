package extractive

import (
	"regexp"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/retrieve"
)

// A command's page opens with its usage block and a summary line under it
// ("Usage:  docker export [OPTIONS] CONTAINER" over "Export a container's
// filesystem as a tar archive."). The summary answers "How do I export a
// container's filesystem as a tar archive?" by what the command does, and
// never names the command: the usage line above it does. So for a how-to
// question, a chosen summary right under a usage block is quoted with the
// block before it.

// usageLine matches the first line of a usage block: "Usage:  docker
// export …", "usage: git-foo [<options>]".
var usageLine = regexp.MustCompile(`^(?i:usage):\s+\S`)

// maxUsageLines bounds the usage block quoted: a command's forms, not its
// help text.
const maxUsageLines = 4

// withUsageBefore returns chosen with, for a how-to question, the usage
// block right before a chosen sentence inserted before that sentence.
func withUsageBefore(cands, chosen []*candidate, intent retrieve.Intent) []*candidate {
	if intent != retrieve.IntentHowTo {
		return chosen
	}
	for i := 0; i < len(chosen); i++ {
		c := chosen[i]
		if c.code || c.pos == 0 {
			continue
		}
		u := cands[c.pos-1]
		if u.source != c.source || !u.code || slices.Contains(chosen, u) || !usageBlock(u.text) {
			continue
		}
		chosen = slices.Insert(chosen, i, u)
		i++
	}
	return chosen
}

// usageBlock reports whether a code block's text (fences included) is a
// short usage block.
func usageBlock(text string) bool {
	var lines []string
	for l := range strings.Lines(text) {
		if t := strings.TrimSpace(l); t != "" && !textutil.IsFence(t) {
			lines = append(lines, t)
		}
	}
	return len(lines) > 0 && len(lines) <= maxUsageLines && usageLine.MatchString(lines[0])
}
