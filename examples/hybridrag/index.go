package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

const indexBatch = 32 // documents per Index call, so progress moves

func cmdIndex(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	var (
		c        common
		strict   bool
		sync     bool
		idPrefix string
		maxSize  = defaultMaxFileSize
		emb      embedderFlags
	)
	fs := newFlagSet("index", &c)
	fs.BoolVar(&strict, "strict", false, "fail on the first file that cannot be loaded or indexed, instead of skipping it")
	fs.StringVar(&idPrefix, "id-prefix", "", "put before every document's path relative to its folder to form its id")
	fs.Var(&maxSize, "max-file-size", "skip files larger than this (e.g. 512MB, 1GiB; 0: no limit); a skipped file is named on stderr and counted")
	fs.BoolVar(&sync, "sync", false, "also remove the stored documents of each folder PATH whose files no longer exist")
	addLogFlags(fs, &c, false)
	addEmbedderFlags(fs, &emb)
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
	embedder, chosen, err := emb.build()
	if err != nil {
		return err
	}
	start := time.Now()
	sk := &skipper{w: stderr, strict: strict}
	ld, err := loadPaths(paths, idPrefix, int64(maxSize), sk)
	if err != nil {
		return err
	}
	docs := ld.docs
	for i := range docs {
		docs[i].TenantID, docs[i].ProjectID = c.tenant, c.project
	}
	for _, ts := range ld.streams {
		ts.Document.TenantID, ts.Document.ProjectID = c.tenant, c.project
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
	if !chosen {
		if embedder, err = storeEmbedder(ctx, st); err != nil {
			return err
		}
	}
	p, err := hybridrag.New(hybridrag.Config{Store: st, Embedder: embedder})
	if err != nil {
		return err
	}
	defer p.Close()

	bar := newIndexProgress(len(docs)+len(ld.streams), stderr)
	for lo := 0; lo < len(docs); lo += indexBatch {
		batch := docs[lo:min(lo+indexBatch, len(docs))]
		st, err := indexSkipping(ctx, p, batch, sk)
		addStats(&total, st)
		if err != nil {
			return fmt.Errorf("after %d documents: %w", total.Documents, err)
		}
		_ = bar.Add(len(batch))
	}
	for _, ts := range ld.streams {
		st, err := indexStream(ctx, p, ts, sk)
		addStats(&total, st)
		if err != nil {
			return fmt.Errorf("after %d documents: %w", total.Documents, err)
		}
		_ = bar.Add(1)
	}
	_ = bar.Finish()
	removed := 0
	if sync {
		if removed, err = syncRoots(ctx, p, st, c.tenant, c.project, ld); err != nil {
			return err
		}
	}
	if err := p.Close(); err != nil {
		return err
	}
	if err := st.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "indexed %d documents, %d chunks in %.2fs into %s (%d new, %d replaced, %d unchanged, %d removed, %d skipped)%s\n",
		total.Documents, total.Chunks, time.Since(start).Seconds(), c.store,
		total.New, total.Replaced, total.Unchanged, removed, sk.n, sk.summary())
	saveIndexRun(ctx, &c, stderr, sqlitelog.IndexRun{
		Started: start, Duration: time.Since(start), Roots: absPaths(paths), Tenant: c.tenant, Project: c.project,
		Documents: total.Documents, Chunks: total.Chunks, New: total.New, Replaced: total.Replaced,
		Unchanged: total.Unchanged, Removed: removed, Skipped: sk.n, Errors: sk.errs,
	})
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
	w         io.Writer
	strict    bool
	n         int
	ignored   map[string]int    // files of unsupported types, by extension
	redirects int               // redirect pages (loader.ErrRedirect) passed over
	noindex   int               // pages marked noindex (loader.ErrNoIndex) passed over
	sources   int               // page sources (loader.ErrPageSource) passed over
	combined  int               // single-page editions (loader.ErrCombinedPage) passed over
	editions  int               // PDF, EPUB and text editions of the pages (CombinedPageError.OtherFormat) passed over
	indexes   int               // generated index pages (loader.ErrIndexPage) passed over
	parts     int               // included parts (loader.IncludedError), indexed within their pages
	paths     map[string]string // document id → file path as typed, to name it
	errs      []string          // "path: reason" of each skipped file, for the index-runs log
}

// saveIndexRun records the run in the query log (--log, --no-log); a log
// that cannot be written is reported, not an error: the index is done.
func saveIndexRun(ctx context.Context, c *common, stderr io.Writer, run sqlitelog.IndexRun) {
	path := c.logPath()
	if path == "" {
		return
	}
	l, err := sqlitelog.Open(path, sqlitelog.Options{})
	if err == nil {
		_, err = l.SaveIndexRun(ctx, run)
		err = errors.Join(err, l.Close())
	}
	if err != nil {
		fmt.Fprintf(stderr, "hybridrag: index run not logged (--no-log to silence): %v\n", err)
	}
}

