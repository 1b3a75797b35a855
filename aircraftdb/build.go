package aircraftdb

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tracker-adsb/tracker-core-health/internal/atomicfile"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// Licences and attribution of the upstream data (../shared/data/enrich/README.md).
const (
	MictronicsLicence   = "ODC Attribution License (ODC-By 1.0)"
	StandingDataLicence = "CC0 1.0"
	Attribution         = "Contains information from the Mictronics aircraft database, made available under the ODC Attribution License."
)

// Build reads the upstream files (Mictronics: its indexedDB.zip or the folder it unpacks to;
// the standing data: its .tar.gz or folder) and returns the database's bytes and what it
// holds. The same inputs always give the same bytes. A bad row is skipped and counted in
// Meta.Skipped; only an unreadable or missing file is an error.
func Build(mictronics, standingData string) ([]byte, Meta, error) {
	return BuildWith(Options{Mictronics: mictronics, StandingData: standingData})
}

// Options are the files a database is built from: Mictronics', the standing data, and the
// national registers wanted (CONTRACT.md 12.6), in the order their records are preferred.
type Options struct {
	Mictronics, StandingData string
	Registers                []RegisterFile
}

// BuildWith is Build with the registers too: each read as it streams (never a whole file in
// memory), its counts in Meta.Registers.
func BuildWith(o Options) ([]byte, Meta, error) {
	mictronics, standingData := o.Mictronics, o.StandingData
	b := newBuilder()
	mic, err := readSource(mictronics, func(name string) bool {
		switch path.Base(name) {
		case "aircrafts.json", "types.json", "operators.json", "dbversion.json":
			return true
		}
		return false
	})
	if err != nil {
		return nil, Meta{}, fmt.Errorf("mictronics %s: %w", mictronics, err)
	}
	sd, err := readSource(standingData, func(name string) bool { return strings.HasSuffix(name, ".csv") })
	if err != nil {
		return nil, Meta{}, fmt.Errorf("standing data %s: %w", standingData, err)
	}
	if err := b.mictronics(mic); err != nil {
		return nil, Meta{}, fmt.Errorf("mictronics %s: %w", mictronics, err)
	}
	if err := b.standingData(sd); err != nil {
		return nil, Meta{}, fmt.Errorf("standing data %s: %w", standingData, err)
	}
	if err := b.registers(o.Registers); err != nil {
		return nil, Meta{}, err
	}
	out, err := b.encode()
	if err != nil {
		return nil, Meta{}, err
	}
	return out, b.meta, nil
}

// BuildFile builds and writes the database to out atomically (a temporary file beside it,
// then a rename; zstd-compressed for a .zst name, gzip for .gz): a reader never sees half a file, and a
// failed build leaves out untouched.
func BuildFile(o Options, out string) (Meta, error) {
	b, meta, err := BuildWith(o)
	if err != nil {
		return meta, err
	}
	if _, err := Load(b); err != nil { // never write what would not load
		return meta, fmt.Errorf("the built database does not load: %w", err)
	}
	if b, err = Compress(out, b); err != nil {
		return meta, err
	}
	return meta, WriteAtomic(out, b)
}

// WriteAtomic writes b to path through a temporary file in the same folder and a rename.
func WriteAtomic(path string, b []byte) error { return atomicfile.Write(path, b) }

type typeRow struct {
	model       string
	desc        [3]byte
	engines     int8
	engineType  byte
	fromMic     bool
	sdEngines   bool // engines came from the standing data
	sdEngType   bool
	speciesDesc bool // the description was made from the standing data's species
}

type aircraftRow struct {
	reg, typ string
	military bool
}

type airportRow struct {
	code, icao, iata, name, city, country string
	lat, lon                              float64
	hasPos, hasAlt                        bool
	alt                                   int32
}

type blockRow struct {
	mask, sig uint32
	military  bool
}

type builder struct {
	aircraft  map[uint32]aircraftRow
	types     map[string]*typeRow
	operators map[string]Operator
	airports  map[string]airportRow
	routes    map[uint64][]string
	blocks    []blockRow
	// registrants by address (registrants.go), as the registers publish them.
	registrants registrantStore
	meta        Meta
}

func newBuilder() *builder {
	return &builder{aircraft: map[uint32]aircraftRow{}, types: map[string]*typeRow{}, operators: map[string]Operator{},
		airports: map[string]airportRow{}, routes: map[uint64][]string{},
		meta: Meta{Format: FormatVersion, Counts: map[string]int{}, Skipped: map[string]int{}}}
}

func (b *builder) skip(reason string) { b.meta.Skipped[reason]++ }

