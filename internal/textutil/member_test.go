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
		owner, member string
		want          string
	}{
		{"entry under its class", []string{"Kilns", "Class: ElectricKiln", "ek.fire([cone])"}, "electrickiln", "fire", "ek.fire"},
		{"class named by a part of its name", []string{"Kilns", "Class: KilnConstructor", "k.vent"}, "kiln", "vent", "k.vent"},
		{"module named by a heading word", []string{"Glaze", "Promises API", "glazePromises.mix(batch)"}, "promises", "mix", "glazePromises.mix"},
		{"entry of another member", []string{"Kilns", "Class: ElectricKiln", "ek.vent()"}, "electrickiln", "fire", ""},
		{"entry under another class", []string{"Kilns", "Class: GasKiln", "gk.fire()"}, "electrickiln", "fire", ""},
		{"the class's own section", []string{"Kilns", "Class: ElectricKiln"}, "electrickiln", "fire", ""},
		{"entry before its class", []string{"ek.fire()", "Class: ElectricKiln"}, "electrickiln", "fire", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := MemberEntry(tt.path, tt.owner, tt.member)
			require.Equal(t, tt.want != "", ok)
			require.Equal(t, tt.want, got)
		})
	}
}
