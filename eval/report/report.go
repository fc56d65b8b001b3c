package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag/eval"
)

// File names Write creates.
const (
	JSONFile     = "report.json"
	MarkdownFile = "report.md"
	HTMLFile     = "report.html"
)

// ErrNoRun means a report was asked for without a run.
var ErrNoRun = errors.New("report: no eval run")

// Report is what the three files hold. Calibration is nil when the run
// could not be calibrated (it needs answerable and unanswerable
// questions); CalibrationNote then says why. The writers only read it, so
// one Report may be rendered from several goroutines at once.
type Report struct {
	Run             *eval.Run               `json:"run"`
	Calibration     *eval.CalibrationReport `json:"calibration"`
	CalibrationNote string                  `json:"calibration_note,omitempty"`
}

// Write creates dir if needed and writes report.json, report.md and
// report.html into it, replacing earlier files. Each file is written
// whole to a temporary name first and renamed, so a failed write leaves no
// truncated report behind.
func Write(dir string, r Report) error {
	if r.Run == nil {
		return ErrNoRun
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	for _, f := range []struct {
		name  string
		write func(io.Writer, Report) error
	}{{JSONFile, WriteJSON}, {MarkdownFile, WriteMarkdown}, {HTMLFile, WriteHTML}} {
		var buf bytes.Buffer
		if err := f.write(&buf, r); err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dir, f.name), buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r Report) error {
	if r.Run == nil {
		return ErrNoRun
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}
