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

// table is a register's CSV with a header row, its columns found by name in any case, so that
// a column added upstream moves nothing.
type table struct {
	register, file string   // for errors: "faa", "MASTER.txt"
	columns        []string // the columns read; the first required of them must be there
	required       int
	latin1         bool // a value that is no UTF-8 is read as ISO-8859-1
}

// read streams the rows, one at a time: row makes each one's entry, or says why it skips it;
// a row encoding/csv cannot read is skipped and counted, never fatal.
func (t table) read(r io.Reader, row func(cells) (Entry, string), keep func(Entry)) (Counts, error) {
	var c Counts
	cr := csv.NewReader(bomless(r))
	cr.FieldsPerRecord, cr.LazyQuotes, cr.ReuseRecord = -1, true, true
	header, err := cr.Read()
	if err != nil {
		return c, fmt.Errorf("%s: %s's header row: %w", t.register, t.file, err)
	}
	at := make(map[string]int, len(t.columns))
	for i, h := range header {
		h = clean(h)
		for _, name := range t.columns {
			if strings.EqualFold(h, name) {
				at[name] = i
			}
		}
	}
	for _, name := range t.columns[:t.required] {
		if _, ok := at[name]; !ok {
			return c, fmt.Errorf("%s: %s has no %q column (another layout?)", t.register, t.file, name)
		}
	}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return c, nil
		}
		var pe *csv.ParseError
		if err != nil && !errors.As(err, &pe) {
			return c, fmt.Errorf("%s: reading %s: %w", t.register, t.file, err)
		}
		c.Read++
		if err != nil {
			c.skip("unreadable row")
			continue
		}
		e, skip := row(cells{rec: rec, at: at, latin1: t.latin1})
		if skip != "" {
			c.skip(skip)
			continue
		}
		c.Kept++
		keep(e)
	}
}

// cells are one row's values by column name.
type cells struct {
	rec    []string
	at     map[string]int
	latin1 bool
}

// get is the column's value, cleaned ("" when the file or the row lacks the column).
func (c cells) get(name string) string {
	i, ok := c.at[name]
	if !ok || i >= len(c.rec) {
		return ""
	}
	if c.latin1 {
		return clean(latin1(c.rec[i]))
	}
	return clean(c.rec[i])
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
