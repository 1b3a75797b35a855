// Package configapi is the command tracker-config-api (the library api serves): its
// arguments, its environment read once (config.LoadAPI), the token every request needs
// (token.go) and its exit codes.
package configapi

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/version"
)

// Main runs the command with the process's arguments and returns its exit code.
func Main() int { return run() }

func run() int {
	if len(os.Args) > 1 && (os.Args[1] == "--version" || os.Args[1] == "version") {
		fmt.Println(version.Version)
		return 0
	}
	if len(os.Args) > 1 && os.Args[1] == "new-token" {
		return newToken() // the token file only: no store, no other variable
	}
	cfg, err := config.LoadAPI(config.Environ())
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	}
	log := zerolog.New(os.Stderr).Level(cfg.LogLevel).With().Timestamp().Str("service", "tracker-config-api").Logger()
	token, made, err := apiToken(cfg, log.With().Str("stage", "auth").Logger())
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	err = api.Serve(ctx, api.Settings{API: cfg, AccessToken: token, TokenMade: made, Log: log})
	var se *api.SettingsError
	switch {
	case errors.As(err, &se):
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	case err != nil: // logged by the server
		return 1
	}
	return 0
}

// apiToken is the token every request needs (CONTRACT.md 8): CONFIG_API_TOKEN's, none with
// CONFIG_API_TOKEN=none, else the one kept in CONFIG_API_TOKEN_FILE (made at the first start).
func apiToken(cfg *config.API, log zerolog.Logger) (token string, made bool, err error) {
	switch {
	case cfg.Open:
		return "", false, nil
	case cfg.Token != "":
		return cfg.Token, false, nil
	}
	return keptToken(cfg.TokenFile, log)
}

// newToken (tracker-config-api new-token) replaces the kept token with a new one, for a
// running API to take at its next start: rotating without a shell in the container. It reads
// only CONFIG_API_TOKEN, CONFIG_API_TOKEN_FILE and FLIGHT_LOG.
func newToken() int {
	cfg, err := config.LoadAPIAuth(config.Environ())
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api new-token: configuration error: %v\n", err)
		return 2
	}
	if cfg.Open || cfg.Token != "" {
		fmt.Fprintln(os.Stderr, "tracker-config-api new-token: CONFIG_API_TOKEN is set: change it there")
		return 2
	}
	log := zerolog.New(os.Stderr).With().Timestamp().Str("service", "tracker-config-api").Logger()
	if err := os.Remove(cfg.TokenFile); err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(os.Stderr, "tracker-config-api new-token: %v\n", err)
		return 1
	}
	if _, _, err := keptToken(cfg.TokenFile, log); err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api new-token: %v\n", err)
		return 1
	}
	fmt.Printf("a new token is in %s: restart tracker-config-api, and open the address its log then shows\n", cfg.TokenFile)
	return 0
}
