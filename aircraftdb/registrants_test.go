package aircraftdb_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// The registers' in-repo fixtures (registers/testdata), each in its register's layout.
const (
	fixtureFAA  = "../registers/testdata/MASTER.txt"
	fixtureTC   = "../registers/testdata/ccarcsdb"
	fixtureCASA = "../registers/testdata/acrftreg.csv"
)

// micWithAustralians is the Mictronics fixture with three Australian aircraft: VH-ABC once,
// VH-QPA at two addresses (a join CASA cannot make).
func micWithAustralians(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"dbversion.json", "operators.json", "types.json", "aircrafts.json"} {
		b, err := os.ReadFile(filepath.Join(fixtureMic, name))
		require.NoError(t, err)
		if name == "aircrafts.json" {
			b = []byte(strings.Replace(string(b), "{", `{"7C0001":["VH-ABC","C172","00"],"7C0002":["VH-QPA","B738","00"],"7C0003":["vh-qpa","B738","00"],`, 1))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o600))
	}
	return dir
}

// allRegisters are the three registers on their fixtures.
func allRegisters() []aircraftdb.RegisterFile {
	return []aircraftdb.RegisterFile{{Register: registers.FAA{}, Path: fixtureFAA}, {Register: registers.TC{}, Path: fixtureTC},
		{Register: registers.CASA{}, Path: fixtureCASA}}
}

func buildWithRegisters(t *testing.T) ([]byte, aircraftdb.Meta) {
	t.Helper()
	b, meta, err := aircraftdb.BuildWith(aircraftdb.Options{Mictronics: micWithAustralians(t), StandingData: fixtureSD, Registers: allRegisters()})
	require.NoError(t, err)
	return b, meta
}

func TestBuildKeepsEachRegistersRecordsByAddress(t *testing.T) {
	b, meta := buildWithRegisters(t)
	require.Equal(t, aircraftdb.FormatVersion, meta.Format)
	require.Equal(t, 5+3+1, meta.Counts["registrants"])
	require.Len(t, meta.Registers, 3)
	casa := meta.Registers[2]
	require.Equal(t, "casa", casa.Name)
	require.Equal(t, 1, casa.Kept, "VH-ABC joined; VH-QPA has two addresses, VH-KIW none")
	require.Equal(t, map[string]int{"no mark": 1, "suspended": 1, "registration of two addresses": 1,
		"registration not in the aircraft database": 1}, casa.Skipped)
	require.Equal(t, 5, meta.Registers[0].Kept)
	require.Equal(t, 3, meta.Registers[1].Kept)
	require.Contains(t, meta.Registers[1].Notice, "not been endorsed by the Government of Canada")

	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	require.Equal(t, 9, db.Registrants())
	require.Equal(t, []string{"Corporation", "Entity", "Government", "Individual", "LLC", "Non-Citizen Corporation"}, db.RegistrantTypes())

	tests := []struct {
		addr uint32
		want model.Registrant
	}{
		{0xA12345, model.Registrant{Names: [6]string{"ACME AVIATION INC", "ACME AIR", "ACME CHARTER"}, Street: [2]string{"PO BOX 7", "HANGAR 4"},
			City: "DENVER", AdministrativeArea: "CO", PostalCode: "80201", Country: "US", Type: "Corporation", Organisation: true,
			Source: "faa", Notice: registers.FAA{}.Notice(), Registration: "N100AB"}},
		{0xA0B1C2, model.Registrant{Names: [6]string{"SMITH JOHN A"}, Street: [2]string{"123 MAIN ST"}, City: "WICHITA",
			AdministrativeArea: "KS", PostalCode: "672011234", Country: "US", Type: "Individual", Source: "faa", Notice: registers.FAA{}.Notice(),
			Registration: "N12345"}},
		{0xC038AA, model.Registrant{Names: [6]string{"Air Canada", `AC "Mainline"`}, Street: [2]string{"7373 de la Côte-Vertu Blvd."},
			City: "Saint-Laurent", AdministrativeArea: "Quebec", PostalCode: "H4S1Z3", Country: "CA", Type: "Entity", Organisation: true,
			Source: "tc", Notice: registers.TC{}.Notice(), Registration: "C-FVLX"}},
		{0x7C0001, model.Registrant{Names: [6]string{"JONES MARY"}, Street: [2]string{"1 SMITH ST"}, City: "TOOWOOMBA",
			AdministrativeArea: "QLD", PostalCode: "4350", Country: "AU", Source: "casa", Notice: registers.CASA{}.Notice(), Registration: "VH-ABC"}},
	}
	for _, tt := range tests {
		got, ok := db.Registrant(tt.addr)
		require.True(t, ok, "%06X", tt.addr)
		require.Equal(t, tt.want, got, "%06X", tt.addr)
	}
	for _, miss := range []uint32{0x7C0002, 0x7C0003, 0x4CA87D, 0xFFFFFF, 0x1000000} {
		_, ok := db.Registrant(miss)
		require.False(t, ok, "%06X", miss)
	}
	allocs := testing.AllocsPerRun(100, func() { _, _ = db.Registrant(0xA12345) })
	require.Zero(t, allocs)
}

func TestBuildWithRegistersIsDeterministicAndWithoutThemFormat1(t *testing.T) {
	a, _ := buildWithRegisters(t)
	b, _ := buildWithRegisters(t)
	require.Equal(t, a, b, "the same inputs, the same bytes")

	plain, meta := buildFixture(t)
	require.Equal(t, 1, meta.Format, "no registrants: written as version 1, as the shipped database")
	db, err := aircraftdb.Load(plain)
	require.NoError(t, err)
	require.Zero(t, db.Registrants())
	_, ok := db.Registrant(0xA12345)
	require.False(t, ok)
}

func TestBuildNamesTheRegisterThatFails(t *testing.T) {
	dir := t.TempDir()
	notZip := filepath.Join(dir, "ReleasableAircraft.zip")
	require.NoError(t, os.WriteFile(notZip, []byte("PK\x03\x04 truncated"), 0o600))
	other := filepath.Join(dir, "acrftreg.csv")
	require.NoError(t, os.WriteFile(other, []byte("Mark,Manufacturer\r\nABC,CESSNA\r\n"), 0o600))
	tests := []struct {
		name string
		reg  aircraftdb.RegisterFile
		want string
	}{
		{"truncated zip", aircraftdb.RegisterFile{Register: registers.FAA{}, Path: notZip}, "faa: "},
		{"no member", aircraftdb.RegisterFile{Register: registers.TC{}, Path: dir}, "tc: "},
		{"another layout", aircraftdb.RegisterFile{Register: registers.CASA{}, Path: other}, `casa: acrftreg.csv has no "regholdname" column`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "aircraft.db")
			require.NoError(t, os.WriteFile(out, []byte("the old database"), 0o600))
			_, err := aircraftdb.BuildFile(aircraftdb.Options{Mictronics: fixtureMic, StandingData: fixtureSD,
				Registers: []aircraftdb.RegisterFile{tt.reg}}, out)
			require.ErrorContains(t, err, tt.want)
			old, rerr := os.ReadFile(out)
			require.NoError(t, rerr)
			require.Equal(t, "the old database", string(old), "a failed build leaves the file")
		})
	}
}

func TestRegistrantsMetaRoundTrips(t *testing.T) {
	b, meta := buildWithRegisters(t)
	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	want, _ := json.Marshal(meta)
	got, _ := json.Marshal(db.Meta())
	require.JSONEq(t, string(want), string(got))
}
