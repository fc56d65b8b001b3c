package tokens

import (
	"testing"

	tiktoken "github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
	"github.com/stretchr/testify/require"
)

// Counting must not install or use a BPE loader: tiktoken-go's loader is
// the host's to choose.
func TestCountLeavesGlobalLoaderAlone(t *testing.T) {
	probe := &recordingLoader{}
	tiktoken.SetBpeLoader(probe)
	t.Cleanup(func() { tiktoken.SetBpeLoader(tiktoken.NewDefaultBpeLoader()) })
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
