package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/hybridrag/hybridrag/store"
)

// scanPageSize is how many chunks Scan reads per query.
const scanPageSize = 256

// Scan calls fn for every chunk passing f, with its stored (normalised)
// vector, in storage order. It visits the chunks stored when it starts that
// are still stored when their page is read; chunks written after it starts
// (re-embedded ones included) are not visited. fn runs while no
// transaction or lock is held, so it may write to the store. An error from
// fn stops the scan and is returned unchanged.
func (s *Store) Scan(ctx context.Context, f store.Filter, fn func(c store.Chunk, vec []float32) error) error {
	done, err := s.enter(ctx)
	if err != nil {
		return err
	}
	var end int64
	err = s.pool.QueryRow(ctx, s.q.maxSerial).Scan(&end)
	done()
	if err != nil {
		return fmt.Errorf("postgres: scan: %w", err)
	}
	type item struct {
		c   store.Chunk
		vec []float32
	}
	var after int64
	for {
		page := make([]item, 0, scanPageSize)
		err := func() error {
			done, err := s.enter(ctx)
			if err != nil {
				return err
			}
			defer done()
			var b strings.Builder
			b.WriteString(s.q.scanPage)
			args := appendFilter(&b, []any{after, end}, &f)
			fmt.Fprintf(&b, " ORDER BY serial LIMIT %d", scanPageSize)
			rows, err := s.pool.Query(ctx, b.String(), args...)
			if err != nil {
				return fmt.Errorf("postgres: scan: %w", err)
			}
			defer rows.Close()
			for rows.Next() {
				var it item
				serial, c, err := scanChunk(rows, vecScanner{&it.vec})
				if err != nil {
					return fmt.Errorf("postgres: scan: %w", err)
				}
				it.c, after = c, serial
				page = append(page, it)
			}
			if err := rows.Err(); err != nil {
				return fmt.Errorf("postgres: scan: %w", err)
			}
			return nil
		}()
		if err != nil {
			return err
		}
		for _, it := range page {
			if err := fn(it.c, it.vec); err != nil {
				return err
			}
		}
		if len(page) < scanPageSize {
			return nil
		}
	}
}
