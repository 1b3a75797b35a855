package model

import (
	"strings"
	"unicode"
)

// Who is a person (CONTRACT.md 12.3) is decided here once, for the database's build and for
// every reader of stored data (kept matches, the flight log), so that a reader applying
// REGISTRANT_DETAIL again to what was stored decides as the writer would have.

// organisationWords are the whole words that make a name an organisation's where the register
// has no owner type (CONTRACT.md 12.3). Not SERVICE, TRUST or AVIATION: surnames, family trusts
// and sole traders are people.
var organisationWords = map[string]bool{"PTY": true, "LTD": true, "LIMITED": true, "INC": true, "INCORPORATED": true,
	"CORP": true, "CORPORATION": true, "COMPANY": true, "LLC": true, "AIRLINES": true, "AIRWAYS": true, "COUNCIL": true,
	"GOVERNMENT": true, "DEPARTMENT": true, "POLICE": true, "CLUB": true, "ASSOCIATION": true, "UNIVERSITY": true,
	"SCHOOL": true}

// OrganisationName reports a name holding one of the organisation words, any case.
func OrganisationName(name string) bool {
	for _, w := range strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if organisationWords[w] {
			return true
		}
	}
	return false
}

// faaPersonTypes are the FAA's owner types that are people (TYPE REGISTRANT 1, 2, 4, 9); its
// other types (3, 5, 7, 8) are organisations.
var faaPersonTypes = map[string]bool{"individual": true, "partnership": true, "co-owned": true, "non-citizen co-owned": true}

// IsOrganisation reports an owner that is not a person (CONTRACT.md 12.3), the one rule of the
// build and of every reader: the FAA by its owner type; Transport Canada by a type that is not
// individual; a register without owner types (CASA) by the words of the name. A record whose
// register is not known (stored before records carried their source) is judged by its type
// when it has one, else by its name.
func IsOrganisation(source, typ, name string) bool {
	t := strings.ToLower(strings.TrimSpace(typ))
	switch {
	case source == "casa" || t == "":
		return OrganisationName(name)
	case source == "tc":
		return !strings.Contains(t, "individual")
	}
	return !faaPersonTypes[t] && !strings.Contains(t, "individual")
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
