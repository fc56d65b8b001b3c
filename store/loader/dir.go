package loader

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// DirOptions tunes LoadDirWith. The zero value is LoadDir's behaviour.
type DirOptions struct {
	// IDPrefix is put before every document's relative path to form its
	// ID and Source ("manual" → "manual/install/linux.md"); a URL prefix
	// ("https://example.com/docs/") makes ids that are links. Empty: the
	// relative path alone.
	IDPrefix string
	// OnLoadError, if set, is called for each file under a directory root
	// that LoadFile cannot read or whose type is unsupported
	// (ErrUnsupported), or that is a redirect page or a symbolic link to
	// another file under root it loads (ErrRedirect), the
	// plain-text source of an HTML page under root or a part another
	// file includes (ErrPageSource), a page its site marks noindex
	// (ErrNoIndex) or a single-page edition of the others
	// (ErrCombinedPage) or a generator's index of names (ErrIndexPage),
	// with the path under root as typed; returning nil skips the file,
	// returning an error stops the walk with it. Nil passes over
	// unsupported files, redirect pages, page sources, noindex pages,
	// single-page editions and generated indexes, and stops at the first
	// other such file.
	OnLoadError func(path string, err error) error
	// MaxFileSize, if positive, is the largest file loaded, in bytes: a
	// larger one is not read and counts as a load error, a *SizeError
	// (ErrTooLarge) that OnLoadError sees like any other. Zero means no
	// limit; DefaultMaxFileSize is the CLI's.
	MaxFileSize int64
	// OnStream, if set, receives instead of fn each text or Markdown file
	// of at least StreamAbove bytes (StreamAbove > 0), prepared by
	// OpenStream rather than loaded, so that it can be indexed without
	// being held in memory; its Document's ID and Source are set as fn's
	// would be. Load errors go to OnLoadError as for other files; a UTF-16
	// file is loaded and given to fn.
	OnStream    func(*TextStream) error
	StreamAbove int64
}

// mayHoldBack reports whether a file of size bytes (gzip-compressed when
// gz is set) that may be another edition of the folder's pages waits
// for them (edition.go): one of a manual's size that opts would not
// stream. Text compresses about four to one.
func (opts *DirOptions) mayHoldBack(size int64, gz bool) bool {
	least := int64(editionMinBytes)
	if gz {
		least /= 4
	}
	streamed := opts.OnStream != nil && opts.StreamAbove > 0 && size >= opts.StreamAbove
	return size >= least && size <= editionMaxBytes && !streamed
}

// stream prepares path for opts.OnStream when it qualifies; ok is false
// when path is to be loaded instead.
func (opts *DirOptions) stream(path string) (ts *TextStream, ok bool, err error) {
	if opts.OnStream == nil || opts.StreamAbove <= 0 || !isStreamable(path) {
		return nil, false, nil
	}
	st, err := os.Stat(path)
	if err != nil || st.Size() < opts.StreamAbove {
		return nil, false, nil
	}
	ts, err = OpenStream(path)
	if errors.Is(err, ErrUnsupported) {
		return nil, false, nil // UTF-16: LoadFile converts it
	}
	return ts, true, err
}

// LoadDir loads every supported file under root, recursively, and calls fn
// with each document in lexical path order (directory entries sorted by
// name), so repeated runs index files in the same order; large HTML pages
// (combined.go) come after the others, smallest first, and one that
// repeats the pages before it (a single-page edition of the set) is passed
// over; in a folder with HTML, Markdown, reST, AsciiDoc, DOCX or ODT
// pages, PDF, EPUB and text files of a manual's size come last, and one that repeats the pages (another
// edition of them, edition.go) is passed over too. Hidden files and
// directories (names starting with ".") are skipped, except root itself;
// symbolic links to directories below root are not followed (root itself
// may be one), and a symbolic link to a file under root that is loaded
// itself is passed over as a second name for it. If root is a file, it is loaded alone, and an unsupported
// extension is an error. AsciiDoc and reStructuredText includes are
// followed to files under root (for a file root, under its folder), never
// outside it (include.go); LoadFile follows none.
//
// A document's ID and Source are its slash-separated path relative to
// root (for a file root: its name), so they do not depend on how root was
// typed: "docs", "./docs/", "/abs/docs" and a symbolic link to it give the
// same ids, and indexing them again replaces rather than duplicates.
//
// The first error stops the walk and is returned: an error from fn
// unchanged, a load error as LoadFile returns it (with the path in its
// message), a missing root wrapping fs.ErrNotExist.
func LoadDir(root string, fn func(store.Document) error) error {
	return LoadDirWith(root, DirOptions{}, fn)
}