// clean trims a field and drops invalid UTF-8 and the BOM.
func clean(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.TrimSpace(s)
}

// jsonObject streams a Mictronics object {key: [strings…], …}: fn gets each key and its
// array; an entry that is not an array of strings is skipped and counted as reason.
func (b *builder) jsonObject(raw []byte, reason string, fn func(key string, v []string)) error {
	dec := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(raw, []byte("\ufeff"))))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("not a JSON object")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		var v []string
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
	raw, _ := get("types.json")
	if err := b.jsonObject(raw, "types.json: not an array of strings", func(key string, v []string) {
		d := strings.ToUpper(key)
		if d == "" || len(d) > 8 || len(v) < 2 {
			b.skip("types.json: bad designator or row")
			return
		}
		t := &typeRow{model: clean(v[0]), engines: -1, fromMic: true}
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
	}); err != nil {
		return fmt.Errorf("types.json: %w", err)
	}
	raw, _ = get("operators.json")
	if err := b.jsonObject(raw, "operators.json: not an array of strings", func(key string, v []string) {
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
	}); err != nil {
		return fmt.Errorf("operators.json: %w", err)
	}
	b.meta.Counts["operators_mictronics"] = len(b.operators)
	raw, _ = get("aircrafts.json")
	if err := b.jsonObject(raw, "aircrafts.json: not an array of strings", func(key string, v []string) {
		addr, ok := model.ParseAddress(key)
		if !ok {
			b.skip("aircrafts.json: not a 6-hex-digit address")
			return
		}
		if len(v) < 2 {
			b.skip("aircrafts.json: short row")
			return
		}
		a := aircraftRow{reg: clean(v[0]), typ: strings.ToUpper(clean(v[1]))}
		if len(a.typ) > 8 {
			a.typ = ""
		}
		if len(v) > 2 && strings.HasPrefix(v[2], "1") {
			a.military = true
		}
		b.aircraft[addr] = a
	}); err != nil {
		return fmt.Errorf("aircrafts.json: %w", err)
	}
	return nil
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

// csvFile reads one standing-data CSV: the header names the columns (a BOM before it is
// dropped; columns are only ever appended upstream), want names the ones needed; each row
// reaches fn as the wanted columns in order. A row the reader cannot parse or that lacks a
// wanted column is skipped and counted.
func (b *builder) csvFile(name string, raw []byte, want []string, fn func(cols []string)) error {
	r := csv.NewReader(bytes.NewReader(raw))
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
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				b.skip(kind + ": unreadable row")
				continue
			}
			return fmt.Errorf("%s: %w", name, err)
		}
		ok := true
		for i, j := range idx {
			if j >= len(rec) {
				ok = false
				break
			}
			cols[i] = clean(rec[j])
		}
		if !ok {
			b.skip(kind + ": too few columns")
			continue
		}
		fn(cols)
	}
}

