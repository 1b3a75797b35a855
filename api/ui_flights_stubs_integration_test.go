//go:build integration

package api_test

// TEMPORARY (issue 54, helper U): the routes helpers T and A are building, answered from the
// fixture until their branches are merged; deleted then, and the tests run on the real ones.

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// backendFilters: /api/flights reads sort, max_alt and hours (helper A's branch merged).
const backendFilters = false

func flightStubs(t *testing.T, h http.Handler, flights []uiFlight, today time.Time) http.Handler {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", h)
	rowsOf := func(r *http.Request, from, to string) []flightlog.Row {
		q := "/api/flights?limit=500&from=" + from + "&to=" + to
		req := httptest.NewRequestWithContext(r.Context(), "GET", q, nil)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var page struct{ Flights []flightlog.Row }
		_ = json.Unmarshal(rec.Body.Bytes(), &page)
		return page.Flights
	}
	byIdent := map[string]uiFlight{}
	for _, f := range flights {
		byIdent[f.row.Ident] = f
	}
	mux.HandleFunc("GET /ui/config.json", func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		var m map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &m)
		m["home"] = map[string]float64{"lat": uiHome[0], "lon": uiHome[1]}
		m["low"] = map[string]float64{"nm": 1, "ft": 2000}
		_ = json.NewEncoder(w).Encode(m)
	})
	mux.HandleFunc("GET /api/flights/{id}/track", func(w http.ResponseWriter, r *http.Request) {
		id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
		for _, row := range rowsOf(r, today.AddDate(0, 0, -40).Format(time.DateOnly), today.Format(time.DateOnly)) {
			f := byIdent[row.Ident]
			if row.ID != id || len(f.track) == 0 {
				continue
			}
			var coords [][3]float64
			for _, p := range f.track {
				coords = append(coords, [3]float64{p[0], p[1], p[2] * 0.3048})
			}
			props := map[string]any{}
			b, _ := json.Marshal(row)
			_ = json.Unmarshal(b, &props)
			props["closest"] = map[string]any{"lon": f.track[len(f.track)/2][0], "lat": f.track[len(f.track)/2][1], "altitude": row.ClosestAltitude, "at": row.ClosestAt, "nm": row.ClosestNM}
			writeStub(w, map[string]any{"type": "Feature", "geometry": map[string]any{"type": "LineString", "coordinates": coords}, "properties": props})
			return
		}
		w.WriteHeader(http.StatusNotFound)
		writeStub(w, map[string]any{"detail": "No track"})
	})
	mux.HandleFunc("GET /api/coverage", func(w http.ResponseWriter, r *http.Request) {
		from, _ := time.Parse(time.DateOnly, r.URL.Query().Get("from"))
		to := from.AddDate(0, 0, 1)
		if v := r.URL.Query().Get("to"); v != "" {
			to, _ = time.Parse(time.DateOnly, v)
			to = to.AddDate(0, 0, 1)
		}
		rows := rowsOf(r, from.Format(time.DateOnly), to.AddDate(0, 0, -1).Format(time.DateOnly))
		var out []map[string]any
		for s, nm := range reachSectors(flights, from, to) {
			id := int64(0)
			for _, row := range rows {
				if len(byIdent[row.Ident].track) > 0 {
					id = row.ID
				}
			}
			out = append(out, map[string]any{"bearing": s, "nm": nm, "id": id, "altitude": 12000, "at": today.Add(14 * time.Hour)})
		}
		sort.Slice(out, func(i, j int) bool { return out[i]["bearing"].(int) < out[j]["bearing"].(int) })
		writeStub(w, out)
	})
	mux.HandleFunc("GET /api/flights/records", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		to := q.Get("to")
		if to == "" {
			to = q.Get("from")
		}
		rows := rowsOf(r, q.Get("from"), to)
		pick := func(better func(a, b flightlog.Row) bool) any {
			if len(rows) == 0 {
				return nil
			}
			best := rows[0]
			for _, x := range rows[1:] {
				if better(x, best) {
					best = x
				}
			}
			return best
		}
		writeStub(w, map[string]any{
			"closest":              pick(func(a, b flightlog.Row) bool { return *a.ClosestNM < *b.ClosestNM }),
			"lowest":               pick(func(a, b flightlog.Row) bool { return *a.ClosestAltitude < *b.ClosestAltitude }),
			"highest":              pick(func(a, b flightlog.Row) bool { return *a.MaxAltitude < *b.MaxAltitude }),
			"fastest":              nil,
			"first_time_types":     []map[string]any{{"key": "A320", "row": rows[0]}},
			"first_time_operators": []map[string]any{{"key": "EZY", "row": rows[0]}},
		})
	})
	mux.HandleFunc("GET /api/flights/top", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		to := q.Get("to")
		if to == "" {
			to = q.Get("from")
		}
		count := map[string]int{}
		for _, row := range rowsOf(r, q.Get("from"), to) {
			k := map[string]string{"operator": row.Operator.AirlineDesignator, "type": row.TypeDesignator, "registration": row.Registration, "route": "LHR-DUB"}[q.Get("by")]
			count[k]++
		}
		var out []map[string]any
		for k, n := range count {
			out = append(out, map[string]any{"key": k, "name": k + " name", "flights": n, "aircraft": n / 2})
		}
		writeStub(w, out)
	})
	return mux
}

func writeStub(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// antimeridianStub answers the one flight's track as helper T's route does across ±180: a
// MultiLineString split there, the crossing point ending one part and starting the next.
func antimeridianStub(t *testing.T, h http.Handler, pts [][3]float64) http.Handler {
	t.Helper()
	mux := http.NewServeMux()
	mux.Handle("/", h)
	mux.HandleFunc("GET /api/flights/{id}/track", func(w http.ResponseWriter, r *http.Request) {
		m := func(p [3]float64) []float64 { return []float64{p[0], p[1], p[2] * 0.3048} }
		a, b := pts[1], pts[2]
		t := (180 - a[0]) / (b[0] + 360 - a[0])
		lat := a[1] + t*(b[1]-a[1])
		parts := [][][]float64{{m(pts[0]), m(a), {180, lat, a[2] * 0.3048}}, {{-180, lat, a[2] * 0.3048}, m(b), m(pts[3])}}
		writeStub(w, map[string]any{"type": "Feature", "geometry": map[string]any{"type": "MultiLineString", "coordinates": parts},
			"properties": map[string]any{"id": 1, "icao_hex": "400001", "ident": "FJI411", "positions": 4, "first_seen": time.Now().UTC(), "last_seen": time.Now().UTC()}})
	})
	return mux
}
