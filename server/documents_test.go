package server_test

import (
	"bytes"
	"compress/gzip"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store"
)

type uploadJSON struct {
	Results []struct {
		Name       string `json:"name"`
		DocumentID string `json:"document_id"`
		ProjectID  string `json:"project_id"`
		Status     string `json:"status"`
		Chunks     int    `json:"chunks"`
		Code       string `json:"code"`
		Message    string `json:"message"`
	} `json:"results"`
}

type documentsJSON struct {
	Documents []struct {
		ID        string `json:"id"`
		ProjectID string `json:"project_id"`
		Source    string `json:"source"`
		Chunks    int    `json:"chunks"`
	} `json:"documents"`
}

// multipartBody builds an upload: name/content pairs, and project if set.
// The parts alternate the accepted field names (file, files, files[]).
func multipartBody(t *testing.T, project string, files ...string) (*bytes.Buffer, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		w, err := mw.CreateFormFile([]string{"file", "files", "files[]"}[i/2%3], files[i])
		require.NoError(t, err)
		_, err = w.Write([]byte(files[i+1]))
		require.NoError(t, err)
	}
	if project != "" {
		require.NoError(t, mw.WriteField("project_id", project))
	}
	require.NoError(t, mw.Close())
	return &b, mw.FormDataContentType()
}

func (f *fixture) upload(key, project string, files ...string) *http.Response {
	body, ctype := multipartBody(f.t, project, files...)
	return f.do("POST", "/v1/documents", key, body, "Content-Type", ctype)
}

func TestDocuments(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: testKeys(t), RateLimit: -1}})
	boiler := "# Boiler notes\n\n## Flushing\n\nFlush the boiler with clean water every 3 months to remove scale.\n"
	res := f.upload(keyMulti, "lab",
		"boiler.md", boiler,
		"image.png", "\x89PNG",
		"notes.txt", "caf\xc3\x28 bad", // not UTF-8
		"boiler.md", boiler, // twice in one upload
		"empty.md", "   \n",
		"moved.html", `<html><head><meta http-equiv="refresh" content="0; url=boiler.html"></head><body>Redirecting…</body></html>`,
	)
	require.Equal(t, http.StatusOK, res.StatusCode)
	var up uploadJSON
	decode(t, res, &up)
	require.Len(t, up.Results, 6)
	require.Equal(t, "indexed", up.Results[0].Status)
	require.Equal(t, "boiler.md", up.Results[0].DocumentID)
	require.Equal(t, "lab", up.Results[0].ProjectID)
	require.Positive(t, up.Results[0].Chunks)
	wantCodes := []string{"", "unsupported_file_type", "invalid_encoding", server.CodeInvalidArgument, "", "redirect_page"}
	for i, r := range up.Results[1:] {
		require.Equal(t, "failed", r.Status, r.Name)
		require.NotEmpty(t, r.Code, r.Name)
		require.NotEmpty(t, r.Message, r.Name)
		require.NotContains(t, r.Message, "hybridrag-upload-", "no temporary paths")
		if wantCodes[i+1] != "" {
			require.Equal(t, wantCodes[i+1], r.Code, r.Name)
		}
	}

	// The key with several projects must name one; one it lacks is not found.
	res = f.upload(keyMulti, "", "x.md", boiler)
	require.Equal(t, server.CodeProjectRequired, f.apiErr(res, http.StatusBadRequest))
	res = f.upload(keyAcme, "lab", "x.md", boiler)
	require.Equal(t, server.CodeNotFound, f.apiErr(res, http.StatusNotFound))
	res = f.do("POST", "/v1/documents", keyAcme, "", "Content-Type", "multipart/form-data; boundary=xyz")
	require.Equal(t, server.CodeInvalidArgument, f.apiErr(res, http.StatusBadRequest))

	// Listing: acme's key (project ops) sees the pump manual, not lab's boiler.
	var docs documentsJSON
	f.json("GET", "/v1/documents", keyAcme, nil, http.StatusOK, &docs)
	require.Len(t, docs.Documents, 1)
	require.Equal(t, "pump.md", docs.Documents[0].ID)
	f.json("GET", "/v1/documents", keyMulti, nil, http.StatusOK, &docs)
	require.Len(t, docs.Documents, 2)
	require.Equal(t, []string{"ops", "lab"}, []string{docs.Documents[1].ProjectID, docs.Documents[0].ProjectID})

	// The uploaded document answers questions in its project.
	var a answerJSON
	f.json("POST", "/v1/query", keyMulti, map[string]any{"query": "How often should the boiler be flushed?", "project_id": "lab"}, http.StatusOK, &a)
	require.Nil(t, a.RefusalReason, a.Answer)
	require.Equal(t, "boiler.md", a.Sources[0].DocumentID)

	// A cited chunk opens in its document's context.
	var view struct {
		DocumentID string `json:"document_id"`
		Source     string `json:"source"`
		Length     int    `json:"document_length"`
		Chunk      struct {
			ID    string `json:"id"`
			Start int    `json:"start"`
			End   int    `json:"end"`
			Text  string `json:"text"`
		} `json:"chunk"`
		Context struct {
			Start  int    `json:"start"`
			End    int    `json:"end"`
			Before string `json:"before"`
			After  string `json:"after"`
		} `json:"context"`
	}
	chunkPath := "/v1/documents/boiler.md/chunks/" + a.Sources[0].ChunkID + "?project_id=lab"
	f.json("GET", chunkPath, keyMulti, nil, http.StatusOK, &view)
	require.Equal(t, a.Sources[0].ChunkID, view.Chunk.ID)
	require.Contains(t, view.Chunk.Text, "Flush the boiler")
	require.Equal(t, view.Context.End-view.Context.Start, len(view.Context.Before)+len(view.Chunk.Text)+len(view.Context.After))
	require.Equal(t, "boiler.md", view.Source)

	// Others cannot open, list or delete it.
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("GET", chunkPath, keyGlobex, nil), http.StatusNotFound))
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("GET", "/v1/documents/boiler.md/chunks/"+a.Sources[0].ChunkID, keyAcme, nil), http.StatusNotFound))
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("DELETE", "/v1/documents/boiler.md", keyGlobex, nil), http.StatusNotFound))
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("DELETE", "/v1/documents/pump.md", keyGlobex, nil), http.StatusNotFound))
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("GET", "/v1/documents/boiler.md/chunks/nope?project_id=lab", keyMulti, nil), http.StatusNotFound))

	// Delete, then it is gone.
	var del struct {
		DocumentID    string `json:"document_id"`
		DeletedChunks int    `json:"deleted_chunks"`
	}
	f.json("DELETE", "/v1/documents/boiler.md?project_id=lab", keyMulti, nil, http.StatusOK, &del)
	require.Equal(t, "boiler.md", del.DocumentID)
	require.Positive(t, del.DeletedChunks)
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("DELETE", "/v1/documents/boiler.md?project_id=lab", keyMulti, nil), http.StatusNotFound))
	f.json("GET", "/v1/documents?project_id=lab", keyMulti, nil, http.StatusOK, &docs)
	require.Empty(t, docs.Documents)
}

