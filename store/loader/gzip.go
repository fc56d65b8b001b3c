package loader

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Compressed documents. Debian and its derivatives compress every file of
// /usr/share/doc above a few kilobytes (pip's pip_install.rst.gz, a
// project's changelog.md.gz, a user guide's index.rst.gz) and leave the
// small ones as they are, so a documentation folder as it is installed
// holds its longest pages compressed. A file named NAME.EXT.gz, where EXT
// is a supported extension, is read as NAME.EXT once decompressed; its id
// and source keep the name on disk.

// gzipExt is the extension of a gzip-compressed document.
const gzipExt = ".gz"

// gzipInner returns the name a compressed document has once decompressed
// ("guide.rst" for "guide.rst.gz") and true, or "" and false when path is
// not named as a compressed document.
func gzipInner(path string) (string, bool) {
	if !strings.EqualFold(filepath.Ext(path), gzipExt) {
		return "", false
	}
	inner := path[:len(path)-len(gzipExt)]
	if kindOf(inner) == kindNone {
		return "", false
	}
	return inner, true
}

// readGzip returns the decompressed content of the gzip file at path. A
// stream that would expand beyond limit bytes (limit > 0) is an error
// wrapping ErrTooLarge, found after reading at most limit+1 bytes, so a
// small file that expands to gigabytes costs no more memory than the
// limit; a damaged or truncated stream is a *FormatError wrapping
// ErrMalformed.
func readGzip(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("loader: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, &FormatError{Path: path, Format: "gzip", Err: ErrMalformed, Cause: err}
	}
	defer zr.Close()
	var r io.Reader = zr
	if limit > 0 {
		r = io.LimitReader(zr, limit+1)
	}
	raw, err := io.ReadAll(r)
	switch {
	case errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) || errors.Is(err, io.ErrUnexpectedEOF):
		return nil, &FormatError{Path: path, Format: "gzip", Err: ErrMalformed, Cause: err}
	case err != nil:
		return nil, fmt.Errorf("loader: read %s: %w", path, err)
	case limit > 0 && int64(len(raw)) > limit:
		return nil, fmt.Errorf("%w: %s expands beyond the %s size limit", ErrTooLarge, path, formatBytes(limit))
	}
	return raw, nil
}

// uncompressed returns the name a compressed document has once
// decompressed, and any other path unchanged: a page's source is found by
// that name whether or not it is compressed.
func uncompressed(path string) string {
	if inner, ok := gzipInner(path); ok {
		return inner
	}
	return path
}
