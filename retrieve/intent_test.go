package retrieve_test

import (
	"testing"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/stretchr/testify/require"
)

func TestDetectIntent(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want retrieve.Intent
	}{
		{"What is a tablespace?", retrieve.IntentDefinition},
		{"what's a heap tuple", retrieve.IntentDefinition},
		{"What does the fsync option mean?", retrieve.IntentDefinition},
		{"What does pg_rewind do?", retrieve.IntentDefinition},
		{"Define write amplification.", retrieve.IntentDefinition},
		{"Explain the visibility map", retrieve.IntentDefinition},
		{"What is the pump's bypass valve used for?", retrieve.IntentDefinition},
		{"How do I replace the water filter?", retrieve.IntentHowTo},
		{"how can we rotate the log files", retrieve.IntentHowTo},
		{"How to enable TLS for client connections?", retrieve.IntentHowTo},
		{"What is the best way to copy a large table?", retrieve.IntentHowTo},
		{"Steps to set up a replica", retrieve.IntentHowTo},
		{"Configure the proxy for outbound requests", retrieve.IntentHowTo},
		{"How can a semaphore be used to limit concurrency?", retrieve.IntentHowTo},
		{"How many retries does the client make?", retrieve.IntentNumeric},
		{"How long is the session timeout?", retrieve.IntentNumeric},
		{"how much disk space does a snapshot need", retrieve.IntentNumeric},
		{"What is the default port of the admin console?", retrieve.IntentNumeric},
		{"What is the maximum length of a label?", retrieve.IntentNumeric},
		{"What is the initial heap size of a worker?", retrieve.IntentNumeric},
		{"Which port does the exporter listen on?", retrieve.IntentNumeric},
		{"Is there a size limit on uploaded files?", retrieve.IntentNumeric},
		{"What's the default value of retries?", retrieve.IntentNumeric},
		{"Does the backup lock the table?", retrieve.IntentYesNo},
		{"Can I resize a volume while it is mounted?", retrieve.IntentYesNo},
		{"Is TLS required for replication?", retrieve.IntentYesNo},
		{"Should indexes be rebuilt after an upgrade?", retrieve.IntentYesNo},
		{"Are nested transactions supported?", retrieve.IntentYesNo},
		{"What is the difference between a process and a thread?", retrieve.IntentComparison},
		{"Is ext4 faster than xfs for this workload?", retrieve.IntentComparison},
		{"gzip vs zstd compression", retrieve.IntentComparison},
		{"How does a hard link differ from a symbolic link?", retrieve.IntentComparison},
		{"JSON compared to XML for config files", retrieve.IntentComparison},
		{"List the supported authentication methods", retrieve.IntentList},
		{"What are the kinds of indexes?", retrieve.IntentList},
		{"What types of backups are there?", retrieve.IntentList},
		{"What values can the mode setting take?", retrieve.IntentList},
		{"Which drivers are available for Windows?", retrieve.IntentList},
		{"Which command shows open connections?", retrieve.IntentOther},
		{"Why does the pump make a clicking noise?", retrieve.IntentOther},
		{"Where are the log files written?", retrieve.IntentOther},
		{"", retrieve.IntentOther},
	} {
		require.Equal(t, tc.want, retrieve.DetectIntent(tc.q), "%q", tc.q)
	}
}
