package embedded

import (
	"time"

	"github.com/blevesearch/bleve/v2/search/query"
	"github.com/hybridrag/hybridrag/store"
)

// rowFilter is a store.Filter compiled against the interned row metadata,
// evaluated per row during the vector scan (before top-k truncation).
type rowFilter struct {
	active bool // false: every row passes
	none   bool // true: no row can pass (a value no row has)

	tenant, project       uint32
	anyTenant, anyProject bool
	sourceTypes           bitset // nil: any
	confs                 bitset
	docs                  bitset
	after, before         dateBound
}

type dateBound struct {
	set  bool
	sec  int64
	nsec int32
}

type bitset []uint64

func (b bitset) has(i uint32) bool {
	w := int(i >> 6)
	return w < len(b) && b[w]&(1<<(i&63)) != 0
}

// compileFilter resolves f's values to interned ids. Values that no row
// holds cannot match; if a restricting field is left with no possible
// value, the filter matches nothing.
func (st *state) compileFilter(f *store.Filter) rowFilter {
	rf := rowFilter{anyTenant: true, anyProject: true}
	if f == nil {
		return rf
	}
	if f.TenantID != "" {
		rf.active, rf.anyTenant = true, false
		id, ok := st.tenants.lookup(f.TenantID)
		rf.tenant, rf.none = id, rf.none || !ok
	}
	if f.ProjectID != "" {
		rf.active, rf.anyProject = true, false
		id, ok := st.projects.lookup(f.ProjectID)
		rf.project, rf.none = id, rf.none || !ok
	}
	set := func(values []string, in *interner) bitset {
		if len(values) == 0 {
			return nil
		}
		rf.active = true
		b := make(bitset, in.size()/64+1)
		found := false
		for _, v := range values {
			if id, ok := in.lookup(v); ok {
				b[id>>6] |= 1 << (id & 63)
				found = true
			}
		}
		rf.none = rf.none || !found
		return b
	}
	rf.sourceTypes = set(f.SourceTypes, st.sourceTypes)
	rf.confs = set(f.Confidentiality, st.confs)
	rf.docs = set(f.DocumentIDs, st.docIDs)
	if !f.After.IsZero() {
		rf.active = true
		rf.after = dateBound{true, f.After.Unix(), int32(f.After.Nanosecond())}
	}
	if !f.Before.IsZero() {
		rf.active = true
		rf.before = dateBound{true, f.Before.Unix(), int32(f.Before.Nanosecond())}
	}
	return rf
}

// match mirrors store.Filter.Match on a row.
func (rf *rowFilter) match(r *rowMeta) bool {
	if !rf.anyTenant && r.tenant != rf.tenant {
		return false
	}
	if !rf.anyProject && r.project != rf.project {
		return false
	}
	if rf.sourceTypes != nil && !rf.sourceTypes.has(r.sourceType) {
		return false
	}
	if rf.confs != nil && !rf.confs.has(r.conf) {
		return false
	}
	if rf.docs != nil && !rf.docs.has(r.doc) {
		return false
	}
	if rf.after.set || rf.before.set {
		if !r.hasDate {
			return false
		}
		if rf.after.set && dateLess(r.dateSec, r.dateNsec, rf.after.sec, rf.after.nsec) {
			return false
		}
		if rf.before.set && dateLess(rf.before.sec, rf.before.nsec, r.dateSec, r.dateNsec) {
			return false
		}
	}
	return true
}

func dateLess(aSec int64, aNsec int32, bSec int64, bNsec int32) bool {
	return aSec < bSec || (aSec == bSec && aNsec < bNsec)
}

// keywordFilter builds the bleve query that restricts a keyword search to
// chunks passing f: a conjunction of term, disjunction-of-term and date
// range queries over the keyword fields. It returns nil when f does not
// restrict. Scoring never uses it: tenant and project choose the
// statistics (bm25Params), no filter changes a score otherwise.
func keywordFilter(f *store.Filter) query.Query {
	if f == nil {
		return nil
	}
	var clauses []query.Query
	term := func(field, value string) query.Query {
		q := query.NewTermQuery(keywordTerm(value))
		q.SetField(field)
		return q
	}
	anyOf := func(field string, values []string) {
		if len(values) == 0 {
			return
		}
		qs := make([]query.Query, len(values))
		for i, v := range values {
			qs[i] = term(field, v)
		}
		if len(qs) == 1 {
			clauses = append(clauses, qs[0])
			return
		}
		clauses = append(clauses, query.NewDisjunctionQuery(qs))
	}
	if f.TenantID != "" {
		clauses = append(clauses, term(fieldTenant, f.TenantID))
	}
	if f.ProjectID != "" {
		clauses = append(clauses, term(fieldProject, f.ProjectID))
	}
	anyOf(fieldSourceType, f.SourceTypes)
	anyOf(fieldConfidentiality, f.Confidentiality)
	anyOf(fieldDocumentID, f.DocumentIDs)
	if q := dateQuery(f); q != nil {
		clauses = append(clauses, q)
	}
	switch len(clauses) {
	case 0:
		return nil
	case 1:
		return clauses[0]
	}
	return query.NewConjunctionQuery(clauses)
}

// dateQuery is the date range part of a keyword filter (nil: f has no
// date bounds).
func dateQuery(f *store.Filter) query.Query {
	if f == nil || (f.After.IsZero() && f.Before.IsZero()) {
		return nil
	}
	incl := true
	var start, end time.Time
	if !f.After.IsZero() {
		start = clampDate(f.After)
	}
	if !f.Before.IsZero() {
		end = clampDate(f.Before)
	}
	q := query.NewDateRangeInclusiveQuery(start, end, &incl, &incl)
	q.SetField(fieldDate)
	return q
}

// keywordTerm is the indexed form of a keyword value: the empty value is
// indexed as a sentinel so that filters can ask for "no label".
func keywordTerm(v string) string {
	if v == "" {
		return emptyKeyword
	}
	return v
}

// clampDate maps t into the range bleve's date fields and date range
// queries can represent (1677-12-01 .. 2262-04-11). Clamping is monotone,
// so bounds keep their meaning for every date inside that range; dates
// outside it compare as the range's ends in keyword searches (vector
// searches compare exact dates).
func clampDate(t time.Time) time.Time {
	if t.Before(query.MinRFC3339CompatibleTime) {
		return query.MinRFC3339CompatibleTime
	}
	if t.After(query.MaxRFC3339CompatibleTime) {
		return query.MaxRFC3339CompatibleTime
	}
	return t
}
