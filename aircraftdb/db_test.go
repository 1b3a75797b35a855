package aircraftdb_test

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
)

const (
	fixtureMic = "testdata/mictronics"
	fixtureSD  = "testdata/standing-data"
)

func buildFixture(t *testing.T) ([]byte, aircraftdb.Meta) {
	t.Helper()
	b, meta, err := aircraftdb.Build(fixtureMic, fixtureSD)
	require.NoError(t, err)
	return b, meta
}

func TestBuildReadsTheUpstreamFilesAndSkipsGarbage(t *testing.T) {
	b, meta := buildFixture(t)
	require.Equal(t, map[string]int{
		"aircrafts.json: not a 6-hex-digit address": 1, // ZZZZZZ
		"aircrafts.json: short row":                 1, // 400001 has one column
		"aircrafts.json: not an array of strings":   1, // 400002 holds numbers
		"operators.json: not a 3-letter designator": 1, // TOOLONG
		"airports: unreadable row":                  1, // a bare quote
		"airports: too few columns":                 1, // EGSH
		"routes: unknown airport":                   1, // BAW1 names NOWHERE
		"code-blocks: not hex":                      1,
	}, meta.Skipped)
	require.Equal(t, 5, meta.Counts["aircraft"])
	require.Equal(t, 4, meta.Counts["airports"])
	require.Equal(t, 4, meta.Counts["routes"])    // BAW12, BAW0AB, EZY16EG, N123AB
	require.Equal(t, 4, meta.Counts["operators"]) // BAW, EZY, RCH + XYZ from the airlines
	require.Equal(t, 1, meta.Counts["operators_airlines"])
	require.Equal(t, "514", meta.Sources[0].Version)

	db, err := aircraftdb.Load(b)
	require.NoError(t, err)
	a, ok := db.Aircraft(0x4CA87D)
	require.True(t, ok)
	require.Equal(t, "EI-EJH", a.Registration)
	require.Equal(t, aircraftdb.TypeRecord{Designator: "A332", Model: "AIRBUS A-330-200", Description: [3]byte{'L', '2', 'J'}, Engines: 2, EngineType: 'J'}, a.Type)
	mil, ok := db.Aircraft(0x43C6E1)
	require.True(t, ok)
	require.True(t, mil.Military, "Mictronics flags char 0 = 1")
	_, ok = db.Aircraft(0x400001)
	require.False(t, ok)

	// A type only the standing data knows: model from manufacturer and model, engines.
	ty, ok := db.Type("B77W")
	require.True(t, ok)
	require.Equal(t, "BOEING 777-300ER", ty.Model)
	require.Equal(t, int8(2), ty.Engines)
	coupled, ok := db.Type("CPLD")
	require.True(t, ok)
	require.Equal(t, int8(-1), coupled.Engines, "C (coupled) is no count")

	op, ok := db.Operator("BAW")
	require.True(t, ok)
	require.Equal(t, aircraftdb.Operator{Designator: "BAW", Name: "British Airways", Country: "United Kingdom", Callsign: "SPEEDBIRD"}, op)
	xyz, ok := db.Operator("XYZ")
	require.True(t, ok)
	require.Equal(t, aircraftdb.Operator{Designator: "XYZ", Name: "Extra Air"}, xyz, "the standing data's airline: the name only")

	r, ok := db.Route("BAW012") // leading zero stripped
	require.True(t, ok)
	require.Equal(t, 2, r.Len())
	require.Equal(t, "WSSS", r.Airport(0).ICAO)
	require.Equal(t, "EGLL", r.Airport(1).ICAO)
	require.Equal(t, "SIN", r.Airport(0).IATA)
	require.InDelta(t, 1.35019, r.Airport(0).Latitude, 1e-9)
	require.Equal(t, int32(83), r.Airport(1).AltitudeFeet)
	r, ok = db.Route("BAW00AB") // only letters left: one 0 back
	require.True(t, ok)
	require.Equal(t, 3, r.Len())
	_, ok = db.Route("BAW1")
	require.False(t, ok, "a route naming an unknown airport is skipped")

	require.True(t, db.MilitaryBlock(0x43C123), "the most specific block is military")
	require.False(t, db.MilitaryBlock(0x400123))
}

func TestBuildIsDeterministic(t *testing.T) {
	a, _ := buildFixture(t)
	b, _ := buildFixture(t)
	require.Equal(t, a, b)
	for _, name := range []string{"aircraft.db.gz", "aircraft.db.zst"} {
		ca, err := aircraftdb.Compress(name, a)
		require.NoError(t, err)
		cb, err := aircraftdb.Compress(name, b)
		require.NoError(t, err)
		require.Equal(t, ca, cb, name)
		db, err := aircraftdb.Decode(ca)
		require.NoError(t, err, name)
		require.Equal(t, len(a), db.Size(), "%s unpacks to the database", name)
	}
}

