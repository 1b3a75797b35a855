package registers

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/registers/registerstest"
)

// collect reads path with reg and returns the entries kept, by address or registration.
func collect(t *testing.T, reg Register, path string) (map[string]Entry, Counts) {
	t.Helper()
	got := map[string]Entry{}
	c, err := reg.Read(path, func(e Entry) {
		key := e.Registration
		if e.HasAddress {
			key = fmt.Sprintf("%06X", e.Address)
		}
		got[key] = e
	})
	require.NoError(t, err)
	return got, c
}

func TestFAAReadsPaddedMaster(t *testing.T) {
	got, c := collect(t, FAA{}, filepath.Join("testdata", "MASTER.txt"))

	require.Equal(t, 8, c.Read)
	require.Equal(t, 5, c.Kept)
	require.Equal(t, map[string]int{"no valid address": 3}, c.Skipped, "empty, ZZZZZZ and a short row")
	require.Equal(t, "8 rows read, 5 kept, skipped: no valid address 3", c.String())

	tests := []struct {
		addr string
		want Record
	}{
		{"A0B1C2", Record{Names: []string{"SMITH JOHN A"}, Street: []string{"123 MAIN ST"}, City: "WICHITA",
			AdministrativeArea: "KS", PostalCode: "672011234", Country: "US", Type: "Individual", Registration: "N12345"}},
		{"A12345", Record{Names: []string{"ACME AVIATION INC", "ACME AIR", "ACME CHARTER"}, Street: []string{"PO BOX 7", "HANGAR 4"},
			City: "DENVER", AdministrativeArea: "CO", PostalCode: "80201", Country: "US", Type: "Corporation", Organisation: true, Registration: "N100AB"}},
		{"AB12CD", Record{Names: []string{"SKY HIGH LLC"}, City: "MIAMI", AdministrativeArea: "FL", PostalCode: "33101",
			Country: "US", Type: "LLC", Organisation: true, Registration: "N7LL"}},
		{"A7FFFF", Record{Names: []string{"STATE OF ALASKA"}, City: "ANCHORAGE", AdministrativeArea: "AK", Country: "US",
			Type: "Government", Organisation: true, Registration: "N8CT"}},
		{"A55555", Record{Names: []string{"FOREIGN OWNER CORP"}, City: "TORONTO", Country: "CA",
			Type: "Non-Citizen Corporation", Organisation: true, Registration: "N6FOR"}},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			e, ok := got[tt.addr]
			require.True(t, ok, "address %s kept", tt.addr)
			require.True(t, e.HasAddress)
			require.Equal(t, tt.want, e.Record)
		})
	}
}

func TestCASAReadsRegisterWithBOM(t *testing.T) {
	got, c := collect(t, CASA{}, filepath.Join("testdata", "acrftreg.csv"))

	require.Equal(t, 5, c.Read)
	require.Equal(t, 3, c.Kept)
	require.Equal(t, map[string]int{"no mark": 1, "suspended": 1}, c.Skipped)

	tests := []struct {
		reg  string
		want Record
	}{
		{"VH-ABC", Record{Names: []string{"JONES MARY"}, Street: []string{"1 SMITH ST"}, City: "TOOWOOMBA",
			AdministrativeArea: "QLD", PostalCode: "4350", Country: "AU", Registration: "VH-ABC"}},
		{"VH-QPA", Record{Names: []string{"QANTAS AIRWAYS LIMITED"}, Street: []string{"10 BOURKE RD"}, City: "MASCOT",
			AdministrativeArea: "NSW", PostalCode: "2020", Country: "AU", Organisation: true, Registration: "VH-QPA"}},
		{"VH-KIW", Record{Names: []string{"Kiwi Aviation Services"}, City: "AUCKLAND", PostalCode: "1010", Country: "NZ",
			Organisation: false, Registration: "VH-KIW"}}, // AVIATION and SERVICES name sole traders too (CONTRACT.md 12.3)
	}
	for _, tt := range tests {
		t.Run(tt.reg, func(t *testing.T) {
			e, ok := got[tt.reg]
			require.True(t, ok, "registration %s kept", tt.reg)
			require.False(t, e.HasAddress, "CASA has no addresses: joined by registration")
			require.Equal(t, tt.want, e.Record)
		})
	}
}

func TestCASAReadsLatin1Values(t *testing.T) {
	csv := "Mark,regholdname,regholdSuburb\r\nABC,CAF\xc9 AVIATION PTY LTD,G\xfcnzburg\r\n"
	var got []Entry
	c, err := readCASA(strings.NewReader(csv), func(e Entry) { got = append(got, e) })
	require.NoError(t, err)
	require.Equal(t, 1, c.Kept)
	require.Equal(t, []string{"CAFÉ AVIATION PTY LTD"}, got[0].Record.Names)
	require.Equal(t, "Günzburg", got[0].Record.City)
}

