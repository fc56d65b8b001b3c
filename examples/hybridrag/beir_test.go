package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/internal/beirrun"
)

func writeBEIR(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	corpus := `{"_id":"d1","title":"Filters","text":"Replace the G4 filters every six months."}
{"_id":"d2","title":"Condensate","text":"A blocked condensate drain raises error code E4."}
{"_id":"d3","title":"Noise","text":"Vibration dampers reduce fan noise."}
`
	queries := `{"_id":"q1","text":"how often replace filters"}
{"_id":"q2","text":"condensate drain error"}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "corpus.jsonl"), []byte(corpus), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "queries.jsonl"), []byte(queries), 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "qrels"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "qrels", "test.tsv"), []byte("query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td2\t1\n"), 0o600))
	return dir
}

func TestCLIBEIR(t *testing.T) {
	data := writeBEIR(t)
	code, out, errOut := runCLI(t, "beir", "--data", data)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "3 documents, 2 queries")
	require.Contains(t, out, "nDCG@10")
	require.Contains(t, out, "fusion weighted", "the pipeline's default for the offline embedder")
	for _, m := range []string{"keyword", "vector", "hybrid"} {
		require.Contains(t, out, m)
	}

	code, out, errOut = runCLI(t, "beir", "--data", data, "--json", "--modes", "keyword,hybrid", "--fusion", "rrf", "--mmr-lambda", "0.5")
	require.Equal(t, 0, code, errOut)
	var rep beirrun.Report
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Modes, 2)
	require.Equal(t, "rrf", rep.Fusion)
	require.Equal(t, 0.5, rep.MMRLambda)
	require.Equal(t, 1.0, rep.Modes[0].NDCG10)

	for name, tt := range map[string]struct {
		args []string
		code int
	}{
		"no data":        {[]string{"beir"}, 2},
		"bad fusion":     {[]string{"beir", "--data", data, "--fusion", "max"}, 2},
		"stray argument": {[]string{"beir", "--data", data, "x"}, 2},
		"bad mode":       {[]string{"beir", "--data", data, "--modes", "sparse"}, 1},
		"missing split":  {[]string{"beir", "--data", data, "--split", "dev"}, 1},
	} {
		t.Run(name, func(t *testing.T) {
			code, _, errOut := runCLI(t, tt.args...)
			require.Equal(t, tt.code, code, errOut)
		})
	}
}
