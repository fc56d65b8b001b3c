package retrieve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/hybridrag/hybridrag/store"
	"github.com/viterin/vek/vek32"
)

// Cosine calibration from the collection. An embedding model's cosine
// range is a property of the model and the corpus: the hashing embedder
// puts unrelated texts near 0, real models are anisotropic and put them at
// 0.4–0.6. Cosines between chunks of different documents, drawn at random,
// are what "unrelated" looks like for this model and corpus; identical
// texts score 1 with any model. So
//
//	CosineFloor   = median − (q95 − median)   (the unrelated pairs' lower tail)
//	CosineCeiling = CosineFloor + CosineRangeShare·(1 − CosineFloor)
//
// With the hashing embedder this gives the defaults fitted on labelled
// questions within 0.01 on both the PostgreSQL manual and SciFact
// (BENCHMARKS.md, "Relevance with semantic embedders: calibration from the
// collection"), and a model whose cosines are a + (1 − a)·c of another's
// (a common direction added to every vector) gets the same Relevance.
const (
	// CosineRangeShare is the share of the way from the floor to 1 (an
	// identical text) at which the derived ceiling sits: the defaults'
	// ceiling over their floor of 0.
	CosineRangeShare = DefaultCosineCeiling
	// cosineSampleChunks bounds the chunks whose vectors are kept; pairs
	// are drawn among them.
	cosineSampleChunks = 256
	// cosineScanLimit bounds the chunks a derivation reads: a larger scope
	// is sampled from the first cosineScanLimit chunks its Scan visits.
	cosineScanLimit = 20_000
	// cosinePairs bounds the pairs measured; minCosinePairs is the fewest
	// that give a derived range (fewer: the defaults).
	cosinePairs    = 4096
	minCosinePairs = 200
	// cosineRefresh is the least time between two derivations of one
	// scope while its index version keeps moving.
	cosineRefresh = time.Minute
	// maxCosineScopes bounds the cached (tenant, project) scopes.
	maxCosineScopes = 64
)

// CosineRange is a cosine range derived from a collection (see
// CollectionCosine). A plain value, safe for concurrent reads.
type CosineRange struct {
	// Floor and Ceiling are the derived CosineFloor and CosineCeiling;
	// with Derived false they are the defaults.
	Floor   float64 `json:"floor"`
	Ceiling float64 `json:"ceiling"`
	// Derived is false when the collection was too small (or had too few
	// usable vectors) to measure, and the defaults apply.
	Derived bool `json:"derived"`
	// LexicalOnly reports, for a query, that the range could not be
	// derived and Relevance used lexical coverage alone (see
	// Options.CosineFromCollection).
	LexicalOnly bool `json:"lexical_only,omitempty"`
	// Median, Q05 … Q95 are the median and quantiles of the sampled
	// cosines; Pairs is how many were measured, Chunks how many chunks
	// with a usable vector of the measured length the scan saw.
	Median float64 `json:"median"`
	Q05    float64 `json:"q05"`
	Q25    float64 `json:"q25"`
	Q75    float64 `json:"q75"`
	Q95    float64 `json:"q95"`
	Pairs  int     `json:"pairs"`
	Chunks int     `json:"chunks"`
}

// errScanLimit stops a calibration scan at cosineScanLimit chunks.
var errScanLimit = errors.New("retrieve: calibration scan limit")

