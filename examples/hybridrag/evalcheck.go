package main

import (
	"context"
	"fmt"
	"io"

	"github.com/hybridrag/hybridrag/eval"
	"github.com/hybridrag/hybridrag/store"
)

// checkLabels reports what in an evaluation set cannot be right: fields
// no alias names (warns, from reading) and relevant-document names that
// match no document indexed in the question's tenant and project. It
// prints them on stderr, and with strict fails on a document name (an
// unknown field already failed the read).
func checkLabels(ctx context.Context, st store.Store, c *common, qs []eval.Question, warns []eval.Warning, strict bool, path string, stderr io.Writer) error {
	var missing []eval.Warning
	if lister, ok := st.(store.DocumentLister); ok {
		type scope struct{ tenant, project string }
		groups := map[scope][]eval.Question{}
		var order []scope
		for _, q := range qs {
			s := scope{c.tenant, c.project}
			if q.Tenant != "" {
				s.tenant = q.Tenant
			}
			if q.Project != "" {
				s.project = q.Project
			}
			if _, ok := groups[s]; !ok {
				order = append(order, s)
			}
			groups[s] = append(groups[s], q)
		}
		for _, s := range order {
			docs, err := lister.ListDocuments(ctx, s.tenant, s.project)
			if err != nil {
				return fmt.Errorf("check %s against the store: %w", path, err)
			}
			missing = append(missing, eval.CheckDocuments(groups[s], docs)...)
		}
	}
	for _, w := range append(warns, missing...) {
		fmt.Fprintf(stderr, "warning: %s: %s\n", path, w)
	}
	if strict && len(missing) > 0 {
		return fmt.Errorf("%s: %d relevant document name(s) match no indexed document (--strict)", path, len(missing))
	}
	return nil
}
