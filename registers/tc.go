package registers

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// TC is Canada's register (CONTRACT.md 12.1): ccarcsdb.zip's carscurr.txt (the aircraft, 47
// columns) and carsownr.txt (the owners, 20 columns), ISO-8859-1 quoted CSV without a header,
// each ending with a blank row and a trailer. The address is in the aircraft file as a 24-bit
// binary string; an aircraft's owner is the first active owner row with its mark.
type TC struct{}

func (TC) Name() string { return "tc" }
func (TC) URL() string {
	return "https://wwwapps.tc.gc.ca/Saf-Sec-Sur/2/CCARCS-RIACC/download/ccarcsdb.zip"
}
func (TC) Notice() string {
	return "Transport Canada Canadian Civil Aircraft Register, Open Government Licence – Canada: " +
		"Reproduced and distributed with the permission of the Government of Canada. " +
		"This is not an official version of the register and has not been endorsed by the Government of Canada."
}

// Column positions, from the archive's own carslayout.txt (the files have no header).
const (
	tcMark          = 0
	tcIneffective   = 23
	tcModeSBinary   = 42
	tcTrimmedMark   = 46
	tcAircraftWidth = 47

	ownMarkLink = 0
	ownFullName = 1
	ownTrade    = 2
	ownStreet   = 3
	ownStreet2  = 4
	ownCity     = 5
	ownProvince = 6
	ownPostal   = 8
	ownCountry  = 9
	ownType     = 11
	ownActive   = 13
	ownWidth    = 20
)

// Read joins the two files (a zip or a folder holding them): the owners first (≈ 34,000 rows,
// held by mark), then the aircraft streamed.
func (TC) Read(path string, keep func(Entry)) (Counts, error) {
	var c Counts
	byMark := map[string]Record{}
	err := tcFile(path, "carsownr.txt", ownWidth, &c, func(rec [][]byte) { tcOwner(rec, byMark, &c) })
	if err != nil {
		return c, err
	}
	used := map[string]bool{}
	err = tcFile(path, "carscurr.txt", tcAircraftWidth, &c, func(rec [][]byte) {
		c.Read++
		e, mark, skip := tcAircraft(rec, byMark)
		if skip != "" {
			c.skip(skip)
			return
		}
		used[mark] = true
		c.Kept++
		keep(e)
	})
	if err != nil {
		return c, err
	}
	for mark := range byMark {
		if !used[mark] {
			c.skip("owner without its aircraft")
		}
	}
	return c, nil
}

// tcMarkOf is a mark as both files are joined by it: upper-case, without the country's "C-"
// (an owner row may write its MARK_LINK C-FHYP, the aircraft file FHYP).
func tcMarkOf(b []byte) string {
	return strings.TrimSpace(strings.TrimPrefix(strings.ToUpper(latin1Clean(b)), "C-"))
}

// tcOwner keeps an owner row in byMark when it is the first active owner of its mark.
func tcOwner(rec [][]byte, byMark map[string]Record, c *Counts) {
	mark := tcMarkOf(rec[ownMarkLink])
	if mark == "" {
		c.skip("owner without a mark")
		return
	}
	if _, seen := byMark[mark]; seen || !tcActive(latin1Clean(rec[ownActive])) {
		return // a later row of an owned mark, or a former owner: history, not a problem
	}
	var typ string
	if t := latin1Clean(rec[ownType]); t != "" {
		typ = ownerType(t)
	}
	names := nonEmpty(latin1(rec[ownFullName]), latin1(rec[ownTrade]))
	first := ""
	if len(names) > 0 {
		first = names[0]
	}
	byMark[mark] = Record{
		Names:  names,
		Street: nonEmpty(latin1(rec[ownStreet]), latin1(rec[ownStreet2])),
		City:   latin1Clean(rec[ownCity]), AdministrativeArea: latin1Clean(rec[ownProvince]),
		PostalCode: latin1Clean(rec[ownPostal]), Country: countryCode(latin1(rec[ownCountry])), Type: typ,
		Organisation: typ != "" && model.IsOrganisation("tc", typ, first),
	}
}

// tcActive reads ACTIVE_FLAG: "A" or "Active", any case.
func tcActive(v string) bool { return strings.EqualFold(v, "A") || strings.EqualFold(v, "Active") }

// tcAircraft is an aircraft row's entry and mark, or why it is skipped.
func tcAircraft(rec [][]byte, owners map[string]Record) (Entry, string, string) {
	if latin1Clean(rec[tcIneffective]) != "" {
		return Entry{}, "", "no longer registered"
	}
	addr, ok := binaryAddress(string(bytes.TrimSpace(rec[tcModeSBinary])))
	if !ok {
		return Entry{}, "", "no valid binary Mode S address"
	}
	mark := tcMarkOf(rec[tcTrimmedMark])
	if mark == "" {
		mark = tcMarkOf(rec[tcMark])
	}
	owner, ok := owners[mark]
	if !ok || owner.empty() {
		return Entry{}, "", "no active owner"
	}
	owner.Registration = "C-" + mark // the owner's record is the mark's: a copy of it, with its registration
	return Entry{Address: addr, HasAddress: true, Registration: owner.Registration, Record: owner}, mark, ""
}

// binaryAddress reads a 24-bit address written as 24 binary digits; all zeros is no address.
func binaryAddress(s string) (uint32, bool) {
	if len(s) != 24 {
		return 0, false
	}
	var v uint32
	for i := range 24 {
		switch s[i] {
		case '0':
			v <<= 1
		case '1':
			v = v<<1 | 1
		default:
			return 0, false
		}
	}
	return v, validAddress(v)
}

// tcFile streams one member's rows to row, up to the first blank line (the trailer after it is
// not data); a row narrower than width or unreadable is skipped and counted under the file's
// name; a first row that is narrower is another layout: an error.
func tcFile(path, name string, width int, c *Counts, row func([][]byte)) error {
	f, err := open(path, name, false)
	if err != nil {
		return fmt.Errorf("tc: %w", err)
	}
	defer func() { _ = f.Close() }() // read only
	if f.date.After(c.Date) {        // the newer of the two members'
		c.Date = f.date
	}
	ls := newLines(f, name)
	var rec [][]byte
	for n := 0; ; n++ {
		line, err := ls.next()
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return fmt.Errorf("tc: %w", err)
		case len(bytes.TrimSpace(line)) == 0:
			return nil // the trailer follows the first blank line
		}
		var ok bool
		rec, ok = splitQuoted(line, rec)
		switch {
		case !ok:
			c.skip(name + ": unreadable row")
		case len(rec) < width && n == 0:
			return fmt.Errorf("tc: %s has %d columns, not %d (another layout?)", name, len(rec), width)
		case len(rec) < width:
			c.skip(name + ": too few columns")
		default:
			row(rec)
		}
	}
}
