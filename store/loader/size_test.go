package loader

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestMaxFileSize(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "small.md", []byte("# Small\n\nshort"))
	writeFile(t, dir, "big.txt", []byte(strings.Repeat("word ", 400))) // 2000 bytes
	writeFile(t, dir, "exact.txt", []byte(strings.Repeat("x", 1000)))

	tests := []struct {
		name    string
		limit   int64
		loaded  []string
		skipped []string
	}{
		{"no limit", 0, []string{"big.txt", "exact.txt", "small.md"}, nil},
		{"negative is no limit", -1, []string{"big.txt", "exact.txt", "small.md"}, nil},
		{"limit is inclusive", 1000, []string{"exact.txt", "small.md"}, []string{"big.txt"}},
		{"everything too large", 5, nil, []string{"big.txt", "exact.txt", "small.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var loaded, skipped []string
			opts := DirOptions{MaxFileSize: tt.limit, OnLoadError: func(path string, err error) error {
				require.ErrorIs(t, err, ErrTooLarge)
				var se *SizeError
				require.True(t, errors.As(err, &se))
				require.Equal(t, tt.limit, se.Limit)
				require.Greater(t, se.Size, tt.limit)
				require.Contains(t, err.Error(), filepath.Base(path))
				skipped = append(skipped, filepath.Base(path))
				return nil
			}}
			err := LoadDirWith(dir, opts, func(d store.Document) error { loaded = append(loaded, d.ID); return nil })
			require.NoError(t, err)
			require.Equal(t, tt.loaded, loaded)
			require.Equal(t, tt.skipped, skipped)
		})
	}

	t.Run("file root", func(t *testing.T) {
		err := LoadDirWith(filepath.Join(dir, "big.txt"), DirOptions{MaxFileSize: 100}, func(store.Document) error {
			t.Fatal("a file over the limit must not be loaded")
			return nil
		})
		require.ErrorIs(t, err, ErrTooLarge)
		require.Contains(t, err.Error(), "2.0 KiB, above the 100 B size limit")
	})
	t.Run("stops the walk without OnLoadError", func(t *testing.T) {
		err := LoadDirWith(dir, DirOptions{MaxFileSize: 1000}, func(store.Document) error { return nil })
		require.ErrorIs(t, err, ErrTooLarge)
	})
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 256 << 20: "256.0 MiB", 3 << 30: "3.0 GiB"} {
		require.Equal(t, want, formatBytes(n))
	}
}
