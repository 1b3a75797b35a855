package flightlog

import (
	"encoding/csv"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// full is a row with every field set.
func full() Row {
	r := sample(5)
	r.Squawks, r.ManufacturerModel, r.Origin, r.Destination = []string{"1000", "7700"}, "AIRBUS A-320", "EGLL", "LEPA"
	r.Registrant, r.RegistrantType, r.RegistrantSource = "EASYJET AIRLINE CO LTD", "Corporation", "faa"
	r.Watchlist = &Watch{List: "plane-alert", Group: "gov", Category: "Government"}
	r.MaxSpeed, r.ClosestAltitude = ip(450), ip(2300)
	at := r.FirstSeen.Add(time.Minute)
	r.ClosestAt = &at
	lat, lon := 51.47123, -0.45
	r.ClosestLat, r.ClosestLon = &lat, &lon
	r.MatchedRules, r.ReceiverSources = []string{"low", "watch-all"}, []string{"1090", "mlat"}
	return r
}

// One column table makes the schema, the insert, the scan and the CSV (issue 52): the file's
// columns are the table's in its order, every field of the row comes back as written, and the
// CSV has a cell for every header, in the header's order.
func TestOneColumnTableMakesSchemaInsertScanAndCSV(t *testing.T) {
	l, _ := openTemp(t)
	var got []string
	rows, err := l.db.Query("SELECT name FROM pragma_table_info('flights')")
	require.NoError(t, err)
	for rows.Next() {
		var n string
		require.NoError(t, rows.Scan(&n))
		got = append(got, n)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, strings.Split(names(allColumns), ", "), got, "the file's columns are the table's")
	require.Equal(t, strings.Split(selectList, ", "), got[:len(got)-1], "a list reads every column but the track")
	require.Equal(t, len(insertColumns)*insertRows, strings.Count(insertSQL(insertRows, false), "?"))

	w := full()
	require.NoError(t, l.Insert(t.Context(), []Row{w}))
	page, _, err := l.Page(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)})
	require.NoError(t, err)
	require.Len(t, page, 1)
	w.ID, w.RegistrantSource = page[0].ID, "" // the source is stored, never served
	require.Equal(t, w, page[0], "every field back as written")
	for i := range reflect.TypeFor[Row]().NumField() { // no field of the row left unset by full()
		f := reflect.TypeFor[Row]().Field(i)
		if f.Tag.Get("json") != "-" {
			require.False(t, reflect.ValueOf(w).Field(i).IsZero(), "full() sets %s", f.Name)
		}
	}

	var out strings.Builder
	cw, err := NewCSVWriter(&out, zone(t, "Europe/Madrid"))
	require.NoError(t, err)
	require.NoError(t, cw.Write(&page[0]))
	require.NoError(t, cw.Flush())
	recs, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	require.NoError(t, err)
	require.Equal(t, CSVHeader, recs[0])
	cell := map[string]string{}
	for i, h := range recs[0] {
		cell[h] = recs[1][i]
	}
	require.Equal(t, "EASYJET AIRLINE CO LTD", cell["registrant"])
	require.Equal(t, "Corporation", cell["registrant_type"])
	require.Equal(t, "1000 7700", cell["squawks"])
	require.Equal(t, "2.5", cell["closest_nm"])
	require.Equal(t, "51.47123", cell["closest_lat"])
	require.Equal(t, "-0.45000", cell["closest_lon"])
	require.Equal(t, "2026-11-27", cell["day"])
	require.Equal(t, "2026-11-27T01:00+01:00", cell["hour"], "00:50 UTC is 01:50 in Madrid")
	require.NotContains(t, recs[0], "registrant_source")

	b, err := json.Marshal(page[0])
	require.NoError(t, err)
	require.Contains(t, string(b), `"registrant_type":"Corporation"`)
	require.NotContains(t, string(b), "faa")
}
