package postgres

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hybridrag/hybridrag/store"
)

// sync brings the in-process index up to the database's index version,
// checking at most once per Options.SyncInterval (every call when zero)
// unless the index is known to be stale.
func (s *Store) sync(ctx context.Context) error {
	return s.syncIndex(ctx, false)
}

func (s *Store) syncIndex(ctx context.Context, force bool) error {
	if s.opts.SyncInterval > 0 && !force {
		s.syncMu.Lock()
		fresh := !s.stale && time.Since(s.lastCheck) < s.opts.SyncInterval
		s.syncMu.Unlock()
		if fresh {
			return nil
		}
	}
	var version int64
	if err := s.pool.QueryRow(ctx, s.q.currentVersion).Scan(&version); err != nil {
		return fmt.Errorf("postgres: check index version: %w", err)
	}
	s.syncMu.Lock()
	defer s.syncMu.Unlock()
	s.lastCheck = time.Now()
	s.mu.RLock()
	applied := s.ix.version
	s.mu.RUnlock()
	if version <= applied && !s.stale {
		return nil
	}
	return s.pull(ctx)
}

// pull applies the change log since the index's version, or reloads the
// index whole when the log no longer reaches back that far (and at Open).
// It reads in one repeatable-read snapshot, so the index lands exactly on
// one index version. The caller holds syncMu.
func (s *Store) pull(ctx context.Context) error {
	tx, err := s.beginSnapshot(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := s.pullIn(ctx, tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: sync: %w", err)
	}
	return nil
}

// beginSnapshot starts the read-only repeatable-read transaction a pull
// reads in.
func (s *Store) beginSnapshot(ctx context.Context) (pgx.Tx, error) {
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("postgres: sync: %w", err)
	}
	return tx, nil
}

// pullIn brings the index to the index version of tx's snapshot, which
// tx's first statement here takes. The caller holds syncMu, so the index
// cannot be ahead of that snapshot: every version it holds was committed
// before.
func (s *Store) pullIn(ctx context.Context, tx pgx.Tx) error {
	var version, pruned int64
	var dim int32
	if err := tx.QueryRow(ctx, s.q.state).Scan(&version, &pruned, &dim); err != nil {
		return fmt.Errorf("postgres: sync: %w", err)
	}
	s.mu.RLock()
	applied := s.ix.version
	s.mu.RUnlock()
	if version <= applied {
		s.stale = false
		return nil
	}
	full := applied < pruned || applied < 0
	var removed []docKey
	var add []pendingRow
	var ix *vindex
	var err error
	if full {
		ix, err = s.loadIndex(ctx, tx, version, int(dim))
	} else if removed, err = s.changedDocs(ctx, tx, applied); err == nil {
		add, err = s.loadChanged(ctx, tx, applied, int(dim))
	}
	if err != nil {
		return err
	}
	s.mu.Lock()
	if full {
		s.ix = ix
	} else {
		if s.ix.dim == 0 {
			s.ix.dim = int(dim)
		}
		s.ix.apply(version, removed, add)
	}
	s.mu.Unlock()
	s.stale = false
	return nil
}

// loadIndex builds a fresh index of every chunk in tx's snapshot, which is
// at index version version. Rows go straight from the wire into the index
// (raw values, no per-row vector), with the slab sized once from the
// documents' chunk counts.
func (s *Store) loadIndex(ctx context.Context, tx pgx.Tx, version int64, dim int) (*vindex, error) {
	var n int64
	if err := tx.QueryRow(ctx, s.q.chunkCount).Scan(&n); err != nil {
		return nil, fmt.Errorf("postgres: sync: %w", err)
	}
	ix := newVindex()
	ix.dim = dim
	ix.rows = make([]vrow, 0, n)
	ix.slab = make([]float32, 0, int(n)*dim)
	ix.bySerial = make(map[int64]int32, n)
	err := readIndexRows(ctx, tx, s.q.allChunks, ix, dim, func(p *pendingRow) {
		ix.addRow(p, ix.docEntry(p.key))
	})
	if err != nil {
		return nil, err
	}
	ix.version = version
	return ix, nil
}

// loadChanged reads the chunks of the documents changed since version.
func (s *Store) loadChanged(ctx context.Context, tx pgx.Tx, since int64, dim int) ([]pendingRow, error) {
	var out []pendingRow
	strs := &vindex{intern: map[string]string{}}
	err := readIndexRows(ctx, tx, s.q.changedChunks, strs, dim, func(p *pendingRow) {
		q := *p
		q.vec = slices.Clone(p.vec)
		out = append(out, q)
	}, since)
	return out, err
}

