package flightlog

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// ParseWhen reads a from or to value (CONTRACT.md 13.3): RFC 3339, or a date meaning that day
// in zone (a to date is the end of that day).
func ParseWhen(v string, zone *time.Location, to bool) (time.Time, error) {
	v = strings.TrimSpace(v)
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t, nil
	}
	d, err := time.ParseInLocation(time.DateOnly, v, zone)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is neither a date (2026-11-27) nor a time (2026-11-27T14:00:00Z)", v)
	}
	if to {
		d = d.AddDate(0, 0, 1)
	}
	return d, nil
}

// DayOf is [local midnight, the next) of now in zone: the default range.
func DayOf(now time.Time, zone *time.Location) (time.Time, time.Time) {
	l := now.In(zone)
	from := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, zone)
	return from, from.AddDate(0, 0, 1)
}

// CSVHeader is the CSV export's header (one column per field of the row).
var CSVHeader = []string{"id", "first_seen", "last_seen", "icao_hex", "ident", "registration", "type_designator", "manufacturer_model",
	"military", "operator", "operator_name", "origin", "destination", "registrant", "watchlist", "watchlist_group", "watchlist_category",
	"squawks", "messages", "positions", "min_altitude", "max_altitude", "max_speed", "closest_nm", "closest_at", "closest_altitude",
	"matched_rules", "receiver_sources"}

// CSVRecord is the row's CSV fields, in CSVHeader's order.
func (r *Row) CSVRecord() []string {
	num := func(p *int) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(*p)
	}
	op, opName, wl, wg, wc, nm, at := "", "", "", "", "", "", ""
	if r.Operator != nil {
		op, opName = r.Operator.AirlineDesignator, r.Operator.Name
	}
	if r.Watchlist != nil {
		wl, wg, wc = r.Watchlist.List, r.Watchlist.Group, r.Watchlist.Category
	}
	if r.ClosestNM != nil {
		nm = strconv.FormatFloat(*r.ClosestNM, 'f', 1, 64)
	}
	if r.ClosestAt != nil {
		at = r.ClosestAt.Format(time.RFC3339)
	}
	return []string{strconv.FormatInt(r.ID, 10), r.FirstSeen.Format(time.RFC3339), r.LastSeen.Format(time.RFC3339), r.IcaoHex, r.Ident,
		r.Registration, r.TypeDesignator, r.ManufacturerModel, strconv.FormatBool(r.Military), op, opName, r.Origin, r.Destination,
		r.Registrant, wl, wg, wc, strings.Join(r.Squawks, " "), strconv.Itoa(r.Messages), strconv.Itoa(r.Positions),
		num(r.MinAltitude), num(r.MaxAltitude), num(r.MaxSpeed), nm, at, num(r.ClosestAltitude),
		strings.Join(r.MatchedRules, " "), strings.Join(r.ReceiverSources, " ")}
}

// CSVWriter writes rows as CSV, the header first; a cell that a spreadsheet would run as a
// formula (=, +, -, @ first) gets a leading apostrophe.
type CSVWriter struct{ w *csv.Writer }

// NewCSVWriter writes the header to out.
func NewCSVWriter(out io.Writer) (*CSVWriter, error) {
	c := &CSVWriter{w: csv.NewWriter(out)}
	return c, c.w.Write(CSVHeader)
}

// Write writes one row.
func (c *CSVWriter) Write(r *Row) error {
	rec := r.CSVRecord()
	for i, v := range rec {
		if v != "" && strings.ContainsRune("=+-@", rune(v[0])) && i != 0 {
			if _, err := strconv.ParseFloat(v, 64); err != nil { // a negative number stays a number
				rec[i] = "'" + v
			}
		}
	}
	return c.w.Write(rec)
}

// Flush ends the output.
func (c *CSVWriter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}
