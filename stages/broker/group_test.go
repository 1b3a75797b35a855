package broker_test

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/broker"
)

// Every broker-wide field a cycle emits has a spec in the broker group, and every spec is
// emitted.
func TestEveryBrokerFieldHasASpecAndEverySpecIsEmitted(t *testing.T) {
	_, srv := newFakeAPI(t)
	st, _ := newStage(t, srv, nil)
	b, _ := st.Cycle(t.Context())
	var emitted, specs []string
	for _, r := range b {
		if r.Entity != nil {
			if f, ok := strings.CutPrefix(r.Entity.StateTopic, "Tracker/core-health/broker/statistic/"); ok {
				emitted = append(emitted, f)
			}
		}
	}
	for _, s := range broker.Group(10 * time.Second).Specs {
		specs = append(specs, s.Field)
	}
	sort.Strings(emitted)
	sort.Strings(specs)
	require.Equal(t, specs, emitted)
}
