package flightlog

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// CSVRecord is the row's CSV fields, in CSVHeader's order; the local day and hour in zone.
func (r *Row) CSVRecord(zone *time.Location) []string {
	zone = model.Zone(zone)
	rec := make([]string, 0, len(CSVHeader))
	for _, c := range columns {
		if c.csv != "" {
			rec = append(rec, c.cell(r, zone))
		}
	}
	return rec
}

// CSVWriter writes rows as CSV (encoding/csv: RFC 4180 quoting), the header first; a cell that
// a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets a
// leading apostrophe.
type CSVWriter struct {
	w    *csv.Writer
	zone *time.Location
}

// NewCSVWriter writes the header to out; the local days and hours are zone's (nil: UTC).
func NewCSVWriter(out io.Writer, zone *time.Location) (*CSVWriter, error) {
	zone = model.Zone(zone)
	c := &CSVWriter{w: csv.NewWriter(out), zone: zone}
	return c, c.w.Write(CSVHeader)
}

// Write writes one row.
func (c *CSVWriter) Write(r *Row) error {
	rec := r.CSVRecord(c.zone)
	for i, v := range rec {
		if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) && i != 0 {
			if _, err := strconv.ParseFloat(v, 64); err != nil { // a negative number stays a number
				rec[i] = "'" + v
			}
		}
	}
	return c.w.Write(rec)
}

// Flush writes what is buffered.
func (c *CSVWriter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}
