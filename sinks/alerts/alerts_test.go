package alerts

import (
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/receiverstats"
)

type told struct{ msgs []channels.Message }

func (t *told) Send(m channels.Message, _ []string) { t.msgs = append(t.msgs, m) }

// The monitor's real entities: what is a problem is declared in the catalogue.
var (
	cat       = all.Defaults()
	brokerUp  = cat.General(catalog.BrokerConnected)
	storeUp   = cat.General(catalog.StoreConnected)
	archive   = cat.Entity(broker.GroupName, broker.ArchiveQueueMissing)
	roof      = cat.DeviceEntities(receiverstats.GroupName, model.NamedDevice("Tracker_receiver_roof", "Roof"), "r_", "T/r/", []model.Label{{Name: "receiver", Value: "roof"}})
	rxStats   = roof[0]
	rxRate    = roof[1]
	procQueue = catalog.QueueEntities(catalog.QueueRoute{Queue: "tracker-message-processor-1", DeviceID: "Tracker_message_processor_1",
		TopicBase: "T/q", UniqueIDPfx: "q", NamePrefix: "Queue "}, model.NamedDevice("d", "D"), 30)[2]
)

// The problems the catalogue declares are the six of CONTRACT.md 10.7, each on the metric of
// the statistic it reads; a metric the catalogue declares no problem for is never told.
func TestProblemsAreDeclaredInTheCatalogue(t *testing.T) {
	got := map[string]model.ProblemWhen{}
	for _, m := range cat.Metrics() {
		if m.Problem != nil {
			got[m.Name] = m.Problem.When
			require.NotEmpty(t, m.Problem.What, m.Name)
			require.NotEmpty(t, m.Problem.Ended, m.Name)
			if m.Problem.Label != "" {
				require.Contains(t, m.Labels, m.Problem.Label, "%s names a label of its own", m.Name)
			}
		}
	}
	require.Equal(t, map[string]model.ProblemWhen{
		"tracker_broker_connected": model.ProblemWhenFalse, "tracker_store_connected": model.ProblemWhenFalse,
		"tracker_broker_archive_queue_missing": model.ProblemWhenTrue, "tracker_receiver_stats_connected": model.ProblemWhenFalse,
		"tracker_receiver_messages_per_second": model.ProblemWhenZero, "tracker_queue_messages_ready": model.ProblemAtBacklog,
	}, got)
	require.Equal(t, "tracker_receiver_stats_connected", rxStats.Metric.Name)
	require.Equal(t, "tracker_receiver_messages_per_second", rxRate.Metric.Name)
	require.Equal(t, "tracker_queue_messages_ready", procQueue.Metric.Name)

	out := &told{}
	s := New(Config{After: time.Second}, out, zerolog.Nop())
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	s.Accept(model.Batch{model.IntState(cat.Entity(broker.GroupName, broker.ConnectionsTotal), 0)})
	now = now.Add(time.Minute)
	s.Tell()
	require.Empty(t, out.msgs, "no problem declared: never told")
}

// Each problem of CONTRACT.md 10.7 is told once when it has been present for ALERT_AFTER and
// once when it has been absent for ALERT_AFTER in a row; one that ends sooner is never told;
// the numbers are the latest.
func TestProblemsAreToldAfterTheyLastAndWhenTheyEnd(t *testing.T) {
	for _, c := range []struct {
		name      string
		bad, good model.Reading
		says      string
	}{
		{"broker", model.BoolState(brokerUp, false), model.BoolState(brokerUp, true), "the broker's management API is unreachable"},
		{"store", model.BoolState(storeUp, false), model.BoolState(storeUp, true), "the data store is unreachable"},
		{"archive", model.BoolState(archive, true), model.BoolState(archive, false), "the archive queue (tracker-archive) is missing"},
		{"stale receiver", model.BoolState(rxStats, false), model.BoolState(rxStats, true), "receiver roof: its statistics are stale"},
		{"silent receiver", model.FloatState(rxRate, 0), model.FloatState(rxRate, 812.5), "receiver roof: 0 messages a second"},
		{"backlog", model.IntState(procQueue, 12000), model.IntState(procQueue, 9999), "queue tracker-message-processor-1: 12000 messages waiting (alert at 10000)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := &told{}
			s := New(Config{After: 2 * time.Minute}, out, zerolog.Nop())
			now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
			s.now = func() time.Time { return now }
			at := func(d time.Duration, r model.Reading) {
				now = now.Add(d)
				s.Accept(model.Batch{r})
				s.Tell()
			}
			// A blip shorter than ALERT_AFTER, then as long again without it: nothing, forgotten.
			at(0, c.bad)
			at(time.Minute, c.good)
			at(2*time.Minute, c.good)
			require.Empty(t, out.msgs)
			// A problem that lasts: one message at 2 minutes, however many readings.
			at(time.Minute, c.bad)
			at(time.Minute, c.bad)
			require.Empty(t, out.msgs)
			at(time.Minute, c.bad)
			require.Len(t, out.msgs, 1)
			require.Equal(t, "Tracker: problem", out.msgs[0].Title)
			require.Contains(t, out.msgs[0].Text, c.says)
			require.Contains(t, out.msgs[0].Text, "since 09:04 UTC, 2m0s")
			at(10*time.Minute, c.bad)
			require.Len(t, out.msgs, 1, "told once")
			at(time.Minute, c.good)
			at(time.Minute, c.good)
			require.Len(t, out.msgs, 1, "absent for a minute: not over yet")
			at(time.Minute, c.good)
			require.Len(t, out.msgs, 2, "absent for 2 minutes in a row: over")
			require.Equal(t, "Tracker: resolved", out.msgs[1].Title)
			require.Contains(t, out.msgs[1].Text, "after 13m0s")
			at(time.Minute, c.good)
			require.Len(t, out.msgs, 2)
		})
	}
}

