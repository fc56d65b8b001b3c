package validate

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// The labelled pairs in testdata/pairs.jsonl are generated from seedDocs by
// generatePairs; TestPairsFileIsCurrent keeps the file and the generator in
// step. Regenerate with: go test ./validate -run TestPairsFileIsCurrent -update
var update = flag.Bool("update", false, "rewrite testdata/pairs.jsonl from the seed documents")

const pairsFile = "testdata/pairs.jsonl"

// Labels and kinds of the labelled pairs. Supported kinds: the sentence as
// written in the source and a light handwritten paraphrase. Every other
// kind is unsupported by construction: one fact was changed to a value the
// source text does not contain, the polarity was flipped, or the sentence
// comes from elsewhere.
const (
	labelSupported   = "supported"
	labelUnsupported = "unsupported"

	kindVerbatim      = "verbatim"
	kindParaphrase    = "paraphrase"
	kindReworded      = "reworded" // a heavier paraphrase: synonyms, new structure
	kindNumberSwap    = "number_swap"
	kindDateSwap      = "date_swap"
	kindUnitSwap      = "unit_swap"
	kindEntitySwap    = "entity_swap"
	kindNegationFlip  = "negation_flip"
	kindUnrelated     = "unrelated"     // a sentence of another document
	kindWrongSource   = "wrong_source"  // a sentence of the same document, cited with a window that lacks it
	kindHallucination = "hallucination" // a plausible claim the document does not make
)

// swapKinds are the fact-level alterations the catch-rate goal is about.
var swapKinds = []string{kindNumberSwap, kindDateSwap, kindUnitSwap, kindEntitySwap, kindNegationFlip}

// pair is one labelled (sentence, source text) example.
type pair struct {
	ID       string `json:"id"`
	Doc      int    `json:"doc"`
	Seed     int    `json:"seed"` // sentence (or hallucination) index in the document
	Kind     string `json:"kind"`
	Label    string `json:"label"`
	Sentence string `json:"sentence"`
	Source   string `json:"source"`
}

// window is the chunk a sentence is cited with: the sentence and its
// neighbours in the same document.
func window(d seedDoc, i int) string {
	var parts []string
	for k := max(0, i-1); k < min(len(d.sentences), i+2); k++ {
		parts = append(parts, d.sentences[k].text)
	}
	return strings.Join(parts, " ")
}

func wholeDoc(d seedDoc) string {
	var parts []string
	for _, s := range d.sentences {
		parts = append(parts, s.text)
	}
	return strings.Join(parts, " ")
}

func generatePairs() []pair {
	var out []pair
	add := func(doc, i int, kind, sentence, source string) {
		label := labelUnsupported
		if kind == kindVerbatim || kind == kindParaphrase || kind == kindReworded {
			label = labelSupported
		}
		n := 0
		for _, p := range out {
			if p.Doc == doc && strings.HasPrefix(p.ID, fmt.Sprintf("d%02d-s%d-%s", doc, i, kind)) {
				n++
			}
		}
		out = append(out, pair{ID: fmt.Sprintf("d%02d-s%d-%s-%d", doc, i, kind, n), Doc: doc, Seed: i, Kind: kind,
			Label: label, Sentence: sentence, Source: source})
	}
	var all []seedSentence
	for _, d := range seedDocs {
		all = append(all, d.sentences...)
	}
	for di, d := range seedDocs {
		for i, s := range d.sentences {
			src := window(d, i)
			add(di, i, kindVerbatim, s.text, src)
			add(di, i, kindParaphrase, s.paraphrase, src)
			if s.reworded != "" {
				add(di, i, kindReworded, s.reworded, src)
			}
			for _, alt := range numberSwaps(s.text, src) {
				add(di, i, kindNumberSwap, alt, src)
			}
			for _, alt := range dateSwaps(s.text, src) {
				add(di, i, kindDateSwap, alt, src)
			}
			for _, alt := range unitSwaps(s.text, src) {
				add(di, i, kindUnitSwap, alt, src)
			}
			for _, alt := range entitySwaps(s.text, src) {
				add(di, i, kindEntitySwap, alt, src)
			}
			flip := s.flip
			if flip == "" {
				flip = negationFlip(s.text)
			}
			if flip != "" {
				add(di, i, kindNegationFlip, flip, src)
			}
			// A sentence of a document 37 places further on (never the same
			// document: 37 is not a multiple of 6 and 72-37 > 6).
			k := di*len(d.sentences) + i
			add(di, i, kindUnrelated, all[(k+37)%len(all)].text, src)
			add(di, i, kindWrongSource, s.text, window(d, (i+3)%len(d.sentences)))
		}
		for i, h := range d.hallucinations {
			add(di, i, kindHallucination, h, wholeDoc(d))
		}
	}
	return out
}

