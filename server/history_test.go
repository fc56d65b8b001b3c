package server_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
)

type historyJSON struct {
	Queries []struct {
		ID       int64  `json:"id"`
		Tenant   string `json:"tenant"`
		Project  string `json:"project"`
		Question string `json:"question"`
		Kind     string `json:"kind"`
		Failed   bool   `json:"failed"`
		Error    string `json:"error"`
		Feedback []struct {
			Correct bool   `json:"correct"`
			Comment string `json:"comment"`
		} `json:"feedback"`
	} `json:"queries"`
	NextBefore int64 `json:"next_before"`
}

func TestHistoryAndFeedback(t *testing.T) {
	f := newFixture(t, fixtureOpts{opts: server.Options{Auth: testKeys(t), RateLimit: -1}})
	var ids []int64
	for i := range 3 {
		var a answerJSON
		f.json("POST", "/v1/query", keyAcme, map[string]any{"query": fmt.Sprintf("%s (%d)", pumpQuestion, i)}, http.StatusOK, &a)
		ids = append(ids, a.QueryID)
	}
	var g answerJSON
	f.json("POST", "/v1/query", keyGlobex, map[string]any{"query": "When does the relief valve open?"}, http.StatusOK, &g)

	var page historyJSON
	f.json("GET", "/v1/queries?limit=2", keyAcme, nil, http.StatusOK, &page)
	require.Len(t, page.Queries, 2)
	require.Equal(t, ids[2], page.Queries[0].ID, "newest first")
	require.Equal(t, ids[1], page.Queries[1].ID)
	require.Equal(t, ids[1], page.NextBefore)
	f.json("GET", fmt.Sprintf("/v1/queries?limit=2&before=%d", page.NextBefore), keyAcme, nil, http.StatusOK, &page)
	require.Len(t, page.Queries, 1)
	require.Equal(t, ids[0], page.Queries[0].ID)
	require.Zero(t, page.NextBefore)
	for _, q := range page.Queries {
		require.Equal(t, "acme", q.Tenant)
	}

	// Feedback, then read it back.
	f.json("POST", fmt.Sprintf("/v1/queries/%d/feedback", ids[1]), keyAcme, map[string]any{"verdict": "incorrect", "comment": "wrong amount"}, http.StatusOK, nil)
	f.json("POST", fmt.Sprintf("/v1/queries/%d/feedback", ids[1]), keyAcme, map[string]any{"verdict": "correct"}, http.StatusOK, nil)
	// "rating" is another name for "verdict"; the two must agree.
	f.json("POST", fmt.Sprintf("/v1/queries/%d/feedback", ids[1]), keyAcme, map[string]any{"rating": "correct"}, http.StatusOK, nil)
	f.json("POST", fmt.Sprintf("/v1/queries/%d/feedback", ids[1]), keyAcme, map[string]any{"rating": "correct", "verdict": "incorrect"}, http.StatusBadRequest, nil)
	var q struct {
		ID       int64 `json:"id"`
		Feedback []struct {
			Correct bool   `json:"correct"`
			Comment string `json:"comment"`
		} `json:"feedback"`
	}
	f.json("GET", fmt.Sprintf("/v1/queries/%d", ids[1]), keyAcme, nil, http.StatusOK, &q)
	require.Equal(t, ids[1], q.ID)
	require.Len(t, q.Feedback, 3)
	require.False(t, q.Feedback[0].Correct)
	require.Equal(t, "wrong amount", q.Feedback[0].Comment)
	require.True(t, q.Feedback[1].Correct)
	require.True(t, q.Feedback[2].Correct, "sent as rating")

	// Another tenant's ids, and unknown ones, are not found, never forbidden.
	for _, path := range []string{fmt.Sprintf("/v1/queries/%d", g.QueryID), "/v1/queries/999999"} {
		require.Equal(t, server.CodeNotFound, f.apiErr(f.do("GET", path, keyAcme, nil), http.StatusNotFound))
		require.Equal(t, server.CodeNotFound, f.apiErr(f.do("POST", path+"/feedback", keyAcme, `{"verdict":"correct"}`), http.StatusNotFound))
	}
	f.json("GET", fmt.Sprintf("/v1/queries/%d", g.QueryID), keyGlobex, nil, http.StatusOK, nil)
	var gq struct {
		Feedback []any `json:"feedback"`
	}
	f.json("GET", fmt.Sprintf("/v1/queries/%d", g.QueryID), keyGlobex, nil, http.StatusOK, &gq)
	require.Empty(t, gq.Feedback, "acme's attempt left no feedback on globex's query")

	// A project the key does not hold is not found.
	require.Equal(t, server.CodeNotFound, f.apiErr(f.do("GET", "/v1/queries?project_id=eng", keyAcme, nil), http.StatusNotFound))
}

func TestHistoryHidesErrors(t *testing.T) {
	f := newFixture(t, fixtureOpts{})
	// A rejected question is logged with its error; the API says only that it failed.
	f.apiErr(f.do("POST", "/v1/query", "", `{"query":"ab"}`), http.StatusBadRequest)
	var page historyJSON
	f.json("GET", "/v1/queries", "", nil, http.StatusOK, &page)
	require.Len(t, page.Queries, 1)
	require.True(t, page.Queries[0].Failed)
	require.Empty(t, page.Queries[0].Error)
}

func TestHistoryWithoutLog(t *testing.T) {
	f := newFixture(t, fixtureOpts{noLog: true})
	require.Equal(t, server.CodeNotSupported, f.apiErr(f.do("GET", "/v1/queries", "", nil), http.StatusNotImplemented))
	require.Equal(t, server.CodeNotSupported, f.apiErr(f.do("GET", "/v1/queries/1", "", nil), http.StatusNotImplemented))
}
