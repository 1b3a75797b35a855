package api

import (
	"encoding/json"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// who is what the enrichment knows of a flight, as the UI shows it (the traffic card, the rule
// test's matches): the aircraft, its operator and its route.
type who struct {
	Registration           string            `json:"registration,omitempty"`
	TypeDesignator         string            `json:"type_designator,omitempty"`
	ManufacturerModel      string            `json:"manufacturer_model,omitempty"`
	WakeTurbulenceCategory string            `json:"wake_turbulence_category,omitempty"`
	Powerplant             *model.Powerplant `json:"powerplant,omitempty"`
	Operator               *operatorBrief    `json:"operator,omitempty"`
	Origin                 *airportBrief     `json:"origin,omitempty"`
	Destination            *airportBrief     `json:"destination,omitempty"`
}

type operatorBrief struct {
	AirlineDesignator string `json:"airline_designator"`
	Name              string `json:"name,omitempty"`
}

type airportBrief struct {
	ICAO string `json:"icao_code,omitempty"`
	IATA string `json:"iata_code,omitempty"`
	Name string `json:"name,omitempty"`
	City string `json:"city,omitempty"`
}

// whoOf copies what f carries (nothing of f is kept: the engine reuses its storage).
func whoOf(f *model.Flight) who {
	if f == nil {
		return who{}
	}
	a := f.Aircraft
	w := who{Registration: a.Registration, TypeDesignator: a.TypeDesignator, ManufacturerModel: a.ManufacturerModel,
		WakeTurbulenceCategory: a.WakeTurbulenceCategory}
	if p := a.Powerplant; p != nil && (p.Count != nil || p.Type != "") {
		pp := model.Powerplant{Type: p.Type}
		if p.Count != nil {
			n := *p.Count
			pp.Count = &n
		}
		w.Powerplant = &pp
	}
	if !f.Operator.Empty() {
		var op operatorBrief
		if json.Unmarshal(f.Operator.Raw, &op) == nil && (op.AirlineDesignator != "" || op.Name != "") {
			w.Operator = &op
		}
	}
	airport := func(p *model.Party) *airportBrief {
		if p.Empty() {
			return nil
		}
		var a airportBrief
		if json.Unmarshal(p.Raw, &a) != nil || a == (airportBrief{}) {
			return nil
		}
		return &a
	}
	w.Origin, w.Destination = airport(&f.Origin), airport(&f.Destination)
	return w
}
