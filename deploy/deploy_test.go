//go:build integration

// Package deploy_test checks what ships beside the binary in a user's stack: the Grafana
// dashboard, the Prometheus alert rules, the Home Assistant blueprint and dashboard.
package deploy_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
)

// promtool runs Debian's promtool (installed by scripts/services.sh).
func promtool(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("promtool", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "promtool %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}

// The alert rules load, and their unit tests (alerts_test.yml) pass.
func TestAlertRules(t *testing.T) {
	require.Contains(t, promtool(t, "prometheus", "check", "rules", "alerts.yml"), "SUCCESS: 12 rules found")
	require.Contains(t, promtool(t, "prometheus", "test", "rules", "alerts_test.yml"), "SUCCESS")
}

// exported is every metric name the monitor serves: the catalogue's, and the Go and process
// collectors' that the dashboard may use.
func exported() map[string]bool {
	out := map[string]bool{}
	for _, m := range all.Defaults().Metrics() {
		out[m.Name] = true
	}
	return out
}

var metricName = regexp.MustCompile(`\btracker_[a-z0-9_]+\b`)

// grafanaVars are the dashboard's variables as Prometheus would see them once Grafana has
// substituted them.
var grafanaVars = strings.NewReplacer("$__rate_interval", "5m", "$__interval", "1m", "$queue", ".*")

// Every PromQL expression of the dashboard and of the alert rules parses (promtool check rules
// on a generated rules file) and names only metrics the monitor exports.
func TestPromQLNamesOnlyExportedMetrics(t *testing.T) {
	var exprs []string
	raw, err := os.ReadFile("grafana/tracker-core-health.json")
	require.NoError(t, err)
	var dash map[string]any
	require.NoError(t, json.Unmarshal(raw, &dash))
	walk(dash, func(k string, v any) {
		if s, ok := v.(string); ok && k == "expr" {
			exprs = append(exprs, grafanaVars.Replace(s))
		}
	})
	var alerts struct {
		Groups []struct {
			Rules []struct {
				Alert string `yaml:"alert"`
				Expr  string `yaml:"expr"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	araw, err := os.ReadFile("prometheus/alerts.yml")
	require.NoError(t, err)
	require.NoError(t, yaml.Unmarshal(araw, &alerts))
	for _, g := range alerts.Groups {
		for _, r := range g.Rules {
			exprs = append(exprs, r.Expr)
		}
	}
	require.Greater(t, len(exprs), 25)

	var rules strings.Builder
	rules.WriteString("groups:\n  - name: expressions\n    rules:\n")
	known := exported()
	for i, e := range exprs {
		fmt.Fprintf(&rules, "      - record: check:expr_%d\n        expr: %q\n", i, e)
		names := metricName.FindAllString(e, -1)
		require.NotEmpty(t, names, "%s names a metric of the monitor", e)
		for _, n := range names {
			require.True(t, known[n], "%s: %s is not a metric the monitor exports", e, n)
		}
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "exprs.yml"), []byte(rules.String()), 0o644))
	require.Contains(t, promtool(t, dir, "check", "rules", "exprs.yml"), fmt.Sprintf("SUCCESS: %d rules found", len(exprs)))

	// The queue variable's query names an exported metric too.
	tmpl := dash["templating"].(map[string]any)["list"].([]any)
	for _, v := range tmpl {
		if def, ok := v.(map[string]any)["definition"].(string); ok {
			for _, n := range metricName.FindAllString(def, -1) {
				require.True(t, known[n], def)
			}
		}
	}
}

// walk calls fn on every key and value of a decoded JSON document.
func walk(v any, fn func(key string, v any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			fn(k, c)
			walk(c, fn)
		}
	case []any:
		for _, c := range x {
			walk(c, fn)
		}
	}
}

// The dashboard is a Grafana 10+ JSON model with a Prometheus data source variable and no
// hard-coded data source: every panel and query uses ${datasource}.
func TestGrafanaDashboardUsesTheDataSourceVariable(t *testing.T) {
	raw, err := os.ReadFile("grafana/tracker-core-health.json")
	require.NoError(t, err)
	var dash map[string]any
	require.NoError(t, json.Unmarshal(raw, &dash))
	require.GreaterOrEqual(t, dash["schemaVersion"], 36.0, "Grafana 10's schema")
	require.Equal(t, "tracker-core-health", dash["uid"])
	vars := map[string]map[string]any{}
	for _, v := range dash["templating"].(map[string]any)["list"].([]any) {
		m := v.(map[string]any)
		vars[m["name"].(string)] = m
	}
	require.Equal(t, "datasource", vars["datasource"]["type"])
	require.Equal(t, "prometheus", vars["datasource"]["query"])
	sources := 0
	walk(dash, func(k string, v any) {
		if ds, ok := v.(map[string]any); ok && k == "datasource" {
			sources++
			require.Equal(t, "${datasource}", ds["uid"], "no hard-coded data source uid")
			require.Equal(t, "prometheus", ds["type"])
		}
	})
	require.Greater(t, sources, 20)
	var titles []string
	for _, p := range dash["panels"].([]any) {
		titles = append(titles, p.(map[string]any)["title"].(string))
	}
	for _, want := range []string{"Monitor up", "Broker connected", "Store connected", "Messages ready", "Messages unacknowledged", "Consumers",
		"Publish rate", "Deliver and ack rates", "Archive queue", "Store memory", "Store clients and operations", "Messages processed",
		"Receiver messages", "Updates available"} {
		require.Contains(t, titles, want)
	}
}

// yamlDoc reads a Home Assistant YAML file: its custom tags (!input) kept as the node's tag.
func yamlDoc(t *testing.T, path string) *yaml.Node {
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc yaml.Node
	require.NoError(t, yaml.Unmarshal(raw, &doc), path)
	require.Len(t, doc.Content, 1)
	return doc.Content[0]
}

func get(n *yaml.Node, path ...string) *yaml.Node {
	for _, k := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
			}
		}
		n = next
	}
	return n
}

// nodes calls fn on every node of the tree.
func nodes(n *yaml.Node, fn func(*yaml.Node)) {
	fn(n)
	for _, c := range n.Content {
		nodes(c, fn)
	}
}

// The blueprint has what Home Assistant requires (blueprint: name, domain, input), an event
// entity input limited to event entities of the MQTT integration, a notify action and an
// optional time window; every !input names a declared input.
func TestHomeAssistantBlueprint(t *testing.T) {
	bp := yamlDoc(t, "home-assistant/blueprints/tracker_rule_notify.yaml")
	require.NotEmpty(t, get(bp, "blueprint", "name").Value)
	require.Equal(t, "automation", get(bp, "blueprint", "domain").Value)
	inputs := get(bp, "blueprint", "input")
	require.NotNil(t, inputs)
	declared := map[string]bool{}
	for i := 0; i < len(inputs.Content); i += 2 {
		declared[inputs.Content[i].Value] = true
	}
	require.Equal(t, map[string]bool{"rule_event": true, "notify_action": true, "only_between": true, "window_start": true, "window_end": true,
		"tar1090_url": true, "offer_mute": true}, declared)
	filter := get(bp, "blueprint", "input", "rule_event", "selector", "entity", "filter")
	require.NotNil(t, filter)
	require.Equal(t, "event", get(filter.Content[0], "domain").Value)
	require.Equal(t, "mqtt", get(filter.Content[0], "integration").Value)
	require.NotNil(t, get(bp, "blueprint", "input", "window_start", "selector", "time"))
	used := map[string]bool{}
	nodes(bp, func(n *yaml.Node) {
		if n.Tag == "!input" {
			require.True(t, declared[n.Value], "!input %s is declared", n.Value)
			used[n.Value] = true
		}
	})
	require.Equal(t, declared, used, "every input is used")
	for _, k := range []string{"trigger", "condition", "action"} {
		require.NotNil(t, get(bp, k), k)
	}
	msg := get(bp, "action").Content[0]
	text := get(msg, "data", "message").Value
	for _, field := range []string{"ident", "registration", "operator_name", "model", "origin", "destination"} {
		require.Contains(t, text, "a."+field, "the message says the %s", field)
	}
	// The message as Home Assistant renders it (Jinja2), for an enriched event and a bare one.
	for _, tc := range []struct {
		name  string
		attrs map[string]any
		want  string
	}{
		{"Heathrow low", map[string]any{"event_type": "matched", "rule": "heathrow-low", "icao_hex": "407689", "ident": "EZY16EG", "squawk": "",
			"registration": "G-EZWX", "type_designator": "A320", "model": "Airbus A320", "operator": "EZY", "operator_name": "easyJet",
			"origin": "PMI", "destination": "LTN", "military": false}, "easyJet EZY16EG (G-EZWX, Airbus A320) PMI → LTN matched Heathrow low"},
		{"Low over Heathrow", map[string]any{"event_type": "matched", "rule": "heathrow-low", "icao_hex": "400B83", "ident": "", "squawk": "",
			"registration": "", "type_designator": "", "model": "", "operator": "", "operator_name": "", "origin": "", "destination": "", "military": false},
			"400B83 matched Low over Heathrow"},
		{"Military", map[string]any{"event_type": "matched", "rule": "military", "icao_hex": "43C6F7", "ident": "RRR2357", "squawk": "7700",
			"registration": "ZZ336", "type_designator": "A332", "model": "", "operator": "RFR", "operator_name": "", "origin": "", "destination": "", "military": true},
			"RFR RRR2357 (ZZ336, A332) squawk 7700 (military) matched Military"},
	} {
		got := renderJinja(t, text, map[string]any{"trigger": map[string]any{"to_state": map[string]any{"name": tc.name, "attributes": tc.attrs}}})
		require.Equal(t, tc.want, got)
	}
	data := get(msg, "data", "data").Value
	link := renderJinja(t, data, map[string]any{"tar1090_url": "http://receiver.local/tar1090/",
		"trigger": map[string]any{"to_state": map[string]any{"attributes": map[string]any{"icao_hex": "407689"}}}})
	require.Contains(t, link, "'url': 'http://receiver.local/tar1090/?icao=407689'")
	require.Contains(t, link, "'clickAction'")
	require.Equal(t, "{}", renderJinja(t, data, map[string]any{"tar1090_url": "",
		"trigger": map[string]any{"to_state": map[string]any{"attributes": map[string]any{"icao_hex": "407689"}}}}))

	// On a watchlist: its category first (CONTRACT.md 11.4).
	police := map[string]any{"event_type": "matched", "rule": "police", "icao_hex": "406F2B", "registration": "G-POLA",
		"watchlist_category": "Police Forces", "delivery": "sent"}
	require.Equal(t, "Police Forces: 406F2B (G-POLA) matched Police overhead",
		renderJinja(t, text, map[string]any{"trigger": map[string]any{"to_state": map[string]any{"name": "Police overhead", "attributes": police}}}))

	// Only what is to be told reaches the phone (CONTRACT.md 10.3): sent, or no delivery.
	var deliveryCheck string
	for _, c := range get(bp, "condition").Content {
		if v := get(c, "value_template"); v != nil && strings.Contains(v.Value, "delivery") {
			deliveryCheck = v.Value
		}
	}
	require.NotEmpty(t, deliveryCheck)
	for delivery, want := range map[string]string{"": "True", "sent": "True", "held": "False"} {
		require.Equal(t, want, renderJinja(t, deliveryCheck, map[string]any{"trigger": map[string]any{"to_state": map[string]any{
			"attributes": map[string]any{"delivery": delivery}}}}), "delivery %q", delivery)
	}

	// The mute actions (CONTRACT.md 10.5): offered, and a tap publishes the command.
	withActions := renderJinja(t, data, map[string]any{"tar1090_url": "", "offer_mute": true, "mute_rule_action": "TRACKER_MUTE_RULE_1",
		"mute_aircraft_action": "TRACKER_MUTE_AIRCRAFT_1", "trigger": map[string]any{"to_state": map[string]any{"attributes": police}}})
	require.Contains(t, withActions, "'action': 'TRACKER_MUTE_RULE_1', 'title': 'Mute this rule for 1 h'")
	require.Contains(t, withActions, "'action': 'TRACKER_MUTE_AIRCRAFT_1', 'title': 'Mute this aircraft for today'")
	var publish *yaml.Node
	for _, a := range get(bp, "action").Content {
		if v := get(a, "service"); v != nil && v.Value == "mqtt.publish" {
			publish = a
		}
	}
	require.NotNil(t, publish, "a tap publishes over MQTT")
	require.Equal(t, "Tracker/rules-watch/mute", get(publish, "data", "topic").Value)
	payload := get(publish, "data", "payload").Value
	require.JSONEq(t, `{"rule":"police","minutes":60}`, renderJinja(t, payload, map[string]any{"mute_rule_action": "TRACKER_MUTE_RULE_1",
		"wait":    map[string]any{"trigger": map[string]any{"event": map[string]any{"data": map[string]any{"action": "TRACKER_MUTE_RULE_1"}}}},
		"trigger": map[string]any{"to_state": map[string]any{"attributes": police}}}))
	require.Contains(t, payload, "'icao_hex': a.icao_hex")
	require.Contains(t, payload, "today_at('23:59:59')", "the aircraft until midnight")
	require.Equal(t, "parallel", get(bp, "mode").Value, "a notification waiting for a tap never holds the next back")
}

// renderJinja renders a template with Jinja2 (Debian's python3-jinja2, the engine Home
// Assistant uses) and the given variables.
func renderJinja(t *testing.T, tmpl string, vars map[string]any) string {
	t.Helper()
	v, err := json.Marshal(vars)
	require.NoError(t, err)
	cmd := exec.Command("python3", "-c", `import sys, json, jinja2
tmpl, v = sys.stdin.read().split("\x00")
print(jinja2.Environment().from_string(tmpl).render(**json.loads(v)))`)
	cmd.Stdin = strings.NewReader(tmpl + "\x00" + string(v))
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	return strings.TrimSpace(string(out))
}

// announced is every entity id the monitor announces that a dashboard may name: the Core
// device's static entities and the example rules' event entities.
func announced(t *testing.T) map[string]bool {
	out := map[string]bool{}
	for _, e := range all.Defaults().Static() {
		out[e.DefaultEntityID()] = true
	}
	raw, err := os.ReadFile("../examples/rules.json")
	require.NoError(t, err)
	var rules []struct {
		Identifier string `json:"identifier"`
		Name       string `json:"name"`
		Enabled    bool   `json:"enabled"`
	}
	require.NoError(t, json.Unmarshal(raw, &rules))
	for _, r := range rules {
		if r.Enabled {
			out[catalog.RuleEventEntity(r.Identifier, r.Name).DefaultEntityID()] = true
		}
	}
	return out
}

var entityID = regexp.MustCompile(`^(sensor|binary_sensor|event|update)\.[a-z0-9_]+$`)

// Every entity id the Home Assistant files name is one the monitor announces.
func TestHomeAssistantFilesNameAnnouncedEntities(t *testing.T) {
	known := announced(t)
	for _, f := range []string{"home-assistant/dashboard.yaml", "home-assistant/blueprints/tracker_rule_notify.yaml"} {
		var named []string
		nodes(yamlDoc(t, f), func(n *yaml.Node) {
			if n.Kind == yaml.ScalarNode && entityID.MatchString(n.Value) {
				named = append(named, n.Value)
			}
		})
		sort.Strings(named)
		for _, id := range named {
			require.True(t, known[id], "%s names %s, which the monitor does not announce", f, id)
		}
		if f == "home-assistant/dashboard.yaml" {
			require.Greater(t, len(named), 15)
			require.NotNil(t, get(yamlDoc(t, f), "views"))
		}
	}
}
