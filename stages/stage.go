// Package stages is the seam a telemetry stage of the monitor plugs into (ARCHITECTURE.md,
// "Adding a stage"): a stage is registered once, in stages/all, as a Registration that reads
// its own configuration and gives the Stage: its catalogue group and how it starts. The
// monitor's catalogue, its wiring, the documentation checks and the tests all come from that
// one list, so a stage cannot be half registered.
package stages

import (
	"context"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Stage is one telemetry stage, configured.
type Stage interface {
	// Group is the stage's statistics as a catalogue group, at its configured interval.
	Group() catalog.Group
	// Start runs the stage in the monitor and returns its readings (a closed channel when it
	// has nothing to do, e.g. no receiver configured).
	Start(m Monitor) <-chan pipeline.Shared[model.Batch]
}

// Registration reads a stage's configuration from the environment (with config.Reader: a bad
// value is an error naming the variable, which stops start-up) and gives the stage.
type Registration func(get config.Getenv) (Stage, error)

// Monitor is what a stage gets of the monitor it runs in.
type Monitor struct {
	Catalog *catalog.Catalog
	Devices *pipeline.DeviceDirectory // the registered components' device blocks
	Log     zerolog.Logger            // the stage's own sub-logger
	// Go runs one of the stage's loops in the monitor's run group, stopped with the sources.
	Go func(name string, run func(context.Context) error)
}

// None is a stage's output when it has nothing to do: closed at once.
func None() <-chan pipeline.Shared[model.Batch] {
	none := make(chan pipeline.Shared[model.Batch])
	close(none)
	return none
}
