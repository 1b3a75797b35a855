package model

import (
	"bytes"
	"encoding/json"
)

// What was stored keeps obeying (CONTRACT.md 12.3): a notification kept by a reader (the API's
// kept matches) was made at its writer's REGISTRANT_DETAIL; the reader applies its own again,
// so the stricter of the two wins, and an opted-out aircraft shows none.

// RegistrantOf reads a registrant object as a payload (or an input line) carries it
// (AppendJSON's keys; others are no part of a registrant and are left out), its values cleaned
// as a register's are (CleanText), and decides who is a person by the one rule
// (IsOrganisation); false: not an object.
func RegistrantOf(raw []byte) (Registrant, bool) {
	var o struct {
		Names              []string `json:"names"`
		Street             []string `json:"street"`
		City               string   `json:"city"`
		AdministrativeArea string   `json:"administrative_area"`
		PostalCode         string   `json:"postal_code"`
		Country            string   `json:"country"`
		Type               string   `json:"type"`
		Source             string   `json:"source"`
		Attribution        string   `json:"attribution"`
	}
	if json.Unmarshal(raw, &o) != nil || !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
		return Registrant{}, false
	}
	r := Registrant{City: CleanText(o.City), AdministrativeArea: CleanText(o.AdministrativeArea), PostalCode: CleanText(o.PostalCode),
		Country: CleanText(o.Country), Type: CleanText(o.Type), Source: CleanText(o.Source), Notice: CleanText(o.Attribution)}
	copy(r.Names[:], nonBlank(o.Names))
	copy(r.Street[:], nonBlank(o.Street))
	r.Organisation = IsOrganisation(r.Source, r.Type, r.Names[0])
	return r, true
}

func nonBlank(in []string) []string {
	out := in[:0]
	for _, s := range in {
		if s = CleanText(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// ObeyingRegistrant is a stored notification (a JSON object) with its registrant as detail d
// lets it be shown: none at all when optedOut or at none, or when nothing is left; everything
// else byte for byte as stored.
func ObeyingRegistrant(note []byte, d RegistrantDetail, optedOut bool) []byte {
	return replaceMember(note, "registrant", func(old []byte) []byte {
		if optedOut || d == DetailNone {
			return nil
		}
		r, ok := RegistrantOf(old)
		if !ok {
			return nil // not an object: nothing of it can be judged, so nothing of it is shown
		}
		if r, ok = r.Shown(d); !ok {
			return nil
		}
		return r.AppendJSON(nil)
	})
}

// replaceMember is doc (a JSON object) with the value of its top-level member key replaced by
// what with makes of it (nil: the member removed); doc itself when it has no such member or
// is not an object.
func replaceMember(doc []byte, key string, with func(old []byte) []byte) []byte {
	dec := json.NewDecoder(bytes.NewReader(doc))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return doc
	}
	for first := true; dec.More(); first = false {
		prev := int(dec.InputOffset()) // after '{' or the member before
		t, err := dec.Token()
		if err != nil {
			return doc
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return doc
		}
		end := int(dec.InputOffset())
		if t != key {
			continue
		}
		if v := with(raw); v != nil {
			return append(append(append([]byte(nil), doc[:end-len(raw)]...), v...), doc[end:]...)
		}
		if !first { // from the comma before the member
			return append(append([]byte(nil), doc[:prev]...), doc[end:]...)
		}
		start := prev + bytes.IndexByte(doc[prev:], '"')
		rest := bytes.TrimLeft(doc[end:], " \t\r\n")
		rest = bytes.TrimLeft(bytes.TrimPrefix(rest, []byte(",")), " \t\r\n")
		return append(append([]byte(nil), doc[:start]...), rest...)
	}
	return doc
}