func TestReadRefusesAnotherLayout(t *testing.T) {
	tests := []struct {
		name, text, want string
		read             func(string) error
	}{
		{"faa without address column", "N-NUMBER,NAME\r\n1,X\r\n", `no "MODE S CODE HEX" column`,
			func(s string) error { _, err := readFAA(strings.NewReader(s), func(Entry) {}); return err }},
		{"faa empty", "", "header row",
			func(s string) error { _, err := readFAA(strings.NewReader(s), func(Entry) {}); return err }},
		{"casa without owner column", "Mark,Manu\r\nABC,X\r\n", `no "regholdname" column`,
			func(s string) error { _, err := readCASA(strings.NewReader(s), func(Entry) {}); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.ErrorContains(t, tt.read(tt.text), tt.want)
		})
	}
}

// writeZip writes members (name → content) into a zip in a temporary folder.
func writeZip(t *testing.T, members map[string]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ReleasableAircraft.zip")
	f, err := os.Create(path)
	require.NoError(t, err)
	zw := zip.NewWriter(f)
	for name, content := range members {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write([]byte(content))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	return path
}

func TestFAAOpensArchiveFolderOrFile(t *testing.T) {
	master, err := os.ReadFile(filepath.Join("testdata", "MASTER.txt"))
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "master.txt"), master, 0o600))

	tests := []struct{ name, path string }{
		{"zip", writeZip(t, map[string]string{"ACFTREF.txt": "x", "MASTER.txt": string(master)})},
		{"zip, doubled extension, other case", writeZip(t, map[string]string{"master.txt.txt": string(master)})},
		{"folder", dir},
		{"the file", filepath.Join("testdata", "MASTER.txt")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, c := collect(t, FAA{}, tt.path)
			require.Equal(t, 5, c.Kept)
		})
	}
}

func TestOpenNamesWhatIsMissing(t *testing.T) {
	_, err := FAA{}.Read(writeZip(t, map[string]string{"ACFTREF.txt": "x"}), func(Entry) {})
	require.ErrorContains(t, err, "has no MASTER.txt")

	notZip := filepath.Join(t.TempDir(), "broken.zip")
	require.NoError(t, os.WriteFile(notZip, []byte("PK\x03\x04 truncated"), 0o600))
	_, err = FAA{}.Read(notZip, func(Entry) {})
	require.ErrorContains(t, err, "no readable zip")

	_, err = CASA{}.Read(filepath.Join(t.TempDir(), "absent.csv"), func(Entry) {})
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestCountryCodeNeverGuesses(t *testing.T) {
	tests := []struct{ in, want string }{
		{"US", "US"}, {"australia", "AU"}, {" New  Zealand ", "NZ"}, {"ATLANTIS", ""}, {"U", ""}, {"", ""},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, countryCode(tt.in), tt.in)
	}
}

func TestAllRegistersByName(t *testing.T) {
	for _, r := range All {
		require.Equal(t, r, ByName(r.Name()))
		require.NotEmpty(t, r.Notice())
	}
	require.Nil(t, ByName("nowhere"))
}

// MASTER.txt is padded text, not quoted CSV (CONTRACT.md 12.1): a name that begins with a
// quote is that name, and every row after it is kept (read as CSV, the quote swallowed them).
func TestFAAKeepsEveryRowAfterAQuote(t *testing.T) {
	var b strings.Builder
	b.WriteString(registerstest.MasterHeader + "\r\n")
	b.WriteString(registerstest.MasterRow(registerstest.Owner{NNumber: "1Q", Hex: "A00001", Type: "3", Name: `"QUOTED" AIR INC`}))
	b.WriteString(registerstest.MasterRow(registerstest.Owner{NNumber: "2Q", Hex: "A00002", Type: "1", Name: `O"BRIEN "JOE`}))
	for i := 3; i <= 10; i++ {
		b.WriteString(registerstest.MasterRow(registerstest.Owner{NNumber: fmt.Sprint(i), Hex: fmt.Sprintf("A%05d", i), Type: "1",
			Name: fmt.Sprintf("OWNER %d", i)}))
	}
	var got []Entry
	c, err := readFAA(strings.NewReader(b.String()), func(e Entry) { got = append(got, e) })
	require.NoError(t, err)
	require.Equal(t, 10, c.Read)
	require.Equal(t, 10, c.Kept, "%v", c.Skipped)
	require.Equal(t, []string{`"QUOTED" AIR INC`}, got[0].Record.Names)
	require.Equal(t, []string{`O"BRIEN "JOE`}, got[1].Record.Names, "an unbalanced quote is a character like another")
	require.Equal(t, []string{"OWNER 10"}, got[9].Record.Names)
}

