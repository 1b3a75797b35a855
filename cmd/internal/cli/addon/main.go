// Package addon is the command tracker-addon, the Home Assistant add-on's entry (the library
// addon runs it): its environment and its exit codes.
package addon

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/addon"
)

// Main runs the add-on and returns its exit code.
func Main() int {
	log := zerolog.New(os.Stderr).With().Timestamp().Str("service", "tracker-addon").Logger()
	s := addon.Setting{Data: envOr("ADDON_DATA", "/data"), APIAddr: envOr("CONFIG_API_ADDR", ":8080"),
		SupervisorURL: envOr("SUPERVISOR_URL", "http://supervisor"), SupervisorToken: os.Getenv("SUPERVISOR_TOKEN"), Log: log}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := addon.Run(ctx, s); err != nil {
		log.Error().Err(err).Msg("the add-on stopped")
		var oe *addon.OptionsError
		if errors.As(err, &oe) {
			return 2
		}
		return 1
	}
	return 0
}

func envOr(name, def string) string {
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		return v
	}
	return def
}
