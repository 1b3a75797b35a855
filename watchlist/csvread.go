package watchlist

import (
	"bufio"
	"encoding/csv"
	"errors"
	"io"
	"strings"
)

// maxRecordLines bounds the physical lines one quoted field may span before its opening quote
// is taken for a broken one.
const maxRecordLines = 32

// records reads CSV records leniently (CONTRACT.md 11.1), with encoding/csv doing the parsing:
// RFC 4180 quoting, a bare '"' inside an unquoted field (or a stray one inside a quoted field)
// is text, and a quote that never closes costs only its own physical line, counted as
// skipped, instead of swallowing every later row into one field. A quoted field may span
// lines, but not over a line that starts a row of its own (rowStart), nor over more than
// maxRecordLines.
type records struct {
	br       *bufio.Reader
	pending  []string // lines read ahead and given back
	rowStart func(line string) bool
}

func newRecords(r io.Reader) *records { return &records{br: bufio.NewReader(r)} }

// line is the next physical line without its end (CRLF or LF); io.EOF after the last.
func (r *records) line() (string, error) {
	if n := len(r.pending); n > 0 {
		l := r.pending[0]
		r.pending = r.pending[1:]
		return l, nil
	}
	l, err := r.br.ReadString('\n')
	if err != nil && (!errors.Is(err, io.EOF) || l == "") {
		return "", err
	}
	return strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r"), nil
}

// next is the next record, and the physical lines skipped before it for a broken quote.
func (r *records) next() (rec []string, skipped int, err error) {
	for {
		first, err := r.line()
		if err != nil {
			return nil, skipped, err
		}
		lines := []string{first}
		open := quoteOpen(first, false)
		for open && len(lines) < maxRecordLines {
			l, err := r.line()
			if err != nil {
				break
			}
			if r.rowStart != nil && r.rowStart(l) { // a row of its own: never a field's text
				r.pending = append([]string{l}, r.pending...)
				break
			}
			lines = append(lines, l)
			open = quoteOpen(l, true)
		}
		if open { // the opening quote never closes: only its line is lost
			r.pending = append(lines[1:], r.pending...)
			skipped++
			continue
		}
		if rec, ok := parseRecord(strings.Join(lines, "\n")); ok {
			return rec, skipped, nil
		}
		r.pending = append(lines[1:], r.pending...)
		skipped++
	}
}

// parseRecord reads text as exactly one record with encoding/csv, quotes read lazily.
func parseRecord(text string) ([]string, bool) {
	cr := csv.NewReader(strings.NewReader(text))
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	rec, err := cr.Read()
	if err != nil {
		return nil, false
	}
	if _, err := cr.Read(); !errors.Is(err, io.EOF) {
		return nil, false
	}
	return rec, true
}

// quoteOpen reports whether a CSV line ends inside a quoted field, reading quotes as
// encoding/csv's LazyQuotes does: a field that starts with '"' is quoted, '""' is a quote,
// '"' before ',' or the end closes it, any other '"' is text. inQuoted: the line continues a
// quoted field.
func quoteOpen(line string, inQuoted bool) bool {
	fieldStart := !inQuoted
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case inQuoted:
			if c != '"' {
				continue
			}
			switch {
			case i+1 < len(line) && line[i+1] == '"':
				i++ // an escaped quote
			case i+1 == len(line):
				inQuoted = false
			case line[i+1] == ',':
				inQuoted, fieldStart = false, true
				i++
			}
		case fieldStart && c == '"':
			inQuoted, fieldStart = true, false
		case c == ',':
			fieldStart = true
		default:
			fieldStart = false
		}
	}
	return inQuoted
}