// A MASTER.txt value that is not valid UTF-8 is read as ISO-8859-1, as Transport Canada's and
// CASA's are (its letters kept, never dropped); a value in UTF-8 stays as it is, in the same file.
func TestFAAReadsLatin1Values(t *testing.T) {
	text := registerstest.MasterHeader + "\r\n" +
		registerstest.MasterRow(registerstest.Owner{NNumber: "1L", Hex: "A00001", Type: "1", Name: "JOS\xc9 PRIV\xc9", City: "M\xdcNCHEN",
			Street: "1 RUE DE L'\xc9GLISE", Country: "DE"}) +
		registerstest.MasterRow(registerstest.Owner{NNumber: "2U", Hex: "A00002", Type: "1", Name: "JOSÉ PRIVÉ", City: "MÜNCHEN"})
	var got []Entry
	c, err := readFAA(strings.NewReader(text), func(e Entry) { got = append(got, e) })
	require.NoError(t, err)
	require.Equal(t, 2, c.Kept, "%v", c.Skipped)
	for _, e := range got {
		require.Equal(t, []string{"JOSÉ PRIVÉ"}, e.Record.Names, "%06X", e.Address)
		require.Equal(t, "MÜNCHEN", e.Record.City, "%06X", e.Address)
	}
	require.Equal(t, []string{"1 RUE DE L'ÉGLISE"}, got[0].Record.Street)
}

// 000000 is no aircraft's address: refused, as a malformed one is.
func TestZeroAddressIsRefused(t *testing.T) {
	text := registerstest.MasterHeader + "\r\n" + registerstest.MasterRow(registerstest.Owner{NNumber: "1", Hex: "000000", Type: "1", Name: "X"})
	c, err := readFAA(strings.NewReader(text), func(Entry) { t.Fatal("000000 kept") })
	require.NoError(t, err)
	require.Equal(t, map[string]int{"no valid address": 1}, c.Skipped)
}

// A file set is known by what it holds, never by its name: a zip under any URL's name, a
// folder searched through its subfolders as a zip's paths are; an HTML page, a gzip file or
// binary data are named as what they are.
func TestOpenKnowsFilesByTheirContent(t *testing.T) {
	master, err := os.ReadFile(filepath.Join("testdata", "MASTER.txt"))
	require.NoError(t, err)
	dir := t.TempDir()
	zipped, err := os.ReadFile(writeZip(t, map[string]string{"ReleasableAircraft/MASTER.txt": string(master)}))
	require.NoError(t, err)
	latest := filepath.Join(dir, "latest") // a mirror's "latest" URL: no .zip
	require.NoError(t, os.WriteFile(latest, zipped, 0o600))
	nested := filepath.Join(dir, "unpacked", "ReleasableAircraft")
	require.NoError(t, os.MkdirAll(nested, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(nested, "MASTER.txt"), master, 0o600))
	for _, path := range []string{latest, filepath.Join(dir, "unpacked")} {
		_, c := collect(t, FAA{}, path)
		require.Equal(t, 5, c.Kept, path)
	}

	for _, tt := range []struct{ name, body, want string }{
		{"html", "\n  <!DOCTYPE html><html><body>Service unavailable</body></html>", "is an HTML page"},
		{"gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00", "is a gzip file"},
		{"binary", "\x00\x01\x02\x03garbage", "is binary data"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "ReleasableAircraft.zip")
			require.NoError(t, os.WriteFile(p, []byte(tt.body), 0o600))
			_, err := FAA{}.Read(p, func(Entry) {})
			require.ErrorContains(t, err, tt.want)
			require.ErrorContains(t, err, "neither a zip nor MASTER.txt")
		})
	}
	p := filepath.Join(t.TempDir(), "ccarcsdb.zip")
	require.NoError(t, os.WriteFile(p, master, 0o600))
	_, err = TC{}.Read(p, func(Entry) {})
	require.ErrorContains(t, err, "is text, not a zip holding carsownr.txt")
}

