package hybridragtest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// storeDocuments checks store.DocumentLister, for stores that offer it:
// per-document info as written, exact tenant and project, replaced and
// deleted documents reflected.
func storeDocuments(t *testing.T, newStore func(t *testing.T) store.Store) {
	ctx := context.Background()
	s := newStore(t)
	dl, ok := s.(store.DocumentLister)
	if !ok {
		t.Skipf("%T does not implement store.DocumentLister", s)
	}
	date := time.Date(2024, 6, 1, 9, 30, 0, 0, time.FixedZone("", 2*3600))
	guide := suiteDoc{tenant: "t1", project: "p1", id: "guide", title: "Guide",
		texts: []string{"walrus one", "walrus two", "walrus three"},
		meta:  store.Metadata{SourceType: "manual", Revision: "B", Date: date, Tags: []string{"a"}, Extra: map[string]string{"k": "v"}}}
	notes := suiteDoc{tenant: "t1", project: "p1", id: "notes", title: "Notes", texts: []string{"narwhal"}}
	elsewhere := guide
	elsewhere.project = "p2"
	noTenant := notes
	noTenant.tenant, noTenant.project = "", ""
	require.NoError(t, s.Put(ctx, suiteEntries(guide, notes, elsewhere, noTenant)...))

	infos, err := dl.LookupDocuments(ctx, "t1", "p1", "guide", "missing")
	require.NoError(t, err)
	require.Len(t, infos, 1, "unknown ids are left out")
	e := guide.entry()
	got := infos[0]
	require.Equal(t, "guide", got.ID)
	require.Equal(t, 3, got.Chunks)
	require.True(t, got.Same(&e.Document), "the info matches the document as written: %+v", got)
	require.True(t, got.Metadata.Date.Equal(date))

	list := func(tenant, project string) []string {
		infos, err := dl.ListDocuments(ctx, tenant, project)
		require.NoError(t, err)
		var ids []string
		for _, in := range infos {
			require.Equal(t, tenant, in.TenantID)
			require.Equal(t, project, in.ProjectID)
			if in.ID == "guide" {
				// Agents select their documents by these tags (hybridrag.Agent.Tags).
				require.Equal(t, []string{"a"}, in.Metadata.Tags)
			}
			ids = append(ids, in.ID)
		}
		return ids
	}
	require.ElementsMatch(t, []string{"guide", "notes"}, list("t1", "p1"))
	require.ElementsMatch(t, []string{"guide"}, list("t1", "p2"))
	require.ElementsMatch(t, []string{"notes"}, list("", ""), `"" is the default tenant, not a wildcard`)
	require.Empty(t, list("t9", "p1"))

	changed := guide
	changed.texts = []string{"dolphin"}
	require.NoError(t, s.Put(ctx, changed.entry()))
	infos, err = dl.LookupDocuments(ctx, "t1", "p1", "guide")
	require.NoError(t, err)
	require.Len(t, infos, 1)
	require.Equal(t, 1, infos[0].Chunks)
	require.False(t, infos[0].Same(&e.Document), "a replaced document no longer matches the old one")

	require.NoError(t, s.Delete(ctx, "t1", "p1", "notes"))
	require.ElementsMatch(t, []string{"guide"}, list("t1", "p1"))
	infos, err = dl.LookupDocuments(ctx, "t1", "p1", "notes")
	require.NoError(t, err)
	require.Empty(t, infos)
}
