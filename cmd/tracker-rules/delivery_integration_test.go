//go:build integration

package main_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb/readsbtest"
)

// webhook is a local web server standing in for a channel (Shoutrrr's generic service, JSON).
type webhook struct {
	mu   sync.Mutex
	msgs []map[string]string
}

func (h *webhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var m map[string]string
	b, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(b, &m)
	h.mu.Lock()
	h.msgs = append(h.msgs, m)
	h.mu.Unlock()
}

func (h *webhook) got() []map[string]string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]map[string]string(nil), h.msgs...)
}

// delivery is the "delivery" object of a notification (nil: none).
func deliveryOf(t *testing.T, payload string) map[string]any {
	var n map[string]any
	require.NoError(t, json.Unmarshal([]byte(payload), &n))
	d, _ := n["delivery"].(map[string]any)
	return d
}

// watch on real Mosquitto and Redis (CONTRACT.md 10): a rule in its quiet hours is held (and
// says until when), a rule without policy is told on the channel (its text and title, a
// tar1090 link), a mute command over MQTT holds the rule, is stored, survives a restart, and
// lifted in the store (as the API does) lets matches through again; the channel's health and
// the mute button are announced.
func TestWatchDecidesTellsAndMutes(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnMosquitto(t).WithOwnRedis(t)
	r := env.Redis(t)
	set := func(key, body string) {
		require.NoError(t, r.Do(t.Context(), r.B().Set().Key(key).Value(body).Build()).Error())
		require.NoError(t, r.Do(t.Context(), r.B().Set().Key(key+":version").Value(rules.Version([]byte(body))).Build()).Error())
	}
	set(rules.RulesKey, `[
	 {"identifier":"quiet","name":"Quiet one","enabled":true,"conditions":[{"type":"aircraft_icao_hex","operator":"equals","value":"AAA001"}],
	  "notify":{"timezone":"UTC","quiet_hours":[{"from":"00:00","to":"12:00"},{"from":"12:00","to":"00:00"}]}},
	 {"identifier":"told","name":"Told","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"1234"}]}]`)
	hook := &webhook{}
	hookSrv := httptest.NewServer(hook)
	t.Cleanup(hookSrv.Close)
	feed, srv := newFakeReadsb(t)
	aircraft := func(hex, squawk string) {
		feed.add(map[string]any{"hex": strings.ToLower(hex), "alt_baro": 3000.0, "lat": 51.5, "lon": -0.1, "seen": 0.1, "squawk": squawk, "flight": "TEST1  "})
	}

	rec := env.Record(t, "Tracker/#", "homeassistant/#")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	// No digest: at DIGEST_TIME (08:00 by default) watch sends one to the channel, a message
	// more for a run across it (the digest: TestWatchFiresMutesDigestsLogsAndDrainsInProcess).
	procEnv := append([]string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "LOG_LEVEL=info",
		"NOTIFY_URLS=hook=generic://" + strings.TrimPrefix(hookSrv.URL, "http://") + "/in?template=json&disabletls=yes",
		"TAR1090_URL=http://tar1090.local/", "AIRCRAFT_DB=none", "DIGEST_TIME=off"}, storeEnv(t, env)...)
	start := func() *testenv.Process {
		return testenv.Start(t, bin(t), procEnv, "watch", "--readsb", srv.URL+"/data/aircraft.json", "--from-store", "--reload", "500ms", "--interval", "300ms", "--db", "none")
	}
	p := start()
	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 15*time.Second)

	aircraft("AAA001", "2000")
	aircraft("BBB001", "1234")
	q := rec.WaitFor("Tracker/rule/quiet", 10*time.Second, nil)
	d := deliveryOf(t, q.Payload)
	require.Equal(t, "held", d["state"])
	require.Equal(t, "quiet_hours", d["reason"])
	until, err := time.Parse(time.RFC3339, d["until"].(string))
	require.NoError(t, err)
	require.Contains(t, []int{0, 12}, until.Hour(), "held until the window ends (the feed's clock)")
	require.Zero(t, until.Minute())
	told := rec.WaitFor("Tracker/rule/told", 10*time.Second, nil)
	require.Nil(t, deliveryOf(t, told.Payload), "no policy, no mute: no delivery key")
	require.Eventually(t, func() bool { return len(hook.got()) == 1 }, 10*time.Second, 50*time.Millisecond)
	m := hook.got()[0]
	require.Equal(t, "Told", m["title"])
	require.Equal(t, "TEST1 (BBB001) · 3,000 ft\nhttp://tar1090.local/?icao=bbb001", m["message"])

	// The channel's health and the rule's mute button.
	rec.WaitPayload("Tracker/rules-watch/statistic/channel_hook_ok", "True", 10*time.Second)
	rec.WaitPayload("Tracker/rules-watch/statistic/channel_hook_sent_total", "1", 10*time.Second)
	cfg := rec.WaitFor("homeassistant/binary_sensor/Tracker_rules_watch_channel_hook_ok/config", 5*time.Second, nil)
	require.Contains(t, cfg.Payload, `"availability_topic":"Tracker/rules-watch/status"`)
	btn := rec.WaitFor("homeassistant/button/Tracker_rule_mute_told/config", 5*time.Second, nil)
	require.Contains(t, btn.Payload, `"command_topic":"Tracker/rules-watch/mute"`)

	// A bad command: a warning, nothing changes. A good one: the rule is held, the mute stored.
	rec.Publish("Tracker/rules-watch/mute", `{"rule":"told","minutes":"soon"}`, false)
	require.Eventually(t, func() bool { return strings.Contains(p.Output(), "mute command ignored") }, 15*time.Second, 50*time.Millisecond)
	rec.Publish("Tracker/rules-watch/mute", `{"rule":"told","minutes":60}`, false)
	require.Eventually(t, func() bool {
		v, err := r.Do(t.Context(), r.B().Hget().Key("notify:mutes").Field("told").Build()).ToString()
		return err == nil && v != ""
	}, 5*time.Second, 50*time.Millisecond, "the mute is stored")
	aircraft("BBB002", "1234")
	muted := rec.WaitFor("Tracker/rule/told", 10*time.Second, func(m testenv.Msg) bool { return strings.Contains(m.Payload, "BBB002") })
	d = deliveryOf(t, muted.Payload)
	require.Equal(t, "held", d["state"])
	require.Equal(t, "muted", d["reason"])
	until, err = time.Parse(time.RFC3339, d["until"].(string))
	require.NoError(t, err)
	require.WithinDuration(t, time.Now().Add(time.Hour), until, 2*time.Minute)

	// A restart keeps the mute, and the flights (CONTRACT.md 10.8): the aircraft in view do not
	// fire again; a new one is held as muted.
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(8*time.Second))
	rec.Reset()
	p = start()
	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 15*time.Second)
	aircraft("BBB003", "1234")
	again := rec.WaitFor("Tracker/rule/told", 15*time.Second, func(m testenv.Msg) bool { return strings.Contains(m.Payload, "BBB003") })
	require.Equal(t, "muted", deliveryOf(t, again.Payload)["reason"])
	for _, m := range rec.All() {
		if m.Topic == "Tracker/rule/told" || m.Topic == "Tracker/rule/quiet" {
			require.Contains(t, m.Payload, "BBB003", "a flight in view before the restart is not told again: %s", m.Payload)
		}
	}
	require.Len(t, hook.got(), 1, "nothing held reaches the channel")

	// Lifted in the store (DELETE /api/mutes/told): the next match is told.
	require.NoError(t, r.Do(t.Context(), r.B().Hdel().Key("notify:mutes").Field("told").Build()).Error())
	// The store's mutes are read every 5 s: a new aircraft every half second is held as muted
	// until the lift is read, then told.
	free := ""
	for i := 4; free == ""; i++ {
		require.Less(t, i, 60, "the lifted mute was never read")
		hex := fmt.Sprintf("BBB%03d", i)
		aircraft(hex, "1234")
		m := rec.WaitFor("Tracker/rule/told", 10*time.Second, func(m testenv.Msg) bool { return strings.Contains(m.Payload, hex) })
		if d := deliveryOf(t, m.Payload); d != nil {
			require.Equal(t, "muted", d["reason"], hex)
			time.Sleep(500 * time.Millisecond)
			continue
		}
		free = hex
	}
	require.Eventually(t, func() bool { return len(hook.got()) == 2 }, 10*time.Second, 50*time.Millisecond)
	require.Contains(t, hook.got()[1]["message"], free)
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(8*time.Second))
}