func TestLoadRefusesWhatIsNotADatabase(t *testing.T) {
	good, _ := buildFixture(t)
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 0xFF
	otherVersion := bytes.Clone(good)
	binary.LittleEndian.PutUint32(otherVersion[8:], 99)
	gz, err := aircraftdb.Compress(".gz", good)
	require.NoError(t, err)
	zst, err := aircraftdb.Compress(".zst", good)
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "shorter than a header"},
		{"foreign", []byte(`{"aircraft": "a JSON file, not a database"}`), "magic"},
		{"truncated", good[:len(good)/2], "checksum"},
		{"corrupt", flipped, "checksum"},
		{"another format version", otherVersion, "format version 99"},
		{"truncated gzip", gz[:len(gz)/2], "gzip"},
		{"truncated zstd", zst[:len(zst)/2], "zstd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := aircraftdb.Decode(tc.b)
			require.ErrorIs(t, err, aircraftdb.ErrFormat)
			require.ErrorContains(t, err, tc.want)
		})
	}
	db, err := aircraftdb.Decode(gz)
	require.NoError(t, err, "a gzip-compressed database loads")
	require.Equal(t, len(good), db.Size())
}

func TestNormaliseCallsign(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"EZY1200", "EZY1200"}, {"EZY0001", "EZY1"}, {"EZY0000", "EZY0"}, {"EZY00AB", "EZY0AB"},
		{"BA123", "BA123"}, {"baw12 ", "BAW12"}, {"A1234", "A1234"}, {"4U123", "4U123"},
		{"\tBAW12", "BAW12"}, {" \r\n BAW12\t", "BAW12"}, // whitespace of any kind around it
		{"GEZUA", ""}, {"ABCD12", ""}, {"", ""}, {"BAW", ""}, {"BAW123456789", ""},
	} {
		key, ok := aircraftdb.NormaliseCallsign(tc.in)
		var got []byte
		for i := 0; ok && i < 8; i++ {
			if c := byte(key >> (56 - 8*i)); c != 0 {
				got = append(got, c)
			}
		}
		require.Equal(t, tc.want, string(got), tc.in)
		require.Equal(t, tc.want != "", ok, tc.in)
	}
}

func TestLookupsAllocateNothing(t *testing.T) {
	db, err := shipped.Load()
	require.NoError(t, err)
	var sink int
	allocs := testing.AllocsPerRun(100, func() {
		a, _ := db.Aircraft(0x4CA87D)
		op, _ := db.Operator("BAW")
		r, _ := db.Route("BAW12")
		sink += len(a.Registration) + len(op.Name) + r.Len() + len(r.Airport(0).Name)
	})
	require.Zero(t, allocs)
	require.Positive(t, sink)
}

func TestHandleFollowsTheFileAndKeepsTheLastGoodOne(t *testing.T) {
	good, _ := buildFixture(t)
	path := filepath.Join(t.TempDir(), "aircraft.db")
	h := aircraftdb.NewHandle(path, nil, zerolog.Nop())
	require.Nil(t, h.Current(), "no file, no fallback: no enrichment")

	require.NoError(t, aircraftdb.WriteAtomic(path, good))
	require.True(t, h.Refresh())
	first := h.Current()
	require.NotNil(t, first)

	// A replaced file (a db update) is used on the next look.
	gz, err := aircraftdb.Compress(".zst", good)
	require.NoError(t, err)
	require.NoError(t, aircraftdb.WriteAtomic(path, gz))
	require.True(t, h.Refresh())
	require.NotSame(t, first, h.Current())

	// A broken file keeps the one in use.
	inUse := h.Current()
	require.NoError(t, os.WriteFile(path, []byte("garbage"), 0o600))
	require.False(t, h.Refresh())
	require.Same(t, inUse, h.Current())

	// The default mode: the shipped database while the file is absent.
	fallback, err := shipped.Load()
	require.NoError(t, err)
	calls := 0
	lazy := func() *aircraftdb.DB { calls++; return fallback }
	h2 := aircraftdb.NewHandle(filepath.Join(t.TempDir(), "absent.db"), lazy, zerolog.Nop())
	require.Same(t, fallback, h2.Current())
	// With the file there, the shipped database is never unpacked.
	present := filepath.Join(t.TempDir(), "present.db")
	require.NoError(t, aircraftdb.WriteAtomic(present, good))
	calls = 0
	h3 := aircraftdb.NewHandle(present, lazy, zerolog.Nop())
	require.NotNil(t, h3.Current())
	require.Zero(t, calls, "the fallback is not loaded while the file is there")
}
