package validate

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hybridrag/hybridrag/internal/textutil"
)

// fact is a quantity as written: a number (integer, decimal, version, date,
// time, fraction) with its unit, both normalised so that "1,000 mm",
// "1000mm" and "1 000 mm" (narrow no-break space) compare equal.
type fact struct {
	num  string // thousands separators removed, "−" as "-", multiplier words appended ("412 million")
	unit string // canonical unit ("bar", "°C", "%", "min"), or ""
	// start and end delimit the fact, unit included, in the scanned text.
	start, end int
}

// extractFacts finds the quantities of s. Digits glued to letters before
// them ("TX-200", "E07", "IP54") belong to codes and are left to the entity
// check; "v2.4.1" is the version "2.4.1"; "10-20 bar" yields 10 (no unit)
// and 20 bar, so that "10 to 20 bar" matches it; "six months" is 6 months
// (numberwords.go).
func extractFacts(s string) []fact { return appendFacts(nil, s) }

// appendFacts is extractFacts appending to out.
func appendFacts(out []fact, s string) []fact {
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			if i > 0 && (isAlnumByte(s[i-1]) || s[i-1] >= 0x80 || s[i-1] == '-' || s[i-1] == '_') || s[i]|0x20 < 'a' || s[i]|0x20 > 'z' {
				i++
				continue
			}
			// A word: a number written out ("six months") is a quantity.
			f, next, ok := scanNumberWords(s, i)
			if ok {
				out = append(out, f)
			}
			i = next
			continue
		}
		f, next, ok := scanFact(s, i)
		if ok {
			out = append(out, f)
		}
		i = next
	}
	return out
}

// scanFact reads the quantity whose first digit is at i. It returns the
// offset to resume scanning at, and ok = false for digits inside a code.
func scanFact(s string, i int) (fact, int, bool) {
	start, sign, currency := i, "", ""
	prev, psz := utf8.DecodeLastRuneInString(s[:i])
	before, _ := utf8.DecodeLastRuneInString(s[:i-psz])
	atStart := i-psz <= 0
	switch {
	case psz == 0:
	case prev == 'v' || prev == 'V':
		if !atStart && isAlnum(before) {
			return fact{}, skipToken(s, i), false
		}
		start = i - psz
	case isAlnum(prev):
		return fact{}, skipToken(s, i), false
	case prev == '-' || prev == '−' || prev == '–':
		switch {
		case !atStart && unicode.IsLetter(before):
			return fact{}, skipToken(s, i), false
		case atStart || !isAlnum(before) && before != '.':
			if prev != '–' {
				sign, start = "-", i-psz
			}
		}
	case strings.ContainsRune("$€£¥", prev):
		currency, start = string(prev), i-psz
	}
	j, num := scanNumber(s, i)
	f := fact{num: sign + num, start: start}
	// An ISO date continues with "-MM-DD".
	if len(num) == 4 && isISODateTail(s[j:]) {
		f.num += s[j : j+6]
		j += 6
	}
	// A range: the first number carries no unit.
	if r, sz := utf8.DecodeRuneInString(s[j:]); (r == '-' || r == '–') && j+sz < len(s) && isDigit(s[j+sz]) {
		f.end, f.unit = j, currency
		return f, j, true
	}
	if j < len(s) && s[j] == '%' {
		f.unit, f.end = "%", j+1
		return f, j + 1, true
	}
	if k := ordinalEnd(s, j); k > j {
		f.end = k
		return f, k, true
	}
	return finishFact(s, f, j, currency)
}

// finishFact reads what may follow a number that ends at j, a multiplier
// ("million") and a unit, into f and returns it with the offset after it.
func finishFact(s string, f fact, j int, currency string) (fact, int, bool) {
	end := j
	if mult, k := multiplierAt(s, j, currency != ""); mult != "" {
		f.num += " " + mult
		end = k
	}
	if unit, k := unitAt(s, end); unit != "" {
		f.unit, end = unit, k
	} else if currency != "" {
		f.unit = currency
	}
	f.end = end
	return f, end, true
}

