package registry

import (
	"time"

	"github.com/tracker-adsb/tracker-core-health/config"
)

// Settings is the registry check's configuration: the registry (REGISTRY_URL, default
// https://ghcr.io; REGISTRY_AUTH_URL), the images' owner (REGISTRY_NAMESPACE; unset: no check),
// the release notes' address (RELEASE_URL_TEMPLATE), and when to look (every
// REGISTRY_VERSION_CHECK_INTERVAL_SECONDS, first after _STARTUP_DELAY_SECONDS).
type Settings struct {
	Config
	ReleaseURLTemplate string
	CheckInterval      time.Duration
	StartupDelay       time.Duration
}

// LoadConfig reads the registry check's variables with config.Reader (a bad value is an error
// naming it, which stops start-up with exit code 2).
func LoadConfig(get config.Getenv) (Settings, error) {
	r := config.NewReader(get)
	s := Settings{
		Config: Config{URL: r.URL("REGISTRY_URL", "https://ghcr.io"), Namespace: r.Str("REGISTRY_NAMESPACE", ""),
			AuthURL: r.URL("REGISTRY_AUTH_URL", "")},
		ReleaseURLTemplate: r.Str("RELEASE_URL_TEMPLATE", "https://github.com/{namespace}/tracker/releases/tag/{version}"),
		CheckInterval:      r.Seconds("REGISTRY_VERSION_CHECK_INTERVAL_SECONDS", config.DefaultRegistryCheckInterval, false),
		StartupDelay:       r.Seconds("REGISTRY_VERSION_CHECK_STARTUP_DELAY_SECONDS", config.DefaultRegistryCheckStartupDelay, true),
	}
	return s, r.Err()
}