// LoadDirFunc is LoadDir with a say in load errors (DirOptions.OnLoadError).
func LoadDirFunc(root string, fn func(store.Document) error, onLoadError func(path string, err error) error) error {
	return LoadDirWith(root, DirOptions{OnLoadError: onLoadError}, fn)
}

// LoadDirWith is LoadDir with options. A root that is itself a file is
// loaded alone and its error returned as is.
func LoadDirWith(root string, opts DirOptions, fn func(store.Document) error) error {
	info, err := os.Stat(root)
	if err != nil {
		return fmt.Errorf("loader: %w", err)
	}
	if !info.IsDir() {
		if err := checkSize(root, opts.MaxFileSize); err != nil {
			return err
		}
		if ts, ok, err := opts.stream(root); ok {
			if err != nil {
				return err
			}
			setID(&ts.Document, opts.IDPrefix, filepath.Base(root))
			return opts.OnStream(ts)
		}
		dir, err := os.OpenRoot(filepath.Dir(root))
		if err != nil {
			return fmt.Errorf("loader: %w", err)
		}
		defer dir.Close()
		doc, err := loadFile(root, newIncluder(dir, filepath.Base(root), nil), opts.MaxFileSize)
		if err != nil {
			return err
		}
		setID(&doc, opts.IDPrefix, filepath.Base(root))
		return fn(doc)
	}
	// Walk the resolved directory: WalkDir does not descend into a root
	// that is a symbolic link. Paths are reported under root as typed.
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		return fmt.Errorf("loader: %w", err)
	}
	// Includes are read through the root, which no path may leave.
	dir, err := os.OpenRoot(real)
	if err != nil {
		return fmt.Errorf("loader: %w", err)
	}
	defer dir.Close()
	scan := scanFolder(real)
	// Large HTML pages wait until the others are loaded, then are checked
	// for repeating them (combined.go), smallest first.
	sizes := slices.Collect(maps.Values(scan.htmlSizes))
	large := largePageSize(sizes)
	var late []latePage
	var seen *repeatIndex
	if slices.ContainsFunc(sizes, func(n int64) bool { return n >= large }) {
		seen = &repeatIndex{}
	}
	// PDF, EPUB and text files wait too when the folder has HTML pages or
	// pages written in a markup or word-processor format, then are checked
	// for being another edition of them (edition.go).
	if scan.pages+scan.authored > 0 && scan.editions > 0 {
		if seen == nil {
			seen = &repeatIndex{}
		}
		seen.words = true
	}
	// siblings lists a folder's subfolders, by its slash-separated path
	// under real, once (pathLanguage).
	subfolders := map[string][]string{}
	siblings := func(dir string) []string {
		if names, ok := subfolders[dir]; ok {
			return names
		}
		var names []string
		if entries, err := os.ReadDir(filepath.Join(real, filepath.FromSlash(dir))); err == nil {
			for _, e := range entries {
				if e.IsDir() {
					names = append(names, e.Name())
				}
			}
		}
		subfolders[dir] = names
		return names
	}
	// deliver hands a loaded document or stream to fn or OnStream, or its
	// load error to OnLoadError.
	deliver := func(shown, rel string, doc store.Document, ts *TextStream, err error) error {
		if err != nil {
			if opts.OnLoadError == nil {
				if PassedOver(err) {
					return nil // a .json file that holds no transcript, like any unsupported file; a redirect stub; a page's source; …
				}
				return err
			}
			return opts.OnLoadError(shown, err)
		}
		if ts != nil {
			setID(&ts.Document, opts.IDPrefix, rel)
			return opts.OnStream(ts)
		}
		if seen != nil {
			seen.add(doc.Text)
		}
		if doc.Metadata.Extra[store.LanguageKey] == "" {
			if lang := pathLanguage(filepath.ToSlash(rel), siblings); lang != "" {
				if doc.Metadata.Extra == nil {
					doc.Metadata.Extra = map[string]string{}
				}
				doc.Metadata.Extra[store.LanguageKey] = lang
			}
		}
		setID(&doc, opts.IDPrefix, rel)
		return fn(doc)
	}
	err = filepath.WalkDir(real, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("loader: %w", err)
		}
		rel, rerr := filepath.Rel(real, path)
		if rerr != nil {
			return fmt.Errorf("loader: %w", rerr)
		}
		shown := filepath.Join(root, rel)
		if path != real && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			// A symbolic link or device: load only links to regular files.
			if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
				return nil
			}
			// A link to a file loaded under its own name is a second name
			// for it (Debian links journald.conf.d.5.gz to
			// journald.conf.5.gz): passed over like a redirect.
			if target, ok := aliasOf(real, path); ok {
				return deliver(shown, rel, store.Document{}, nil, &RedirectError{Path: shown, Target: target})
			}
		}
		if !Supported(path) {
			if opts.OnLoadError == nil {
				return nil
			}
			return opts.OnLoadError(shown, fmt.Errorf("%w: %s", ErrUnsupported, shown))
		}
		if by, ok := scan.parts[filepath.ToSlash(rel)]; ok {
			err = &IncludedError{Path: shown, By: filepath.Join(root, filepath.FromSlash(by))}
		} else if scan.passOver(filepath.ToSlash(rel)) {
			err = fmt.Errorf("%w: %s", ErrNoIndex, shown)
		} else if scan.doxygenIndex(filepath.ToSlash(rel)) {
			err = fmt.Errorf("%w: %s", ErrIndexPage, shown)
		} else if page, ok := scan.doxygenListing(filepath.ToSlash(rel)); ok {
			err = &PageSourceError{Path: shown, Page: filepath.Join(root, filepath.FromSlash(page))}
		} else if page := scan.pageOf(real, uncompressed(path), filepath.ToSlash(uncompressed(rel))); page != "" {
			if r, rerr := filepath.Rel(real, page); rerr == nil {
				page = filepath.Join(root, r)
			}
			err = &PageSourceError{Path: shown, Page: page}
		} else {
			err = checkSize(shown, opts.MaxFileSize)
		}
		if size, ok := scan.htmlSizes[filepath.ToSlash(rel)]; err == nil && seen != nil && ok && size >= large {
			late = append(late, latePage{shown: shown, rel: rel, size: size})
			return nil
		}
		if err == nil && seen != nil && seen.words && editionCandidate(kindOf(uncompressed(path))) {
			if info, ierr := d.Info(); ierr == nil && opts.mayHoldBack(info.Size(), path != uncompressed(path)) {
				late = append(late, latePage{shown: shown, rel: rel, size: info.Size(), edition: true})
				return nil
			}
		}
		var doc store.Document
		var ts *TextStream
		if err == nil {
			var streamed bool
			if ts, streamed, err = opts.stream(shown); !streamed {
				doc, err = loadFile(shown, newIncluder(dir, rel, &scan), opts.MaxFileSize)
			}
		}
		return deliver(shown, rel, doc, ts, err)
	})
	if err != nil {
		return err
	}
	// Large pages first, then the other editions, each smallest first.
	slices.SortStableFunc(late, func(a, b latePage) int {
		if a.edition != b.edition {
			return cmp.Compare(b2i(a.edition), b2i(b.edition))
		}
		return cmp.Compare(a.size, b.size)
	})
	for _, p := range late {
		doc, err := loadFile(p.shown, newIncluder(dir, p.rel, &scan), opts.MaxFileSize)
		switch {
		case err != nil:
		case p.edition:
			err = seen.edition(p.shown, doc.Text)
		default:
			err = seen.combined(p.shown, doc.Text)
		}
		if err := deliver(p.shown, p.rel, doc, nil, err); err != nil {
			return err
		}
	}
	return nil
}

// latePage is a large HTML page, or a file that may be another edition of
// the HTML pages, that LoadDirWith loads after the others.
type latePage struct {
	shown, rel string
	size       int64
	edition    bool // judged by its word runs (edition.go)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// DocumentID is the id LoadDirWith gives the file at rel (a path relative
// to the indexed root) with prefix: slash-separated, cleaned, the prefix
// joined with exactly one slash.
func DocumentID(prefix, rel string) string {
	id := filepath.ToSlash(filepath.Clean(rel))
	if prefix == "" {
		return id
	}
	return strings.TrimRight(prefix, "/") + "/" + id
}

func setID(doc *store.Document, prefix, rel string) {
	doc.ID = DocumentID(prefix, rel)
	doc.Source = doc.ID
}

// aliasOf returns the path, relative to the folder real, of the file the
// symbolic link at path resolves to, and true when that file is loaded in
// its own right: under real, in no hidden folder, of a supported type.
func aliasOf(real, path string) (string, bool) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil || !Supported(target) {
		return "", false
	}
	rel, err := filepath.Rel(real, target)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	return filepath.ToSlash(rel), true
}
