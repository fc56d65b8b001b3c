package postgres

import (
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// appendFilter appends f to a WHERE clause as " AND ..." conditions with
// numbered parameters following args, and returns the extended args. It
// mirrors store.Filter.Match: dates compare to the nanosecond through the
// exact (date_sec, date_nsec) columns, and chunks without a date fail any
// date bound (their NULLs compare as unknown).
func appendFilter(b *strings.Builder, args []any, f *store.Filter) []any {
	param := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.TenantID != "" {
		fmt.Fprintf(b, " AND tenant_id = %s", param(f.TenantID))
	}
	if f.ProjectID != "" {
		fmt.Fprintf(b, " AND project_id = %s", param(f.ProjectID))
	}
	if len(f.SourceTypes) > 0 {
		fmt.Fprintf(b, " AND source_type = ANY(%s::text[])", param(f.SourceTypes))
	}
	if len(f.Confidentiality) > 0 {
		fmt.Fprintf(b, " AND confidentiality = ANY(%s::text[])", param(f.Confidentiality))
	}
	if len(f.DocumentIDs) > 0 {
		fmt.Fprintf(b, " AND document_id = ANY(%s::text[])", param(f.DocumentIDs))
	}
	if d := datePartsOf(f.After); d.set {
		fmt.Fprintf(b, " AND (date_sec, date_nsec) >= (%s::bigint, %s::integer)", param(d.sec), param(d.nsec))
	}
	if d := datePartsOf(f.Before); d.set {
		fmt.Fprintf(b, " AND (date_sec, date_nsec) <= (%s::bigint, %s::integer)", param(d.sec), param(d.nsec))
	}
	return args
}
