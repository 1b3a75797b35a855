package aircraftdb

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Mictronics' aircraft database (github.com/Mictronics/aircraft-database, its indexedDB.zip):
// the aircraft by address, the types, the operators (CONTRACT.md 9.2). Its JSON objects are
// read an entry at a time, and each aircraft is kept as a 12-byte row, not a Go map entry:
// 446,783 of them cost 5 MB (docs/decisions.md).

// mictronicsFile reports the files of Mictronics' archive the build reads.
func mictronicsFile(name string) bool {
	switch path.Base(name) {
	case "aircrafts.json", "types.json", "operators.json", "dbversion.json":
		return true
	}
	return false
}

func (b *builder) mictronics(f *files) error {
	get := func(name string) ([]byte, bool) {
		for _, p := range f.sorted() {
			if path.Base(p) == name {
				return f.byPath[p], true
			}
		}
		return nil, false
	}
	src := Source{Name: "Mictronics aircraft database", Licence: MictronicsLicence, Date: dataDate(f)}
	if raw, ok := get("dbversion.json"); ok {
		var v struct {
			Version json.Number `json:"version"`
		}
		if json.Unmarshal(bytes.TrimPrefix(raw, []byte("\ufeff")), &v) == nil {
			src.Version = v.Version.String()
		}
	}
	b.meta.Sources = append(b.meta.Sources, src)
	for _, name := range []string{"aircrafts.json", "types.json", "operators.json"} {
		if _, ok := get(name); !ok {
			return fmt.Errorf("no %s", name)
		}
	}
	for _, step := range []struct {
		file string
		read func([]byte) error
	}{{"types.json", b.micTypes}, {"operators.json", b.micOperators}, {"aircrafts.json", b.micAircraft}} {
		raw, _ := get(step.file)
		if err := step.read(raw); err != nil {
			return fmt.Errorf("%s: %w", step.file, err)
		}
	}
	return nil
}

// micTypes reads types.json: designator → [manufacturer and model, ICAO description, …].
func (b *builder) micTypes(raw []byte) error {
	return b.jsonObject(raw, "types.json: not an array of strings", func(key string, v []string) {
		d := strings.ToUpper(key)
		if d == "" || len(d) > 8 || len(v) < 2 {
			b.skip("types.json: bad designator or row")
			return
		}
		t := &typeRow{model: clean(v[0]), engines: -1}
		if desc := strings.ToUpper(clean(v[1])); len(desc) == 3 {
			copy(t.desc[:], desc)
			if c := desc[1]; c >= '0' && c <= '9' {
				t.engines = int8(c - '0') //nolint:gosec // one digit
			}
			if c := desc[2]; strings.IndexByte("PTJER", c) >= 0 {
				t.engineType = c
			}
		}
		b.types[d] = t
	})
}

// micOperators reads operators.json: designator → [name, country, radio callsign].
func (b *builder) micOperators(raw []byte) error {
	err := b.jsonObject(raw, "operators.json: not an array of strings", func(key string, v []string) {
		d := strings.ToUpper(key)
		if !threeLetters(d) || len(v) < 1 {
			b.skip("operators.json: not a 3-letter designator")
			return
		}
		op := Operator{Designator: d, Name: clean(v[0])}
		if len(v) > 1 {
			op.Country = clean(v[1])
		}
		if len(v) > 2 {
			op.Callsign = clean(v[2])
		}
		b.operators[d] = op
	})
	b.meta.Counts["operators_mictronics"] = len(b.operators)
	return err
}

// micAircraft reads aircrafts.json: address → [registration, type designator, flags].
func (b *builder) micAircraft(raw []byte) error {
	return b.jsonObject(raw, "aircrafts.json: not an array of strings", func(key string, v []string) {
		addr, ok := model.ParseAddress(key)
		if !ok {
			b.skip("aircrafts.json: not a 6-hex-digit address")
			return
		}
		if len(v) < 2 {
			b.skip("aircrafts.json: short row")
			return
		}
		reg := clip(clean(v[0]))
		a := aircraftRow{addr: addr, regOff: uint32(len(b.regs)), regLen: uint8(len(reg))} //nolint:gosec // under 4 GiB; ≤ 255
		b.regs = append(b.regs, reg...)
		if typ := strings.ToUpper(clean(v[1])); typ != "" && len(typ) <= 8 {
			a.typ = b.typeID(typ)
		}
		a.military = len(v) > 2 && strings.HasPrefix(v[2], "1")
		b.aircraft = append(b.aircraft, a)
	})
}

// typeID is a designator's number among the ones the aircraft name (first seen: 1).
func (b *builder) typeID(d string) uint16 {
	if id, ok := b.typeIDs[d]; ok {
		return id
	}
	b.typeNames = append(b.typeNames, d)
	id := uint16(len(b.typeNames)) //nolint:gosec // checked at encode: fewer than 65,535 types
	b.typeIDs[d] = id
	return id
}

// jsonObject streams a Mictronics object {key: [strings…], …}: fn gets each key and its
// array; an entry that is not an array of strings is skipped and counted as reason.
func (b *builder) jsonObject(raw []byte, reason string, fn func(key string, v []string)) error {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(raw, []byte("\ufeff"))))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("not a JSON object")
	}
	var v []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		v = v[:0]
		if err := dec.Decode(&v); err != nil {
			var te *json.UnmarshalTypeError
			if !errors.As(err, &te) {
				return err // a syntax error: the rest cannot be read
			}
			b.skip(reason)
			continue
		}
		fn(clean(key), v)
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	return nil
}

// dataDate is the date of a source's data, "" when the source does not record it (db info
// then says so rather than show the day the files were copied).
func dataDate(f *files) string {
	if f.dated.IsZero() {
		return ""
	}
	return f.dated.UTC().Format("2006-01-02")
}

func threeLetters(s string) bool {
	if len(s) != 3 {
		return false
	}
	for i := range 3 {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
