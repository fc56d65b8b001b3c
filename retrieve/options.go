package retrieve

import (
	"fmt"
	"math"
)

// Fusion selects how the keyword and vector candidate lists are combined
// into one ranking (Scores.Fused).
type Fusion int

const (
	// FusionDefault, the zero value, leaves the choice to whoever builds
	// the retriever: NewHybrid uses RRF; hybridrag's default retriever uses
	// weighted fusion with the offline hashing embedder and RRF otherwise.
	FusionDefault Fusion = iota
	// FusionRRF is Reciprocal Rank Fusion: Fused = Σ 1/(RRFK + rank) over
	// the lists that found the chunk. It needs no score calibration.
	FusionRRF
	// FusionWeighted normalises each list's raw scores (see Normalization)
	// and adds them with KeywordWeight and VectorWeight.
	FusionWeighted
)

var fusionNames = [...]string{FusionDefault: "default", FusionRRF: "rrf", FusionWeighted: "weighted"}

// String returns "default", "rrf" or "weighted".
func (f Fusion) String() string {
	if f < 0 || int(f) >= len(fusionNames) {
		return fmt.Sprintf("Fusion(%d)", int(f))
	}
	return fusionNames[f]
}

// ParseFusion reads a Fusion from its name; "" is FusionDefault.
func ParseFusion(s string) (Fusion, error) {
	if s == "" {
		return FusionDefault, nil
	}
	for i, n := range fusionNames {
		if n == s {
			return Fusion(i), nil
		}
	}
	return FusionDefault, fmt.Errorf("%w: unknown fusion %q (rrf, weighted)", ErrInvalidOptions, s)
}

// MarshalText returns the Fusion's name.
func (f Fusion) MarshalText() ([]byte, error) {
	if f < 0 || int(f) >= len(fusionNames) {
		return nil, fmt.Errorf("%w: unknown Fusion %d", ErrInvalidOptions, int(f))
	}
	return []byte(fusionNames[f]), nil
}

