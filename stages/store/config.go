package store

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/config"
)

// Config is the store loop's configuration: the data store (STORE_HOST, STORE_PORT,
// STORE_PASSWORD, required: the monitor reads INFO), read every STORE_POLL_INTERVAL (default
// 60 s); the counters use the same connection on every broker cycle.
type Config struct {
	config.Store
	PollInterval time.Duration
}

// LoadConfig reads the store loop's variables with config.Reader (a bad or missing value is
// an error naming it, which stops start-up with exit code 2).
func LoadConfig(get config.Getenv) (Config, error) {
	r := config.NewReader(get)
	c := Config{Store: r.StoreVars(true), PollInterval: r.Duration("STORE_POLL_INTERVAL", config.DefaultStorePollInterval)}
	return c, r.Err()
}
