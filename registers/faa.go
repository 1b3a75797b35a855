package registers

import (
	"fmt"
	"io"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// FAA is the US register (CONTRACT.md 12.1): ReleasableAircraft.zip's MASTER.txt, comma
// separated with a header row, values padded with spaces, the address in MODE S CODE HEX.
type FAA struct{}

func (FAA) Name() string   { return "faa" }
func (FAA) URL() string    { return "https://registry.faa.gov/database/ReleasableAircraft.zip" }
func (FAA) Notice() string { return "FAA aircraft registry (US government work, public domain)" }

// faaTypes are TYPE REGISTRANT's codes in words, and whether the owner is an organisation.
var faaTypes = map[string]struct {
	words        string
	organisation bool
}{
	"1": {"Individual", false}, "2": {"Partnership", false}, "3": {"Corporation", true}, "4": {"Co-Owned", false},
	"5": {"Government", true}, "7": {"LLC", true}, "8": {"Non-Citizen Corporation", true}, "9": {"Non-Citizen Co-Owned", false},
}

// faaTable is MASTER.txt's columns read; the address and the name are required.
var faaTable = table{register: "faa", file: "MASTER.txt", required: 2,
	columns: []string{"MODE S CODE HEX", "NAME", "TYPE REGISTRANT", "STREET", "STREET2", "CITY", "STATE", "ZIP CODE", "COUNTRY",
		"OTHER NAMES(1)", "OTHER NAMES(2)", "OTHER NAMES(3)", "OTHER NAMES(4)", "OTHER NAMES(5)"}}

// Read streams MASTER.txt, one row at a time (it is ≈ 190 MB).
func (FAA) Read(path string, keep func(Entry)) (Counts, error) {
	f, date, err := open(path, "MASTER.txt")
	if err != nil {
		return Counts{}, fmt.Errorf("faa: %w", err)
	}
	defer f.Close()
	c, err := readFAA(f, keep)
	c.Date = date
	return c, err
}

func readFAA(r io.Reader, keep func(Entry)) (Counts, error) {
	return faaTable.read(r, faaRow, keep)
}

// faaRow is a row's entry, or why it is skipped.
func faaRow(c cells) (Entry, string) {
	addr, ok := model.ParseAddress(c.get("MODE S CODE HEX"))
	if !ok {
		return Entry{}, "no valid address"
	}
	t := faaTypes[c.get("TYPE REGISTRANT")]
	rd := Record{
		Names: nonEmpty(c.get("NAME"), c.get("OTHER NAMES(1)"), c.get("OTHER NAMES(2)"), c.get("OTHER NAMES(3)"),
			c.get("OTHER NAMES(4)"), c.get("OTHER NAMES(5)")),
		Street: nonEmpty(c.get("STREET"), c.get("STREET2")),
		City:   c.get("CITY"), AdministrativeArea: c.get("STATE"), PostalCode: c.get("ZIP CODE"),
		Country: countryCode(c.get("COUNTRY")), Type: t.words, Organisation: t.organisation,
	}
	return Entry{Address: addr, HasAddress: true, Record: rd}, ""
}
