package registers

import (
	"fmt"
	"io"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// FAA is the US register (CONTRACT.md 12.1): ReleasableAircraft.zip's MASTER.txt, comma
// separated with a header row, values padded with spaces and never quoted, the address in
// MODE S CODE HEX.
type FAA struct{}

func (FAA) Name() string   { return "faa" }
func (FAA) URL() string    { return "https://registry.faa.gov/database/ReleasableAircraft.zip" }
func (FAA) Notice() string { return "FAA aircraft registry (US government work, public domain)" }

// faaTypes are TYPE REGISTRANT's codes (6 is not used) in the words of faaTypeWords.
var faaTypes = map[string]string{"1": faaTypeWords[0], "2": faaTypeWords[1], "3": faaTypeWords[2], "4": faaTypeWords[3],
	"5": faaTypeWords[4], "7": faaTypeWords[5], "8": faaTypeWords[6], "9": faaTypeWords[7]}

// faaTable is MASTER.txt's columns read; the address and the name are required. A '"' in it
// is a character like any other: a name that begins with one loses nothing after it. A value
// that is not valid UTF-8 is read as ISO-8859-1 (as Transport Canada's and CASA's are): the
// FAA's file is ASCII, a copy saved by another tool may hold JOSÉ as the single byte 0xC9.
var faaTable = table{register: "faa", file: "MASTER.txt", required: 2, latin1: true, split: splitPlain,
	columns: []string{"MODE S CODE HEX", "NAME", "N-NUMBER", "TYPE REGISTRANT", "STREET", "STREET2", "CITY", "STATE", "ZIP CODE", "COUNTRY",
		"OTHER NAMES(1)", "OTHER NAMES(2)", "OTHER NAMES(3)", "OTHER NAMES(4)", "OTHER NAMES(5)"}}

// Read streams MASTER.txt, one line at a time (it is ≈ 190 MB).
func (FAA) Read(path string, keep func(Entry)) (Counts, error) {
	f, err := open(path, "MASTER.txt", true)
	if err != nil {
		return Counts{}, fmt.Errorf("faa: %w", err)
	}
	defer func() { _ = f.Close() }() // read only
	c, err := readFAA(f, keep)
	c.Date = f.date
	return c, err
}

func readFAA(r io.Reader, keep func(Entry)) (Counts, error) {
	return faaTable.read(r, faaRow, keep)
}

// faaRow is a row's entry, or why it is skipped.
func faaRow(c cells) (Entry, string) {
	addr, ok := model.ParseAddress(c.get("MODE S CODE HEX"))
	if !ok || !validAddress(addr) {
		return Entry{}, "no valid address"
	}
	typ := faaTypes[c.get("TYPE REGISTRANT")]
	name := c.get("NAME")
	rd := Record{
		Names: nonEmpty(name, c.get("OTHER NAMES(1)"), c.get("OTHER NAMES(2)"), c.get("OTHER NAMES(3)"),
			c.get("OTHER NAMES(4)"), c.get("OTHER NAMES(5)")),
		Street: nonEmpty(c.get("STREET"), c.get("STREET2")),
		City:   c.get("CITY"), AdministrativeArea: c.get("STATE"), PostalCode: c.get("ZIP CODE"),
		Country: countryCode(c.get("COUNTRY")), Type: typ, Organisation: model.IsOrganisation("faa", typ, name),
		Registration: faaRegistration(c.get("N-NUMBER")),
	}
	return Entry{Address: addr, HasAddress: true, Record: rd}, ""
}

// faaRegistration is the registration of an N-NUMBER (the register writes it without its N:
// 12345 is N12345); "" when there is none.
func faaRegistration(n string) string {
	n = strings.TrimPrefix(strings.ToUpper(n), "N") // an N-number's first character after its N is a digit
	if n == "" || strings.ContainsAny(n, " ,") {
		return ""
	}
	return "N" + n
}
