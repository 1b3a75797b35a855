// Package jsonscan is a small JSON scanner for decoders' fast paths: it reads a known schema
// in one pass without building anything, and reports false for whatever it does not handle
// exactly as encoding/json would (escapes, invalid UTF-8, other types), so that the caller
// falls back to encoding/json, which then also words the error.
package jsonscan

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// New scans b.
func New(b []byte) Scanner { return Scanner{b: b} }

// Pos is the offset of the next unread byte.
func (s *Scanner) Pos() int { return s.i }

// Peek skips white space and returns the next byte (0 at the end).
func (s *Scanner) Peek() byte {
	s.WS()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// Since is what was read from offset from on.
func (s *Scanner) Since(from int) []byte { return s.b[from:s.i] }

// AtEnd skips white space and reports whether all was read.
func (s *Scanner) AtEnd() bool {
	s.WS()
	return s.i == len(s.b)
}

// Float reads a JSON number as a float64 (false when out of range, as encoding/json).
func (s *Scanner) Float() (float64, bool) {
	n, ok := s.Number()
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(String(n), 64)
	return v, err == nil
}

// Scanner reads JSON for a decoder's fast path; every method reports false for anything it
// does not handle exactly like encoding/json, so that the caller falls back to it.
type Scanner struct {
	b []byte
	i int
}

// WS skips white space.
func (s *Scanner) WS() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// Begin consumes the opening c of an object or array.
func (s *Scanner) Begin(c byte) bool {
	s.WS()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// End consumes the closing c of an empty object or array.
func (s *Scanner) End(c byte) bool { return s.Begin(c) }

// Next consumes ',' (more) or the closing c (no more).
func (s *Scanner) Next(c byte) (more, ok bool) {
	s.WS()
	if s.i < len(s.b) {
		switch s.b[s.i] {
		case ',':
			s.i++
			return true, true
		case c:
			s.i++
			return false, true
		}
	}
	return false, false
}

// Colon consumes the ':' after a key, and the white space around it.
func (s *Scanner) Colon() bool {
	s.WS()
	if s.i < len(s.b) && s.b[s.i] == ':' {
		s.i++
		s.WS()
		return true
	}
	return false
}

// Literal consumes l (true, false, null) at the current offset.
func (s *Scanner) Literal(l string) bool {
	if strings.HasPrefix(String(s.b[s.i:]), l) {
		s.i += len(l)
		return true
	}
	return false
}

// Null consumes a null.
func (s *Scanner) Null() bool { s.WS(); return s.Literal("null") }

// Boolean reads true or false.
func (s *Scanner) Boolean() (bool, bool) {
	if s.Literal("true") {
		return true, true
	}
	return false, s.Literal("false")
}

// PlainString reads a string without escapes or control characters, in valid UTF-8.
func (s *Scanner) PlainString() ([]byte, bool) {
	s.WS()
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	start := s.i + 1
	ascii := true
	for j := start; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			v := s.b[start:j]
			if !ascii && !utf8.Valid(v) {
				return nil, false // encoding/json would replace the invalid bytes
			}
			s.i = j + 1
			return v, true
		case c == '\\' || c < 0x20:
			return nil, false
		case c >= 0x80:
			ascii = false
		}
	}
	return nil, false
}

// StringOrNull reads a plain string or null.
func (s *Scanner) StringOrNull() (v []byte, null, ok bool) {
	if s.Null() {
		return nil, true, true
	}
	v, ok = s.PlainString()
	return v, false, ok
}

// Number reads a JSON number (RFC 8259 grammar).
func (s *Scanner) Number() ([]byte, bool) {
	s.WS()
	start, j := s.i, s.i
	b := s.b
	if j < len(b) && b[j] == '-' {
		j++
	}
	switch {
	case j < len(b) && b[j] == '0':
		j++
	case j < len(b) && b[j] >= '1' && b[j] <= '9':
		j = digits(b, j)
	default:
		return nil, false
	}
	if j < len(b) && b[j] == '.' {
		if k := digits(b, j+1); k > j+1 {
			j = k
		} else {
			return nil, false
		}
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		if k := digits(b, j); k > j {
			j = k
		} else {
			return nil, false
		}
	}
	s.i = j
	return b[start:j], true
}

// digits is the index after the run of decimal digits starting at j.
func digits(b []byte, j int) int {
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	return j
}

// Object reads an object, handing the value of each of keys (by index, at most 64 keys) to
// value and skipping the others. It reports false on a repeated key and on a key that
// encoding/json would match to one of keys case-insensitively, so that a caller falling back
// to encoding/json on false reads exactly what it would.
func (s *Scanner) Object(keys []string, value func(i int) bool) bool {
	if !s.Begin('{') {
		return false
	}
	var seen uint64
	for more := !s.End('}'); more; {
		key, ok := s.PlainString()
		if !ok || !s.Colon() {
			return false
		}
		switch i := KeyIndex(keys, key); {
		case i == -2:
			return false
		case i == -1:
			if !s.Skip() {
				return false
			}
		case seen&(1<<i) != 0:
			return false
		default:
			seen |= 1 << i
			if !value(i) {
				return false
			}
		}
		if more, ok = s.Next('}'); !ok {
			return false
		}
	}
	return true
}

// KeyIndex is k's index in keys, -1 if it is not there, and -2 if encoding/json would still
// match it to one of them case-insensitively.
func KeyIndex(keys []string, k []byte) int {
	for i, key := range keys {
		if key == string(k) {
			return i
		}
	}
	for _, key := range keys {
		if strings.EqualFold(key, string(k)) {
			return -2
		}
	}
	return -1
}

// Integer reads a JSON number that encoding/json accepts for an int.
func (s *Scanner) Integer() (int, bool) {
	n, ok := s.Number()
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseInt(String(n), 10, 64)
	if err != nil || int64(int(v)) != v {
		return 0, false
	}
	return int(v), true
}

// Skip passes over any JSON value (strings may hold escapes here: they are only skipped).
func (s *Scanner) Skip() bool {
	s.WS()
	if s.i >= len(s.b) {
		return false
	}
	switch c := s.b[s.i]; c {
	case '{', '[':
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		s.i++
		if s.End(closer) {
			return true
		}
		for {
			if c == '{' {
				if !s.SkipString() || !s.Colon() {
					return false
				}
			}
			if !s.Skip() {
				return false
			}
			more, ok := s.Next(closer)
			if !ok {
				return false
			}
			if !more {
				return true
			}
		}
	case '"':
		return s.SkipString()
	case 't':
		return s.Literal("true")
	case 'f':
		return s.Literal("false")
	case 'n':
		return s.Literal("null")
	default:
		_, ok := s.Number()
		return ok
	}
}

// SkipString passes over a string, escapes included, checking them as encoding/json does.
func (s *Scanner) SkipString() bool {
	s.WS()
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return false
	}
	for j := s.i + 1; j < len(s.b); j++ {
		switch c := s.b[j]; {
		case c == '"':
			s.i = j + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			j++
			if j >= len(s.b) {
				return false
			}
			switch s.b[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(s.b) {
					return false
				}
				for k := j + 1; k <= j+4; k++ {
					if !isHex(s.b[k]) {
						return false
					}
				}
				j += 4
			default:
				return false
			}
		}
	}
	return false
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// String views b as a string for a call that does not keep it (parsing).
func String(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}
