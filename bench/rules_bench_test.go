package bench

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// circle is a closed 500-vertex ring around (lon, lat).
func circle(lon, lat, r float64, n int) [][]float64 {
	ring := make([][]float64, 0, n+1)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		rr := r * (1 + 0.2*math.Sin(7*a)) // not convex
		ring = append(ring, []float64{lon + rr*math.Cos(a), lat + rr*math.Sin(a)})
	}
	return append(ring, ring[0])
}

func benchRuleSet(b *testing.B) *rules.Set {
	var features []any
	for i := range 20 {
		features = append(features, map[string]any{"type": "Feature",
			"properties": map[string]any{"identifier": fmt.Sprintf("AREA%d", i)},
			"geometry":   map[string]any{"type": "Polygon", "coordinates": [][][]float64{circle(-2+float64(i%5), 50+float64(i/5), 0.4, 500)}}})
	}
	areasBody, _ := json.Marshal(map[string]any{"type": "FeatureCollection", "features": features})
	areas, err := rules.LoadAreas(areasBody)
	if err != nil || len(areas) != 20 {
		b.Fatalf("areas: %v (%d)", err, len(areas))
	}
	var rs []any
	cond := func(t, op string, v any) map[string]any { return map[string]any{"type": t, "operator": op, "value": v} }
	for i := range 100 {
		var cs []any
		switch {
		case i < 20:
			cs = []any{cond("area", "equals", fmt.Sprintf("AREA%d", i)), cond("altitude", "maximum", 10000)}
		case i < 40:
			cs = []any{cond("squawk", "equals", fmt.Sprintf("7%03d", i))}
		case i < 55:
			cs = []any{cond("altitude", "minimum", 30000+i*100), cond("velocity", "minimum", 500)}
		case i < 70:
			cs = []any{cond("heading", "equals", fmt.Sprintf("%d,%d", i*3, i*3+10)), cond("vertical_speed", "maximum", -3000)}
		case i < 80:
			cs = []any{cond("aircraft_type_designator", "equals", fmt.Sprintf("B%03d", i)), cond("ident", "equals", fmt.Sprintf("BAW%d", i))}
		case i < 90:
			cs = []any{cond("matched_rules", "in_list", []string{fmt.Sprintf("r%d", i-50)}), cond("date", "minimum", "2026-01-01")}
		default:
			cs = []any{cond("receiver_source", "equals", []string{"978"}), cond("wake_turbulence_category", "equals", "heavy")}
		}
		rs = append(rs, map[string]any{"identifier": fmt.Sprintf("r%d", i), "enabled": true, "conditions": cs})
	}
	body, _ := json.Marshal(rs)
	set, err := rules.LoadRules(body, areas, rules.Strict)
	if err != nil {
		b.Fatal(err)
	}
	return set
}

// BenchmarkEvaluator: messages through the evaluator with 100 enabled rules, 20 of them with
// area conditions on 500-vertex polygons. Messages come from 5,000 aircraft moving over the
// areas' region; each iteration evaluates one message.
func BenchmarkEvaluator(b *testing.B) {
	set := benchRuleSet(b)
	const aircraft = 5000
	msgs := make([]model.AircraftMessage, aircraft)
	alts, lats, lons, vels, hdgs, vss := make([]float64, aircraft), make([]float64, aircraft), make([]float64, aircraft), make([]float64, aircraft), make([]float64, aircraft), make([]float64, aircraft)
	start := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for i := range msgs {
		msgs[i] = model.AircraftMessage{IcaoHex: fmt.Sprintf("%06x", 0x400000+i), ReceiverSource: "1090", Ident: fmt.Sprintf("XYZ%d", i), Squawk: "1200",
			Aircraft: &model.Aircraft{TypeDesignator: "A320", WakeTurbulenceCategory: "medium"},
			Altitude: &alts[i], Latitude: &lats[i], Longitude: &lons[i], Velocity: &vels[i], Heading: &hdgs[i], VerticalSpeed: &vss[i]}
	}
	e := rules.NewEngine(set, 0)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	t0 := time.Now()
	for b.Loop() {
		i := n % aircraft
		step := float64(n / aircraft)
		m := &msgs[i]
		m.ReceivedAt = start.Add(time.Duration(n) * time.Millisecond)
		lons[i] = -2.6 + math.Mod(float64(i)*0.0013+step*0.01, 5.2)
		lats[i] = 49.6 + math.Mod(float64(i)*0.0007+step*0.005, 4.8)
		alts[i] = float64((i*37 + n) % 40000)
		vels[i] = float64(200 + i%400)
		hdgs[i] = float64((i + n) % 360)
		vss[i] = float64(i%5000 - 2500)
		e.Process(m)
		n++
	}
	b.ReportMetric(float64(n)/time.Since(t0).Seconds(), "msg/s")
}
