package hybridrag_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/internal/errprefix"
	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

func requireNoRepeatedPrefix(t *testing.T, err error) {
	t.Helper()
	require.Error(t, err)
	require.Empty(t, errprefix.Repeated(err.Error()), "doubled prefix in %q", err.Error())
}

// The errors a query typically ends with, through the default retriever
// and through a host's retriever that returns the retrieve package's
// errors, name each stage once.
func TestQueryErrorsNameEachStageOnce(t *testing.T) {
	ctx := context.Background()
	p := newPipeline(t, hybridrag.Config{})
	_, err := p.Index(ctx, store.Document{ID: "pump.md", Text: "# Pump\n\nPrime the pump with two litres of water."})
	require.NoError(t, err)
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	req := hybridrag.Request{Question: "How is the pump primed?"}

	_, err = p.Retrieve(canceled, req)
	require.ErrorIs(t, err, context.Canceled)
	requireNoRepeatedPrefix(t, err)
	require.Contains(t, err.Error(), "hybridrag: retrieve")
	_, err = p.Ask(canceled, req)
	require.ErrorIs(t, err, context.Canceled)
	requireNoRepeatedPrefix(t, err)
	_, err = p.Retrieve(ctx, hybridrag.Request{Question: req.Question, MMRLambda: 3})
	require.ErrorIs(t, err, retrieve.ErrInvalidOptions)
	requireNoRepeatedPrefix(t, err)

	for _, cause := range []error{
		retrieve.ErrEmptyQuery,
		retrieve.ErrNoSearcher,
		fmt.Errorf("%w: k", retrieve.ErrInvalidOptions),
		&retrieve.SearchError{Side: retrieve.SideKeyword, Err: store.ErrClosed},
		errors.New("the host's own retriever failed"),
	} {
		host, err := hybridrag.New(hybridrag.Config{Store: p.Store(), Retriever: retrieve.RetrieverFunc(
			func(context.Context, retrieve.Query) (*retrieve.Result, error) { return nil, cause })})
		require.NoError(t, err)
		_, err = host.Retrieve(ctx, req)
		require.ErrorIs(t, err, cause)
		requireNoRepeatedPrefix(t, err)
		require.Contains(t, err.Error(), "retrieve")
		_, err = host.Ask(ctx, req)
		require.ErrorIs(t, err, cause)
		requireNoRepeatedPrefix(t, err)
	}
}

// Every error message literal of the module (errors.New, fmt.Errorf, and
// the strings typed errors format) is free of "x: x:", and no fmt.Errorf
// in one package ends its prefix with another module package's name before
// %w: that package's errors already start with it ("hybridrag: retrieve:
// %w" around a retrieve error printed "retrieve: retrieve:").
func TestErrorPrefixesAreNotDoubled(t *testing.T) {
	type wrap struct {
		pos, pkg, format string
	}
	pkgs := map[string]bool{}
	var (
		wraps    []wrap
		literals []wrap
	)
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		pkg := f.Name.Name
		if pkg != "main" {
			pkgs[pkg] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			x, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			name := x.Name + "." + sel.Sel.Name
			if name != "fmt.Errorf" && name != "errors.New" && name != "fmt.Sprintf" && name != "fmt.Fprintf" {
				return true
			}
			arg := call.Args[0]
			if name == "fmt.Fprintf" && len(call.Args) > 1 {
				arg = call.Args[1]
			}
			lit, ok := arg.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			w := wrap{pos: fset.Position(lit.Pos()).String(), pkg: pkg, format: s}
			literals = append(literals, w)
			if name == "fmt.Errorf" {
				wraps = append(wraps, w)
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	require.True(t, pkgs["retrieve"] && pkgs["loader"], "walked the module")

	var bad []string
	for _, l := range literals {
		if r := errprefix.Repeated(l.format); r != "" {
			bad = append(bad, l.pos+": "+strconv.Quote(l.format))
		}
	}
	for _, w := range wraps {
		for rest := w.format; ; {
			i := strings.Index(rest, "%w")
			if i < 0 {
				break
			}
			before := strings.TrimSuffix(rest[:i], ": ")
			seg := before[strings.LastIndex(before, ": ")+1:]
			seg = strings.TrimSpace(seg)
			if before != rest[:i] && seg != w.pkg && pkgs[seg] {
				bad = append(bad, w.pos+": "+strconv.Quote(w.format)+" wraps an error of package "+seg+", whose messages already start with "+strconv.Quote(seg+":"))
			}
			rest = rest[i+2:]
		}
	}
	require.Empty(t, bad)
}