// containsWord reports whether text contains w with no letter or digit
// directly around it.
func containsWord(text, w string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], w)
		if k < 0 {
			return false
		}
		start, end := i+k, i+k+len(w)
		before, _ := utf8.DecodeLastRuneInString(text[:start])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if !isAlnum(before) && !isAlnum(after) && !(after == '.' || after == ',') || !isAlnum(before) && !isAlnum(after) && !startsDigit(text[end:]) {
			return true
		}
		i = end
	}
}

func startsDigit(s string) bool { return len(s) > 1 && (s[0] == '.' || s[0] == ',') && isDigit(s[1]) }

// numberRe finds numbers a swap may change: not in codes ("TX-200",
// "E07"), versions after "v", times or ISO dates, and not glued to a
// letter ("6S").
var numberRe = regexp.MustCompile(`\d[\d,]*(?:\.\d+)*`)

func numberSwaps(s, src string) []string {
	var out []string
	for _, m := range numberRe.FindAllStringIndex(s, -1) {
		start, end := m[0], m[1]
		for end > start && (s[end-1] == ',' || s[end-1] == '.') {
			end--
		}
		num := s[start:end]
		before, _ := utf8.DecodeLastRuneInString(s[:start])
		after, _ := utf8.DecodeRuneInString(s[end:])
		switch {
		case unicode.IsLetter(before), before == '-' && start >= 2 && unicode.IsLetter(rune(s[start-2])),
			unicode.IsLetter(after), after == ':', before == ':', isYear(num):
			continue
		}
		for _, alt := range alternatives(num) {
			if !containsWord(src, alt) {
				out = append(out, s[:start]+alt+s[end:])
				break
			}
		}
		if len(out) == 2 {
			break
		}
	}
	return out
}

func isYear(num string) bool {
	n, err := strconv.Atoi(num)
	return err == nil && len(num) == 4 && n >= 1900 && n <= 2099
}

// alternatives proposes replacement values for a number, in order of
// preference, formatted like the original.
func alternatives(num string) []string {
	if strings.Count(num, ".") > 1 { // a version: bump the last part
		parts := strings.Split(num, ".")
		last, _ := strconv.Atoi(parts[len(parts)-1])
		var alts []string
		for d := 1; d <= 3; d++ {
			parts[len(parts)-1] = strconv.Itoa(last + d)
			alts = append(alts, strings.Join(parts, "."))
		}
		return alts
	}
	if ip, frac, ok := strings.Cut(num, "."); ok { // a decimal: change the integer part
		n, _ := strconv.Atoi(ip)
		return []string{strconv.Itoa(n+1) + "." + frac, strconv.Itoa(n+2) + "." + frac}
	}
	n, _ := strconv.Atoi(strings.ReplaceAll(num, ",", ""))
	base := n * 2
	if n > 10 {
		base = n + (n+3)/4
	}
	var alts []string
	for d := 0; d < 3; d++ {
		alts = append(alts, formatLike(base+d, num))
	}
	return alts
}

