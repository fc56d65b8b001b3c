package hybridrag

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"time"

	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/store"
)

// ErrNoScanner means Reindex was asked of a store that cannot list its
// chunks (it does not implement store.Scanner).
var ErrNoScanner = errors.New("hybridrag: the store cannot be scanned (store.Scanner), so it cannot be reindexed")

// ReindexCheckpointName is the checkpoint under which Reindex records the
// index version its run started from.
const ReindexCheckpointName = "hybridrag.reindex"

// ReindexOptions configures Reindex. The zero value re-embeds every chunk
// and keeps its checkpoint where the store allows (see Checkpoints).
type ReindexOptions struct {
	// Filter restricts the documents reindexed (by tenant, project,
	// document id or metadata); the zero Filter selects all.
	Filter store.Filter
	// Progress, if set, is called with the documents done so far (those a
	// resumed run skips included) and the total, once before any work and
	// after every written batch.
	Progress func(done, total int)
	// Checkpoints keeps the run's checkpoint. When nil, the store itself
	// keeps it if it implements store.Checkpointer (the embedded and
	// PostgreSQL stores do), else nothing does, and an interrupted run
	// starts over. store.DirCheckpoints keeps it in files.
	Checkpoints store.Checkpointer
}

// ReindexStats summarises a Reindex call.
type ReindexStats struct {
	Documents int // re-embedded and written
	Chunks    int
	Skipped   int // already re-embedded by an interrupted run, or rewritten since it began
	Duration  time.Duration
}

// Reindex re-embeds every stored chunk with the pipeline's embedder and
// writes each document back (a Put of the same chunks with new vectors),
// reading the chunks from the store, the source of truth, through
// store.Scanner. Use it after changing the embedding model (of the same
// dimension: a store keeps one) or to refresh an index.
//
// It is resumable: the first run records the store's index version in a
// checkpoint, and any document whose chunks carry a later IndexVersion has
// been written since, by this run or by a later Index, with the current
// embedder; a rerun after an interruption skips those, and a finished run
// clears the checkpoint. Documents are written in batches, each atomic.
func (p *Pipeline) Reindex(ctx context.Context, opts ReindexOptions) (ReindexStats, error) {
	begin := time.Now()
	done, err := p.enter()
	if err != nil {
		return ReindexStats{}, err
	}
	defer done()
	if p.store == nil {
		return ReindexStats{}, ErrNoStore
	}
	sc, ok := p.store.(store.Scanner)
	if !ok {
		return ReindexStats{}, ErrNoScanner
	}
	cp := opts.Checkpoints
	if cp == nil {
		cp = defaultCheckpoints(p.store)
	}
	since, found, err := cp.LoadCheckpoint(ctx, ReindexCheckpointName)
	if err != nil {
		return ReindexStats{}, fmt.Errorf("hybridrag: reindex: %w", err)
	}
	if !found {
		since, err = indexVersion(ctx, p.store, sc)
		if err != nil {
			return ReindexStats{}, fmt.Errorf("hybridrag: reindex: %w", err)
		}
		if err := cp.SaveCheckpoint(ctx, ReindexCheckpointName, since); err != nil {
			return ReindexStats{}, fmt.Errorf("hybridrag: reindex: %w", err)
		}
	}

	todo, total, err := reindexPlan(ctx, sc, opts.Filter, since)
	if err != nil {
		return ReindexStats{}, err
	}
	stats := ReindexStats{Skipped: total - len(todo)}
	progress := func() {
		if opts.Progress != nil {
			opts.Progress(stats.Skipped+stats.Documents, total)
		}
	}
	progress()
	for len(todo) > 0 {
		n := 1
		for n < len(todo) && n < DefaultIndexBatchSize && todo[n].tenant == todo[0].tenant && todo[n].project == todo[0].project {
			n++
		}
		batch := todo[:n]
		todo = todo[n:]
		entries, err := p.reindexBatch(ctx, sc, batch, since)
		if err != nil {
			return stats, err
		}
		stats.Skipped += len(batch) - len(entries)
		for _, e := range entries {
			stats.Documents++
			stats.Chunks += len(e.Chunks)
		}
		progress()
	}
	if err := cp.ClearCheckpoint(ctx, ReindexCheckpointName); err != nil {
		return stats, fmt.Errorf("hybridrag: reindex: %w", err)
	}
	// The whole store now holds this embedder's vectors.
	if er, ok := p.store.(store.EmbedderRecorder); ok && reflect.ValueOf(opts.Filter).IsZero() {
		if err := er.SaveEmbedder(ctx, p.embedderID); err != nil {
			return stats, fmt.Errorf("hybridrag: reindex: %w", err)
		}
		p.embedderOK.Store(true)
	}
	stats.Duration = time.Since(begin)
	return stats, nil
}

