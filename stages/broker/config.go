package broker

import (
	"net"
	"strconv"
	"time"

	"github.com/tracker-adsb/tracker-core-health/config"
)

// Config is the broker loop's configuration: the management API of BROKER_HOST on
// BROKER_MANAGEMENT_PORT (default 15672), as BROKER_MONITORING_USERNAME / _PASSWORD (a user
// tagged monitoring), every BROKER_POLL_INTERVAL (default 10 s).
type Config struct {
	Host           string
	ManagementPort int
	Username       string
	Password       string `json:"-"`
	PollInterval   time.Duration
}

// LoadConfig reads the broker loop's variables with config.Reader (a bad or missing value is
// an error naming it, which stops start-up with exit code 2).
func LoadConfig(get config.Getenv) (Config, error) {
	r := config.NewReader(get)
	c := Config{Host: r.Required("BROKER_HOST"), ManagementPort: r.Port("BROKER_MANAGEMENT_PORT", 15672),
		Username: r.Required("BROKER_MONITORING_USERNAME"), Password: r.RequiredSecret("BROKER_MONITORING_PASSWORD"),
		PollInterval: r.Duration("BROKER_POLL_INTERVAL", config.DefaultBrokerPollInterval)}
	return c, r.Err()
}

// ManagementURL is http://{BROKER_HOST}:{BROKER_MANAGEMENT_PORT}.
func (c Config) ManagementURL() string {
	return "http://" + net.JoinHostPort(c.Host, strconv.Itoa(c.ManagementPort))
}
