package store_test

import (
	"os"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// Every field the store stage emits on the real INFO capture has a spec in its group, and
// every spec is emitted: a field whose INFO name drifted would otherwise be dropped silently.
func TestEveryStoreFieldHasASpecAndEverySpecIsEmitted(t *testing.T) {
	b, err := os.ReadFile("testdata/redis_info_everything.txt")
	require.NoError(t, err)
	var emitted, specs []string
	for _, st := range store.Statistics(store.ParseInfo(string(b)), 42, true) {
		emitted = append(emitted, st.Field)
	}
	for _, s := range store.Group(time.Minute).Specs {
		specs = append(specs, s.Field)
	}
	sort.Strings(emitted)
	sort.Strings(specs)
	require.Equal(t, specs, emitted)
}
