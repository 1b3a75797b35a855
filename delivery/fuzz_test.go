package delivery_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/tracker-adsb/tracker-core-health/delivery"
)

// A rule's notify from anyone (the API's body, a stored set): never a panic; a policy or
// problems, never both; a policy decides any time without a panic and a held decision names
// its reason; the stored object parses again to the same.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"timezone":"America/New_York","quiet_hours":[{"from":"23:00","to":"02:30","days":["sat"]}],"cooldown_minutes":60,"max_per_hour":2,"channels":["phone"]}`))
	f.Add([]byte(`{"quiet_hours":[{"from":"00:00","to":"12:00"},{"from":"12:00","to":"00:00"}]}`))
	f.Add([]byte(`{"emergency_bypass":false,"max_per_hour":3600}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, stored, probs := delivery.Parse(json.RawMessage(raw), time.UTC)
		if (p == nil) == (probs == nil) {
			t.Fatalf("policy %v and problems %v", p, probs)
		}
		if p == nil {
			return
		}
		d := delivery.NewDecider(nil)
		at := time.Date(2026, 3, 8, 6, 45, 0, 0, time.UTC)
		for i := range 3 {
			dec := d.Decide("r", p, "ABC123", "", at.Add(time.Duration(i)*37*time.Minute))
			if dec.State == delivery.Held && dec.Reason == "" {
				t.Fatal("held without a reason")
			}
			if dec.Reason == delivery.QuietHours && dec.Until.Before(at.Add(time.Duration(i)*37*time.Minute)) {
				t.Fatalf("until %s before the message", dec.Until)
			}
		}
		if _, again, probs := delivery.Parse(stored, time.UTC); probs != nil || string(again) != string(stored) {
			t.Fatalf("stored %s parses to %s, %v", stored, again, probs)
		}
	})
}

// A mute command from MQTT (anyone on the broker): never a panic; a command or problems; a
// command's rule is non-empty and its minutes in range.
func FuzzParseCommand(f *testing.F) {
	f.Add([]byte(`{"rule":"told","minutes":60}`))
	f.Add([]byte(`{"rule":"*","icao_hex":"406f2b","minutes":0}`))
	f.Add([]byte(`{"rule":"x","minutes":"soon","icao_hex":"nope"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		c, probs := delivery.ParseCommand(raw)
		if probs != nil {
			for _, p := range probs {
				if p.Msg == "" {
					t.Fatal("a problem without a message")
				}
			}
			return
		}
		if c.Rule == "" || c.Minutes < 0 || c.Minutes > delivery.MaxMuteMinutes {
			t.Fatalf("accepted %+v", c)
		}
	})
}