// CollectionCosine derives a cosine range from the stored vectors of f's
// tenant and project (other filter fields are ignored): the cosines of up
// to 4,096 random pairs of chunks from different documents, among up to
// 256 chunks sampled from the first 20,000 the scan visits. Vectors that
// are empty, of zero norm or not finite are skipped, and only the most
// common vector length is measured (so a stray vector of another length
// is ignored rather than compared). With fewer than 200 pairs it returns the
// defaults with Derived false, and no error. The sample is deterministic
// for a given scan order.
func CollectionCosine(ctx context.Context, sc store.Scanner, f store.Filter) (CosineRange, error) {
	scope := store.Filter{TenantID: f.TenantID, ProjectID: f.ProjectID}
	rng := rand.New(rand.NewPCG(0x9e3779b97f4a7c15, 0xd1b54a32d192ed03))
	type sample struct {
		doc string
		vec []float32 // unit length
	}
	// One reservoir per vector length (at most maxLengths): a few vectors
	// of a wrong length must not decide which length is measured.
	type reservoir struct {
		kept []sample
		seen int
	}
	const maxLengths = 4
	byLen := map[int]*reservoir{}
	visited := 0
	err := sc.Scan(ctx, scope, func(c store.Chunk, vec []float32) error {
		if visited == cosineScanLimit {
			return errScanLimit
		}
		visited++
		if len(vec) == 0 || !finite(vec) {
			return nil
		}
		n := vek32.Norm(vec)
		if n == 0 || math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
			return nil
		}
		res := byLen[len(vec)]
		if res == nil {
			if len(byLen) == maxLengths {
				return nil
			}
			res = &reservoir{}
			byLen[len(vec)] = res
		}
		res.seen++
		// Reservoir sampling: every usable chunk is kept with equal chance.
		slot := len(res.kept)
		if slot == cosineSampleChunks {
			if slot = rng.IntN(res.seen); slot >= cosineSampleChunks {
				return nil
			}
		}
		s := sample{doc: c.DocumentID, vec: vek32.DivNumber(vec, n)}
		if slot == len(res.kept) {
			res.kept = append(res.kept, s)
		} else {
			res.kept[slot] = s
		}
		return nil
	})
	if err != nil && !errors.Is(err, errScanLimit) {
		return CosineRange{}, fmt.Errorf("retrieve: cosine calibration: %w", err)
	}
	var kept []sample
	best := 0
	for l, res := range byLen {
		if res.seen > best || res.seen == best && l < len(kept[0].vec) {
			kept, best = res.kept, res.seen
		}
	}
	r := CosineRange{Floor: DefaultCosineFloor, Ceiling: DefaultCosineCeiling, Chunks: best}
	var cos []float64
	pair := func(i, j int) {
		if kept[i].doc != "" && kept[i].doc == kept[j].doc {
			return
		}
		if c := float64(vek32.Dot(kept[i].vec, kept[j].vec)); !math.IsNaN(c) && !math.IsInf(c, 0) {
			cos = append(cos, c)
		}
	}
	if n := len(kept); n*(n-1)/2 <= cosinePairs {
		// Few chunks: every pair once, so that a small collection is not
		// mistaken for a measured one by counting its pairs many times.
		for i := range kept {
			for j := i + 1; j < n; j++ {
				pair(i, j)
			}
		}
	} else {
		// Bounded tries: most samples may come from one document.
		for try := 0; try < 16*cosinePairs && len(cos) < cosinePairs; try++ {
			if i, j := rng.IntN(n), rng.IntN(n); i != j {
				pair(i, j)
			}
		}
	}
	r.Pairs = len(cos)
	if len(cos) < minCosinePairs {
		return r, nil
	}
	slices.Sort(cos)
	r.Median, r.Q95 = quantile(cos, 0.5), quantile(cos, 0.95)
	r.Q05, r.Q25, r.Q75 = quantile(cos, 0.05), quantile(cos, 0.25), quantile(cos, 0.75)
	floor := max(r.Median-(r.Q95-r.Median), -1)
	ceil := floor + CosineRangeShare*(1-floor)
	// Every chunk alike (floor near 1): no range left to map.
	if ceil-floor < 0.05 {
		return r, nil
	}
	r.Floor, r.Ceiling, r.Derived = floor, ceil, true
	return r, nil
}

// quantile returns the q-quantile of sorted (linear interpolation).
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}

func finite(v []float32) bool {
	for _, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return false
		}
	}
	return true
}

// newCosineRanges caches one derived range per tenant and project, derived
// again when the store's index version has moved (checked at most every
// cosineRefresh); st nil: derived once.
func newCosineRanges(sc store.Scanner, st store.Statter) *scopeCache[CosineRange] {
	return &scopeCache[CosineRange]{
		what: "cosine calibration", statter: st, refresh: cosineRefresh, max: maxCosineScopes,
		build: func(ctx context.Context, f store.Filter) (CosineRange, error) {
			return CollectionCosine(ctx, sc, f)
		},
	}
}

// CosineCalibration returns the cosine range Relevance uses for f's
// tenant and project: derived from the collection when
// Options.CosineFromCollection is on and Calibration leaves both cosine
// bounds zero (computed on first use and cached), otherwise the configured
// range with Derived false. Use it to audit what the gate thresholds.
func (h *Hybrid) CosineCalibration(ctx context.Context, f store.Filter) (CosineRange, error) {
	if h.cosines == nil {
		return CosineRange{Floor: h.cfg.cal.CosineFloor, Ceiling: h.cfg.cal.CosineCeiling}, nil
	}
	return h.cosines.get(ctx, f)
}

// calibrationFor returns the calibration of one query, and the derived
// range when there is one.
func (h *Hybrid) calibrationFor(ctx context.Context, f store.Filter) (Calibration, *CosineRange, error) {
	if h.cosines == nil {
		return h.cfg.cal, nil, nil
	}
	r, err := h.cosines.get(ctx, f)
	if err != nil {
		return Calibration{}, nil, err
	}
	cal := h.cfg.cal
	switch {
	case r.Derived:
		cal.CosineFloor, cal.CosineCeiling = r.Floor, r.Ceiling
	case h.cfg.lexicalFallback:
		// Too few chunks to learn the model's cosine scale: a cosine whose
		// scale is unknown is no evidence, so Relevance is lexical
		// coverage alone rather than the hashing embedder's range, which
		// reads a real model's unrelated 0.5 as a strong match.
		cal.CoverageWeight = 1
		r.LexicalOnly = true
	}
	return cal, &r, nil
}
