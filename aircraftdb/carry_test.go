package aircraftdb_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
	"github.com/tracker-adsb/tracker-core-health/registers/registerstest"
)

// registrantsOf are every registrant of the database at path, by address.
func registrantsOf(t *testing.T, path string, addrs []uint32) map[uint32]model.Registrant {
	t.Helper()
	db, err := aircraftdb.Open(path)
	require.NoError(t, err)
	out := map[uint32]model.Registrant{}
	for _, a := range addrs {
		if r, ok := db.Registrant(a); ok {
			out[a] = r
		}
	}
	return out
}

// The fixtures' registrant addresses: FAA 5, TC 3, CASA 1.
var fixtureOwners = []uint32{0xA0B1C2, 0xA12345, 0xAB12CD, 0xA7FFFF, 0xA55555, 0xC00001, 0xC038AA, 0xC00006, 0x7C0001}

// twoFAARows is a MASTER.txt of two owners, the second at Transport Canada's C038AA.
func twoFAARows(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "MASTER.txt")
	text := registerstest.MasterHeader + "\r\n" +
		registerstest.MasterRow(registerstest.Owner{NNumber: "1NEW", Hex: "A0B1C2", Type: "3", Name: "NEW OWNER INC", Country: "US"}) +
		registerstest.MasterRow(registerstest.Owner{NNumber: "2NEW", Hex: "C038AA", Type: "3", Name: "MOVED CORP", Country: "US"})
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

// A refresh never wipes the owners (CONTRACT.md 12.6): refreshing some registers, or none,
// keeps every other register of the current database as it was (its records, date and
// counts); the order of registers.All still decides an address two give.
func TestRefreshCarriesTheRegistersItDoesNotRead(t *testing.T) {
	for _, name := range []string{"aircraft.db", "aircraft.db.zst"} {
		t.Run(name, func(t *testing.T) {
			cur := filepath.Join(t.TempDir(), name)
			mic := micWithAustralians(t)
			full, err := aircraftdb.BuildFile(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: allRegisters()}, cur)
			require.NoError(t, err)
			before := registrantsOf(t, cur, fixtureOwners)
			require.Len(t, before, 9)

			tests := []struct {
				name      string
				refreshed []aircraftdb.RegisterFile
				want      map[string]aircraftdb.RegisterMeta // by name: Kept, Carried, Skipped of the new meta
				changed   map[uint32]string                  // addresses whose first name is now another ("": none)
			}{
				{"none: every register kept", nil, map[string]aircraftdb.RegisterMeta{
					"faa": {Kept: 5, Carried: true}, "tc": {Kept: 3, Carried: true}, "casa": {Kept: 1, Carried: true}}, nil},
				{"the FAA alone: Canada and Australia kept", []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: twoFAARows(t)}},
					map[string]aircraftdb.RegisterMeta{"faa": {Kept: 2}, "tc": {Kept: 2, Carried: true}, "casa": {Kept: 1, Carried: true}},
					map[uint32]string{0xA0B1C2: "NEW OWNER INC", 0xC038AA: "MOVED CORP", 0xA12345: "", 0xAB12CD: "", 0xA7FFFF: "", 0xA55555: ""}},
				{"CASA alone: the FAA and Canada kept, in their order", []aircraftdb.RegisterFile{{Register: registers.CASA{}, Path: fixtureCASA}},
					map[string]aircraftdb.RegisterMeta{"faa": {Kept: 5, Carried: true}, "tc": {Kept: 3, Carried: true}, "casa": {Kept: 1}}, nil},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					out := filepath.Join(t.TempDir(), name)
					meta, err := aircraftdb.BuildFile(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: tt.refreshed, Current: cur}, out)
					require.NoError(t, err)
					require.Len(t, meta.Registers, 3)
					for i, r := range meta.Registers {
						require.Equal(t, registers.All[i].Name(), r.Name, "registers.All's order")
						want := tt.want[r.Name]
						require.Equal(t, want.Kept, r.Kept, r.Name)
						require.Equal(t, want.Carried, r.Carried, r.Name)
						if r.Carried {
							old := full.Registers[i]
							require.Equal(t, old.Date, r.Date, "its data's date kept")
							require.Equal(t, old.Read, r.Read)
							require.Equal(t, old.Notice, r.Notice)
						}
					}
					if tt.name == "the FAA alone: Canada and Australia kept" {
						require.Equal(t, 1, meta.Registers[1].Skipped["address already registered elsewhere"], "C038AA: the FAA's now, first in the list")
					}
					after := registrantsOf(t, out, fixtureOwners)
					for _, a := range fixtureOwners {
						first, changed := tt.changed[a]
						switch {
						case !changed:
							require.Equal(t, before[a], after[a], "%06X kept as it was", a)
						case first == "":
							require.NotContains(t, after, a, "%06X: gone with the FAA's old file", a)
						default:
							require.Equal(t, first, after[a].Names[0], "%06X", a)
						}
					}
					dry, err := aircraftdb.DryRun(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: tt.refreshed, Current: cur})
					require.NoError(t, err)
					for i, r := range dry.Registers {
						require.Equal(t, meta.Registers[i].Carried, r.Carried, "a dry run says what it would keep")
					}
				})
			}
		})
	}
}