// Memory stays bounded whatever a file holds: a line over 64 KiB fails the register, so does a
// member over the size a register's file may be (lowered here from 1 GiB), whether its zip
// says so or its bytes run past it.
func TestReadsAreBounded(t *testing.T) {
	long := registerstest.MasterHeader + "\r\n" + strings.Repeat("A", MaxLine+10) + "\r\n"
	_, err := readFAA(strings.NewReader(long), func(Entry) {})
	require.ErrorContains(t, err, "line 2 is over 64 KiB")

	defer func(was int64) { maxMember = was }(maxMember)
	maxMember = 4096
	rows := registerstest.MasterHeader + "\r\n"
	for i := range 20 {
		rows += registerstest.MasterRow(registerstest.Owner{NNumber: fmt.Sprint(i), Hex: fmt.Sprintf("A%05d", i+1), Type: "1", Name: "X"})
	}
	z := writeZip(t, map[string]string{"MASTER.txt": rows})
	_, err = FAA{}.Read(z, func(Entry) {})
	require.ErrorContains(t, err, "MASTER.txt is over 0 MiB uncompressed")
	plain := filepath.Join(t.TempDir(), "MASTER.txt")
	require.NoError(t, os.WriteFile(plain, []byte(rows), 0o600))
	_, err = FAA{}.Read(plain, func(Entry) {})
	require.ErrorContains(t, err, "over 0 MiB uncompressed")

	lr := &limited{r: strings.NewReader(rows), left: 4096, name: "MASTER.txt"} // a zip whose header lies
	_, err = io.ReadAll(lr)
	require.ErrorContains(t, err, "MASTER.txt is over")
}

// CASA has no owner type: a name is an organisation's only by the contract's words, and
// SERVICE, TRUST and AVIATION name people (a surname, a family trust, a sole trader).
func TestCASAPeopleByTheirWords(t *testing.T) {
	csv := "\ufeffMark,regholdname\r\nAAA,ANNE SERVICE\r\nBBB,SMITH FAMILY TRUST\r\nCCC,BOB JONES AVIATION\r\nDDD,BOB JONES AVIATION PTY LTD\r\n"
	got := map[string]bool{}
	_, err := readCASA(strings.NewReader(csv), func(e Entry) { got[e.Registration] = e.Record.Organisation })
	require.NoError(t, err)
	require.Equal(t, map[string]bool{"VH-AAA": false, "VH-BBB": false, "VH-CCC": false, "VH-DDD": true}, got)
}

func TestSplitQuotedKeepsABadQuoteToItsRow(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		ok   bool
	}{
		{`a,"b,c","d ""e""",`, []string{"a", "b,c", `d "e"`, ""}, true},
		{`"x"y,z`, []string{"xy", "z"}, true},
		{`a,b"c,d`, []string{"a", `b"c`, "d"}, true},
		{`a,"never closed,b`, nil, false},
		{``, []string{""}, true},
	}
	for _, tt := range tests {
		got, ok := splitQuoted([]byte(tt.in), nil)
		require.Equal(t, tt.ok, ok, tt.in)
		if ok {
			s := make([]string, len(got))
			for i, g := range got {
				s[i] = string(g)
			}
			require.Equal(t, tt.want, s, tt.in)
		}
	}
}

// Each record keeps the aircraft's registration as its register writes it (FAA: N and the
// N-NUMBER), so that an owner who opted out by registration is found where the aircraft
// database has none; bidirectional controls are stripped from every value, as control
// characters are (a U+202E would show a name reversed).
func TestRecordsKeepTheirRegistrationAndNoBidiControls(t *testing.T) {
	text := registerstest.MasterHeader + "\r\n" +
		registerstest.MasterRow(registerstest.Owner{NNumber: "30OPT", Hex: "A00030", Type: "3", Name: "\u202eCNI EMCA\u202c", City: "RENO\u2066",
			Country: "US"}) +
		registerstest.MasterRow(registerstest.Owner{NNumber: "", Hex: "A00031", Type: "3", Name: "NO NUMBER\u200f CORP"})
	got := map[uint32]Record{}
	_, err := readFAA(strings.NewReader(text), func(e Entry) { got[e.Address] = e.Record })
	require.NoError(t, err)
	require.Equal(t, Record{Names: []string{"CNI EMCA"}, City: "RENO", Country: "US", Type: "Corporation", Organisation: true,
		Registration: "N30OPT"}, got[0xA00030])
	require.Equal(t, Record{Names: []string{"NO NUMBER CORP"}, Type: "Corporation", Organisation: true}, got[0xA00031])

	csv := "\ufeffMark,regholdname,regholdSuburb\r\nOPT,ACME\u202e PTY LTD,PERTH\u2069\r\n"
	var casa Entry
	_, err = readCASA(strings.NewReader(csv), func(e Entry) { casa = e })
	require.NoError(t, err)
	require.Equal(t, Record{Names: []string{"ACME PTY LTD"}, City: "PERTH", Organisation: true, Registration: "VH-OPT"}, casa.Record)
}
