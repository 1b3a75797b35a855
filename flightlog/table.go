package flightlog

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Table prints rows for a terminal as it reads them (tracker-rules flights, CONTRACT.md 13.3):
// columns of fixed widths (a longer value cut with …), so that nothing is held to size them and
// memory stays bounded whatever the range; no control character from the feed (C0, C1, DEL,
// and the format characters, Unicode's Cf: the bidirectional overrides that reorder a line,
// zero-width spaces and joiners, the byte order mark) nor a line or paragraph separator
// reaches the terminal. Times are local; a time the clock reads twice (the hour the clocks go
// back) carries its offset.
type Table struct {
	w    *bufio.Writer
	zone *time.Location
	n    int
}

// tableColumns are the table's columns and their widths (the last is not padded).
var tableColumns = []struct {
	title string
	width int
}{{"TIME", 22}, {"IDENT", 8}, {"REG", 9}, {"TYPE", 4}, {"OPERATOR", 18}, {"ROUTE", 9}, {"REGISTRANT", 22},
	{"CLOSEST", 8}, {"LOWEST", 9}, {"RULES", 40}}

// NewTable prints the header to out; times are in zone.
func NewTable(out io.Writer, zone *time.Location) *Table {
	zone = model.Zone(zone)
	t := &Table{w: bufio.NewWriter(out), zone: zone}
	cells := make([]string, len(tableColumns))
	for i, c := range tableColumns {
		cells[i] = c.title
	}
	_ = t.line(cells) // an error is the writer's, told by the next
	return t
}

// Write prints a row.
func (t *Table) Write(r *Row) error {
	t.n++
	var op, route, closest, lowest string
	if r.Operator != nil {
		op = cmp.Or(r.Operator.Name, r.Operator.AirlineDesignator)
	}
	if r.Origin != "" || r.Destination != "" {
		route = cmp.Or(r.Origin, "?") + "→" + cmp.Or(r.Destination, "?")
	}
	if r.ClosestNM != nil {
		closest = fmt.Sprintf("%.1f nm", *r.ClosestNM)
	}
	if r.MinAltitude != nil {
		lowest = fmt.Sprintf("%d ft", *r.MinAltitude)
	}
	return t.line([]string{tableTime(r.FirstSeen, t.zone), cmp.Or(r.Ident, r.IcaoHex), r.Registration,
		r.TypeDesignator, op, route, r.Registrant, closest, lowest, strings.Join(r.MatchedRules, ",")})
}

// Close prints the count and the zone of the times.
func (t *Table) Close() error {
	fmt.Fprintf(t.w, "%d flights (times in %s)\n", t.n, ZoneName(t.zone))
	return t.w.Flush()
}

// tableTime is t in zone to the minute, with its offset where the local clock reads that
// minute twice ("2026-10-25 01:30+01:00", then "2026-10-25 01:30+00:00").
func tableTime(t time.Time, zone *time.Location) string {
	l := t.In(zone)
	if ambiguous(l) {
		return l.Format("2006-01-02 15:04-07:00")
	}
	return l.Format("2006-01-02 15:04")
}

// ambiguous reports a local time that another instant shows too: one under the offset the
// zone had shortly before or has shortly after.
func ambiguous(l time.Time) bool {
	_, off := l.Zone()
	for _, d := range []time.Duration{-3 * time.Hour, 3 * time.Hour} {
		_, other := l.Add(d).Zone()
		if other == off {
			continue
		}
		twin := l.Add(time.Duration(off-other) * time.Second) // the same clock reading under the other offset
		if _, o := twin.Zone(); o == other {
			return true
		}
	}
	return false
}

// line prints cells (buffered: a pipe closed early stops the reading at the next error).
func (t *Table) line(cells []string) error {
	for i, c := range cells {
		v := Printable(c)
		width := tableColumns[i].width
		if n := utf8.RuneCountInString(v); n > width {
			v = string([]rune(v)[:width-1]) + "…"
		} else if i < len(cells)-1 {
			v += strings.Repeat(" ", width-n)
		}
		_, _ = t.w.WriteString(v)
		if i < len(cells)-1 {
			_, _ = t.w.WriteString("  ")
		}
	}
	_, err := t.w.WriteString("\n")
	return err
}

// Printable is s for a terminal: invalid UTF-8 replaced, control characters (C0, DEL, C1),
// format characters (Cf: bidirectional controls, zero-width spaces and joiners, the byte
// order mark, …) and line and paragraph separators dropped.
func Printable(s string) string {
	clean := true
	for _, r := range s {
		if !printable(r) {
			clean = false
			break
		}
	}
	if clean && utf8.ValidString(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if !printable(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

func printable(r rune) bool {
	return !unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) // Cc: C0, DEL and C1
}
