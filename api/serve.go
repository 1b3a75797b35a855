package api

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// Settings is what tracker-config-api serves with: its environment (config.LoadAPI), the token
// every request needs, and its logger.
type Settings struct {
	*config.API
	// AccessToken is CONFIG_API_TOKEN's, or the one kept in CONFIG_API_TOKEN_FILE ("" with
	// Open); TokenMade says this start made it (the address that signs a browser in is then
	// logged).
	AccessToken string
	TokenMade   bool
	Log         zerolog.Logger
}

// SettingsError is a setting the server cannot run with: nothing was served (the command's
// exit code 2).
type SettingsError struct{ Err error }

func (e *SettingsError) Error() string { return e.Err.Error() }
func (e *SettingsError) Unwrap() error { return e.Err }

// Serve runs the management API and the UI until ctx ends, with its background services in
// one supervised group (ARCHITECTURE.md, "The management API"): the store's start-up repair,
// the receiver's traffic, the matches seen, the aircraft database's and the opt-out list's
// reloads. The store need not answer first. An error is a *SettingsError (nothing served),
// or what stopped it, logged.
func Serve(ctx context.Context, s Settings) error {
	log := s.Log
	// The store need not be up first (nor the password right): the API listens first and
	// serves at once (making the store's client may wait for a store that accepts but does not
	// answer), a request the store cannot answer is a 500 "Redis error: …" within
	// StoreTimeout, and the client reconnects on its own once the store answers.
	ln, ui, err := listen(s.API, log)
	if err != nil {
		return err
	}
	defer ln.Close()
	raw, err := storeClient(s.API, log)
	if err != nil {
		return &SettingsError{fmt.Errorf("the data store's client: %w", err)}
	}
	defer raw.Close()
	client := Bounded(raw)
	store := NewStore(client, s.BackupDir, log)
	optOut, err := privacy.Open(s.PrivacyList, log.With().Str("stage", "privacy").Logger())
	if err != nil {
		return &SettingsError{err}
	}
	// The user's own receiver's traffic for the map and the rule tests, and the rule
	// notifications seen, each kept by a background service (stages/keeper).
	traffic, matches := keepers(s.API, client, optOut, log)
	opts := Options{Token: s.AccessToken, Open: s.Open, Ingress: s.Ingress, TrustedOrigins: s.TrustedOrigins, TileURL: s.TileURL, TileAttribution: s.TileAttribution,
		Tar1090URL: s.Tar1090URL, Traffic: traffic, Matches: matches, AllowPrivateDownloads: s.AllowPrivateDownloads,
		RegistrantDetail: s.RegistrantDetail, OptOut: optOut, FlightLog: s.FlightLog, Zone: s.Zone, Home: s.Home, LowNM: s.LowNM, LowFT: s.LowFT}
	// The aircraft database of the rule tests and the traffic; a replaced file is in use
	// within a minute.
	db := shipped.Open(s.AircraftDB, log.With().Str("stage", "aircraftdb").Logger())
	if db != nil {
		opts.AircraftDB = db
		traffic.EnrichWith(db, s.RegistrantDetail, enrichOptOut(optOut), log.With().Str("stage", "enrich").Logger())
	}
	server, err := NewServer(store, opts, log)
	if err != nil {
		return &SettingsError{err}
	}
	logAccess(s, ui, log.With().Str("stage", "auth").Logger())
	g := pipeline.NewGroup(ctx)
	g.Go("store-startup", func(ctx context.Context) error { store.RepairAtStart(ctx); return nil })
	followDB(g, db)
	followList(g, optOut)
	traffic.Start(g)
	traffic.FollowWatchlists(g, client) // watchlisted aircraft show their entry (CONTRACT.md 11.4)
	matches.Start(g)
	g.Go("http", func(ctx context.Context) error { return serveHTTP(ctx, server.Handler(), ln, log) })
	if err := g.Wait(); err != nil {
		log.Error().Err(err).Msg("stopped")
		return err
	}
	return nil
}

// logAccess says, at each start, how to get in: the address that signs a browser in (the one
// line a token is ever logged on, and only the one this program made), or that the API is
// open, loudly.
func logAccess(s Settings, ui string, log zerolog.Logger) {
	switch {
	case s.Open:
		log.Warn().Str("ui", ui).Msg("CONFIG_API_TOKEN=none: no token is asked for; anyone who can reach this address can read the flight log and change rules, areas and watchlists. Run it so only behind a proxy that authenticates")
	case s.Token != "": // CONFIG_API_TOKEN
		log.Info().Str("ui", ui).Msg("every request needs the token of CONFIG_API_TOKEN: open the UI once per browser at " + ui + "?token=<the token>, or send Authorization: Bearer <the token>")
	default:
		log.Info().Str("url", ui+"?token="+s.AccessToken).Str("token_file", s.TokenFile).Bool("new", s.TokenMade).
			Msg("open the UI at this address: it signs this browser in (scripts send Authorization: Bearer with the token of token_file; delete that file and restart for a new token)")
	}
	if s.Ingress {
		log.Info().Str("supervisor", SupervisorAddr.String()).Msg("HA_INGRESS: requests from the Home Assistant Supervisor need no token (Home Assistant has signed the user in); any other needs it")
	}
}

// storeOptions is how the API reaches the store: a client made even when the store does not
// answer yet (it dials again at each call until it does), and no retry of its own (a
// request's store call fails at once, or within StoreTimeout; the background services retry
// on their own cadence).
func storeOptions(cfg *config.API) rueidis.ClientOption {
	return rueidis.ClientOption{InitAddress: []string{cfg.StoreAddr()}, Password: cfg.StorePassword, DisableCache: true,
		ForceSingleClient: true, DisableRetry: true, ConnWriteTimeout: StoreTimeout,
		Dialer: net.Dialer{Timeout: StoreTimeout, KeepAlive: 30 * time.Second}}
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

// Server timeouts: a request's headers, its body, its answer (a long export sets its own
// deadline, flights.go), and the requests in flight at a stop.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 30 * time.Second
	shutdownGrace     = 5 * time.Second
)

// serveHTTP serves h on ln until ctx ends (then shuts the server down, letting requests finish
// for shutdownGrace) or it fails.
func serveHTTP(ctx context.Context, h http.Handler, ln net.Listener, log zerolog.Logger) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout, ReadTimeout: readTimeout, WriteTimeout: writeTimeout}
	err := pipeline.Serve(ctx, ln, srv, shutdownGrace)
	if ctx.Err() != nil {
		log.Info().Msg("stopped")
		return nil // a request still running after the grace is cut: the stop was asked for
	}
	return err
}

// listen listens on CONFIG_API_ADDR and says so, with the address a browser here opens.
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