// absPaths are paths made absolute where possible, for the log.
func absPaths(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		out[i] = p
	}
	return out
}

// path is the file a document was loaded from, as the user typed it.
func (s *skipper) path(d store.Document) string {
	if p, ok := s.paths[d.ID]; ok {
		return p
	}
	return d.Source
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
	if s.redirects > 0 {
		out += fmt.Sprintf("; %d redirect pages ignored", s.redirects)
	}
	if s.noindex > 0 {
		out += fmt.Sprintf("; %d pages marked noindex ignored (print views, tables of contents, stubs)", s.noindex)
	}
	if s.sources > 0 {
		out += fmt.Sprintf("; %d sources of HTML pages ignored (the pages are indexed)", s.sources)
	}
	if s.combined > 0 {
		out += fmt.Sprintf("; %d single-page editions ignored (they repeat the pages indexed)", s.combined)
	}
	if s.editions > 0 {
		out += fmt.Sprintf("; %d other editions ignored (PDF, EPUB or text copies of the pages indexed)", s.editions)
	}
	if s.indexes > 0 {
		out += fmt.Sprintf("; %d generated index pages ignored (lists of the names documented)", s.indexes)
	}
	if s.parts > 0 {
		out += fmt.Sprintf("; %d included files indexed within the pages that include them", s.parts)
	}
	return out
}

func (s *skipper) skip(path string, err error) error {
	if errors.Is(err, loader.ErrRedirect) {
		s.redirects++
		return nil
	}
	if errors.Is(err, loader.ErrNoIndex) {
		s.noindex++
		return nil
	}
	if ie := (*loader.IncludedError)(nil); errors.As(err, &ie) {
		s.parts++
		return nil
	}
	if errors.Is(err, loader.ErrPageSource) {
		s.sources++
		return nil
	}
	if errors.Is(err, loader.ErrCombinedPage) {
		if ce := (*loader.CombinedPageError)(nil); errors.As(err, &ce) && ce.OtherFormat {
			s.editions++
		} else {
			s.combined++
		}
		return nil
	}
	if errors.Is(err, loader.ErrIndexPage) {
		s.indexes++
		return nil
	}
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
	if errors.Is(err, loader.ErrTooLarge) {
		err = fmt.Errorf("%w (--max-file-size to change)", err)
	}
	s.n++
	s.errs = append(s.errs, fmt.Sprintf("%s: %v", path, err))
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
		if err := sk.skip(sk.path(docs[i]), de.Err); err != nil {
			return st, de
		}
		docs = slices.Delete(slices.Clone(docs), i, i+1)
		if len(docs) == 0 {
			return st, nil
		}
	}
}

// indexStream indexes a large text file as a stream; a file the pipeline
// rejects is skipped through sk.
func indexStream(ctx context.Context, p *hybridrag.Pipeline, ts *loader.TextStream, sk *skipper) (hybridrag.IndexStats, error) {
	st, err := p.IndexStream(ctx, ts.Document, ts.Open)
	var de *hybridrag.DocumentError
	if err == nil || !errors.As(err, &de) {
		return st, err
	}
	if err := sk.skip(sk.path(ts.Document), de.Err); err != nil {
		return st, de
	}
	return st, nil
}

// streamAbove is the file size from which index reads a text or Markdown
// file as a stream (Pipeline.IndexStream) rather than whole: memory then
// stays bounded however large the file. A variable so that tests can
// stream small files.
var streamAbove int64 = 16 << 20

// rootKey is the Metadata.Extra key under which index records the folder a
// document was loaded from (absolute, symbolic links resolved), so that
// --sync removes only documents of the folder it walks.
const rootKey = "index_root"

// loaded is what loadPaths found.
type loaded struct {
	docs []store.Document
	// streams are the large text files, indexed as streams.
	streams []*loader.TextStream
	// found holds, per folder PATH (by its rootKey value), the ids of every
	// file found under it, loaded or skipped: a file that exists is never
	// removed by --sync, even if it failed to load this time.
	found map[string]map[string]bool
}

