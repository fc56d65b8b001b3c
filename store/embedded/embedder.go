package embedded

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag/store"
)

// embedderFile holds the store's store.EmbedderID, as JSON.
const embedderFile = "embedder.json"

var _ store.EmbedderRecorder = (*Store)(nil)

// LoadEmbedder reads the recorded embedder; found is false if none is.
func (s *Store) LoadEmbedder(ctx context.Context) (store.EmbedderID, bool, error) {
	if err := s.checkpointable(ctx, false); err != nil {
		return store.EmbedderID{}, false, err
	}
	b, err := os.ReadFile(filepath.Join(s.dir, embedderFile))
	if errors.Is(err, os.ErrNotExist) {
		return store.EmbedderID{}, false, nil
	}
	if err != nil {
		return store.EmbedderID{}, false, fmt.Errorf("embedded: %w", err)
	}
	var id store.EmbedderID
	if err := json.Unmarshal(b, &id); err != nil {
		return store.EmbedderID{}, false, fmt.Errorf("embedded: %s: %v: %w", embedderFile, err, store.ErrCorrupt)
	}
	return id, true, nil
}

// SaveEmbedder records id, replacing the file atomically (write, sync,
// rename).
func (s *Store) SaveEmbedder(ctx context.Context, id store.EmbedderID) error {
	if err := s.checkpointable(ctx, true); err != nil {
		return err
	}
	b, err := json.Marshal(id)
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	f, err := os.CreateTemp(s.dir, embedderFile+".*")
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(s.dir, embedderFile))
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return fmt.Errorf("embedded: %w", err)
	}
	return nil
}
