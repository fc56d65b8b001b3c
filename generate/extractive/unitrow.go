package extractive

import (
	"regexp"
	"slices"
	"strings"
)

// Units given apart from the value. A settings reference may list an
// entry's unit in a row of its own above a bare default: Varnish's
// timeout_idle is "- Units: seconds" over "- Default: 5.000". Read alone,
// "5.000" is no duration, so "How long is a client connection allowed to
// stay idle by default?" found no answer in the row that gives it. A
// default row reads its entry's unit with it in the figure tests
// (figureText), and an answer quoting the default row quotes the unit
// row beside it (withUnitRow).

// unitRow matches an entry's unit row and captures the unit.
var unitRow = regexp.MustCompile(`^(?:[-*][ \t]+)?Units?[ \t]*:[ \t]*([^\s|][^\n|]*)$`)

// markUnits sets unit on each default row whose entry (source and
// heading) has a unit row.
func markUnits(cands []*candidate) {
	for i, c := range cands {
		m := unitRow.FindStringSubmatch(c.text)
		if m == nil {
			continue
		}
		unit := strings.TrimSpace(m[1])
		for j := i - 1; j >= 0 && sameEntry(cands[j], c) && entryRow(cands[j].text); j-- {
			if defaultRow.MatchString(cands[j].text) {
				cands[j].unit, cands[j].unitRow = unit, c
			}
		}
		for j := i + 1; j < len(cands) && sameEntry(cands[j], c) && entryRow(cands[j].text); j++ {
			if defaultRow.MatchString(cands[j].text) {
				cands[j].unit, cands[j].unitRow = unit, c
			}
		}
	}
}

// figureText is the text the figure tests read for c: c's text, and the
// unit its entry gives apart from it, if any.
func figureText(c *candidate) string {
	if c.unit == "" {
		return c.text
	}
	return c.text + " " + c.unit
}

// withUnitRow returns chosen with the unit row of each chosen default row
// that has one beside it, in their source order: "Default: 5.000" alone
// does not say five of what.
func withUnitRow(chosen []*candidate) []*candidate {
	for i := 0; i < len(chosen); i++ {
		c := chosen[i]
		if c.unitRow == nil || slices.Contains(chosen, c.unitRow) {
			continue
		}
		at := i + 1
		if c.unitRow.pos < c.pos {
			at = i
		}
		chosen = slices.Insert(chosen, at, c.unitRow)
		i++
	}
	return chosen
}
