package server_test

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/server"
	"github.com/hybridrag/hybridrag/store"
)

var tenancyTopics = []struct{ title, fact, question string }{
	{"Pump manual", "Prime the pump with %d litres of water before the first start.", "How much water primes the pump?"},
	{"Valve guide", "The pressure relief valve opens at %d bar.", "At what pressure does the relief valve open?"},
	{"Boiler notes", "Flush the boiler every %d months to remove scale.", "How often should the boiler be flushed?"},
	{"Fan sheet", "The cooling fan runs at %d rpm at full load.", "How fast does the cooling fan run?"},
}

type tenancyKey struct {
	key      string
	tenant   string
	projects []string // nil: all of the tenant's
}

func (k tenancyKey) owns(tenant, project string) bool {
	return tenant == k.tenant && (k.projects == nil || slices.Contains(k.projects, project))
}

// marker is written into every document so that any text the API returns
// says whose it is.
func marker(tenant, project string) string { return fmt.Sprintf("Owner %s-%s.", tenant, project) }

// TestTenancyProperty draws random tenants, projects, keys and requests
// and checks that no answer, source, history row, feedback or document of
// one tenant (or of a project a key does not hold) ever reaches another.
func TestTenancyProperty(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))

	type docRef struct{ tenant, project, id string }
	var (
		docs     []store.Document
		refs     []docRef
		keys     []tenancyKey
		keysText strings.Builder
	)
	nTenants := 2 + rng.IntN(3)
	for ti := range nTenants {
		tenant := fmt.Sprintf("t%d", ti)
		projects := []string{}
		for pi := range 1 + rng.IntN(3) {
			project := fmt.Sprintf("p%d", pi)
			projects = append(projects, project)
			// Every tenant has the same document ids on the same topics:
			// only the filter keeps them apart.
			for di, topic := range tenancyTopics {
				if rng.IntN(4) == 0 {
					continue
				}
				id := fmt.Sprintf("doc%d.md", di)
				text := fmt.Sprintf("# %s\n\n%s %s\n", topic.title, fmt.Sprintf(topic.fact, 1+rng.IntN(90)), marker(tenant, project))
				docs = append(docs, store.Document{ID: id, Source: id, Text: text, TenantID: tenant, ProjectID: project})
				refs = append(refs, docRef{tenant, project, id})
			}
		}
		all := tenancyKey{key: fmt.Sprintf("key-%s-all-%016x", tenant, rng.Uint64()), tenant: tenant}
		one := tenancyKey{key: fmt.Sprintf("key-%s-one-%016x", tenant, rng.Uint64()), tenant: tenant, projects: []string{projects[rng.IntN(len(projects))]}}
		keys = append(keys, all, one)
		fmt.Fprintf(&keysText, "%s %s\n%s %s %s\n", all.key, tenant, one.key, tenant, one.projects[0])
	}
	auth, err := server.ParseKeys(strings.NewReader(keysText.String()))
	require.NoError(t, err)
	f := newFixture(t, fixtureOpts{docs: docs, opts: server.Options{Auth: auth, RateLimit: -1}})

	// checkText fails if text carries any owner marker but k's own.
	checkText := func(k tenancyKey, text, what string) {
		t.Helper()
		for _, r := range refs {
			if strings.Contains(text, marker(r.tenant, r.project)) {
				require.True(t, k.owns(r.tenant, r.project), "%s: key of %s %v saw %s/%s", what, k.tenant, k.projects, r.tenant, r.project)
			}
		}
	}

	type asked struct {
		id      int64
		tenant  string
		project string
	}
	var (
		queries  []asked
		feedback = map[int64]int{}
		chunks   = map[docRef][]string{}
	)
	for range 120 {
		k := keys[rng.IntN(len(keys))]
		topic := tenancyTopics[rng.IntN(len(tenancyTopics))]
		project := ""
		if k.projects == nil && rng.IntN(2) == 0 {
			project = fmt.Sprintf("p%d", rng.IntN(3)) // may not exist: then refused, or not found
		}
		body := map[string]any{"query": topic.question}
		if project != "" {
			body["project_id"] = project
		}
		endpoint := []string{"/v1/query", "/rag/query", "/v1/retrieve", "/v1/query/stream"}[rng.IntN(4)]
		var a answerJSON
		res := f.do("POST", endpoint, k.key, body)
		require.Equal(t, http.StatusOK, res.StatusCode)
		if endpoint == "/v1/query/stream" {
			events := readEvents(t, res)
			for _, e := range events {
				checkText(k, e.data, "stream event")
			}
			require.NoError(t, json.Unmarshal([]byte(events[len(events)-1].data), &a))
		} else {
			b, err := io.ReadAll(res.Body)
			require.NoError(t, err)
			checkText(k, string(b), endpoint+" response") // sources, answer, text block: all of it
			require.NoError(t, json.Unmarshal(b, &a))
		}
		checkText(k, a.Answer, endpoint+" answer")
		// Sources carry their text: every one must be the key's own.
		var raw struct {
			Sources []struct {
				ChunkID    string `json:"chunk_id"`
				DocumentID string `json:"document_id"`
				Text       string `json:"text"`
			} `json:"sources"`
		}
		res = f.do("POST", "/v1/retrieve", k.key, body)
		decode(t, res, &raw)
		for _, s := range raw.Sources {
			checkText(k, s.Text, "retrieve source")
			for _, r := range refs {
				if strings.Contains(s.Text, marker(r.tenant, r.project)) && r.id == s.DocumentID {
					chunks[r] = append(chunks[r], s.ChunkID)
				}
			}
		}
		if a.QueryID > 0 {
			queries = append(queries, asked{a.QueryID, k.tenant, resolvedProject(k, project)})
		}
	}

	// Feedback: owners succeed, everyone else gets 404 and leaves nothing.
	for range 60 {
		k := keys[rng.IntN(len(keys))]
		q := queries[rng.IntN(len(queries))]
		res := f.do("POST", fmt.Sprintf("/v1/queries/%d/feedback", q.id), k.key, map[string]any{"verdict": "correct"})
		var got struct {
			Tenant  string `json:"tenant"`
			Project string `json:"project"`
		}
		if k.owns(q.tenant, q.project) {
			require.Equal(t, http.StatusOK, res.StatusCode)
			decode(t, res, &got)
			require.Equal(t, k.tenant, got.Tenant)
			feedback[q.id]++
			continue
		}
		require.Equal(t, server.CodeNotFound, f.apiErr(res, http.StatusNotFound))
	}

	// History: every row the key's own; feedback counts as given by owners.
	for _, k := range keys {
		before := int64(0)
		for {
			var page historyJSON
			path := "/v1/queries?limit=7"
			if before > 0 {
				path += fmt.Sprintf("&before=%d", before)
			}
			f.json("GET", path, k.key, nil, http.StatusOK, &page)
			for _, row := range page.Queries {
				require.True(t, k.owns(row.Tenant, row.Project), "history of %s %v has %s/%s", k.tenant, k.projects, row.Tenant, row.Project)
				require.Len(t, row.Feedback, feedback[row.ID])
			}
			if page.NextBefore == 0 {
				break
			}
			before = page.NextBefore
		}
	}

	// Documents: listings hold only the key's; chunks and deletes of others are 404.
	for _, k := range keys {
		var list documentsJSON
		f.json("GET", "/v1/documents", k.key, nil, http.StatusOK, &list)
		want := 0
		for _, r := range refs {
			if k.owns(r.tenant, r.project) {
				want++
			}
		}
		require.Len(t, list.Documents, want)
		for _, d := range list.Documents {
			require.True(t, k.projects == nil || slices.Contains(k.projects, d.ProjectID))
		}
		for r, ids := range chunks {
			path := "/v1/documents/" + url.PathEscape(r.id) + "/chunks/" + ids[0] + "?project_id=" + r.project
			res := f.do("GET", path, k.key, nil)
			if k.owns(r.tenant, r.project) {
				var v struct {
					Chunk struct{ Text string } `json:"chunk"`
				}
				require.Equal(t, http.StatusOK, res.StatusCode)
				decode(t, res, &v)
				checkText(k, v.Chunk.Text, "chunk")
				continue
			}
			if k.tenant == r.tenant { // a project the key lacks
				require.Equal(t, server.CodeNotFound, f.apiErr(res, http.StatusNotFound))
				continue
			}
			// Another tenant: not found, with or without the project named.
			require.Equal(t, server.CodeNotFound, f.apiErr(res, http.StatusNotFound))
		}
	}
	// Deletes: a key removes only its own tenant's document; anything else
	// is not found and stays.
	left := map[docRef]bool{}
	for _, r := range refs {
		left[r] = true
	}
	for range 40 {
		k := keys[rng.IntN(len(keys))]
		r := refs[rng.IntN(len(refs))]
		res := f.do("DELETE", "/v1/documents/"+url.PathEscape(r.id)+"?project_id="+r.project, k.key, nil)
		own := docRef{k.tenant, r.project, r.id}
		if k.owns(k.tenant, r.project) && left[own] {
			require.Equal(t, http.StatusOK, res.StatusCode)
			delete(left, own)
			continue
		}
		require.Equal(t, server.CodeNotFound, f.apiErr(res, http.StatusNotFound))
	}
	for _, k := range keys {
		if k.projects != nil {
			continue
		}
		var list documentsJSON
		f.json("GET", "/v1/documents", k.key, nil, http.StatusOK, &list)
		var got, want []string
		for _, d := range list.Documents {
			got = append(got, d.ProjectID+"/"+d.ID)
		}
		for r := range left {
			if r.tenant == k.tenant {
				want = append(want, r.project+"/"+r.id)
			}
		}
		require.ElementsMatch(t, want, got, "tenant %s", k.tenant)
	}
}

// resolvedProject is the project a request without one ends in for k.
func resolvedProject(k tenancyKey, p string) string {
	if p == "" && len(k.projects) == 1 {
		return k.projects[0]
	}
	return p
}
