package update

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// db update follows a redirect only where a watchlist import of the API would (CONTRACT.md
// 11.2, 12.6): a register whose server sends it to 10.0.0.1 fails, naming the register, its
// URL and why, before anything is dialled there. (The test's own server is let through by
// name, as ALLOW_PRIVATE_DOWNLOADS would: it listens on loopback.)
func TestUpdateRefusesARedirectToAPrivateAddress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://10.0.0.1/ReleasableAircraft.zip", http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	own := srv.Listener.Addr().String()
	var dialled []string
	dialer := &net.Dialer{Timeout: 5 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		dialled = append(dialled, address)
		if address == own {
			return nil
		}
		return fetch.CheckAddress(address)
	}}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	u := Updater{Target: filepath.Join(t.TempDir(), "aircraft.db"), Timeout: 10 * time.Second, Client: client, Guard: &Guard{},
		Sources: Sources{Mictronics: srv.URL + "/indexedDB.zip", StandingData: srv.URL + "/sd.tar.gz",
			Registers: []Register{{Register: registers.FAA{}, URL: srv.URL + "/ReleasableAircraft.zip"}}}}
	_, cleanup, err := u.Download(context.Background())
	defer cleanup()
	require.ErrorIs(t, err, fetch.ErrLocalAddress)
	require.ErrorContains(t, err, "the Mictronics database ("+srv.URL+"/indexedDB.zip)")
	require.ErrorContains(t, err, "10.0.0.1")
	require.ErrorContains(t, err, "db update refuses local and private addresses")
	require.Equal(t, []string{own, "10.0.0.1:80"}, dialled, "refused at the redirect's hop, before a packet left")
}

// The half-or-nothing rule names the register and both counts; --force accepts; a dry run
// records instead of failing.
func TestGuardIsHalfOrNothing(t *testing.T) {
	g := &Guard{Current: map[string]int{"faa": 300000, "tc": 34000}}
	require.NoError(t, g.Accept("faa", 150000))
	require.ErrorContains(t, g.Accept("faa", 149999), "the faa register's new files give 149999 records, fewer than half of the 300000")
	require.ErrorContains(t, g.Accept("tc", 0), "the tc register's new files give no record, and the current database holds 34000")
	require.ErrorContains(t, g.Accept("casa", 0), "the casa register's files give no record")
	require.NoError(t, g.Accept("casa", 1), "a register the database did not hold")
	forced := &Guard{Force: true, Current: g.Current}
	require.NoError(t, forced.Accept("faa", 0))
	dry := &Guard{Record: true, Current: g.Current}
	require.NoError(t, dry.Accept("faa", 1))
	require.Len(t, dry.Refused, 1)
}
