package baseline

import (
	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/loader"
)

// Build indexes every supported file under root (a folder or one file),
// with sources relative to root as `hybridrag index` names them; files
// of other types, redirect pages, page sources, noindex pages,
// single-page editions and generated index pages are skipped
// (loader.PassedOver), as the CLI skips them. The index must be closed.
func Build(root string) (*Index, error) {
	x, err := New()
	if err != nil {
		return nil, err
	}
	opts := loader.DirOptions{OnLoadError: func(_ string, err error) error {
		if loader.PassedOver(err) {
			return nil
		}
		return err
	}}
	if err := loader.LoadDirWith(root, opts, func(d store.Document) error { return x.Add(d) }); err != nil {
		_ = x.Close()
		return nil, err
	}
	return x, nil
}
