package watchlist_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// The in-repo fixture in Plane-Alert-DB's format: a byte-order mark, quoting with a comma, an
// extra image column, a 5-digit address (repaired), rows without a valid address (skipped), a
// row the CSV reader cannot read (skipped), a repeated address (the last row wins).
func TestParseCSVFixture(t *testing.T) {
	f, err := os.Open("testdata/small.csv")
	require.NoError(t, err)
	defer f.Close()
	entries, counts, err := watchlist.ParseCSV(f)
	require.NoError(t, err)
	require.Equal(t, watchlist.Counts{Count: 5, Skipped: 4, Repaired: 1, Duplicates: 1}, counts)
	byHex := map[string]watchlist.Entry{}
	for _, e := range entries {
		byHex[e.IcaoHex] = e
	}
	require.Equal(t, watchlist.Entry{IcaoHex: "43C6F1", Registration: "ZZ336", Operator: "Royal Air Force", Type: "Airbus KC-2 Voyager",
		TypeDesignator: "A332", Group: "mil", Category: "Tankers", Tags: []string{"Tanker", "Voyager", "Later"}}, byHex["43C6F1"], "the later row")
	require.Equal(t, "010166", byHex["010166"].IcaoHex)
	require.Equal(t, []string{"Cargo", "Airlift"}, byHex["010166"].Tags)
	require.Equal(t, "civ", byHex["AABBCC"].Group, "CIV lower-cased")
	require.Equal(t, "pol", byHex["406F2B"].Group)
	require.Equal(t, "43C6F1", entries[0].IcaoHex, "first seen order kept")

	// The quoted comma survives.
	entries, _, err = watchlist.ParseCSV(strings.NewReader("ICAO,Tag 1\nABCDEF,\"a, b\"\n"))
	require.NoError(t, err)
	require.Equal(t, []string{"a, b"}, entries[0].Tags)
}

func TestParseCSVRefusesAFileWithoutAddresses(t *testing.T) {
	f, err := os.Open("testdata/no-icao.csv")
	require.NoError(t, err)
	defer f.Close()
	_, _, err = watchlist.ParseCSV(f)
	require.ErrorIs(t, err, watchlist.ErrNoAddressColumn)
	require.Contains(t, err.Error(), "'ICAO'")
	_, _, err = watchlist.ParseCSV(strings.NewReader(""))
	require.ErrorContains(t, err, "header row")
}

// The PIA list: short rows under a longer header.
func TestParseCSVShortRows(t *testing.T) {
	f, err := os.Open("testdata/pia.csv")
	require.NoError(t, err)
	defer f.Close()
	entries, counts, err := watchlist.ParseCSV(f)
	require.NoError(t, err)
	require.Equal(t, watchlist.Counts{Count: 2}, counts)
	require.Equal(t, watchlist.Entry{IcaoHex: "0000C8", Registration: "N917BC"}, entries[0])
}

// The real list (../shared): 17,198 entries, the two 5-digit addresses repaired.
func TestParseTheRealList(t *testing.T) {
	path := "../../shared/data/watchlists/plane-alert-db.csv"
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("skipped: the real Plane-Alert-DB list is not beside the repository (%v); the in-repo fixtures are tested above", err)
	}
	defer f.Close()
	entries, counts, err := watchlist.ParseCSV(f)
	require.NoError(t, err)
	require.Equal(t, watchlist.Counts{Count: 17198, Repaired: 2}, counts)
	groups := map[string]int{}
	for _, e := range entries {
		groups[e.Group]++
	}
	require.Equal(t, map[string]int{"civ": 4587, "mil": 9851, "pol": 996, "gov": 1764}, groups)
}

func TestParseJSON(t *testing.T) {
	in, entries, counts, err := watchlist.ParseJSON([]byte(`{"name":"Mine","source":"me","licence":"CC0","entries":[
		{"icao_hex":"4ca7b5","registration":" EI-DCL ","group":"CIV","tags":["x",""]},{"icao_hex":"nothex"},{"icao_hex":"4CA7B5","category":"Later"},7]}`))
	require.NoError(t, err)
	require.Equal(t, "Mine", in.Name)
	require.Equal(t, watchlist.Counts{Count: 1, Skipped: 2, Duplicates: 1}, counts)
	require.Equal(t, []watchlist.Entry{{IcaoHex: "4CA7B5", Category: "Later"}}, entries)
	_, _, _, err = watchlist.ParseJSON([]byte(`{"name":"x"}`))
	require.ErrorContains(t, err, "entries")
	_, _, _, err = watchlist.ParseJSON([]byte(`[`))
	require.Error(t, err)
}

