// Package configapi is the command tracker-config-api: it serves the management HTTP API for areas and rules over the
// data store (CONFIG_API_ADDR, default :8080).
package configapi

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/api"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// Main runs the command with the process's arguments and returns its exit code.
func Main() int { return run() }

func run() int {
	if len(os.Args) > 1 && (os.Args[1] == "--version" || os.Args[1] == "version") {
		fmt.Println(config.Version)
		return 0
	}
	cfg, err := config.LoadAPI(config.Environ())
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	}
	log := zerolog.New(os.Stderr).Level(cfg.LogLevel).With().Timestamp().Str("service", "tracker-config-api").Logger()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	client, ok := connectStore(ctx, cfg, log)
	if !ok {
		return 0 // stopped before the store answered
	}
	defer client.Close()
	store := api.NewStore(client, cfg.BackupDir, log)
	if err := store.Startup(ctx); err != nil {
		log.Error().Err(err).Msg("start-up repair failed")
	}
	// The user's own receiver's traffic for the map and the rule tests, and the rule
	// notifications seen, each kept by the API's background services (stages/keeper), which
	// run in one supervised group with the HTTP server until it stops.
	optOut, err := privacy.Open(cfg.PrivacyList, log.With().Str("stage", "privacy").Logger())
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	}
	traffic := keeper.NewTraffic(cfg.ReadsbURL, cfg.ReadsbInterval, cfg.TrafficWindow, log.With().Str("stage", "traffic").Logger())
	matches := keeper.NewMatches(cfg.MQTT, log.With().Str("stage", "matches").Logger())
	matches.KeepIn(client)                        // the Matches page's history, kept across restarts
	matches.PositionsFrom(traffic)                // where the receiver saw each matched aircraft
	matches.Privacy(cfg.RegistrantDetail, optOut) // what was kept obeys the API's own setting (CONTRACT.md 12.3)
	opts := api.Options{Token: cfg.Token, TrustedOrigins: cfg.TrustedOrigins, TileURL: cfg.TileURL, TileAttribution: cfg.TileAttribution,
		Tar1090URL: cfg.Tar1090URL, Traffic: traffic, Matches: matches, AllowPrivateDownloads: cfg.AllowPrivateDownloads,
		RegistrantDetail: cfg.RegistrantDetail, OptOut: optOut, FlightLog: cfg.FlightLog, Zone: cfg.Zone}
	// The aircraft database of the rule tests and the traffic; a replaced file is in use
	// within a minute.
	db := shipped.Open(cfg.AircraftDB, log.With().Str("stage", "aircraftdb").Logger())
	if db != nil {
		opts.AircraftDB = db
		traffic.EnrichWith(db, cfg.RegistrantDetail, enrichOptOut(optOut), log.With().Str("stage", "enrich").Logger())
	}
	server, err := api.NewServer(store, opts, log)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	}
	if cfg.Token == "" {
		log.Warn().Str("addr", cfg.Addr).Msg("CONFIG_API_TOKEN is unset: anyone who can reach this address can change rules and areas; set a token when the port is reachable from a network")
	}
	srv := &http.Server{Addr: cfg.Addr, Handler: server.Handler(),
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		log.Error().Err(err).Str("addr", cfg.Addr).Msg("cannot listen")
		return 1
	}
	log.Info().Str("addr", ln.Addr().String()).Str("ui", "http://"+uiAddr(ln.Addr())+"/").Bool("auth", cfg.Token != "").Msg("listening")
	g := pipeline.NewGroup(ctx)
	if db != nil {
		g.Go("aircraftdb", func(ctx context.Context) error {
			pipeline.Every(ctx, aircraftdb.ReloadEvery, func(context.Context) { db.Refresh() })
			return nil
		})
	}
	followList(g, optOut)
	traffic.Start(g)
	traffic.FollowWatchlists(g, client) // watchlisted aircraft show their entry (CONTRACT.md 11.4)
	matches.Start(g)
	g.Go("http", func(ctx context.Context) error { return serve(ctx, srv, ln, log) })
	if err := g.Wait(); err != nil {
		log.Error().Err(err).Msg("stopped")
		return 1
	}
	return 0
}

// followList reads the opt-out list again when it changes (in use within a minute).
func followList(g *pipeline.Group, l *privacy.List) {
	if l != nil {
		g.Go("privacy", func(ctx context.Context) error {
			pipeline.Every(ctx, privacy.ReloadEvery, func(context.Context) { l.Refresh() })
			return nil
		})
	}
}

// enrichOptOut is the list as the enrichment takes it (nil: none).
func enrichOptOut(l *privacy.List) enrich.OptOut {
	if l == nil {
		return nil
	}
	return l
}

// connectStore connects to the data store, which may come up after us: retried (never giving up
// on our own) until it answers or we are stopped (ok false).
func connectStore(ctx context.Context, cfg *config.API, log zerolog.Logger) (rueidis.Client, bool) {
	var client rueidis.Client
	err := pipeline.Retry(ctx, time.Second, 15*time.Second, func() error {
		var err error
		client, err = rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{cfg.StoreAddr()}, Password: cfg.StorePassword, DisableCache: true})
		return err
	}, func(err error, next time.Duration) {
		log.Warn().Err(err).Dur("retry_in", next).Msg("store unreachable; retrying")
	})
	return client, err == nil
}

// serve runs the HTTP server on ln until ctx ends (then shuts it down, letting requests
// finish for 5 s) or it fails.
func serve(ctx context.Context, srv *http.Server, ln net.Listener, log zerolog.Logger) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		if !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("server stopped: %w", err)
		}
		return nil
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		log.Info().Msg("stopped")
		return nil
	}
}

// uiAddr is where a browser on this machine opens the UI.
func uiAddr(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok && (t.IP == nil || t.IP.IsUnspecified()) {
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(t.Port))
	}
	return a.String()
}
