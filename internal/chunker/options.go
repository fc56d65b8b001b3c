package chunker

import (
	"fmt"
	"time"
)

// Defaults: chunks of about 700–1000 cl100k_base tokens with 100–150
// tokens of overlap.
const (
	// DefaultTargetTokens is the size the packer aims at.
	DefaultTargetTokens = 800
	// DefaultMaxTokens is the hard ceiling on Chunk.Tokens.
	DefaultMaxTokens = 1000
	// DefaultMinTokens is the merge threshold: consecutive small sections
	// are merged while the chunk is below it. It is the lower end of the
	// 700–1000 target range, so merged chunks land in that range whenever
	// the material allows, and a section that already reaches it stands
	// alone and keeps its own, precise heading path.
	DefaultMinTokens = 700
	// DefaultOverlapTokens is how far back a chunk of a long section
	// starts into its predecessor.
	DefaultOverlapTokens = 120
	// NoOverlap, as Options.OverlapTokens (any negative value works),
	// turns overlap off.
	NoOverlap = -1
	// MinimumMaxTokens is the smallest accepted MaxTokens. One rune never
	// needs more than four tokens, so cuts at rune boundaries can always
	// meet a ceiling of this size.
	MinimumMaxTokens = 16
)

// overlapSlack lets the overlap grow by a quarter beyond OverlapTokens so
// that it can end on a sentence boundary (120 → up to 150, the top of the overlap range).
const overlapSlack = 4

// maxPieceTokens bounds the pieces a very long sentence is cut into; small
// pieces let overlap and cuts land close to their targets.
const maxPieceTokens = 48

// Options sizes chunks in cl100k_base tokens. The zero value means the
// defaults. A zero field takes its default, clamped to agree with the
// fields that are set: Options{MaxTokens: 500} means target 500, min 500,
// overlap 120.
type Options struct {
	// TargetTokens is the size the packer aims at (default 800). Long
	// sections are split into chunks of even size at most this large.
	TargetTokens int
	// MaxTokens is the hard ceiling on a chunk's token count (default
	// 1000, at least MinimumMaxTokens).
	MaxTokens int
	// MinTokens is the merge threshold (default 700): small consecutive
	// sections are merged while the merged chunk has fewer tokens than
	// this and the result stays within TargetTokens.
	MinTokens int
	// OverlapTokens is about how many tokens a chunk of a long section
	// repeats from the end of the previous one (default 120, at most half
	// of TargetTokens); negative disables overlap.
	OverlapTokens int
	// MaxWindow bounds the recording time a chunk of a transcript spans
	// (default DefaultMaxWindow, two minutes): chunks of a document whose
	// Sections carry Time are runs of whole cues, at most TargetTokens and
	// MaxWindow long, without overlap.
	MaxWindow time.Duration
	// MinWindow is how long a transcript chunk must span before it ends at
	// the next speaker change (default DefaultMinWindow, one minute, at most
	// MaxWindow).
	MinWindow time.Duration
}

// resolved returns o with defaults filled in, or an error wrapping
// ErrInvalidOptions.
func (o Options) resolved() (Options, error) {
	if o.TargetTokens < 0 || o.MaxTokens < 0 || o.MinTokens < 0 {
		return o, fmt.Errorf("%w: negative size %+v", ErrInvalidOptions, o)
	}
	if o.MaxTokens == 0 {
		o.MaxTokens = max(DefaultMaxTokens, o.TargetTokens)
	}
	if o.TargetTokens == 0 {
		o.TargetTokens = min(DefaultTargetTokens, o.MaxTokens)
	}
	if o.MinTokens == 0 {
		o.MinTokens = min(DefaultMinTokens, o.TargetTokens)
	}
	if o.MaxWindow < 0 || o.MinWindow < 0 {
		return o, fmt.Errorf("%w: negative window %+v", ErrInvalidOptions, o)
	}
	if o.MaxWindow == 0 {
		o.MaxWindow = max(DefaultMaxWindow, o.MinWindow)
	}
	if o.MinWindow == 0 {
		o.MinWindow = min(DefaultMinWindow, o.MaxWindow)
	}
	if o.MinWindow > o.MaxWindow {
		return o, fmt.Errorf("%w: MinWindow %v is above MaxWindow %v", ErrInvalidOptions, o.MinWindow, o.MaxWindow)
	}
	switch {
	case o.OverlapTokens < 0:
		o.OverlapTokens = 0
	case o.OverlapTokens == 0:
		o.OverlapTokens = min(DefaultOverlapTokens, o.TargetTokens/4)
	}
	switch {
	case o.MaxTokens < MinimumMaxTokens:
		return o, fmt.Errorf("%w: MaxTokens %d is below %d", ErrInvalidOptions, o.MaxTokens, MinimumMaxTokens)
	case o.TargetTokens > o.MaxTokens:
		return o, fmt.Errorf("%w: TargetTokens %d is above MaxTokens %d", ErrInvalidOptions, o.TargetTokens, o.MaxTokens)
	case o.TargetTokens < MinimumMaxTokens:
		return o, fmt.Errorf("%w: TargetTokens %d is below %d", ErrInvalidOptions, o.TargetTokens, MinimumMaxTokens)
	case o.MinTokens > o.TargetTokens:
		return o, fmt.Errorf("%w: MinTokens %d is above TargetTokens %d", ErrInvalidOptions, o.MinTokens, o.TargetTokens)
	case o.OverlapTokens > o.TargetTokens/2:
		return o, fmt.Errorf("%w: OverlapTokens %d is above half of TargetTokens %d", ErrInvalidOptions, o.OverlapTokens, o.TargetTokens)
	}
	return o, nil
}

// pieceTokens is the size of the pieces a sentence longer than the target
// is cut into.
func (o Options) pieceTokens() int {
	return max(4, min(maxPieceTokens, o.TargetTokens/4))
}
