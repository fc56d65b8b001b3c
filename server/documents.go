package server

import (
	"cmp"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store"
)

// Bounds of the document endpoints.
const (
	DefaultContextBytes = 1500  // document text shown on each side of a chunk
	MaxContextBytes     = 20000 // the most a caller may ask for
	maxFileNameLength   = 255
)

// scanner is the store's Scanner capability, needed to list documents and
// to show a chunk in its document.
func (s *Server) scanner() (store.Scanner, error) {
	if sc, ok := s.p.Store().(store.Scanner); ok && sc != nil {
		return sc, nil
	}
	return nil, errorf(http.StatusNotImplemented, CodeNotSupported, "this store cannot list its documents")
}

func (s *Server) writable() error {
	if s.opts.ReadOnly {
		return errorf(http.StatusNotImplemented, CodeNotSupported, "this server is read-only: documents cannot be uploaded or deleted")
	}
	return nil
}

// uploadResult is one file's outcome in POST /v1/documents.
type uploadResult struct {
	Name       string `json:"name"`
	DocumentID string `json:"document_id,omitempty"`
	ProjectID  string `json:"project_id,omitempty"`
	Status     string `json:"status"` // "indexed" or "failed"
	Chunks     int    `json:"chunks"`
	Code       string `json:"code,omitempty"`
	Message    string `json:"message,omitempty"`
}

type uploadResponse struct {
	Results []uploadResult `json:"results"`
}

type uploadedFile struct {
	name, path string
	err        *apiError
}

// upload is POST /v1/documents: multipart/form-data with any number of
// "file" parts and an optional "project_id" field. Each file is loaded
// with the loaders of `hybridrag index` and indexed on its own, under its
// base name as document id (uploading a name again replaces it); the
// answer lists every file's outcome.
func (s *Server) upload(w http.ResponseWriter, r *http.Request, p Principal) error {
	if err := s.writable(); err != nil {
		return err
	}
	if err := requireMediaType(r, "multipart/form-data"); err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxUploadBytes)
	mr, err := r.MultipartReader()
	if err != nil {
		return errorf(http.StatusBadRequest, CodeInvalidArgument, "malformed multipart body")
	}
	dir, err := os.MkdirTemp("", "hybridrag-upload-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	var (
		files   []uploadedFile
		project string
		seen    = map[string]bool{}
	)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return uploadReadError(err)
		}
		switch part.FormName() {
		case "project_id":
			b, err := io.ReadAll(io.LimitReader(part, 257))
			if err != nil {
				return uploadReadError(err)
			}
			if len(b) > 256 || !utf8.Valid(b) {
				return errorf(http.StatusBadRequest, CodeInvalidArgument, "project_id is too long or not UTF-8")
			}
			project = string(b)
		case "file", "files", "files[]": // one name, as HTML forms and curl -F send it
			if len(files) == MaxUploadFiles {
				return errorf(http.StatusBadRequest, CodeInvalidArgument, "at most %d files per upload", MaxUploadFiles)
			}
			f := uploadedFile{name: part.FileName()}
			switch name, ok := cleanFileName(f.name); {
			case !ok:
				f.err = errorf(http.StatusBadRequest, CodeInvalidArgument, "the file name is empty, too long or has control characters")
			case seen[name]:
				f.err = errorf(http.StatusBadRequest, CodeInvalidArgument, "the upload names this file twice")
			default:
				seen[name] = true
				f.name = name
				f.path = filepath.Join(dir, strings.ReplaceAll(name, string(filepath.Separator), "_"))
				if err := saveFile(f.path, part); err != nil {
					return uploadReadError(err)
				}
			}
			files = append(files, f)
		default:
			return errorf(http.StatusBadRequest, CodeUnknownField, "unknown form field %q (want file, project_id)", part.FormName())
		}
	}
	if len(files) == 0 {
		return errorf(http.StatusBadRequest, CodeInvalidArgument, `no files: send them as "file" parts`)
	}
	project, err = p.project(project)
	if err != nil {
		return err
	}
	resp := uploadResponse{Results: make([]uploadResult, 0, len(files))}
	for _, f := range files {
		resp.Results = append(resp.Results, s.indexFile(r.Context(), p, project, f))
	}
	writeJSON(w, http.StatusOK, resp)
	return nil
}

