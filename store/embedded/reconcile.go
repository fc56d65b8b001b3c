package embedded

import (
	"fmt"
	"strconv"

	"github.com/hybridrag/hybridrag/store"
)

// reconcile makes the index hold exactly the live chunks of st: it removes
// documents whose serial is not live and indexes live chunks it lacks, then
// records st.version as applied. It relies on serials never being reused.
func (k *keywordIndex) reconcile(st *state, readChunk func(i int32) (store.Chunk, error)) (added, removed int, err error) {
	ix, err := k.idx.Advanced()
	if err != nil {
		return 0, 0, fmt.Errorf("embedded: keyword index: %w", err)
	}
	r, err := ix.Reader()
	if err != nil {
		return 0, 0, fmt.Errorf("embedded: keyword index: %w", err)
	}
	present := make(map[uint64]struct{}, len(st.rows))
	var stale []string
	walkErr := func() error {
		defer r.Close()
		ids, err := r.DocIDReaderAll()
		if err != nil {
			return err
		}
		defer ids.Close()
		for {
			id, err := ids.Next()
			if err != nil {
				return err
			}
			if id == nil {
				return nil
			}
			ext, err := r.ExternalID(id)
			if err != nil {
				return err
			}
			s, perr := strconv.ParseUint(ext, 10, 64)
			if _, live := st.bySerial.get(s); perr != nil || !live {
				stale = append(stale, ext)
				continue
			}
			present[s] = struct{}{}
		}
	}()
	if walkErr != nil {
		return 0, 0, fmt.Errorf("embedded: keyword index: %w", walkErr)
	}
	if len(stale) > 0 {
		b := k.idx.NewBatch()
		for _, id := range stale {
			b.Delete(id)
		}
		if err := k.idx.Batch(b); err != nil {
			return 0, 0, fmt.Errorf("embedded: keyword index: %w", err)
		}
	}
	var pending []pendingDoc
	chunks := make([]store.Chunk, 0, reindexBatch)
	flush := func() error {
		if err := k.buildDocs(pending); err != nil {
			return err
		}
		if err := k.apply(nil, pending, st.version); err != nil {
			return err
		}
		added += len(pending)
		pending, chunks = pending[:0], chunks[:0]
		return nil
	}
	for i := range st.rows {
		s := st.rows[i].serial
		if _, ok := present[s]; ok {
			continue
		}
		c, err := readChunk(int32(i))
		if err != nil {
			return added, len(stale), err
		}
		chunks = append(chunks, c)
		pending = append(pending, pendingDoc{serial: s, chunk: &chunks[len(chunks)-1]})
		if len(pending) == reindexBatch {
			if err := flush(); err != nil {
				return added, len(stale), err
			}
		}
	}
	// The final batch (possibly empty) records the applied version.
	if err := flush(); err != nil {
		return added, len(stale), err
	}
	return added, len(stale), nil
}
