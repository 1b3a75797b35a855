package watch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/engine"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// watch wired as the command wires it, in the test's process: a feed from a file, rules from a
// file, the flight log and the state in t.TempDir(), no data store, no MQTT (notifications and
// the digest printed), the wall clock and the mute commands the test's.

// t0 is the feed's clock and the test's wall clock at the start.
var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// aircraft is one entry of the feed (readsb's aircraft.json).
type aircraft struct {
	Hex    string  `json:"hex"`
	Flight string  `json:"flight,omitempty"`
	Squawk string  `json:"squawk,omitempty"`
	Alt    float64 `json:"alt_baro"`
	Lat    float64 `json:"lat"`
	Lon    float64 `json:"lon"`
	Seen   float64 `json:"seen"`
}

// feedFile is the feed: a readsb aircraft.json the test rewrites (whole, by rename: a poll
// never reads half of it), each time a second later (every aircraft seen anew).
type feedFile struct {
	path   string
	acs    []aircraft
	writes int
}

func (f *feedFile) write(t *testing.T, acs ...aircraft) {
	t.Helper()
	f.acs = append(f.acs, acs...)
	now := t0.Add(time.Duration(f.writes) * time.Second)
	f.writes++
	b, err := json.Marshal(map[string]any{"now": float64(now.UnixMilli()) / 1000, "messages": 1000, "aircraft": f.acs})
	require.NoError(t, err)
	tmp := f.path + ".tmp"
	require.NoError(t, os.WriteFile(tmp, b, 0o600))
	require.NoError(t, os.Rename(tmp, f.path))
}

// clock is the wall clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// running is one run of watch.
type running struct {
	out, log testenv.Buffer
	commands chan model.Message
	stop     context.CancelFunc
	done     chan error
}

func (r *running) lines(substr string) []string {
	var out []string
	for _, l := range strings.Split(r.out.String(), "\n") {
		if strings.Contains(l, substr) {
			out = append(out, l)
		}
	}
	return out
}

// stopped stops watch and waits for Run: it returns once every sink has drained.
func (r *running) stopped(t *testing.T) {
	t.Helper()
	r.stop()
	select {
	case err := <-r.done:
		require.NoError(t, err)
	case <-time.After(StopWithin + 5*time.Second):
		t.Fatal("watch did not stop")
	}
}

func start(t *testing.T, s Settings, c *clock) *running {
	t.Helper()
	r := &running{commands: make(chan model.Message), done: make(chan error, 1)}
	s.Out, s.Log = &r.out, zerolog.New(&r.log).Level(zerolog.DebugLevel)
	ctx, stop := context.WithCancel(t.Context())
	r.stop = stop
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		r.done <- run(ctx, s, hooks{now: c.Now, commands: r.commands})
	}()
	t.Cleanup(func() { stop(); <-ended }) // before t.TempDir's removal
	return r
}

func settings(t *testing.T, dir, feed string) Settings {
	t.Helper()
	rulesFile := filepath.Join(dir, "rules.json")
	require.NoError(t, os.WriteFile(rulesFile, []byte(`[
	 {"identifier":"flying","name":"Anything flying","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]},
	 {"identifier":"told","name":"Told","enabled":true,"conditions":[{"type":"squawk","operator":"equals","value":"1234"}]}]`), 0o600))
	schedule, err := delivery.ParseSchedule("08:00", time.UTC)
	require.NoError(t, err)
	env := &config.Rules{Zone: time.UTC, WatchState: filepath.Join(dir, "watch-state.json"), FlightLog: filepath.Join(dir, "flights.db"),
		FlightLogDays: 90, Home: &model.Home{Latitude: 51.47, Longitude: -0.45}}
	return Settings{Rules: env, Engine: engine.Options{Rules: rulesFile, Zone: time.UTC, Reload: time.Minute},
		Feed: feed, Interval: 20 * time.Millisecond, Schedule: schedule}
}

