package readsb_test

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
)

// The feed gives only the aircraft updated since the previous poll; a document over
// MaxDocument (from a URL or a file) fails that poll with an error naming the limit, and the
// feed carries on with the next one. The oversize answer never ends: the limit is found by
// counting bytes (exactly MaxDocument+1 are read), whatever the machine's speed.
func TestFeedPollsAndRefusesOversizeDocuments(t *testing.T) {
	london, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write(london) }))
	t.Cleanup(srv.Close)
	endless := &endlessAnswer{next: http.DefaultTransport}
	feed := readsb.NewFeed(srv.URL, 10*time.Second, zerolog.Nop())
	readsb.SetTransport(feed, endless)
	snap, msgs := feed.Poll(t.Context())
	require.NotNil(t, snap)
	require.NoError(t, feed.Err())
	require.Len(t, msgs, len(snap.Messages(nil)), "every aircraft is new")
	_, msgs = feed.Poll(t.Context())
	require.Empty(t, msgs, "the same document again: nothing updated")

	endless.on.Store(true)
	snap, msgs = feed.Poll(t.Context())
	require.Nil(t, snap)
	require.Empty(t, msgs)
	require.ErrorIs(t, feed.Err(), model.ErrTooLarge)
	require.ErrorContains(t, feed.Err(), "the document is larger than the limit of 64 MiB (67108864 bytes)")
	require.Equal(t, int64(readsb.MaxDocument+1), endless.served.Load(), "refused at the first byte over the limit")
	endless.on.Store(false)
	snap, _ = feed.Poll(t.Context())
	require.NotNil(t, snap, "back on the next poll")
	require.NoError(t, feed.Err())

	// A file: refused by its size, without reading it.
	big := filepath.Join(t.TempDir(), "aircraft.json")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(readsb.MaxDocument+1))
	require.NoError(t, f.Close())
	fileFeed := readsb.NewFeed(big, time.Second, zerolog.Nop())
	snap, _ = fileFeed.Poll(t.Context())
	require.Nil(t, snap)
	require.ErrorIs(t, fileFeed.Err(), model.ErrTooLarge)
}

// FuzzParse: a readsb/tar1090 aircraft.json as a feed serves it, seeded with the real London
// recording and a slice of the global one. Whatever it holds: no panic; every message has an
// address; the same snapshot polled twice adds nothing the second time.
func FuzzParse(f *testing.F) {
	london, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(f, err)
	f.Add(london)
	global, err := os.ReadFile("../../../shared/data/readsb/readsb_global_20220430.json")
	if err == nil && len(global) > 64<<10 {
		// The first aircraft of the global snapshot, closed into a document.
		head := global[:64<<10]
		if i := bytes.LastIndex(head, []byte("\n{")); i > 0 {
			f.Add(append(append([]byte{}, head[:i]...), "]}"...))
		}
	}
	f.Add([]byte(`{"now":1.5,"aircraft":[{"hex":"~abc","seen":-5,"alt_baro":"ground","dbFlags":3},{"hex":" ","seen":1e300}]}`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		snap, err := readsb.Parse(bytes.NewReader(doc))
		if err != nil {
			return
		}
		for _, m := range snap.Messages(nil) {
			require.NotEmpty(t, m.IcaoHex)
			require.NotEmpty(t, strings.TrimPrefix(m.IcaoHex, model.NonICAOPrefix), "an address, not a bare ~")
		}
		seen := map[string]time.Time{}
		keep := func(hex string, at time.Time) bool {
			if prev, ok := seen[hex]; ok && !at.After(prev) {
				return false
			}
			seen[hex] = at
			return true
		}
		first := len(snap.Messages(keep))
		require.Empty(t, snap.Messages(keep), "the same snapshot again adds nothing (%d the first time)", first)
	})
}

// endlessAnswer answers, while on, with a document that never ends (the start of one, then
// spaces), counting the bytes it served; off, it passes the request on to next. Should the
// reader go on past the limit, the answer fails a MiB later instead of hanging the test.
type endlessAnswer struct {
	next   http.RoundTripper
	on     atomic.Bool
	served atomic.Int64
}

func (e *endlessAnswer) RoundTrip(req *http.Request) (*http.Response, error) {
	if !e.on.Load() {
		return e.next.RoundTrip(req)
	}
	e.served.Store(0)
	body := io.MultiReader(strings.NewReader(`{"now":1,"aircraft":[`), spaces{})
	return &http.Response{StatusCode: http.StatusOK, Status: "200 OK", Header: http.Header{}, Request: req,
		Body: io.NopCloser(&counted{r: body, n: &e.served, stop: readsb.MaxDocument + 1<<20})}, nil
}

// spaces is an endless reader of spaces.
type spaces struct{}

var spaceBlock = bytes.Repeat([]byte(" "), 64<<10)

func (spaces) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], spaceBlock)
	}
	return n, nil
}

// counted counts what r serves, and fails once stop bytes are served.
type counted struct {
	r    io.Reader
	n    *atomic.Int64
	stop int64
}

func (c *counted) Read(p []byte) (int, error) {
	if c.n.Load() >= c.stop {
		return 0, errors.New("the reader went on past the limit")
	}
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