// No current file: nothing to carry. A current file that cannot be read fails the build
// naming it and what to do; refreshing every register needs nothing of it.
func TestRefreshOfAnUnreadableDatabaseSaysSo(t *testing.T) {
	dir := t.TempDir()
	cur := filepath.Join(dir, "aircraft.db")
	mic := micWithAustralians(t)
	faaOnly := []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: fixtureFAA}}
	meta, err := aircraftdb.DryRun(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: faaOnly, Current: cur})
	require.NoError(t, err)
	require.Len(t, meta.Registers, 1, "no file: nothing carried")

	_, err = aircraftdb.BuildFile(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: allRegisters()}, cur)
	require.NoError(t, err)
	b, err := os.ReadFile(cur)
	require.NoError(t, err)
	b[len(b)-3] ^= 0x55 // a registrant record, the last section
	require.NoError(t, os.WriteFile(cur, b, 0o600))
	_, err = aircraftdb.DryRun(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: faaOnly, Current: cur})
	require.ErrorContains(t, err, "keeping the tc register from the current database "+cur)
	require.ErrorContains(t, err, "checksum mismatch")
	meta, err = aircraftdb.DryRun(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: allRegisters(), Current: cur})
	require.NoError(t, err, "every register refreshed: nothing read of it")
	require.Len(t, meta.Registers, 3)

	require.NoError(t, os.WriteFile(cur, []byte("not a database"), 0o600))
	_, err = aircraftdb.DryRun(aircraftdb.Options{Mictronics: mic, StandingData: fixtureSD, Registers: faaOnly, Current: cur})
	require.ErrorContains(t, err, "keeping the registers not refreshed (tc, casa) from the current database "+cur)
	require.ErrorContains(t, err, "--registers faa,tc,casa")
}

// A record keeps the registration its register writes (one string past its fields, said by a
// flag: a record without it, as earlier builds wrote, reads as before).
func TestRegistrantsKeepTheirRegistration(t *testing.T) {
	b, _ := buildWithRegisters(t)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	for addr, want := range map[uint32]string{0xA7FFFF: "N8CT", 0xC038AA: "C-FVLX", 0x7C0001: "VH-ABC"} {
		r, ok := db.Registrant(addr)
		require.True(t, ok)
		require.Equal(t, want, r.Registration, "%06X", addr)
		shown, _ := r.Shown(model.DetailFull)
		require.NotContains(t, string(shown.AppendJSON(nil)), "registration", "never part of the object")
	}
}

// VerifiedMeta reads the whole file and checks its checksum as Open does (tracker-rules
// validate --db): a file cut short or changed anywhere is refused as Open refuses it, where
// ReadMeta, reading the meta alone, would answer; packed files are read as they are.
func TestVerifiedMetaChecksTheWholeFile(t *testing.T) {
	b, meta := buildWithRegisters(t)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o600))
		return p
	}
	for _, name := range []string{"aircraft.db", "aircraft.db.gz", "aircraft.db.zst"} {
		packed, err := aircraftdb.Compress(name, b)
		require.NoError(t, err)
		got, err := aircraftdb.VerifiedMeta(write(name, packed))
		require.NoError(t, err, name)
		require.Equal(t, meta.RegistrantTypes, got.RegistrantTypes, name)
		require.NotEmpty(t, got.RegistrantTypes)

		cut := write("cut-"+name, packed[:len(packed)*3/4])
		_, err = aircraftdb.VerifiedMeta(cut)
		require.ErrorIs(t, err, aircraftdb.ErrFormat, name)
		_, openErr := aircraftdb.Open(cut)
		require.Error(t, openErr, name)
	}
	cut := write("head.db", b[:len(b)*3/4]) // head -c: the meta, first, whole
	_, err := aircraftdb.ReadMeta(cut)
	require.NoError(t, err, "the meta alone reads")
	_, err = aircraftdb.VerifiedMeta(cut)
	require.ErrorContains(t, err, "not a usable aircraft database: checksum mismatch")
	_, err = aircraftdb.Open(cut)
	require.ErrorContains(t, err, "checksum mismatch", "the words Open says")

	flipped := append([]byte(nil), b...)
	flipped[len(flipped)-3] ^= 0x55
	_, err = aircraftdb.VerifiedMeta(write("flipped.db", flipped))
	require.ErrorContains(t, err, "checksum mismatch")

	_, err = aircraftdb.VerifiedMeta(filepath.Join(dir, "absent.db"))
	require.ErrorIs(t, err, os.ErrNotExist)
}