// flap drives a sink through a pattern of (seconds bad, seconds good) readings every 2 s (a
// store cycle under faults), calling Tell every second as the sink's ticker does, and then
// 5 minutes good; it returns what was told.
func flap(t *testing.T, pattern [][2]int) []channels.Message {
	t.Helper()
	out := &told{}
	s := New(Config{After: 2 * time.Minute}, out, zerolog.Nop())
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	step := func(seconds int, up bool) {
		for i := 0; i < seconds; i++ {
			if i%2 == 0 {
				s.Accept(model.Batch{model.BoolState(storeUp, up)})
			}
			s.Tell()
			now = now.Add(time.Second)
		}
	}
	for _, p := range pattern {
		step(p[0], false)
		step(p[1], true)
	}
	step(300, true)
	return out.msgs
}

// CONTRACT.md 10.7: a store unreachable 36 of every 54 seconds in short drops is one Problem
// (once 2 minutes of outage have added up) and one Resolved; two longer drops close together
// are one outage too; a clean outage is one and one; drops that never add up to 2 minutes
// before the store stays up for 2 minutes are never told.
func TestFlappingIsOneProblem(t *testing.T) {
	short := make([][2]int, 0, 20)
	for range 20 {
		short = append(short, [2]int{36, 18})
	}
	for _, c := range []struct {
		name    string
		pattern [][2]int
		want    int
	}{
		{"short flaps", short, 2},
		{"long flaps", [][2]int{{150, 30}, {150, 60}, {150, 0}}, 2},
		{"a clean outage", [][2]int{{600, 0}}, 2},
		{"blips that never add up", [][2]int{{30, 130}, {30, 130}, {30, 130}}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			msgs := flap(t, c.pattern)
			require.Len(t, msgs, c.want, "%v", msgs)
			if c.want == 2 {
				require.Equal(t, "Tracker: problem", msgs[0].Title)
				require.Contains(t, msgs[0].Text, "the data store is unreachable")
				require.Equal(t, "Tracker: resolved", msgs[1].Title)
			}
		})
	}
}

// A queue that goes away takes its backlog with it (no resolution for what was not told, a
// resolution for what was); a threshold of its own is honoured; problems are independent.
func TestBacklogThresholdAndRemoval(t *testing.T) {
	out := &told{}
	s := New(Config{After: time.Second, Backlog: 5}, out, zerolog.Nop())
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	s.Accept(model.Batch{model.IntState(procQueue, 5), model.BoolState(brokerUp, false)})
	now = now.Add(2 * time.Second)
	s.Tell()
	require.Len(t, out.msgs, 2)
	require.Contains(t, out.msgs[0].Text, "broker")
	require.Contains(t, out.msgs[1].Text, "queue tracker-message-processor-1: 5 messages waiting (alert at 5)")
	s.Accept(model.Batch{model.NewRemoval(procQueue)})
	require.Len(t, out.msgs, 3)
	require.Contains(t, out.msgs[2].Text, "Resolved: queue tracker-message-processor-1")
	s.Accept(model.Batch{model.BoolState(brokerUp, true)})
	now = now.Add(time.Second)
	s.Tell()
	require.Len(t, out.msgs, 4)
	require.Contains(t, out.msgs[3].Text, "answers again")
}