// reindexBatch rereads, re-embeds and rewrites one batch while holding the
// write lock, so that a Delete or Index of the same documents lands wholly
// before or after it: a document deleted meanwhile is not written back.
func (p *Pipeline) reindexBatch(ctx context.Context, sc store.Scanner, batch []reindexKey, since int64) ([]store.Entry, error) {
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	entries, err := reindexEntries(ctx, sc, batch, since)
	if err != nil || len(entries) == 0 {
		return nil, err
	}
	if err := p.embedEntries(ctx, entries); err != nil {
		return nil, err
	}
	if err := p.store.Put(ctx, entries...); err != nil {
		return nil, errprefix.Wrap("hybridrag: reindex: store", err)
	}
	return entries, nil
}

type reindexKey struct{ tenant, project, id string }

// reindexPlan lists, in a stable order, the documents passing f that still
// hold a chunk written at or before version since, and counts all
// documents passing f.
func reindexPlan(ctx context.Context, sc store.Scanner, f store.Filter, since int64) ([]reindexKey, int, error) {
	pending := map[reindexKey]bool{}
	err := sc.Scan(ctx, f, func(c store.Chunk, _ []float32) error {
		k := reindexKey{c.TenantID, c.ProjectID, c.DocumentID}
		pending[k] = pending[k] || c.IndexVersion <= since
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("hybridrag: reindex: scan: %w", err)
	}
	var todo []reindexKey
	for k, p := range pending {
		if p {
			todo = append(todo, k)
		}
	}
	slices.SortFunc(todo, func(a, b reindexKey) int {
		return cmp.Or(cmp.Compare(a.tenant, b.tenant), cmp.Compare(a.project, b.project), cmp.Compare(a.id, b.id))
	})
	return todo, len(pending), nil
}

// reindexEntries reads the current chunks of a batch of documents (one
// tenant and project) and rebuilds their entries, without vectors.
// Documents deleted or wholly rewritten since the plan are left out.
func reindexEntries(ctx context.Context, sc store.Scanner, batch []reindexKey, since int64) ([]store.Entry, error) {
	ids := make([]string, len(batch))
	for i, k := range batch {
		ids[i] = k.id
	}
	tenant, project := batch[0].tenant, batch[0].project
	chunks := map[string][]store.Chunk{}
	// An empty tenant or project in a Filter means "any", so chunks are
	// matched to the batch's exact keys here.
	f := store.Filter{TenantID: tenant, ProjectID: project, DocumentIDs: ids}
	err := sc.Scan(ctx, f, func(c store.Chunk, _ []float32) error {
		if c.TenantID == tenant && c.ProjectID == project {
			chunks[c.DocumentID] = append(chunks[c.DocumentID], c)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("hybridrag: reindex: scan: %w", err)
	}
	var entries []store.Entry
	for _, id := range ids {
		cs := chunks[id]
		if !slices.ContainsFunc(cs, func(c store.Chunk) bool { return c.IndexVersion <= since }) {
			continue
		}
		slices.SortFunc(cs, func(a, b store.Chunk) int { return cmp.Compare(a.Index, b.Index) })
		first := cs[0]
		entries = append(entries, store.Entry{
			Document: store.Document{
				ID: id, Source: first.Source, Title: first.Title, TenantID: tenant, ProjectID: project,
				// The document's metadata, without the chunk's own time span.
				Metadata: store.InfoFromChunk(&first, len(cs)).Metadata, Hash: first.DocHash,
			},
			Chunks: cs,
		})
	}
	return entries, nil
}

// defaultCheckpoints picks where Reindex keeps its checkpoint for s.
func defaultCheckpoints(s store.Store) store.Checkpointer {
	if cp, ok := s.(store.Checkpointer); ok {
		return cp
	}
	return &memoryCheckpoints{values: map[string]int64{}}
}

// indexVersion is the store's current index version: from store.Statter
// when the store has it, else the highest IndexVersion among its chunks.
func indexVersion(ctx context.Context, s store.Store, sc store.Scanner) (int64, error) {
	if st, ok := s.(store.Statter); ok {
		stats, err := st.Stats(ctx, store.Filter{})
		return stats.IndexVersion, err
	}
	var v int64
	err := sc.Scan(ctx, store.Filter{}, func(c store.Chunk, _ []float32) error {
		v = max(v, c.IndexVersion)
		return nil
	})
	return v, err
}

// memoryCheckpoints is the fallback for stores with nowhere to keep one:
// the checkpoint lives as long as the call.
type memoryCheckpoints struct{ values map[string]int64 }

func (m *memoryCheckpoints) LoadCheckpoint(_ context.Context, name string) (int64, bool, error) {
	v, ok := m.values[name]
	return v, ok, nil
}

func (m *memoryCheckpoints) SaveCheckpoint(_ context.Context, name string, value int64) error {
	m.values[name] = value
	return nil
}

func (m *memoryCheckpoints) ClearCheckpoint(_ context.Context, name string) error {
	delete(m.values, name)
	return nil
}
