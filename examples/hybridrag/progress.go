package main

import (
	"fmt"
	"io"

	"github.com/schollz/progressbar/v3"
)

// progressLogEvery is how many documents pass between two progress lines
// when stderr is not a terminal (a log file, CI, a pipe): a bar's carriage
// returns would garble those, and silence looks like a hang.
const progressLogEvery = 100

// indexProgress reports documents indexed so far.
type indexProgress interface {
	Add(n int) error
	Finish() error
}

// newIndexProgress returns a progress bar when w is a terminal and a line
// logger otherwise.
func newIndexProgress(n int, w io.Writer) indexProgress {
	if b := newBar(n, w); b != nil {
		return ttyBar{b, w}
	}
	return &lineLog{w: w, total: n}
}

// newBar returns a progress bar when w is a terminal, else nil.
func newBar(n int, w io.Writer) *progressbar.ProgressBar { return newProgress(n, "indexing", w) }

type ttyBar struct {
	*progressbar.ProgressBar
	w io.Writer
}

func (b ttyBar) Finish() error {
	err := b.ProgressBar.Finish()
	fmt.Fprintln(b.w)
	return err
}

// lineLog prints "indexed N/TOTAL documents" each time the count crosses
// a multiple of progressLogEvery.
type lineLog struct {
	w           io.Writer
	done, total int
}

func (l *lineLog) Add(n int) error {
	before := l.done / progressLogEvery
	l.done += n
	if l.done/progressLogEvery > before && l.done < l.total {
		_, err := fmt.Fprintf(l.w, "indexed %d/%d documents\n", l.done, l.total)
		return err
	}
	return nil
}

func (l *lineLog) Finish() error { return nil }
