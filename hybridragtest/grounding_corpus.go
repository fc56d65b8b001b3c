package hybridragtest

import "github.com/hybridrag/hybridrag/store"

// The grounding corpus: a ventilation unit's manual in four documents, and
// scripted replies that cite it. Every hallucinated reply opens with a
// verbatim quote (the anchor) and then makes one claim the cited source
// does not support, built so that bag-of-words checks pass it: its numbers
// and most of its words occur in the cited source. Marker is the part of
// the claim that must not reach the final answer (for a faithful control:
// the part that must).
//
// Sources are named by a placeholder in replies: [M] maintenance, [I]
// installation, [O] operation, [W] warranty; the suite replaces each with
// the label the source got in the prompt.

var groundingDocs = []store.Document{
	{ID: "hrv-maintenance.md", Source: "manual/maintenance.md", Title: "Kestrel HRV-300 maintenance", Text: `# Kestrel HRV-300 maintenance

## Filters

Clean the coarse pre-filter every 3 months with a soft brush. Replace the fine pollen filter every 12 months. The display shows the filter warning F3 when a filter is due. The filter warning counts 90 days of operation; it does not measure the pressure drop across the filter.

## Heat exchanger

The heat exchanger core should be washed in lukewarm water once every 2 years. Use only a mild dish detergent on the exchanger core.

## Condensate

The condensate drain must be checked before each winter season. A blocked condensate drain floods the drip tray.

## Fan

The fan motor bearings are sealed and need no lubrication.
`},
	{ID: "hrv-installation.md", Source: "manual/installation.md", Title: "Kestrel HRV-300 installation", Text: `# Kestrel HRV-300 installation

## Mounting

Installation requires a qualified electrician. The minimum distance between the unit and the ceiling is 300 millimetres. Always switch off the mains supply before opening the front cover.

## Ducts

The maximum duct length per run is 8 metres. Connect the supply duct to the port marked with a blue ring. Insulate the exhaust duct with 25 millimetre mineral wool to prevent condensation.

## Electrical

The unit draws 65 watts at its highest fan speed. The mains supply must be protected by a 10 ampere fuse.
`},
	{ID: "hrv-operation.md", Source: "manual/operation.md", Title: "Kestrel HRV-300 operation", Text: `# Kestrel HRV-300 operation

## Airflow

The normal airflow is 150 cubic metres per hour. In boost mode the airflow rises to 280 cubic metres per hour. Boost mode increases the fan speed for 30 minutes. The noise level at normal airflow is 32 decibels.

## Seasons

The summer bypass opens when the indoor temperature exceeds 24 degrees Celsius. The summer bypass routes the outdoor air around the heat exchanger. The frost protection heater switches on below minus 5 degrees Celsius. The frost protection heater warms the incoming outdoor air.
`},
	{ID: "hrv-warranty.md", Source: "manual/warranty.md", Title: "Kestrel HRV-300 warranty", Text: `# Kestrel HRV-300 warranty

The warranty covers the fan motor for 5 years. The warranty covers electronic parts for 2 years. Filters are consumables and are not covered by the warranty. Warranty claims require the original proof of purchase.
`},
}

// groundingKeys is, per placeholder, a sentence only that source holds: the
// suite finds the source's label in the prompt by it.
var groundingKeys = map[string]string{
	"[M]": "Replace the fine pollen filter every 12 months.",
	"[I]": "Installation requires a qualified electrician.",
	"[O]": "The normal airflow is 150 cubic metres per hour.",
	"[W]": "The warranty covers the fan motor for 5 years.",
}

// groundingItem is one scripted reply to one question.
type groundingItem struct {
	Category GroundingCategory
	Name     string
	Question string
	Reply    string
	Marker   string
}