// replay decides as watch does, in message time (CONTRACT.md 10.2, 10.6): on the global
// snapshot a rule capped at 100 an hour sends 100 and holds the rest, a rule quiet all day holds
// everything, a rule without notify is as before (no delivery key); the summary counts the held;
// --digest ends with one digest line whose counts are the notifications'.
func TestReplayWithPoliciesAndADigest(t *testing.T) {
	t.Parallel()
	var in strings.Builder
	for _, l := range readsbtest.GlobalTraffic(t) {
		in.Write(l)
		in.WriteByte('\n')
	}
	rulesFile := writeFile(t, `[
	 {"identifier":"capped","name":"Capped","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":30000}],"notify":{"max_per_hour":100}},
	 {"identifier":"quiet","name":"Quiet","enabled":true,"conditions":[{"type":"military","operator":"equals","value":true}],
	  "notify":{"timezone":"Europe/London","quiet_hours":[{"from":"00:00","to":"12:00"},{"from":"12:00","to":"00:00"}]}},
	 {"identifier":"plain","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7700"}]}]`)
	out, errOut, code := runCmd(t, []string{"DIGEST_TIME=off"}, in.String(), "replay", "--rules", rulesFile, "--digest")
	require.Equal(t, 0, code, errOut)
	out2, _, _ := runCmd(t, []string{"DIGEST_TIME=off"}, in.String(), "replay", "--rules", rulesFile, "--digest")
	require.Equal(t, out, out2, "deterministic")

	lines := strings.Split(strings.TrimSpace(out), "\n")
	type count struct{ sent, held, none int }
	got := map[string]*count{"capped": {}, "quiet": {}, "plain": {}}
	reasons := map[string]map[string]int{"capped": {}, "quiet": {}}
	for _, l := range lines[:len(lines)-1] {
		var n struct {
			Rule     struct{ Identifier string }
			Delivery *struct{ State, Reason, Until string }
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n), l)
		c := got[n.Rule.Identifier]
		switch {
		case n.Delivery == nil:
			c.none++
		case n.Delivery.State == "sent":
			c.sent++
		default:
			require.Equal(t, "held", n.Delivery.State)
			reasons[n.Rule.Identifier][n.Delivery.Reason]++
			c.held++
			if n.Delivery.Reason == "rate_limit" {
				require.Empty(t, n.Delivery.Until, "no end for a rate limit")
			} else {
				require.NotEmpty(t, n.Delivery.Until)
			}
		}
	}
	require.Equal(t, 100, got["capped"].sent)
	require.Positive(t, got["capped"].held)
	require.Equal(t, map[string]int{"rate_limit": got["capped"].held}, reasons["capped"])
	require.Zero(t, got["quiet"].sent)
	require.Equal(t, map[string]int{"quiet_hours": got["quiet"].held}, reasons["quiet"])
	require.Zero(t, got["plain"].sent+got["plain"].held, "no policy: no decision")
	require.Contains(t, errOut, "rule capped: ")
	require.Contains(t, errOut, ", "+itoa(got["capped"].held)+" held")

	// The digest: the last line, at the end of the input, counting what the lines say.
	var d struct {
		Digest struct {
			From, To string
			Rules    []struct {
				Identifier, Name string
				Sent             int
				Held             map[string]int
			}
			Top []struct {
				IcaoHex string `json:"icao_hex"`
				Label   string
				Matches int
			}
		}
	}
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &d))
	byID := map[string]int{}
	for i, r := range d.Digest.Rules {
		byID[r.Identifier] = i
	}
	c := d.Digest.Rules[byID["capped"]]
	require.Equal(t, "Capped", c.Name)
	require.Equal(t, 100, c.Sent)
	require.Equal(t, got["capped"].held, c.Held["rate_limit"])
	require.Equal(t, got["quiet"].held, d.Digest.Rules[byID["quiet"]].Held["quiet_hours"])
	require.Equal(t, "capped", d.Digest.Rules[0].Identifier, "rules by matches")
	require.Len(t, d.Digest.Top, 10)
	from, err := time.Parse(time.RFC3339, d.Digest.From)
	require.NoError(t, err)
	to, err := time.Parse(time.RFC3339, d.Digest.To)
	require.NoError(t, err)
	require.Equal(t, 24*time.Hour, to.Sub(from))

	// Without notify anywhere: byte-identical to a replay that knows nothing of delivery.
	plain := writeFile(t, `[{"identifier":"plain","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":30000}]}]`)
	a, _, _ := runCmd(t, nil, in.String(), "replay", "--rules", plain)
	require.NotContains(t, a, `"delivery"`)
}

