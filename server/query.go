package server

import (
	"net/http"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/gate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// Bounds of the query knobs.
const (
	MaxTopK       = 50 // sources in context (maxChunksForContext)
	MaxMinSources = 10 // the seed's min_sources, 0..10
)

// queryRequest is the body of POST /v1/query, /v1/query/stream and
// /v1/retrieve (the retrieval-generation plan's shape).
type queryRequest struct {
	Query     string `json:"query"`
	ProjectID string `json:"project_id"`
	// UploadID restricts retrieval to one document (the seed's upload_id).
	UploadID   string       `json:"upload_id"`
	TopK       *int         `json:"top_k"`
	MMRLambda  *float64     `json:"mmr_lambda"`
	MinSources *int         `json:"min_sources"`
	MinScore   *float64     `json:"min_score"`
	Filters    *queryFilter `json:"filters"`
}

// queryFilter narrows retrieval within the caller's tenant and project.
type queryFilter struct {
	SourceTypes     []string   `json:"source_types"`
	Confidentiality []string   `json:"confidentiality"`
	After           *time.Time `json:"after"`
	Before          *time.Time `json:"before"`
	DocumentIDs     []string   `json:"document_ids"`
}

// request checks the knobs and builds the pipeline request, confined to
// the principal's tenant and project.
func (q *queryRequest) request(p Principal) (hybridrag.Request, error) {
	project, err := p.project(q.ProjectID)
	if err != nil {
		return hybridrag.Request{}, err
	}
	req := hybridrag.Request{Question: q.Query, Agent: "http"}
	req.Filter.TenantID, req.Filter.ProjectID = p.Tenant, project
	if q.TopK != nil {
		if *q.TopK < 1 || *q.TopK > MaxTopK {
			return req, errorf(http.StatusBadRequest, CodeInvalidArgument, "top_k must be in 1..%d", MaxTopK)
		}
		req.MaxSources = *q.TopK
	}
	if q.MMRLambda != nil {
		if !(*q.MMRLambda > 0 && *q.MMRLambda <= 1) {
			return req, errorf(http.StatusBadRequest, CodeInvalidArgument, "mmr_lambda must be in (0, 1]")
		}
		req.MMRLambda = *q.MMRLambda
	}
	if err := setMinSources(&req, q.MinSources); err != nil {
		return req, err
	}
	if q.MinScore != nil {
		if !(*q.MinScore >= 0 && *q.MinScore <= 1) {
			return req, errorf(http.StatusBadRequest, CodeInvalidArgument, "min_score must be in [0, 1]")
		}
		req.MinScore = *q.MinScore
		if req.MinScore == 0 {
			req.MinScore = -1 // an explicit zero, not the default
		}
	}
	if q.UploadID != "" {
		req.Filter.DocumentIDs = []string{q.UploadID}
	}
	if f := q.Filters; f != nil {
		req.Filter.SourceTypes, req.Filter.Confidentiality = f.SourceTypes, f.Confidentiality
		if f.After != nil {
			req.Filter.After = *f.After
		}
		if f.Before != nil {
			req.Filter.Before = *f.Before
		}
		if f.After != nil && f.Before != nil && f.Before.Before(*f.After) {
			return req, errorf(http.StatusBadRequest, CodeInvalidArgument, "filters.before is earlier than filters.after")
		}
		req.Filter.DocumentIDs = append(req.Filter.DocumentIDs, f.DocumentIDs...)
	}
	return req, nil
}

func setMinSources(req *hybridrag.Request, n *int) error {
	if n == nil {
		return nil
	}
	if *n < 0 || *n > MaxMinSources {
		return errorf(http.StatusBadRequest, CodeInvalidArgument, "min_sources must be in 0..%d", MaxMinSources)
	}
	req.MinSources = *n
	if *n == 0 {
		req.MinSources = -1 // an explicit zero, not the default
	}
	return nil
}

// queryResponse is the Answer JSON of DESIGN.md plus the seed's
// used_chunks.
type queryResponse struct {
	*hybridrag.Answer
	UsedChunks []usedChunk `json:"used_chunks"`
}

type usedChunk struct {
	ChunkID         string  `json:"chunk_id"`
	DocumentID      string  `json:"document_id"`
	RelevanceScore  float64 `json:"relevance_score"`
	RetrievalMethod string  `json:"retrieval_method"`
	Cited           bool    `json:"cited"`
}

func newQueryResponse(a *hybridrag.Answer) queryResponse {
	used := make([]usedChunk, len(a.Sources))
	for i, s := range a.Sources {
		used[i] = usedChunk{ChunkID: s.ChunkID, DocumentID: s.DocumentID, RelevanceScore: s.Relevance,
			RetrievalMethod: retrievalMethod(s.Scores), Cited: s.Cited}
	}
	return queryResponse{Answer: a, UsedChunks: used}
}

// retrievalMethod names the searches that found a source.
func retrievalMethod(sc retrieve.Scores) string {
	switch {
	case sc.BM25 != 0 && sc.Cosine != 0:
		return "hybrid"
	case sc.BM25 != 0:
		return "keyword"
	case sc.Cosine != 0:
		return "vector"
	}
	return "hybrid"
}

func (s *Server) query(w http.ResponseWriter, r *http.Request, p Principal) error {
	var q queryRequest
	if err := decodeJSON(w, r, s.opts.MaxBodyBytes, &q); err != nil {
		return err
	}
	req, err := q.request(p)
	if err != nil {
		return err
	}
	ans, err := s.p.Ask(r.Context(), req)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, newQueryResponse(ans))
	return nil
}