// scanNumber reads digits with thousands separators, decimal and version
// dots, times ("14:30") and slashed dates or fractions ("03/04/2021").
func scanNumber(s string, i int) (int, string) {
	j := i
	for {
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j >= len(s) {
			break
		}
		r, sz := utf8.DecodeRuneInString(s[j:])
		switch {
		case r == ',' && digitsRun(s[j+1:]) == 3:
			j++ // thousands separator
		case (r == '\u00a0' || r == '\u202f' || r == '\u2009') && digitsRun(s[j+sz:]) == 3:
			j += sz // thin or no-break space as thousands separator
		case r == ' ' && spaceThousands(s, i, j):
			j++
		case (r == '.' || r == ':' || r == '/') && digitsRun(s[j+1:]) > 0:
			j++
		default:
			return j, dropSeparators(s[i:j])
		}
	}
	return j, dropSeparators(s[i:j])
}

// dropSeparators removes the thousands separators scanNumber skipped: the
// rest of a number is digits and '.', ':' or '/'.
func dropSeparators(num string) string {
	if !strings.ContainsAny(num, ", \u00a0\u202f\u2009") {
		return num
	}
	return strings.Map(func(r rune) rune {
		if r == ',' || r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' {
			return -1
		}
		return r
	}, num)
}

// spaceThousands reports whether the plain space at j inside the number
// starting at i separates thousands ("10 000 rpm"): the digits so far form
// groups of at most three, and exactly three digits follow, not followed by
// another digit or a decimal part.
func spaceThousands(s string, i, j int) bool {
	group := 0
	for k := j - 1; k >= i && isDigit(s[k]); k-- {
		group++
	}
	if group == 0 || group > 3 || strings.ContainsAny(s[i:j], ".:/,") {
		return false
	}
	if digitsRun(s[j+1:]) != 3 {
		return false
	}
	after := j + 4
	return after >= len(s) || !isDigit(s[after]) && !(s[after] == '.' && after+1 < len(s) && isDigit(s[after+1]))
}

// digitsRun returns the number of leading ASCII digits of s.
func digitsRun(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}

func isISODateTail(s string) bool {
	return len(s) >= 6 && s[0] == '-' && digitsRun(s[1:]) == 2 && s[3] == '-' && digitsRun(s[4:]) == 2
}

// ordinalEnd returns the end of an ordinal suffix ("3rd") at j, or j.
func ordinalEnd(s string, j int) int {
	two := s[j:min(len(s), j+2)]
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if strings.EqualFold(two, suf) {
			if k := j + 2; k >= len(s) || !isAlnumByte(s[k]) {
				return k
			}
		}
	}
	return j
}

// skipToken moves past the letters, digits and inner joiners of a code.
func skipToken(s string, i int) int {
	for i < len(s) {
		r, sz := utf8.DecodeRuneInString(s[i:])
		if !isAlnum(r) && !(strings.ContainsRune("-._", r) && i+sz < len(s) && isAlnumByte(s[i+sz])) {
			break
		}
		i += sz
	}
	return i
}

// multiplierAt reads "million", "billion", … after a number. With a
// currency, "m", "bn" and "k" are multipliers too ("€412m").
func multiplierAt(s string, j int, currency bool) (string, int) {
	k := skipSep(s, j)
	w, end := unitToken(s, k)
	if len(w) > len("trillion") {
		return "", j
	}
	switch lw := strings.ToLower(w); {
	case lw == "thousand" || lw == "million" || lw == "billion" || lw == "trillion":
		return lw, end
	case lw == "bn" || lw == "mn" || currency && (lw == "m" || lw == "k"):
		return map[string]string{"bn": "billion", "mn": "million", "m": "million", "k": "thousand"}[lw], end
	}
	return "", j
}

// unitAt reads a known unit after a number, allowing one separating space,
// no-break space or hyphen ("5-minute"). It returns the canonical unit and
// the offset after it, or "" and j.
func unitAt(s string, j int) (string, int) {
	k := skipSep(s, j)
	tok, end := unitToken(s, k)
	if tok == "" {
		return "", j
	}
	// Two-word units.
	var lower, next, nl string
	nextEnd := end
	if len(tok) <= len("degrees") && twoWordUnits[strings.ToLower(tok)] {
		lower = strings.ToLower(tok)
		next, nextEnd = unitToken(s, skipSep(s, end))
		nl = strings.ToLower(next)
	}
	switch {
	case lower == "per" && nl == "cent":
		return "%", nextEnd
	case lower == "degrees" || lower == "degree" || lower == "deg" || tok == "°" || tok == "º":
		switch nl {
		case "c", "celsius":
			return "°C", nextEnd
		case "f", "fahrenheit":
			return "°F", nextEnd
		}
		return "°", end
	case lower == "square" || lower == "sq":
		if u := canonicalUnit(next); u != "" {
			return u + "²", nextEnd
		}
	case lower == "cubic":
		if u := canonicalUnit(next); u != "" {
			return u + "³", nextEnd
		}
	}
	if u := canonicalUnit(tok); u != "" {
		return u, end
	}
	// "bar/s" is not known as a whole, "bar" is.
	if slash := strings.IndexByte(tok, '/'); slash > 0 {
		if u := canonicalUnit(tok[:slash]); u != "" {
			return u, k + slash
		}
	}
	return "", j
}

