package loader

import (
	"path"
	"regexp"
	"strings"
)

// Doxygen's generated pages. An API reference made by Doxygen (the C and
// C++ libraries' usual one: FFmpeg's /usr/share/doc/ffmpeg/api holds 752
// pages) documents each file, module and structure on a page of its own,
// and beside them writes two kinds of page that are not documentation:
// each source file again as a listing (mem_8h_source.html, the header
// whose documented functions mem_8h.html describes, doc comments and all),
// and index pages that list every documented name with a link to its page
// (globals_func.html: "av_strdup() : mem.h", for every function). Indexed,
// the listings repeat the doc comments without the pages' structure, and
// the indexes hold every name a question may ask about, each with none of
// its documentation: both crowd the documented pages out of the sources
// ("What does av_strdup do?" retrieved globals_func.html and dict_8h's
// listing, not the page that says "Duplicate a string."). Pages whose head
// names Doxygen as their generator are told apart by the file names
// Doxygen has always given them.

// doxygenIndexPage matches the file names of Doxygen's index pages.
var doxygenIndexPage = regexp.MustCompile(`^(?:(?:globals|functions|namespacemembers|concepts)(?:_[a-z0-9_]+)?|files|annotated|classes|hierarchy|inherits|namespaces|modules|topics|dirs|deprecated|todo|bug|test)\.html$`)

// doxygenSourceSuffix ends the file name of a source listing.
const doxygenSourceSuffix = "_source.html"

// madeByDoxygen reports whether the head of an HTML page names Doxygen as
// its generator (<meta name="generator" content="Doxygen 1.9.4"/>).
func madeByDoxygen(head []byte) bool { return hasMeta(head, generatorName, doxygenContent) }

var (
	generatorName  = regexp.MustCompile(`(?i)\bname\s*=\s*["']?generator\b`)
	doxygenContent = regexp.MustCompile(`(?i)\bcontent\s*=\s*["']\s*doxygen\b`)
)

// doxygenListing returns, for the page at rel (slash-separated) when
// Doxygen made it as a source listing, the page documenting that source
// (mem_8h.html for mem_8h_source.html) if the folder holds it; "" and
// false otherwise. A listing whose file has no page of its own is all
// there is of it, and loads.
func (s *folderScan) doxygenListing(rel string) (string, bool) {
	if !s.doxygen[rel] || !strings.HasSuffix(rel, doxygenSourceSuffix) {
		return "", false
	}
	page := strings.TrimSuffix(rel, doxygenSourceSuffix) + ".html"
	if _, ok := s.htmlSizes[page]; !ok {
		return "", false
	}
	return page, true
}

// doxygenIndex reports whether the page at rel (slash-separated) is one of
// Doxygen's index pages.
func (s *folderScan) doxygenIndex(rel string) bool {
	return s.doxygen[rel] && doxygenIndexPage.MatchString(path.Base(rel))
}
