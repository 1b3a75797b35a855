package keeper

import (
	"encoding/json"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Who is what the enrichment knows of a flight, as the UI shows it (the traffic card, the rule
// test's matches): the aircraft, its operator and its route, typed as the enrichment made them.
type Who struct {
	Registration           string            `json:"registration,omitempty"`
	TypeDesignator         string            `json:"type_designator,omitempty"`
	ManufacturerModel      string            `json:"manufacturer_model,omitempty"`
	WakeTurbulenceCategory string            `json:"wake_turbulence_category,omitempty"`
	Powerplant             *model.Powerplant `json:"powerplant,omitempty"`
	Operator               *OperatorBrief    `json:"operator,omitempty"`
	Origin                 *model.Brief      `json:"origin,omitempty"`
	Destination            *model.Brief      `json:"destination,omitempty"`
	Watchlist              *model.WatchEntry `json:"watchlist,omitempty"`
	// Registrant is who the aircraft is registered to, as REGISTRANT_DETAIL lets it be shown
	// (CONTRACT.md 12.4): the payload's object.
	Registrant json.RawMessage `json:"registrant,omitempty"`
}

// OperatorBrief is an operator as the UI names it.
type OperatorBrief struct {
	AirlineDesignator string `json:"airline_designator"`
	Name              string `json:"name,omitempty"`
}

// WhoOf copies what f carries (nothing of f is kept: the engine reuses its storage).
func WhoOf(f *model.Flight) Who {
	if f == nil {
		return Who{}
	}
	a := f.Aircraft
	w := Who{Registration: a.Registration, TypeDesignator: a.TypeDesignator, ManufacturerModel: a.ManufacturerModel,
		WakeTurbulenceCategory: a.WakeTurbulenceCategory}
	if p := a.Powerplant; p != nil && (p.Count != nil || p.Type != "") {
		pp := model.Powerplant{Type: p.Type}
		if p.Count != nil {
			n := *p.Count
			pp.Count = &n
		}
		w.Powerplant = &pp
	}
	if op := f.Operator; !op.Empty() && (op.AirlineDesignator != "" || op.Name != "") {
		w.Operator = &OperatorBrief{AirlineDesignator: op.AirlineDesignator, Name: op.Name}
	}
	airport := func(p *model.Party) *model.Brief {
		if p.Empty() {
			return nil
		}
		b := model.Brief{ICAO: p.ICAO, IATA: p.IATA, Name: p.Name, City: p.City}
		if b == (model.Brief{}) {
			return nil
		}
		return &b
	}
	w.Origin, w.Destination = airport(&f.Origin), airport(&f.Destination)
	if f.Watched != nil {
		w.Watchlist = f.Watched.Shown
	}
	if raw := f.RegistrantJSON(); raw != nil { // copied: the input's may be the flight's storage
		w.Registrant = append(json.RawMessage(nil), raw...)
	}
	return w
}
