package validate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTableHeaderIsNotAClaim(t *testing.T) {
	src := sources("Replace the G4 filters every 6 months. Near busy roads, check them every 3 months.")
	cases := []struct {
		name, answer string
		claims       []string // the sentences checked, in order
	}{
		{"header and delimiter", "| Item | Interval |\n|---|---|\n| G4 filters | every 6 months [S1] |",
			[]string{"| G4 filters | every 6 months [S1] |"}},
		{"after text", "The intervals:\n\n| Item | Interval |\n| :-- | --: |\n| G4 filters | every 6 months [S1] |\n| Filters near busy roads | every 3 months [S1] |",
			[]string{"| G4 filters | every 6 months [S1] |", "| Filters near busy roads | every 3 months [S1] |"}},
		// A row after a row is data: uncited, it is a claim without a
		// citation, not structure.
		{"uncited data row", "| Item | Interval |\n|---|---|\n| G4 filters | every 2 weeks |",
			[]string{"| G4 filters | every 2 weeks |"}},
		// A first row with a number is data too (a table without header).
		{"first row with a number", "| G4 filters | every 2 weeks |",
			[]string{"| G4 filters | every 2 weeks |"}},
		{"pipe inside a sentence", "Set the mode to a | b [S1].", []string{"Set the mode to a | b [S1]."}},
	}
	v := New(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), c.answer, src)
			require.NoError(t, err)
			var got []string
			for _, s := range rep.Sentences {
				got = append(got, s.Text)
			}
			require.Equal(t, c.claims, got)
		})
	}
}
