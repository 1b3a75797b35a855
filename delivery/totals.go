package delivery

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Totals are the digest's day of the flight log (CONTRACT.md 13.4): its flights and distinct
// aircraft, the closest and the lowest flight, and, with both "Low and close" thresholds set,
// how many flights came within them. Made by whoever reads the log (watch) and handed in:
// delivery knows no flight log.
type Totals struct {
	Flights  int          `json:"flights"`
	Aircraft int          `json:"aircraft"`
	Closest  *TotalFlight `json:"closest,omitempty"`
	Lowest   *TotalFlight `json:"lowest,omitempty"`
	// Low counts the flights within LowNM of home at or below LowFT (nil: a threshold unset).
	Low   *int    `json:"low_and_close,omitempty"`
	LowNM float64 `json:"low_nm,omitempty"`
	LowFT int     `json:"low_ft,omitempty"`
}

// TotalFlight is one flight of the totals: its address and label (Label), how near and how
// low it came, and when (its closest point, else its first message).
type TotalFlight struct {
	IcaoHex  string    `json:"icao_hex"`
	Label    string    `json:"label"`
	NM       *float64  `json:"nm,omitempty"`
	Altitude *int      `json:"altitude,omitempty"`
	At       time.Time `json:"at"`
}

// text is the totals' lines of the digest's text, times in loc.
func (t *Totals) text(loc *time.Location) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Flights logged: %s (%s aircraft)", thousands(int64(t.Flights)), thousands(int64(t.Aircraft)))
	if t.Closest != nil {
		b.WriteString("\nClosest: " + t.Closest.describe(loc))
	}
	if t.Lowest != nil {
		b.WriteString("\nLowest: " + t.Lowest.describe(loc))
	}
	if t.Low != nil {
		fmt.Fprintf(&b, "\nLow and close (within %s nm, at or below %s ft): %s", strconv.FormatFloat(t.LowNM, 'f', -1, 64),
			thousands(int64(t.LowFT)), thousands(int64(*t.Low)))
	}
	return b.String()
}

// describe is "EZY16EG (Airbus A320neo, easyJet) · 0.4 nm · 1,200 ft · 14:05".
func (f *TotalFlight) describe(loc *time.Location) string {
	parts := []string{f.Label}
	if f.NM != nil {
		parts = append(parts, strconv.FormatFloat(*f.NM, 'f', 1, 64)+" nm")
	}
	if f.Altitude != nil {
		parts = append(parts, thousands(int64(*f.Altitude))+" ft")
	}
	return strings.Join(append(parts, f.At.In(loc).Format("15:04")), " · ")
}