func formatLike(n int, like string) string {
	s := strconv.Itoa(n)
	if !strings.Contains(like, ",") || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

var (
	yearRe  = regexp.MustCompile(`\b(19|20)\d\d\b`)
	monthRe = regexp.MustCompile(`\b(January|February|March|April|May|June|July|August|September|October|November|December)\b`)
	timeRe  = regexp.MustCompile(`\b(\d\d):(\d\d)\b`)
	months  = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// dateSwaps moves each year, month and time of day to a value the source
// does not contain.
func dateSwaps(s, src string) []string {
	var out []string
	for _, m := range yearRe.FindAllStringIndex(s, -1) {
		y, _ := strconv.Atoi(s[m[0]:m[1]])
		for _, alt := range []int{y + 1, y - 1, y + 2} {
			if a := strconv.Itoa(alt); !containsWord(src, a) {
				out = append(out, s[:m[0]]+a+s[m[1]:])
				break
			}
		}
	}
	for _, m := range monthRe.FindAllStringIndex(s, -1) {
		cur := 0
		for k, name := range months {
			if name == s[m[0]:m[1]] {
				cur = k
			}
		}
		for d := 1; d < 12; d++ {
			if alt := months[(cur+d)%12]; !containsWord(src, alt) {
				out = append(out, s[:m[0]]+alt+s[m[1]:])
				break
			}
		}
	}
	for _, m := range timeRe.FindAllStringSubmatchIndex(s, -1) {
		h, _ := strconv.Atoi(s[m[2]:m[3]])
		for d := 1; d < 24; d++ {
			if alt := fmt.Sprintf("%02d:%s", (h+d)%24, s[m[4]:m[5]]); !strings.Contains(src, alt) {
				out = append(out, s[:m[0]]+alt+s[m[1]:])
				break
			}
		}
	}
	return out
}

// unitReplacements maps a unit written after a number to a plausible
// wrong one of the same family.
var unitReplacements = []struct{ from, to string }{
	{"cubic metres", "litres"}, {"square metres", "square feet"}, {"°C", "°F"}, {"mg/L", "g/L"},
	{"m/s", "km/h"}, {"mAh", "Wh"}, {"kW", "MW"}, {"mm", "cm"}, {"bar", "psi"}, {"kg", "lb"},
	{"grams", "kilograms"}, {"tonnes", "kilograms"}, {"litres", "gallons"}, {"litre", "gallon"},
	{"metres", "feet"}, {"seconds", "minutes"}, {"minutes", "hours"}, {"hours", "days"},
	{"days", "weeks"}, {"months", "years"}, {"A", "mA"}, {"V", "kV"},
}

func unitSwaps(s, src string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\d(?: |\x{00a0})?`).FindAllStringIndex(s, -1) {
		at := m[1]
		for _, r := range unitReplacements {
			if !strings.HasPrefix(s[at:], r.from) {
				continue
			}
			after, _ := utf8.DecodeRuneInString(s[at+len(r.from):])
			if isAlnum(after) {
				continue
			}
			numStart := strings.LastIndexFunc(s[:at], func(c rune) bool { return c == ' ' }) + 1
			if numStart >= at-1 { // "5 bar": the number is before the space
				numStart = strings.LastIndexFunc(s[:at-1], func(c rune) bool { return c == ' ' }) + 1
			}
			alt := s[:at] + r.to + s[at+len(r.from):]
			if !strings.Contains(src, strings.TrimSpace(s[numStart:at])+" "+r.to) {
				out = append(out, alt)
			}
			break
		}
		if len(out) == 2 {
			break
		}
	}
	return out
}

// entityReplacements maps names used in the seed documents to names of the
// same kind that none of them contains.
var entityReplacements = []struct{ from, to string }{
	{"PX-400", "PX-500"}, {"Hydrotec", "Aquaflow"}, {"SAE", "ISO"}, {"NetCore", "NetLink"}, {"S3200", "S3400"},
	{"IEEE", "ANSI"}, {"HTTPS", "SSH"}, {"PoE", "USB"}, {"Telnet", "SNMP"}, {"Northwind", "Southwind"},
	{"Rotterdam", "Hamburg"}, {"Lindqvist", "Johansson"}, {"AT-75", "AT-90"}, {"R-32", "R-410A"},
	{"E07", "E09"}, {"PostgreSQL", "MySQL"}, {"AES-256", "AES-128"}, {"REST", "GraphQL"},
	{"Windows", "Linux"}, {"EHS", "HR"}, {"Kessel", "Vistula"}, {"Meridian", "Atlas"},
	{"VoltBox", "ChargePoint"}, {"VB-22", "VB-11"}, {"RCD", "MCB"}, {"IP54", "IP67"}, {"Wi-Fi", "Bluetooth"},
	{"Centra", "Rotana"}, {"X5", "X7"}, {"Labtech", "Medserve"}, {"SkyLift", "AirLift"}, {"D8", "D6"},
	{"LiPo", "NiMH"}, {"GLONASS", "Galileo"}, {"Elmfield", "Ashford"}, {"NTU", "FNU"}, {"UV", "IR"},
	{"Harwick", "Dunmore"}, {"Gigabit", "Terabit"}, {"Ethernet", "Fibre"},
}

func entitySwaps(s, src string) []string {
	var out []string
	for _, r := range entityReplacements {
		if containsWord(s, r.from) && !strings.Contains(strings.ToLower(src), strings.ToLower(r.to)) {
			out = append(out, strings.Replace(s, r.from, r.to, 1))
		}
		if len(out) == 2 {
			break
		}
	}
	return out
}

// negationRules turn a sentence's polarity; negationFlip applies the one
// matching earliest in the sentence (removals win ties).
var negationRules = []struct{ from, to string }{
	{" must not ", " must "}, {" should not ", " should "}, {" are not ", " are "}, {" is not ", " is "},
	{" does not ", " does "}, {" did not ", " did "}, {" cannot ", " can "},
	{" must ", " must not "}, {" should ", " should not "}, {" will ", " will not "}, {" is ", " is not "},
	{" are ", " are not "}, {" was ", " was not "}, {" were ", " were not "}, {" has been ", " has not been "},
	{" has a ", " does not have a "},
	{" supports ", " does not support "}, {" requires ", " does not require "}, {" contains ", " does not contain "},
	{" operates ", " does not operate "}, {" delivers ", " does not deliver "}, {" uses ", " does not use "},
	{" reaches ", " does not reach "}, {" loses ", " does not lose "}, {" drops ", " does not drop "},
	{" stops ", " does not stop "}, {" appears", " does not appear"},
	{" reported ", " did not report "}, {" added ", " did not add "}, {" opened ", " did not open "},
	{" fell ", " did not fall "}, {" decreased ", " did not decrease "}, {" processed ", " did not process "},
	{" exceeded ", " did not exceed "},
}

var imperatives = []string{"Clean", "Store", "Wear", "Balance", "Install", "Fill", "Replace", "Run"}

func negationFlip(s string) string {
	switch {
	case strings.HasPrefix(s, "Do not "):
		return capitalise(strings.TrimPrefix(s, "Do not "))
	case strings.HasPrefix(s, "Never "):
		return "Always " + strings.TrimPrefix(s, "Never ")
	case strings.HasPrefix(s, "No "):
		return capitalise(strings.TrimPrefix(s, "No "))
	}
	for _, v := range imperatives {
		if strings.HasPrefix(s, v+" ") {
			return "Do not " + strings.ToLower(v) + s[len(v):]
		}
	}
	best, at := -1, len(s)
	for k, r := range negationRules {
		if i := strings.Index(s, r.from); i >= 0 && i < at {
			best, at = k, i
		}
	}
	if best < 0 {
		return ""
	}
	r := negationRules[best]
	return s[:at] + r.to + s[at+len(r.from):]
}

func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func encodePairs(pairs []pair) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for _, p := range pairs {
		if err := enc.Encode(p); err != nil {
			panic(err) // a struct of strings always encodes
		}
	}
	return buf.Bytes()
}

func loadPairs(t testing.TB) []pair {
	t.Helper()
	data, err := os.ReadFile(pairsFile)
	require.NoError(t, err)
	var out []pair
	dec := json.NewDecoder(bytes.NewReader(data))
	for dec.More() {
		var p pair
		require.NoError(t, dec.Decode(&p))
		out = append(out, p)
	}
	return out
}

func TestPairsFileIsCurrent(t *testing.T) {
	want := encodePairs(generatePairs())
	if *update {
		require.NoError(t, os.WriteFile(pairsFile, want, 0o644))
	}
	got, err := os.ReadFile(pairsFile)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "testdata is stale: go test ./validate -run TestPairsFileIsCurrent -update")
}

// TestPairsConstruction checks the generator's own promises, so a label
// cannot be wrong by accident.
func TestPairsConstruction(t *testing.T) {
	pairs := generatePairs()
	require.GreaterOrEqual(t, len(pairs), 300)
	seeds := 0
	for _, d := range seedDocs {
		seeds += len(d.sentences)
		for _, s := range d.sentences {
			require.NotEmpty(t, s.paraphrase)
			for _, para := range []string{s.paraphrase, s.reworded} {
				if para == "" {
					continue
				}
				require.Equal(t, facts(s.text), facts(para), "a paraphrase keeps every number: %q", para)
				require.Equal(t, negations(s.text), negations(para), "a paraphrase keeps its negations: %q", para)
			}
		}
	}
	require.GreaterOrEqual(t, seeds, 60)
	ids := map[string]bool{}
	counts := map[string]int{}
	for _, p := range pairs {
		require.False(t, ids[p.ID], "unique id %s", p.ID)
		ids[p.ID] = true
		counts[p.Kind]++
		switch p.Kind {
		case kindVerbatim:
			require.Contains(t, p.Source, p.Sentence)
		case kindNegationFlip:
			orig := seedDocs[p.Doc].sentences[p.Seed].text
			require.NotEqual(t, negations(orig), negations(p.Sentence), p.ID)
		case kindNumberSwap, kindDateSwap, kindUnitSwap, kindEntitySwap, kindUnrelated, kindWrongSource:
			require.NotContains(t, p.Source, p.Sentence, p.ID)
		}
	}
	for _, k := range append([]string{kindVerbatim, kindParaphrase, kindReworded, kindUnrelated, kindWrongSource, kindHallucination}, swapKinds...) {
		require.Positive(t, counts[k], k)
	}
	t.Logf("pairs: %d from %d seed sentences; per kind: %v", len(pairs), seeds, counts)
}

// facts lists the normalised numbers of s, for comparing paraphrases.
func facts(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range extractFacts(s) {
		m[f.num+" "+f.unit] = true
	}
	return m
}