func TestWatchFiresMutesDigestsLogsAndDrainsInProcess(t *testing.T) {
	dir := t.TempDir()
	feed := &feedFile{path: filepath.Join(dir, "aircraft.json")}
	feed.write(t,
		aircraft{Hex: "aaa001", Flight: "ONE1", Squawk: "2000", Alt: 3000, Lat: 51.5, Lon: -0.1, Seen: 0.1},
		aircraft{Hex: "aaa002", Flight: "TWO2", Squawk: "1234", Alt: 5000, Lat: 51.6, Lon: -0.2, Seen: 0.1},
		aircraft{Hex: "aaa003", Squawk: "2000", Alt: 7000, Lat: 51.4, Lon: -0.3, Seen: 0.1})
	c := &clock{now: t0}
	s := settings(t, dir, feed.path)
	hook := &webhook{}
	hookSrv := httptest.NewServer(hook)
	t.Cleanup(hookSrv.Close)
	s.NotifyURLs = "hook=generic://" + strings.TrimPrefix(hookSrv.URL, "http://") + "/in?template=json&disabletls=yes"
	w := start(t, s, c)

	// What fires: each aircraft once per flight, however many polls see it.
	require.Eventually(t, func() bool { return len(w.lines(`"matched_rules":[`)) >= 4 }, 10*time.Second, 10*time.Millisecond, w.log.String())
	require.Len(t, w.lines(`"identifier":"flying"`), 3)
	told := w.lines(`"identifier":"told"`)
	require.Len(t, told, 1)
	require.Contains(t, told[0], "AAA002")
	require.NotContains(t, told[0], `"delivery"`, "no policy, no mute: no delivery key")
	require.Eventually(t, func() bool { return len(hook.got()) == 4 }, 10*time.Second, 10*time.Millisecond, "each told match on the channel")

	// A mute command (MQTT's, or here the test's): the rule's next match is held as muted, a
	// bad one is refused and changes nothing.
	w.commands <- model.Message{Topic: model.MuteTopic, Payload: []byte(`{"rule":"Told","minutes":60}`)}
	w.commands <- model.Message{Topic: model.MuteTopic, Payload: []byte(`{"rule":"told","minutes":60}`)}
	require.Eventually(t, func() bool { return strings.Contains(w.log.String(), `"message":"muted"`) }, 5*time.Second, 10*time.Millisecond)
	require.Contains(t, w.log.String(), "no loaded rule has this identifier")
	feed.write(t, aircraft{Hex: "aaa004", Squawk: "1234", Alt: 2000, Lat: 51.5, Lon: -0.1, Seen: 0.1})
	require.Eventually(t, func() bool { return len(w.lines(`"icao_hex":"AAA004"`)) >= 2 }, 5*time.Second, 10*time.Millisecond)
	var muted map[string]any
	for _, l := range w.lines(`"identifier":"told"`) {
		if strings.Contains(l, "AAA004") {
			require.NoError(t, json.Unmarshal([]byte(l), &muted))
		}
	}
	require.Equal(t, map[string]any{"state": "held", "reason": "muted", "until": muted["delivery"].(map[string]any)["until"]}, muted["delivery"])
	require.Eventually(t, func() bool { return len(hook.got()) == 5 }, 10*time.Second, 10*time.Millisecond, "the flying match told")

	// The digest: when the wall clock passes DIGEST_TIME, the day's matches, printed.
	c.set(time.Date(2026, 5, 2, 8, 0, 1, 0, time.UTC))
	require.Eventually(t, func() bool { return len(w.lines(`{"digest":`)) == 1 }, 5*time.Second, 10*time.Millisecond)
	var digest struct {
		Digest delivery.Report `json:"digest"`
	}
	require.NoError(t, json.Unmarshal([]byte(w.lines(`{"digest":`)[0]), &digest))
	require.Equal(t, "2026-05-01T08:00:00+00:00", digest.Digest.From)
	sent := map[string]int{}
	for _, r := range digest.Digest.Rules {
		sent[r.Identifier] = r.Sent
	}
	require.Equal(t, map[string]int{"flying": 4, "told": 1}, sent)
	require.NotNil(t, digest.Digest.Totals, "with a flight log, the day's totals")
	require.Zero(t, digest.Digest.Totals.Flights, "the flights still in the air are written when they end")
	require.Eventually(t, func() bool { return len(hook.got()) == 6 }, 10*time.Second, 10*time.Millisecond, "the digest's text on the channel")
	toldOnChannel := 0
	for _, m := range hook.got() {
		if m["title"] == "Told" {
			toldOnChannel++
			require.Contains(t, m["message"], "AAA002", "nothing held reaches the channel")
		}
	}
	require.Equal(t, 1, toldOnChannel)

	// A stop drains: the flights in progress are logged, the state is kept, then Run returns.
	w.stopped(t)
	l, err := flightlog.OpenReadOnly(t.Context(), s.FlightLog, flightlog.ReadOptions{})
	require.NoError(t, err)
	defer func() { _ = l.Close() }()
	rows := map[string]flightlog.Row{}
	require.NoError(t, l.Each(t.Context(), flightlog.Filter{}, func(r *flightlog.Row) error { rows[r.IcaoHex] = *r; return nil }))
	require.Len(t, rows, 4, "every flight in progress is a row at a clean stop")
	require.Equal(t, "ONE1", rows["AAA001"].Ident)
	require.ElementsMatch(t, []string{"flying", "told"}, rows["AAA002"].MatchedRules)
	require.NotNil(t, rows["AAA003"].ClosestNM, "the closest approach to home")
	require.NotNil(t, rows["AAA003"].ClosestLat, "and where it was")
	_, path, err := l.Track(t.Context(), rows["AAA003"].ID)
	require.NoError(t, err)
	require.NotEmpty(t, path, "the flight's track")
	require.Contains(t, w.log.String(), "state kept for the next start")
	b, err := os.ReadFile(s.WatchState)
	require.NoError(t, err)
	fi, err := os.Stat(s.WatchState)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the state names the aircraft told about: private")
	st, err := notify.DecodeState(b)
	require.NoError(t, err)
	require.Len(t, st.Flights, 4)

	// A restart reads the state back: the flights in view fire nothing again.
	again := start(t, s, c)
	require.Eventually(t, func() bool { return strings.Contains(again.log.String(), "kept state read back") }, 5*time.Second, 10*time.Millisecond)
	feed.write(t, aircraft{Hex: "aaa005", Alt: 1000, Lat: 51.5, Lon: -0.1, Seen: 0.1})
	require.Eventually(t, func() bool { return len(again.lines(`"matched_rules":[`)) >= 1 }, 5*time.Second, 10*time.Millisecond)
	again.stopped(t)
	require.Len(t, again.lines(`"matched_rules":[`), 1, "only the new aircraft fired: %s", again.out.String())
	require.Contains(t, again.out.String(), "AAA005")
}

