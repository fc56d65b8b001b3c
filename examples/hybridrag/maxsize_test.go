package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIIndexMaxFileSize: a file above --max-file-size is skipped with a
// message naming it and the flag, and counted; 0 lifts the limit.
func TestCLIIndexMaxFileSize(t *testing.T) {
	docs := t.TempDir()
	small := "# Pump\n\nThe pump runs at 3000 rpm under full load.\n"
	big := "# Valve\n\n" + strings.Repeat("The relief valve opens at 6 bar. ", 100) // 3.3 KB
	require.NoError(t, os.WriteFile(filepath.Join(docs, "small.md"), []byte(small), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(docs, "big.md"), []byte(big), 0o600))

	tests := []struct {
		name     string
		args     []string
		code     int
		indexed  string
		skipped  bool
		errorOut string
	}{
		{"default limit loads both", nil, 0, "indexed 2 documents", false, ""},
		{"decimal unit", []string{"--max-file-size", "2KB"}, 0, "indexed 1 documents", true, ""},
		{"binary unit", []string{"--max-file-size=1KiB"}, 0, "indexed 1 documents", true, ""},
		{"plain bytes", []string{"--max-file-size", "1000"}, 0, "indexed 1 documents", true, ""},
		{"zero is no limit", []string{"--max-file-size", "0"}, 0, "indexed 2 documents", false, ""},
		{"everything too large", []string{"--max-file-size", "10B"}, 1, "", true, "all 2 files found were skipped"},
		{"bad unit", []string{"--max-file-size", "12 parsecs"}, 2, "", false, "max-file-size"},
		{"negative", []string{"--max-file-size", "-1MB"}, 2, "", false, "max-file-size"},
		{"not finite", []string{"--max-file-size", "Inf"}, 2, "", false, "max-file-size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := filepath.Join(t.TempDir(), "store")
			args := append([]string{"index", "--no-log", "--store", st}, tt.args...)
			code, out, errOut := runCLI(t, append(args, docs)...)
			require.Equal(t, tt.code, code, errOut)
			require.Contains(t, out, tt.indexed)
			require.Contains(t, errOut, tt.errorOut)
			if tt.skipped {
				require.Contains(t, errOut, "skipped "+filepath.Join(docs, "big.md"))
				require.Contains(t, errOut, "--max-file-size")
				if code == 0 {
					require.Contains(t, out, "1 files skipped")
				}
			} else {
				require.NotContains(t, errOut, "hybridrag: skipped")
			}
		})
	}

	t.Run("a file named directly", func(t *testing.T) {
		st := filepath.Join(t.TempDir(), "store")
		code, out, errOut := runCLI(t, "index", "--no-log", "--store", st, "--max-file-size", "1KB",
			filepath.Join(docs, "small.md"), filepath.Join(docs, "big.md"))
		require.Equal(t, 0, code, errOut)
		require.Contains(t, out, "indexed 1 documents")
		require.Contains(t, out, "1 files skipped")
		require.Contains(t, errOut, "big.md")
	})
}

func TestByteSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {"1024", 1024, true}, {"512MB", 512e6, true}, {"1GiB", 1 << 30, true},
		{"1.5 KiB", 1536, true}, {"256mib", 256 << 20, true}, {"10b", 10, true}, {"2G", 2 << 30, true},
		{"", 0, false}, {"MB", 0, false}, {"-5", 0, false}, {"NaN", 0, false}, {"1e30GB", 0, false}, {"5 XB", 0, false},
	}
	for _, tt := range tests {
		var s byteSize
		err := s.Set(tt.in)
		if !tt.ok {
			require.Error(t, err, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		require.Equal(t, tt.want, int64(s), tt.in)
	}
	d := defaultMaxFileSize
	require.Equal(t, "256MiB", d.String())
}
