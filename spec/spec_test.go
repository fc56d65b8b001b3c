package spec_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/spec"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

func TestLoadAgents(t *testing.T) {
	want := []hybridrag.Agent{
		{Name: "architect", Persona: "You are a concise solutions architect.", Profile: "balanced", Output: "blueprint",
			Tags: []string{"design", "architecture"}, Sampling: map[string]hybridrag.Sampling{"blueprint": {Temperature: 0.2, MaxTokens: 800}}},
		{Name: "helpdesk", Profile: "cheap"},
	}
	files := map[string]string{
		"agents.yaml": `agents:
  - name: architect
    persona: You are a concise solutions architect.
    profile: balanced
    output: blueprint
    tags: [design, architecture]
    sampling:
      blueprint: {temperature: 0.2, max_tokens: 800}
  - name: helpdesk
    profile: cheap
`,
		"list.yml": `- name: architect
  persona: "You are a concise solutions architect."
  profile: balanced
  output: blueprint
  tags: [design, architecture]
  sampling: {blueprint: {temperature: 0.2, max_tokens: 800}}
- {name: helpdesk, profile: cheap}
`,
		"agents.json": `{"agents": [{"name": "architect", "persona": "You are a concise solutions architect.", "profile": "balanced",
  "output": "blueprint", "tags": ["design", "architecture"], "sampling": {"blueprint": {"temperature": 0.2, "max_tokens": 800}}},
  {"name": "helpdesk", "profile": "cheap"}]}`,
	}
	for name, text := range files {
		t.Run(name, func(t *testing.T) {
			got, err := spec.LoadAgents(write(t, name, text))
			require.NoError(t, err)
			require.Equal(t, want, got)
		})
	}
}

func TestLoadSchema(t *testing.T) {
	p := write(t, "incident-review.yaml", `title: Incident Review
sections:
  - title: Timeline
    instructions: what happened, in order, with times.
    query: timeline events
  - title: Impact
`)
	s, err := spec.LoadSchema(p)
	require.NoError(t, err)
	require.Equal(t, hybridrag.ArtifactSchema{Name: "incident-review", Title: "Incident Review", Sections: []hybridrag.SectionSchema{
		{Title: "Timeline", Instructions: "what happened, in order, with times.", Query: "timeline events"},
		{Title: "Impact"},
	}}, s)
}

func TestLoadErrors(t *testing.T) {
	cases := []struct {
		name, file, text string
		agents           bool
		is               error
	}{
		{"misspelt agent key", "a.yaml", "- name: a\n  persnoa: x\n", true, spec.ErrSyntax},
		{"misspelt json key", "a.json", `[{"name": "a", "profil": "cheap"}]`, true, spec.ErrSyntax},
		{"misspelt schema key", "s.yaml", "name: s\nsections:\n  - title: A\n    qurey: x\n", false, spec.ErrSyntax},
		{"schema without sections", "s.yaml", "name: s\n", false, hybridrag.ErrInvalidSchema},
		{"not yaml", "s.yaml", "name: [unclosed\n", false, spec.ErrSyntax},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := write(t, tc.file, tc.text)
			var err error
			if tc.agents {
				_, err = spec.LoadAgents(p)
			} else {
				_, err = spec.LoadSchema(p)
			}
			require.ErrorIs(t, err, tc.is)
		})
	}
	_, err := spec.LoadAgents(filepath.Join(t.TempDir(), "missing.yaml"))
	require.ErrorIs(t, err, os.ErrNotExist)
}

// The error names the misspelt key, in a list as in a mapping.
func TestErrorNamesTheKey(t *testing.T) {
	for name, text := range map[string]string{"l.yaml": "- name: a\n  persnoa: x\n", "m.yaml": "agents:\n  - name: a\n    persnoa: x\n"} {
		_, err := spec.LoadAgents(write(t, name, text))
		require.ErrorContains(t, err, "persnoa")
	}
}
