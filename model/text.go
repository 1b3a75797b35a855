package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CleanText is a register's or an input's text as a registrant keeps it (CONTRACT.md 12.2):
// trimmed, inner runs of spaces collapsed, control characters (and U+FFFD, what invalid UTF-8
// reads as) made spaces, and the bidirectional controls (U+061C, U+200E/F, U+202A–E,
// U+2066–9: a U+202E would show "CNI EMCA" as "ACME INC" reversed, or hide what follows)
// dropped: nothing an owner's name says can break or disguise a payload, a page or a log
// line. A clean text is returned as it is (no allocation).
func CleanText(s string) string {
	if cleanAlready(s) {
		return s
	}
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.Is(unicode.Bidi_Control, r):
			return -1
		case unicode.IsControl(r) || r == utf8.RuneError:
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	return strings.Join(strings.Fields(s), " ")
}

// cleanAlready reports a text CleanText would leave as it is: printable ASCII without leading,
// trailing or doubled spaces (nearly every register's value).
func cleanAlready(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < ' ' || c >= 0x7F:
			return false
		case c == ' ' && s[i+1] == ' ': // never the last byte: checked above
			return false
		}
	}
	return true
}
