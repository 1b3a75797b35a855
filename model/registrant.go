package model

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Registrant is who an aircraft is registered to (CONTRACT.md 12.2), as a national register
// says it: a value of fixed size whose strings point into the aircraft database, so that a
// lookup allocates nothing. Empty fields are absent; names and streets fill from the first.
type Registrant struct {
	Names              [MaxRegistrantNames]string // the primary name first, then the other names
	Street             [2]string
	City               string
	AdministrativeArea string
	PostalCode         string
	Country            string // ISO 3166-1 alpha-2
	Type               string // the register's own words (FAA: Individual, Corporation…)
	// Source is the register the record came from (faa, tc, casa; CONTRACT.md 12.2): its notice
	// is shown with the record, and it says how to tell a person from an organisation.
	Source string
	// Notice is what that register's licence asks to be said with its data (CONTRACT.md 12.1):
	// the record's own attribution.
	Notice string
	// Organisation: the owner is not a person (CONTRACT.md 12.3); only an organisation's
	// names are shown under REGISTRANT_DETAIL=standard.
	Organisation bool
	// Registration is the aircraft's registration as the register writes it (N12345, C-FHYP,
	// VH-ABC; "" when the record has none): never shown (it is no part of the object), but
	// the owners' opt-out finds an aircraft by it where the aircraft table has no registration
	// for the address (PRIVACY_LIST, CONTRACT.md 12.3).
	Registration string
}

// MaxRegistrantNames is the most names a registrant keeps (FAA: NAME and 5 OTHER NAMES).
const MaxRegistrantNames = 6

// RegistrantDetail is REGISTRANT_DETAIL (CONTRACT.md 12.3): what of a registrant leaves the
// database.
type RegistrantDetail uint8

const (
	// DetailStandard (the default): type, city, area, country; names only of an
	// organisation; never street or postal code.
	DetailStandard RegistrantDetail = iota
	// DetailFull: everything the register publishes.
	DetailFull
	// DetailNone: no registrant anywhere.
	DetailNone
)

// ParseRegistrantDetail reads REGISTRANT_DETAIL ("" is standard).
func ParseRegistrantDetail(v string) (RegistrantDetail, bool) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "standard":
		return DetailStandard, true
	case "full":
		return DetailFull, true
	case "none":
		return DetailNone, true
	}
	return DetailStandard, false
}

func (d RegistrantDetail) String() string {
	return [...]string{"standard", "full", "none"}[min(int(d), 2)]
}

// Shown is what of r may leave the database at detail d; false: nothing (none, or nothing left).
func (r Registrant) Shown(d RegistrantDetail) (Registrant, bool) {
	ok := r.Limit(d)
	return r, ok
}

// Limit cuts r, in place, to what may leave the database at detail d (CONTRACT.md 12.3): at
// standard the type, city, area and country, the names only of an organisation, never a street
// or a postal code; nothing at none. false: nothing is left.
func (r *Registrant) Limit(d RegistrantDetail) bool {
	switch d {
	case DetailNone:
		*r = Registrant{}
		return false
	case DetailStandard:
		if !r.Organisation {
			r.Names = [MaxRegistrantNames]string{}
		}
		r.Street, r.PostalCode = [2]string{}, ""
	}
	return !r.Empty()
}

// Empty reports a registrant with nothing to say.
func (r *Registrant) Empty() bool {
	return r.Names[0] == "" && r.Street[0] == "" && r.City == "" && r.AdministrativeArea == "" && r.PostalCode == "" &&
		r.Country == "" && r.Type == ""
}

// NameList is the names that are set.
func (r *Registrant) NameList() []string { return setStrings(r.Names[:]) }

// StreetList is the street lines that are set.
func (r *Registrant) StreetList() []string { return setStrings(r.Street[:]) }

func setStrings(s []string) []string {
	n := 0
	for n < len(s) && s[n] != "" {
		n++
	}
	return s[:n]
}

// Label is how a registrant is said in one line ("Registered to …", the flight log): the first
// name, else the type; then where, as far as it is known.
func (r *Registrant) Label() string {
	who := r.Names[0]
	if who == "" {
		who = r.Type
	}
	var where []string
	for _, v := range []string{r.City, r.AdministrativeArea, r.Country} {
		if v != "" {
			where = append(where, v)
		}
	}
	switch {
	case who == "" && len(where) == 0:
		return ""
	case who == "":
		return strings.Join(where, ", ")
	case len(where) == 0:
		return who
	}
	return who + " (" + strings.Join(where, ", ") + ")"
}

// AppendJSON appends the registrant object of the payload (CONTRACT.md 12.2: the original's
// keys, empty values omitted), with the register it came from (source) and that register's
// notice (attribution), so that the record carries its own; nothing when it is empty.
func (r *Registrant) AppendJSON(dst []byte) []byte {
	if r.Empty() {
		return dst
	}
	n := len(dst)
	dst = append(dst, '{')
	field := func(key string) {
		if len(dst) > n+1 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, key...)
		dst = append(dst, '"', ':')
	}
	list := func(key string, values []string) {
		if len(values) == 0 {
			return
		}
		field(key)
		dst = append(dst, '[')
		for i, v := range values {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendJSONString(dst, v)
		}
		dst = append(dst, ']')
	}
	list("names", r.NameList())
	list("street", r.StreetList())
	for _, kv := range [...]struct{ k, v string }{{"city", r.City}, {"administrative_area", r.AdministrativeArea},
		{"postal_code", r.PostalCode}, {"country", r.Country}, {"type", r.Type}, {"source", r.Source}, {"attribution", r.Notice}} {
		if kv.v != "" {
			field(kv.k)
			dst = AppendJSONString(dst, kv.v)
		}
	}
	return append(dst, '}')
}

// RegistrantJSON is the flight's registrant object for a payload, rendered now; nil when there
// is none. Where the enrichment made it (EnrichState.RegistrantMade: every reader of traffic
// in this project) it is Owner alone: the input's registrant (which wins, CONTRACT.md 9.1) or
// the database's, either one cut by REGISTRANT_DETAIL and the owners' opt-out (CONTRACT.md
// 12.3); the input's object is then never rendered as it came. An engine without enrichment
// (a library's own use) passes the input's on, cleaned (CONTRACT.md 6.5).
func (f *Flight) RegistrantJSON() json.RawMessage {
	if !f.Enrichment.RegistrantMade {
		if raw := clean(&f.Registrant, ""); raw != nil {
			return raw
		}
	}
	if f.Owner.Empty() {
		return nil
	}
	return f.Owner.AppendJSON(make([]byte, 0, 160))
}

// AppendJSONString appends s as a JSON string, escaped as encoding/json escapes it (HTML-safe
// characters included), so that hand-rendered objects read the same as a json.Marshal of them.
func AppendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}

// ContainsFold reports whether sub appears in s, case-insensitively, without allocating (the
// registrant_name condition; both are kept with inner runs of spaces collapsed).
func ContainsFold(s, sub string) bool {
	if sub == "" {
		return true
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		if (i == 0 || utf8.RuneStart(s[i])) && strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
