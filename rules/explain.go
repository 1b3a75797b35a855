package rules

import (
	"slices"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// ConditionResult explains one condition on one message: what it asked, the flight value it
// looked at (nil when the flight has none), and its verdict.
type ConditionResult struct {
	Type     string `json:"type"`
	Operator string `json:"operator"`
	Value    string `json:"value"`
	Observed any    `json:"observed"`
	Match    bool   `json:"match"`
}

// Explain evaluates every condition of r, in the order written, on flight f as it stands after
// the message received at at; earlier lists the rules matched on earlier messages (what
// matched_rules conditions see). It allocates: for explaining, never on the hot path.
func (r *Rule) Explain(f *model.Flight, earlier []string, at time.Time) []ConditionResult {
	out := make([]ConditionResult, 0, len(r.stated))
	for i := range r.stated {
		c := &r.stated[i]
		res := ConditionResult{Type: c.typ, Operator: c.opName, Value: c.valueText, Observed: c.observed(f, earlier, at)}
		if c.kind == kMatchedRules {
			hit := false
			for _, id := range c.list {
				hit = hit || slices.Contains(earlier, id)
			}
			res.Match = !c.never && hit == (c.op == opInList)
		} else {
			res.Match = c.match(f, nil, at)
		}
		out = append(out, res)
	}
	return out
}

// observed is the flight value a condition looks at.
func (c *cond) observed(f *model.Flight, earlier []string, at time.Time) any {
	opt := func(has bool, v model.OptFloat) any {
		if has && v.OK {
			return v.V
		}
		return nil
	}
	switch c.kind {
	case kAltitude:
		return opt(f.HasPosition, f.Position.Altitude)
	case kVelocity:
		return opt(f.HasVelocity, f.Velocity.Speed)
	case kVerticalSpeed:
		return opt(f.HasVelocity, f.Velocity.VerticalSpeed)
	case kHeading:
		return opt(f.HasVelocity, f.Velocity.Heading)
	case kPowerplantCount:
		if p := f.Aircraft.Powerplant; p != nil && p.Count != nil {
			return *p.Count
		}
		return nil
	case kDate:
		if c.dateOnly {
			return at.UTC().Format(time.DateOnly)
		}
		return at.UTC().Truncate(time.Minute).Format(time.RFC3339)
	case kIdent:
		return f.Ident
	case kSquawk:
		return f.Squawk
	case kMilitary:
		if f.Aircraft.Military != nil {
			return *f.Aircraft.Military
		}
		return nil
	case kReceiverSource:
		return append([]string{}, f.ReceiverSources...)
	case kOperatorDesignator:
		return f.Operator.AirlineDesignator
	case kTypeDesignator:
		return f.Aircraft.TypeDesignator
	case kRegistration:
		return f.Aircraft.Registration
	case kIcaoHex:
		return f.IcaoHex
	case kWake:
		return f.Aircraft.WakeTurbulenceCategory
	case kMatchedRules:
		return append([]string{}, earlier...)
	case kArea:
		if p := f.Position; f.HasPosition && p.Latitude.OK && p.Longitude.OK {
			return []float64{p.Longitude.V, p.Latitude.V}
		}
		return nil
	}
	return nil
}

// Conditions is how many conditions r has.
func (r *Rule) Conditions() int { return len(r.stated) }
