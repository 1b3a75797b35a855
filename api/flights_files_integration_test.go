//go:build integration

package api_test

import (
	"context"
	"encoding/csv"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// writeLog writes rows into a new flight log at path.
func writeLog(t *testing.T, path string, rows []flightlog.Row) {
	t.Helper()
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, l.Insert(t.Context(), rows))
	require.NoError(t, l.Close())
}

// smallBuffers makes each accepted connection's send buffer small, so that a client that reads
// slowly holds the server's writes (as over a slow link) instead of the kernel taking them all.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(32 << 10)
	}
	return c, err
}

// The CSV export streams every row however slowly it is read, past the server's write timeout
// (its own deadline, moved on as the client reads): every row, the last line whole.
func TestFlightsCSVOutlivesTheServersWriteTimeout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flights.db")
	rows := make([]flightlog.Row, 5000)
	for i := range rows {
		rows[i] = flightRow(i % 144)
		rows[i].FirstSeen = flightsDay.Add(time.Duration(i) * 4 * time.Second)
		rows[i].LastSeen = rows[i].FirstSeen.Add(time.Minute)
	}
	writeLog(t, path, rows)
	r := testenv.Get(t).WithOwnRedis(t).Redis(t)
	srv := httptest.NewUnstartedServer(newServer(t, api.NewStore(r, "", zerolog.Nop()), api.Options{FlightLog: path, Zone: time.UTC}).Handler())
	srv.Config.WriteTimeout = 200 * time.Millisecond // the production server's is 30 s; the export takes longer here
	srv.Listener = smallBuffers{srv.Listener}
	srv.Start()
	defer srv.Close()

	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetReadBuffer(32 << 10)
		}
		return c, err
	}}}
	resp, err := client.Get(srv.URL + "/api/flights.csv?from=2026-11-26&to=2026-11-26")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	start := time.Now()
	var body strings.Builder
	buf := make([]byte, 4<<10)
	for window := 0; ; { // a slow reader: 16 KiB every 20 ms (0.8 MB/s), well past the write timeout in all
		n, err := resp.Body.Read(buf) // io.EOF only at the chunked body's end; a cut is another error
		body.Write(buf[:n])
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "after %d bytes in %s", body.Len(), time.Since(start))
		if window += n; window >= 16<<10 {
			window = 0
			time.Sleep(20 * time.Millisecond)
		}
	}
	require.Greater(t, time.Since(start), 3*srv.Config.WriteTimeout, "read for longer than the write timeout")
	require.True(t, strings.HasSuffix(body.String(), "\n"), "the last line whole")
	recs, err := csv.NewReader(strings.NewReader(body.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 1+5000, "every row")
}

// The API reads the file that is there now: one moved aside and made again is noticed.
func TestFlightsAPINoticesAReplacedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flights.db")
	rows := make([]flightlog.Row, 144)
	for i := range rows {
		rows[i] = flightRow(i)
	}
	writeLog(t, path, rows)
	f := setupWith(t, api.Options{FlightLog: path, Zone: time.UTC})
	count := func() int {
		code, body, raw := f.do("GET", "/api/flights?from=2026-11-26&limit=500", nil)
		require.Equal(t, 200, code, string(raw))
		return len(body["flights"].([]any))
	}
	require.Equal(t, 144, count())
	require.NoError(t, os.Rename(path, path+".old"))
	writeLog(t, path, []flightlog.Row{flightRow(1), flightRow(2), flightRow(3), flightRow(4)})
	require.Equal(t, 4, count(), "the new file, without a restart")
}

// An API at standard on a log a watch at full wrote: no person's name answered or found by q,
// in the rows or the CSV; at none, no registrant at all.
func TestFlightsAPIAtStandardOnALogWrittenAtFull(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flights.db")
	person, company := flightRow(1), flightRow(2)
	person.Registrant, person.RegistrantType, person.RegistrantSource = "JOHN Q SMITH", "Individual", "faa"
	company.Registrant, company.RegistrantType, company.RegistrantSource = "ACME AIR CHARTER LLC", "LLC", "faa"
	writeLog(t, path, []flightlog.Row{person, company})
	for _, tc := range []struct {
		detail              model.RegistrantDetail
		answers, notAnswers []string
		smith, acme         int
	}{
		{model.DetailStandard, []string{`"registrant":"Individual"`, `"registrant":"ACME AIR CHARTER LLC"`}, []string{"SMITH"}, 0, 1},
		{model.DetailNone, nil, []string{"SMITH", "ACME", `"registrant`}, 0, 0},
		{model.DetailFull, []string{"JOHN Q SMITH"}, nil, 1, 1},
	} {
		t.Run(tc.detail.String(), func(t *testing.T) {
			f := setupWith(t, api.Options{FlightLog: path, Zone: time.UTC, RegistrantDetail: tc.detail})
			_, raw := getRaw(t, f, "/api/flights?from=2026-11-26")
			_, csvBody := getRaw(t, f, "/api/flights.csv?from=2026-11-26")
			for _, s := range tc.answers {
				require.Contains(t, string(raw), s)
			}
			for _, s := range tc.notAnswers {
				require.NotContains(t, string(raw), s)
				if !strings.HasPrefix(s, `"`) { // a name: nor in the CSV
					require.NotContains(t, string(csvBody), s)
				}
			}
			for q, want := range map[string]int{"smith": tc.smith, "acme": tc.acme} {
				code, body, _ := f.do("GET", "/api/flights?from=2026-11-26&q="+q, nil)
				require.Equal(t, 200, code)
				require.Len(t, body["flights"].([]any), want, "q=%s", q)
			}
		})
	}
}

// No answer names a path of the server's: a missing log, another program's database.
func TestFlightsAPIErrorsNameNoPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "secret-home-dir")
	require.NoError(t, os.Mkdir(dir, 0o700))
	foreign := filepath.Join(dir, "home-assistant_v2.db")
	require.NoError(t, os.WriteFile(foreign, sqliteOf(t, filepath.Join(t.TempDir(), "x.db")), 0o600))
	for _, path := range []string{filepath.Join(dir, "not-yet.db"), foreign} {
		f := setupWith(t, api.Options{FlightLog: path})
		for _, route := range []string{"/api/flights", "/api/flights/stats", "/api/flights.csv"} {
			code, _, raw := f.do("GET", route, nil)
			require.Equal(t, 503, code, route)
			require.NotContains(t, string(raw), "secret-home-dir", route)
			require.NotContains(t, string(raw), "/tmp", route)
		}
	}
}

// sqliteOf is the bytes of another program's SQLite database.
func sqliteOf(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	l, err := flightlog.Open(t.Context(), path, zerolog.Nop()) // an empty database made by SQLite, then a table of its own
	require.NoError(t, err)
	require.NoError(t, l.Close())
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	copy(b[68:72], []byte{0x12, 0x34, 0x56, 0x78}) // another program's application id
	return b
}
