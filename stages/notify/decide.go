// Package notify is what becomes of a rule's match once it has fired (CONTRACT.md 10): each
// match decided by the one delivery.Decider in the order of section 10.2, a held match
// decided again when its flight then squawks an emergency, and the decision marked on the
// notification. Watch, replay, trace and the API's rule test all decide through Decide, so
// the same input is decided the same everywhere.
package notify

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Told is one decided notification: a match of the message, or (Again) a match of the flight
// held earlier and sent now for an emergency.
type Told struct {
	Rule     *rules.Rule
	Flight   *model.Flight
	At       time.Time // the triggering message's received time
	Decision delivery.Decision
	// Again marks an emergency after a hold: published again, with no new trigger count and
	// matched_rules unchanged.
	Again bool
}

// Decide decides the matches of one message (not lagging: lag suppression comes first) of
// flight f under set, in order, and then, when the message shows f squawking 7500, 7600 or
// 7700, each match of f held earlier whose rule's bypass is on: sent, once, reason
// "emergency". fn gets each decision in that order.
func Decide(d *delivery.Decider, set *rules.Set, f *model.Flight, matches []rules.Match, at time.Time, fn func(Told)) {
	for _, mt := range matches {
		dec := d.Decide(mt.Rule.Identifier, mt.Rule.Policy, f.IcaoHex, f.Squawk, at)
		if dec.State == delivery.Held {
			f.Held = append(f.Held, mt.Rule.Identifier)
		}
		fn(Told{Rule: mt.Rule, Flight: f, At: at, Decision: dec})
	}
	if len(f.Held) == 0 || !model.IsEmergency(f.Squawk) {
		return
	}
	waiting := f.Held[:0]
	for _, id := range f.Held {
		r := set.Rule(id)
		if r == nil || !delivery.Bypasses(r.Policy) {
			waiting = append(waiting, id) // a rule gone from the set, or one that never bypasses
			continue
		}
		fn(Told{Rule: r, Flight: f, At: at, Decision: d.Again(id, r.Policy, f.IcaoHex, at), Again: true})
	}
	clear(f.Held[len(waiting):])
	f.Held = waiting
}

// Mark adds the decision to a notification payload (CONTRACT.md 10.3) as its "delivery" key,
// when there is one (a rule without a policy that no mute holds gets none, as before).
// scratch is reused between calls.
func Mark(payload []byte, d delivery.Decision, scratch *[]byte) []byte {
	if d.State == delivery.None {
		return payload
	}
	*scratch = d.AppendJSON((*scratch)[:0])
	return model.AppendKey(payload, "delivery", *scratch)
}

// Body is the notification body (without the rule) of r's match on f: shared, the body
// rendered once for every rule of the message (made on first use), unless r names a
// watchlist whose entry is not the one the flight shows first: then one with that entry
// (CONTRACT.md 11.4).
func Body(shared *[]byte, r *rules.Rule, f *model.Flight) []byte {
	if e := r.WatchEntry(f); f.Watched != nil && e != f.Watched.Shown {
		b := model.NewNotificationBody(f)
		b.Aircraft.Watchlist = e
		return b.JSON()
	}
	if *shared == nil {
		*shared = model.NewNotificationBody(f).JSON()
	}
	return *shared
}
