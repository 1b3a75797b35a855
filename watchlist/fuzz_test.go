package watchlist_test

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// A list from anyone (an upload, a URL): never a panic; every kept entry has a 6-digit
// address, no address twice, only http(s) links; the counts add up to what was kept.
func FuzzParseCSV(f *testing.F) {
	for _, seed := range []string{"testdata/small.csv", "testdata/pia.csv", "testdata/no-icao.csv"} {
		if b, err := os.ReadFile(seed); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("ICAO,Registration,Link\nABC123,\"open\nABC124,12\" ruler,javascript:x\n"))
	f.Add([]byte("\ufeff$ICAO,#CMPG\n1,Mil\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		entries, counts, err := watchlist.ParseCSV(bytes.NewReader(b))
		if err != nil {
			return
		}
		check(t, entries, counts)
	})
}

// A JSON list from anyone: as the CSV.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"name":"x","entries":[{"icao_hex":"abc","link":"https://a.example/"},{"icao_hex":"zzz"}]}`))
	f.Add([]byte("\ufeff{\"entries\":[]}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, entries, counts, err := watchlist.ParseJSON(b)
		if err != nil {
			return
		}
		check(t, entries, counts)
		if l, _, err := watchlist.Import(b, false, watchlist.JSONImport{}, time.Unix(0, 0)); err == nil && len(l.Entries) != len(entries) {
			t.Fatalf("Import kept %d, ParseJSON %d", len(l.Entries), len(entries))
		}
	})
}

func check(t *testing.T, entries []watchlist.Entry, counts watchlist.Counts) {
	t.Helper()
	if counts.Count != len(entries) {
		t.Fatalf("count %d, %d entries", counts.Count, len(entries))
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if len(e.IcaoHex) != 6 || strings.Trim(e.IcaoHex, "0123456789ABCDEF") != "" {
			t.Fatalf("kept address %q", e.IcaoHex)
		}
		if seen[e.IcaoHex] {
			t.Fatalf("address %s twice", e.IcaoHex)
		}
		seen[e.IcaoHex] = true
		if e.Link != "" && !watchlist.WebLink(e.Link) {
			t.Fatalf("kept link %q", e.Link)
		}
	}
}
