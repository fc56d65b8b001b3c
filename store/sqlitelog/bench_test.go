package sqlitelog_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

// BenchmarkRecord measures one logged query (15 retrieved chunks), each in
// its own transaction as the Pipeline writes them.
func BenchmarkRecord(b *testing.B) {
	for _, opts := range []struct {
		name string
		o    sqlitelog.Options
	}{
		{"plain", sqlitelog.Options{}},
		{"redact+maxrows", sqlitelog.Options{Redact: true, MaxRows: 1000}},
	} {
		b.Run(opts.name, func(b *testing.B) {
			l, err := sqlitelog.Open(filepath.Join(b.TempDir(), "q.db"), opts.o)
			if err != nil {
				b.Fatal(err)
			}
			defer l.Close()
			r := fullRecord()
			for len(r.Retrieved) < 15 {
				r.Retrieved = append(r.Retrieved, r.Retrieved[0])
			}
			ctx := context.Background()
			b.ResetTimer()
			for b.Loop() {
				if _, err := l.Record(ctx, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRecent measures reading a page of 20 entries from 5,000.
func BenchmarkRecent(b *testing.B) {
	l, err := sqlitelog.Open(filepath.Join(b.TempDir(), "q.db"), sqlitelog.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	ctx := context.Background()
	for range 5000 {
		if _, err := l.Record(ctx, fullRecord()); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := l.Recent(ctx, sqlitelog.RecentQuery{Tenant: "acme"}); err != nil {
			b.Fatal(err)
		}
	}
}