// loadPaths reads files and folders (recursively) in argument order. A
// document's id is its path relative to the folder given (a file given
// directly: its name), after idPrefix. A missing path is an error; a file
// that cannot be loaded goes to sk.
func loadPaths(paths []string, idPrefix string, maxSize int64, sk *skipper) (*loaded, error) {
	ld := &loaded{found: map[string]map[string]bool{}}
	sk.paths = map[string]string{}
	add := func(d store.Document, root, typed string) {
		d.Metadata.Extra = maps.Clone(d.Metadata.Extra)
		if d.Metadata.Extra == nil {
			d.Metadata.Extra = map[string]string{}
		}
		d.Metadata.Extra[rootKey] = root
		sk.paths[d.ID] = typed
		ld.docs = append(ld.docs, d)
	}
	addStream := func(ts *loader.TextStream, root, typed string) {
		d := &ts.Document
		d.Metadata.Extra = maps.Clone(d.Metadata.Extra)
		if d.Metadata.Extra == nil {
			d.Metadata.Extra = map[string]string{}
		}
		d.Metadata.Extra[rootKey] = root
		sk.paths[d.ID] = typed
		ld.streams = append(ld.streams, ts)
	}
	for _, path := range paths {
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			root, err := canonicalRoot(filepath.Dir(path))
			if err != nil {
				return nil, err
			}
			// A file root: its id is idPrefix and its name.
			opts := loader.DirOptions{IDPrefix: idPrefix, MaxFileSize: maxSize, StreamAbove: streamAbove, OnStream: func(ts *loader.TextStream) error {
				addStream(ts, root, path)
				return nil
			}}
			err = loader.LoadDirWith(path, opts, func(d store.Document) error {
				add(d, root, path)
				return nil
			})
			if errors.Is(err, loader.ErrUnsupported) {
				return nil, err // named explicitly: not a file to pass over
			}
			if err != nil {
				if err := sk.skip(path, err); err != nil {
					return nil, err
				}
			}
			continue
		}
		root, err := canonicalRoot(path)
		if err != nil {
			return nil, err
		}
		found := ld.found[root]
		if found == nil {
			found = map[string]bool{}
			ld.found[root] = found
		}
		opts := loader.DirOptions{IDPrefix: idPrefix, MaxFileSize: maxSize, OnLoadError: func(p string, err error) error {
			// A redirect page, a page's source, a noindex page, a
			// single-page edition or a generated index is no document:
			// --sync removes one indexed before the loader knew them.
			if rel, rerr := filepath.Rel(path, p); rerr == nil && !errors.Is(err, loader.ErrRedirect) &&
				!errors.Is(err, loader.ErrPageSource) && !errors.Is(err, loader.ErrNoIndex) && !errors.Is(err, loader.ErrCombinedPage) &&
				!errors.Is(err, loader.ErrIndexPage) {
				found[loader.DocumentID(idPrefix, rel)] = true
			}
			return sk.skip(p, err)
		}}
		typed := func(id string) string {
			rel := id
			if idPrefix != "" {
				rel = strings.TrimPrefix(rel, strings.TrimRight(idPrefix, "/")+"/")
			}
			found[id] = true
			return filepath.Join(path, filepath.FromSlash(rel))
		}
		opts.StreamAbove = streamAbove
		opts.OnStream = func(ts *loader.TextStream) error {
			addStream(ts, root, typed(ts.Document.ID))
			return nil
		}
		if err := loader.LoadDirWith(path, opts, func(d store.Document) error {
			add(d, root, typed(d.ID))
			return nil
		}); err != nil {
			return nil, err
		}
	}
	if len(ld.docs) == 0 && len(ld.streams) == 0 {
		if sk.n > 0 {
			return nil, fmt.Errorf("nothing to index: all %d files found were skipped", sk.n)
		}
		return nil, fmt.Errorf("no supported documents (%s) under %v", loader.SupportedFormats, paths)
	}
	return ld, nil
}

// canonicalRoot is the folder's absolute path with symbolic links
// resolved: the same however it was typed.
func canonicalRoot(dir string) (string, error) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	return filepath.Abs(real)
}

// syncRoots removes, for each folder PATH walked, the stored documents
// recorded as loaded from it whose files were not found this time, and
// returns how many it removed.
func syncRoots(ctx context.Context, p *hybridrag.Pipeline, st store.DocumentLister, tenant, project string, ld *loaded) (int, error) {
	if len(ld.found) == 0 {
		return 0, nil
	}
	infos, err := st.ListDocuments(ctx, tenant, project)
	if err != nil {
		return 0, err
	}
	var gone []string
	for _, in := range infos {
		if found, ok := ld.found[in.Metadata.Extra[rootKey]]; ok && !found[in.ID] {
			gone = append(gone, in.ID)
		}
	}
	slices.Sort(gone)
	if len(gone) == 0 {
		return 0, nil
	}
	if err := p.Delete(ctx, tenant, project, gone...); err != nil {
		return 0, fmt.Errorf("sync: %w", err)
	}
	return len(gone), nil
}

// addStats adds the counts index reports of one batch or stream to total.
func addStats(total *hybridrag.IndexStats, st hybridrag.IndexStats) {
	total.Documents += st.Documents
	total.Chunks += st.Chunks
	total.New += st.New
	total.Replaced += st.Replaced
	total.Unchanged += st.Unchanged
}
