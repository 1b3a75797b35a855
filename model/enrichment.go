package model

// EnrichState is what the enrichment of one flight remembers (CONTRACT.md 9): which lookups
// were made (each once per flight), and, until the route is settled, what the route leg
// resolution reads. Plain data: the enrichment itself lives in package enrich.
type EnrichState struct {
	AircraftDone bool // the aircraft lookup was made (at flight creation)
	OperatorDone bool // the operator lookup was made (when the ident was first seen)
	RouteDone    bool // origin and destination are settled (set, or final without a leg)
	Track        RouteTrack
	// RegistrantMade: the enrichment made the flight's registrant (Flight.Owner: the input's
	// or the database's, as REGISTRANT_DETAIL and PRIVACY_LIST let it be shown), and only
	// that is rendered (Flight.RegistrantJSON).
	RegistrantMade bool
	// OptOutGeneration is the version of the opt-out list (PRIVACY_LIST) the flight's
	// registrant was last checked against.
	OptOutGeneration uint64
	// from and older are what the flight's looked-up values point into (the aircraft
	// database, whose bytes may live outside the Go heap): kept alive while the flight is.
	from  any
	older []any
}

// Keep keeps src (the database a lookup used) alive as long as the flight: its strings point
// into it. A flight that outlives a database's replacement keeps both.
func (e *EnrichState) Keep(src any) {
	switch e.from {
	case src:
	case nil:
		e.from = src
	default:
		e.older = append(e.older, e.from)
		e.from = src
	}
}

// RouteTrack is what the route leg resolution reads of a flight (CONTRACT.md 9.3).
type RouteTrack struct {
	First         Position // the earliest position record
	HasFirst      bool
	AltitudeSeen  bool     // a position record with an altitude was seen
	FirstVertical OptFloat // the first non-null vertical speed
	Headings      [3]float64
	NHeadings     int // non-null headings seen (the last 3 are kept, the latest at (NHeadings-1)%3)
	// Positions are every position record so far as latitude, longitude pairs, kept while
	// the route is unsettled (the sanity check reads them all; once settled they are dropped).
	Positions []float32
}

// LatestHeading is the latest non-null heading (ok false before any).
func (t *RouteTrack) LatestHeading() (float64, bool) {
	if t.NHeadings == 0 {
		return 0, false
	}
	return t.Headings[(t.NHeadings-1)%3], true
}

// FillAircraft fills the aircraft fields of the flight that are still empty from looked-up
// values: a value the input carried is never overwritten (CONTRACT.md 9.1).
func (f *Flight) FillAircraft(a *Aircraft) {
	fill := func(dst *string, v string) {
		if *dst == "" {
			*dst = v
		}
	}
	fill(&f.Aircraft.Registration, a.Registration)
	fill(&f.Aircraft.TypeDesignator, a.TypeDesignator)
	fill(&f.Aircraft.ManufacturerModel, a.ManufacturerModel)
	fill(&f.Aircraft.Type, a.Type)
	fill(&f.Aircraft.Category, a.Category)
	fill(&f.Aircraft.WakeTurbulenceCategory, a.WakeTurbulenceCategory)
	if p := a.Powerplant; p != nil && (p.Count != nil || p.Type != "") {
		if p.Count != nil && f.powerplant.Count == nil {
			f.powerplantCount = *p.Count
			f.powerplant.Count = &f.powerplantCount
		}
		fill(&f.powerplant.Type, p.Type)
		f.Aircraft.Powerplant = &f.powerplant
	}
	if a.Military != nil && *a.Military && f.Aircraft.Military == nil {
		f.military = true
		f.Aircraft.Military = &f.military
	}
}
