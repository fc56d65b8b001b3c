package loader

import (
	"errors"
	"fmt"
	"os"
)

// DefaultMaxFileSize is the limit the hybridrag CLI's index applies by
// default (--max-file-size): 256 MiB. Hosts pass it as
// DirOptions.MaxFileSize to get the same behaviour.
const DefaultMaxFileSize int64 = 256 << 20

// ErrTooLarge means a file is larger than the size limit it was loaded
// with (DirOptions.MaxFileSize).
var ErrTooLarge = errors.New("loader: file too large")

// SizeError reports a file skipped for its size, before it was read. It
// unwraps to ErrTooLarge. It is not safe for concurrent mutation; reading
// it from several goroutines is fine.
type SizeError struct {
	Path  string
	Size  int64 // bytes on disk
	Limit int64 // the limit it exceeded
}

func (e *SizeError) Error() string {
	return fmt.Sprintf("loader: %s is %s, above the %s size limit",
		e.Path, formatBytes(e.Size), formatBytes(e.Limit))
}

// Unwrap makes errors.Is(err, ErrTooLarge) true.
func (e *SizeError) Unwrap() error { return ErrTooLarge }

// checkSize returns a *SizeError when path is larger than limit (> 0).
// The size is checked before reading, so a huge file costs no memory.
func checkSize(path string, limit int64) error {
	if limit <= 0 {
		return nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("loader: %w", err)
	}
	if st.Size() > limit {
		return &SizeError{Path: path, Size: st.Size(), Limit: limit}
	}
	return nil
}

// formatBytes writes n in the largest binary unit that keeps one decimal.
func formatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 4; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTP"[exp])
}