// ragRequest is the body of POST /rag/query (the grounded contract's
// shape).
type ragRequest struct {
	Query      string `json:"query"`
	ProjectID  string `json:"project_id"`
	MinSources *int   `json:"min_sources"`
}

// ragResponse is the grounded contract's QueryResponse, with the
// confidence and query id the other endpoints also give.
type ragResponse struct {
	Answer        string                   `json:"answer"`
	Sources       []hybridrag.AnswerSource `json:"sources"`
	Citations     []string                 `json:"citations"`
	RefusalReason *gate.Reason             `json:"refusal_reason"`
	Query         string                   `json:"query"`
	Confidence    gate.Confidence          `json:"confidence"`
	QueryID       int64                    `json:"query_id,omitempty"`
}

func (s *Server) ragQuery(w http.ResponseWriter, r *http.Request, p Principal) error {
	var q ragRequest
	if err := decodeJSON(w, r, s.opts.MaxBodyBytes, &q); err != nil {
		return err
	}
	project, err := p.project(q.ProjectID)
	if err != nil {
		return err
	}
	req := hybridrag.Request{Question: q.Query, Agent: "http"}
	req.Filter.TenantID, req.Filter.ProjectID = p.Tenant, project
	if err := setMinSources(&req, q.MinSources); err != nil {
		return err
	}
	ans, err := s.p.Ask(r.Context(), req)
	if err != nil {
		return err
	}
	citations := ans.Citations
	if citations == nil {
		citations = []string{}
	}
	sources := ans.Sources
	if sources == nil {
		sources = []hybridrag.AnswerSource{}
	}
	writeJSON(w, http.StatusOK, ragResponse{
		Answer: ans.Answer, Sources: sources, Citations: citations, RefusalReason: ans.RefusalReason,
		Query: ans.Query, Confidence: ans.Confidence, QueryID: ans.QueryID,
	})
	return nil
}

// retrieveResponse is the answer of POST /v1/retrieve.
type retrieveResponse struct {
	Query         string                   `json:"query"`
	QueryAnalysis retrieve.QueryAnalysis   `json:"query_analysis"`
	Sources       []hybridrag.AnswerSource `json:"sources"`
	Metadata      retrieveMetadata         `json:"metadata"`
}

type retrieveMetadata struct {
	RetrievalMS     float64 `json:"retrieval_ms"`
	ChunksRetrieved int     `json:"chunks_retrieved"`
}

func (s *Server) retrieve(w http.ResponseWriter, r *http.Request, p Principal) error {
	var q queryRequest
	if err := decodeJSON(w, r, s.opts.MaxBodyBytes, &q); err != nil {
		return err
	}
	if q.MinSources != nil || q.MinScore != nil {
		return errorf(http.StatusBadRequest, CodeUnknownField, "min_sources and min_score are gate settings; retrieval has no gate")
	}
	req, err := q.request(p)
	if err != nil {
		return err
	}
	res, err := s.p.Retrieve(r.Context(), req)
	if err != nil {
		return err
	}
	sources := hybridrag.Sources(res.Sources)
	writeJSON(w, http.StatusOK, retrieveResponse{
		Query: res.Query, QueryAnalysis: res.Analysis, Sources: sources,
		Metadata: retrieveMetadata{RetrievalMS: float64(res.Timings.Total.Microseconds()) / 1000, ChunksRetrieved: res.Candidates},
	})
	return nil
}
