package aircraftdb

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// Who is a person is decided where a record is read (model.IsOrganisation), whatever flag a
// build wrote: a database built by a version with the older word list (SERVICE, TRUST,
// AVIATION made an organisation) shows no person's name under the standard detail.
func TestReadersDecideWhoIsAPersonThemselves(t *testing.T) {
	b := newBuilder()
	for i, name := range []string{"ANNE SERVICE", "SMITH FAMILY TRUST", "BOB JONES AVIATION", "QANTAS AIRWAYS LIMITED"} {
		rec := registers.Record{Names: []string{name}, Street: []string{"1 HIDDEN ST"}, City: "PERTH", Organisation: true} // an old build's flag
		require.True(t, b.registrants.add(0x7C0001+uint32(i), 0, rec))
	}
	b.meta.Registers = []RegisterMeta{{Name: "casa", Notice: "CASA aircraft register"}}
	raw, err := b.encodeAll()
	require.NoError(t, err)
	db, err := Load(raw)
	require.NoError(t, err)
	for i, org := range []bool{false, false, false, true} {
		r, ok := db.Registrant(0x7C0001 + uint32(i)) //nolint:gosec // small
		require.True(t, ok)
		require.Equal(t, org, r.Organisation, r.Names[0])
		shown, _ := r.Shown(model.DetailStandard)
		require.Equal(t, org, shown.Names[0] != "", r.Names[0])
		require.Empty(t, shown.Street[0])
		require.Equal(t, "casa", shown.Source)
	}
}

// The rank index answers as a search of the sorted addresses would, for every address of a
// dense run, a sparse one, and the ends of the space.
func TestRankIndexAgreesWithTheList(t *testing.T) {
	var keys, offs []byte
	var list []uint32
	for a := uint32(1); a <= 0xFFFFFF; a += 1 + a%977 {
		list = append(list, a)
		keys = le.AppendUint32(keys, a)
	}
	list = append(list, 0xFFFFFF)
	keys = le.AppendUint32(keys, 0xFFFFFF)
	at := map[uint32]uint32{}
	for i, a := range list {
		at[a] = uint32(i * (50 + i%300)) //nolint:gosec // records of many sizes
		offs = le.AppendUint32(offs, at[a])
	}
	offs = le.AppendUint32(offs, at[0xFFFFFF]+10)
	for _, wide := range []bool{false, true} {
		x, ok := newRankIndex(keys, offs)
		require.True(t, ok)
		if wide { // lines whose records span more than 64 KiB: the offsets are read instead
			for i := range x.lines {
				x.lines[i].base |= noRel
			}
		}
		for a := uint32(0); a <= 0xFFFFFF; a += 7 {
			off, found := x.find(a, offs)
			want, listed := at[a]
			require.Equal(t, listed, found, "%06X", a)
			if listed {
				require.Equal(t, want, off, "%06X", a)
			}
		}
		for _, a := range list {
			off, found := x.find(a, offs)
			require.True(t, found)
			require.Equal(t, at[a], off)
		}
	}
	_, ok := newRankIndex(le.AppendUint32(le.AppendUint32(nil, 5), 5), make([]byte, 12))
	require.False(t, ok, "a repeated address: refused")
}
