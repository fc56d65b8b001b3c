package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Checkpointer is an optional capability of a Store: small named integers
// kept with the store's data, so that a long job over the store (a reindex)
// can record how far it got and resume after an interruption, even from
// another process. A missing name is not an error: Load reports found =
// false. Implementations must be safe for concurrent use.
type Checkpointer interface {
	LoadCheckpoint(ctx context.Context, name string) (value int64, found bool, err error)
	SaveCheckpoint(ctx context.Context, name string, value int64) error
	ClearCheckpoint(ctx context.Context, name string) error
}

// DirCheckpoints keeps checkpoints as small files in dir, one per name
// (NAME.checkpoint), each replaced atomically (write then rename). It is
// safe for concurrent use by one process; two processes saving the same
// name race, and the last rename wins.
func DirCheckpoints(dir string) Checkpointer { return dirCheckpoints(dir) }

type dirCheckpoints string

func (d dirCheckpoints) path(name string) string {
	return filepath.Join(string(d), strings.ReplaceAll(name, string(filepath.Separator), "_")+".checkpoint")
}

func (d dirCheckpoints) LoadCheckpoint(_ context.Context, name string) (int64, bool, error) {
	b, err := os.ReadFile(d.path(name))
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return 0, false, fmt.Errorf("checkpoint %s: %v: %w", d.path(name), err, ErrCorrupt)
	}
	return v, true, nil
}

func (d dirCheckpoints) SaveCheckpoint(_ context.Context, name string, value int64) error {
	tmp := d.path(name) + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.FormatInt(value, 10)+"\n"), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, d.path(name))
}

func (d dirCheckpoints) ClearCheckpoint(_ context.Context, name string) error {
	if err := os.Remove(d.path(name)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
