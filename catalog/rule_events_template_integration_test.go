//go:build integration

package catalog_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
)

// jinja renders a Home Assistant MQTT value template the way Home Assistant does: Jinja2, the
// payload parsed as value_json, and a tojson filter (Home Assistant's own renders the same
// JSON). Debian's python3-jinja2 is installed by scripts/services.sh.
func jinja(t *testing.T, tmpl, payload string) string {
	t.Helper()
	const script = `import sys, json, jinja2
env = jinja2.Environment()
tmpl, payload = sys.stdin.read().split("\x00")
print(env.from_string(tmpl).render(value=payload, value_json=json.loads(payload)))`
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		cmd := exec.Command(py, "-c", script)
		cmd.Stdin = strings.NewReader(tmpl + "\x00" + payload)
		out, err := cmd.CombinedOutput()
		if err == nil {
			return strings.TrimSpace(string(out))
		}
		if !strings.Contains(string(out), "No module named 'jinja2'") && !strings.Contains(err.Error(), "executable file not found") {
			t.Fatalf("%s: %v\n%s", py, err, out)
		}
	}
	t.Fatal("no python3 with jinja2 (scripts/services.sh installs python3-jinja2)")
	return ""
}

func TestRuleEventTemplateRendersTheEvent(t *testing.T) {
	for _, tc := range []struct {
		name, notification string
		want               map[string]any
	}{
		{"full", `{"aircraft":{"icao_hex":"43C6F7","registration":"ZZ336","type_designator":"A332","military":true},"ident":"RRR2357","squawk":"7700",
			"operator":{"airline_designator":"RFR","name":"Royal Air Force"},"receiver_sources":["1090"],"first_message":"2026-01-01T00:00:00+00:00",
			"last_message":"2026-01-01T00:00:00+00:00","total_messages":1,"matched_rules":["military"],"rule":{"name":"Military","description":"","identifier":"military"}}`,
			map[string]any{"event_type": "matched", "rule": "military", "icao_hex": "43C6F7", "ident": "RRR2357", "squawk": "7700", "registration": "ZZ336",
				"type_designator": "A332", "model": "", "operator": "RFR", "operator_name": "Royal Air Force", "origin": "", "destination": "", "military": true, "delivery": "", "delivery_reason": "", "watchlist": "", "watchlist_group": "", "watchlist_category": "", "registrant": "", "registrant_type": "", "registrant_country": ""}},
		{"enriched", `{"aircraft":{"icao_hex":"407689","registration":"G-EZWX","type_designator":"A320","manufacturer_model":"Airbus A320"},"ident":"EZY16EG",
			"operator":{"airline_designator":"EZY","name":"easyJet"},"origin":{"icao_code":"LEPA","iata_code":"PMI","city":"Palma"},
			"destination":{"icao_code":"EGGW","city":"London"},"receiver_sources":["1090"],"first_message":"2026-01-01T00:00:00+00:00",
			"last_message":"2026-01-01T00:00:00+00:00","total_messages":1,"matched_rules":["heathrow-low"],"rule":{"name":"Heathrow low","description":"","identifier":"heathrow-low"}}`,
			map[string]any{"event_type": "matched", "rule": "heathrow-low", "icao_hex": "407689", "ident": "EZY16EG", "squawk": "", "registration": "G-EZWX",
				"type_designator": "A320", "model": "Airbus A320", "operator": "EZY", "operator_name": "easyJet", "origin": "PMI", "destination": "EGGW", "military": false, "delivery": "", "delivery_reason": "", "watchlist": "", "watchlist_group": "", "watchlist_category": "", "registrant": "", "registrant_type": "", "registrant_country": ""}},
		{"minimal", `{"aircraft":{"icao_hex":"400B83"},"receiver_sources":["1090"],"first_message":"2026-01-01T00:00:00+00:00","last_message":"2026-01-01T00:00:00+00:00",
			"total_messages":1,"matched_rules":["heathrow-low"],"rule":{"name":"Low over Heathrow","description":"","identifier":"heathrow-low"}}`,
			map[string]any{"event_type": "matched", "rule": "heathrow-low", "icao_hex": "400B83", "ident": "", "squawk": "", "registration": "",
				"type_designator": "", "model": "", "operator": "", "operator_name": "", "origin": "", "destination": "", "military": false,
				"delivery": "", "delivery_reason": "", "watchlist": "", "watchlist_group": "", "watchlist_category": "", "registrant": "", "registrant_type": "", "registrant_country": ""}},
		{"held, on a watchlist", `{"aircraft":{"icao_hex":"406F2B","registration":"G-POLA","watchlist":{"list":"plane-alert","group":"pol","category":"Police Forces"}},
			"receiver_sources":["1090"],"first_message":"2026-01-01T00:00:00+00:00","last_message":"2026-01-01T00:00:00+00:00","total_messages":1,
			"matched_rules":["police"],"rule":{"name":"Police","description":"","identifier":"police"},
			"delivery":{"state":"held","reason":"quiet_hours","until":"2026-01-01T07:00:00+00:00"}}`,
			map[string]any{"event_type": "matched", "rule": "police", "icao_hex": "406F2B", "ident": "", "squawk": "", "registration": "G-POLA",
				"type_designator": "", "model": "", "operator": "", "operator_name": "", "origin": "", "destination": "", "military": false,
				"delivery": "held", "delivery_reason": "quiet_hours", "watchlist": "plane-alert", "watchlist_group": "pol", "watchlist_category": "Police Forces", "registrant": "", "registrant_type": "", "registrant_country": ""}},
		{"registered", `{"aircraft":{"icao_hex":"A12345","registration":"N100AB"},"registrant":{"names":["ACME AVIATION INC","ACME AIR"],"city":"DENVER","country":"US","type":"Corporation"},
			"receiver_sources":["1090"],"first_message":"2026-01-01T00:00:00+00:00","last_message":"2026-01-01T00:00:00+00:00","total_messages":1,
			"matched_rules":["owners"],"rule":{"name":"Owners","description":"","identifier":"owners"}}`,
			map[string]any{"event_type": "matched", "rule": "owners", "icao_hex": "A12345", "ident": "", "squawk": "", "registration": "N100AB",
				"type_designator": "", "model": "", "operator": "", "operator_name": "", "origin": "", "destination": "", "military": false,
				"delivery": "", "delivery_reason": "", "watchlist": "", "watchlist_group": "", "watchlist_category": "",
				"registrant": "ACME AVIATION INC", "registrant_type": "Corporation", "registrant_country": "US"}},
		{"registered to a person, name withheld", `{"aircraft":{"icao_hex":"A0B1C2"},"registrant":{"city":"WICHITA","country":"US","type":"Individual"},
			"receiver_sources":["1090"],"first_message":"2026-01-01T00:00:00+00:00","last_message":"2026-01-01T00:00:00+00:00","total_messages":1,
			"matched_rules":["owners"],"rule":{"name":"Owners","description":"","identifier":"owners"}}`,
			map[string]any{"event_type": "matched", "rule": "owners", "icao_hex": "A0B1C2", "ident": "", "squawk": "", "registration": "",
				"type_designator": "", "model": "", "operator": "", "operator_name": "", "origin": "", "destination": "", "military": false,
				"delivery": "", "delivery_reason": "", "watchlist": "", "watchlist_group": "", "watchlist_category": "",
				"registrant": "Individual", "registrant_type": "Individual", "registrant_country": "US"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := jinja(t, catalog.RuleEventTemplate, tc.notification)
			var got map[string]any
			require.NoError(t, json.Unmarshal([]byte(out), &got), out)
			require.Equal(t, tc.want, got)
		})
	}
}