func itoa(n int) string { return strconv.Itoa(n) }

// deliveryTraffic is a constructed day of traffic (testdata/delivery.jsonl) whose times cross
// a quiet window in Europe/London on the night summer time starts (2026-03-29, 01:00 UTC), a
// cooldown across two flights of one aircraft, and an hourly cap; a 7700 in the quiet hours.
func deliveryTraffic() string {
	var b strings.Builder
	line := func(at, hex, squawk string) {
		fmt.Fprintf(&b, `{"received_at":"%s","icao_hex":"%s","squawk":"%s","altitude":3000,"latitude":51.5,"longitude":-0.1,"receiver_source":"1090"}`+"\n", at, hex, squawk)
	}
	line("2026-03-28T21:55:00Z", "AA0001", "2000")                             // 21:55 GMT: before the quiet hours
	line("2026-03-28T22:05:00Z", "AA0002", "2000")                             // quiet until 06:00 BST = 05:00 UTC
	line("2026-03-28T23:00:00Z", "AA0003", "7700")                             // an emergency: told in the quiet hours
	line("2026-03-29T05:30:00Z", "AA0004", "2000")                             // 06:30 BST: after them
	line("2026-03-29T10:00:00Z", "CC0001", "1200")                             // cooldown: sent
	line("2026-03-29T10:30:00Z", "CC0001", "1200")                             // a new flight of the same aircraft: held until 11:00
	line("2026-03-29T11:10:00Z", "CC0001", "1200")                             // after the cooldown: sent
	for i, at := range []string{"12:00", "12:10", "12:20", "12:30", "13:05"} { // at most 2 an hour
		line("2026-03-29T"+at+":00Z", fmt.Sprintf("BB000%d", i+1), "7000")
	}
	return b.String()
}