func (s *Server) indexFile(ctx context.Context, p Principal, project string, f uploadedFile) uploadResult {
	res := uploadResult{Name: f.name, Status: "failed"}
	fail := func(ae *apiError) uploadResult {
		res.Code, res.Message = ae.code, ae.message
		return res
	}
	if f.err != nil {
		return fail(f.err)
	}
	doc, err := loadFile(f.path)
	if err != nil {
		if ae := loadError(err); ae != nil {
			return fail(ae)
		}
		return fail(s.publicError(ctx, err))
	}
	doc.ID, doc.Source = f.name, f.name
	if doc.Title == filepath.Base(f.path) {
		doc.Title = f.name
	}
	doc.TenantID, doc.ProjectID = p.Tenant, project
	s.writeMu.Lock()
	st, err := s.p.Index(ctx, doc)
	s.writeMu.Unlock()
	if err != nil {
		var de *hybridrag.DocumentError
		if errors.As(err, &de) {
			return fail(errorf(http.StatusBadRequest, "invalid_document", "the document has no text to index"))
		}
		return fail(s.publicError(ctx, err))
	}
	res.Status, res.DocumentID, res.ProjectID, res.Chunks = "indexed", doc.ID, project, st.Chunks
	return res
}

func uploadReadError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return errorf(http.StatusRequestEntityTooLarge, CodeBodyTooLarge, "the upload is larger than %d bytes", mbe.Limit)
	}
	return errorf(http.StatusBadRequest, CodeInvalidArgument, "malformed multipart body")
}

// cleanFileName keeps the base name a browser sends (some send a path).
func cleanFileName(name string) (string, bool) {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." || len(name) > maxFileNameLength || !utf8.ValidString(name) ||
		strings.ContainsFunc(name, unicode.IsControl) {
		return "", false
	}
	return name, true
}

func saveFile(path string, r io.Reader) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, r); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// documentInfo is one document in GET /v1/documents.
type documentInfo struct {
	ID        string `json:"id"`
	ProjectID string `json:"project_id"`
	Source    string `json:"source"`
	Title     string `json:"title"`
	Chunks    int    `json:"chunks"`
	Pages     int    `json:"pages"`
}

type docKey struct{ tenant, project, id string }

// listDocuments is GET /v1/documents[?project_id=P]: the caller's
// documents, by project and source.
func (s *Server) listDocuments(w http.ResponseWriter, r *http.Request, p Principal) error {
	sc, err := s.scanner()
	if err != nil {
		return err
	}
	f := store.Filter{TenantID: p.Tenant}
	if proj := r.URL.Query().Get("project_id"); proj != "" {
		if f.ProjectID, err = p.project(proj); err != nil {
			return err
		}
	}
	docs := map[docKey]*documentInfo{}
	err = sc.Scan(r.Context(), f, func(c store.Chunk, _ []float32) error {
		if !p.owns(c.TenantID, c.ProjectID) {
			return nil
		}
		k := docKey{c.TenantID, c.ProjectID, c.DocumentID}
		d := docs[k]
		if d == nil {
			d = &documentInfo{ID: c.DocumentID, ProjectID: c.ProjectID, Source: c.Source, Title: c.Title}
			docs[k] = d
		}
		d.Chunks++
		d.Pages = max(d.Pages, c.Page)
		return nil
	})
	if err != nil {
		return err
	}
	out := make([]documentInfo, 0, len(docs))
	for _, d := range docs {
		out = append(out, *d)
	}
	slices.SortFunc(out, func(a, b documentInfo) int {
		return cmp.Or(cmp.Compare(a.ProjectID, b.ProjectID), cmp.Compare(a.Source, b.Source), cmp.Compare(a.ID, b.ID))
	})
	writeJSON(w, http.StatusOK, struct {
		Documents []documentInfo `json:"documents"`
	}{out})
	return nil
}

