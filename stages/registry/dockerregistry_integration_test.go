//go:build integration

package registry_test

import (
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/stages/registry"
)

// Against a real registry server (no auth: the /v2/ answer is 2xx, so no token is needed).
func TestPassAgainstARealRegistry(t *testing.T) {
	base := testenv.DockerRegistry(t)
	testenv.PushTags(t, base, "ns/tracker-archive", "2026.9.9", "2026.9.10", "latest", "pr-12", "2026.1")
	testenv.PushTags(t, base, "ns/tracker-receiver", "dev")
	c := registry.NewClient(registry.Config{URL: base, Namespace: "ns"}, zerolog.Nop())
	res := c.Pass(t.Context(), []string{"tracker-archive", "tracker-missing", "tracker-receiver"})
	require.NoError(t, res["tracker-archive"].Err)
	require.Equal(t, "2026.9.10", res["tracker-archive"].Latest, "integer tuples: the tenth build is newer than the ninth")
	require.ErrorContains(t, res["tracker-missing"].Err, "HTTP 404")
	require.ErrorContains(t, res["tracker-receiver"].Err, "no release tag")
}
