package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/hybridrag/hybridrag/store"
)

// pgvector runs vector search in SQL over a generated pgvector column,
// embedding_v = embedding::vector, which the database keeps current on
// every write. Searches are exact (a filtered sequential scan ordered by
// cosine distance) unless the operator adds an approximate index; beware
// that approximate indexes filter after their candidate search.
type pgvector struct {
	search1 string // query with the filter appended after "WHERE true"
	order   string // ORDER BY distance, which an approximate index can serve
	dim     string
}

// detectPGVector decides where vector search runs. It uses pgvector when
// the extension is installed in the database (pg_extension), creating it
// first when it is only available (pg_available_extensions) and the role
// may; mode VectorInProcess never looks, mode VectorPGVector fails with
// ErrNoPGVector when neither works.
func detectPGVector(ctx context.Context, pool *pgxpool.Pool, q queries, mode VectorIndex) (*pgvector, error) {
	if mode == VectorInProcess {
		return nil, nil
	}
	ext, err := vectorSchema(ctx, pool)
	if err != nil {
		return nil, err
	}
	if ext == "" {
		var available bool
		if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector')`).Scan(&available); err != nil {
			return nil, fmt.Errorf("postgres: detect pgvector: %w", err)
		}
		if available {
			// Creating an extension needs privileges the role may lack;
			// failing to is not an error, only a reason to stay in process.
			if _, err := pool.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS vector`); err == nil {
				if ext, err = vectorSchema(ctx, pool); err != nil {
					return nil, err
				}
			}
		}
	}
	if ext == "" {
		if mode == VectorPGVector {
			return nil, ErrNoPGVector
		}
		return nil, nil
	}
	typ := pgx.Identifier{ext, "vector"}.Sanitize()
	op := "OPERATOR(" + pgx.Identifier{ext}.Sanitize() + ".<=>)"
	alter := inSchema(`ALTER TABLE {{s}}.chunks ADD COLUMN IF NOT EXISTS embedding_v `+typ+
		` GENERATED ALWAYS AS (embedding::`+typ+`) STORED`, q.schema)
	if _, err := pool.Exec(ctx, alter); err != nil {
		if mode == VectorPGVector {
			return nil, fmt.Errorf("%w: add the pgvector column: %v", ErrNoPGVector, err)
		}
		return nil, nil
	}
	return &pgvector{
		search1: inSchema(`SELECT `+chunkColumns+`, `+vecOf+`, 1 - (embedding_v `+op+` $1::`+typ+`) AS score
			FROM {{s}}.chunks c WHERE true`, q.schema),
		order: " ORDER BY embedding_v " + op + " $1::" + typ + ", serial",
		dim:   inSchema(`SELECT dimension FROM {{s}}.state`, q.schema),
	}, nil
}

func vectorSchema(ctx context.Context, pool *pgxpool.Pool) (string, error) {
	var ext string
	err := pool.QueryRow(ctx, `SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'`).Scan(&ext)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("postgres: detect pgvector: %w", err)
	}
	return ext, nil
}

func (p *pgvector) search(ctx context.Context, s *Store, vec []float32, k int, f *store.Filter) ([]store.Hit, error) {
	var dim int32
	if err := s.pool.QueryRow(ctx, p.dim).Scan(&dim); err != nil {
		return nil, fmt.Errorf("postgres: vector search: %w", err)
	}
	if dim == 0 {
		return nil, nil
	}
	if int(dim) != len(vec) {
		return nil, fmt.Errorf("%w: query has %d dimensions, store has %d", store.ErrDimensionMismatch, len(vec), dim)
	}
	var b strings.Builder
	b.WriteString(p.search1)
	args := appendFilter(&b, []any{vectorLiteral(normalize(vec))}, f)
	args = append(args, k)
	fmt.Fprintf(&b, "%s LIMIT $%d", p.order, len(args))
	return s.queryHits(ctx, "vector search", b.String(), args...)
}

// vectorLiteral is pgvector's text form, "[x,y,...]".
func vectorLiteral(v []float32) string {
	b := make([]byte, 0, len(v)*10+2)
	b = append(b, '[')
	for i, x := range v {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendFloat(b, float64(x), 'g', -1, 32)
	}
	return string(append(b, ']'))
}
