package server

import (
	"errors"
	"net/http"
	"strconv"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag"
)

// Paging of GET /v1/queries.
const (
	DefaultHistoryLimit = 20
	MaxHistoryLimit     = 100
	MaxCommentLength    = 2000 // characters of a feedback comment
)

// history is the pipeline's query log, if it can be read back.
func (s *Server) history() (hybridrag.QueryHistory, error) {
	h, ok := s.p.QueryLog().(hybridrag.QueryHistory)
	if !ok {
		return nil, errorf(http.StatusNotImplemented, CodeNotSupported, "this server keeps no readable query history")
	}
	return h, nil
}

// historyEntry is a logged query as the API shows it: without the
// internal error text, which may name files or hosts.
type historyEntry struct {
	hybridrag.LoggedQuery
	Failed bool `json:"failed"`
}

func newHistoryEntry(q hybridrag.LoggedQuery) historyEntry {
	failed := q.Error != ""
	q.Error = ""
	if q.Feedback == nil {
		q.Feedback = []hybridrag.QueryFeedback{}
	}
	return historyEntry{LoggedQuery: q, Failed: failed}
}

type historyPage struct {
	Queries []historyEntry `json:"queries"`
	// NextBefore is the cursor of the next (older) page: pass it as
	// ?before=; 0 when this page is the last.
	NextBefore int64 `json:"next_before"`
}

// listQueries is GET /v1/queries?limit=N&before=ID[&project_id=P]: the
// caller's tenant's queries, newest first.
func (s *Server) listQueries(w http.ResponseWriter, r *http.Request, p Principal) error {
	h, err := s.history()
	if err != nil {
		return err
	}
	v := r.URL.Query()
	limit, err := intParam(v.Get("limit"), "limit", DefaultHistoryLimit, 1, MaxHistoryLimit)
	if err != nil {
		return err
	}
	before, err := intParam(v.Get("before"), "before", 0, 0, 1<<62)
	if err != nil {
		return err
	}
	hq := hybridrag.HistoryQuery{Tenant: p.Tenant, Projects: p.Projects, Limit: limit, Before: int64(before)}
	if proj := v.Get("project_id"); proj != "" {
		if !p.allowsProject(proj) {
			return errorf(http.StatusNotFound, CodeNotFound, "project %q not found", proj)
		}
		hq.Projects = []string{proj}
	}
	qs, err := h.Queries(r.Context(), hq)
	if err != nil {
		return err
	}
	page := historyPage{Queries: make([]historyEntry, 0, len(qs))}
	for _, q := range qs {
		if !p.owns(q.Tenant, q.Project) {
			continue // the log filtered already; this is a second lock on the door
		}
		page.Queries = append(page.Queries, newHistoryEntry(q))
	}
	if len(qs) == limit {
		page.NextBefore = qs[len(qs)-1].ID
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

// ownQuery reads the logged query named by the path, as not found unless
// it belongs to the principal.
func (s *Server) ownQuery(r *http.Request, p Principal) (hybridrag.QueryHistory, hybridrag.LoggedQuery, error) {
	h, err := s.history()
	if err != nil {
		return nil, hybridrag.LoggedQuery{}, err
	}
	notFound := errorf(http.StatusNotFound, CodeNotFound, "query not found")
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, hybridrag.LoggedQuery{}, notFound
	}
	q, err := h.Query(r.Context(), p.Tenant, id)
	if errors.Is(err, hybridrag.ErrQueryNotFound) {
		return nil, q, notFound
	}
	if err != nil {
		return nil, q, err
	}
	if !p.owns(q.Tenant, q.Project) {
		return nil, hybridrag.LoggedQuery{}, notFound
	}
	return h, q, nil
}

func (s *Server) getQuery(w http.ResponseWriter, r *http.Request, p Principal) error {
	_, q, err := s.ownQuery(r, p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newHistoryEntry(q))
	return nil
}

// feedbackRequest is the body of POST /v1/queries/{id}/feedback.
type feedbackRequest struct {
	Verdict string `json:"verdict"` // "correct" or "incorrect"
	// Rating is accepted as another name for Verdict, a spelling clients
	// of other feedback APIs send; giving both with different values is
	// an error.
	Rating  string `json:"rating,omitempty"`
	Comment string `json:"comment"`
}

func (s *Server) feedback(w http.ResponseWriter, r *http.Request, p Principal) error {
	var f feedbackRequest
	if err := decodeJSON(w, r, s.opts.MaxBodyBytes, &f); err != nil {
		return err
	}
	switch {
	case f.Verdict == "":
		f.Verdict = f.Rating
	case f.Rating != "" && f.Rating != f.Verdict:
		return errorf(http.StatusBadRequest, CodeInvalidArgument, "verdict and rating disagree")
	}
	if f.Verdict != "correct" && f.Verdict != "incorrect" {
		return errorf(http.StatusBadRequest, CodeInvalidArgument, `verdict must be "correct" or "incorrect"`)
	}
	if utf8.RuneCountInString(f.Comment) > MaxCommentLength {
		return errorf(http.StatusBadRequest, CodeInvalidArgument, "comment must be at most %d characters", MaxCommentLength)
	}
	h, q, err := s.ownQuery(r, p)
	if err != nil {
		return err
	}
	if err := h.Feedback(r.Context(), p.Tenant, q.ID, f.Verdict == "correct", f.Comment); err != nil {
		if errors.Is(err, hybridrag.ErrQueryNotFound) {
			return errorf(http.StatusNotFound, CodeNotFound, "query not found")
		}
		return err
	}
	q, err = h.Query(r.Context(), p.Tenant, q.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newHistoryEntry(q))
	return nil
}

// intParam parses an optional query parameter within [lo, hi].
func intParam(s, name string, def, lo, hi int) (int, error) {
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, errorf(http.StatusBadRequest, CodeInvalidArgument, "%s must be an integer in %d..%d", name, lo, hi)
	}
	return n, nil
}
