package pipeline_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

func TestServeHTTPAnswersUntilItsContextEnds(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		done <- pipeline.ServeHTTP(ctx, ln, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			_, _ = io.WriteString(w, "ok")
		}), time.Second)
	}()
	resp, err := http.Get("http://" + ln.Addr().String() + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	require.NoError(t, resp.Body.Close())
	require.Equal(t, "ok", string(body))

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err, "a shutdown on request is not an error")
	case <-time.After(5 * time.Second):
		t.Fatal("ServeHTTP did not return after its context ended")
	}
	_, err = net.DialTimeout("tcp", ln.Addr().String(), time.Second)
	require.Error(t, err, "the listener is closed")
}
