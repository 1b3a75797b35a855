package registers

import (
	"bufio"
	"io"
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
			AdministrativeArea: "Quebec", PostalCode: "H2X 1Y4", Country: "CA", Type: "Individual"}},
		{"C038AA", "C-FVLX", Record{Names: []string{"Air Canada", `AC "Mainline"`}, Street: []string{"7373 de la Côte-Vertu Blvd."},
			City: "Saint-Laurent", AdministrativeArea: "Quebec", PostalCode: "H4S1Z3", Country: "CA", Type: "Entity", Organisation: true}},
		{"C00006", "C-XYZ", Record{Names: []string{"NEW HOLDINGS"}, City: "Seattle", AdministrativeArea: "Washington",
			Country: "US", Type: "Entity", Organisation: true}},
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

func TestUntilBlankStopsAtTheFirstBlankLine(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the reader's buffer: never taken for a blank
	in := "a,b\r\n" + long + "\r\n\r\ntrailer\r\n"
	b, err := readAll(&untilBlank{br: newSmallReader(in)})
	require.NoError(t, err)
	require.Equal(t, "a,b\r\n"+long+"\r\n", b)

	b, err = readAll(&untilBlank{br: newSmallReader("no newline at the end")})
	require.NoError(t, err)
	require.Equal(t, "no newline at the end", b)
}

func newSmallReader(s string) *bufio.Reader { return bufio.NewReaderSize(strings.NewReader(s), 64<<10) }

func readAll(r io.Reader) (string, error) {
	b, err := io.ReadAll(r)
	return string(b), err
}
