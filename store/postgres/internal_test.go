package postgres

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOrQuery(t *testing.T) {
	cases := []struct{ in, want string }{
		{"How often is the filter replaced?", "How or often or is or the or filter or replaced?"},
		{"  spaced\tout  ", "spaced or out"},
		{"", ""},
		{`"carbon filter" cartridge`, `"carbon filter" cartridge`},
		{"filter -carbon", "filter -carbon"},
		{"filter OR cartridge", "filter OR cartridge"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, orQuery(c.in), c.in)
	}
}

// TestIndexApply checks the in-process index's bookkeeping: rows removed
// from the middle of the slab are replaced by the last row, and counts
// follow.
func TestIndexApply(t *testing.T) {
	ix := newVindex()
	row := func(serial int64, tenant, doc string, x float32) pendingRow {
		return pendingRow{serial: serial, key: docKey{tenant, "", doc}, vec: []float32{x, 1}}
	}
	ix.apply(1, []docKey{{"a", "", "d1"}, {"b", "", "d2"}}, []pendingRow{row(1, "a", "d1", 1), row(2, "a", "d1", 2), row(3, "b", "d2", 3)})
	require.Equal(t, counts{2, 3}, ix.countsFor("", ""))
	require.Equal(t, counts{1, 2}, ix.countsFor("a", ""))
	ix.apply(2, []docKey{{"a", "", "d1"}}, []pendingRow{row(4, "a", "d1", 4)})
	require.Equal(t, int64(2), ix.version)
	require.Equal(t, counts{2, 2}, ix.countsFor("", ""))
	require.Len(t, ix.rows, 2)
	for i, r := range ix.rows {
		require.Equal(t, int32(i), ix.bySerial[r.serial])
		require.Equal(t, []float32{float32(r.serial), 1}, ix.vector(int32(i)), "row %d holds serial %d's vector", i, r.serial)
	}
	require.Equal(t, []float32{3, 1}, ix.vector(ix.bySerial[3]))
	require.Equal(t, []float32{4, 1}, ix.vector(ix.bySerial[4]))
	ix.apply(3, []docKey{{"b", "", "d2"}, {"a", "", "d1"}}, nil)
	require.Equal(t, counts{}, ix.countsFor("", ""))
	require.Empty(t, ix.rows)
	require.Empty(t, ix.slab)
}