func (b *builder) standingData(f *files) error {
	src := Source{Name: "Virtual Radar Server standing data", Licence: StandingDataLicence, Date: dataDate(f)}
	b.meta.Sources = append(b.meta.Sources, src)
	type group struct {
		folder string
		paths  []string
	}
	groups := map[string]*group{}
	for _, p := range f.sorted() {
		for _, folder := range []string{"airlines", "airports", "model-type", "routes", "code-blocks"} {
			if rel, ok := folderOf(p, folder); ok {
				g := groups[folder]
				if g == nil {
					g = &group{folder: folder}
					groups[folder] = g
				}
				_ = rel
				g.paths = append(g.paths, p)
			}
		}
	}
	for _, folder := range []string{"airlines", "airports", "model-type", "routes", "code-blocks"} {
		if groups[folder] == nil {
			return fmt.Errorf("no %s/schema-01 files", folder)
		}
	}
	read := func(folder string, want []string, fn func([]string)) error {
		for _, p := range groups[folder].paths {
			rel, _ := folderOf(p, folder)
			if err := b.csvFile(folder+"/"+rel, f.byPath[p], want, fn); err != nil {
				return err
			}
		}
		return nil
	}
	// Airlines: the operators Mictronics lacks, by their ICAO code.
	fromAirlines := 0
	if err := read("airlines", []string{"Name", "ICAO"}, func(c []string) {
		d := strings.ToUpper(c[1])
		if !threeLetters(d) {
			return // an IATA-only airline: no designator to find it by
		}
		if _, ok := b.operators[d]; !ok && c[0] != "" {
			b.operators[d] = Operator{Designator: d, Name: c[0]}
			fromAirlines++
		}
	}); err != nil {
		return err
	}
	b.meta.Counts["operators_airlines"] = fromAirlines
	if err := read("airports", []string{"Code", "Name", "ICAO", "IATA", "Location", "CountryISO2", "Latitude", "Longitude", "AltitudeFeet"}, func(c []string) {
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
	}); err != nil {
		return err
	}
	// Model types: engines and engine type for every designator, the first row that says.
	if err := read("model-type", []string{"ICAO", "Manufacturer", "Model", "Engines", "EngineTypeCode", "SpeciesCode"}, func(c []string) {
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
		if t.desc == ([3]byte{}) || t.speciesDesc {
			if s := strings.ToUpper(c[5]); len(s) == 1 && strings.IndexByte("LSAHGT", s[0]) >= 0 && t.desc == ([3]byte{}) {
				t.desc, t.speciesDesc = [3]byte{s[0], '-', '-'}, true
			}
		}
	}); err != nil {
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
	if err := read("routes", []string{"Callsign", "AirportCodes"}, func(c []string) {
		key, ok := packKey(strings.ToUpper(c[0]))
		if !ok {
			b.skip("routes: callsign empty or over 8 characters")
			return
		}
		if _, dup := b.routes[key]; dup {
			b.skip("routes: duplicate callsign")
			return
		}
		codes := strings.Split(strings.ToUpper(c[1]), "-")
		for _, code := range codes {
			if _, ok := b.airports[code]; !ok {
				b.skip("routes: unknown airport")
				return
			}
		}
		if len(codes) > 255 {
			b.skip("routes: over 255 airports")
			return
		}
		b.routes[key] = codes
	}); err != nil {
		return err
	}
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

// pool is the string section: each distinct string once, in first-use order.
type pool struct {
	buf []byte
	at  map[string]uint32
}

func (p *pool) ref(s string) (uint32, error) {
	if s == "" {
		return 0, nil
	}
	if len(s) > 255 { // clipped on a rune boundary: names are never this long upstream
		s = s[:255]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	if r, ok := p.at[s]; ok {
		return r, nil
	}
	if len(p.buf)+len(s) > 1<<24 {
		return 0, fmt.Errorf("the string pool is over 16 MiB")
	}
	r := uint32(len(s))<<24 | uint32(len(p.buf)) //nolint:gosec // bounded above
	p.buf = append(p.buf, s...)
	p.at[s] = r
	return r, nil
}

func sortedKeys[K string | uint32 | uint64, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// sectionData is one section's bytes and record count, as encode writes it.
type sectionData struct {
	data  []byte
	count int
}

// encode lays the tables out as the file format says.
func (b *builder) encode() ([]byte, error) {
	p := &pool{at: map[string]uint32{}}
	var firstErr error
	ref := func(s string) uint32 {
		r, err := p.ref(s)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return r
	}
	// Every designator an aircraft names is a type, known or not.
	for _, a := range b.aircraft {
		if a.typ != "" && b.types[a.typ] == nil {
			b.types[a.typ] = &typeRow{engines: -1}
		}
	}
	typeKeys := sortedKeys(b.types)
	if len(typeKeys) >= math.MaxUint16 {
		return nil, fmt.Errorf("%d types: over the format's %d", len(typeKeys), math.MaxUint16-1)
	}
	typeNo := map[string]uint16{}
	var types []byte
	for i, d := range typeKeys {
		t := b.types[d]
		typeNo[d] = uint16(i + 1) //nolint:gosec // checked above
		rec := make([]byte, typeSize)
		le.PutUint32(rec, ref(d))
		le.PutUint32(rec[4:], ref(t.model))
		copy(rec[8:11], t.desc[:])
		rec[11] = byte(t.engines)
		rec[12] = t.engineType
		types = append(types, rec...)
	}
	acKeys := sortedKeys(b.aircraft)
	var keys, recs []byte
	for _, addr := range acKeys {
		a := b.aircraft[addr]
		keys = le.AppendUint32(keys, addr)
		rec := make([]byte, aircraftSize)
		le.PutUint32(rec, ref(a.reg))
		le.PutUint16(rec[4:], typeNo[a.typ])
		if a.military {
			rec[6] = flagMilitary
		}
		recs = append(recs, rec...)
	}
	var ops []byte
	opKeys := sortedKeys(b.operators)
	for _, d := range opKeys {
		op := b.operators[d]
		k, _ := designatorKey(d)
		ops = le.AppendUint32(ops, k)
		ops = le.AppendUint32(ops, ref(op.Name))
		ops = le.AppendUint32(ops, ref(op.Country))
		ops = le.AppendUint32(ops, ref(op.Callsign))
	}
	apKeys := sortedKeys(b.airports)
	if len(apKeys) > math.MaxUint16 {
		return nil, fmt.Errorf("%d airports: over the format's %d", len(apKeys), math.MaxUint16)
	}
	apNo := map[string]uint16{}
	var aps []byte
	for i, code := range apKeys {
		a := b.airports[code]
		apNo[code] = uint16(i) //nolint:gosec // checked above
		rec := make([]byte, airportSize)
		for j, s := range []string{a.code, a.icao, a.iata, a.name, a.city} {
			le.PutUint32(rec[j*4:], ref(s))
		}
		copy(rec[20:22], a.country)
		if a.hasPos {
			rec[22] |= hasPosition
			le.PutUint64(rec[24:], math.Float64bits(a.lat))
			le.PutUint64(rec[32:], math.Float64bits(a.lon))
		}
		if a.hasAlt {
			rec[22] |= hasAltitude
			le.PutUint32(rec[40:], uint32(a.alt)) //nolint:gosec // stored signed
		}
		aps = append(aps, rec...)
	}
	var rKeys, rOffs, stops []byte
	routeKeys := sortedKeys(b.routes)
	for _, k := range routeKeys {
		rKeys = le.AppendUint64(rKeys, k)
		rOffs = le.AppendUint32(rOffs, uint32(len(stops)/2)) //nolint:gosec // < 2^32 stops
		for _, code := range b.routes[k] {
			stops = le.AppendUint16(stops, apNo[code])
		}
	}
	rOffs = le.AppendUint32(rOffs, uint32(len(stops)/2)) //nolint:gosec // < 2^32 stops
	sort.SliceStable(b.blocks, func(i, j int) bool {
		if b.blocks[i].sig != b.blocks[j].sig {
			return b.blocks[i].sig > b.blocks[j].sig
		}
		return b.blocks[i].mask < b.blocks[j].mask
	})
	var blocks []byte
	military := 0
	for _, bl := range b.blocks {
		blocks = le.AppendUint32(blocks, bl.mask)
		blocks = le.AppendUint32(blocks, bl.sig)
		m := byte(0)
		if bl.military {
			m, military = 1, military+1
		}
		blocks = append(blocks, m, 0, 0, 0)
	}
	if firstErr != nil {
		return nil, firstErr
	}
	regKeys, regOffs, regRecs, regTypes, err := b.registrants.encode()
	if err != nil {
		return nil, err
	}
	version := uint32(FormatVersion)
	if len(b.registrants.entries) == 0 {
		version = formatV1 // as before: the shipped database, and readers of the last version
	} else {
		b.meta.Counts["registrants"], b.meta.RegistrantTypes = len(b.registrants.entries), regTypes
	}
	b.meta.Format = int(version)
	c := b.meta.Counts
	c["aircraft"], c["types"], c["operators"], c["airports"], c["routes"], c["code_blocks"], c["military_code_blocks"] =
		len(acKeys), len(typeKeys), len(opKeys), len(apKeys), len(routeKeys), len(b.blocks), military
	if len(b.meta.Skipped) == 0 {
		b.meta.Skipped = nil
	}
	meta, err := json.Marshal(b.meta)
	if err != nil {
		return nil, err
	}
	parts := []sectionData{
		{meta, 1}, {p.buf, len(p.at)}, {keys, len(acKeys)}, {recs, len(acKeys)}, {types, len(typeKeys)},
		{ops, len(opKeys)}, {aps, len(apKeys)}, {rKeys, len(routeKeys)}, {rOffs, len(routeKeys) + 1},
		{stops, len(stops) / 2}, {blocks, len(b.blocks)},
	}
	if version == FormatVersion {
		n := len(regKeys) / 4
		parts = append(parts, sectionData{regKeys, n}, sectionData{regOffs, n + 1}, sectionData{regRecs, n})
	}
	total := headerSize + len(parts)*entrySize
	for _, part := range parts {
		total += len(part.data) + 8
	}
	out := make([]byte, headerSize+len(parts)*entrySize, total) // one allocation: the file is large
	copy(out, Magic)
	le.PutUint32(out[8:], version)
	le.PutUint32(out[12:], uint32(len(parts))) //nolint:gosec // a handful
	for i, part := range parts {
		for len(out)%8 != 0 {
			out = append(out, 0)
		}
		e := out[headerSize+i*entrySize:]
		le.PutUint32(e, uint32(i+1))            //nolint:gosec // a handful
		le.PutUint32(e[4:], uint32(part.count)) //nolint:gosec // < 2^32 records
		le.PutUint64(e[8:], uint64(len(out)))
		le.PutUint64(e[16:], uint64(len(part.data)))
		out = append(out, part.data...)
	}
	le.PutUint32(out[16:], crc32Castagnoli(out[headerSize:]))
	return out, nil
}
