// Package flightlog is what flew over (CONTRACT.md 13): one row per flight tracker-rules watch
// saw, kept in SQLite through a pure-Go driver (modernc.org/sqlite: the images stay static for
// amd64, arm64 and arm/v7), written by a bounded, batched writer that never makes an alert
// wait, and read by the API, the command line and the Home Assistant sensors.
package flightlog

import (
	"math"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Row is one flight (CONTRACT.md 13.1); a field is absent when unknown, as in payloads.
type Row struct {
	ID                int64     `json:"id"`
	IcaoHex           string    `json:"icao_hex"`
	Ident             string    `json:"ident,omitempty"`
	Squawks           []string  `json:"squawks,omitempty"`
	Registration      string    `json:"registration,omitempty"`
	TypeDesignator    string    `json:"type_designator,omitempty"`
	ManufacturerModel string    `json:"manufacturer_model,omitempty"`
	Military          bool      `json:"military,omitempty"`
	Operator          *Operator `json:"operator,omitempty"`
	Origin            string    `json:"origin,omitempty"`
	Destination       string    `json:"destination,omitempty"`
	// Registrant is the registrant's first name, or its type where REGISTRANT_DETAIL withholds
	// the name (CONTRACT.md 12.3); RegistrantType its type. Written as the writer's setting
	// kept them, read as the reader's own setting shows them (Privacy): the stricter wins.
	Registrant     string `json:"registrant,omitempty"`
	RegistrantType string `json:"registrant_type,omitempty"`
	// RegistrantSource is the register the record came from (faa, tc, casa): it says how to
	// tell a person from an organisation (model.IsOrganisation). Stored, never served.
	RegistrantSource string     `json:"-"`
	Watchlist        *Watch     `json:"watchlist,omitempty"`
	FirstSeen        time.Time  `json:"first_seen"`
	LastSeen         time.Time  `json:"last_seen"`
	Messages         int        `json:"messages"`
	Positions        int        `json:"positions"`
	MinAltitude      *int       `json:"min_altitude,omitempty"`
	MaxAltitude      *int       `json:"max_altitude,omitempty"`
	MaxSpeed         *int       `json:"max_speed,omitempty"`
	ClosestNM        *float64   `json:"closest_nm,omitempty"`
	ClosestAt        *time.Time `json:"closest_at,omitempty"`
	ClosestAltitude  *int       `json:"closest_altitude,omitempty"`
	// ClosestLat and ClosestLon are where the closest point was (5 decimals).
	ClosestLat      *float64 `json:"closest_lat,omitempty"`
	ClosestLon      *float64 `json:"closest_lon,omitempty"`
	MatchedRules    []string `json:"matched_rules,omitempty"`
	ReceiverSources []string `json:"receiver_sources,omitempty"`
	// Track is the path (CONTRACT.md 13.4): served only by the track and export routes, never
	// in a list (nil there); nil too without a position and once FLIGHT_LOG_TRACK_DAYS passed.
	Track []TrackPoint `json:"-"`
}

// Operator is the flight's operator.
type Operator struct {
	AirlineDesignator string `json:"airline_designator,omitempty"`
	Name              string `json:"name,omitempty"`
}

// Watch is the aircraft's watchlist entry (CONTRACT.md 11.4).
type Watch struct {
	List     string `json:"list"`
	Group    string `json:"group,omitempty"`
	Category string `json:"category,omitempty"`
}

// Emergency reports an emergency squawk (model.IsEmergency) among the row's.
func (r *Row) Emergency() bool {
	for _, s := range r.Squawks {
		if model.IsEmergency(s) {
			return true
		}
	}
	return false
}

// operator is the row's operator (zero when none); operatorFor makes it to be filled.
func (r *Row) operator() Operator {
	if r.Operator == nil {
		return Operator{}
	}
	return *r.Operator
}

func (r *Row) operatorFor() *Operator {
	if r.Operator == nil {
		r.Operator = &Operator{}
	}
	return r.Operator
}

// watch is the row's watchlist entry (zero when none); watchFor makes it to be filled.
func (r *Row) watch() Watch {
	if r.Watchlist == nil {
		return Watch{}
	}
	return *r.Watchlist
}

func (r *Row) watchFor() *Watch {
	if r.Watchlist == nil {
		r.Watchlist = &Watch{}
	}
	return r.Watchlist
}

// RowOf is the row of a flight that ended (its strings copied: the engine reuses the flight).
func RowOf(f *model.Flight) Row {
	s := &f.Stats
	r := Row{IcaoHex: strings.ToUpper(strings.Clone(f.IcaoHex)), Ident: strings.TrimSpace(strings.Clone(f.Ident)),
		Registration: strings.Clone(f.Aircraft.Registration), TypeDesignator: strings.Clone(f.Aircraft.TypeDesignator),
		ManufacturerModel: strings.Clone(f.Aircraft.ManufacturerModel), Military: f.Aircraft.Military != nil && *f.Aircraft.Military,
		Origin: strings.Clone(f.Origin.ICAO), Destination: strings.Clone(f.Destination.ICAO),
		FirstSeen: f.FirstMessage.UTC(), LastSeen: f.LastMessage.UTC(), Messages: f.TotalMessages, Positions: s.Positions,
		MatchedRules: cloneAll(f.MatchedRules), ReceiverSources: cloneAll(f.ReceiverSources), Squawks: cloneAll(s.Squawks[:s.NSquawks])}
	if op := f.Operator; op.AirlineDesignator != "" || op.Name != "" {
		r.Operator = &Operator{AirlineDesignator: strings.Clone(op.AirlineDesignator), Name: strings.Clone(op.Name)}
	}
	// The owner as the writer's REGISTRANT_DETAIL let the enricher make it: a withheld name
	// is "" (a reader shows the type in its place).
	r.Registrant, r.RegistrantType = strings.Clone(f.Owner.Names[0]), strings.Clone(f.Owner.Type)
	r.RegistrantSource = strings.Clone(f.Owner.Source)
	if f.Watched != nil && f.Watched.Shown != nil {
		w := f.Watched.Shown
		r.Watchlist = &Watch{List: w.List, Group: w.Group, Category: w.Category}
	}
	if s.HasAltitude {
		r.MinAltitude, r.MaxAltitude = feet(s.MinAltitude), feet(s.MaxAltitude)
	}
	if s.HasSpeed {
		r.MaxSpeed = feet(s.MaxSpeed)
	}
	if s.HasClosest {
		nm := math.Round(s.ClosestNM*10) / 10
		at := s.ClosestAt.UTC()
		r.ClosestNM, r.ClosestAt = &nm, &at
		if s.ClosestHasAltitude {
			r.ClosestAltitude = feet(s.ClosestAltitude)
		}
		lat, lon := degrees(s.ClosestLat), degrees(model.Wrap180(s.ClosestLon))
		r.ClosestLat, r.ClosestLon = &lat, &lon
	}
	r.Track = trackOf(s, f.FirstMessage)
	return r
}

// degrees is a coordinate to 5 decimals (about a metre), as stored.
func degrees(v float64) float64 { return math.Round(v*1e5) / 1e5 }

func feet(v float64) *int {
	n := int(math.Round(v))
	return &n
}

func cloneAll(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strings.Clone(v)
	}
	return out
}
