// Package registers reads the national aircraft registers that publish a bulk file (CONTRACT.md
// 12): each register one small file behind one interface (Register), listed once (All), a
// fourth costing one new file and one line. A register yields the aircraft it keeps, by
// address (or, for a register without addresses, by registration), with the registrant as the
// register publishes it (Record). The aircraft database keeps the records whole
// (aircraftdb.BuildOptions.Registers); what of one may be shown is decided where it is looked
// up (model.Registrant.Shown, REGISTRANT_DETAIL).
package registers

import (
	"strings"
	"unicode"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Record is a registrant (CONTRACT.md 12.2): every field optional, empty values omitted,
// values trimmed with inner runs of spaces collapsed, control characters stripped.
type Record struct {
	Names              []string `json:"names,omitempty"` // the primary name first, then the other names
	Street             []string `json:"street,omitempty"`
	City               string   `json:"city,omitempty"`
	AdministrativeArea string   `json:"administrative_area,omitempty"`
	PostalCode         string   `json:"postal_code,omitempty"`
	Country            string   `json:"country,omitempty"` // ISO 3166-1 alpha-2; unknown: omitted
	Type               string   `json:"type,omitempty"`    // the register's own words
	// Registration is the aircraft's registration as the register writes it (FAA: N and its
	// N-NUMBER; TC: C- and its mark; CASA: VH- and its mark): never shown, but an owner who
	// opted out by registration is found by it where the aircraft database has none for the
	// address (PRIVACY_LIST, CONTRACT.md 12.3).
	Registration string `json:"registration,omitempty"`
	// Organisation: the owner is not a person (FAA types 3, 5, 7, 8; TC: not an individual; a
	// register without types: a name holding an organisation's word). Only an organisation's
	// names are shown under REGISTRANT_DETAIL=standard.
	Organisation bool `json:"-"`
}

func (r Record) empty() bool {
	return len(r.Names) == 0 && len(r.Street) == 0 && r.City == "" && r.AdministrativeArea == "" && r.PostalCode == "" &&
		r.Country == "" && r.Type == ""
}

// clean trims a register's value, collapses inner runs of spaces and strips control and
// bidirectional control characters (model.CleanText, which the input's registrant goes through
// too): nothing a register says can break or disguise a payload or a page.
func clean(s string) string { return model.CleanText(s) }

// nonEmpty are the cleaned values that are not empty, in order.
func nonEmpty(values ...string) []string {
	var out []string
	for _, v := range values {
		if v = clean(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// faaTypeWords are the FAA's owner types in words (TYPE REGISTRANT 1–9), the capitalisation
// every register's types are written in (CONTRACT.md 12.2).
var faaTypeWords = []string{"Individual", "Partnership", "Corporation", "Co-Owned", "Government", "LLC",
	"Non-Citizen Corporation", "Non-Citizen Co-Owned"}

// ownerType is a register's owner type written one way (CONTRACT.md 12.2: INDIVIDUAL →
// Individual): as the FAA's list writes it when it is one of its words, else each word with
// one capital (ENTITY → Entity, NON-PROFIT → Non-Profit), so that one type is never offered
// twice.
func ownerType(s string) string {
	s = clean(s)
	for _, w := range faaTypeWords {
		if strings.EqualFold(s, w) {
			return w
		}
	}
	out := []rune(strings.ToLower(s))
	for i, r := range out {
		if i == 0 || !unicode.IsLetter(out[i-1]) {
			out[i] = unicode.ToUpper(r)
		}
	}
	return string(out)
}

// validAddress reports an address a register may give: 000000 is no aircraft's (CONTRACT.md
// 12.1; a register's empty value written as zeros).
func validAddress(addr uint32) bool { return addr != 0 && addr <= 0xFFFFFF }

// countries are the owners' countries the registers write in English words, by their ISO
// 3166-1 alpha-2 code; a country not here is omitted, never guessed.
var countries = map[string]string{"AUSTRALIA": "AU", "CANADA": "CA", "UNITED STATES": "US", "UNITED STATES OF AMERICA": "US",
	"USA": "US", "NEW ZEALAND": "NZ", "UNITED KINGDOM": "GB", "GREAT BRITAIN": "GB", "IRELAND": "IE", "FRANCE": "FR",
	"GERMANY": "DE", "NETHERLANDS": "NL", "SWITZERLAND": "CH", "SINGAPORE": "SG", "JAPAN": "JP", "CHINA": "CN",
	"HONG KONG": "HK", "PAPUA NEW GUINEA": "PG", "FIJI": "FJ", "SOUTH AFRICA": "ZA", "MEXICO": "MX", "BRAZIL": "BR",
	"INDIA": "IN", "INDONESIA": "ID", "MALAYSIA": "MY", "PHILIPPINES": "PH", "THAILAND": "TH", "SWEDEN": "SE", "NORWAY": "NO",
	"DENMARK": "DK", "ITALY": "IT", "SPAIN": "ES", "AUSTRIA": "AT", "BELGIUM": "BE", "LUXEMBOURG": "LU", "ISRAEL": "IL",
	"UNITED ARAB EMIRATES": "AE", "SAUDI ARABIA": "SA", "QATAR": "QA", "KOREA, REPUBLIC OF": "KR", "SOUTH KOREA": "KR"}

// countryCode is the ISO code of a country written as a code or in English words ("" unknown).
func countryCode(v string) string {
	v = strings.ToUpper(clean(v))
	if len(v) == 2 && v[0] >= 'A' && v[0] <= 'Z' && v[1] >= 'A' && v[1] <= 'Z' {
		return v
	}
	return countries[v]
}
