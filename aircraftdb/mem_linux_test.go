package aircraftdb

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A database read from a file lives outside the Go heap; once nothing refers to it (and a
// while after), its pages go back to the system, its addresses stay mapped (a string kept by
// mistake reads zeros, never faults) and the next database reuses them.
func TestFileDatabasesAreReleasedAndTheirAddressesReused(t *testing.T) {
	defer func(was time.Duration) { releaseAfter = was }(releaseAfter)
	releaseAfter = 0
	b, _, err := Build("testdata/mictronics", "testdata/standing-data")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "aircraft.db")
	require.NoError(t, os.WriteFile(path, b, 0o600))

	retired.Lock()
	before := len(retired.regions)
	retired.Unlock()
	db, err := Open(path)
	require.NoError(t, err)
	a, ok := db.Aircraft(0x4CA87D)
	require.True(t, ok)
	require.Equal(t, "EI-EJH", a.Registration)
	kept := a.Registration // kept past the database, on purpose
	db = nil               //nolint:ineffassign,wastedassign // dropped
	require.Eventually(t, func() bool {
		runtime.GC()
		retired.Lock()
		defer retired.Unlock()
		return len(retired.regions) > before
	}, 10*time.Second, 10*time.Millisecond, "released once unreferenced")
	require.Equal(t, "\x00\x00\x00\x00\x00\x00", kept, "its pages went back: zeros, not a fault")

	again, err := Open(path)
	require.NoError(t, err)
	retired.Lock()
	require.Len(t, retired.regions, before, "the released addresses reused")
	retired.Unlock()
	a, _ = again.Aircraft(0x4CA87D)
	require.Equal(t, "EI-EJH", a.Registration)
	runtime.KeepAlive(again)
}
