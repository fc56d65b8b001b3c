package validate

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestExtractFactsNumberWords(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"every six months and every 6 months", []string{"6|mo", "6|mo"}},
		{"Five kW, twenty-five bar, forty two hours", []string{"5|kW", "25|bar", "42|h"}},
		{"two hundred metres and 200 m", []string{"200|m", "200|m"}},
		{"three filters", []string{"3|"}},
		// Words that only contain or resemble a number word, and a number
		// word glued to a code, are not quantities.
		{"someone, anyone, ones, tone, often, bone, everyone, tent, TX-two, Ninetyish", nil},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			require.Equal(t, c.want, factStrings(c.in))
		})
	}
}

func TestValidateNumberWords(t *testing.T) {
	const digits = "Replace the G4 filters every 6 months. Near busy roads, check the filters every 3 months. The unit has two fans."
	const words = "Replace the G4 filters every six months. The unit has 2 fans."
	cases := []struct {
		name, source, answer string
		want                 []Issue // nil: supported
	}{
		{"words for the source's digits", digits, "Replace the G4 filters every six months [S1].", nil},
		{"digits for the source's words", words, "Replace the G4 filters every 6 months [S1].", nil},
		{"a count", digits, "The unit has 2 fans [S1].", nil},
		{"a count in words", words, "The unit has two fans [S1].", nil},
		{"compound", "The tank holds 25 litres.", "The tank holds twenty-five litres [S1].", nil},
		{"another number in words", digits, "Replace the G4 filters every seven months [S1].", []Issue{NumberMismatch}},
		{"another unit", digits, "Replace the G4 filters every six weeks [S1].", []Issue{NumberMismatch}},
		{"a number from another clause", digits, "Near busy roads, check the filters every six months [S1].", []Issue{NumberMismatch}},
	}
	v := New(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := v.Validate(context.Background(), c.answer, sources(c.source))
			require.NoError(t, err)
			require.Len(t, rep.Sentences, 1)
			s := rep.Sentences[0]
			require.Equal(t, c.want == nil, s.Supported, "%+v", s.Failures)
			for _, is := range c.want {
				require.Contains(t, s.Issues, is)
			}
		})
	}
}
