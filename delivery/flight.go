package delivery

import "github.com/tracker-adsb/tracker-core-health/model"

// SubjectOf is who and where a flight is, as the channels' text and the digest name it.
func SubjectOf(f *model.Flight) Subject {
	s := Subject{IcaoHex: f.IcaoHex, Ident: f.Ident, Registration: f.Aircraft.Registration, Model: f.Aircraft.ManufacturerModel,
		Operator: f.Operator.Name, Origin: airport(f.Origin.Brief), Destination: airport(f.Destination.Brief),
		Registrant: f.Owner.Label()}
	if f.HasPosition && f.Position.Altitude.OK {
		s.Altitude, s.HasAltitude = f.Position.Altitude.V, true
	}
	if f.Watched != nil && f.Watched.Shown != nil {
		s.Watchlist = f.Watched.Shown.Category
	}
	return s
}

// LabelOf names a flight's aircraft in the digest: callsign or registration, with model and
// operator when known.
func LabelOf(f *model.Flight) string {
	return Label(f.IcaoHex, f.Ident, f.Aircraft.Registration, f.Aircraft.ManufacturerModel, f.Operator.Name)
}

// airport is an airport's IATA code, else its ICAO code.
func airport(b model.Brief) string {
	if b.IATA != "" {
		return b.IATA
	}
	return b.ICAO
}
