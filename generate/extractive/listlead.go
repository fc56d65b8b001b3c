package extractive

import (
	"slices"
	"strconv"
	"strings"
)

// maxListAfter bounds the items quoted after a lead-in that counts them: a
// few steps or kinds, not a reference table.
const maxListAfter = 6

// smallNumbers are the figures in words that a counted list of up to
// maxListAfter items is given with.
var smallNumbers = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}

// withListAfter returns chosen with the list items after each chosen
// lead-in that counts them (countLeadIn) inserted after it, when its source has exactly
// that many items there: "… after its three steps:" says how many there
// are, the items say what they are ("- First, the initial list is
// decorated …", "- Second, …", "- Finally, …"). Apart, the answer to "What
// are the three steps …?" is a sentence announcing them.
func withListAfter(cands []*candidate, chosen []*candidate) []*candidate {
	for i := 0; i < len(chosen); i++ {
		c := chosen[i]
		m := countLeadIn.FindStringSubmatch(c.text) // m[1]: the figure
		if m == nil || c.code {
			continue
		}
		n, ok := smallNumbers[strings.ToLower(m[1])]
		if !ok {
			n, _ = strconv.Atoi(m[1])
		}
		if n < 2 || n > maxListAfter {
			continue
		}
		items := listAfter(cands, c)
		if len(items) != n || slices.ContainsFunc(items, func(it *candidate) bool { return slices.Contains(chosen, it) }) {
			continue
		}
		chosen = slices.Insert(chosen, i+1, items...)
		i += len(items)
	}
	return chosen
}

// listAfter returns the list items that follow c in its source, up to the
// first candidate that is no list item.
func listAfter(cands []*candidate, c *candidate) []*candidate {
	var items []*candidate
	for j := c.pos + 1; j < len(cands) && len(items) <= maxListAfter; j++ {
		it := cands[j]
		if it.source != c.source || it.code || !isListItem(it.text) {
			break
		}
		items = append(items, it)
	}
	return items
}
