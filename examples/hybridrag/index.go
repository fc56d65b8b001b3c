package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

const indexBatch = 32 // documents per Index call, so progress moves

func cmdIndex(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	var (
		c      common
		strict bool
	)
	fs := newFlagSet("index", &c)
	fs.BoolVar(&strict, "strict", false, "fail on the first file that cannot be loaded or indexed, instead of skipping it")
	paths, err := parse(fs, args)
	if err != nil {
		return err
	}
	if c.store == "" {
		return fmt.Errorf("%w: --store DIR is required", errUsage)
	}
	if len(paths) == 0 {
		return fmt.Errorf("%w: missing PATH", errUsage)
	}
	start := time.Now()
	sk := &skipper{w: stderr, strict: strict}
	docs, err := loadPaths(paths, sk)
	if err != nil {
		return err
	}
	for i := range docs {
		docs[i].TenantID, docs[i].ProjectID = c.tenant, c.project
	}
	// Runs after the store is closed: a first index that fails leaves no
	// store folder behind.
	total := hybridrag.IndexStats{}
	created := newStoreRoot(c.store)
	defer func() {
		if err != nil && total.Documents == 0 {
			removeNewStore(created, stderr)
		}
	}()
	st, err := openStore(ctx, c.store, true)
	if err != nil {
		return err
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st})
	if err != nil {
		return err
	}
	defer p.Close()

	bar := newBar(len(docs), stderr)
	for lo := 0; lo < len(docs); lo += indexBatch {
		batch := docs[lo:min(lo+indexBatch, len(docs))]
		st, err := indexSkipping(ctx, p, batch, sk)
		total.Documents += st.Documents
		total.Chunks += st.Chunks
		if err != nil {
			return fmt.Errorf("after %d documents: %w", total.Documents, err)
		}
		if bar != nil {
			_ = bar.Add(len(batch))
		}
	}
	if bar != nil {
		_ = bar.Finish()
		fmt.Fprintln(stderr)
	}
	if err := p.Close(); err != nil {
		return err
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "indexed %d documents, %d chunks in %.2fs into %s%s\n",
		total.Documents, total.Chunks, time.Since(start).Seconds(), c.store, sk.summary())
	if total.Documents == 0 {
		return fmt.Errorf("nothing indexed: every file was skipped")
	}
	return nil
}

// skipper reports files index leaves out: one that cannot be loaded (a
// scanned or damaged PDF, a text file that is not UTF-8, an empty file)
// is named on stderr with the reason and skipped, so one bad file does not
// stop a folder from being indexed; with --strict it is an error.
type skipper struct {
	w       io.Writer
	strict  bool
	n       int
	ignored map[string]int // files of unsupported types, by extension
}

// summary is what the summary line adds about skipped and ignored files.
func (s *skipper) summary() string {
	out := ""
	if s.n > 0 {
		out = fmt.Sprintf("; %d files skipped, listed on stderr", s.n)
	}
	if len(s.ignored) > 0 {
		n, exts := 0, make([]string, 0, len(s.ignored))
		for ext, k := range s.ignored {
			n += k
			if ext == "" {
				ext = "no extension"
			}
			exts = append(exts, ext)
		}
		slices.Sort(exts)
		out += fmt.Sprintf("; %d files of other types ignored (%s)", n, strings.Join(exts, ", "))
	}
	return out
}

func (s *skipper) skip(path string, err error) error {
	if errors.Is(err, loader.ErrUnsupported) {
		if s.ignored == nil {
			s.ignored = map[string]int{}
		}
		s.ignored[strings.ToLower(filepath.Ext(path))]++
		return nil
	}
	if s.strict {
		return err
	}
	s.n++
	fmt.Fprintf(s.w, "hybridrag: skipped %s: %v\n", path, err)
	return nil
}

// indexSkipping indexes docs; a document the pipeline rejects (Index
// validates the whole call before writing anything) is skipped through sk
// and the rest indexed again.
func indexSkipping(ctx context.Context, p *hybridrag.Pipeline, docs []store.Document, sk *skipper) (hybridrag.IndexStats, error) {
	for {
		st, err := p.Index(ctx, docs...)
		var de *hybridrag.DocumentError
		if err == nil || !errors.As(err, &de) {
			return st, err
		}
		i := slices.IndexFunc(docs, func(d store.Document) bool { return d.ID == de.ID })
		if i < 0 {
			return st, err
		}
		if err := sk.skip(docs[i].Source, de.Err); err != nil {
			return st, de
		}
		docs = slices.Delete(slices.Clone(docs), i, i+1)
		if len(docs) == 0 {
			return st, nil
		}
	}
}

// loadPaths reads files and folders (recursively) in argument order. A
// missing path is an error; a file that cannot be loaded goes to sk.
func loadPaths(paths []string, sk *skipper) ([]store.Document, error) {
	var docs []store.Document
	for _, path := range paths {
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			d, err := loader.LoadFile(path)
			if errors.Is(err, loader.ErrUnsupported) {
				return nil, err // named explicitly: not a file to pass over
			}
			if err != nil {
				if err := sk.skip(path, err); err != nil {
					return nil, err
				}
				continue
			}
			docs = append(docs, d)
			continue
		}
		if err := loader.LoadDirFunc(path, func(d store.Document) error {
			docs = append(docs, d)
			return nil
		}, sk.skip); err != nil {
			return nil, err
		}
	}
	if len(docs) == 0 {
		if sk.n > 0 {
			return nil, fmt.Errorf("nothing to index: all %d files found were skipped", sk.n)
		}
		return nil, fmt.Errorf("no supported documents (.md, .markdown, .txt, .html, .htm, .pdf, .docx) under %v", paths)
	}
	return docs, nil
}

// newBar returns a progress bar when w is a terminal, else nil.
func newBar(n int, w io.Writer) *progressbar.ProgressBar {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("indexing"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
	)
}