// Without a flight log (FLIGHT_LOG=none) and with a stop before the feed answered, Run still
// returns once drained.
func TestWatchStopsWithoutAFlightLogOrAFeed(t *testing.T) {
	dir := t.TempDir()
	s := settings(t, dir, filepath.Join(dir, "missing.json"))
	s.FlightLog = flightlog.Off
	w := start(t, s, &clock{now: t0})
	require.Eventually(t, func() bool { return strings.Contains(w.log.String(), "readsb feed unusable") }, 5*time.Second, 10*time.Millisecond)
	w.stopped(t)
	require.Empty(t, w.out.String())
	require.Contains(t, w.log.String(), fmt.Sprintf(`"message":%q`, "state kept for the next start"))
}

// webhook stands in for a channel (Shoutrrr's generic service, JSON).
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

// A feed that goes away, answers half a document or garbage: one warning, retried, alive, and
// the same flights fire nothing again once it is back. The rules file is followed: an edit is
// in use at the next look, an invalid one keeps the previous set.
func TestWatchSurvivesABadFeedAndFollowsTheRulesFile(t *testing.T) {
	dir := t.TempDir()
	feed := &feedFile{path: filepath.Join(dir, "aircraft.json")}
	feed.write(t, aircraft{Hex: "aaa001", Alt: 3000, Lat: 51.5, Lon: -0.1, Seen: 0.1}, aircraft{Hex: "aaa002", Alt: 4000, Lat: 51.5, Lon: -0.1, Seen: 0.1})
	s := settings(t, dir, feed.path)
	w := start(t, s, &clock{now: t0})
	require.Eventually(t, func() bool { return len(w.lines(`"identifier":"flying"`)) == 2 }, 10*time.Second, 10*time.Millisecond)

	good, err := os.ReadFile(feed.path)
	require.NoError(t, err)
	polled := func(n int) { // n more polls of the feed as it is (each logs at debug when unusable)
		base := strings.Count(w.log.String(), "readsb feed unusable")
		require.Eventually(t, func() bool { return strings.Count(w.log.String(), "readsb feed unusable") >= base+n }, 5*time.Second, 5*time.Millisecond)
	}
	for _, bad := range [][]byte{good[:len(good)/2], []byte("<html>502 Bad Gateway</html>")} {
		require.NoError(t, os.WriteFile(feed.path+".tmp", bad, 0o600))
		require.NoError(t, os.Rename(feed.path+".tmp", feed.path))
		polled(2)
	}
	require.NoError(t, os.Remove(feed.path))
	polled(2)
	warnings := 0
	for _, l := range strings.Split(w.log.String(), "\n") {
		if strings.Contains(l, `"level":"warn"`) && strings.Contains(l, "readsb feed unusable") {
			warnings++
		}
	}
	require.Equal(t, 1, warnings, "a feed problem is a warning once (the repeats are debug lines)")
	feed.write(t, aircraft{Hex: "aaa003", Alt: 5000, Lat: 51.5, Lon: -0.1, Seen: 0.1})
	require.Eventually(t, func() bool { return len(w.lines(`"identifier":"flying"`)) == 3 }, 10*time.Second, 10*time.Millisecond)
	require.Contains(t, w.log.String(), "readsb feed back")
	require.Len(t, w.lines("AAA001"), 1, "the same flights: nothing fires again")

	require.NoError(t, os.WriteFile(s.Engine.Rules, []byte(`[
	 {"identifier":"flying","name":"Anything flying","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":0}]},
	 {"identifier":"high","name":"High","enabled":true,"conditions":[{"type":"altitude","operator":"minimum","value":4500}]}]`), 0o600))
	require.Eventually(t, func() bool { return strings.Contains(w.log.String(), "rules reloaded from the files") }, 10*time.Second, 10*time.Millisecond)
	feed.write(t) // the aircraft seen again
	require.Eventually(t, func() bool { return len(w.lines(`"identifier":"high"`)) == 1 }, 10*time.Second, 10*time.Millisecond)
	require.Contains(t, w.lines(`"identifier":"high"`)[0], "AAA003")
	require.NoError(t, os.WriteFile(s.Engine.Rules, []byte(`[{"identifier":"broken"`), 0o600))
	require.Eventually(t, func() bool { return strings.Contains(w.log.String(), "keeping the previous set") }, 10*time.Second, 10*time.Millisecond)
	w.stopped(t)
}
