package extractive

import (
	"strings"

	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/internal/textutil"
)

// documentedNames returns the question with each dotted name that a source
// documents under its owner by another name (textutil.MemberEntry) written
// as the source writes it: "What signal does ChildProcess.kill() send?"
// over "Class: ChildProcess > subprocess.kill([signal])" reads
// "subprocess.kill()", the name the entry's sentences use ("The
// subprocess.kill() method sends a signal …"), rather than a name no
// sentence has, which would leave a sibling entry's sentences to lead.
func documentedNames(question string, sources []generate.ContextSource) string {
	for _, f := range strings.Fields(question) {
		word := strings.Trim(f, ".,;:!?\"'`()[]{}“”‘’")
		owner, member, ok := textutil.OwnerMember(word)
		if !ok {
			continue
		}
		for _, s := range sources {
			if entry, ok := textutil.MemberEntry(s.Source.Chunk.Heading, s.Text, owner, member); ok {
				if entry != word {
					question = strings.Replace(question, word, entry, 1)
				}
				break
			}
		}
	}
	return question
}
