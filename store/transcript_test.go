package store_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/store"
)

func TestParseTimestamp(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"12:34", 12*time.Minute + 34*time.Second, true},
		{"1:02:03", time.Hour + 2*time.Minute + 3*time.Second, true},
		{"00:01:02,500", time.Minute + 2500*time.Millisecond, true},
		{"00:01:02.5", time.Minute + 2500*time.Millisecond, true},
		{"75", 75 * time.Second, true},
		{"75:00", 75 * time.Minute, true}, // a first field may exceed 59
		{"1:60", 0, false},
		{"1:2:3:4", 0, false},
		{"", 0, false},
		{"1:", 0, false},
		{"-1:00", 0, false},
		{"1:0x", 0, false},
		{"1.", 0, false},
		{"99999999999:00", 0, false},
	} {
		got, ok := store.ParseTimestamp(tc.in)
		require.Equal(t, tc.ok, ok, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
}

func TestFormatTimestamp(t *testing.T) {
	require.Equal(t, "0:00", store.FormatTimestamp(0))
	require.Equal(t, "12:34", store.FormatTimestamp(12*time.Minute+34*time.Second+900*time.Millisecond))
	require.Equal(t, "1:00:05", store.FormatTimestamp(time.Hour+5*time.Second))
	require.Equal(t, "0:00", store.FormatTimestamp(-time.Second))
}

func TestChunkTimeSpanRoundTrip(t *testing.T) {
	c := store.Chunk{ID: "c", Metadata: store.Metadata{Extra: map[string]string{"owner": "ops"}}}
	_, ok := c.TimeSpan()
	require.False(t, ok, "a chunk without the keys is not a transcript chunk")

	ts := store.TimeSpan{Start: 62500 * time.Millisecond, End: 2*time.Minute + 10*time.Second,
		Speakers: []string{"Alice", "Bob Smith"}, Cues: []store.Cue{{0, 62500 * time.Millisecond}, {40, 70 * time.Second}}}
	orig := c.Metadata.Extra
	c.SetTimeSpan(ts)
	require.Equal(t, map[string]string{"owner": "ops"}, orig, "SetTimeSpan must not write into a shared map")
	got, ok := c.TimeSpan()
	require.True(t, ok)
	require.Equal(t, ts, got)
	require.Equal(t, 62500*time.Millisecond, got.CueAt(39))
	require.Equal(t, 70*time.Second, got.CueAt(40))
	require.True(t, got.Contains(62*time.Second), "t=1:02 written without the fraction still falls in the span")
	require.False(t, got.Contains(3*time.Minute))

	info := store.InfoFromChunk(&c, 1)
	require.Equal(t, map[string]string{"owner": "ops"}, info.Metadata.Extra, "per-chunk keys are not document metadata")

	c.Metadata.Extra[store.ExtraTimeEnd] = "junk"
	_, ok = c.TimeSpan()
	require.False(t, ok)
}
