package tokens

import (
	"strings"
	"sync"
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/stretchr/testify/require"
)

const cl100kURL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"

// The embedded file must give exactly the ranks tiktoken-go-loader gives.
func TestLoaderRanksMatchTiktokenLoader(t *testing.T) {
	want, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(cl100kURL)
	require.NoError(t, err)
	got, err := Loader{}.LoadTiktokenBpe(cl100kURL)
	require.NoError(t, err)
	require.Len(t, got, len(want))
	require.Equal(t, want, got)
}

func TestLoaderRefusesOtherEncodings(t *testing.T) {
	for _, f := range []string{"o200k_base.tiktoken", "https://x/p50k_base.tiktoken", ""} {
		_, err := Loader{}.LoadTiktokenBpe(f)
		require.Error(t, err, f)
	}
}

func TestParseRanksRejectsDamage(t *testing.T) {
	for _, in := range []string{"aGVsbG8=\n", "!!! 1\n", "aGVsbG8= x\n"} {
		_, err := parseRanks([]byte(in))
		require.Error(t, err, in)
	}
}

// Our encoder (own ranks, own copy of the pattern and special tokens) must
// tokenise exactly as tiktoken-go's cl100k_base does.
func TestEncoderMatchesTiktoken(t *testing.T) {
	tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
	t.Cleanup(func() { tiktoken.SetBpeLoader(tiktoken.NewDefaultBpeLoader()) })
	ref, err := tiktoken.GetEncoding(Encoding)
	require.NoError(t, err)
	ours, err := newEncoder()
	require.NoError(t, err)
	texts := []string{
		"The pump must be primed before start-up.",
		"Ersetzen Sie die G4-Filter alle 6 Monate; größere Räume öfter!",
		"错误代码 E4：检查排水管。 日本語のテキストも。",
		"  indented\r\n\ttabs and 1234567 numbers, it's they'll we'd\n\n\n",
		"<|endoftext|> stays ordinary text here",
		"emoji 🙂🚀 and math ∑ x² ≤ 10⁶",
		strings.Repeat("long-word", 300),
	}
	for _, s := range texts {
		require.Equal(t, ref.EncodeOrdinary(s), ours.EncodeOrdinary(s), s)
		require.Equal(t, ref.Encode(s, []string{"all"}, nil), ours.Encode(s, []string{"all"}, nil), s)
	}
}

// Counting must not install a BPE loader: tiktoken-go's loader is the
// host's to choose.
func TestCountLeavesGlobalLoaderAlone(t *testing.T) {
	probe := &recordingLoader{}
	tiktoken.SetBpeLoader(probe)
	t.Cleanup(func() { tiktoken.SetBpeLoader(tiktoken.NewDefaultBpeLoader()) })
	once, encoder, loadErr = sync.Once{}, nil, nil // build the shared encoder anew, after SetBpeLoader
	_, err := Count("hello world")
	require.NoError(t, err)
	_, err = tiktoken.GetEncoding("r50k_base")
	require.NoError(t, err)
	require.Equal(t, []string{"https://openaipublic.blob.core.windows.net/encodings/r50k_base.tiktoken"}, probe.asked)
}

type recordingLoader struct{ asked []string }

func (r *recordingLoader) LoadTiktokenBpe(f string) (map[string]int, error) {
	r.asked = append(r.asked, f)
	return tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(f)
}
