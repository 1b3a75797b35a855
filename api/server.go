// Package api is tracker-config-api as a library: the management HTTP API for areas, rules,
// watchlists and mutes, the flight log's readers, the aircraft lookups and the browser UI
// (Server), and Serve, which runs it with its background services. It validates every write
// against the whole resulting set with the rules package, the same code that evaluates, and
// stores the body with its version key in one guarded transaction.
package api

import (
	_ "embed"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// errCorrupt marks a stored body that cannot be read (not a store error).
var errCorrupt = errors.New("Stored configuration is corrupt") //nolint:staticcheck // user-facing text

// MaxBody is the largest request body of the rules' endpoints: a rule set of hundreds of rules
// is a few hundred KB.
const MaxBody = 1 << 20

// MaxAreasBody is the largest body of the areas' endpoints: an area traced along a detailed
// coastline or border (tens of thousands of positions, ≈ 40 bytes each as JSON) or a whole set
// of them imported at once. Polygons are capped separately (rules.MaxRingPositions), so the
// time a save takes stays bounded whatever the body holds.
const MaxAreasBody = 8 << 20

//go:embed openapi.json
var openAPI []byte

// Options configure the server.
type Options struct {
	// Token (CONFIG_API_TOKEN, or the one kept in CONFIG_API_TOKEN_FILE) is what every
	// request needs, as a bearer header or the session cookie it signs (auth.go). Empty only
	// with Open (CONFIG_API_TOKEN=none): served to anyone, on purpose; NewServer refuses
	// neither. Ingress (HA_INGRESS): requests from the Home Assistant Supervisor's address
	// need no token, and the UI may be framed by its own origin (Home Assistant's panel).
	Token   string
	Open    bool
	Ingress bool
	// TrustedOrigins (CONFIG_API_TRUSTED_ORIGINS) may write from another origin, e.g. a UI
	// served from another host: "https://ui.example".
	TrustedOrigins []string
	// TileURL (CONFIG_UI_TILE_URL) is the optional map tile template; its origin is the only
	// one added to the pages' img-src. TileAttribution is shown with the tiles.
	TileURL, TileAttribution string
	// Tar1090URL (CONFIG_UI_TAR1090_URL) is the user's tar1090, linked from the traffic card.
	Tar1090URL string
	// Traffic is the user's own receiver's traffic (CONFIG_UI_READSB_URL), for the map and
	// the rule tests; Matches the recent rule notifications (MQTT_HOST). Either may be nil:
	// none.
	Traffic Traffic
	Matches Matches
	// AircraftDB is the database the rule tests enrich flights with (AIRCRAFT_DB; CONTRACT.md
	// 9.1); nil: none.
	AircraftDB enrich.Source
	// RegistrantDetail (REGISTRANT_DETAIL) is what of a registrant the rule tests, the
	// lookups and the kept matches show (CONTRACT.md 12.3); OptOut (PRIVACY_LIST; nil: none)
	// the aircraft that show none.
	RegistrantDetail model.RegistrantDetail
	OptOut           *privacy.List // also the flight log's readers' (flightlog.Privacy.OptedOut)
	// FlightLog (FLIGHT_LOG) is the flight log the API reads (read-only; "" or none: 503);
	// Zone (NOTIFY_TIMEZONE) the clock of its dates.
	FlightLog string
	Zone      *time.Location
	// Home (HOME_LAT, HOME_LON; nil: unset) is where the reach (coverage) is measured from.
	Home *model.Home
	// LowNM and LowFT (LOW_NM, LOW_FT; 0: unset) are the "Low and close" view's defaults.
	LowNM float64
	LowFT int
	// AllowPrivateDownloads (ALLOW_PRIVATE_DOWNLOADS) lets an import from a URL reach
	// loopback, private and link-local addresses; off, the server refuses them (CONTRACT.md
	// 11.2), so whoever can reach the API cannot probe the network it sits in.
	AllowPrivateDownloads bool
}

// optOut is the opt-out list as the enrichment takes it (nil: none).
func (s *Server) optOut() enrich.OptOut {
	if s.opts.OptOut == nil {
		return nil
	}
	return s.opts.OptOut
}

// downloadTimeout bounds one download of a list the server makes.
const downloadTimeout = 2 * time.Minute

// Server serves the API.
type Server struct {
	store   *Store
	opts    Options
	authn   authenticator
	cop     *http.CrossOriginProtection
	csp     string
	log     zerolog.Logger
	now     func() time.Time
	traffic Traffic
	matches Matches
	flights *flightlog.Reader // nil: no flight log
	// download fetches the lists imported from a URL (fetch.NewClient: local addresses
	// refused unless AllowPrivateDownloads).
	download *http.Client
}

// NewServer builds the server; a trusted origin that is not scheme://host[:port] is an error,
// and so is no token without Open.
func NewServer(store *Store, opts Options, log zerolog.Logger) (*Server, error) {
	authn, err := newAuthenticator(opts)
	if err != nil {
		return nil, err
	}
	csp, err := contentSecurityPolicy(opts.TileURL)
	if err != nil {
		return nil, err
	}
	s := &Server{store: store, opts: opts, authn: authn, csp: csp, log: log, now: time.Now, traffic: opts.Traffic, matches: opts.Matches,
		download: fetch.NewClient(downloadTimeout, opts.AllowPrivateDownloads), flights: flightReader(opts)}
	if s.traffic == nil {
		s.traffic = keeper.NewTraffic("", 0, 0, log)
	}
	if s.matches == nil {
		s.matches = keeper.NewMatches(config.MQTT{}, log)
	}
	if s.cop, err = crossOrigin(opts.TrustedOrigins); err != nil {
		return nil, err
	}
	return s, nil
}

// Handler is the API with browser protections, authentication and access logs.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 200, map[string]string{"status": "ok"}) })
	mux.HandleFunc("GET /api/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(openAPI)
	})
	s.uiRoutes(mux)
	for _, c := range []*collection{s.rulesCollection(), s.areasCollection()} {
		c.routes(mux, s)
	}
	mux.HandleFunc("PUT /api/rules", s.importRules)
	mux.HandleFunc("PUT /api/areas", s.importAreas)
	mux.HandleFunc("POST /api/rules/test", s.testRule)
	mux.HandleFunc("POST /api/areas/check", s.checkAreaItems)
	mux.HandleFunc("GET /api/rule-status", s.ruleStatus)
	mux.HandleFunc("GET /api/traffic", s.getTraffic)
	mux.HandleFunc("GET /api/matches", s.getMatches)
	s.lookupRoutes(mux)
	s.watchlistRoutes(mux)
	s.muteRoutes(mux)
	s.flightRoutes(mux)
	s.trackRoutes(mux)
	s.recordRoutes(mux)
	// Check order (CONTRACT.md 8): authentication (401) before the cross-origin check (403).
	return s.accessLog(s.headers(s.auth(s.cop.Handler(requireJSON(withPreconditions(mux))))))
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(s int) { w.status = s; w.ResponseWriter.WriteHeader(s) }

