package aircraftdb

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/tracker-adsb/tracker-core-health/internal/atomicfile"
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
	// Accept, when set, is asked about each register once it is read (its records kept, after
	// the joins): an error fails the build, naming the register (the refresh's
	// half-or-nothing rule, CONTRACT.md 12.6).
	Accept func(register string, kept int) error
	// Current, when set, is the database this build refreshes (db update): each register of
	// registers.All that it holds and Registers does not name is carried over from it as it is
	// (its records, its data's date and counts: RegisterMeta.Carried), so that a refresh of
	// some registers, or of none, never drops the others (CONTRACT.md 12.6). The registers are
	// then taken in registers.All's order. No file there: nothing to carry.
	Current string
}

// BuildWith is Build with the registers too: each read as it streams (never a whole file in
// memory), its counts in Meta.Registers.
func BuildWith(o Options) ([]byte, Meta, error) {
	b, err := read(o)
	if err != nil {
		return nil, Meta{}, err
	}
	out, err := b.encodeAll()
	return out, b.meta, err
}

// encodeAll is the database's bytes, in one allocation.
func (b *builder) encodeAll() ([]byte, error) {
	e, err := b.prepare()
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.Grow(e.size())
	crc, err := e.writeTo(&out)
	if err != nil {
		return nil, err
	}
	file := out.Bytes()
	le.PutUint32(file[16:], crc)
	return file, nil
}

// read reads every source into a builder.
func read(o Options) (*builder, error) {
	b := newBuilder()
	mic, err := readSource(o.Mictronics, mictronicsFile)
	if err == nil {
		err = b.mictronics(mic)
	}
	if err != nil {
		return nil, fmt.Errorf("mictronics %s: %w", o.Mictronics, err)
	}
	mic = nil //nolint:ineffassign,wastedassign // its files can go before the next are read
	sd, err := readSource(o.StandingData, func(name string) bool { return strings.HasSuffix(name, ".csv") })
	if err == nil {
		err = b.standingData(sd)
	}
	if err != nil {
		return nil, fmt.Errorf("standing data %s: %w", o.StandingData, err)
	}
	sd = nil //nolint:ineffassign,wastedassign // as mic
	if err := b.registers(o); err != nil {
		return nil, err
	}
	return b, nil
}

// BuildFile builds and writes the database to out atomically (a temporary file beside it,
// then a rename; zstd-compressed for a .zst name, gzip for .gz): a reader never sees half a
// file, and a failed build leaves out untouched. An uncompressed database is written as it is
// encoded (never whole in memory beside the build), then loaded once from the temporary file:
// what would not load is never put in place.
func BuildFile(o Options, out string) (Meta, error) {
	if Compressed(out) {
		b, meta, err := BuildWith(o)
		if err != nil {
			return meta, err
		}
		if _, err := Load(b); err != nil {
			return meta, fmt.Errorf("the built database does not load: %w", err)
		}
		if b, err = Compress(out, b); err != nil {
			return meta, err
		}
		return meta, WriteAtomic(out, b)
	}
	var meta Meta
	err := atomicfile.WriteWith(out, 0o644, func(f *os.File) error {
		var err error
		if meta, err = buildInto(o, f); err != nil {
			return err
		}
		debug.FreeOSMemory() // the build's memory back to the system before the file is loaded beside it
		if _, err := Open(f.Name()); err != nil {
			return fmt.Errorf("the built database does not load: %w", err)
		}
		return nil
	})
	return meta, err
}

// buildInto builds into the file f, its checksum written last.
func buildInto(o Options, f *os.File) (Meta, error) {
	b, err := read(o)
	if err != nil {
		return Meta{}, err
	}
	e, err := b.prepare()
	if err != nil {
		return Meta{}, err
	}
	crc, err := e.writeTo(f)
	if err != nil {
		return e.meta, err
	}
	_, err = f.WriteAt(le.AppendUint32(nil, crc), 16)
	return e.meta, err
}

// WriteAtomic writes b to path through a temporary file in the same folder and a rename.
func WriteAtomic(path string, b []byte) error { return atomicfile.Write(path, b) }

// Compressed reports whether a database file's name asks for compression (.zst, .gz).
func Compressed(name string) bool {
	return strings.HasSuffix(name, ".zst") || strings.HasSuffix(name, ".gz")
}

