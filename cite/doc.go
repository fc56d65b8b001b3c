// Package cite finds the citation markers a generator wrote into an answer,
// maps each one to the retrieved source it names, and formats the Sources
// block that accompanies every answer. Sources are the slice given to the
// generator: sources[i] carries the label "S" + (i+1). A marker may name a
// source by label ("[S2]", "[Source 2]"), by chunk id ("[chunk: 9f…]"), by
// document id or by path ("[SOURCE: docs/manual.md]"); anything that does
// not map to a retrieved source is counted as invalid and never cited, so a
// model cannot launder outside knowledge through a made-up reference.
//
// Parsing is syntactic and conservative: only brackets whose whole content
// reads as a citation are markers, so "[optional]" or "[1]" (unless
// Options.BareNumbers) are left alone. StripMarkers removes markers for
// display, and FormatBlock renders the answer block
// ("Answer:" … "Sources:" with one line per cited source). Parser values are
// immutable and safe for concurrent use.
//
// It owns the Extractor interface, the default Parser and the answer block
// format. It imports retrieve (for Source) and must not import generate,
// validate, the root or any provider.
package cite