// The constructed traffic replayed with a policy per rule and --digest (NOTIFY_TIMEZONE
// Europe/London, DIGEST_TIME 08:00; the spring change on 29 March makes the first digest 23
// hours, 08:00 GMT to 08:00 BST, and the last runs from that digest to the end of the
// input): every line's delivery is the golden file's
// (testdata/delivery.golden; UPDATE_GOLDEN=1 writes it).
func TestReplayDeliveryGolden(t *testing.T) {
	t.Parallel()
	traffic := deliveryTraffic()
	onDisk, err := os.ReadFile("testdata/delivery.jsonl")
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile("testdata/delivery.jsonl", []byte(traffic), 0o644))
	} else {
		require.NoError(t, err)
		require.Equal(t, traffic, string(onDisk), "testdata/delivery.jsonl is the constructed traffic")
	}
	rulesFile := writeFile(t, `[
	 {"identifier":"night","name":"Anything, not at night","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}],
	  "notify":{"quiet_hours":[{"from":"22:00","to":"06:00"}]}},
	 {"identifier":"cool","name":"Once an hour","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"1200"}],"notify":{"cooldown_minutes":60}},
	 {"identifier":"cap","name":"Two an hour","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"7000"}],"notify":{"max_per_hour":2}}]`)
	out, errOut, code := runCmd(t, []string{"NOTIFY_TIMEZONE=Europe/London", "DIGEST_TIME=08:00"}, traffic, "replay", "--rules", rulesFile, "--digest")
	require.Equal(t, 0, code, errOut)
	// The deliveries, one line per notification: rule, aircraft, delivery (or none).
	var got strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var n struct {
			Rule     struct{ Identifier string }
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			}
			Delivery json.RawMessage
			Digest   json.RawMessage
		}
		require.NoError(t, json.Unmarshal([]byte(l), &n), l)
		if n.Digest != nil {
			fmt.Fprintf(&got, "digest %s\n", n.Digest)
			continue
		}
		fmt.Fprintf(&got, "%s %s %s\n", n.Rule.Identifier, n.Aircraft.IcaoHex, n.Delivery)
	}
	if os.Getenv("UPDATE_GOLDEN") == "1" {
		require.NoError(t, os.WriteFile("testdata/delivery.golden", []byte(got.String()), 0o644))
	}
	golden, err := os.ReadFile("testdata/delivery.golden")
	require.NoError(t, err)
	require.Equal(t, string(golden), got.String())
}

