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

	// The store need not be up first (nor the password right): the API listens first and
	// serves at once (making the store's client may wait for a store that accepts but does not
	// answer), a request the store cannot answer is a 500 "Redis error: …" within
	// api.StoreTimeout, and the client reconnects on its own once the store answers.
	ln, ui, err := listen(cfg, log)
	if err != nil {
		return 1
	}
	defer ln.Close()
	raw, err := storeClient(cfg, log)
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: the data store's client: %v\n", err)
		return 2
	}
	defer raw.Close()
	client := api.Bounded(raw)
	store := api.NewStore(client, cfg.BackupDir, log)
	// The user's own receiver's traffic for the map and the rule tests, and the rule
	// notifications seen, each kept by the API's background services (stages/keeper), which
	// run in one supervised group with the HTTP server until it stops.
	optOut, err := privacy.Open(cfg.PrivacyList, log.With().Str("stage", "privacy").Logger())
	if err != nil {
		fmt.Fprintf(os.Stderr, "tracker-config-api: configuration error: %v\n", err)
		return 2
	}
	traffic, matches := keepers(cfg, client, optOut, log)
	opts := api.Options{Token: token, Open: cfg.Open, Ingress: cfg.Ingress, TrustedOrigins: cfg.TrustedOrigins, TileURL: cfg.TileURL, TileAttribution: cfg.TileAttribution,
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
	srv := &http.Server{Addr: cfg.Addr, Handler: server.Handler(),
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second}
	logAccess(cfg, ui, token, made, log.With().Str("stage", "auth").Logger())
	g := pipeline.NewGroup(ctx)
	g.Go("store-startup", func(ctx context.Context) error { store.RepairAtStart(ctx); return nil })
	followDB(g, db)
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

// logAccess says, at each start, how to get in: the address that signs a browser in (the one
// line a token is ever logged on, and only the one this program made), or that the API is
// open, loudly.
func logAccess(cfg *config.API, ui, token string, made bool, log zerolog.Logger) {
	switch {
	case cfg.Open:
		log.Warn().Str("ui", ui).Msg("CONFIG_API_TOKEN=none: no token is asked for; anyone who can reach this address can read the flight log and change rules, areas and watchlists. Run it so only behind a proxy that authenticates")
	case cfg.Token != "":
		log.Info().Str("ui", ui).Msg("every request needs the token of CONFIG_API_TOKEN: open the UI once per browser at " + ui + "?token=<the token>, or send Authorization: Bearer <the token>")
	default:
		log.Info().Str("url", ui+"?token="+token).Str("token_file", cfg.TokenFile).Bool("new", made).
			Msg("open the UI at this address: it signs this browser in (scripts send Authorization: Bearer with the token of token_file; delete that file and restart for a new token)")
	}
	if cfg.Ingress {
		log.Info().Str("supervisor", api.SupervisorAddr.String()).Msg("HA_INGRESS: requests from the Home Assistant Supervisor need no token (Home Assistant has signed the user in); any other needs it")
	}
}

// storeOptions is how the API reaches the store: a client made even when the store does not
// answer yet (it dials again at each call until it does), and no retry of its own (a
// request's store call fails at once, or within api.StoreTimeout; the background services
// retry on their own cadence).
func storeOptions(cfg *config.API) rueidis.ClientOption {
	return rueidis.ClientOption{InitAddress: []string{cfg.StoreAddr()}, Password: cfg.StorePassword, DisableCache: true,
		ForceSingleClient: true, DisableRetry: true, ConnWriteTimeout: api.StoreTimeout,
		Dialer: net.Dialer{Timeout: api.StoreTimeout, KeepAlive: 30 * time.Second}}
}

// storeClient is the store's client, made even when the store does not answer yet (a warning);
// an error only when no client can be made at all.
func storeClient(cfg *config.API, log zerolog.Logger) (rueidis.Client, error) {
	raw, err := rueidis.NewClient(storeOptions(cfg))
	if raw == nil {
		return nil, err
	}
	if err != nil {
		log.Warn().Err(err).Str("store", cfg.StoreAddr()).Msg("store unreachable at start: serving anyway (requests that need it answer 500 until it answers); retrying")
	}
	return raw, nil
}

// keepers are the receiver's traffic and the matches seen, as the API keeps them.
func keepers(cfg *config.API, client rueidis.Client, optOut *privacy.List, log zerolog.Logger) (*keeper.Traffic, *keeper.Matches) {
	traffic := keeper.NewTraffic(cfg.ReadsbURL, cfg.ReadsbInterval, cfg.TrafficWindow, log.With().Str("stage", "traffic").Logger())
	matches := keeper.NewMatches(cfg.MQTT, log.With().Str("stage", "matches").Logger())
	matches.KeepIn(client)                        // the Matches page's history, kept across restarts
	matches.PositionsFrom(traffic)                // where the receiver saw each matched aircraft
	matches.Privacy(cfg.RegistrantDetail, optOut) // what was kept obeys the API's own setting (CONTRACT.md 12.3)
	return traffic, matches
}

// followDB reads the aircraft database again when it is replaced (in use within a minute).
func followDB(g *pipeline.Group, db *aircraftdb.Handle) {
	if db != nil {
		g.Go("aircraftdb", func(ctx context.Context) error {
			pipeline.Every(ctx, aircraftdb.ReloadEvery, func(context.Context) { db.Refresh() })
			return nil
		})
	}
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

// listen listens on API_ADDR and says so, with the address a browser here opens.
func listen(cfg *config.API, log zerolog.Logger) (net.Listener, string, error) {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		log.Error().Err(err).Str("addr", cfg.Addr).Msg("cannot listen")
		return nil, "", err
	}
	ui := "http://" + uiAddr(ln.Addr()) + "/"
	log.Info().Str("addr", ln.Addr().String()).Str("ui", ui).Bool("auth", !cfg.Open).Msg("listening")
	return ln, ui, nil
}

// uiAddr is where a browser on this machine opens the UI.
func uiAddr(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok && (t.IP == nil || t.IP.IsUnspecified()) {
		return net.JoinHostPort("127.0.0.1", strconv.Itoa(t.Port))
	}
	return a.String()
}
