package lcvector_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
	"github.com/hybridrag/hybridrag/store/lcvector"
)

// A transcript chunk's time span survives the schema.Document round trip.
func TestTranscriptChunkRoundTrip(t *testing.T) {
	c := store.Chunk{ID: "c1", DocumentID: "talk.vtt", Source: "talk.vtt", Text: "Alice: hi."}
	want := store.TimeSpan{Start: 1500 * time.Millisecond, End: 70 * time.Second, Speakers: []string{"Alice"},
		Cues: []store.Cue{{Offset: 0, Time: 1500 * time.Millisecond}}}
	c.SetTimeSpan(want)
	d, err := lcvector.Document(c)
	require.NoError(t, err)
	back, err := lcvector.Chunk(d)
	require.NoError(t, err)
	got, ok := back.TimeSpan()
	require.True(t, ok)
	require.Equal(t, want, got)
}