// builder holds what has been read, compactly (docs/decisions.md: a build's peak memory), until
// it is encoded.
type builder struct {
	aircraft []aircraftRow // in the order read; the last row of an address wins
	regs     []byte        // the aircraft's registrations, one after the other
	// typeNames are the designators the aircraft name, by first sight (aircraftRow.typ - 1).
	typeNames []string
	typeIDs   map[string]uint16
	types     map[string]*typeRow
	operators map[string]Operator
	airports  map[string]airportRow
	apOrder   []string // the airports' codes, sorted: a route's stops are numbers in it
	routes    []routeRow
	stops     []uint16 // the routes' airports, by number in apOrder
	blocks    []blockRow
	// registrants by address (registrants.go), as the registers publish them.
	registrants registrantStore
	meta        Meta
}

func newBuilder() *builder {
	return &builder{typeIDs: map[string]uint16{}, types: map[string]*typeRow{}, operators: map[string]Operator{},
		airports: map[string]airportRow{}, meta: Meta{Format: FormatVersion, Counts: map[string]int{}, Skipped: map[string]int{}}}
}

func (b *builder) skip(reason string) { b.meta.Skipped[reason]++ }

// aircraftRow is one aircraft: its address, registration (in builder.regs), type (0: none,
// else typeNames[typ-1]) and Mictronics' military flag.
type aircraftRow struct {
	addr, regOff uint32
	typ          uint16
	regLen       uint8
	military     bool
}

type typeRow struct {
	model       string
	desc        [3]byte
	engines     int8
	engineType  byte
	sdEngines   bool // engines came from the standing data
	sdEngType   bool
	speciesDesc bool // the description was made from the standing data's species
}

type airportRow struct {
	code, icao, iata, name, city, country string
	lat, lon                              float64
	hasPos, hasAlt                        bool
	alt                                   int32
}

// routeRow is one row of the routes' files (16 bytes): its callsign's key and its airports (in
// builder.stops), or why it cannot be kept. Rows are kept in the files' order until sorted.
type routeRow struct {
	key       uint64
	stopsFrom uint32
	stops     uint8
	status    uint8 // routeOK, routeUnknownAirport, routeTooLong
}

const (
	routeOK = iota
	routeUnknownAirport
	routeTooLong
)

type blockRow struct {
	mask, sig uint32
	military  bool
}

// clean trims a field and drops invalid UTF-8 and the BOM.
func clean(s string) string {
	s = strings.TrimPrefix(s, "\ufeff")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.TrimSpace(s)
}

// clip cuts a string to at most 255 bytes on a rune boundary (the length of a string reference).
func clip(s string) string {
	if len(s) > 255 {
		s = s[:255]
		for !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
	}
	return s
}

func sortedKeys[K string | uint32 | uint64, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// DryRun reads every source as a build does (Options.Accept asked as it would be) and says
// what the database would hold, writing nothing and encoding nothing (db update --dry-run).
func DryRun(o Options) (Meta, error) {
	b, err := read(o)
	if err != nil {
		return Meta{}, err
	}
	return b.meta, nil
}

// VerifiedMeta is what a database file says of itself once the whole file has been read and
// its checksum found right, as Open finds it: a file cut short or corrupt is the error
// (ErrFormat) Open gives, where ReadMeta would read its meta alone. Streamed, unpacked as it is
// read: it costs no more memory than the meta (tracker-rules validate --db).
func VerifiedMeta(path string) (Meta, error) {
	s, err := openStream(path)
	if err != nil {
		return Meta{}, err
	}
	defer s.close()
	m, err := s.meta()
	if err != nil {
		return Meta{}, err
	}
	if err := s.verify(); err != nil {
		return Meta{}, err
	}
	return m, nil
}

// ReadMeta is what a database file says of itself, read without loading the rest of it (the
// registers' counts db update compares a refresh against); a compressed file is unpacked. Its
// checksum is not checked (VerifiedMeta checks it).
func ReadMeta(path string) (Meta, error) {
	f, err := os.Open(path) //nolint:gosec // the user's database
	if err != nil {
		return Meta{}, err
	}
	defer f.Close()
	head := make([]byte, headerSize+entrySize)
	if _, err := io.ReadFull(f, head); err != nil || string(head[:8]) != Magic {
		s, err := openStream(path) // compressed: unpacked as far as its meta, no further
		if err != nil {
			return Meta{}, err
		}
		defer s.close()
		return s.meta()
	}
	e := head[headerSize:]
	if le.Uint32(e) != secMeta || le.Uint64(e[16:]) > MaxFile {
		return Meta{}, formatErr("no meta section first")
	}
	raw := make([]byte, le.Uint64(e[16:]))
	if _, err := f.ReadAt(raw, int64(le.Uint64(e[8:]))); err != nil { //nolint:gosec // bounded above
		return Meta{}, formatErr("meta: %v", err)
	}
	var m Meta
	if err := json.Unmarshal(raw, &m); err != nil {
		return Meta{}, formatErr("meta: %v", err)
	}
	return m, nil
}
