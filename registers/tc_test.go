package registers

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTCJoinsAircraftToTheirFirstActiveOwner(t *testing.T) {
	got, c := collect(t, TC{}, filepath.Join("testdata", "ccarcsdb"))

	require.Equal(t, 6, c.Read, "the trailer after the blank row is no row; the short row is counted apart")
	require.Equal(t, 3, c.Kept)
	require.Equal(t, map[string]int{
		"no longer registered": 1, "no valid binary Mode S address": 1, "no active owner": 1,
		"carscurr.txt: too few columns": 1, "owner without its aircraft": 1,
	}, c.Skipped)

	tests := []struct {
		addr, registration string
		want               Record
	}{
		{"C00001", "C-GABC", Record{Names: []string{"JOHN DOE"}, Street: []string{"123 MAPLE ST"}, City: "Montréal",
			AdministrativeArea: "Quebec", PostalCode: "H2X 1Y4", Country: "CA", Type: "Individual", Registration: "C-GABC"}},
		{"C038AA", "C-FVLX", Record{Names: []string{"Air Canada", `AC "Mainline"`}, Street: []string{"7373 de la Côte-Vertu Blvd."},
			City: "Saint-Laurent", AdministrativeArea: "Quebec", PostalCode: "H4S1Z3", Country: "CA", Type: "Entity", Organisation: true, Registration: "C-FVLX"}},
		{"C00006", "C-XYZ", Record{Names: []string{"NEW HOLDINGS"}, City: "Seattle", AdministrativeArea: "Washington",
			Country: "US", Type: "Entity", Organisation: true, Registration: "C-XYZ"}},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			e, ok := got[tt.addr]
			require.True(t, ok, "address %s kept", tt.addr)
			require.Equal(t, tt.registration, e.Registration)
			require.Equal(t, tt.want, e.Record)
		})
	}
}

func TestTCReadsTheArchive(t *testing.T) {
	members := map[string]string{}
	for _, name := range []string{"carscurr.txt", "carsownr.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", "ccarcsdb", name))
		require.NoError(t, err)
		members[strings.ToUpper(name)] = string(b)
	}
	_, c := collect(t, TC{}, writeZip(t, members))
	require.Equal(t, 3, c.Kept)

	delete(members, "CARSOWNR.TXT")
	_, err := TC{}.Read(writeZip(t, members), func(Entry) {})
	require.ErrorContains(t, err, "has no carsownr.txt")
}

func TestTCRefusesAnotherLayout(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "carsownr.txt"), []byte(`"GABC","JOHN DOE"`+"\r\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "carscurr.txt"), nil, 0o600))
	_, err := TC{}.Read(dir, func(Entry) {})
	require.ErrorContains(t, err, "carsownr.txt has 2 columns, not 20")
}

func TestBinaryAddress(t *testing.T) {
	tests := []struct {
		in   string
		want uint32
		ok   bool
	}{
		{"110000000000000000000001", 0xC00001, true},
		{"110000000011100010101010", 0xC038AA, true},
		{"000000000000000000000000", 0, false},
		{"11000000000000000000001", 0, false},
		{"1100000000000000000000012", 0, false},
		{"11000000000000000000000x", 0, false},
	}
	for _, tt := range tests {
		got, ok := binaryAddress(tt.in)
		require.Equal(t, tt.ok, ok, tt.in)
		require.Equal(t, tt.want, got, tt.in)
	}
}

// Transport Canada's files as a careful user meets them: a byte-order mark before the owners'
// first row (its owner kept), an owner's MARK_LINK written with the country's "C-" (joined), an
// owner type in capitals (written as the FAA's list writes it, so one type is offered once).
func TestTCReadsABOMAndMarksWithTheirCountry(t *testing.T) {
	row := func(n int, cells map[int]string) string {
		out := make([]string, n)
		for i := range out {
			out[i] = `""`
		}
		for i, v := range cells {
			out[i] = `"` + v + `"`
		}
		return strings.Join(out, ",") + "\r\n"
	}
	owners := "\ufeff" + row(ownWidth, map[int]string{ownMarkLink: "FHYP", ownFullName: "FIRST OWNER LTD", ownType: "ENTITY", ownActive: "A"}) +
		row(ownWidth, map[int]string{ownMarkLink: "C-GLNK", ownFullName: "LINKED PERSON", ownType: "INDIVIDUAL", ownActive: "A"}) +
		"\r\n\"2 records\"\r\n"
	aircraft := row(tcAircraftWidth, map[int]string{tcMark: "FHYP", tcModeSBinary: "110000000000000000000111", tcTrimmedMark: "FHYP"}) +
		row(tcAircraftWidth, map[int]string{tcMark: "GLNK", tcModeSBinary: "110000000000000000001000"})
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "carsownr.txt"), []byte(owners), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "carscurr.txt"), []byte(aircraft), 0o600))

	got, c := collect(t, TC{}, dir)
	require.Equal(t, 2, c.Kept, "%v", c.Skipped)
	require.Empty(t, c.Skipped)
	require.Equal(t, Record{Names: []string{"FIRST OWNER LTD"}, Type: "Entity", Organisation: true, Registration: "C-FHYP"}, got["C00007"].Record,
		"the first owner, after the byte-order mark")
	require.Equal(t, "C-GLNK", got["C00008"].Registration)
	require.Equal(t, Record{Names: []string{"LINKED PERSON"}, Type: "Individual", Registration: "C-GLNK"}, got["C00008"].Record, "C-GLNK joins GLNK")
}

func TestOwnerTypesAreWrittenOneWay(t *testing.T) {
	for in, want := range map[string]string{"INDIVIDUAL": "Individual", "individual": "Individual", "ENTITY": "Entity",
		"co-owned": "Co-Owned", "llc": "LLC", "NON-PROFIT  BODY": "Non-Profit Body", "Entity": "Entity"} {
		require.Equal(t, want, ownerType(in), in)
	}
}
