// Package crashtest is the kill -9 harness every store in the repository
// runs as a test: a child process (the test binary, re-executed) indexes,
// replaces (through store.DocumentStreamer, one record per chunk, when the
// store has it), deletes and reindexes a set of files in a store; the parent
// kills it with SIGKILL at a random moment, reopens the store and checks
// that it opens cleanly, holds every document the child had acknowledged,
// holds no document with chunks of two versions, and answers keyword and
// vector searches exactly as a store indexed once, cleanly, from the same
// files does. The operations come from a seeded generator; the seed is
// printed when a trial fails so that the run can be repeated
// (HYBRIDRAG_CRASH_SEED).
//
// It is for tests only.
package crashtest

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

// Store is what the harness needs of a store.
type Store interface {
	store.Store
	store.Scanner
	io.Closer
}

// Config describes the store under test.
type Config struct {
	// NewLocation returns a fresh, empty place for a store (a directory, a
	// schema), removed when t ends.
	NewLocation func(t *testing.T) string
	// Open opens (creating if needed) the store at a location, for
	// writing. The child and the parent both call it.
	Open func(ctx context.Context, location string) (Store, error)
	// HelperTest is the name of the test function that calls Child.
	HelperTest string
}

// Trials is how many kills Run makes: 5 with -short, 100 otherwise, or
// HYBRIDRAG_CRASH_TRIALS (for longer campaigns).
func Trials() int {
	if n, err := strconv.Atoi(os.Getenv(trialsEnv)); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 5
	}
	return 100
}

const (
	locationEnv = "HYBRIDRAG_CRASH_LOCATION"
	startEnv    = "HYBRIDRAG_CRASH_START"
	seedEnv     = "HYBRIDRAG_CRASH_SEED"
	trialsEnv   = "HYBRIDRAG_CRASH_TRIALS"

	files   = 10 // documents ("files") the child works on
	dim     = 8
	planLen = 4000
	tenant  = "crash"
	project = "p"
)

// opKind is one store call of the child.
type opKind int

const (
	opIndex   opKind = iota // put new or changed versions of several files in one batch
	opReplace               // put a new version of one file
	opDelete                // delete one file
	opReindex               // put several stored files again with new embeddings
)

type op struct {
	kind  opKind
	files []int
}

// docState is what a file is in the store: its content version and the
// embedding generation of its vectors. version 0 means absent.
type docState struct{ version, gen int }

type model [files]docState

// plan returns the child's operations for seed; the parent derives the
// same ones.
func plan(seed uint64) []op {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	ops := make([]op, planLen)
	for i := range ops {
		var o op
		switch r := rng.IntN(10); {
		case r < 4:
			o.kind = opIndex
		case r < 7:
			o.kind = opReplace
		case r < 8:
			o.kind = opDelete
		default:
			o.kind = opReindex
		}
		n := 1
		if o.kind == opIndex || o.kind == opReindex {
			n = 1 + rng.IntN(4)
		}
		for _, f := range rng.Perm(files)[:n] {
			o.files = append(o.files, f)
		}
		ops[i] = o
	}
	return ops
}

// apply advances m by o and returns the store call it makes: entries to
// put, or files to delete (both empty: nothing to write).
func (m *model) apply(o op, step int) (put []int, del []int) {
	for _, f := range o.files {
		d := &m[f]
		switch o.kind {
		case opIndex, opReplace:
			d.version = step + 1 // unique per step: every put changes the file
			put = append(put, f)
		case opDelete:
			if d.version != 0 {
				*d = docState{}
				del = append(del, f)
			}
		case opReindex:
			if d.version != 0 {
				d.gen = step + 1
				put = append(put, f)
			}
		}
	}
	return put, del
}

func docID(f int) string { return fmt.Sprintf("file-%02d.md", f) }

var words = strings.Fields("pump valve seal bearing shaft motor filter drain gasket relief pressure flow " +
	"impeller coupling housing sensor alarm manual torque rotor stator lubricant winter season")

