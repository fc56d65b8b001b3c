package validate

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// benchSentences are templates for the sentences of a synthetic manual;
// %d varies per source so that numbers differ between sources.
var benchSentences = []string{
	"The PX-%d pump must be installed on a level concrete base at least %d mm thick.",
	"Before the first start-up, fill the pump housing with %d litres of SAE 30 oil.",
	"The maximum operating pressure is %d bar at a fluid temperature of 40 °C.",
	"Do not run the pump dry for more than %d seconds, or the mechanical seal will be damaged.",
	"Replace the seal every %d hours; replace the filter every 250 hours.",
	"The motor is rated at %d kW and draws 14 A at 400 V.",
	"Hydrotec service technicians should inspect the impeller every %d operating hours.",
	"Lubricate the bearings with Molykote 111 grease after %d hours of operation.",
	"The control panel shows error code E%d when the inlet pressure drops below 0.5 bar.",
	"Firmware updates are installed over Wi-Fi between 02:00 and 04:00 and take about %d minutes.",
	"Backups of the configuration are kept for %d days and encrypted with AES-256.",
	"The enclosure is rated IP54 and can be installed outdoors at temperatures down to -%d °C.",
}

// benchSources builds n sources of about tokens tokens each.
func benchSources(n, tokens int) []string {
	out := make([]string, n)
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "Pump model PX-%d service manual, section %d.\n\n", 100+i, i+1)
		for k := 0; len(strings.Fields(b.String()))*4/3 < tokens; k++ {
			tpl := benchSentences[k%len(benchSentences)]
			if strings.Contains(tpl, "%d") {
				fmt.Fprintf(&b, tpl, 10+i*7+k)
			} else {
				b.WriteString(tpl)
			}
			b.WriteString(" ")
			if k%5 == 4 {
				b.WriteString("\n\n")
			}
		}
		out[i] = b.String()
	}
	return out
}

// BenchmarkValidate15Sources validates a realistic 8-sentence answer
// (paraphrased and verbatim claims, one unsupported, several citing two
// sources) over 15 sources of about 800 tokens each, the default context.
func BenchmarkValidate15Sources(b *testing.B) {
	src := sources(benchSources(15, 800)...)
	answer := benchAnswer
	v := New(Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Validate(context.Background(), answer, src); err != nil {
			b.Fatal(err)
		}
	}
}

// benchAnswer is the answer of BenchmarkValidate15Sources.
const benchAnswer = "The PX-100 pump must be installed on a level concrete base at least 10 mm thick [S1]. " +
	"Fill the pump housing with 18 litres of SAE 30 oil before the first start-up [S2]. " +
	"The maximum operating pressure is 32 bar at a fluid temperature of 40 °C [S3][S4]. " +
	"Replace the seal every 46 hours [S5], and replace the filter every 250 hours [S6]. " +
	"The motor, which is rated at 68 kW, draws 14 A at 400 V [S7][S8]. " +
	"Lubricate the bearings with Molykote 111 grease after 73 hours of operation [S9]. " +
	"Firmware updates are installed over Wi-Fi between 02:00 and 04:00 [S10][S11]; backups are kept for 90 days [S12]. " +
	"The enclosure is rated IP54 and can be installed outdoors [S13][S14][S15]."
