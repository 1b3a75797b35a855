// Package all is the list of the monitor's telemetry stages, each registered once (its
// configuration, its catalogue group, how it starts): where the wiring, the documentation
// checks and the tests find every statistic the monitor publishes. A new stage adds its
// Registration to Telemetry (ARCHITECTURE.md, "Adding a stage").
package all

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/receiverstats"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// Telemetry is every telemetry stage beside the monitor's own broker and store loops.
var Telemetry = []stages.Registration{
	receiverstats.Register,
}

// Load configures every registered stage from the environment; the first bad value stops
// start-up, naming its variable.
func Load(get config.Getenv) ([]stages.Stage, error) {
	out := make([]stages.Stage, 0, len(Telemetry))
	for _, reg := range Telemetry {
		st, err := reg(get)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// Catalog is the monitor's catalogue: the Core device of cfg, the broker's and the store's
// groups at their loops' intervals, and every stage's.
func Catalog(cfg *config.Monitor, brokerInterval, storeInterval time.Duration, st []stages.Stage) *catalog.Catalog {
	groups := []catalog.Group{broker.Group(brokerInterval), store.Group(storeInterval)}
	for _, s := range st {
		groups = append(groups, s.Group())
	}
	return catalog.New(model.CoreDevice(cfg.SWVersion(), cfg.DeviceConfigurationURL), groups...)
}

// Defaults is the catalogue with every interval at its default: what an environment that sets
// nothing of the monitor's options gives, for the documentation checks and the tests.
func Defaults() *catalog.Catalog {
	none := func(string) (string, bool) { return "", false }
	st, err := Load(none)
	if err != nil {
		panic("a stage's defaults do not load: " + err.Error())
	}
	return Catalog(&config.Monitor{}, config.DefaultBrokerPollInterval, config.DefaultStorePollInterval, st)
}
