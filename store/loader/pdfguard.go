package loader

import (
	"bytes"
	"fmt"
	"slices"
)

// The PDF library sizes tables and loops by numbers it reads from the file
// before it parses any object: a cross-reference subsection that starts at
// object 2,000,000,000 makes it grow a table to that many entries, a /Prev
// that leads back to a cross-reference section already read makes it read
// them forever. Running out of memory or never returning is beyond
// recover, so the raw bytes are checked for such numbers first. The check
// looks at keys wherever they appear; a false alarm needs a number above
// the PDF object limit, which no well-formed file has.

const (
	maxPDFObjects     = 1<<23 - 1 // PDF 1.7's limit on indirect objects in a file
	maxXrefFieldWidth = 1 << 24   // bytes of one cross-reference stream field (8 is plenty)
	maxPDFNumber      = 1 << 40   // where parsed numbers saturate
)

// checkPDFBounds returns an error for numbers the library would turn into
// unbounded memory or loops.
func checkPDFBounds(raw []byte) error {
	for _, key := range []string{"/Size", "/N"} {
		err := eachKey(raw, key, func(v []byte) error {
			if n, _, ok := leadingUint(v); ok && n > maxPDFObjects {
				return fmt.Errorf("%s %d is above the %d objects a PDF may hold", key, n, maxPDFObjects)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	err := eachKey(raw, "/Index", func(v []byte) error {
		v = trimPDFSpace(v)
		if len(v) == 0 || v[0] != '[' {
			return nil
		}
		for rest := v[1:]; ; {
			start, r1, ok1 := leadingUint(rest)
			count, r2, ok2 := leadingUint(r1)
			if !ok1 || !ok2 {
				return nil
			}
			if start+count > maxPDFObjects {
				return fmt.Errorf("cross-reference stream /Index reaches object %d", start+count)
			}
			rest = r2
		}
	})
	if err != nil {
		return err
	}
	err = eachKey(raw, "/W", func(v []byte) error {
		v = trimPDFSpace(v)
		if len(v) == 0 || v[0] != '[' {
			return nil
		}
		rest := v[1:]
		for range 3 {
			n, r, ok := leadingUint(rest)
			if !ok {
				return nil // a CID font's widths: "[c [w ...]"
			}
			if n > maxXrefFieldWidth {
				return fmt.Errorf("cross-reference stream field of %d bytes", n)
			}
			rest = r
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := eachKey(raw, "xref", checkXrefTable); err != nil {
		return err
	}
	return checkPrevChain(raw)
}

// checkXrefTable checks the subsection headers ("first count") of a
// cross-reference table that starts after the xref keyword at v.
func checkXrefTable(v []byte) error {
	for rest := v; ; {
		a, r1, ok1 := leadingUint(rest)
		b, r2, ok2 := leadingUint(r1)
		if !ok1 || !ok2 {
			return nil // the trailer, or not a table after all
		}
		if r3 := trimPDFSpace(r2); len(r3) > 0 && (r3[0] == 'n' || r3[0] == 'f') {
			rest = r3[1:] // an entry: offset, generation, in use or free
			continue
		}
		if a+b > maxPDFObjects {
			return fmt.Errorf("cross-reference subsection reaches object %d", a+b)
		}
		rest = r2
	}
}

// checkPrevChain rejects /Prev offsets that would make the chain of
// cross-reference sections loop: every section has its own trailer, so a
// loop shows as an offset that two trailers name, or as the offset of the
// section that startxref names. (An outline item's /Prev is a reference,
// "12 0 R", and does not count.)
func checkPrevChain(raw []byte) error {
	var prevs []uint64
	_ = eachKey(raw, "/Prev", func(v []byte) error {
		if n, rest, ok := leadingUint(v); ok && !isReference(rest) {
			prevs = append(prevs, n)
		}
		return nil
	})
	if len(prevs) == 0 {
		return nil
	}
	if i := bytes.LastIndex(raw, []byte("startxref")); i >= 0 {
		if n, _, ok := leadingUint(raw[i+len("startxref"):]); ok {
			prevs = append(prevs, n)
		}
	}
	slices.Sort(prevs)
	if len(slices.Compact(prevs)) < len(prevs) {
		return fmt.Errorf("cross-reference sections form a loop (/Prev)")
	}
	return nil
}

// eachKey calls fn with the bytes after every occurrence of key that stands
// alone (a delimiter or white space after it, and for a bare keyword also
// before it).
func eachKey(raw []byte, key string, fn func(after []byte) error) error {
	k := []byte(key)
	for i := 0; ; {
		j := bytes.Index(raw[i:], k)
		if j < 0 {
			return nil
		}
		start, end := i+j, i+j+len(k)
		i = end
		if end < len(raw) && !isPDFSpace(raw[end]) && !isPDFDelim(raw[end]) {
			continue // a longer name, such as /Names for /N
		}
		if key[0] != '/' && start > 0 && !isPDFSpace(raw[start-1]) && !isPDFDelim(raw[start-1]) {
			continue // part of a longer word, such as startxref for xref
		}
		if err := fn(raw[end:]); err != nil {
			return err
		}
	}
}

// leadingUint parses the unsigned integer after white space at the start of
// b, saturating at maxPDFNumber.
func leadingUint(b []byte) (n uint64, rest []byte, ok bool) {
	b = trimPDFSpace(b)
	i := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		n = min(n*10+uint64(b[i]-'0'), maxPDFNumber)
	}
	return n, b[i:], i > 0
}

// isReference reports whether b, after an object number, continues as an
// indirect reference: a generation number and R.
func isReference(b []byte) bool {
	_, rest, ok := leadingUint(b)
	rest = trimPDFSpace(rest)
	return ok && len(rest) > 0 && rest[0] == 'R' && (len(rest) == 1 || isPDFSpace(rest[1]) || isPDFDelim(rest[1]))
}

func trimPDFSpace(b []byte) []byte {
	for len(b) > 0 && isPDFSpace(b[0]) {
		b = b[1:]
	}
	return b
}