// Unwrap lets http.ResponseController reach the connection (a long export's write deadline).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		next.ServeHTTP(sw, r)
		s.log.Info().Str("method", r.Method).Str("path", r.URL.Path).Int("status", sw.status).
			Dur("duration", time.Since(start)).Str("remote", r.RemoteAddr).Msg("request")
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeDetail(w http.ResponseWriter, status int, detail string) {
	writeJSON(w, status, map[string]string{"detail": detail})
}

func (s *Server) storeError(w http.ResponseWriter, err error) {
	var rj *rejectError
	var fe fieldErrors
	switch {
	case errors.As(err, &fe):
		write422(w, fe)
	case errors.As(err, &rj):
		writeDetail(w, rj.status, rj.detail)
	case errors.Is(err, ErrConflict):
		writeDetail(w, http.StatusConflict, err.Error())
	case errors.Is(err, errCorrupt):
		s.log.Error().Err(err).Msg("stored configuration unreadable")
		writeDetail(w, http.StatusInternalServerError, err.Error())
	default:
		s.log.Error().Err(err).Msg("store error")
		writeDetail(w, http.StatusInternalServerError, "Redis error: "+err.Error())
	}
}

// readBody reads at most MaxBody bytes; it answers 413 or 422 itself and returns false.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	return readBodyLimit(w, r, MaxBody)
}

// readBodyLimit reads at most limit bytes; it answers 413 (naming the limit) or 422 itself and
// returns false.
func readBodyLimit(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		writeDetail(w, http.StatusRequestEntityTooLarge, "Request body larger than the limit of "+model.LimitText(limit))
		return nil, false
	}
	if err != nil || !json.Valid(b) {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": []FieldError{{Loc: []any{"body"}, Msg: "JSON decode error", Type: "json_invalid"}}})
		return nil, false
	}
	return b, true
}

func write422(w http.ResponseWriter, errs []FieldError) {
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": errs})
}
