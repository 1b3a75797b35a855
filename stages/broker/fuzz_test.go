package broker_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/broker"
)

// FuzzParse: the four management API answers of one poll, seeded from the real captures
// (with and without traffic, alarms). Whatever they hold: no panic, only owned queues come
// out, and parsing into a reused sample gives what a fresh parse gives.
func FuzzParse(f *testing.F) {
	f.Add([]byte(fixture(f, "traffic_overview.json")), []byte(fixture(f, "traffic_nodes.json")),
		[]byte(fixture(f, "traffic_queues__2F.json")), []byte(fixture(f, "traffic_exchanges__2F_tracker-adsb.json")))
	f.Add([]byte(fixture(f, "notraffic_overview.json")), []byte(fixture(f, "alarm_nodes.json")),
		[]byte(fixture(f, "notraffic_queues__2F.json")), []byte(fixture(f, "notraffic_exchanges__2F_tracker-adsb.json")))
	f.Add([]byte(fixture(f, "cols_overview.json")), []byte(fixture(f, "cols_nodes.json")),
		[]byte(fixture(f, "cols_queues.json")), []byte(fixture(f, "cols_exchange.json")))
	f.Add([]byte(`{"object_totals":{"connections":"x"}}`), []byte(`[{"mem_alarm":1}]`), []byte(`[{"name":"tracker-adsb","messages":-1e999}]`), []byte(`{}`))
	reused := &broker.Sample{}
	f.Fuzz(func(t *testing.T, overview, nodes, queues, exchange []byte) {
		raw := &broker.Raw{Overview: overview, Nodes: nodes, Queues: queues, Exchange: exchange}
		s, err := broker.Parse(raw)
		errInto := broker.ParseInto(raw, reused)
		require.Equal(t, err == nil, errInto == nil)
		if err != nil {
			return
		}
		for _, q := range s.Queues {
			require.True(t, broker.Owned(q.Name), "%q is not one of ours", q.Name)
		}
		// A reused sample keeps its (empty) array where a fresh parse has none: nil and empty
		// are the same answer.
		if len(s.Queues) == 0 {
			require.Empty(t, reused.Queues)
			return
		}
		require.Equal(t, s.Queues, reused.Queues)
	})
}
