package enrich

import (
	"encoding/json"
	"strconv"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// object builds a JSON object of the fields that have a value.
type object struct{ b []byte }

func (o *object) key(k string) {
	if len(o.b) == 0 {
		o.b = append(make([]byte, 0, 192), '{') // an airport object's usual size: one allocation
	} else {
		o.b = append(o.b, ',')
	}
	o.b = model.AppendJSONString(o.b, k)
	o.b = append(o.b, ':')
}

func (o *object) str(k, v string) {
	if v != "" {
		o.key(k)
		o.b = model.AppendJSONString(o.b, v)
	}
}

func (o *object) num(k string, v float64) {
	o.key(k)
	o.b = strconv.AppendFloat(o.b, v, 'f', -1, 64)
}

func (o *object) done() json.RawMessage {
	if len(o.b) == 0 {
		return json.RawMessage("{}")
	}
	return append(o.b, '}')
}

// AirportParty is an airport as a flight's origin or destination: its full object and brief.
func AirportParty(a aircraftdb.Airport) model.Party {
	return model.Party{Raw: AirportObject(a), Clean: true, Brief: model.Brief{Name: a.Name, ICAO: a.ICAO, IATA: a.IATA, City: a.City}}
}

// AirportObject is the full airport object of the payload (CONTRACT.md 9.2): empty values
// omitted.
func AirportObject(a aircraftdb.Airport) json.RawMessage {
	var o object
	o.str("icao_code", a.ICAO)
	o.str("iata_code", a.IATA)
	o.str("name", a.Name)
	o.str("city", a.City)
	o.str("country", a.Country)
	if a.HasPosition {
		o.num("latitude", a.Latitude)
		o.num("longitude", a.Longitude)
	}
	if a.HasAltitude {
		o.num("altitude_feet", float64(a.AltitudeFeet))
	}
	return o.done()
}

// OperatorParty is the operator object of a callsign (CONTRACT.md 9.2): Mictronics' record, or
// the standing data's airline with its name only.
func OperatorParty(db *aircraftdb.DB, ident string) (model.Party, bool) {
	d, ok := Designator(ident)
	if !ok {
		return model.Party{}, false
	}
	op, ok := db.Operator(d)
	if !ok {
		return model.Party{}, false
	}
	var o object
	o.str("airline_designator", d)
	o.str("name", op.Name)
	o.str("country", op.Country)
	o.str("callsign", op.Callsign)
	return model.Party{Raw: o.done(), AirlineDesignator: d, Clean: true, Brief: model.Brief{Name: op.Name, Callsign: op.Callsign}}, true
}
