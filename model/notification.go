package model

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// RuleRef is the rule object of a notification.
type RuleRef struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Identifier  string `json:"identifier"`
}

type notifAircraft struct {
	IcaoHex                string      `json:"icao_hex"`
	Registration           string      `json:"registration,omitempty"`
	TypeDesignator         string      `json:"type_designator,omitempty"`
	ManufacturerModel      string      `json:"manufacturer_model,omitempty"`
	Type                   string      `json:"type,omitempty"`
	Category               string      `json:"category,omitempty"`
	WakeTurbulenceCategory string      `json:"wake_turbulence_category,omitempty"`
	Powerplant             *Powerplant `json:"powerplant,omitempty"`
	Military               bool        `json:"military,omitempty"`
	// Watchlist is the aircraft's entry on its first watchlist (CONTRACT.md 11.4).
	Watchlist *WatchEntry `json:"watchlist,omitempty"`
}

// NotificationBody is the rule notification payload (spec 2.3, CONTRACT.md 6.5) but the rule:
// the flight snapshot without _id, positions, velocities and raw frames. Every empty field is
// omitted, never null or false. It is the same for every rule that fires on one message, so it
// is rendered once and each rule's object added to it (AppendNotification).
type NotificationBody struct {
	Aircraft        notifAircraft   `json:"aircraft"`
	Ident           string          `json:"ident,omitempty"`
	Squawk          string          `json:"squawk,omitempty"`
	Operator        json.RawMessage `json:"operator,omitempty"`
	Registrant      json.RawMessage `json:"registrant,omitempty"`
	Origin          json.RawMessage `json:"origin,omitempty"`
	Destination     json.RawMessage `json:"destination,omitempty"`
	ReceiverSources []string        `json:"receiver_sources"`
	FirstMessage    string          `json:"first_message"`
	LastMessage     string          `json:"last_message"`
	TotalMessages   int             `json:"total_messages"`
	MatchedRules    []string        `json:"matched_rules"`
	ForceArchive    bool            `json:"force_archive,omitempty"`
}

// RFC3339Offset formats a time in UTC with a "+00:00" offset.
func RFC3339Offset(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.999999") + "+00:00"
}

// NewNotificationBody snapshots a flight.
func NewNotificationBody(f *Flight) *NotificationBody {
	a := f.Aircraft
	n := &NotificationBody{
		Aircraft: notifAircraft{
			IcaoHex: f.IcaoHex, Registration: a.Registration, TypeDesignator: a.TypeDesignator,
			ManufacturerModel: a.ManufacturerModel, Type: a.Type, Category: a.Category, WakeTurbulenceCategory: strings.ToLower(a.WakeTurbulenceCategory),
			Military: a.Military != nil && *a.Military,
		},
		Ident: f.Ident, Squawk: f.Squawk,
		Operator: clean(&f.Operator, "source"), Registrant: f.RegistrantJSON(),
		Origin: clean(&f.Origin, ""), Destination: clean(&f.Destination, ""),
		ReceiverSources: append([]string{}, f.ReceiverSources...),
		FirstMessage:    RFC3339Offset(f.FirstMessage),
		LastMessage:     RFC3339Offset(f.LastMessage),
		TotalMessages:   f.TotalMessages,
		MatchedRules:    append([]string{}, f.MatchedRules...),
		ForceArchive:    f.ForceArchive,
	}
	if p := a.Powerplant; p != nil && (p.Count != nil || p.Type != "") {
		n.Aircraft.Powerplant = p
	}
	if f.Watched != nil {
		n.Aircraft.Watchlist = f.Watched.Shown
	}
	return n
}

// JSON renders the body as an object.
func (n *NotificationBody) JSON() []byte {
	b, _ := json.Marshal(n)
	return b
}

// RuleJSON renders the rule object of a notification.
func (r RuleRef) JSON() []byte {
	b, _ := json.Marshal(r)
	return b
}

// AppendNotification appends one notification: a rendered body with the rule's rendered
// object added as its last key ("rule").
func AppendNotification(dst, body, rule []byte) []byte {
	dst = append(dst, body[:len(body)-1]...) // without the closing brace
	dst = append(dst, `,"rule":`...)
	dst = append(dst, rule...)
	return append(dst, '}')
}

// AppendKey adds "key": raw as the last key of the object that ends dst (a notification's
// "delivery").
func AppendKey(dst []byte, key string, raw []byte) []byte {
	dst = dst[:len(dst)-1] // the closing brace
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	dst = append(dst, '"', ':')
	dst = append(dst, raw...)
	return append(dst, '}')
}

// clean makes a resolved object fit the payload, which is never null (CONTRACT.md 6.5): null
// values and empty objects are dropped at every depth, and so is the key drop (operator's
// "source", removed from the current payload). An object left empty is omitted (nil).
func clean(p *Party, drop string) json.RawMessage {
	raw := p.Raw
	if len(raw) == 0 {
		return nil
	}
	if p.Clean {
		return raw
	}
	out, keep := cleanValue(raw, drop)
	if !keep {
		return nil
	}
	return out
}

// cleanValue cleans one JSON value; keep is false for null and for an object that ends up
// empty. Anything that is not an object is kept verbatim.
func cleanValue(raw json.RawMessage, drop string) (json.RawMessage, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return nil, false
	}
	if t[0] != '{' {
		return raw, true
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(t, &m) != nil {
		return raw, true
	}
	if drop != "" {
		delete(m, drop)
	}
	for k, v := range m {
		c, keep := cleanValue(v, "")
		if !keep {
			delete(m, k)
			continue
		}
		m[k] = c
	}
	if len(m) == 0 {
		return nil, false
	}
	b, err := json.Marshal(m)
	if err != nil {
		return raw, true
	}
	return b, true
}
