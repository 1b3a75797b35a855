package delivery

import (
	"net/url"
	"strconv"
	"strings"
)

// Subject is who and where a match is about, as the channels' one line says it.
type Subject struct {
	IcaoHex      string
	Ident        string
	Registration string
	Model        string
	Operator     string // the operator's name
	Origin       string // an airport's IATA code, else its ICAO code
	Destination  string
	Altitude     float64
	HasAltitude  bool
	// Watchlist is the category of the aircraft's watchlist entry ("Police Forces"), shown
	// first; empty when it is on no list.
	Watchlist string
	// Emergency is the squawk (7500, 7600, 7700) when the emergency bypass sent the match
	// despite what would have held it: the line then starts "Emergency (7700): ".
	Emergency string
	// Registrant is who the aircraft is registered to, as REGISTRANT_DETAIL lets it be said
	// (model.Registrant.Label); the line then ends " · Registered to …".
	Registrant string
}

// Text is the one line a channel sends (CONTRACT.md 10.4): "easyJet EZY16EG (G-UZHU, Airbus
// A320neo) PMI → LTN · 23,950 ft", the bare address when nothing is known; with a tar1090
// address, a link to the aircraft on a second line.
func Text(s Subject, tar1090 string) string {
	var b strings.Builder
	if s.Emergency != "" {
		b.WriteString("Emergency (")
		b.WriteString(s.Emergency)
		b.WriteString("): ")
	}
	if s.Watchlist != "" {
		b.WriteString(s.Watchlist)
		b.WriteString(": ")
	}
	head := strings.TrimSpace(join(" ", s.Operator, s.Ident))
	var paren []string
	switch {
	case head != "" && s.Registration != "":
		paren = append(paren, s.Registration)
	case head != "": // no registration: the address says which aircraft
		paren = append(paren, s.IcaoHex)
	case s.Registration != "":
		head = s.Registration
	default:
		head = s.IcaoHex
	}
	b.WriteString(head)
	if p := join(", ", append(paren, s.Model)...); p != "" {
		b.WriteString(" (")
		b.WriteString(p)
		b.WriteString(")")
	}
	if s.Origin != "" && s.Destination != "" {
		b.WriteString(" ")
		b.WriteString(s.Origin)
		b.WriteString(" → ")
		b.WriteString(s.Destination)
	}
	if s.HasAltitude {
		b.WriteString(" · ")
		b.WriteString(thousands(int64(s.Altitude)))
		b.WriteString(" ft")
	}
	if s.Registrant != "" {
		b.WriteString(" · Registered to ")
		b.WriteString(s.Registrant)
	}
	if tar1090 != "" && s.IcaoHex != "" {
		b.WriteString("\n")
		b.WriteString(Tar1090Link(tar1090, s.IcaoHex))
	}
	return b.String()
}

// Tar1090Link is the aircraft's page on the user's own tar1090.
func Tar1090Link(base, icao string) string {
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "icao=" + url.QueryEscape(strings.ToLower(icao))
}

func join(sep string, parts ...string) string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// thousands writes n with a comma every three digits (23950 → "23,950").
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
