package monitor

import (
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/sinks/alerts"
	"github.com/tracker-adsb/tracker-core-health/stages"
	"github.com/tracker-adsb/tracker-core-health/stages/all"
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
	// Telemetry are the registered telemetry stages (stages/all), configured.
	Telemetry []stages.Stage
	// Log is the monitor's logger; each stage logs through its own sub-logger of it.
	Log zerolog.Logger
}

// LoadSettings reads every part; the first bad or missing value is the error, naming it. The
// logger is Nop until the caller sets it.
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
	if s.Telemetry, err = all.Load(get); err != nil { // each registered stage reads its own
		return nil, err
	}
	s.Log = zerolog.Nop()
	return s, nil
}
