package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server"
)

// common holds the flags shared by the query commands.
type common struct {
	store     string
	tenant    string
	project   string
	k         int
	mmrLambda float64
	minScore  float64
	minChunks int
	json      bool
	// requireTenant: queries and query-log reads without --tenant fail
	// (hybridrag.Config.RequireTenant, sqlitelog.Options.RequireTenant).
	requireTenant bool
	set           map[string]bool // flags given explicitly
	log           logFlags        // query logging (ask, retrieve)
	after         dateFlag        // --after (retrieve, ask, eval)
	before        dateFlag        // --before
}

func newFlagSet(name string, c *common) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.store, "store", "", "store directory")
	fs.StringVar(&c.tenant, "tenant", "", "tenant id")
	fs.StringVar(&c.project, "project", "", "project id")
	fs.BoolVar(&c.json, "json", false, "print JSON")
	return fs
}

func addQueryFlags(fs *flag.FlagSet, c *common) {
	fs.IntVar(&c.k, "k", 0, "number of sources (maxChunksForContext, default 15)")
	fs.Float64Var(&c.mmrLambda, "mmr-lambda", 0, "MMR lambda in (0,1] (default 0.5)")
	fs.Float64Var(&c.minScore, "min-score", 0, "gate: Relevance a source needs (default 0.20)")
	fs.IntVar(&c.minChunks, "min-chunks", 0, "gate: sources needed above min-score (default 2)")
	addRequireTenantFlag(fs, c)
}

func addRequireTenantFlag(fs *flag.FlagSet, c *common) {
	fs.BoolVar(&c.requireTenant, "require-tenant", false, "refuse queries and query-log reads that name no tenant (exit 2)")
}

// helpRequest is parse's answer to -h or --help: print the command's help
// and exit 0.
type helpRequest struct{ fs *flag.FlagSet }

func (h *helpRequest) Error() string { return "help requested" }

// commandHelp writes a command's usage lines (from usage) and its flags.
func commandHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "usage:")
	in := false
	for _, line := range strings.Split(usage, "\n") {
		switch {
		case strings.HasPrefix(line, "  hybridrag "):
			in = strings.HasPrefix(line, "  hybridrag "+fs.Name()+" ")
		case !strings.HasPrefix(line, "    "):
			in = false
		}
		if in {
			fmt.Fprintln(w, line)
		}
	}
	fmt.Fprintln(w, "\nflags:")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parse accepts flags before, between and after positional arguments, so
// "ask --json QUESTION" and "ask QUESTION --json" both work.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	// Help wins over anything else on the line, a bad flag included.
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			return nil, &helpRequest{fs: fs}
		}
	}
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" || spaced(a) {
			pos = append(pos, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			return nil, fmt.Errorf("%w: unknown flag %s", errUsage, a)
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			continue
		}
		if i+1 >= len(args) {
			return nil, fmt.Errorf("%w: flag %s needs a value", errUsage, a)
		}
		i++
		flags = append(flags, args[i])
	}
	if err := fs.Parse(flags); err != nil {
		return nil, fmt.Errorf("%w: %v", errUsage, err)
	}
	if err := checkFinite(fs); err != nil {
		return nil, err
	}
	return pos, nil
}

// spaced reports whether a dash-led argument is text rather than a flag:
// no flag's name holds a space, while a question may start with the option
// it asks about ("-O with gzip: what does it do?").
func spaced(a string) bool {
	name, _, _ := strings.Cut(a, "=")
	return strings.ContainsFunc(name, unicode.IsSpace)
}

// checkFinite rejects NaN and ±Inf in every float flag: Go's parser accepts
// them, and no knob of ours means anything with them (an infinite
// --min-score ran the query, logged it, then failed to encode the JSON).
func checkFinite(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok || err != nil {
			return
		}
		if v, ok := g.Get().(float64); ok && (math.IsNaN(v) || math.IsInf(v, 0)) {
			err = fmt.Errorf("%w: --%s must be a finite number, not %v", errUsage, f.Name, v)
		}
	})
	return err
}

// explicit records which flags were given, so that "--min-chunks 0" can mean
// zero rather than the default, and checks the query flags' ranges: a bad
// value is bad usage (exit 2) before the store is opened or a query logged.
func (c *common) explicit(fs *flag.FlagSet) error {
	c.set = map[string]bool{}
	fs.Visit(func(f *flag.Flag) { c.set[f.Name] = true })
	switch {
	case c.set["k"] && c.k < 1:
		return fmt.Errorf("%w: --k must be at least 1, not %d", errUsage, c.k)
	case c.set["mmr-lambda"] && !(c.mmrLambda > 0 && c.mmrLambda <= 1):
		return fmt.Errorf("%w: --mmr-lambda must be in (0, 1], not %v", errUsage, c.mmrLambda)
	case c.set["min-score"] && !(c.minScore >= 0 && c.minScore <= 1):
		return fmt.Errorf("%w: --min-score must be in [0, 1] (a Relevance), not %v", errUsage, c.minScore)
	case c.set["min-chunks"] && (c.minChunks < 0 || c.minChunks > server.MaxMinSources):
		return fmt.Errorf("%w: --min-chunks must be in 0..%d, not %d", errUsage, server.MaxMinSources, c.minChunks)
	}
	if err := c.checkDates(); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return nil
}

func (c *common) request(question string) hybridrag.Request {
	req := hybridrag.Request{
		Question:   question,
		MaxSources: c.k,
		MMRLambda:  c.mmrLambda,
		MinScore:   c.minScore,
		MinSources: c.minChunks,
	}
	if c.set["min-chunks"] && c.minChunks == 0 {
		req.MinSources = -1 // explicit zero
	}
	if c.set["min-score"] && c.minScore == 0 {
		req.MinScore = -1 // explicit zero
	}
	req.Filter.TenantID = c.tenant
	req.Filter.ProjectID = c.project
	req.Filter.After, req.Filter.Before = c.after.t, c.before.t
	return req
}

func question(pos []string) (string, error) {
	if len(pos) == 0 {
		return "", fmt.Errorf("%w: missing QUESTION", errUsage)
	}
	return strings.Join(pos, " "), nil
}
