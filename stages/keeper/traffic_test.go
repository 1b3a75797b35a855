package keeper

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

func msgAt(hex string, at time.Time, alt float64) *model.AircraftMessage {
	lat, lon := 51.47, -0.45
	mil := true
	return &model.AircraftMessage{ReceivedAt: at, IcaoHex: hex, Ident: "BAW" + hex, Squawk: "7000", ReceiverSource: "1090",
		Altitude: &alt, Latitude: &lat, Longitude: &lon, Aircraft: &model.Aircraft{Registration: "G-" + hex, TypeDesignator: "A320", Military: &mil}}
}

// A kept message comes back as the engine reads it: every field, absent ones absent.
func TestKeptMessagesComeBackAsTheyWent(t *testing.T) {
	tr := NewTraffic("", 0, 30*time.Minute, zerolog.Nop())
	at := time.Date(2026, 11, 22, 12, 0, 0, 123_000_000, time.UTC)
	in := msgAt("400B83", at, 1700)
	vs := -700.0
	in.VerticalSpeed = &vs
	tr.Add(in)
	bare := &model.AircraftMessage{ReceivedAt: at.Add(time.Second), IcaoHex: "4CA7B5", ReceiverSource: "978"}
	tr.Add(bare)
	var got []model.AircraftMessage
	require.Equal(t, 2, tr.Each(func(m *model.AircraftMessage) {
		b, _ := json.Marshal(m) // a deep copy: m and its pointers are reused
		var c model.AircraftMessage
		require.NoError(t, json.Unmarshal(b, &c))
		got = append(got, c)
	}))
	want := func(m *model.AircraftMessage) string { b, _ := json.Marshal(m); return string(b) }
	require.JSONEq(t, want(in), want(&got[0]))
	require.JSONEq(t, want(bare), want(&got[1]))
}

// The keeper is bounded: past MaxKeptMessages the oldest go first.
func TestTrafficIsBoundedOldestFirst(t *testing.T) {
	tr := NewTraffic("", 0, 24*time.Hour, zerolog.Nop())
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for i := range MaxKeptMessages + 1000 {
		tr.Add(msgAt(fmt.Sprintf("%06X", i%5000), at.Add(time.Duration(i)*time.Millisecond), float64(i)))
	}
	require.Equal(t, MaxKeptMessages, tr.Len())
	first := -1.0
	tr.Each(func(m *model.AircraftMessage) {
		if first < 0 {
			first = *m.Altitude
		}
	})
	require.Equal(t, 1000.0, first, "the first 1,000 were dropped")
	require.Len(t, tr.ring, MaxKeptMessages, "the ring never grows past the bound")
}

// The keeper polls its feed (here a file rewritten as a receiver would), keeps the messages of
// its window and the latest state of each aircraft seen in the last 60 s (its Snapshot: GET
// /api/traffic); a feed that fails is down, and the kept traffic stays.
func TestTrafficFollowsItsFeed(t *testing.T) {
	dir := t.TempDir()
	feed := filepath.Join(dir, "aircraft.json")
	now := 1795000000.0
	write := func(now float64, aircraft string) {
		require.NoError(t, os.WriteFile(feed+".tmp", fmt.Appendf(nil, `{"now":%f,"aircraft":[%s]}`, now, aircraft), 0o644))
		require.NoError(t, os.Rename(feed+".tmp", feed))
	}
	write(now, `{"hex":"400b83","flight":"BAW12 ","alt_baro":1700,"lat":51.47,"lon":-0.45,"track":270,"gs":140,"seen":0.5},{"hex":"43c6f1","dbFlags":1,"seen":1}`)
	tr := NewTraffic(feed, 20*time.Millisecond, 2*time.Minute, zerolog.Nop())
	var polls atomic.Int64
	tr.polled = func() { polls.Add(1) }
	ctx, cancel := context.WithCancel(t.Context())
	g := pipeline.NewGroup(ctx)
	tr.Start(g)
	defer func() { cancel(); require.NoError(t, g.Wait()) }()
	require.Eventually(t, func() bool { return tr.Len() == 2 }, 5*time.Second, 10*time.Millisecond)
	from := polls.Load()
	require.Eventually(t, func() bool { return polls.Load() >= from+3 }, 10*time.Second, 5*time.Millisecond, "several polls of the same snapshot")
	require.Equal(t, 2, tr.Len(), "an aircraft not updated since the previous poll adds nothing")

	answer := func() Snapshot { return tr.Snapshot(time.Now()) }
	a := answer()
	require.Equal(t, "ok", a.Feed)
	require.Equal(t, 2, a.Messages)
	require.Len(t, a.Aircraft, 2)
	require.Equal(t, "400B83", a.Aircraft[0].Hex, "the flight key: upper-cased, as notifications carry it")
	require.Equal(t, "BAW12", a.Aircraft[0].Ident)
	require.Equal(t, 1700.0, *a.Aircraft[0].Altitude)
	require.Equal(t, 270.0, *a.Aircraft[0].Heading)
	require.True(t, a.Aircraft[1].Military)
	require.Nil(t, a.Aircraft[1].Latitude, "absent fields are left out")

	write(now+90, `{"hex":"400b83","alt_baro":2500,"seen":0}`) // 90 s later: 43c6f1 left the map
	require.Eventually(t, func() bool { return tr.Len() == 3 }, 5*time.Second, 10*time.Millisecond)
	a = answer()
	require.Len(t, a.Aircraft, 1)
	require.Equal(t, 2500.0, *a.Aircraft[0].Altitude)
	require.NotNil(t, a.Aircraft[0].Latitude, "a field a message leaves out keeps its last value")

	write(now+200, `{"hex":"a1b2c3","seen":0}`) // past the 2-minute window: the first two go
	require.Eventually(t, func() bool { return tr.Len() == 2 }, 5*time.Second, 10*time.Millisecond)

	require.NoError(t, os.WriteFile(feed, []byte("<html>502</html>"), 0o644))
	require.Eventually(t, func() bool { return answer().Feed == "down" }, 5*time.Second, 10*time.Millisecond)
	require.Equal(t, 2, answer().Messages, "what was kept stays while the feed is down")
	require.NotEmpty(t, answer().Error)

	write(now+201, `{"hex":"a1b2c3","seen":0}`)
	require.Eventually(t, func() bool { return answer().Feed == "ok" }, 5*time.Second, 10*time.Millisecond)
	kept := answer().Messages
	require.NoError(t, os.Truncate(feed, readsb.MaxDocument+1)) // over the limit: refused whole
	require.Eventually(t, func() bool { return answer().Feed == "down" }, 5*time.Second, 10*time.Millisecond)
	require.Contains(t, answer().Error, "larger than the limit of 64 MiB")
	require.Equal(t, kept, answer().Messages, "nothing kept is lost")
}

