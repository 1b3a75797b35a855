package aircraftdb

import (
	"bytes"
	"os"

	"github.com/tracker-adsb/tracker-core-health/registers"

	"path/filepath"
	"testing"
)

// Every reader of upstream data and of the database file: no input panics, garbage is
// skipped or refused with an error.

func FuzzMictronicsJSON(f *testing.F) {
	for _, name := range []string{"aircrafts.json", "types.json", "operators.json"} {
		b, err := os.ReadFile(filepath.Join("testdata/mictronics", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("\ufeff{\"4CA87D\":[\"EI-EJH\",\"A332\",\"00\"],\"x\":[1,{}],\"y\":null}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b := newBuilder()
		_ = b.jsonObject(data, "bad", func(key string, _ []string) {
			if key != clean(key) {
				t.Fatalf("key %q handed on uncleaned", key)
			}
		})
		_ = b.mictronics(&files{byPath: map[string][]byte{"aircrafts.json": data, "types.json": data, "operators.json": data}})
	})
}

func FuzzStandingDataCSV(f *testing.F) {
	for _, p := range []string{"airports/schema-01/E/EG.csv", "routes/schema-01/B/BAW-all.csv", "code-blocks/schema-01/code-blocks.csv", "model-type/schema-01/A.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata/standing-data", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("Code,Name\n\"unterminated,x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		want := []string{"Code", "Name", "ICAO", "IATA", "Location", "CountryISO2", "Latitude", "Longitude", "AltitudeFeet"}
		b := newBuilder()
		_ = b.csvFile("airports/x.csv", bytes.NewReader(data), want, func(cols []string) {
			if len(cols) != len(want) {
				t.Fatalf("%d columns handed on, want %d", len(cols), len(want))
			}
		})
		// The whole standing data made of this one file in every folder.
		sd := &files{byPath: map[string][]byte{}}
		for _, folder := range []string{"airlines", "airports/schema-01/E", "model-type", "routes/schema-01/B", "code-blocks"} {
			sd.byPath[folder+"/schema-01/x.csv"] = data
		}
		_ = b.standingData(sd)
		if out, err := b.encodeAll(); err == nil {
			if _, err := Load(out); err != nil {
				t.Fatalf("a build that does not load: %v", err)
			}
		}
	})
}

func FuzzLoad(f *testing.F) {
	good, _, err := Build("testdata/mictronics", "testdata/standing-data")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:200])
	withOwners, _, err := BuildWith(Options{Mictronics: "testdata/mictronics", StandingData: "testdata/standing-data",
		Registers: []RegisterFile{{Register: registers.FAA{}, Path: "../registers/testdata/MASTER.txt"},
			{Register: registers.TC{}, Path: "../registers/testdata/ccarcsdb"}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(withOwners) // format 2
	for _, name := range []string{".gz", ".zst"} {
		packed, err := Compress(name, good)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(packed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Decode(data)
		// The checksum refuses nearly every mutation: fix it up, so that the structure checks
		// behind it meet the garbage too.
		if len(data) < headerSize {
			return
		}
		data = append([]byte(nil), data...)
		le.PutUint32(data[16:], crc32Castagnoli(data[headerSize:]))
		db, err := Load(data)
		if err != nil {
			return
		}
		// A database that loads answers every lookup without reading out of bounds.
		for _, addr := range []uint32{0, 0x4CA87D, 0x43C6E1, 0xFFFFFF, 0xA12345, 0xC038AA} {
			db.Aircraft(addr)
			db.MilitaryBlock(addr)
			if r, ok := db.Registrant(addr); ok {
				r.AppendJSON(nil)
			}
		}
		db.Operator("BAW")
		db.Type("A332")
		for _, cs := range []string{"BAW12", "BAW0AB", "EZY16EG"} {
			if r, ok := db.Route(cs); ok {
				for i := range r.Len() {
					r.Airport(i)
				}
			}
		}
		for i := range db.Airports() {
			db.AirportAt(i)
		}
	})
}

// The military check through the groups answers as the standing data's method does: every
// block by descending significant bitmask, the first that holds the address.
func TestMilitaryBlockGroupsAgreeWithTheLinearWalk(t *testing.T) {
	zst, err := os.ReadFile("shipped/aircraft.db.zst") // the full 811 blocks, nested and overlapping
	if err != nil {
		t.Fatal(err)
	}
	db, err := Decode(zst)
	if err != nil {
		t.Fatal(err)
	}
	if db.groups == nil {
		t.Fatal("the build's blocks are grouped")
	}
	linear := *db
	linear.groups = nil
	for addr := uint32(0); addr <= 0xFFFFFF; addr += 997 {
		if db.MilitaryBlock(addr) != linear.MilitaryBlock(addr) {
			t.Fatalf("%06X: the groups and the walk disagree", addr)
		}
	}
	for _, addr := range []uint32{0x43C000, 0x43CFFF, 0x43D000, 0x43BFFF} {
		if db.MilitaryBlock(addr) != linear.MilitaryBlock(addr) {
			t.Fatalf("%06X: the groups and the walk disagree", addr)
		}
	}
}
