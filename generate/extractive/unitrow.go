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

// unitRow matches an entry's unit row ("- Units: seconds").
var unitRow = regexp.MustCompile(`^(?:[-*][ \t]+)?Units?[ \t]*:[ \t]*[^\s|][^\n|]*$`)

// markUnits points each default row whose entry (source and heading) has
// a unit row at that row (candidate.unitRow).
func markUnits(cands []*candidate) {
	for i, c := range cands {
		if !strings.Contains(c.text, "Unit") || !unitRow.MatchString(c.text) {
			continue
		}
		// The entry's rows run on both sides of the unit row.
		lo, hi := i, i
		for lo > 0 && sameEntry(cands[lo-1], c) && entryRow(cands[lo-1].text) {
			lo--
		}
		for hi+1 < len(cands) && sameEntry(cands[hi+1], c) && entryRow(cands[hi+1].text) {
			hi++
		}
		for _, d := range cands[lo : hi+1] {
			if d != c && defaultRow.MatchString(d.text) {
				d.unitRow = c
			}
		}
	}
}

// figureText is the text the figure tests read for c: c's text, and the
// unit its entry gives apart from it, if any ("seconds" of "- Units:
// seconds").
func figureText(c *candidate) string {
	text := withoutZeroCondition(c.text)
	if c.unitRow == nil {
		return text
	}
	_, unit, _ := strings.Cut(c.unitRow.text, ":")
	return text + " " + strings.TrimSpace(unit)
}

// zeroCondition matches a comparison with zero, which states a condition
// ("is set greater than zero only in processes spawned by the daemon",
// "a non-zero value"), not an amount.
var zeroCondition = regexp.MustCompile(`(?i)\b(?:greater|more|larger|bigger|higher|less|fewer|smaller|lower)\s+than\s+(?:zero|0)\b|\bnon-?zero\b`)

// withoutZeroCondition returns text without its comparisons with zero
// (zeroCondition); the test for "zero" and "than 0" first spares most
// sentences the expression.
func withoutZeroCondition(text string) string {
	if !strings.Contains(text, "zero") && !strings.Contains(text, "Zero") && !strings.Contains(text, "ZERO") && !strings.Contains(text, "than 0") {
		return text
	}
	return zeroCondition.ReplaceAllString(text, "")
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
