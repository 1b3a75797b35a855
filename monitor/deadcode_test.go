package monitor

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The linker drops the methods nothing calls only while no reachable function calls methods
// by reflection (text/template, a Method or MethodByName with a computed argument): one such
// function keeps every exported method of every type, and the monitor's binary was twice its
// size (24 MB, the Redis command builder alone 4 MB of code), resident as code pages
// (docs/decisions.md, "The monitor at 1,000 queues"). The linker marks such a function
// <ReflectMethod> in its dependency dump; the monitor must have none.
func TestMonitorBinaryKeepsDeadMethodElimination(t *testing.T) {
	if testing.Short() {
		t.Skip("links the monitor")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-dumpdep",
		"-o", filepath.Join(t.TempDir(), "tracker-core-health"), "github.com/tracker-adsb/tracker-core-health/cmd/tracker-core-health")
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=0", "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Run(), "%.2000s", stderr.String())
	reflective := regexp.MustCompile(`(?m)^(\S+) <ReflectMethod>`).FindAllStringSubmatch(stderr.String(), -1)
	seen := map[string]bool{}
	var names []string
	for _, m := range reflective {
		if !seen[m[1]] {
			seen[m[1]] = true
			names = append(names, m[1])
		}
	}
	require.Empty(t, names, "reachable functions that call methods by reflection (find the path with "+
		"`go build -ldflags=-dumpdep ./cmd/tracker-core-health 2>&1 | grep ' -> NAME'`, back to main)")
}
