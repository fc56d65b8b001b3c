package validate

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func factStrings(s string) []string {
	var out []string
	for _, f := range extractFacts(s) {
		out = append(out, f.num+"|"+f.unit)
		if s[f.start:f.end] == "" {
			panic("empty fact span")
		}
	}
	return out
}

func TestExtractFacts(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"at 3.5 bar", []string{"3.5|bar"}},
		{"at 3.5bar or 3.5-bar", []string{"3.5|bar", "3.5|bar"}},
		{"12% and 12 % and 12 percent and 12 per cent", []string{"12|%", "12|%", "12|%", "12|%"}},
		{"1,000 mm, 1000mm, 1 000 mm, 1\u202f000 mm", []string{"1000|mm", "1000|mm", "1000|mm", "1000|mm"}},
		{"in 2021, 230 staff", []string{"2021|", "230|"}},
		{"v2.4.1 and version 2.4.1", []string{"2.4.1|", "2.4.1|"}},
		{"on 2021-03-04 at 14:30", []string{"2021-03-04|", "14:30|"}},
		{"on 03/04/2021", []string{"03/04/2021|"}},
		{"down to -25 °C or −25 ºC", []string{"-25|°C", "-25|°C"}},
		{"20 degrees Celsius and 68 deg F", []string{"20|°C", "68|°F"}},
		{"between 10-20 bar", []string{"10|", "20|bar"}},
		{"a 5-minute wait, 5 minutes, 5 min", []string{"5|min", "5|min", "5|min"}},
		{"€412 million and 412 million euros and $1.2bn", []string{"412 million|€", "412 million|€", "1.2 billion|$"}},
		{"7.5 kW vs 7.5 MW vs 7.5 mW", []string{"7.5|kW", "7.5|MW", "7.5|mW"}},
		{"48,000 cubic metres and 2,400 square feet", []string{"48000|m³", "2400|ft²"}},
		{"0.5 and 1.0 mg/L at 12 m/s", []string{"0.5|", "1.0|mg/L", "12|m/s"}},
		{"the 3rd step", []string{"3|"}},
		{"TX-200, E07, IP54, R-32, AES-256, 6S", []string{"6|"}},
		{"No. 5 at 2:30 pm", []string{"5|", "2:30|pm"}},
		{"4 of the 12 girders", []string{"4|", "12|"}},
		{"IEEE 802.1X", []string{"802.1|"}},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			require.Equal(t, c.want, factStrings(c.in))
		})
	}
}

func TestFactFound(t *testing.T) {
	cases := []struct {
		name, source, sentence string
		want                   bool
	}{
		{"same", "at 16 bar", "16 bar", true},
		{"bare number in sentence", "at 16 bar", "16", true},
		{"unit differs", "at 16 bar", "16 psi", false},
		{"unit named elsewhere", "Pressure (bar): 16", "16 bar", true},
		{"unit named nowhere", "Pressure: 16", "16 bar", false},
		{"number absent", "at 16 bar", "17 bar", false},
		{"range to words", "between 10 and 20 bar", "10-20 bar", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev := cited{newEvidence(c.source)}
			all := true
			for _, f := range extractFacts(c.sentence) {
				all = all && ev.factFound(f)
			}
			require.Equal(t, c.want, all)
		})
	}
}

func TestExtractEntities(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"The pump runs at Hydrotec in Rotterdam.", []string{"hydrotec", "rotterdam"}},
		{"Rotterdam hosts the plant.", nil},
		{"Northwind Logistics reported revenue.", []string{"northwind", "logistics"}},
		{"The TX-200 uses a PLC and two PLCs.", []string{"tx-200", "plc", "plc"}},
		{"Use PostgreSQL or iPhone over Wi-Fi.", []string{"postgresql", "iphone", "wi-fi"}},
		{"Note: Then press Start.", []string{"start"}},
		{"It opened in March and The end.", []string{"march"}},
		{"Rated at 7.5 kW and v2.4.1, use IEEE 802.1X.", []string{"ieee", "802.1x"}},
		{"Siemens's plant.", nil},
		{"The plant of Siemens's group.", []string{"siemens"}},
		{"I think A is fine.", nil},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			var got []string
			for _, e := range extractEntities(c.in, extractFacts(c.in)) {
				got = append(got, e.key)
			}
			require.Equal(t, c.want, got)
		})
	}
}

func TestNegations(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"The valve must be opened.", 0},
		{"The valve must not be opened.", 1},
		{"Never open it without gloves.", 2},
		{"It doesn't and can’t work.", 2},
		{"It cannot work, neither hot nor cold.", 3},
		{"No cracks were found.", 1},
		{"See No. 5 for details.", 0},
		{"The answer is no.", 1},
		{"Nothing is noted; notable knots.", 0},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			require.Equal(t, c.want, negations(c.in))
			require.Equal(t, c.want > 0, negated(c.in))
		})
	}
}

func TestSplitWords(t *testing.T) {
	var got []string
	s := "Don't X-ray the 3.5 bar, 1,000 valves' TX-200."
	for _, w := range splitWords(s) {
		require.Equal(t, w.text, s[w.start:w.end])
		got = append(got, w.text)
	}
	require.Equal(t, []string{"Don't", "X-ray", "the", "3.5", "bar", "1,000", "valves", "TX-200"}, got)
}
