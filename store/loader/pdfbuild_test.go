package loader

import (
	"bytes"
	"compress/zlib"
	"crypto/md5"
	"crypto/rc4"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// helvetica is object 3 of every testPDF, the page resource /F1: a
// standard font without /Widths, so only explicit moves separate words.
const helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"

// testPDF describes a small PDF written by hand. Objects: 1 catalog,
// 2 page tree (with the resources all pages inherit), 3 /F1, 4 document
// information, 5... objects, then each page and its content stream.
type testPDF struct {
	header   string   // default "%PDF-1.4"
	pages    []string // one content stream per page
	title    string   // raw bytes of the Info Title; none if ""
	fonts    string   // font resources besides /F1, such as "/F2 5 0 R"
	xobjects string   // XObject resources
	objects  []string // objects numbered from 5
	flate    bool     // compress the content streams
	filter   string   // a /Filter the content streams declare but are not encoded with
	key      []byte   // RC4 file key: encrypt the content streams and the title
	trailer  string   // more trailer entries
	info     string   // Info entries instead of the default (when title is "")
}

func (p testPDF) bytes() []byte {
	info := "<< /Producer (hybridrag test) >>"
	if p.title != "" {
		info = fmt.Sprintf("<< /Title <%x> >>", p.crypt(4, p.title))
	} else if p.info != "" {
		info = "<< " + p.info + " >>"
	}
	objs := append([]string{"<< /Type /Catalog /Pages 2 0 R >>", "", helvetica, info}, p.objects...)
	var kids []string
	for _, content := range p.pages {
		page := len(objs) + 1
		kids = append(kids, fmt.Sprintf("%d 0 R", page))
		objs = append(objs, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R >>", page+1))
		dict := p.filter
		if p.flate {
			content, dict = deflate(content), "/Filter /FlateDecode"
		}
		objs = append(objs, streamObject(dict, p.crypt(page+1, content)))
	}
	objs[1] = fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /Resources << /Font << /F1 3 0 R %s >> /XObject << %s >> >> >>",
		strings.Join(kids, " "), len(p.pages), p.fonts, p.xobjects)
	header := p.header
	if header == "" {
		header = "%PDF-1.4"
	}
	return pdfFile(header, objs, "/Info 4 0 R "+p.trailer)
}

// crypt encrypts data of object id as PDF's RC4 security handler does.
func (p testPDF) crypt(id int, data string) string {
	if p.key == nil {
		return data
	}
	h := md5.New()
	h.Write(p.key)
	h.Write([]byte{byte(id), byte(id >> 8), byte(id >> 16), 0, 0})
	return rc4Crypt(h.Sum(nil), data)
}

func rc4Crypt(key []byte, data string) string {
	c, err := rc4.NewCipher(key)
	if err != nil {
		panic(err)
	}
	out := []byte(data)
	c.XORKeyStream(out, out)
	return string(out)
}

// pdfFile writes numbered objects (object 1 first) with a cross-reference
// table computed from their byte offsets.
func pdfFile(header string, objects []string, trailer string) []byte {
	var b bytes.Buffer
	b.WriteString(header + "\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, body := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, trailer, xref)
	return b.Bytes()
}

func streamObject(dict, data string) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

func deflate(s string) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	_, _ = w.Write([]byte(s))
	_ = w.Close()
	return b.String()
}

// textPage is a content stream showing one line of text with /F1.
func textPage(s string) string { return "BT /F1 12 Tf 72 720 Td (" + s + ") Tj ET" }

// passwordPad is the padding of PDF's standard security handler.
var passwordPad = []byte("\x28\xBF\x4E\x5E\x4E\x75\x8A\x41\x64\x00\x4E\x56\xFF\xFA\x01\x08" +
	"\x2E\x2E\x00\xB6\xD0\x68\x3E\x80\x2F\x0C\xA9\xFE\x64\x53\x69\x7A")

// ownerOnlyEncryption returns the RC4 128-bit file key and /Encrypt and /ID
// trailer entries of a PDF whose user password is empty (it opens without
// a password, like a PDF that only restricts printing or copying), or,
// with wrongUser, one that needs a user password.
func ownerOnlyEncryption(t testing.TB, wrongUser bool) (key []byte, trailer string) {
	t.Helper()
	owner := bytes.Repeat([]byte{'O'}, 32)
	id := []byte("0123456789abcdef")
	perms := int32(-44)
	h := md5.New()
	h.Write(passwordPad)
	h.Write(owner)
	require.NoError(t, binary.Write(h, binary.LittleEndian, perms))
	h.Write(id)
	key = h.Sum(nil)
	for range 50 {
		sum := md5.Sum(key)
		key = sum[:]
	}
	u := md5.Sum(append(append([]byte{}, passwordPad...), id...))
	user := []byte(rc4Crypt(key, string(u[:])))
	for i := 1; i <= 19; i++ {
		k := make([]byte, len(key))
		for j := range key {
			k[j] = key[j] ^ byte(i)
		}
		user = []byte(rc4Crypt(k, string(user)))
	}
	user = append(user, bytes.Repeat([]byte{0}, 16)...)
	if wrongUser {
		user[0] ^= 0xff
	}
	trailer = fmt.Sprintf("/Encrypt << /Filter /Standard /V 2 /R 3 /Length 128 /O <%x> /U <%x> /P %d >> /ID [<%x> <%x>] ",
		owner, user, perms, id, id)
	return key, trailer
}
