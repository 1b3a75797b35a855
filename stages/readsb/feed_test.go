package readsb_test

import (
	"bytes"
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
// feed carries on with the next one.
func TestFeedPollsAndRefusesOversizeDocuments(t *testing.T) {
	london, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(t, err)
	var oversize atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if oversize.Load() {
			_, _ = w.Write([]byte(`{"now":1,"aircraft":[` + strings.Repeat(" ", readsb.MaxDocument) + `]}`))
			return
		}
		_, _ = w.Write(london)
	}))
	t.Cleanup(srv.Close)
	feed := readsb.NewFeed(srv.URL, 10*time.Second, zerolog.Nop())
	snap, msgs := feed.Poll(t.Context())
	require.NotNil(t, snap)
	require.NoError(t, feed.Err())
	require.Len(t, msgs, len(snap.Messages(nil)), "every aircraft is new")
	_, msgs = feed.Poll(t.Context())
	require.Empty(t, msgs, "the same document again: nothing updated")

	oversize.Store(true)
	snap, msgs = feed.Poll(t.Context())
	require.Nil(t, snap)
	require.Empty(t, msgs)
	require.ErrorIs(t, feed.Err(), model.ErrTooLarge)
	require.ErrorContains(t, feed.Err(), "the document is larger than the limit of 64 MiB (67108864 bytes)")
	oversize.Store(false)
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
