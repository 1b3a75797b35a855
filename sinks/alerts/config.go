package alerts

import "github.com/tracker-adsb/tracker-core-health/config"

// Settings is the monitor's alerts' configuration: the channels (NOTIFY_URLS, secrets; unset:
// no alerts), and when a problem is told (ALERT_AFTER, QUEUE_BACKLOG_ALERT).
type Settings struct {
	NotifyURLs string `json:"-"`
	Config
}

// LoadConfig reads the alerts' variables with config.Reader (a bad value is an error naming
// it, which stops start-up with exit code 2).
func LoadConfig(get config.Getenv) (Settings, error) {
	r := config.NewReader(get)
	s := Settings{NotifyURLs: r.Secret("NOTIFY_URLS"),
		Config: Config{After: r.Duration("ALERT_AFTER", DefaultAfter), Backlog: r.PositiveInt("QUEUE_BACKLOG_ALERT", DefaultBacklog)}}
	return s, r.Err()
}
