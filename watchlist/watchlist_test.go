package watchlist_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

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
