package validate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

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
