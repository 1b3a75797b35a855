// Command tracker-config-api serves the management HTTP API for areas and rules over the
// data store (CONFIG_API_ADDR, default :8080).
package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

func main() {
	os.Exit(run())
}

func run() int {
	if len(os.Args) > 1 && (os.Args[1] == "--version" || os.Args[1] == "version") {
		fmt.Println(config.Version)
		return 0
	}
	lvl, err := config.ParseLevel(os.Getenv("LOG_LEVEL"))
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: LOG_LEVEL: %v\n", err)
		return 2
	}
	log := zerolog.New(os.Stderr).Level(lvl).With().Timestamp().Str("service", "tracker-config-api").Logger()
	host := os.Getenv("STORE_HOST")
	if host == "" {
		fmt.Fprintln(os.Stderr, "tracker-config-api: configuration error: STORE_HOST: required variable is not set")
		return 2
	}
	port := os.Getenv("STORE_PORT")
	if port == "" {
		port = "6379"
	}
	addr := os.Getenv("CONFIG_API_ADDR")
	if addr == "" {
		addr = ":8080"
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	// The store may come up after us: retry (never giving up on our own) until it answers or
	// we are stopped.
	var client rueidis.Client
	err = pipeline.Retry(ctx, time.Second, 15*time.Second, func() error {
		var err error
		client, err = rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{net.JoinHostPort(host, port)}, Password: os.Getenv("STORE_PASSWORD"), DisableCache: true})
		return err
	}, func(err error, next time.Duration) {
		log.Warn().Err(err).Dur("retry_in", next).Msg("store unreachable; retrying")
	})
	if err != nil {
		return 0 // stopped before the store answered
	}
	defer client.Close()
	store := api.NewStore(client, os.Getenv("CONFIG_BACKUP_DIR"), log)
	if err := store.Startup(ctx); err != nil {
		log.Error().Err(err).Msg("start-up repair failed")
	}
	srv := &http.Server{Addr: addr, Handler: api.NewServer(store, os.Getenv("CONFIG_API_TOKEN"), log).Handler(),
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Error().Err(err).Str("addr", addr).Msg("cannot listen")
		return 1
	}
	log.Info().Str("addr", ln.Addr().String()).Bool("auth", os.Getenv("CONFIG_API_TOKEN") != "").Msg("listening")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			log.Error().Err(err).Msg("server stopped")
			return 1
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		log.Info().Msg("stopped")
	}
	return 0
}
