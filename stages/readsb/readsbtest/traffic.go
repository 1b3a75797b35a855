// Package readsbtest holds the tests' readsb captures as traffic lines (the replay's golden
// input), beside the reader that parses them.
package readsbtest

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// GlobalTraffic is the global readsb snapshot (in the repository) as traffic lines: 3 rounds
// of every aircraft moving along its track (25,269 lines), as the conversion gave them before
// it read readsb's emitter category, so that the replay's golden hashes (bench/testdata) hold.
func GlobalTraffic(t testing.TB) [][]byte {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	f, err := os.Open(filepath.Join(filepath.Dir(file), "..", "..", "..", "cmd", "tracker-rules", "testdata", "readsb_global_20220430.json.gz"))
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	snap, err := readsb.Parse(zr)
	require.NoError(t, err)
	var out [][]byte
	for _, m := range snap.Moving(3) {
		if a := m.Aircraft; a != nil {
			if a.WakeTurbulenceCategory = ""; a.Registration == "" && a.TypeDesignator == "" && a.Military == nil {
				m.Aircraft = nil
			}
		}
		b, err := json.Marshal(m)
		require.NoError(t, err)
		out = append(out, b)
	}
	return out
}
