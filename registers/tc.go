package registers

import (
	"bufio"
	"bytes"
	"encoding/csv"
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

// Read joins the two files: the owners first (≈ 34,000 rows, held by mark), then the aircraft
// streamed.
func (TC) Read(path string, keep func(Entry)) (Counts, error) {
	var c Counts
	byMark := map[string]Record{}
	err := tcFile(path, "carsownr.txt", ownWidth, &c, func(rec []string) { tcOwner(rec, byMark, &c) })
	if err != nil {
		return c, err
	}
	used := map[string]bool{}
	err = tcFile(path, "carscurr.txt", tcAircraftWidth, &c, func(rec []string) {
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

// tcOwner keeps an owner row in byMark when it is the first active owner of its mark.
func tcOwner(rec []string, byMark map[string]Record, c *Counts) {
	mark := strings.ToUpper(latin1Clean(rec[ownMarkLink]))
	if mark == "" {
		c.skip("owner without a mark")
		return
	}
	if _, seen := byMark[mark]; seen || !tcActive(latin1Clean(rec[ownActive])) {
		return // a later row of an owned mark, or a former owner: history, not a problem
	}
	typ := latin1Clean(rec[ownType])
	byMark[mark] = Record{
		Names:  nonEmpty(latin1(rec[ownFullName]), latin1(rec[ownTrade])),
		Street: nonEmpty(latin1(rec[ownStreet]), latin1(rec[ownStreet2])),
		City:   latin1Clean(rec[ownCity]), AdministrativeArea: latin1Clean(rec[ownProvince]),
		PostalCode: latin1Clean(rec[ownPostal]), Country: countryCode(latin1(rec[ownCountry])), Type: typ,
		Organisation: typ != "" && model.IsOrganisation("tc", typ, ""),
	}
}

// tcActive reads ACTIVE_FLAG: "A" or "Active", any case.
func tcActive(v string) bool { return strings.EqualFold(v, "A") || strings.EqualFold(v, "Active") }

// tcAircraft is an aircraft row's entry and mark, or why it is skipped.
func tcAircraft(rec []string, owners map[string]Record) (Entry, string, string) {
	if latin1Clean(rec[tcIneffective]) != "" {
		return Entry{}, "", "no longer registered"
	}
	addr, ok := binaryAddress(strings.TrimSpace(rec[tcModeSBinary]))
	if !ok {
		return Entry{}, "", "no valid binary Mode S address"
	}
	mark := strings.ToUpper(latin1Clean(rec[tcTrimmedMark]))
	if mark == "" {
		mark = strings.ToUpper(latin1Clean(rec[tcMark]))
	}
	owner, ok := owners[mark]
	if !ok || owner.empty() {
		return Entry{}, "", "no active owner"
	}
	return Entry{Address: addr, HasAddress: true, Registration: "C-" + mark, Record: owner}, mark, ""
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
	return v, v != 0
}

// tcFile streams one member's rows to row, up to the first blank line (the trailer after it is
// not data); a row narrower than width or unreadable is skipped and counted under the file's
// name; a first row that is narrower is another layout: an error.
func tcFile(path, member string, width int, c *Counts, row func([]string)) error {
	f, date, err := open(path, member)
	if err != nil {
		return fmt.Errorf("tc: %w", err)
	}
	if date.After(c.Date) { // the newer of the two members'
		c.Date = date
	}
	defer f.Close()
	cr := csv.NewReader(&untilBlank{br: bufio.NewReaderSize(f, 64<<10)})
	cr.FieldsPerRecord, cr.LazyQuotes, cr.ReuseRecord = -1, true, true
	for n := 0; ; n++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		var pe *csv.ParseError
		if err != nil && !errors.As(err, &pe) {
			return fmt.Errorf("tc: reading %s: %w", member, err)
		}
		switch {
		case err != nil:
			c.skip(member + ": unreadable row")
		case len(rec) < width && n == 0:
			return fmt.Errorf("tc: %s has %d columns, not %d (another layout?)", member, len(rec), width)
		case len(rec) < width:
			c.skip(member + ": too few columns")
		default:
			row(rec)
		}
	}
}

// untilBlank reads br up to its first blank line: the registers' files put a trailer after one.
type untilBlank struct {
	br      *bufio.Reader
	pending []byte // the rest of the line read last (valid until br is read again)
	midLine bool   // the last read ended inside a line longer than br's buffer
	done    bool
}

func (u *untilBlank) Read(p []byte) (int, error) {
	for len(u.pending) == 0 {
		if u.done {
			return 0, io.EOF
		}
		line, err := u.br.ReadSlice('\n')
		full := errors.Is(err, bufio.ErrBufferFull)
		if !u.midLine && !full && len(bytes.TrimRight(line, "\r\n")) == 0 && (len(line) > 0 || err == nil) {
			u.done = true
			return 0, io.EOF
		}
		u.midLine = full
		if err != nil && !full {
			u.done = true
			if !errors.Is(err, io.EOF) {
				return 0, err
			}
		}
		u.pending = line
	}
	n := copy(p, u.pending)
	u.pending = u.pending[n:]
	return n, nil
}

// latin1Clean is a value read as ISO-8859-1 when it is no UTF-8, then cleaned.
func latin1Clean(s string) string { return clean(latin1(s)) }