// CONTRACT.md 10.5: with --rules FILE and a data store configured, mutes go to the store; one
// sent while the store is away holds at once and is written when the store answers again
// (never lost to the next read); one for a rule that is not loaded (or wrongly cased) is
// refused with a warning and stored nowhere.
func TestMutesSurviveAStoreOutage(t *testing.T) {
	t.Parallel()
	env := testenv.Get(t).WithOwnMosquitto(t).WithOwnRedis(t)
	r := env.Redis(t)
	x := testenv.NewToxi(t)
	port := x.Proxy(t, "store", env.RedisAddr)
	rulesFile := writeFile(t, `[{"identifier":"told","name":"Told","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"1234"}]}]`)
	_, srv := newFakeReadsb(t)
	rec := env.Record(t, "Tracker/rules-watch/status")
	mh, mp := testenv.Split(t, env.MQTTAddr)
	p := testenv.Start(t, bin(t), []string{"PATH=" + os.Getenv("PATH"), "MQTT_HOST=" + mh, "MQTT_PORT=" + mp, "LOG_LEVEL=debug", "AIRCRAFT_DB=none",
		"STORE_HOST=127.0.0.1", "STORE_PORT=" + port, "STORE_PASSWORD=" + env.RedisPassword},
		"watch", "--readsb", srv.URL+"/data/aircraft.json", "--rules", rulesFile, "--interval", "300ms", "--db", "none")
	rec.WaitPayload("Tracker/rules-watch/status", "ONLINE", 15*time.Second)
	// ONLINE goes out as the connection comes up; the mute commands arrive once the
	// subscription is acknowledged: wait for that, not for time.
	require.Eventually(t, func() bool { return strings.Contains(p.Output(), "mqtt subscribed") }, 15*time.Second, 50*time.Millisecond, p.Output())
	stored := func(field string) string {
		v, _ := r.Do(t.Context(), r.B().Hget().Key("notify:mutes").Field(field).Build()).ToString()
		return v
	}

	// Unknown and wrongly cased rules: refused.
	rec.Publish("Tracker/rules-watch/mute", `{"rule":"Told","minutes":60}`, false)
	rec.Publish("Tracker/rules-watch/mute", `{"rule":"nope","minutes":60}`, false)
	require.Eventually(t, func() bool { return strings.Count(p.Output(), "no loaded rule has this identifier") == 2 }, 10*time.Second, 50*time.Millisecond)

	// The store goes away; a mute arrives; the store comes back: the mute is written.
	x.Add(t, "store", `{"type":"reset_peer","stream":"upstream","attributes":{"timeout":0}}`)
	rec.Publish("Tracker/rules-watch/mute", `{"rule":"told","minutes":60}`, false)
	require.Eventually(t, func() bool { return strings.Contains(p.Output(), "not stored yet") }, 15*time.Second, 50*time.Millisecond, p.Output())
	require.Empty(t, stored("told"))
	x.Clear("store")
	require.Eventually(t, func() bool { return stored("told") != "" }, 20*time.Second, 100*time.Millisecond, "written once the store answers")
	reads := strings.Count(p.Output(), "mutes read from the store")
	require.Eventually(t, func() bool { return strings.Count(p.Output(), "mutes read from the store") > reads }, 30*time.Second, 50*time.Millisecond,
		"a read of the store's mutes after it (every 5 s)")
	require.NotEmpty(t, stored("told"), "the mute is still there")
	require.Empty(t, stored("Told"))
	require.Empty(t, stored("nope"))
	require.NoError(t, p.Cmd.Process.Signal(syscall.SIGTERM))
	require.Equal(t, 0, p.Wait(8*time.Second))
}