func (s *Store) changedDocs(ctx context.Context, tx pgx.Tx, since int64) ([]docKey, error) {
	rows, err := tx.Query(ctx, s.q.changedDocs, since)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (docKey, error) {
		var k docKey
		err := r.Scan(&k.tenant, &k.project, &k.id)
		return k, err
	})
}

// readIndexRows runs query (selecting indexColumns) in tx and calls fn
// for each row. It decodes the raw wire values itself: the vector into a
// buffer reused from row to row (fn must copy it), strings other than the
// document id through strs's interning table, the document id shared with
// the previous row's when equal (a document's rows are mostly adjacent).
func readIndexRows(ctx context.Context, tx pgx.Tx, query string, strs *vindex, dim int, fn func(*pendingRow), args ...any) error {
	rows, err := tx.Query(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("postgres: load vectors: %w", err)
	}
	defer rows.Close()
	fields := rows.FieldDescriptions()
	if len(fields) != 9 {
		return fmt.Errorf("postgres: load vectors: %d columns", len(fields))
	}
	var p pendingRow
	p.vec = make([]float32, 0, dim)
	var hexBuf []byte
	intern := func(b []byte) string {
		if v, ok := strs.intern[string(b)]; ok {
			return v
		}
		v := string(b)
		strs.intern[v] = v
		return v
	}
	for rows.Next() {
		raw := rows.RawValues()
		if p.serial, err = rawInt(raw[0], fields[0].Format); err != nil {
			return fmt.Errorf("postgres: load vectors: serial: %w", err)
		}
		p.key.tenant, p.key.project = intern(raw[1]), intern(raw[2])
		if p.key.id != string(raw[3]) {
			p.key.id = string(raw[3])
		}
		p.sourceType, p.conf = intern(raw[4]), intern(raw[5])
		p.date = dateParts{}
		if raw[6] != nil && raw[7] != nil {
			sec, err1 := rawInt(raw[6], fields[6].Format)
			nsec, err2 := rawInt(raw[7], fields[7].Format)
			if err := errors.Join(err1, err2); err != nil {
				return fmt.Errorf("postgres: load vectors: date: %w", err)
			}
			p.date = dateParts{true, sec, int32(nsec)}
		}
		vb := raw[8]
		if fields[8].Format == pgx.TextFormatCode {
			// The simple protocol sends bytea as text: \x and hex digits.
			if hexBuf, err = decodeHexBytea(hexBuf[:0], vb); err != nil {
				return fmt.Errorf("postgres: chunk serial %d: vector: %w", p.serial, err)
			}
			vb = hexBuf
		}
		if len(vb) != 4*dim {
			return fmt.Errorf("postgres: chunk serial %d has %d vector bytes, the store has %d dimensions: %w", p.serial, len(vb), dim, store.ErrCorrupt)
		}
		if p.vec, err = decodeVec(p.vec[:0], vb); err != nil {
			return fmt.Errorf("postgres: chunk serial %d: %w", p.serial, err)
		}
		fn(&p)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgres: load vectors: %w", err)
	}
	return nil
}

// rawInt decodes an integer column's wire value in either format.
func rawInt(b []byte, format int16) (int64, error) {
	if format == pgx.TextFormatCode {
		return strconv.ParseInt(string(b), 10, 64)
	}
	switch len(b) {
	case 8:
		return int64(binary.BigEndian.Uint64(b)), nil
	case 4:
		return int64(int32(binary.BigEndian.Uint32(b))), nil
	case 2:
		return int64(int16(binary.BigEndian.Uint16(b))), nil
	}
	return 0, fmt.Errorf("integer of %d bytes: %w", len(b), store.ErrCorrupt)
}

// decodeHexBytea appends the bytes of bytea's hex text form to dst.
func decodeHexBytea(dst, text []byte) ([]byte, error) {
	if len(text) < 2 || text[0] != '\\' || text[1] != 'x' || len(text)%2 != 0 {
		return dst, fmt.Errorf("bytea text %.8q: %w", text, store.ErrCorrupt)
	}
	n := (len(text) - 2) / 2
	dst = slices.Grow(dst, n)[:len(dst)+n]
	if _, err := hex.Decode(dst[len(dst)-n:], text[2:]); err != nil {
		return dst, fmt.Errorf("bytea text: %v: %w", err, store.ErrCorrupt)
	}
	return dst, nil
}
