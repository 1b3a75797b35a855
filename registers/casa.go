package registers

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// CASA is Australia's register (CONTRACT.md 12.1): acrftreg.csv, UTF-8 with a BOM and a header
// row. It has no address: each aircraft is joined by its registration (VH- and its mark) to the
// address the aircraft database already has.
type CASA struct{}

func (CASA) Name() string   { return "casa" }
func (CASA) Notice() string { return "CASA aircraft register" }

// Read streams the CSV: rows not suspended.
func (CASA) Read(path string, keep func(Entry)) (Counts, error) {
	f, err := open(path, "acrftreg.csv")
	if err != nil {
		return Counts{}, fmt.Errorf("casa: %w", err)
	}
	defer f.Close()
	return readCASA(f, keep)
}

func readCASA(r io.Reader, keep func(Entry)) (Counts, error) {
	var c Counts
	cr := csv.NewReader(bomless(r))
	cr.FieldsPerRecord, cr.LazyQuotes, cr.ReuseRecord = -1, true, true
	header, err := cr.Read()
	if err != nil {
		return c, fmt.Errorf("casa: the header row: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(clean(h))] = i
	}
	for _, name := range []string{"mark", "regholdname"} {
		if _, ok := col[name]; !ok {
			return c, fmt.Errorf("casa: the CSV has no %q column (another layout?)", name)
		}
	}
	get := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return clean(latin1(rec[i]))
		}
		return ""
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return c, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			c.Read++
			c.skip("unreadable row")
			continue
		}
		if err != nil {
			return c, fmt.Errorf("casa: reading the CSV: %w", err)
		}
		c.Read++
		mark := strings.ToUpper(get(rec, "mark"))
		switch {
		case mark == "":
			c.skip("no mark")
			continue
		case suspended(get(rec, "suspendstatus")):
			c.skip("suspended")
			continue
		}
		name := get(rec, "regholdname")
		rd := Record{Names: nonEmpty(name), Street: nonEmpty(get(rec, "regholdadd1"), get(rec, "regholdadd2")),
			City: get(rec, "regholdsuburb"), AdministrativeArea: get(rec, "regholdstate"), PostalCode: get(rec, "regholdpostcode"),
			Country: countryCode(get(rec, "regholdcountry")), Organisation: organisationName(name)}
		c.Kept++
		keep(Entry{Registration: "VH-" + strings.TrimPrefix(mark, "VH-"), Record: rd})
	}
}

// suspended reads suspendstatus: suspended when it says so (any case), yes, y or true.
func suspended(v string) bool {
	switch strings.ToLower(v) {
	case "suspended", "yes", "y", "true":
		return true
	}
	return false
}

// bomless drops a UTF-8 byte-order mark.
func bomless(r io.Reader) io.Reader {
	br := bufio.NewReader(r)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	return br
}

// latin1 reads a value that is no UTF-8 as ISO-8859-1 (a register saved by another tool):
// in ISO-8859-1 every byte is the code point of the same number, so no table is needed.
func latin1(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) * 2)
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}
