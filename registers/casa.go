package registers

import (
	"fmt"
	"io"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// CASA is Australia's register (CONTRACT.md 12.1): acrftreg.csv, UTF-8 with a BOM and a header
// row. It has no address: each aircraft is joined by its registration (VH- and its mark) to the
// address the aircraft database already has.
type CASA struct{}

func (CASA) Name() string   { return "casa" }
func (CASA) URL() string    { return "https://services.casa.gov.au/CSV/acrftreg.csv" }
func (CASA) Notice() string { return "CASA aircraft register" }

// casaTable is acrftreg.csv's columns read; Mark and regholdname are required.
var casaTable = table{register: "casa", file: "acrftreg.csv", required: 2, latin1: true, split: splitQuoted,
	columns: []string{"Mark", "regholdname", "regholdadd1", "regholdadd2", "regholdSuburb", "regholdState", "regholdPostcode",
		"regholdCountry", "suspendstatus"}}

// Read streams the CSV (the file itself, or a zip or folder holding it): rows not suspended.
func (CASA) Read(path string, keep func(Entry)) (Counts, error) {
	f, err := open(path, "acrftreg.csv", true)
	if err != nil {
		return Counts{}, fmt.Errorf("casa: %w", err)
	}
	defer func() { _ = f.Close() }() // read only
	c, err := readCASA(f, keep)
	c.Date = f.date
	return c, err
}

func readCASA(r io.Reader, keep func(Entry)) (Counts, error) {
	return casaTable.read(r, casaRow, keep)
}

// casaRow is a row's entry, or why it is skipped.
func casaRow(c cells) (Entry, string) {
	mark := strings.TrimPrefix(strings.ToUpper(c.get("Mark")), "VH-")
	switch {
	case mark == "":
		return Entry{}, "no mark"
	case suspended(c.get("suspendstatus")):
		return Entry{}, "suspended"
	}
	name := c.get("regholdname")
	rd := Record{Names: nonEmpty(name), Street: nonEmpty(c.get("regholdadd1"), c.get("regholdadd2")),
		City: c.get("regholdSuburb"), AdministrativeArea: c.get("regholdState"), PostalCode: c.get("regholdPostcode"),
		Country: countryCode(c.get("regholdCountry")), Organisation: model.IsOrganisation("casa", "", name), Registration: "VH-" + mark}
	return Entry{Registration: "VH-" + mark, Record: rd}, ""
}

// suspended reads suspendstatus: suspended when it says so (any case), yes, y or true.
func suspended(v string) bool {
	switch strings.ToLower(v) {
	case "suspended", "yes", "y", "true":
		return true
	}
	return false
}
