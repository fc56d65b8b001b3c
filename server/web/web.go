package web

import (
	"embed"
	"io/fs"
)

// The page's files sit beside this one so that FS needs no fs.Sub (and
// has no error to report); the patterns name every kind of file served.
//
//go:embed *.html *.css *.js *.svg
var files embed.FS

// FS returns the page's files, rooted so that "index.html" is the page.
// The result is read-only and safe for concurrent use.
func FS() fs.FS { return files }