// Document ids with slashes (a folder indexed by the CLI) travel
// escaped in one path segment; the context window is bounded.
func TestChunkContext(t *testing.T) {
	var text strings.Builder
	text.WriteString("# Long manual\n\n")
	for i := range 400 {
		text.WriteString("Paragraph ")
		text.WriteString(strings.Repeat("é", i%7))
		text.WriteString(" about gaskets and flanges and torque values.\n\n")
	}
	id := "docs/sub/long manual.md"
	f := newFixture(t, fixtureOpts{docs: []store.Document{{ID: id, Source: id, Text: text.String()}}})
	var docs documentsJSON
	f.json("GET", "/v1/documents", "", nil, http.StatusOK, &docs)
	require.Len(t, docs.Documents, 1)
	require.Greater(t, docs.Documents[0].Chunks, 2)

	var a answerJSON
	f.json("POST", "/v1/retrieve", "", map[string]any{"query": "gaskets flanges torque"}, http.StatusOK, &a)
	require.NotEmpty(t, a.Sources)
	for _, s := range a.Sources {
		var view struct {
			Length int `json:"document_length"`
			Chunk  struct {
				Start, End int
				Text       string
			} `json:"chunk"`
			Context struct {
				Start, End    int
				Before, After string
			} `json:"context"`
		}
		f.json("GET", "/v1/documents/"+url.PathEscape(id)+"/chunks/"+s.ChunkID+"?context=100", "", nil, http.StatusOK, &view)
		// Stitched from the chunks' offsets: the text's final blank line is in no chunk.
		require.Equal(t, len(strings.TrimRight(text.String(), "\n")), view.Length)
		require.Equal(t, text.String()[view.Chunk.Start:view.Chunk.End], view.Chunk.Text)
		require.Equal(t, text.String()[view.Context.Start:view.Chunk.Start], view.Context.Before)
		require.Equal(t, text.String()[view.Chunk.End:view.Context.End], view.Context.After)
		require.LessOrEqual(t, len(view.Context.Before), 100)
		require.LessOrEqual(t, len(view.Context.After), 100)
	}
}

func TestReadOnly(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{ReadOnly: true}})
	require.Equal(t, server.CodeNotSupported, f.apiErr(f.upload("", "", "a.md", "# A\n\nText.\n"), http.StatusNotImplemented))
	require.Equal(t, server.CodeNotSupported, f.apiErr(f.do("DELETE", "/v1/documents/pump.md", "", nil), http.StatusNotImplemented))
	var docs documentsJSON
	f.json("GET", "/v1/documents", "", nil, http.StatusOK, &docs)
	require.Len(t, docs.Documents, 2, "reads still work, nothing was deleted")
}

func TestUploadTooLarge(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{MaxUploadBytes: 1 << 10}})
	res := f.upload("", "", "big.md", "# Big\n\n"+strings.Repeat("All work and no play. ", 100))
	require.Equal(t, server.CodeBodyTooLarge, f.apiErr(res, http.StatusRequestEntityTooLarge))
	var docs documentsJSON
	f.json("GET", "/v1/documents", "", nil, http.StatusOK, &docs)
	require.Len(t, docs.Documents, 2, "nothing of a rejected upload is indexed")
}

func TestUploadCompressed(t *testing.T) {
	f := newFixture(t, fixtureOpts{})
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, err := zw.Write([]byte("# Boiler notes\n\nFlush the boiler with clean water every 3 months to remove scale.\n"))
	require.NoError(t, err)
	require.NoError(t, zw.Close())

	res := f.upload("", "", "boiler.md.gz", gz.String(), "broken.md.gz", "# not gzip at all")
	require.Equal(t, http.StatusOK, res.StatusCode)
	var up uploadJSON
	decode(t, res, &up)
	require.Len(t, up.Results, 2)
	require.Equal(t, "indexed", up.Results[0].Status, up.Results[0].Message)
	require.Equal(t, "boiler.md.gz", up.Results[0].DocumentID)
	require.Equal(t, "failed", up.Results[1].Status)
	require.Equal(t, "malformed_file", up.Results[1].Code)

	var a answerJSON
	f.json("POST", "/v1/query", "", map[string]any{"query": "How often should the boiler be flushed?"}, http.StatusOK, &a)
	require.Nil(t, a.RefusalReason, a.Answer)
	require.Equal(t, "boiler.md.gz", a.Sources[0].DocumentID)
}
