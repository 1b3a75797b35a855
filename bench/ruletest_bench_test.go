//go:build integration

package bench

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// BenchmarkRuleTest500k: POST /api/rules/test of one rule (an area and an altitude) on a full
// keeper, 500,000 kept messages (the global snapshot, moving, as many rounds as it takes),
// through the handler and the real store; issue 26's target is under one second.
func BenchmarkRuleTest500k(b *testing.B) {
	env := testenv.Get(b)
	r := env.Redis(b)
	if err := r.Do(b.Context(), r.B().Flushdb().Build()).Error(); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open("../cmd/tracker-rules/testdata/readsb_global_20220430.json.gz")
	if err != nil {
		b.Fatal(err)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	snap, err := readsb.Parse(zr)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	traffic := keeper.NewTraffic("", 0, 24*time.Hour, zerolog.Nop())
	per := len(snap.Messages(nil))
	msgs := snap.Moving(keeper.MaxKeptMessages/per + 1)
	// What the full keeper holds on the heap (docs/configuration.md's figure, CONFIG_UI_TRAFFIC_MINUTES): the heap in use before and
	// after filling it.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range msgs[:keeper.MaxKeptMessages] {
		traffic.Add(&msgs[i])
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(msgs)
	kept := float64(after.HeapAlloc-before.HeapAlloc) / (1 << 20)
	srv, err := api.NewServer(api.NewStore(r, "", zerolog.Nop()), api.Options{Traffic: traffic, Open: true}, zerolog.Nop())
	if err != nil {
		b.Fatal(err)
	}
	h := srv.Handler()
	put := func(path string, body any) {
		j, _ := json.Marshal(body)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(j)))
		if rec.Code != http.StatusCreated {
			b.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
	put("/api/areas", map[string]any{"identifier": "EUROPE", "geometry": map[string]any{"type": "Polygon",
		"coordinates": [][][]float64{{{-10, 35}, {30, 35}, {30, 60}, {-10, 60}, {-10, 35}}}}})
	rule := map[string]any{"identifier": "low-europe", "enabled": true, "conditions": []any{
		map[string]any{"type": "area", "operator": "equals", "value": "EUROPE"},
		map[string]any{"type": "altitude", "operator": "maximum", "value": 10000}}}
	body, _ := json.Marshal(map[string]any{"rule": rule})
	b.ResetTimer()
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/api/rules/test", bytes.NewReader(body)))
		if rec.Code != http.StatusOK {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
	b.ReportMetric(float64(traffic.Len()), "messages/op")
	b.ReportMetric(kept, "kept-MiB")
}
