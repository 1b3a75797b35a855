package notify_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

func policy(t *testing.T, notify string) *delivery.Policy {
	t.Helper()
	p, _, probs := delivery.Parse([]byte(notify), time.UTC)
	require.Nil(t, probs)
	return p
}

// Across a restart (CONTRACT.md 10.8): a cooldown goes on, the hour's sends still count
// toward the cap, the digest covers its whole period, and a flight in view does not fire
// again; through the state's bytes and a file replaced atomically.
func TestStateAcrossARestart(t *testing.T) {
	cool, cap2 := policy(t, `{"cooldown_minutes":60}`), policy(t, `{"max_per_hour":2}`)
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	d := delivery.NewDecider(nil)
	g := delivery.NewDigest()
	require.Equal(t, delivery.Sent, d.Decide("cool", cool, "AAAAAA", "", t0).State)
	require.Equal(t, delivery.Sent, d.Decide("cap", cap2, "BBBBB1", "", t0).State)
	require.Equal(t, delivery.Sent, d.Decide("cap", cap2, "BBBBB2", "", t0.Add(time.Minute)).State)
	g.Add(t0, "cool", "Cool", "AAAAAA", "AAA1", delivery.Decision{State: delivery.Sent})
	g.Add(t0.Add(time.Minute), "cap", "Cap", "BBBBB2", "BBB2", delivery.Decision{State: delivery.Held, Reason: delivery.RateLimit})

	set, err := rules.Compile(&rules.Snapshot{Rules: []byte(`[{"identifier":"low","enabled":true,"conditions":[{"type":"altitude","operator":"maximum","value":5000}]}]`)})
	require.NoError(t, err)
	e := rules.NewEngine(set, 0)
	alt := 3000.0
	lat, lon := 51.5, -0.1
	msg := func(at time.Time) *model.AircraftMessage {
		return &model.AircraftMessage{IcaoHex: "CCCCCC", ReceivedAt: at, Altitude: &alt, Latitude: &lat, Longitude: &lon}
	}
	require.Len(t, e.Process(msg(t0)), 1)

	now := t0.Add(2 * time.Minute)
	st := notify.State{SavedAt: now, Flights: e.Memory(), Delivery: d.Memory(now), Digest: g.Events(now)}
	keeper := notify.FileKeeper{Path: filepath.Join(t.TempDir(), "watch-state.json")}
	require.NoError(t, keeper.Save(context.Background(), st.Encode()))
	entries, err := os.ReadDir(filepath.Dir(keeper.Path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left beside it")

	// The new process.
	b, err := keeper.Load(context.Background())
	require.NoError(t, err)
	back, err := notify.DecodeState(b)
	require.NoError(t, err)
	d2, g2, e2 := delivery.NewDecider(nil), delivery.NewDigest(), rules.NewEngine(set, 0)
	d2.Restore(back.Delivery)
	g2.Restore(back.Digest)
	e2.Restore(back.Flights)
	later := t0.Add(5 * time.Minute)
	require.Equal(t, delivery.Cooldown, d2.Decide("cool", cool, "AAAAAA", "", later).Reason, "the cooldown goes on")
	require.Equal(t, delivery.RateLimit, d2.Decide("cap", cap2, "BBBBB3", "", later).Reason, "the hour's sends count")
	require.Empty(t, e2.Process(msg(t0.Add(3*time.Minute))), "the flight in view does not fire again")
	require.Len(t, e2.Process(msg(t0.Add(20*time.Minute))), 1, "after the TTL, a new flight fires")
	r := g2.Report(t0.Add(-time.Hour), t0.Add(time.Hour))
	require.Len(t, r.Rules, 2, "the digest covers the period before the restart")

	// Nothing kept: none; garbage: an error (watch starts empty with a warning).
	none, err := notify.FileKeeper{Path: filepath.Join(t.TempDir(), "absent.json")}.Load(context.Background())
	require.NoError(t, err)
	require.Nil(t, none)
	_, err = notify.DecodeState([]byte("{not json"))
	require.Error(t, err)
}

// WATCH_STATE names the aircraft told about: the file is its owner's only (0600), also when
// an older one was readable by others.
func TestFileKeeperWritesAPrivateFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "watch-state.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o644))
	k := notify.FileKeeper{Path: path}
	require.NoError(t, k.Save(t.Context(), notify.State{}.Encode()))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}
