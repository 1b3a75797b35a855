package aircraftdb

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The Virtual Radar Server standing data (github.com/vradarserver/standing-data): schema-01
// CSVs in five folders, each read in its files' path order. The routes (618,583 of them) are
// kept as rows of numbers and sorted, not held in a Go map (docs/decisions.md).

// standingFolders are the folders read, in the order they are read (the airlines fill in the
// operators Mictronics lacks; the routes name the airports).
var standingFolders = []string{"airlines", "airports", "model-type", "routes", "code-blocks"}

// csvRows reads one folder's files in path order, each row's wanted columns to fn.
type csvRows func(folder string, want []string, fn func([]string)) error

func (b *builder) standingData(f *files) error {
	b.meta.Sources = append(b.meta.Sources, Source{Name: "Virtual Radar Server standing data", Licence: StandingDataLicence, Date: dataDate(f)})
	paths := map[string][]string{}
	for _, p := range f.sorted() {
		for _, folder := range standingFolders {
			if _, ok := folderOf(p, folder); ok {
				paths[folder] = append(paths[folder], p)
			}
		}
	}
	for _, folder := range standingFolders {
		if paths[folder] == nil {
			return fmt.Errorf("no %s/schema-01 files", folder)
		}
	}
	read := func(folder string, want []string, fn func([]string)) error {
		for _, p := range paths[folder] {
			rel, _ := folderOf(p, folder)
			if err := b.csvFile(folder+"/"+rel, bytes.NewReader(f.byPath[p]), want, fn); err != nil {
				return err
			}
		}
		return nil
	}
	for _, step := range []func(csvRows) error{b.airlines, b.readAirports, b.modelTypes, b.readRoutes, b.codeBlocks} {
		if err := step(read); err != nil {
			return err
		}
	}
	return nil
}

// airlines adds the operators Mictronics lacks, by their ICAO code.
func (b *builder) airlines(read csvRows) error {
	n := 0
	err := read("airlines", []string{"Name", "ICAO"}, func(c []string) {
		d := strings.ToUpper(c[1])
		if !threeLetters(d) {
			return // an IATA-only airline: no designator to find it by
		}
		if _, ok := b.operators[d]; !ok && c[0] != "" {
			b.operators[d] = Operator{Designator: d, Name: c[0]}
			n++
		}
	})
	b.meta.Counts["operators_airlines"] = n
	return err
}

func (b *builder) readAirports(read csvRows) error {
	err := read("airports", []string{"Code", "Name", "ICAO", "IATA", "Location", "CountryISO2", "Latitude", "Longitude", "AltitudeFeet"}, func(c []string) {
		code := strings.ToUpper(c[0])
		if code == "" || len(code) > 8 {
			b.skip("airports: bad code")
			return
		}
		if _, dup := b.airports[code]; dup {
			b.skip("airports: duplicate code")
			return
		}
		a := airportRow{code: code, icao: strings.ToUpper(c[2]), iata: strings.ToUpper(c[3]), name: c[1], city: c[4]}
		if len(c[5]) == 2 {
			a.country = strings.ToUpper(c[5])
		}
		lat, err1 := strconv.ParseFloat(c[6], 64)
		lon, err2 := strconv.ParseFloat(c[7], 64)
		if err1 == nil && err2 == nil && math.Abs(lat) <= 90 && math.Abs(lon) <= 180 {
			a.lat, a.lon, a.hasPos = lat, lon, true
		}
		if alt, err := strconv.ParseFloat(c[8], 64); err == nil && math.Abs(alt) < 100000 {
			a.alt, a.hasAlt = int32(math.Round(alt)), true
		}
		b.airports[code] = a
	})
	b.apOrder = sortedKeys(b.airports) // the routes name airports by their number here
	return err
}

// modelTypes gives engines and engine type to every designator, the first row that says.
func (b *builder) modelTypes(read csvRows) error {
	if err := read("model-type", []string{"ICAO", "Manufacturer", "Model", "Engines", "EngineTypeCode", "SpeciesCode"}, b.modelType); err != nil {
		return err
	}
	for _, t := range b.types {
		if t.speciesDesc && t.engines >= 0 && t.engines <= 9 {
			t.desc[1] = byte('0' + t.engines) //nolint:gosec // one digit
		}
		if t.speciesDesc && t.engineType != 0 {
			t.desc[2] = t.engineType
		}
	}
	return nil
}

func (b *builder) modelType(c []string) {
	d := strings.ToUpper(c[0])
	if d == "" || len(d) > 8 {
		b.skip("model-type: bad designator")
		return
	}
	t := b.types[d]
	if t == nil {
		t = &typeRow{engines: -1}
		b.types[d] = t
	}
	if t.model == "" && (c[1] != "" || c[2] != "") {
		t.model = strings.TrimSpace(strings.ToUpper(c[1]) + " " + c[2])
	}
	if n, err := strconv.Atoi(c[3]); err == nil && n >= 0 && n <= 99 && !t.sdEngines {
		t.engines, t.sdEngines = int8(n), true //nolint:gosec // 0..99
	}
	if e := strings.ToUpper(c[4]); len(e) == 1 && strings.IndexByte("EJPRT", e[0]) >= 0 && !t.sdEngType {
		t.engineType, t.sdEngType = e[0], true
	}
	if s := strings.ToUpper(c[5]); len(s) == 1 && strings.IndexByte("LSAHGT", s[0]) >= 0 && t.desc == ([3]byte{}) {
		t.desc, t.speciesDesc = [3]byte{s[0], '-', '-'}, true
	}
}