// The compiled set: an aircraft on two lists has both bits, its groups and categories, and
// the entry of its first list in id order.
func TestCompileAndLookup(t *testing.T) {
	lists := watchlist.Lists{
		"police": {Name: "Police", Entries: []watchlist.Entry{{IcaoHex: "406F2B", Group: "pol", Category: "Police Forces", Link: "https://x"}}},
		"mine":   {Name: "Mine", Entries: []watchlist.Entry{{IcaoHex: "406F2B", Category: " My Favourites "}, {IcaoHex: "ABCDEF", Group: "civ"}}},
	}
	s := watchlist.Compile(lists)
	require.Equal(t, []string{"mine", "police"}, s.IDs())
	w := s.Lookup("406f2b ")
	require.NotNil(t, w)
	require.Equal(t, uint32(0b11), w.Lists)
	require.Equal(t, model.WatchGroupBit("pol"), w.Groups)
	require.ElementsMatch(t, []string{"police forces", "my favourites"}, w.Categories)
	require.Equal(t, &model.WatchEntry{List: "mine", Category: " My Favourites "}, w.Shown)
	require.Nil(t, s.Lookup("000001"))
	require.Nil(t, s.Lookup("~406F2B"))
	i, ok := s.Index("police")
	require.True(t, ok)
	require.Equal(t, 1, i)
	_, ok = s.Index("nope")
	require.False(t, ok)

	back, err := watchlist.Decode(lists.Encode())
	require.NoError(t, err)
	require.Equal(t, lists, back)
	_, err = watchlist.Decode([]byte(`[]`))
	require.ErrorIs(t, err, watchlist.ErrNotObject)
}

// Encode writes what encoding/json writes for the object (as a reader decodes it), lists in
// id order; an empty object is {}.
func TestEncodeIsTheObject(t *testing.T) {
	lists := watchlist.Lists{
		"b": {Name: "B <&>", Source: "s", Licence: "l", ImportedAt: "2026-11-26T00:00:00Z", Entries: []watchlist.Entry{{IcaoHex: "406F2B", Tags: []string{"x", "y"}}, {IcaoHex: "43C6F1", Group: "mil"}}},
		"a": {Name: "A", Entries: []watchlist.Entry{}},
	}
	got := lists.Encode()
	want, err := json.Marshal(lists)
	require.NoError(t, err)
	require.JSONEq(t, string(want), string(got))
	require.Less(t, bytes.Index(got, []byte(`"a":`)), bytes.Index(got, []byte(`"b":`)))
	back, err := watchlist.Decode(got)
	require.NoError(t, err)
	require.Equal(t, lists, back)
	require.Equal(t, "{}", string(watchlist.Lists{}.Encode()))
}

