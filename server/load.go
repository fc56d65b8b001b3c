package server

import (
	"errors"
	"net/http"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// loadFile reads an uploaded file with the loaders `hybridrag index` uses.
func loadFile(path string) (store.Document, error) { return loader.LoadFile(path) }

// loadError is what an uploader may learn about a file that did not load:
// the class of problem, never the parser's text (which names temporary
// paths).
func loadError(err error) *apiError {
	switch {
	case errors.Is(err, loader.ErrUnsupported):
		return errorf(http.StatusUnsupportedMediaType, "unsupported_file_type", "supported: "+loader.SupportedFormats)
	case errors.Is(err, loader.ErrInvalidUTF8):
		return errorf(http.StatusBadRequest, "invalid_encoding", "the text is not valid UTF-8")
	case errors.Is(err, loader.ErrEncrypted):
		return errorf(http.StatusBadRequest, "encrypted_file", "the file is encrypted (a password-protected PDF, a DRM-protected book)")
	case errors.Is(err, loader.ErrNoText):
		return errorf(http.StatusBadRequest, "no_text", "the file has no text layer (scanned pages need OCR first)")
	case errors.Is(err, loader.ErrRedirect):
		return errorf(http.StatusBadRequest, "redirect_page", "the page only redirects to another address and has no text of its own")
	case errors.Is(err, loader.ErrTooLarge):
		// A compressed upload that expands beyond loader.DefaultMaxFileSize.
		return errorf(http.StatusRequestEntityTooLarge, CodeBodyTooLarge, "the file expands beyond %d bytes once decompressed", loader.DefaultMaxFileSize)
	case errors.Is(err, loader.ErrMalformed):
		return errorf(http.StatusBadRequest, "malformed_file", "the file is damaged or not in the format its name says")
	}
	return nil
}
