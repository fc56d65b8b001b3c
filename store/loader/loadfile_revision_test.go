package loader

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// LoadFile reads the revision lines of every format, text and Markdown
// included (they are read by their own streaming path).
func TestLoadFileReadsRevisionLinesOfTextAndMarkdown(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"notes.md", "notes.txt"} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte("# Notes\n\nRevision C\nLast updated: March 2019\n\nThe filter was replaced.\n"), 0o600))
		doc, err := LoadFile(path)
		require.NoError(t, err, name)
		require.Equal(t, "C", doc.Metadata.Revision, name)
		require.Equal(t, time.Date(2019, 3, 1, 0, 0, 0, 0, time.UTC), doc.Metadata.Date, name)
	}
}
