package registers

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// lines reads a register's file a line at a time, each at most MaxLine bytes (a longer one
// fails the register: memory stays bounded, and no register writes such a line), the
// byte-order mark before the first dropped and the line end (\n or \r\n) cut off.
type lines struct {
	br   *bufio.Reader
	file string // for errors
	n    int    // lines read
}

func newLines(r io.Reader, file string) *lines {
	return &lines{br: bufio.NewReaderSize(r, MaxLine+2), file: file}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// next is the next line, valid until the next call; io.EOF after the last.
func (l *lines) next() ([]byte, error) {
	line, err := l.br.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		return nil, fmt.Errorf("%s: line %d is over %d KiB, longer than any register's (not the register's text?)", l.file, l.n+1, MaxLine>>10)
	case errors.Is(err, io.EOF) && len(line) == 0:
		return nil, io.EOF
	case err != nil && !errors.Is(err, io.EOF):
		return nil, fmt.Errorf("reading %s: %w", l.file, err)
	}
	if l.n++; l.n == 1 {
		line = bytes.TrimPrefix(line, bom)
	}
	return bytes.TrimRight(line, "\r\n"), nil
}

// splitPlain splits a line at every comma: the FAA's file has no quoting (CONTRACT.md 12.1),
// a '"' is an ordinary character there.
func splitPlain(line []byte, dst [][]byte) ([][]byte, bool) {
	dst = dst[:0]
	for {
		k := bytes.IndexByte(line, ',')
		if k < 0 {
			return append(dst, line), true
		}
		dst = append(dst, line[:k])
		line = line[k+1:]
	}
}

// splitQuoted splits a line of quoted CSV (Transport Canada's, CASA's): a field in double quotes
// may hold commas and doubled quotes; a quote inside an unquoted field, or after a closing
// one, is kept as it is. A record never runs past its line (encoding/csv reads a quoted field
// on to the end of the file): a quote never closed makes that one row unreadable (ok false),
// and touches no other.
func splitQuoted(line []byte, dst [][]byte) ([][]byte, bool) {
	dst = dst[:0]
	for {
		if len(line) == 0 || line[0] != '"' {
			k := bytes.IndexByte(line, ',')
			if k < 0 {
				return append(dst, line), true
			}
			dst, line = append(dst, line[:k]), line[k+1:]
			continue
		}
		field, rest, ok := quotedField(line[1:])
		if !ok {
			return dst, false
		}
		k := bytes.IndexByte(rest, ',')
		if k < 0 {
			return append(dst, append(field, rest...)), true
		}
		dst, line = append(dst, append(field, rest[:k]...)), rest[k+1:]
	}
}

// quotedField reads a quoted field's value from just after its opening quote: the value (a
// slice of s when it holds no doubled quote), and what follows its closing quote.
func quotedField(s []byte) (field, rest []byte, ok bool) {
	j := bytes.IndexByte(s, '"')
	if j < 0 {
		return nil, nil, false
	}
	if j+1 >= len(s) || s[j+1] != '"' {
		return s[:j:j], s[j+1:], true // capacity cut: an append after it copies
	}
	var b []byte
	for {
		j = bytes.IndexByte(s, '"')
		if j < 0 {
			return nil, nil, false
		}
		b = append(b, s[:j]...)
		if j+1 < len(s) && s[j+1] == '"' {
			b, s = append(b, '"'), s[j+2:]
			continue
		}
		return b, s[j+1:], true
	}
}

// table is a register's CSV with a header row, its columns found by name in any case, so that
// a column added upstream moves nothing.
type table struct {
	register, file string   // for errors: "faa", "MASTER.txt"
	columns        []string // the columns read; the first required of them must be there
	required       int
	latin1         bool                                             // a value that is no UTF-8 is read as ISO-8859-1
	split          func(line []byte, dst [][]byte) ([][]byte, bool) // splitPlain or splitQuoted
}

// read streams the rows, one at a time: row makes each one's entry, or says why it skips it;
// a row it cannot split is skipped and counted, never fatal. A blank line is no row.
func (t table) read(r io.Reader, row func(cells) (Entry, string), keep func(Entry)) (Counts, error) {
	var c Counts
	ls := newLines(r, t.file)
	at, err := t.header(ls)
	if err != nil {
		return c, err
	}
	var rec [][]byte
	for {
		line, err := ls.next()
		switch {
		case errors.Is(err, io.EOF):
			return c, nil
		case err != nil:
			return c, fmt.Errorf("%s: %w", t.register, err)
		case len(bytes.TrimSpace(line)) == 0:
			continue
		}
		c.Read++
		var ok bool
		if rec, ok = t.split(line, rec); !ok {
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

// header reads the header row: where each column read is.
func (t table) header(ls *lines) (map[string]int, error) {
	head, err := ls.next()
	if errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %s is empty: no header row", t.register, t.file)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", t.register, err)
	}
	names, _ := t.split(head, nil)
	at := make(map[string]int, len(t.columns))
	for i, h := range names {
		h := clean(strings.Trim(string(h), `"`))
		for _, name := range t.columns {
			if strings.EqualFold(h, name) {
				at[name] = i
			}
		}
	}
	for _, name := range t.columns[:t.required] {
		if _, ok := at[name]; !ok {
			return nil, fmt.Errorf("%s: %s has no %q column in its header row (another layout?)", t.register, t.file, name)
		}
	}
	return at, nil
}

// cells are one row's values by column name.
type cells struct {
	rec    [][]byte
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
		return latin1Clean(c.rec[i])
	}
	return clean(string(c.rec[i]))
}

// latin1 reads a value that is no UTF-8 as ISO-8859-1 (a register saved by another tool):
// in ISO-8859-1 every byte is the code point of the same number, so no table is needed.
func latin1(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var s strings.Builder
	s.Grow(len(b) * 2)
	for _, c := range b {
		s.WriteRune(rune(c))
	}
	return s.String()
}

// latin1Clean is a value read as ISO-8859-1 when it is no UTF-8, then cleaned.
func latin1Clean(b []byte) string { return clean(latin1(b)) }
