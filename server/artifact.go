package server

import (
	"errors"
	"net/http"

	"github.com/hybridrag/hybridrag"
)

// artifactRequest is the body of POST /v1/artifact: a topic, an artifact
// type (or an inline schema), an optional agent, and the same knobs and
// filters as /v1/query.
type artifactRequest struct {
	Topic  string                    `json:"topic"`
	Type   string                    `json:"type"`
	Schema *hybridrag.ArtifactSchema `json:"schema"`
	Agent  string                    `json:"agent"`

	ProjectID  string       `json:"project_id"`
	UploadID   string       `json:"upload_id"`
	TopK       *int         `json:"top_k"`
	MinSources *int         `json:"min_sources"`
	MinScore   *float64     `json:"min_score"`
	Filters    *queryFilter `json:"filters"`
}

// artifact answers POST /v1/artifact with the Artifact JSON, confined to
// the principal's tenant and project like a query.
func (s *Server) artifact(w http.ResponseWriter, r *http.Request, p Principal) error {
	var a artifactRequest
	if err := decodeJSON(w, r, s.opts.MaxBodyBytes, &a); err != nil {
		return err
	}
	q := queryRequest{Query: a.Topic, ProjectID: a.ProjectID, UploadID: a.UploadID, TopK: a.TopK,
		MinSources: a.MinSources, MinScore: a.MinScore, Filters: a.Filters}
	req, err := q.request(p)
	if err != nil {
		return err
	}
	art, err := s.p.Artifact(r.Context(), hybridrag.ArtifactRequest{
		Topic: req.Question, Type: a.Type, Schema: a.Schema, Agent: a.Agent, Filter: req.Filter,
		MaxSources: req.MaxSources, MinSources: req.MinSources, MinScore: req.MinScore,
	})
	switch {
	case errors.Is(err, hybridrag.ErrUnknownArtifact), errors.Is(err, hybridrag.ErrInvalidSchema), errors.Is(err, hybridrag.ErrUnknownAgent):
		return errorf(http.StatusBadRequest, CodeInvalidArgument, "%s", err.Error())
	case err != nil:
		return err
	}
	writeJSON(w, http.StatusOK, art)
	return nil
}
