package hybridrag_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The root package stays cheap to import (the database/sql pattern):
// storage engines, file parsers and provider SDKs are the host's choice.
func TestRootImportsNoEngineParserOrSDK(t *testing.T) {
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	out, err := exec.Command(gotool, "list", "-deps", ".").Output()
	require.NoError(t, err)
	banned := []string{
		"github.com/blevesearch/bleve", "go.etcd.io/bbolt", "github.com/ledongthuc/pdf",
		"golang.org/x/net/html", "github.com/jackc/pgx", "sqlite", "github.com/tmc/langchaingo",
		"google.golang.org/protobuf", "golang.org/x/text/encoding", "github.com/pkoukk/tiktoken-go-loader",
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, b := range banned {
			require.NotContains(t, dep, b, "the root package depends on %s", dep)
		}
	}
}
