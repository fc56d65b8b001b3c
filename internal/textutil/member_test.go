package textutil

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOwnerMember(t *testing.T) {
	for _, tt := range []struct {
		name, owner, member string
		ok                  bool
	}{
		{"Kiln.fire", "kiln", "fire", true},
		{"glaze.kilns.fireAll", "kilns", "fireall", true},
		{"kiln_vent", "", "", false},
		{"kiln.", "", "", false},
		{"3.14", "", "", false},
		{"kiln->fire", "", "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			owner, member, ok := OwnerMember(tt.name)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.owner, owner)
			require.Equal(t, tt.member, member)
		})
	}
}

func TestMemberEntry(t *testing.T) {
	for _, tt := range []struct {
		name          string
		path          []string
		text          string
		owner, member string
		want          string
	}{
		{"entry under its class", []string{"Kilns", "Class: ElectricKiln", "ek.fire([cone])"}, "", "electrickiln", "fire", "ek.fire"},
		{"class named by a part of its name", []string{"Kilns", "Class: KilnConstructor", "k.vent"}, "", "kiln", "vent", "k.vent"},
		{"module named by a heading word", []string{"Glaze", "Promises API", "glazePromises.mix(batch)"}, "", "promises", "mix", "glazePromises.mix"},
		{"entry of another member", []string{"Kilns", "Class: ElectricKiln", "ek.vent()"}, "", "electrickiln", "fire", ""},
		{"entry under another class", []string{"Kilns", "Class: GasKiln", "gk.fire()"}, "", "electrickiln", "fire", ""},
		{"the class's own section", []string{"Kilns", "Class: ElectricKiln"}, "", "electrickiln", "fire", ""},
		{"entry before its class", []string{"ek.fire()", "Class: ElectricKiln"}, "", "electrickiln", "fire", ""},
		// A chunker merges short entries: only the first keeps its heading.
		{"entry merged into a sibling's chunk", []string{"Kilns", "Class: ElectricKiln", "ek.vent()"}, "ek.vent()\n\nOpens the flue.\n\nek.fire([cone][, hold])\n\nAdded in: v2.0\n", "electrickiln", "fire", "ek.fire"},
		{"property entry merged", []string{"Kilns", "Class: ElectricKiln", "ek.vent()"}, "Opens the flue.\n\nek.cone\n\nThe last cone fired.", "electrickiln", "cone", "ek.cone"},
		{"member only a sentence names", []string{"Kilns", "Class: ElectricKiln", "ek.vent()"}, "Call ek.fire() after ek.vent().", "electrickiln", "fire", ""},
		{"member only code calls", []string{"Kilns", "Class: ElectricKiln", "ek.vent()"}, "```\nek.fire(6);\n```", "electrickiln", "fire", ""},
		{"class and its entries merged into another class's chunk", []string{"Kilns", "Class: GasKiln"}, "Class: GasKiln\n\nBurns gas.\n\nClass: ElectricKiln\n\nek.fire([cone])\n\nFires.", "electrickiln", "fire", "ek.fire"},
		{"entry of a later class in the merged chunk", []string{"Kilns", "Class: ElectricKiln"}, "Class: ElectricKiln\n\nHeats.\n\nClass: GasKiln\n\ngk.fire()\n\nFires.", "electrickiln", "fire", ""},
		{"entry line under another class", []string{"Kilns", "Class: GasKiln", "gk.vent()"}, "gk.fire()\n\nFires.", "electrickiln", "fire", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := MemberEntry(tt.path, tt.text, tt.owner, tt.member)
			require.Equal(t, tt.want != "", ok)
			require.Equal(t, tt.want, got)
		})
	}
}