// entry is file f at state d: 1 to 4 chunks whose texts depend on the
// version, vectors on the text and the generation.
func entry(f int, d docState) store.Entry {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%d", f, d.version)
	r := rand.New(rand.NewPCG(h.Sum64(), uint64(f)))
	doc := store.Document{ID: docID(f), TenantID: tenant, ProjectID: project, Title: docID(f)}
	e := store.Entry{Document: doc}
	for c := range 1 + r.IntN(4) {
		var b strings.Builder
		fmt.Fprintf(&b, "%s version v%d part %d:", docID(f), d.version, c)
		for range 8 + r.IntN(24) {
			b.WriteString(" " + words[r.IntN(len(words))])
		}
		text := b.String()
		e.Chunks = append(e.Chunks, store.Chunk{
			ID: fmt.Sprintf("%s#%d", docID(f), c), DocumentID: doc.ID, TenantID: tenant, ProjectID: project,
			Text: text, Index: c, Source: doc.ID,
		})
		e.Vectors = append(e.Vectors, vector(text, d.gen))
	}
	return e
}

func vector(text string, gen int) []float32 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s", gen, text)
	r := rand.New(rand.NewPCG(h.Sum64(), 7))
	v := make([]float32, dim)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// Child runs the child's side when the helper environment is set, and
// skips otherwise: the helper test function calls it and nothing else.
func Child(t *testing.T, cfg Config) {
	loc := os.Getenv(locationEnv)
	if loc == "" {
		t.Skip("helper process of the kill -9 test")
	}
	os.Exit(child(cfg, loc))
}

func child(cfg Config, loc string) int {
	ctx := context.Background()
	seed, err1 := strconv.ParseUint(os.Getenv(seedEnv), 10, 64)
	start, err2 := strconv.Atoi(os.Getenv(startEnv))
	if err1 != nil || err2 != nil {
		fmt.Fprintln(os.Stderr, "bad helper environment")
		return 2
	}
	ops := plan(seed)
	var m model
	for i := range start {
		m.apply(ops[i], i)
	}
	s, err := cfg.Open(ctx, loc)
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		return 2
	}
	fmt.Println("open")
	for i := start; i < len(ops); i++ {
		put, del := m.apply(ops[i], i)
		streamer, streams := s.(store.DocumentStreamer)
		switch {
		case len(put) == 1 && ops[i].kind == opReplace && streams:
			err = streamEntry(ctx, streamer, entry(put[0], m[put[0]]))
		case len(put) > 0:
			entries := make([]store.Entry, len(put))
			for j, f := range put {
				entries[j] = entry(f, m[f])
			}
			err = s.Put(ctx, entries...)
		case len(del) > 0:
			ids := make([]string, len(del))
			for j, f := range del {
				ids[j] = docID(f)
			}
			err = s.Delete(ctx, tenant, project, ids...)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "op %d: %v\n", i, err)
			return 2
		}
		fmt.Printf("ack %d\n", i)
	}
	fmt.Println("done")
	time.Sleep(time.Hour) // wait to be killed
	return 0
}

// streamEntry writes e through a store.DocumentStream, one chunk per
// Write and a pause after each, so that kills land between the parts of a
// document written over several records as well as in its commit.
func streamEntry(ctx context.Context, s store.DocumentStreamer, e store.Entry) error {
	ds, err := s.StreamDocument(ctx, e.Document)
	if err != nil {
		return err
	}
	defer ds.Abort()
	for i := range e.Chunks {
		if err := ds.Write(ctx, e.Chunks[i:i+1], e.Vectors[i:i+1]); err != nil {
			return err
		}
		time.Sleep(300 * time.Microsecond)
	}
	return ds.Commit(ctx)
}

