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
	return withoutDocumented(unknown, func(name string) bool {
		owner, member, ok := textutil.OwnerMember(name)
		return ok && slices.ContainsFunc(sources, func(s Source) bool {
			_, ok := textutil.MemberEntry(s.Chunk.Heading, s.Chunk.Text, owner, member)
			return ok
		})
	})
}

// withoutDocumented returns unknown without the names documented reports
// true for, as a new slice when it drops any (the caller's stays as it
// was), nil when none is left.
func withoutDocumented(unknown []string, documented func(string) bool) []string {
	out := unknown
	for _, name := range unknown {
		if !documented(name) {
			continue
		}
		if len(out) == len(unknown) {
			out = slices.Clone(unknown)
		}
		out = slices.DeleteFunc(out, func(u string) bool { return u == name })
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