// documentChunks returns the chunks of the document the path names, in
// every (tenant, project) of the principal's that holds that id.
func (s *Server) documentChunks(r *http.Request, p Principal) (map[docKey][]store.Chunk, error) {
	sc, err := s.scanner()
	if err != nil {
		return nil, err
	}
	id := r.PathValue("id")
	f := store.Filter{TenantID: p.Tenant, DocumentIDs: []string{id}}
	if proj := r.URL.Query().Get("project_id"); proj != "" {
		if f.ProjectID, err = p.project(proj); err != nil {
			return nil, err
		}
	}
	found := map[docKey][]store.Chunk{}
	err = sc.Scan(r.Context(), f, func(c store.Chunk, _ []float32) error {
		if c.DocumentID == id && p.owns(c.TenantID, c.ProjectID) {
			k := docKey{c.TenantID, c.ProjectID, c.DocumentID}
			found[k] = append(found[k], c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, errorf(http.StatusNotFound, CodeNotFound, "document not found")
	}
	return found, nil
}

// deleteDocument is DELETE /v1/documents/{id}[?project_id=P].
func (s *Server) deleteDocument(w http.ResponseWriter, r *http.Request, p Principal) error {
	if err := s.writable(); err != nil {
		return err
	}
	found, err := s.documentChunks(r, p)
	if err != nil {
		return err
	}
	n := 0
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	for k, chunks := range found {
		if err := s.p.Delete(r.Context(), k.tenant, k.project, k.id); err != nil {
			return err
		}
		n += len(chunks)
	}
	writeJSON(w, http.StatusOK, struct {
		DocumentID    string `json:"document_id"`
		DeletedChunks int    `json:"deleted_chunks"`
	}{r.PathValue("id"), n})
	return nil
}

// chunkView is GET /v1/documents/{id}/chunks/{chunk}: the chunk and the
// document text around it, so that a citation opens in context. Offsets
// are bytes into the document text (as store.Chunk's); Before + Chunk.Text
// + After is the text from Context.Start to Context.End.
type chunkView struct {
	DocumentID string       `json:"document_id"`
	ProjectID  string       `json:"project_id"`
	Source     string       `json:"source"`
	Title      string       `json:"title"`
	Length     int          `json:"document_length"` // bytes of document text its chunks cover
	Chunk      chunkDetail  `json:"chunk"`
	Context    chunkContext `json:"context"`
}

type chunkDetail struct {
	ID      string   `json:"id"`
	Index   int      `json:"index"`
	Heading []string `json:"heading"`
	Page    int      `json:"page"`
	Start   int      `json:"start"`
	End     int      `json:"end"`
	Text    string   `json:"text"`
}

type chunkContext struct {
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Before string `json:"before"`
	After  string `json:"after"`
}

func (s *Server) chunk(w http.ResponseWriter, r *http.Request, p Principal) error {
	window, err := intParam(r.URL.Query().Get("context"), "context", DefaultContextBytes, 0, MaxContextBytes)
	if err != nil {
		return err
	}
	found, err := s.documentChunks(r, p)
	if err != nil {
		return err
	}
	want := r.PathValue("chunk")
	for k, chunks := range found {
		i := slices.IndexFunc(chunks, func(c store.Chunk) bool { return c.ID == want })
		if i < 0 {
			continue
		}
		c := chunks[i]
		text := stitch(chunks)
		v := chunkView{
			DocumentID: k.id, ProjectID: k.project, Source: c.Source, Title: c.Title, Length: len(text),
			Chunk: chunkDetail{ID: c.ID, Index: c.Index, Heading: c.Heading, Page: c.Page, Start: c.Start, End: c.End, Text: c.Text},
		}
		if v.Chunk.Heading == nil {
			v.Chunk.Heading = []string{}
		}
		if c.Start >= 0 && c.End <= len(text) && text[c.Start:c.End] == c.Text {
			lo, hi := runeStart(text, c.Start-window), runeStart(text, c.End+window)
			v.Context = chunkContext{Start: lo, End: hi, Before: text[lo:c.Start], After: text[c.End:hi]}
		} else {
			v.Context = chunkContext{Start: c.Start, End: c.End}
		}
		writeJSON(w, http.StatusOK, v)
		return nil
	}
	return errorf(http.StatusNotFound, CodeNotFound, "chunk not found")
}

// stitch rebuilds a document's text from its chunks' offsets. Chunks
// overlap; a gap between them (whitespace the chunker left out) becomes
// spaces, so that every offset stays true.
func stitch(chunks []store.Chunk) string {
	cs := slices.Clone(chunks)
	slices.SortFunc(cs, func(a, b store.Chunk) int { return cmp.Compare(a.Start, b.Start) })
	var b strings.Builder
	for _, c := range cs {
		cur := b.Len()
		if c.Start < 0 || c.End-c.Start != len(c.Text) || c.End <= cur {
			continue
		}
		if c.Start > cur {
			b.WriteString(strings.Repeat(" ", c.Start-cur))
			cur = c.Start
		}
		b.WriteString(c.Text[cur-c.Start:])
	}
	return b.String()
}

// runeStart clamps i into text and moves it back to a rune boundary.
func runeStart(text string, i int) int {
	i = max(0, min(i, len(text)))
	for i > 0 && i < len(text) && !utf8.RuneStart(text[i]) {
		i--
	}
	return i
}