// twoWordUnits are the first words of the units unitAt reads as two.
var twoWordUnits = map[string]bool{
	"per": true, "degrees": true, "degree": true, "deg": true, "°": true, "º": true, "square": true, "sq": true, "cubic": true,
}

// skipSep skips one space, no-break space or hyphen.
func skipSep(s string, j int) int {
	r, sz := utf8.DecodeRuneInString(s[j:])
	if r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' || r == '-' {
		return j + sz
	}
	return j
}

// unitToken reads a run of unit characters at k: letters, "°", "%", "/",
// "µ", "Ω", "²", "³", and digits after a letter ("m3").
func unitToken(s string, k int) (string, int) {
	j := k
	for j < len(s) {
		r, sz := utf8.DecodeRuneInString(s[j:])
		ok := unicode.IsLetter(r) || strings.ContainsRune("°º%/µμΩ²³·", r) ||
			j > k && isDigit(s[j]) && unicode.IsLetter(lastRune(s[k:j]))
		if !ok {
			break
		}
		j += sz
	}
	for j > k && (s[j-1] == '/' || s[j-1] == '.') {
		j--
	}
	return s[k:j], j
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// canonicalUnit maps a written unit to its canonical form, or "". Symbols
// are matched case-sensitively first (mW is not MW), then longer names
// case-insensitively.
func canonicalUnit(tok string) string {
	if u, ok := unitSymbols[tok]; ok {
		return u
	}
	if utf8.RuneCountInString(tok) >= 3 {
		return unitNames[strings.ToLower(tok)]
	}
	return ""
}

var unitSymbols = func() map[string]string {
	m := map[string]string{}
	for _, u := range strings.Fields(`% °C °F ºC ºF °c °f K W kW MW mW GW V mV kV A mA kA Hz kHz MHz GHz
		Pa kPa MPa hPa bar mbar N kN Nm J kJ MJ Wh kWh MWh mAh Ah VA kVA g kg mg µg μg t l L ml mL dl cl
		m mm cm km µm μm s ms µs h min d B kB KB MB GB TB Mbps Gbps kbps dB dBA rpm ppm ppb lx lm mol Ω kΩ
		mg/L mg/l g/L g/l m/s km/h mph l/min L/min l/h m² m2 m³ m3 ft lb lbs oz gal psi NTU am pm`) {
		m[u] = u
	}
	for alias, u := range map[string]string{
		"ºC": "°C", "ºF": "°F", "°c": "°C", "°f": "°F", "L": "l", "mL": "ml", "μg": "µg", "μm": "µm",
		"KB": "kB", "lbs": "lb", "m2": "m²", "m3": "m³", "mg/l": "mg/L", "g/l": "g/L", "L/min": "l/min",
	} {
		m[alias] = u
	}
	return m
}()

var unitNames = map[string]string{
	"percent": "%", "pct": "%", "bar": "bar", "bars": "bar", "mbar": "mbar", "psi": "psi",
	"volt": "V", "volts": "V", "amp": "A", "amps": "A", "ampere": "A", "amperes": "A",
	"watt": "W", "watts": "W", "kilowatt": "kW", "kilowatts": "kW", "megawatt": "MW", "megawatts": "MW",
	"kwh": "kWh", "hertz": "Hz", "khz": "kHz", "mhz": "MHz", "ghz": "GHz", "kpa": "kPa", "mpa": "MPa",
	"rpm": "rpm", "mph": "mph", "ppm": "ppm", "ppb": "ppb", "mah": "mAh",
	"litre": "l", "litres": "l", "liter": "l", "liters": "l", "millilitre": "ml", "millilitres": "ml",
	"milliliter": "ml", "milliliters": "ml", "gallon": "gal", "gallons": "gal",
	"metre": "m", "metres": "m", "meter": "m", "meters": "m", "millimetre": "mm", "millimetres": "mm",
	"millimeter": "mm", "millimeters": "mm", "centimetre": "cm", "centimetres": "cm", "centimeter": "cm",
	"centimeters": "cm", "kilometre": "km", "kilometres": "km", "kilometer": "km", "kilometers": "km",
	"foot": "ft", "feet": "ft", "inch": "in", "inches": "in",
	"gram": "g", "grams": "g", "kilogram": "kg", "kilograms": "kg", "kgs": "kg", "milligram": "mg",
	"milligrams": "mg", "tonne": "t", "tonnes": "t", "ton": "t", "tons": "t", "lbs": "lb", "ounce": "oz", "ounces": "oz",
	"second": "s", "seconds": "s", "sec": "s", "secs": "s", "millisecond": "ms", "milliseconds": "ms",
	"minute": "min", "minutes": "min", "mins": "min", "hour": "h", "hours": "h", "hrs": "h",
	"day": "d", "days": "d", "week": "wk", "weeks": "wk", "month": "mo", "months": "mo",
	"year": "yr", "years": "yr", "yrs": "yr", "newton": "N", "newtons": "N", "joule": "J", "joules": "J",
	"kelvin": "K", "decibel": "dB", "decibels": "dB", "lux": "lx", "lumen": "lm", "lumens": "lm",
	"usd": "$", "dollar": "$", "dollars": "$", "eur": "€", "euro": "€", "euros": "€", "gbp": "£",
	"cycle": "cycle", "cycles": "cycle", "ntu": "NTU", "bytes": "B", "byte": "B",
}

// isUnitWord reports whether a word written on its own ("pressure in bar")
// names a unit unambiguously; short symbols like "in", "m" or "A" do not.
func isUnitWord(w string) (string, bool) {
	if utf8.RuneCountInString(w) < 2 || w == "am" || w == "pm" {
		return "", false
	}
	u := canonicalUnit(w)
	return u, u != ""
}

func isDigit(b byte) bool     { return b >= '0' && b <= '9' }
func isAlnumByte(b byte) bool { return isDigit(b) || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
func isAlnum(r rune) bool     { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// word is a token of a text with its original case and byte span.
type word struct {
	text       string
	start, end int
}

// splitWords tokenises like textutil.Words (inner apostrophes, hyphens and
// decimal points join) but keeps case and offsets.
func splitWords(s string) []word { return appendWords(nil, s) }

// appendWords is splitWords appending to out.
func appendWords(out []word, s string) []word {
	start := -1
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			// ASCII fast path: most text is.
			switch {
			case isAlnumByte(c):
				if start < 0 {
					start = i
				}
				i++
				continue
			case c != '\'' && c != '-' && c != '.' && c != ',':
				if start >= 0 {
					out = append(out, word{s[start:i], start, i})
					start = -1
				}
				i++
				continue
			}
		}
		r, sz := utf8.DecodeRuneInString(s[i:])
		switch {
		case isAlnum(r):
			if start < 0 {
				start = i
			}
		case start >= 0 && strings.ContainsRune("'’-.,", r) && i+sz < len(s):
			next, _ := utf8.DecodeRuneInString(s[i+sz:])
			prev, _ := utf8.DecodeLastRuneInString(s[:i])
			if isAlnum(next) && (r != '.' && r != ',' || unicode.IsDigit(prev) && unicode.IsDigit(next)) {
				break
			}
			out = append(out, word{s[start:i], start, i})
			start = -1
		default:
			if start >= 0 {
				out = append(out, word{s[start:i], start, i})
				start = -1
			}
		}
		i += sz
	}
	if start >= 0 {
		out = append(out, word{s[start:], start, len(s)})
	}
	return out
}

// entity is a name the sentence relies on: a product code ("TX-200"), an
// acronym ("PLC"), a camel-case name ("PostgreSQL") or a capitalised word
// that does not start the sentence ("Rotterdam", "March").
type entity struct {
	text string // as written
	key  string // lower-cased, possessive and acronym plural removed
}

// extractEntities returns the entities of s, skipping words inside the
// spans of facts (units such as "kW" are checked as part of their fact).
func extractEntities(s string, facts []fact) []entity {
	var out []entity
	words := splitWords(s)
	for k, w := range words {
		if insideFact(w, facts) {
			continue
		}
		text := strings.TrimSuffix(strings.TrimSuffix(w.text, "'s"), "’s")
		if utf8.RuneCountInString(text) < 2 {
			continue
		}
		var letters, uppers, digits int
		for _, r := range text {
			switch {
			case unicode.IsUpper(r):
				letters++
				uppers++
			case unicode.IsLetter(r):
				letters++
			case unicode.IsDigit(r):
				digits++
			}
		}
		first, _ := utf8.DecodeRuneInString(text)
		key := strings.ToLower(text)
		switch {
		case letters > 0 && digits > 0:
			if (first == 'v' || first == 'V') && digitsRun(text[1:]) > 0 {
				continue // a version: checked as a fact
			}
		case uppers >= 2 && uppers == letters:
		case uppers >= 2 && uppers == letters-1 && strings.HasSuffix(text, "s"):
			key = strings.TrimSuffix(key, "s") // "PLCs"
		case uppers >= 1 && !unicode.IsUpper(first) || uppers >= 2:
			// camel case: "iPhone", "PostgreSQL"
		case uppers == 1 && unicode.IsUpper(first) && letters >= 2:
			if textutil.IsStopword(key) || startsSentence(s, words, k) && !startsName(s, words, k) {
				continue
			}
		default:
			continue
		}
		out = append(out, entity{text: w.text, key: key})
	}
	return out
}

// startsName reports whether the capitalised words[k] is followed by
// another capitalised word that is not a stop word ("Northwind Logistics
// reported …"): a multi-word name, whatever its position.
func startsName(s string, words []word, k int) bool {
	if k+1 >= len(words) || strings.TrimSpace(s[words[k].end:words[k+1].start]) != "" {
		return false
	}
	next := words[k+1].text
	r, _ := utf8.DecodeRuneInString(next)
	return unicode.IsUpper(r) && !textutil.IsStopword(strings.ToLower(next))
}

func insideFact(w word, facts []fact) bool {
	for _, f := range facts {
		if w.start >= f.start && w.end <= f.end {
			return true
		}
	}
	return false
}

// startsSentence reports whether words[k] is capitalised by position: the
// first word, or the first after a colon or an opening quote.
func startsSentence(s string, words []word, k int) bool {
	if k == 0 {
		return true
	}
	gap := s[words[k-1].end:words[k].start]
	return strings.ContainsAny(gap, ":\"“«")
}

// negations counts the negation cues of s: not, no, never, without,
// cannot, neither, nor, none, and words ending in "n't". "No." before a
// number ("No. 5") is an abbreviation, not a cue.
func negations(s string) int {
	return negationsOf(s, analyse(s, nil))
}

// negationsOf is negations over the analysed words of s.
func negationsOf(s string, toks []tok) int {
	n := 0
	for k, w := range toks {
		lw := w.info.lower
		switch {
		case lw == "no":
			if rest := s[w.end:]; strings.HasPrefix(rest, ".") && digitsRun(strings.TrimLeft(rest[1:], " \u00a0")) > 0 || bound(toks, k) {
				continue
			}
			n++
		case negationCues[lw], strings.HasSuffix(lw, "n't"), strings.HasSuffix(lw, "n’t"):
			if lw != "never" && bound(toks, k) {
				continue
			}
			n++
		}
	}
	return n
}

// bound reports whether the negation toks[k] states a bound rather than
// a negation: "no more than 55 °C", "must not exceed 600 V".
func bound(toks []tok, k int) bool {
	if k+1 >= len(toks) {
		return false
	}
	switch toks[k+1].info.lower {
	case "exceed", "exceeds":
		// A limit ("must not exceed 600 V"), not a report ("did not
		// exceed 1 NTU").
		cue := toks[k].info.lower
		return modals[cue] || k > 0 && modals[toks[k-1].info.lower] && cue == "not"
	case "more", "less", "later", "earlier", "greater", "fewer", "higher", "lower", "longer", "shorter":
		return k+2 < len(toks) && toks[k+2].info.lower == "than"
	}
	return false
}

var modals = map[string]bool{
	"must": true, "should": true, "shall": true, "may": true, "can": true, "cannot": true, "will": true,
	"mustn't": true, "shouldn't": true, "can't": true, "won't": true, "to": true,
}

// negated reports whether s contains a negation cue.
func negated(s string) bool { return negations(s) > 0 }

var negationCues = map[string]bool{
	"not": true, "never": true, "without": true, "cannot": true, "neither": true, "nor": true, "none": true,
}
