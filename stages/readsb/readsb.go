// Package readsb reads readsb/tar1090 aircraft.json snapshots and turns their aircraft into
// traffic messages for the rule engine: the one conversion of tracker-rules from-readsb,
// watch, and the replay benchmarks.
package readsb

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Snapshot is readsb's aircraft.json: `now` in epoch seconds, and per aircraft the
// fields of readsb's README-json.md.
type Snapshot struct {
	Now      float64 `json:"now"`
	Aircraft []struct {
		Hex      string          `json:"hex"`
		Type     string          `json:"type"`
		Flight   string          `json:"flight"`
		Reg      string          `json:"r"`
		TypeDes  string          `json:"t"`
		Category string          `json:"category"` // emitter category: A1 light … A5 heavy
		AltBaro  json.RawMessage `json:"alt_baro"` // feet, or "ground"
		GS       *float64        `json:"gs"`
		Track    *float64        `json:"track"`
		BaroRate *float64        `json:"baro_rate"`
		Squawk   string          `json:"squawk"`
		Lat      *float64        `json:"lat"`
		Lon      *float64        `json:"lon"`
		DBFlags  int             `json:"dbFlags"`
		Seen     float64         `json:"seen"`
	} `json:"aircraft"`
}

// Parse reads an aircraft.json snapshot.
func Parse(r io.Reader) (*Snapshot, error) {
	var snap Snapshot
	if err := json.NewDecoder(r).Decode(&snap); err != nil {
		return nil, fmt.Errorf("not a readsb aircraft.json: %w", err)
	}
	if snap.Now <= 0 {
		return nil, fmt.Errorf("not a readsb aircraft.json: no \"now\"")
	}
	return &snap, nil
}

// Clock is the snapshot's own time.
func (snap *Snapshot) Clock() time.Time {
	sec, frac := math.Modf(snap.Now)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC()
}

// Messages turns the snapshot's aircraft into traffic messages, each received `seen` seconds
// before the snapshot's `now`; keep, when set, chooses which (by hex and received time). It
// is the one conversion of from-readsb and watch.
func (snap *Snapshot) Messages(keep func(hex string, at time.Time) bool) []model.AircraftMessage {
	now := snap.Clock()
	out := make([]model.AircraftMessage, 0, len(snap.Aircraft))
	for _, a := range snap.Aircraft {
		hex := strings.TrimSpace(a.Hex) // a non-ICAO address keeps its "~" (model.NonICAO)
		if strings.TrimPrefix(hex, model.NonICAOPrefix) == "" {
			continue
		}
		at := now.Add(-time.Duration(a.Seen * float64(time.Second))).Truncate(time.Millisecond)
		if keep != nil && !keep(hex, at) {
			continue
		}
		m := model.AircraftMessage{
			ReceivedAt:     at,
			IcaoHex:        hex,
			ReceiverSource: "1090",
			Ident:          strings.TrimSpace(a.Flight),
			Squawk:         a.Squawk,
			Velocity:       a.GS,
			Heading:        a.Track,
			VerticalSpeed:  a.BaroRate,
			Latitude:       a.Lat,
			Longitude:      a.Lon,
		}
		if strings.Contains(a.Type, "uat") {
			m.ReceiverSource = "978"
		}
		var alt float64
		if json.Unmarshal(a.AltBaro, &alt) == nil {
			m.Altitude = &alt
		}
		wake := WakeCategory(a.Category)
		if a.Reg != "" || a.TypeDes != "" || a.DBFlags&1 != 0 || wake != "" {
			m.Aircraft = &model.Aircraft{Registration: a.Reg, TypeDesignator: a.TypeDes, WakeTurbulenceCategory: wake}
			if a.DBFlags&1 != 0 { // dbFlags bit 1: military
				mil := true
				m.Aircraft.Military = &mil
			}
		}
		out = append(out, m)
	}
	return out
}

// WakeCategory is the wake turbulence category of a decoded emitter category, as the original
// processor maps it (CONTRACT.md 9.2): A1 light; A2, A3, A4 medium; A5 heavy; anything else
// (A0, A6, A7, B*, C*, D*, none) no category.
func WakeCategory(emitter string) string {
	switch strings.ToUpper(strings.TrimSpace(emitter)) {
	case "A1":
		return "light"
	case "A2", "A3", "A4":
		return "medium"
	case "A5":
		return "heavy"
	}
	return ""
}

// Moving is the snapshot's traffic as n rounds, one second apart: in round k each aircraft's
// message is received k seconds later and its position has moved k seconds along its track
// at its ground speed. Deterministic, for replay tests and benchmarks.
func (snap *Snapshot) Moving(n int) []model.AircraftMessage {
	base := snap.Messages(nil)
	out := make([]model.AircraftMessage, 0, n*len(base))
	for k := range n {
		for _, m := range base {
			m.ReceivedAt = m.ReceivedAt.Add(time.Duration(k) * time.Second)
			if m.Latitude != nil && m.Longitude != nil && m.Velocity != nil && m.Heading != nil && k > 0 {
				nm := *m.Velocity * float64(k) / 3600
				lat := *m.Latitude + nm/60*math.Cos(*m.Heading*math.Pi/180)
				lon := *m.Longitude + nm/60*math.Sin(*m.Heading*math.Pi/180)/math.Cos(*m.Latitude*math.Pi/180)
				m.Latitude, m.Longitude = &lat, &lon
			}
			out = append(out, m)
		}
	}
	return out
}
