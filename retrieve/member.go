package retrieve

import (
	"slices"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// documentedMembers returns unknown without the dotted names whose member
// some source documents under their owner by another name
// (textutil.MemberEntry): "ChildProcess.kill" when a source stands under
// "Class: ChildProcess > subprocess.kill([signal])". No chunk writes the
// question's form, yet the member is documented. A member with no entry
// ("ChildProcess.pipe", though examples write "subprocess.stdout.pipe()")
// stays unknown.
func documentedMembers(unknown []string, sources []Source) []string {
	out := unknown
	for _, name := range unknown {
		owner, member, ok := textutil.OwnerMember(name)
		if !ok || !slices.ContainsFunc(sources, func(s Source) bool {
			_, ok := textutil.MemberEntry(s.Chunk.Heading, s.Chunk.Text, owner, member)
			return ok
		}) {
			continue
		}
		if len(out) == len(unknown) {
			out = slices.Clone(unknown) // the caller's slice stays as it was
		}
		out = slices.DeleteFunc(out, func(u string) bool { return u == name })
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
