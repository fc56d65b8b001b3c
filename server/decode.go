package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
)

// decodeJSON reads exactly one JSON object into v: the body must be
// application/json, at most maxBytes long, with no field v lacks and
// nothing after the object.
func decodeJSON(w http.ResponseWriter, r *http.Request, maxBytes int64, v any) error {
	if err := requireMediaType(r, "application/json"); err != nil {
		return err
	}
	body := http.MaxBytesReader(w, r.Body, maxBytes)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return jsonError(err)
		}
		return errorf(http.StatusBadRequest, CodeInvalidJSON, "the body must hold one JSON object and nothing after it")
	}
	return nil
}

// requireMediaType answers 415 unless the request's Content-Type is want
// (parameters such as charset=utf-8 are allowed).
func requireMediaType(r *http.Request, want string) error {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != want {
		return errorf(http.StatusUnsupportedMediaType, CodeUnsupportedMedia, "Content-Type must be %s", want)
	}
	return nil
}

// jsonError says what is wrong with a body without quoting it back.
func jsonError(err error) error {
	var (
		mbe *http.MaxBytesError
		se  *json.SyntaxError
		te  *json.UnmarshalTypeError
	)
	switch {
	case errors.As(err, &mbe):
		return errorf(http.StatusRequestEntityTooLarge, CodeBodyTooLarge, "the body is larger than %d bytes", mbe.Limit)
	case errors.Is(err, io.EOF):
		return errorf(http.StatusBadRequest, CodeInvalidJSON, "the body is empty; send a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errorf(http.StatusBadRequest, CodeInvalidJSON, "the body ends inside its JSON")
	case errors.As(err, &se):
		return errorf(http.StatusBadRequest, CodeInvalidJSON, "malformed JSON at byte %d", se.Offset)
	case errors.As(err, &te):
		if te.Field == "" {
			return errorf(http.StatusBadRequest, CodeInvalidJSON, "the body must be a JSON object")
		}
		return errorf(http.StatusBadRequest, CodeInvalidJSON, "field %q must be %s", te.Field, jsonKind(te.Type.Kind().String()))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json has no typed error for this; the field name is
		// the caller's own input, quoted.
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return errorf(http.StatusBadRequest, CodeUnknownField, "unknown field %q", name)
	}
	return errorf(http.StatusBadRequest, CodeInvalidJSON, "the body is not valid JSON for this endpoint")
}

func jsonKind(k string) string {
	switch k {
	case "int", "int64", "int32", "float64", "float32":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "slice":
		return "an array"
	case "struct", "map", "ptr":
		return "an object"
	}
	return fmt.Sprintf("of type %s", k)
}
