package registers

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are the in-repo register files, the seeds of both targets.
func fuzzSeeds(f *testing.F) {
	for _, name := range []string{"MASTER.txt", "acrftreg.csv"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("Mark,regholdname\r\n\"unterminated,x\r\n"))
}

// checkEntry is what every kept entry must be, whatever the file: a key, and values that are
// clean UTF-8 with no control characters and no runs of spaces (CONTRACT 12.2).
func checkEntry(t *testing.T, e Entry) {
	if !e.HasAddress && !strings.HasPrefix(e.Registration, "VH-") {
		t.Fatalf("an entry without a key: %+v", e)
	}
	r := e.Record
	values := append(append([]string{r.City, r.AdministrativeArea, r.PostalCode, r.Country, r.Type}, r.Names...), r.Street...)
	for _, v := range values {
		if !utf8.ValidString(v) || v != clean(v) {
			t.Fatalf("a value not clean: %q", v)
		}
	}
	if r.Country != "" && len(r.Country) != 2 {
		t.Fatalf("a country that is no code: %q", r.Country)
	}
}

// fuzzRead fuzzes one reader: no panic, every entry clean, never more kept than read.
func fuzzRead(f *testing.F, read func(io.Reader, func(Entry)) (Counts, error)) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := read(bytes.NewReader(b), func(e Entry) { checkEntry(t, e) })
		if err == nil && c.Kept > c.Read {
			t.Fatalf("kept %d of %d", c.Kept, c.Read)
		}
	})
}

func FuzzReadFAA(f *testing.F)  { fuzzRead(f, readFAA) }
func FuzzReadCASA(f *testing.F) { fuzzRead(f, readCASA) }

// FuzzReadTC gives one input as both of Transport Canada's files (each read as the layout it
// should have, 47 and 20 columns).
func FuzzReadTC(f *testing.F) {
	for _, name := range []string{"carscurr.txt", "carsownr.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", "ccarcsdb", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("\"GABC\r\n\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		dir := t.TempDir()
		for _, name := range []string{"carscurr.txt", "carsownr.txt"} {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		c, err := TC{}.Read(dir, func(e Entry) { checkEntry(t, e) })
		if err == nil && c.Kept > c.Read {
			t.Fatalf("kept %d of %d", c.Kept, c.Read)
		}
	})
}