var groundingItems = []groundingItem{
	// A number stated in the cited source about another fact, in another
	// sentence.
	{NumberSameSource, "pollen filter takes the pre-filter interval", "How often should the fine pollen filter be replaced?",
		"Clean the coarse pre-filter every 3 months with a soft brush [M]. Replace the fine pollen filter every 3 months [M].", "pollen filter every 3 months"},
	{NumberSameSource, "pre-filter takes the pollen filter interval", "How often should the coarse pre-filter be cleaned?",
		"The display shows the filter warning F3 when a filter is due [M]. Clean the coarse pre-filter every 12 months with a soft brush [M].", "pre-filter every 12 months"},
	{NumberSameSource, "normal airflow takes the boost airflow", "What is the normal airflow of the unit?",
		"The noise level at normal airflow is 32 decibels [O]. The normal airflow is 280 cubic metres per hour [O].", "normal airflow is 280"},
	{NumberSameSource, "boost airflow takes the normal airflow", "How high is the airflow in boost mode?",
		"Boost mode increases the fan speed for 30 minutes [O]. In boost mode the airflow rises to 150 cubic metres per hour [O].", "rises to 150"},
	{NumberSameSource, "motor warranty takes the electronics term", "How long does the warranty cover the fan motor?",
		"Warranty claims require the original proof of purchase [W]. The warranty covers the fan motor for 2 years [W].", "fan motor for 2 years"},
	{NumberSameSource, "frost threshold takes the bypass temperature", "Below which temperature does the frost protection heater switch on?",
		"The frost protection heater warms the incoming outdoor air [O]. The frost protection heater switches on below minus 24 degrees Celsius [O].", "minus 24 degrees"},

	// A number that only another source states.
	{NumberOtherSource, "pollen filter takes the motor warranty term", "How often should the fine pollen filter be replaced?",
		"Clean the coarse pre-filter every 3 months with a soft brush [M]. Replace the fine pollen filter every 5 years [M].", "pollen filter every 5 years"},
	{NumberOtherSource, "motor warranty takes the filter interval", "How long does the warranty cover the fan motor?",
		"Warranty claims require the original proof of purchase [W]. The warranty covers the fan motor for 12 months [W].", "fan motor for 12 months"},
	{NumberOtherSource, "noise level takes the insulation thickness", "What is the noise level of the unit at normal airflow?",
		"The normal airflow is 150 cubic metres per hour [O]. The noise level at normal airflow is 25 decibels [O].", "25 decibels"},
	{NumberOtherSource, "boost duration takes the filter interval", "How long does boost mode increase the fan speed?",
		"In boost mode the airflow rises to 280 cubic metres per hour [O]. Boost mode increases the fan speed for 12 minutes [O].", "12 minutes"},
	{NumberOtherSource, "duct length takes the pre-filter interval", "What is the maximum duct length per run?",
		"Connect the supply duct to the port marked with a blue ring [I]. The maximum duct length per run is 3 metres [I].", "run is 3 metres"},
	{NumberOtherSource, "ceiling distance takes the normal airflow", "What is the minimum distance between the unit and the ceiling?",
		"Installation requires a qualified electrician [I]. The minimum distance between the unit and the ceiling is 150 millimetres [I].", "150 millimetres"},

	// A polarity or scale word turned into its opposite; the opposite
	// often occurs elsewhere in the source.
	{AntonymFlip, "minimum becomes maximum", "What is the minimum distance between the unit and the ceiling?",
		"Installation requires a qualified electrician [I]. The maximum distance between the unit and the ceiling is 300 millimetres [I].", "maximum distance between the unit"},
	{AntonymFlip, "maximum becomes minimum", "How long may a duct run be?",
		"Connect the supply duct to the port marked with a blue ring [I]. The minimum duct length per run is 8 metres [I].", "minimum duct length"},
	{AntonymFlip, "increases becomes decreases", "What does boost mode do to the fan speed?",
		"In boost mode the airflow rises to 280 cubic metres per hour [O]. Boost mode decreases the fan speed for 30 minutes [O].", "decreases the fan speed"},
	{AntonymFlip, "before becomes after", "When must the condensate drain be checked?",
		"A blocked condensate drain floods the drip tray [M]. The condensate drain must be checked after each winter season [M].", "after each winter season"},
	{AntonymFlip, "required becomes optional", "Does the installation require a qualified electrician?",
		"Always switch off the mains supply before opening the front cover [I]. A qualified electrician is optional for the installation [I].", "electrician is optional"},
	{AntonymFlip, "always becomes never", "What must be done with the mains supply before opening the front cover?",
		"Installation requires a qualified electrician [I]. Never switch off the mains supply before opening the front cover [I].", "never switch off"},

	// A lowercase noun phrase replaced by another the source never names.
	{NounSwap, "detergent becomes bleach", "Which detergent may be used on the exchanger core?",
		"The heat exchanger core should be washed in lukewarm water once every 2 years [M]. Use only a chlorine bleach on the exchanger core [M].", "chlorine bleach"},
	{NounSwap, "soft brush becomes vacuum cleaner", "How should the coarse pre-filter be cleaned?",
		"Replace the fine pollen filter every 12 months [M]. Clean the coarse pre-filter every 3 months with a vacuum cleaner [M].", "vacuum cleaner"},
	{NounSwap, "mineral wool becomes polystyrene foam", "How should the exhaust duct be insulated?",
		"The maximum duct length per run is 8 metres [I]. Insulate the exhaust duct with 25 millimetre polystyrene foam to prevent condensation [I].", "polystyrene foam"},
	{NounSwap, "ring becomes sticker", "Which port does the supply duct connect to?",
		"The maximum duct length per run is 8 metres [I]. Connect the supply duct to the port marked with a blue sticker [I].", "blue sticker"},
	{NounSwap, "water becomes vinegar", "How should the heat exchanger core be washed?",
		"Use only a mild dish detergent on the exchanger core [M]. The heat exchanger core should be washed in lukewarm vinegar once every 2 years [M].", "lukewarm vinegar"},
	{NounSwap, "proof of purchase becomes installation certificate", "What do warranty claims require?",
		"The warranty covers electronic parts for 2 years [W]. Warranty claims require the original installation certificate [W].", "installation certificate"},

	// The object of a verb swapped for another noun of the same source.
	{VerbObjectSwap, "drain floods the pre-filter", "What happens when the condensate drain is blocked?",
		"The condensate drain must be checked before each winter season [M]. A blocked condensate drain floods the pre-filter [M].", "floods the pre-filter"},
	{VerbObjectSwap, "replace the exchanger core", "Which part should be replaced every 12 months?",
		"Clean the coarse pre-filter every 3 months with a soft brush [M]. Replace the heat exchanger core every 12 months [M].", "replace the heat exchanger core"},
	{VerbObjectSwap, "insulate the supply duct", "Which duct should be insulated with mineral wool?",
		"Connect the supply duct to the port marked with a blue ring [I]. Insulate the supply duct with 25 millimetre mineral wool to prevent condensation [I].", "insulate the supply duct"},
	{VerbObjectSwap, "connect the exhaust duct", "Which duct connects to the port marked with a blue ring?",
		"Insulate the exhaust duct with 25 millimetre mineral wool to prevent condensation [I]. Connect the exhaust duct to the port marked with a blue ring [I].", "connect the exhaust duct"},
	{VerbObjectSwap, "heater warms the exchanger", "What does the frost protection heater warm?",
		"The frost protection heater switches on below minus 5 degrees Celsius [O]. The frost protection heater warms the heat exchanger [O].", "warms the heat exchanger"},
	{VerbObjectSwap, "warranty covers the filters", "What does the warranty cover for 5 years?",
		"Warranty claims require the original proof of purchase [W]. The warranty covers the filters for 5 years [W].", "covers the filters"},

	// A clause the source never states, after a comma, a relative pronoun,
	// a conjunction or the citation marker.
	{AddedClause, "which-clause", "How high is the airflow in boost mode?",
		"Boost mode increases the fan speed for 30 minutes [O]. In boost mode the airflow rises to 280 cubic metres per hour, which doubles the noise level [O].", "doubles the noise level"},
	{AddedClause, "after the citation marker", "What is the normal airflow of the unit?",
		"The noise level at normal airflow is 32 decibels [O]. The normal airflow is 150 cubic metres per hour [O] and the unit is completely silent.", "completely silent"},
	{AddedClause, "so-clause", "How many watts does the unit draw at its highest fan speed?",
		"The mains supply must be protected by a 10 ampere fuse [I]. The unit draws 65 watts at its highest fan speed, so it can run from a small solar panel [I].", "solar panel"},
	{AddedClause, "or-clause", "How often should the fine pollen filter be replaced?",
		"Clean the coarse pre-filter every 3 months with a soft brush [M]. Replace the fine pollen filter every 12 months, or every 6 months in cities with heavy traffic [M].", "heavy traffic"},
	{AddedClause, "comma after the citation marker", "How long does the warranty cover electronic parts?",
		"The warranty covers the fan motor for 5 years [W]. The warranty covers electronic parts for 2 years [W], including accidental damage.", "accidental damage"},
	{AddedClause, "which-clause with source words", "Which fuse protects the mains supply?",
		"The unit draws 65 watts at its highest fan speed [I]. The mains supply must be protected by a 10 ampere fuse, which also protects the fan motor during a power surge [I].", "power surge"},

	// A quantifier, superlative or scale word the source does not state.
	{AddedQuantifier, "at least", "How long does the warranty cover the fan motor?",
		"Warranty claims require the original proof of purchase [W]. The warranty covers the fan motor for at least 5 years [W].", "at least 5 years"},
	{AddedQuantifier, "always", "How often should the coarse pre-filter be cleaned?",
		"Replace the fine pollen filter every 12 months [M]. Always clean the coarse pre-filter every 3 months with a soft brush [M].", "always clean"},
	{AddedQuantifier, "at most, at every speed", "How many watts does the unit draw at its highest fan speed?",
		"The mains supply must be protected by a 10 ampere fuse [I]. The unit draws at most 65 watts at every fan speed [I].", "at most 65 watts"},
	{AddedQuantifier, "superlative", "Do the fan motor bearings need lubrication?",
		"A blocked condensate drain floods the drip tray [M]. The fan motor bearings are the most durable parts of the unit and need no lubrication [M].", "most durable"},
	{AddedQuantifier, "never above", "What is the noise level of the unit at normal airflow?",
		"The normal airflow is 150 cubic metres per hour [O]. The noise level at normal airflow is never above 32 decibels [O].", "never above"},
	{AddedQuantifier, "all, in every country", "What do warranty claims require?",
		"The warranty covers electronic parts for 2 years [W]. All warranty claims in every country require the original proof of purchase [W].", "in every country"},

	// A negation added or taken away, where the source negates something
	// else close by.
	{NegationFlip, "negation added to one half", "What does the filter warning count?",
		"The display shows the filter warning F3 when a filter is due [M]. The filter warning does not count 90 days of operation [M].", "does not count 90 days"},
	{NegationFlip, "negation taken from the other half", "Does the filter warning measure the pressure drop?",
		"The display shows the filter warning F3 when a filter is due [M]. The filter warning measures the pressure drop across the filter [M].", "warning measures the pressure drop"},
	{NegationFlip, "negation taken away", "Are filters covered by the warranty?",
		"Warranty claims require the original proof of purchase [W]. Filters are consumables and are covered by the warranty [W].", "consumables and are covered"},
	{NegationFlip, "no taken away", "Do the fan motor bearings need lubrication?",
		"A blocked condensate drain floods the drip tray [M]. The fan motor bearings are sealed and need lubrication [M].", "sealed and need lubrication"},
	{NegationFlip, "negation added beside a denial", "What do warranty claims require?",
		"Filters are consumables and are not covered by the warranty [W]. Warranty claims do not require the original proof of purchase [W].", "do not require the original proof"},
	{NegationFlip, "do not added to an instruction", "How often should the fine pollen filter be replaced?",
		"The display shows the filter warning F3 when a filter is due [M]. Do not replace the fine pollen filter every 12 months [M].", "do not replace the fine pollen"},

	// Faithful replies: quotes, reordering, active/passive, merged
	// sentences, two sources in one sentence. They must be kept.
	{Faithful, "verbatim", "How often should the fine pollen filter be replaced?",
		"Replace the fine pollen filter every 12 months [M].", "fine pollen filter every 12 months"},
	{Faithful, "fronted adverbial", "How often should the coarse pre-filter be cleaned?",
		"Every 3 months, clean the coarse pre-filter with a soft brush [M].", "clean the coarse pre-filter with a soft brush"},
	{Faithful, "reordered", "When must the condensate drain be checked?",
		"Before each winter season, the condensate drain must be checked [M].", "the condensate drain must be checked"},
	{Faithful, "moved phrase", "How high is the airflow in boost mode?",
		"The airflow rises to 280 cubic metres per hour in boost mode [O].", "rises to 280 cubic metres per hour in boost mode"},
	{Faithful, "merged sentences", "How long does the warranty cover the fan motor and electronic parts?",
		"The warranty covers the fan motor for 5 years and electronic parts for 2 years [W].", "fan motor for 5 years and electronic parts for 2 years"},
	{Faithful, "active for passive", "Which fuse protects the mains supply?",
		"A 10 ampere fuse must protect the mains supply [I].", "10 ampere fuse must protect the mains supply"},
	{Faithful, "one half of a sentence", "What does the filter warning count?",
		"The filter warning counts 90 days of operation [M].", "counts 90 days of operation"},
	{Faithful, "the denied half of a sentence", "Does the filter warning measure the pressure drop?",
		"The filter warning does not measure the pressure drop across the filter [M].", "does not measure the pressure drop"},
	{Faithful, "negation kept", "Are filters covered by the warranty?",
		"Filters are consumables and are not covered by the warranty [W].", "not covered by the warranty"},
	{Faithful, "requirement", "Does the installation require a qualified electrician?",
		"Installation requires a qualified electrician [I].", "requires a qualified electrician"},
	{Faithful, "condition", "When does the summer bypass open?",
		"The summer bypass opens when the indoor temperature exceeds 24 degrees Celsius [O].", "indoor temperature exceeds 24 degrees"},
	{Faithful, "object kept", "What does the frost protection heater warm?",
		"The frost protection heater warms the incoming outdoor air [O].", "warms the incoming outdoor air"},
	{Faithful, "two sources, one sentence", "How many watts does the unit draw at its highest fan speed, and how high is the airflow in boost mode?",
		"The unit draws 65 watts at its highest fan speed [I], and in boost mode the airflow rises to 280 cubic metres per hour [O].", "in boost mode the airflow rises to 280"},
}
