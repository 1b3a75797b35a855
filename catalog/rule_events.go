package catalog

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Rule matches as Home Assistant event entities (docs/rule-events.md): one per enabled rule,
// on the "Tracker Rules" device, fed by the rule's notifications on Tracker/rule/{identifier},
// with a button beside it that mutes the rule for an hour.

// RulesDevice is the device of the rule event entities.
var RulesDevice = model.Device(`{"identifiers":["Tracker_Rules"],"name":"Tracker Rules","manufacturer":"Tracker","model":"Rules"}`)

// RuleEventType is the one event type of a rule event entity.
const RuleEventType = "matched"

// RuleEventTemplate turns a rule notification (CONTRACT.md 6.5) into the event Home Assistant
// records: event_type "matched" and the fields an automation needs most, with the delivery
// (CONTRACT.md 10.3: "sent", "held" or "" when the notification has none, and why) and the
// watchlist entry (11.4) and the registrant (12.4: its first name, else its type). Optional fields render as "" (military as false) when the
// notification leaves them out.
const RuleEventTemplate = `{% set n = value_json %}{% set a = n.aircraft if n.aircraft is defined else {} %}` +
	`{% set o = n.operator if n.operator is defined else {} %}` +
	`{% set og = n.origin if n.origin is defined else {} %}{% set de = n.destination if n.destination is defined else {} %}` +
	`{% set d = n.delivery if n.delivery is defined else {} %}{% set w = a.watchlist if a.watchlist is defined else {} %}` +
	`{% set r = n.registrant if n.registrant is defined else {} %}` +
	`{{ {"event_type": "matched", "rule": n.rule.identifier if n.rule is defined else "", ` +
	`"icao_hex": a.icao_hex if a.icao_hex is defined else "", ` +
	`"ident": n.ident if n.ident is defined else "", ` +
	`"squawk": n.squawk if n.squawk is defined else "", ` +
	`"registration": a.registration if a.registration is defined else "", ` +
	`"type_designator": a.type_designator if a.type_designator is defined else "", ` +
	`"model": a.manufacturer_model if a.manufacturer_model is defined else "", ` +
	`"operator": o.airline_designator if o.airline_designator is defined else "", ` +
	`"operator_name": o.name if o.name is defined else "", ` +
	`"origin": og.iata_code if og.iata_code is defined else (og.icao_code if og.icao_code is defined else ""), ` +
	`"destination": de.iata_code if de.iata_code is defined else (de.icao_code if de.icao_code is defined else ""), ` +
	`"military": a.military if a.military is defined else false, ` +
	`"delivery": d.state if d.state is defined else "", ` +
	`"delivery_reason": d.reason if d.reason is defined else "", ` +
	`"watchlist": w.list if w.list is defined else "", ` +
	`"watchlist_group": w.group if w.group is defined else "", ` +
	`"watchlist_category": w.category if w.category is defined else "", ` +
	`"registrant": r.names[0] if r.names is defined else (r.type if r.type is defined else ""), ` +
	`"registrant_type": r.type if r.type is defined else "", ` +
	`"registrant_country": r.country if r.country is defined else ""} | tojson }}`

// RuleEventEntity is the event entity of rule identifier, named after the rule (or its
// identifier when it has no name).
func RuleEventEntity(identifier, name string) *model.Entity {
	if strings.TrimSpace(name) == "" {
		name = identifier
	}
	return &model.Entity{
		Kind:       ruleEventKind,
		UniqueID:   "Tracker_rule_" + identifier,
		Name:       name,
		StateTopic: model.RuleTopicRoot + identifier,
		Device:     RulesDevice,
	}
}

// ruleEventKind is shared by every rule's event entity; nothing may change it.
var ruleEventKind = &model.Kind{
	Component:     model.Event,
	Icon:          "mdi:airplane-alert",
	EventTypes:    []string{RuleEventType},
	ValueTemplate: RuleEventTemplate,
	Origin:        &model.RulesOrigin,
}

// RuleMuteButton is the button of rule identifier that mutes it for an hour (CONTRACT.md
// 10.5): its press publishes the mute command that tracker-rules watch follows.
func RuleMuteButton(identifier, name string) *model.Entity {
	if strings.TrimSpace(name) == "" {
		name = identifier
	}
	return &model.Entity{
		Kind:     ruleMuteKind,
		UniqueID: ruleMutePrefix + identifier,
		Name:     "Mute " + name + " for 1 h",
		Device:   RulesDevice,
	}
}

const ruleMutePrefix = "Tracker_rule_mute_"

// ruleMuteKind is shared by every rule's mute button.
var ruleMuteKind = &model.Kind{
	Component:    model.Button,
	Icon:         "mdi:bell-sleep",
	CommandTopic: model.MuteTopic,
	PressPayload: func(e *model.Entity) string {
		b, _ := json.Marshal(struct {
			Rule    string `json:"rule"`
			Minutes int    `json:"minutes"`
		}{strings.TrimPrefix(e.UniqueID, ruleMutePrefix), 60})
		return string(b)
	},
	Origin: &model.RulesOrigin,
}

// RuleEvents keeps the rule event entities in line with the rule set: Update returns the
// readings that announce the enabled rules (new or renamed) and remove the entities of rules
// deleted or disabled since the previous set.
type RuleEvents struct {
	known map[string]*model.Entity // by rule identifier
	mute  map[string]*model.Entity // each rule's mute button
}

// NewRuleEvents starts with no rule announced.
func NewRuleEvents() *RuleEvents {
	return &RuleEvents{known: map[string]*model.Entity{}, mute: map[string]*model.Entity{}}
}

// Update takes a rule set (the config:rules JSON array) and returns the readings that bring
// Home Assistant in line with it. A body that is not a JSON array changes nothing.
func (r *RuleEvents) Update(rulesJSON []byte) (model.Batch, error) {
	var items []struct {
		Identifier any `json:"identifier"`
		Name       any `json:"name"`
		Enabled    any `json:"enabled"`
	}
	if len(strings.TrimSpace(string(rulesJSON))) == 0 {
		rulesJSON = []byte("[]")
	}
	if err := json.Unmarshal(rulesJSON, &items); err != nil {
		return nil, fmt.Errorf("rules are not a JSON array: %w", err)
	}
	enabled := map[string]string{}
	for _, it := range items {
		id, ok := it.Identifier.(string)
		on, _ := it.Enabled.(bool)
		// A '/' would split the discovery topic's object id; an id that does not make a valid
		// topic (a '#', say) gets no entity: its notifications are never published either.
		if !ok || !on || id == "" || strings.ContainsAny(id, " \t\n\r/") || RuleEventEntity(id, "").TopicsProblem() != "" {
			continue
		}
		name, _ := it.Name.(string)
		enabled[id] = name
	}
	var out model.Batch
	ids := make([]string, 0, len(enabled))
	for id := range enabled {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		e := RuleEventEntity(id, enabled[id])
		if k := r.known[id]; k == nil || k.Name != e.Name {
			r.known[id] = e
			r.mute[id] = RuleMuteButton(id, enabled[id])
			out = append(out, model.NewDeclaration(e), model.NewDeclaration(r.mute[id]))
		}
	}
	gone := make([]string, 0)
	for id := range r.known {
		if _, ok := enabled[id]; !ok {
			gone = append(gone, id)
		}
	}
	sort.Strings(gone)
	for _, id := range gone {
		out = append(out, model.NewRemoval(r.known[id]), model.NewRemoval(r.mute[id]))
		delete(r.known, id)
		delete(r.mute, id)
	}
	return out, nil
}