// CONTRACT.md 11.1, read leniently: a bare '"' inside an unquoted field is text (the row is
// kept); a quote that never closes loses only its own line, counted once per line, and the
// rows after it are read; a quoted field over two lines is one field; CRLF lines.
func TestParseCSVLenientQuotes(t *testing.T) {
	for _, tc := range []struct {
		name, csv string
		want      watchlist.Counts
		regs      map[string]string // address → registration
	}{
		{"a bare quote is text", "ICAO,Registration,Operator\nABC123,12\" ruler,Inch Air\nABC124,N1,Two\n",
			watchlist.Counts{Count: 2}, map[string]string{"ABC123": `12" ruler`, "ABC124": "N1"}},
		{"a bare quote at the end of a field", "ICAO,Registration\nABC123,G-AB\"\nABC124,N1\n",
			watchlist.Counts{Count: 2}, map[string]string{"ABC123": `G-AB"`}},
		{"an unclosed quote loses its line only", "ICAO,Registration,Operator\nABC121,\"Open,x\nABC122,N2,Two\nABC123,N3,Three\n",
			watchlist.Counts{Count: 2, Skipped: 1}, map[string]string{"ABC122": "N2", "ABC123": "N3"}},
		{"an unclosed quote on the last line", "ICAO,Registration\nABC122,N2\nABC123,\"never closed\n",
			watchlist.Counts{Count: 1, Skipped: 1}, map[string]string{"ABC122": "N2"}},
		{"two unclosed quotes, one skip each", "ICAO,Registration\nABC121,\"a\nABC122,\"b\nABC123,N3\n",
			watchlist.Counts{Count: 1, Skipped: 2}, map[string]string{"ABC123": "N3"}},
		{"a quoted field over two lines", "ICAO,Registration,Operator\nABC121,\"two\nlines\",Op\nABC122,N2,Two\n",
			watchlist.Counts{Count: 2}, map[string]string{"ABC121": "two\nlines", "ABC122": "N2"}},
		{"escaped quotes", "ICAO,Registration\nABC121,\"say \"\"hi\"\"\"\n",
			watchlist.Counts{Count: 1}, map[string]string{"ABC121": `say "hi"`}},
		{"CRLF lines", "ICAO,Registration\r\nABC121,N1\r\nABC122,\"open\r\nABC123,N3\r\n",
			watchlist.Counts{Count: 2, Skipped: 1}, map[string]string{"ABC121": "N1", "ABC123": "N3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			entries, counts, err := watchlist.ParseCSV(strings.NewReader(tc.csv))
			require.NoError(t, err)
			require.Equal(t, tc.want, counts)
			got := map[string]string{}
			for _, e := range entries {
				got[e.IcaoHex] = e.Registration
			}
			for hex, reg := range tc.regs {
				require.Equal(t, reg, got[hex], hex)
			}
		})
	}
}

// A JSON list that starts with a UTF-8 byte-order mark is read as JSON (CONTRACT.md 11.1).
func TestImportJSONWithAByteOrderMark(t *testing.T) {
	body := append([]byte("\ufeff"), `{"name":"Mine","entries":[{"icao_hex":"abc123","registration":"G-MINE"}]}`...)
	require.True(t, watchlist.LooksLikeJSON(body))
	l, counts, err := watchlist.Import(body, false, watchlist.JSONImport{}, time.Unix(0, 0))
	require.NoError(t, err)
	require.Equal(t, watchlist.Counts{Count: 1}, counts)
	require.Equal(t, "Mine", l.Name)
	require.Equal(t, "ABC123", l.Entries[0].IcaoHex)
}

// Links are kept only when they are http(s) URLs; others are dropped and counted as repaired
// (CONTRACT.md 11.4), in CSV and JSON imports, one entry added, and a stored list another tool
// wrote (never shown).
func TestLinksOnlyHTTP(t *testing.T) {
	csv := "ICAO,Link\nABC121,https://example.org/a\nABC122,javascript:alert(document.domain)\nABC123,JAVASCRIPT:alert(1)\n" +
		"ABC124,data:text/html,<script>alert(1)</script>\nABC125,//evil.example/x\nABC126,http://example.org/b\nABC127,ftp://example.org/c\n"
	entries, counts, err := watchlist.ParseCSV(strings.NewReader(csv))
	require.NoError(t, err)
	require.Equal(t, watchlist.Counts{Count: 7, Repaired: 5}, counts)
	links := map[string]string{}
	for _, e := range entries {
		links[e.IcaoHex] = e.Link
	}
	require.Equal(t, map[string]string{"ABC121": "https://example.org/a", "ABC122": "", "ABC123": "", "ABC124": "", "ABC125": "",
		"ABC126": "http://example.org/b", "ABC127": ""}, links)
	_, _, counts, err = watchlist.ParseJSON([]byte(`{"entries":[{"icao_hex":"ABC121","link":"javascript:alert(1)"}]}`))
	require.NoError(t, err)
	require.Equal(t, 1, counts.Repaired)
	e, err := watchlist.CheckEntry(watchlist.Entry{IcaoHex: "abc121", Link: "javascript:alert(1)"})
	require.NoError(t, err)
	require.Empty(t, e.Link)

	set := watchlist.Compile(watchlist.Lists{"x": {Entries: []watchlist.Entry{{IcaoHex: "ABC121", Link: "javascript:alert(1)"}, {IcaoHex: "ABC122", Link: "https://ok.example/"}}}})
	require.Empty(t, set.Lookup("ABC121").Shown.Link, "a stored javascript: link is never shown")
	require.Equal(t, "https://ok.example/", set.Lookup("ABC122").Shown.Link)
}
