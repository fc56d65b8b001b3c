package sqlitelog_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/store/embedded"
	"github.com/hybridrag/hybridrag/store/sqlitelog"
)

func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "querylog-example-")
	defer os.RemoveAll(dir)

	ql, err := sqlitelog.Open(filepath.Join(dir, "querylog.db"), sqlitelog.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ql.Close()
	st, err := embedded.Open(filepath.Join(dir, "store"), embedded.Options{Create: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	p, err := hybridrag.New(hybridrag.Config{Store: st, QueryLog: ql})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()

	// Nothing is indexed yet: the question is refused, and logged.
	ans, err := p.Ask(ctx, hybridrag.Request{Question: "How do I reset the router?"})
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = ql.Feedback(ctx, "", ans.QueryID, true, "right to refuse")

	recent, _ := ql.Recent(ctx, sqlitelog.RecentQuery{Limit: 10})
	for _, e := range recent {
		fmt.Printf("#%d %s %q refused=%s feedback=%d\n", e.ID, e.Kind, e.Question, e.RefusalReason, len(e.Feedback))
	}
	// Output:
	// #1 ask "How do I reset the router?" refused=collection_not_found feedback=1
}
