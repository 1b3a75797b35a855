package registers

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// FAA is the US register (CONTRACT.md 12.1): ReleasableAircraft.zip's MASTER.txt, comma
// separated with a header row, values padded with spaces, the address in MODE S CODE HEX.
type FAA struct{}

func (FAA) Name() string   { return "faa" }
func (FAA) Notice() string { return "FAA aircraft registry (US government work, public domain)" }

// faaTypes are TYPE REGISTRANT's codes in words, and whether the owner is an organisation.
var faaTypes = map[string]struct {
	words        string
	organisation bool
}{
	"1": {"Individual", false}, "2": {"Partnership", false}, "3": {"Corporation", true}, "4": {"Co-Owned", false},
	"5": {"Government", true}, "7": {"LLC", true}, "8": {"Non-Citizen Corporation", true}, "9": {"Non-Citizen Co-Owned", false},
}

// faaColumns are the columns read; the first two are required.
var faaColumns = []string{"MODE S CODE HEX", "NAME", "TYPE REGISTRANT", "STREET", "STREET2", "CITY", "STATE", "ZIP CODE", "COUNTRY",
	"OTHER NAMES(1)", "OTHER NAMES(2)", "OTHER NAMES(3)", "OTHER NAMES(4)", "OTHER NAMES(5)"}

// Read streams MASTER.txt, one row at a time (it is ≈ 190 MB).
func (FAA) Read(path string, keep func(Entry)) (Counts, error) {
	f, err := open(path, "MASTER.txt")
	if err != nil {
		return Counts{}, fmt.Errorf("faa: %w", err)
	}
	defer f.Close()
	return readFAA(f, keep)
}

func readFAA(r io.Reader, keep func(Entry)) (Counts, error) {
	var c Counts
	cr := csv.NewReader(bomless(r))
	cr.FieldsPerRecord, cr.LazyQuotes, cr.ReuseRecord = -1, true, true
	header, err := cr.Read()
	if err != nil {
		return c, fmt.Errorf("faa: MASTER.txt's header row: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToUpper(clean(h))] = i
	}
	for _, name := range faaColumns[:2] {
		if _, ok := col[name]; !ok {
			return c, fmt.Errorf("faa: MASTER.txt has no %q column (another layout?)", name)
		}
	}
	get := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return clean(rec[i])
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
			return c, fmt.Errorf("faa: reading MASTER.txt: %w", err)
		}
		c.Read++
		addr, ok := model.ParseAddress(get(rec, "MODE S CODE HEX"))
		if !ok {
			c.skip("no valid address")
			continue
		}
		t := faaTypes[get(rec, "TYPE REGISTRANT")]
		rd := Record{
			Names:  nonEmpty(get(rec, "NAME"), get(rec, "OTHER NAMES(1)"), get(rec, "OTHER NAMES(2)"), get(rec, "OTHER NAMES(3)"), get(rec, "OTHER NAMES(4)"), get(rec, "OTHER NAMES(5)")),
			Street: nonEmpty(get(rec, "STREET"), get(rec, "STREET2")),
			City:   get(rec, "CITY"), AdministrativeArea: get(rec, "STATE"), PostalCode: get(rec, "ZIP CODE"),
			Country: countryCode(get(rec, "COUNTRY")), Type: t.words, Organisation: t.organisation,
		}
		c.Kept++
		keep(Entry{Address: addr, HasAddress: true, Record: rd})
	}
}