// readRoutes keeps each row as numbers: a callsign's key, its airports' numbers, or why it
// cannot be kept; which row of a callsign is kept is decided when they are sorted (routes).
func (b *builder) readRoutes(read csvRows) error {
	return read("routes", []string{"Callsign", "AirportCodes"}, func(c []string) {
		key, ok := packKey(strings.ToUpper(c[0]))
		if !ok {
			b.skip("routes: callsign empty or over 8 characters")
			return
		}
		r := routeRow{key: key, stopsFrom: uint32(len(b.stops))} //nolint:gosec // < 2^32
		codes := strings.Split(strings.ToUpper(c[1]), "-")
		for _, code := range codes {
			i := sort.SearchStrings(b.apOrder, code)
			if i == len(b.apOrder) || b.apOrder[i] != code {
				r.status = routeUnknownAirport
				break
			}
			b.stops = append(b.stops, uint16(i)) //nolint:gosec // ≤ 65,535 airports, checked at encode
		}
		switch {
		case r.status == routeOK && len(codes) > 255:
			r.status = routeTooLong
		case r.status == routeOK:
			r.stops = uint8(len(codes))
		}
		if r.status != routeOK {
			b.stops = b.stops[:r.stopsFrom]
		}
		b.routes = append(b.routes, r)
	})
}

// keptRoutes sorts the rows by callsign and keeps, of each callsign, its first row that can be
// kept; a row before it is counted by its own reason, one after it as a duplicate (the order
// of a build that keeps the first row of each callsign as it reads). It returns the kept rows.
func (b *builder) keptRoutes() []routeRow {
	sort.SliceStable(b.routes, func(i, j int) bool { return b.routes[i].key < b.routes[j].key }) // a callsign's rows in the files' order
	kept := b.routes[:0]
	why := [...]string{routeUnknownAirport: "routes: unknown airport", routeTooLong: "routes: over 255 airports"}
	for i := 0; i < len(b.routes); {
		j, done := i, false
		for ; j < len(b.routes) && b.routes[j].key == b.routes[i].key; j++ {
			switch r := b.routes[j]; {
			case done:
				b.skip("routes: duplicate callsign")
			case r.status == routeOK:
				kept, done = append(kept, r), true
			default:
				b.skip(why[r.status])
			}
		}
		i = j
	}
	return kept
}

func (b *builder) codeBlocks(read csvRows) error {
	return read("code-blocks", []string{"Bitmask", "SignificantBitmask", "IsMilitary"}, func(c []string) {
		mask, err1 := strconv.ParseUint(c[0], 16, 32)
		sig, err2 := strconv.ParseUint(c[1], 16, 32)
		if err1 != nil || err2 != nil || mask > 0xFFFFFF || sig > 0xFFFFFF {
			b.skip("code-blocks: not hex")
			return
		}
		b.blocks = append(b.blocks, blockRow{mask: uint32(mask), sig: uint32(sig), military: c[2] == "1"})
	})
}

// csvFile reads one standing-data CSV: the header names the columns (a BOM before it is
// dropped; columns are only ever appended upstream), want names the ones needed; each row
// reaches fn as the wanted columns in order. A row the reader cannot parse or that lacks a
// wanted column is skipped and counted.
func (b *builder) csvFile(name string, raw io.Reader, want []string, fn func(cols []string)) error {
	r := csv.NewReader(raw)
	r.FieldsPerRecord, r.ReuseRecord = -1, true
	head, err := r.Read()
	if err != nil {
		return fmt.Errorf("%s: no header: %w", name, err)
	}
	idx := make([]int, len(want))
	for i, w := range want {
		idx[i] = -1
		for j, h := range head {
			if clean(h) == w {
				idx[i] = j
			}
		}
		if idx[i] < 0 {
			return fmt.Errorf("%s: no %s column", name, w)
		}
	}
	cols := make([]string, len(want))
	kind, _, _ := strings.Cut(name, "/")
	for {
		rec, err := r.Read()
		var pe *csv.ParseError
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &pe):
			b.skip(kind + ": unreadable row")
		case err != nil:
			return fmt.Errorf("%s: %w", name, err)
		case !pick(rec, idx, cols):
			b.skip(kind + ": too few columns")
		default:
			fn(cols)
		}
	}
}

// pick copies rec's columns at idx, cleaned, into cols; false: rec lacks one.
func pick(rec []string, idx []int, cols []string) bool {
	for i, j := range idx {
		if j >= len(rec) {
			return false
		}
		cols[i] = clean(rec[j])
	}
	return true
}
