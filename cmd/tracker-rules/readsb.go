package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// readsbSnapshot is readsb's aircraft.json: `now` in epoch seconds, and per aircraft the
// fields of readsb's README-json.md.
type readsbSnapshot struct {
	Now      float64 `json:"now"`
	Aircraft []struct {
		Hex      string          `json:"hex"`
		Type     string          `json:"type"`
		Flight   string          `json:"flight"`
		Reg      string          `json:"r"`
		TypeDes  string          `json:"t"`
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

// parseReadsb reads an aircraft.json snapshot.
func parseReadsb(r io.Reader) (*readsbSnapshot, error) {
	var snap readsbSnapshot
	if err := json.NewDecoder(r).Decode(&snap); err != nil {
		return nil, fmt.Errorf("not a readsb aircraft.json: %w", err)
	}
	if snap.Now <= 0 {
		return nil, fmt.Errorf("not a readsb aircraft.json: no \"now\"")
	}
	return &snap, nil
}

// clock is the snapshot's own time.
func (snap *readsbSnapshot) clock() time.Time {
	sec, frac := math.Modf(snap.Now)
	return time.Unix(int64(sec), int64(frac*1e9)).UTC()
}

// messages turns the snapshot's aircraft into traffic messages, each received `seen` seconds
// before the snapshot's `now`; keep, when set, chooses which (by hex and received time). It
// is the one conversion of from-readsb and watch.
func (snap *readsbSnapshot) messages(keep func(hex string, at time.Time) bool) []model.AircraftMessage {
	now := snap.clock()
	out := make([]model.AircraftMessage, 0, len(snap.Aircraft))
	for _, a := range snap.Aircraft {
		hex := strings.TrimPrefix(strings.TrimSpace(a.Hex), "~")
		if hex == "" {
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
		if a.Reg != "" || a.TypeDes != "" || a.DBFlags&1 != 0 {
			m.Aircraft = &model.Aircraft{Registration: a.Reg, TypeDesignator: a.TypeDes}
			if a.DBFlags&1 != 0 { // dbFlags bit 1: military
				mil := true
				m.Aircraft.Military = &mil
			}
		}
		out = append(out, m)
	}
	return out
}

// fromReadsb converts a readsb aircraft.json snapshot into traffic lines, one per aircraft.
func fromReadsb(in io.Reader, out io.Writer) (int, error) {
	snap, err := parseReadsb(in)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriter(out)
	n := 0
	for _, m := range snap.messages(nil) {
		b, err := json.Marshal(m)
		if err != nil {
			return n, err
		}
		_, _ = w.Write(b)
		_ = w.WriteByte('\n')
		n++
	}
	return n, w.Flush()
}