func TestTrafficWithoutAFeedIsOff(t *testing.T) {
	b, err := json.Marshal(NewTraffic("", 0, time.Minute, zerolog.Nop()).Snapshot(time.Now()))
	require.NoError(t, err)
	var a map[string]any
	require.NoError(t, json.Unmarshal(b, &a))
	require.Equal(t, "off", a["feed"])
	require.Equal(t, 0.0, a["messages"])
	require.Equal(t, []any{}, a["aircraft"])
	_, err = time.Parse(time.RFC3339, a["now"].(string))
	require.NoError(t, err)
}

// An aircraft on a watchlist shows its entry (CONTRACT.md 11.4) from its next message after
// the lists arrive; one on no list shows none.
func TestTrafficShowsTheWatchlistEntry(t *testing.T) {
	tr := NewTraffic("", 0, 30*time.Minute, zerolog.Nop())
	at := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	tr.Add(msgAt("406F2B", at, 1500))
	tr.Watch(watchlist.Compile(watchlist.Lists{"pa": {Name: "PA", Entries: []watchlist.Entry{
		{IcaoHex: "406F2B", Group: "pol", Category: "Police Forces", Tags: []string{"NPAS"}}}}}))
	tr.Add(msgAt("406F2B", at.Add(time.Second), 1500))
	tr.Add(msgAt("400B83", at.Add(time.Second), 3000))
	snap := tr.Snapshot(at)
	require.Len(t, snap.Aircraft, 2)
	require.Nil(t, snap.Aircraft[0].Watchlist, "400B83 is on no list")
	require.Equal(t, &model.WatchEntry{List: "pa", Group: "pol", Category: "Police Forces", Tags: []string{"NPAS"}}, snap.Aircraft[1].Watchlist)
}

// Position (on the MQTT client's receive goroutine, which must never wait) and Snapshot answer
// while a rule test reads 500,000 kept messages, and while a poll waits for that test to end
// (a queued writer on the kept messages would otherwise hold every later reader back).
func TestPositionAndSnapshotNeverWaitForARuleTest(t *testing.T) {
	tr := NewTraffic("unused-feed.json", time.Second, 30*time.Minute, zerolog.Nop())
	start := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for i := range MaxKeptMessages {
		tr.Add(msgAt(fmt.Sprintf("%06X", i%300), start.Add(time.Duration(i)*time.Millisecond), 1700))
	}
	require.Equal(t, MaxKeptMessages, tr.Len())
	last := start.Add(MaxKeptMessages * time.Millisecond)

	reading, release, done := make(chan struct{}), make(chan struct{}), make(chan int)
	go func() {
		first := true
		done <- tr.Each(func(*model.AircraftMessage) {
			if first {
				first = false
				close(reading)
				<-release // the test holds the kept messages for as long as this test wants
			}
		})
	}()
	<-reading
	snap, err := readsb.Parse(strings.NewReader(fmt.Sprintf(`{"now": %d, "aircraft": [{"hex": "abcdef", "lat": 51.5, "lon": -0.1, "alt_baro": 2000, "seen": 0}]}`, last.Unix()+1)))
	require.NoError(t, err)
	polled := make(chan struct{})
	go func() { defer close(polled); tr.take(snap, snap.Messages(nil)) }() // waits for the rule test to add its messages
	answered := make(chan bool)
	go func() {
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) { // the poll has updated the aircraft, the kept messages wait
			if p, ok := tr.Position("ABCDEF", last.Add(time.Second)); ok && p.Latitude == 51.5 {
				s := tr.Snapshot(time.Now())
				answered <- s.Feed == "ok" && s.Messages == MaxKeptMessages
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
		answered <- false
	}()
	select {
	case ok := <-answered:
		require.True(t, ok, "Position and Snapshot answered during the rule test, the poll's aircraft in, its messages not yet")
	case <-time.After(10 * time.Second):
		t.Fatal("Position or Snapshot waited for the rule test")
	}
	select {
	case <-polled:
		t.Fatal("the poll's messages went in during the rule test")
	default:
	}
	close(release)
	require.Equal(t, MaxKeptMessages, <-done)
	<-polled
	require.Equal(t, MaxKeptMessages, tr.Len(), "bounded: the poll's message replaced the oldest")
}
