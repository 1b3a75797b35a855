package monitor

import (
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/sinks/alerts"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
	"github.com/tracker-adsb/tracker-core-health/stages/registry"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// Settings is the monitor's configuration: the general part (config.Monitor) and each
// stage's own, read by the stage's package (as a registered telemetry stage reads its own in
// its Register).
type Settings struct {
	*config.Monitor
	Broker   broker.Config
	Store    store.Config
	Registry registry.Settings
	Alerts   alerts.Settings
}

// LoadSettings reads every part; the first bad or missing value is the error, naming it.
func LoadSettings(get config.Getenv) (*Settings, error) {
	m, err := config.LoadMonitor(get)
	if err != nil {
		return nil, err
	}
	s := &Settings{Monitor: m}
	if s.Broker, err = broker.LoadConfig(get); err != nil {
		return nil, err
	}
	if s.Store, err = store.LoadConfig(get); err != nil {
		return nil, err
	}
	if s.Registry, err = registry.LoadConfig(get); err != nil {
		return nil, err
	}
	if s.Alerts, err = alerts.LoadConfig(get); err != nil {
		return nil, err
	}
	return s, nil
}