// UnmarshalText reads a name written by MarshalText (see ParseFusion).
func (f *Fusion) UnmarshalText(b []byte) error {
	v, err := ParseFusion(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// Normalization selects how FusionWeighted puts BM25 and cosine scores on
// one scale, per query and per list.
type Normalization int

const (
	// NormalizeMinMax maps the list's best score to 1 and its worst to 0.
	NormalizeMinMax Normalization = iota
	// NormalizeZScore maps a score to its distance from the list's mean in
	// standard deviations.
	NormalizeZScore
)

func (n Normalization) String() string {
	switch n {
	case NormalizeMinMax:
		return "minmax"
	case NormalizeZScore:
		return "zscore"
	}
	return fmt.Sprintf("Normalization(%d)", int(n))
}

// Defaults of the weighted fusion, tuned on the BEIR SciFact train split
// with the offline hashing embedder (nDCG@10 0.671 at 0.5 : 0.5, 0.708 at
// 0.8 : 0.2, 0.711 at 0.9 : 0.1; BM25 alone 0.705). A real embedding model
// deserves a larger vector weight: tune both on labelled questions.
const (
	DefaultKeywordWeight = 0.8
	DefaultVectorWeight  = 0.2
)

// Options configures a Hybrid retriever. The zero value means the defaults:
// RRF with k = DefaultRRFK, no reranker, and the relevance calibration of
// the offline hashing embedder (see Calibration).
type Options struct {
	// Fusion is the fusion method; the zero value (FusionDefault) is RRF.
	Fusion Fusion
	// RRFK is the RRF constant; 0 means DefaultRRFK.
	RRFK int
	// Normalization, KeywordWeight and VectorWeight configure
	// FusionWeighted. A zero weight means its default; a negative weight
	// means exactly zero (that list then only contributes candidates).
	Normalization Normalization
	KeywordWeight float64
	VectorWeight  float64
	// Reranker, if set, reorders the fused candidates before MMR; see
	// Reranker. Its output order becomes MMR's relevance order.
	Reranker Reranker
	// RerankDepth is how many of the best fused candidates are passed to
	// the Reranker; 0 means all. Candidates beyond the depth keep their
	// fused order after the reranked ones.
	RerankDepth int
	// Calibration maps raw scores to Source.Relevance; the zero value suits
	// the offline hashing embedder (retrieve/embed.Hash).
	Calibration Calibration
	// CosineFromCollection derives Calibration's cosine range per tenant
	// and project from the stored vectors (see CollectionCosine) when
	// Calibration leaves both CosineFloor and CosineCeiling zero; set it
	// for any embedder but the hashing one, whose range the defaults are.
	// It needs a searcher that implements store.Scanner (ErrInvalidOptions
	// otherwise). An explicit CosineFloor or CosineCeiling turns it off.
	// When the collection is too small to measure (Derived false),
	// Relevance is lexical coverage alone unless Calibration sets
	// CoverageWeight: an unknown cosine scale is no evidence.
	CosineFromCollection bool
	// Diversity selects what MMR demotes; the zero value is
	// DiversityRedundancy (overlapping and near-duplicate chunks only).
	Diversity Diversity
	// DuplicateCosine in (0, 1) is DiversityRedundancy's near-duplicate
	// threshold; 0 means DefaultDuplicateCosine, moved up with the
	// collection's cosine range when CosineFromCollection derives one.
	DuplicateCosine float64
	// Neighbors is how many adjacent chunks may join a result (see
	// DefaultNeighbors); 0 means the default, a negative value none. It
	// needs a keyword or vector searcher that implements
	// store.ChunkPositioner and does nothing otherwise.
	Neighbors int
	// Expansion selects the query expansions keyword search adds; the zero
	// value is DefaultExpansion.
	Expansion Expansion
	// ExpansionWeight in (0, 1) scales expansion BM25 scores against the
	// question's own (see Expansion); 0 means DefaultExpansionWeight.
	ExpansionWeight float64
	// ProximityWeight scales the keyword score a chunk gains for writing
	// neighbouring question terms next to each other (see
	// DefaultProximityWeight); 0 means the default, a negative value
	// none. It needs a keyword searcher that implements
	// store.TermStatter.
	ProximityWeight float64
}

// config is Options with every default resolved.
type config struct {
	fusion      Fusion
	rrfK        float64
	norm        Normalization
	wKeyword    float64
	wVector     float64
	reranker    Reranker
	rerankDepth int
	cal         Calibration
	// deriveCosine: derive the cosine range from the collection;
	// lexicalFallback: when it cannot be derived, Relevance is coverage
	// alone (the caller left CoverageWeight to its default).
	deriveCosine, lexicalFallback bool

	mmrTerm    mmrTerm
	diversity  Diversity
	dupCosine  float64
	dupDefault bool // DuplicateCosine was left zero
	neighbors  int

	expansion       Expansion
	expansionWeight float64
	proximityWeight float64
}

func (o Options) resolve() (config, error) {
	c := config{
		fusion: o.Fusion, norm: o.Normalization, reranker: o.Reranker,
		rerankDepth: o.RerankDepth,
	}
	switch o.Fusion {
	case FusionDefault:
		c.fusion = FusionRRF
	case FusionRRF, FusionWeighted:
	default:
		return c, fmt.Errorf("%w: unknown Fusion %d", ErrInvalidOptions, int(o.Fusion))
	}
	if o.Normalization != NormalizeMinMax && o.Normalization != NormalizeZScore {
		return c, fmt.Errorf("%w: unknown Normalization %d", ErrInvalidOptions, int(o.Normalization))
	}
	switch {
	case o.RRFK < 0:
		return c, fmt.Errorf("%w: RRFK %d is negative", ErrInvalidOptions, o.RRFK)
	case o.RRFK == 0:
		c.rrfK = DefaultRRFK
	default:
		c.rrfK = float64(o.RRFK)
	}
	var err error
	if c.wKeyword, err = weight("KeywordWeight", o.KeywordWeight, DefaultKeywordWeight); err != nil {
		return c, err
	}
	if c.wVector, err = weight("VectorWeight", o.VectorWeight, DefaultVectorWeight); err != nil {
		return c, err
	}
	if o.Fusion == FusionWeighted && c.wKeyword == 0 && c.wVector == 0 {
		return c, fmt.Errorf("%w: both fusion weights are zero", ErrInvalidOptions)
	}
	if o.RerankDepth < 0 {
		return c, fmt.Errorf("%w: RerankDepth %d is negative", ErrInvalidOptions, o.RerankDepth)
	}
	if c.cal, err = o.Calibration.resolve(); err != nil {
		return c, err
	}
	c.deriveCosine = o.CosineFromCollection && o.Calibration.CosineFloor == 0 && o.Calibration.CosineCeiling == 0
	c.lexicalFallback = c.deriveCosine && o.Calibration.CoverageWeight == 0
	if !o.Diversity.valid() {
		return c, fmt.Errorf("%w: unknown Diversity %d", ErrInvalidOptions, int(o.Diversity))
	}
	c.diversity = o.Diversity
	switch {
	case o.Neighbors < 0:
		c.neighbors = 0
	case o.Neighbors == 0:
		c.neighbors = DefaultNeighbors
	default:
		c.neighbors = o.Neighbors
	}
	c.dupDefault = o.DuplicateCosine == 0
	if c.dupCosine, err = resolveDuplicateCosine(o.DuplicateCosine); err != nil {
		return c, err
	}
	if !o.Expansion.valid() {
		return c, fmt.Errorf("%w: unknown Expansion %d", ErrInvalidOptions, int(o.Expansion))
	}
	c.expansion = o.Expansion
	if c.expansion == ExpansionDefault {
		c.expansion = DefaultExpansion
	}
	switch w := o.ExpansionWeight; {
	case math.IsNaN(w) || w < 0 || w >= 1:
		return c, fmt.Errorf("%w: ExpansionWeight %v outside (0, 1)", ErrInvalidOptions, w)
	case w == 0:
		c.expansionWeight = DefaultExpansionWeight
	default:
		c.expansionWeight = w
	}
	if c.proximityWeight, err = weight("ProximityWeight", o.ProximityWeight, DefaultProximityWeight); err != nil {
		return c, err
	}
	return c, nil
}

// weight resolves a weight whose zero value means def and whose negative
// values mean exactly zero.
func weight(name string, w, def float64) (float64, error) {
	switch {
	case math.IsNaN(w) || math.IsInf(w, 0):
		return 0, fmt.Errorf("%w: %s is %v", ErrInvalidOptions, name, w)
	case w < 0:
		return 0, nil
	case w == 0:
		return def, nil
	}
	return w, nil
}
