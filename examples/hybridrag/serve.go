package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/server"
)

// cmdServe runs the grounded HTTP API and web page until SIGINT or
// SIGTERM, then drains the requests in flight:
//
//	serve --store DIR|postgres://… [--addr 127.0.0.1:8080] (--keys FILE | --open)
//	      [--generator G --model M --judge --timeout D] [--log PATH | --no-log]
//	      [--min-score F --min-chunks N --k N --mmr-lambda F] [--rate F --burst N] [--read-only]
//
// The gate and retrieval flags set the server's defaults (a request may
// still set its own). The store is opened for writing, since documents can
// be uploaded, unless --read-only: a directory store then takes a shared
// lock, and other commands can query it while the server runs.
func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var (
		c        common
		addr     string
		keysPath string
		open     bool
		genName  string
		model    string
		judge    bool
		timeout  time.Duration
		rate     float64
		burst    int
		readOnly bool
	)
	fs := newFlagSet("serve", &c)
	addQueryFlags(fs, &c)
	addLogFlags(fs, &c, true)
	fs.StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on")
	fs.StringVar(&keysPath, "keys", "", "API keys file: one \"KEY TENANT [PROJECT,…]\" per line")
	fs.BoolVar(&open, "open", false, "serve without API keys, as one tenant (local use)")
	fs.StringVar(&genName, "generator", "extractive", "extractive|openai|ollama|googleai")
	fs.StringVar(&model, "model", "", "model name for the chosen generator")
	fs.BoolVar(&judge, "judge", false, "ask the generator's model to check each kept claim against its sources")
	addTimeoutFlag(fs, &timeout, "deadline of each request")
	fs.Float64Var(&rate, "rate", server.DefaultRateLimit, "API requests a second per key (0: unlimited)")
	fs.IntVar(&burst, "burst", server.DefaultRateBurst, "API requests a key may make at once")
	fs.BoolVar(&readOnly, "read-only", false, "open the store read-only (no uploads or deletes), so other commands can use it too")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := c.explicit(fs); err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return fmt.Errorf("%w: serve takes no arguments", errUsage)
	case c.store == "":
		return fmt.Errorf("%w: --store DIR is required", errUsage)
	case open == (keysPath != ""):
		return fmt.Errorf("%w: serve needs exactly one of --keys FILE (API keys) or --open (no keys, one tenant)", errUsage)
	case rate < 0 || burst < 1:
		return fmt.Errorf("%w: --rate must be ≥ 0 and --burst ≥ 1", errUsage)
	case c.tenant != "" || c.project != "":
		return fmt.Errorf("%w: serve takes tenants and projects from --keys, not --tenant/--project", errUsage)
	case open && c.requireTenant:
		return fmt.Errorf("%w: --require-tenant needs --keys naming each key's tenant (--open serves no tenant)", errUsage)
	}
	if err := checkJudge(judge, genName); err != nil {
		return err
	}
	if err := checkTimeout(timeout); err != nil {
		return err
	}
	opts := server.Options{RateLimit: rate, RateBurst: burst, Timeout: timeout, ReadOnly: readOnly,
		Logger: slog.New(slog.NewTextHandler(stderr, nil))}
	if timeout == 0 {
		opts.Timeout = -1
	}
	if rate == 0 {
		opts.RateLimit = -1
	}
	if keysPath != "" {
		keys, err := server.LoadKeys(keysPath)
		if err != nil {
			return err
		}
		opts.Auth = keys
	}

	cfg := hybridrag.Config{}
	if cfg.Generator, err = newGenerator(ctx, genName, model); err != nil {
		return err
	}
	setJudge(&cfg, judge)
	c.gateDefaults(&cfg)
	opts.Metrics = &hybridrag.Metrics{}
	cfg.Observer = opts.Metrics
	var st cliStore
	if readOnly {
		st, err = openStoreReadOnly(ctx, c.store)
	} else {
		st, err = openStore(ctx, c.store, true)
	}
	if err != nil {
		return err
	}
	if cfg.Embedder, err = storeEmbedder(ctx, st); err != nil {
		_ = st.Close()
		return err
	}
	cfg.Store = st
	cfg.QueryLog = c.queryLog()
	cfg.RequireTenant = c.requireTenant
	p, err := hybridrag.New(cfg)
	if err != nil {
		_ = st.Close()
		closeQueryLog(cfg.QueryLog)
		return err
	}
	defer closeAll(p)
	h, err := server.New(p, opts)
	if err != nil {
		return err
	}

	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	mode := "open: no API keys"
	if keys, ok := opts.Auth.(*server.Keys); ok {
		mode = fmt.Sprintf("%d API keys", keys.Len())
	} else if host, _, _ := net.SplitHostPort(addr); !isLoopback(host) {
		fmt.Fprintf(stderr, "hybridrag: warning: --open on %s serves anyone who can reach it; use --keys\n", addr)
	}
	fmt.Fprintf(stdout, "hybridrag: serving http://%s/ (%s); Ctrl-C stops\n", l.Addr(), mode)
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       5 * time.Minute, // an upload of many files on a slow link
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(opts.Logger.Handler(), slog.LevelWarn),
	}
	if timeout > 0 {
		hs.WriteTimeout = timeout + 30*time.Second // the handler's own deadline fires first
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := server.Serve(ctx, hs, l, server.DefaultDrain); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "hybridrag: stopped")
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// gateDefaults makes the gate and retrieval flags the pipeline's defaults.
func (c *common) gateDefaults(cfg *hybridrag.Config) {
	r := &cfg.Retrieval
	r.MaxSources, r.MMRLambda, r.MinScore, r.MinChunks = c.k, c.mmrLambda, c.minScore, c.minChunks
	if c.set["min-score"] && c.minScore == 0 {
		r.MinScore = -1 // exactly zero
	}
	if c.set["min-chunks"] && c.minChunks == 0 {
		r.MinChunks = -1
	}
}