// Run makes Trials() kills of children working on one store and checks the
// store after each.
func Run(t *testing.T, cfg Config) {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv(seedEnv); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err, seedEnv)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("crash test seed: %s=%d", seedEnv, seed)
		}
	})
	rng := rand.New(rand.NewPCG(seed, 1))
	ops := plan(seed)
	loc := cfg.NewLocation(t)
	var m model // the state after ops[:next]
	next := 0
	trials := Trials()
	started := time.Now()
	var inChild, inCheck time.Duration
	for trial := range trials {
		require.Less(t, next+16, len(ops), "plan exhausted")
		t0 := time.Now()
		acked := runChild(t, cfg, loc, seed, next, rng, trial)
		t1 := time.Now()
		inChild += t1.Sub(t0)
		require.GreaterOrEqual(t, acked, next-1)
		// Every acknowledged op is in; the one after it may be.
		for i := next; i <= acked; i++ {
			m.apply(ops[i], i)
		}
		maybe := m
		maybe.apply(ops[acked+1], acked+1)
		next = acked + 1
		got := check(t, cfg, loc, trial, acked, m, maybe)
		inCheck += time.Since(t1)
		if got == maybe && got != m {
			m, next = maybe, acked+2
		}
	}
	t.Logf("%d kills, %d operations in %s (children %s, checks %s; seed %d)", trials, next,
		time.Since(started).Round(time.Millisecond), inChild.Round(time.Millisecond), inCheck.Round(time.Millisecond), seed)
}

// runChild starts a child at op start, kills it at a random moment and
// returns the last op it acknowledged (start-1 if none).
func runChild(t *testing.T, cfg Config, loc string, seed uint64, start int, rng *rand.Rand, trial int) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+cfg.HelperTest+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), locationEnv+"="+loc, seedEnv+"="+strconv.FormatUint(seed, 10), startEnv+"="+strconv.Itoa(start))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	lines := bufio.NewScanner(out)
	acked := start - 1
	read := func() bool {
		if !lines.Scan() {
			return false
		}
		if n, ok := strings.CutPrefix(lines.Text(), "ack "); ok {
			acked, _ = strconv.Atoi(n)
		}
		return true
	}
	// One kill in ten lands while the child starts or opens the store;
	// the others after 0 to 5 acknowledged ops, 0 to 3 ms into the next.
	if rng.IntN(10) == 0 {
		time.Sleep(time.Duration(rng.IntN(80)) * time.Millisecond)
	} else {
		for read() && lines.Text() != "open" {
		}
		for target := start + rng.IntN(6); acked < target-1 && read(); {
		}
		time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
	}
	require.NoError(t, cmd.Process.Kill()) // SIGKILL
	for read() {
	} // acknowledgements written before the kill still count
	err = cmd.Wait()
	require.Error(t, err, "trial %d: the child must have been killed; stderr: %s", trial, stderr.String())
	require.NotContains(t, stderr.String(), "op ", "trial %d: the child failed", trial)
	return acked
}

// check reopens the store and compares it with the model states it may be
// in: before (every acknowledged op) or after (and the op in flight). It
// returns the one it matched.
func check(t *testing.T, cfg Config, loc string, trial, acked int, before, after model) model {
	t.Helper()
	ctx := context.Background()
	s, err := cfg.Open(ctx, loc)
	require.NoError(t, err, "trial %d: reopening after kill -9", trial)
	defer func() { require.NoError(t, s.Close(), "trial %d: close", trial) }()
	got := contents(t, s)
	if !equalContents(got, expected(before)) && !equalContents(got, expected(after)) {
		// A server store may still commit the killed child's last write:
		// its COMMIT was sent before the kill. Scan is not one snapshot,
		// so a commit landing during it reads as neither state; once it
		// has landed a second read shows which state the store is in.
		time.Sleep(200 * time.Millisecond)
		got = contents(t, s)
	}
	match := func(got map[string]string) model {
		switch {
		case equalContents(got, expected(before)):
			return before
		case equalContents(got, expected(after)):
			return after
		}
		require.Equal(t, expected(before), got,
			"trial %d: after op %d was acknowledged the store holds neither that state nor the next one (a lost acknowledged write or a mixed document)", trial, acked)
		return before
	}
	want := match(got)
	if !searchesAsClean(t, cfg, s, want, nil, trial) {
		// The killed child's last COMMIT, sent before the kill, may land
		// after the read above matched the state before it: the searches
		// then see the next state. Read again once it has landed.
		time.Sleep(200 * time.Millisecond)
		if again := contents(t, s); !equalContents(again, got) {
			want = match(again)
		}
		searchesAsClean(t, cfg, s, want, t, trial)
	}
	return want
}

