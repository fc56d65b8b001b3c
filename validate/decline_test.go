package validate

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hybridrag/hybridrag/retrieve"
	"github.com/hybridrag/hybridrag/store"
)

// declineCase is one line of testdata/declines.jsonl: a model sentence and
// whether it declines. Class names the phrasing family (first_person,
// ignorance, absence, insufficient, with_suggestion, register) or, for
// look-alike answers, the trap (negation).
type declineCase struct {
	Text    string `json:"text"`
	Decline bool   `json:"decline"`
	Class   string `json:"class"`
}

func loadDeclines(t *testing.T) []declineCase {
	t.Helper()
	f, err := os.Open("testdata/declines.jsonl")
	require.NoError(t, err)
	defer f.Close()
	var out []declineCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c declineCase
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c), sc.Text())
		out = append(out, c)
	}
	require.NoError(t, sc.Err())
	return out
}

// TestDeclineCorpus holds IsDecline to every phrasing and look-alike in
// the corpus: 100 % of each set.
func TestDeclineCorpus(t *testing.T) {
	cases := loadDeclines(t)
	var declines, answers, missed, wrong int
	for _, c := range cases {
		got := IsDecline(c.Text)
		if c.Decline {
			declines++
			if !got {
				missed++
				t.Errorf("decline missed (%s): %q", c.Class, c.Text)
			}
		} else {
			answers++
			if got {
				wrong++
				t.Errorf("answer taken for a decline (%s): %q", c.Class, c.Text)
			}
		}
	}
	require.GreaterOrEqual(t, declines, 100)
	require.GreaterOrEqual(t, answers, 100)
	t.Logf("declines recognised %d/%d, look-alike answers kept %d/%d", declines-missed, declines, answers-wrong, answers)
}

func TestIsDecline(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{DeclineMessage, true},
		{"The indexed documentation doesn’t contain this information.", true},
		{"The provided documents do not mention the warranty period.", true},
		{"There is no information about the warranty in the documentation.", true},
		{"I cannot answer this question from the provided context.", true},
		{"I don't have enough information to answer this question based on the provided documents.", true},
		{"The sources do not specify a torque value.", true},
		{"This is not covered in the indexed manuals.", true},
		{"No supporting documentation found in indexed sources.", true},
		{"I could not find the torque [S1].", true},
		{"I could not find the torque 【S1】.", true},
		{"  **I don't know.**  ", true},
		{"", false},
		{"[S1]", false},
		{"The pump does not include a relief valve.", false},
		{"No information is stored on the device.", false},
		{"The manual describes the installation.", false},
		{"You cannot open the lid while the rotor turns.", false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			require.Equal(t, c.want, IsDecline(c.in))
		})
	}
}

// TestDeclineInAnswers runs the corpus through the validator as whole
// answers: a decline alone, cited or not, first or last beside an
// unsupported claim, makes the report Declined; a look-alike never does,
// and a decline beside a supported claim leaves the answer standing.
func TestDeclineInAnswers(t *testing.T) {
	src := []retrieve.Source{{Chunk: store.Chunk{ID: "c1", Text: "The maximum operating pressure is 16 bar. The pump weighs 40 kg."}}}
	const unsupported = "The pump is painted green [S1]."
	const supported = "The maximum operating pressure is 16 bar [S1]."
	v := New(Options{})
	for _, c := range loadDeclines(t) {
		answers := map[string]bool{
			"alone":              c.Decline,
			"first":              c.Decline,
			"last":               c.Decline,
			"beside a supported": false,
		}
		texts := map[string]string{
			"alone":              c.Text,
			"first":              c.Text + " " + unsupported,
			"last":               unsupported + " " + c.Text,
			"beside a supported": supported + "\n\n" + c.Text,
		}
		for pos, want := range answers {
			rep, err := v.Validate(context.Background(), texts[pos], src)
			require.NoError(t, err)
			require.Equal(t, want, rep.Declined, "%s: %q", pos, texts[pos])
		}
	}
}

// BenchmarkIsDecline covers a claim without cues, a look-alike and a decline.
func BenchmarkIsDecline(b *testing.B) {
	s := []string{
		"The maximum operating pressure of the PX-400 pump is 16 bar, and the seal must be replaced every 1,800 operating hours [S1].",
		"The documentation does not recommend running it dry [S1].",
		"I could not find any information about the warranty period in the provided documents.",
	}
	for i := 0; i < b.N; i++ {
		for _, x := range s {
			IsDecline(x)
		}
	}
}
