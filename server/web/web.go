// Package web holds hybridrag's web page, embedded in the binary.
//
// This is a placeholder until the page itself lands: FS is the contract
// package server relies on.
package web

import (
	"embed"
	"io/fs"
)

//go:embed *.html
var files embed.FS

// FS returns the page's files, rooted so that "index.html" is the page.
// The result is read-only and safe for concurrent use.
func FS() fs.FS { return files }
