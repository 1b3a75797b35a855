package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Who is a person (CONTRACT.md 12.3) is decided here once, for the database's build and for
// every reader of stored data (kept matches, the flight log), so that a reader applying
// REGISTRANT_DETAIL again to what was stored decides as the writer would have. Nothing here
// allocates: a lookup asks it for every registrant it shows.

// organisationWords are the whole words that make a name an organisation's where the register
// has no owner type (CONTRACT.md 12.3). Not SERVICE, TRUST or AVIATION: surnames, family trusts
// and sole traders are people.
var organisationWords = map[string]bool{"PTY": true, "LTD": true, "LIMITED": true, "INC": true, "INCORPORATED": true,
	"CORP": true, "CORPORATION": true, "COMPANY": true, "LLC": true, "AIRLINES": true, "AIRWAYS": true, "COUNCIL": true,
	"GOVERNMENT": true, "DEPARTMENT": true, "POLICE": true, "CLUB": true, "ASSOCIATION": true, "UNIVERSITY": true,
	"SCHOOL": true}

// longestOrganisationWord is the longest of organisationWords (INCORPORATED).
const longestOrganisationWord = 12

// OrganisationName reports a name holding one of the organisation words, any case: its words
// are its runs of letters, each upper-cased as strings.ToUpper would. A hyphen (or an
// apostrophe) between two letters joins them into one word: a double-barrelled surname
// (MARY INCORPORATED-SMITH, O'CLUB) is a person's, never the word it holds.
func OrganisationName(name string) bool {
	var word [longestOrganisationWord]byte
	n, fits, inWord := 0, true, false
	check := func() bool {
		found := fits && n > 0 && organisationWords[string(word[:n])] // no allocation: a map lookup's conversion
		n, fits, inWord = 0, true, false
		return found
	}
	for i, r := range name {
		if !unicode.IsLetter(r) {
			if inWord && joiner(r) && letterAt(name, i+utf8.RuneLen(r)) {
				fits = false // one word with what follows: no word of the list holds a hyphen
				continue
			}
			if check() {
				return true
			}
			continue
		}
		inWord = true
		r = unicode.ToUpper(r)
		if r >= utf8.RuneSelf || n == len(word) {
			fits = false // no word of the list has it, or is this long
			continue
		}
		word[n] = byte(r)
		n++
	}
	return check()
}

// joiner is a character that joins two runs of letters into one word: a hyphen (ASCII, or
// Unicode's hyphens) or an apostrophe.
func joiner(r rune) bool {
	return r == '-' || r == '\u2010' || r == '\u2011' || r == '\'' || r == '\u2019'
}

// letterAt reports a letter at byte i of s.
func letterAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r)
}

// faaPersonTypes are the FAA's owner types that are people (TYPE REGISTRANT 1, 2, 4, 9); its
// other types (3, 5, 7, 8) are organisations.
var faaPersonTypes = [...]string{"Individual", "Partnership", "Co-Owned", "Non-Citizen Co-Owned"}

// IsOrganisation reports an owner that is not a person (CONTRACT.md 12.3), the one rule of the
// build and of every reader: the FAA by its owner type; Transport Canada by a type that is not
// individual; a register without owner types (CASA) by the words of the name. A record whose
// register is not known (stored before records carried their source) is judged by its type
// when it has one, else by its name.
func IsOrganisation(source, typ, name string) bool {
	t := strings.TrimSpace(typ)
	switch {
	case source == "casa" || t == "":
		return OrganisationName(name)
	case ContainsFold(t, "individual"):
		return false
	case source == "tc":
		return true
	}
	for _, p := range faaPersonTypes {
		if strings.EqualFold(t, p) {
			return false
		}
	}
	return true
}

// ShownName is what of a stored owner's first name a reader at detail d may show (the flight
// log's `registrant`, CONTRACT.md 13.1): the name at full; at standard the name of an
// organisation, else its type; nothing at none.
func ShownName(d RegistrantDetail, source, typ, name string) string {
	switch {
	case d == DetailNone:
		return ""
	case d == DetailFull || IsOrganisation(source, typ, name):
		if name != "" {
			return name
		}
	}
	return typ
}
