// Package all is the list of the monitor's telemetry stages' catalogue groups: where the
// wiring, the documentation checks and the tests find every statistic the monitor publishes.
// A new stage adds its group here (see ARCHITECTURE.md, "Adding a stage").
package all

import (
	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/receiverstats"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// Groups are the groups of the monitor's loops, with their configured intervals.
func Groups(cfg *config.Monitor) []catalog.Group {
	return []catalog.Group{
		broker.Group(cfg.BrokerPollInterval),
		store.Group(cfg.StorePollInterval),
		receiverstats.Group(cfg.ReceiverStatsInterval),
	}
}

// Catalog is the monitor's catalogue: the Core device of cfg and every group.
func Catalog(cfg *config.Monitor) *catalog.Catalog {
	return catalog.New(model.CoreDevice(cfg.SWVersion(), cfg.DeviceConfigurationURL), Groups(cfg)...)
}

// Defaults is a monitor configuration with every interval at its default: what the tests and
// the documentation checks build the catalogue from.
func Defaults() *config.Monitor {
	return &config.Monitor{BrokerPollInterval: config.DefaultBrokerPollInterval, StorePollInterval: config.DefaultStorePollInterval,
		ReceiverStatsInterval: config.DefaultReceiverStatsInterval}
}