// searchesAsClean reports whether keyword and vector searches of s rank
// and score as those of a clean store holding want; with must set, a
// difference fails the test through it instead.
func searchesAsClean(t *testing.T, cfg Config, s Store, want model, must require.TestingT, trial int) bool {
	t.Helper()
	ctx := context.Background()
	clean, err := cfg.Open(ctx, cfg.NewLocation(t))
	require.NoError(t, err)
	defer clean.Close()
	var all []store.Entry
	for f, d := range want {
		if d.version != 0 {
			all = append(all, entry(f, d))
		}
	}
	if len(all) > 0 {
		require.NoError(t, clean.Put(ctx, all...))
	}
	same := func(want, got []string, msg string, args ...any) bool {
		if must != nil {
			require.Equal(must, want, got, append([]any{msg}, args...)...)
		}
		return slices.Equal(want, got)
	}
	for _, q := range []string{"pump seal", "valve pressure relief", "winter drain", "v1", docID(3)} {
		if !same(keywordScores(t, clean, q), keywordScores(t, s, q), "trial %d: keyword search %q differs from a clean index", trial, q) {
			return false
		}
	}
	for g := range 3 {
		q := vector(fmt.Sprint("query", g), 0)
		if !same(vectorScores(t, clean, q), vectorScores(t, s, q), "trial %d: vector search differs from a clean index", trial) {
			return false
		}
	}
	return true
}

// contents maps each stored chunk (document/chunk id) to its text and
// vector, via Scan.
func contents(t *testing.T, s Store) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, s.Scan(context.Background(), store.Filter{}, func(c store.Chunk, vec []float32) error {
		out[c.DocumentID+" "+c.ID] = c.Text + " " + vecKey(vec)
		return nil
	}))
	return out
}

func expected(m model) map[string]string {
	out := map[string]string{}
	for f, d := range m {
		if d.version == 0 {
			continue
		}
		e := entry(f, d)
		for i, c := range e.Chunks {
			out[c.DocumentID+" "+c.ID] = c.Text + " " + vecKey(normalize(e.Vectors[i]))
		}
	}
	return out
}

func equalContents(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// vecKey rounds a vector so that stores that normalise it (or not) in
// float32 compare equal.
func vecKey(v []float32) string {
	v = normalize(v)
	var b strings.Builder
	for _, x := range v {
		fmt.Fprintf(&b, "%.4f,", x)
	}
	return b.String()
}

func normalize(v []float32) []float32 {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	n = math.Sqrt(n)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(float64(x) / n)
	}
	return out
}

func keywordScores(t *testing.T, s Store, q string) []string {
	t.Helper()
	hits, err := s.SearchKeyword(context.Background(), q, 4*files, store.Filter{})
	require.NoError(t, err)
	return scoreList(hits)
}

func vectorScores(t *testing.T, s Store, q []float32) []string {
	t.Helper()
	hits, err := s.SearchVector(context.Background(), q, 4*files, store.Filter{})
	require.NoError(t, err)
	return scoreList(hits)
}

// scoreList lists hits as "id score" sorted by id, so that ties ranked in
// another order still compare equal.
func scoreList(hits []store.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = fmt.Sprintf("%s %.4f", h.Chunk.ID, h.Score)
	}
	sort.Strings(out)
	return out
}
