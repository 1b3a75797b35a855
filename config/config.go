// Package config reads the environment (spec 2.7, CONTRACT.md 1.2): the Reader every program
// and every stage reads its own variables with, and each program's settings (LoadMonitor,
// LoadRules, LoadDB, LoadAPI, …). A missing required variable or an unparsable value is an
// *Error that names the variable; the commands (cmd/internal/cli) turn it into one line and
// exit code 2.
package config

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/internal/version"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// Constants of CONTRACT.md 1.3.
const (
	DefaultRegistryCheckInterval     = 86400 * time.Second
	DefaultRegistryCheckStartupDelay = 30 * time.Second
	DefaultHeartbeatPath             = "/app/health/heartbeat"
	HeartbeatMinAge                  = 40 * time.Second
	HeartbeatTouchInterval           = 15 * time.Second
	MQTTKeepAlive                    = 60
	DefaultBrokerPollInterval        = 10 * time.Second
	DefaultStorePollInterval         = 60 * time.Second
)

// Error names the variable that stopped start-up.
type Error struct {
	Variable string
	Problem  string
}

func (e *Error) Error() string { return e.Variable + ": " + e.Problem }

// Store is how to reach the data store (STORE_HOST, STORE_PORT, STORE_PASSWORD): read here
// for all three binaries.
type Store struct {
	StoreHost     string
	StorePort     int
	StorePassword string `json:"-"`
}

// StoreAddr is host:port of the data store.
func (s *Store) StoreAddr() string {
	return net.JoinHostPort(s.StoreHost, strconv.Itoa(s.StorePort))
}

// MQTT is how to reach the MQTT broker (MQTT_HOST, MQTT_PORT, MQTT_USERNAME, MQTT_PASSWORD):
// read here for all three binaries.
type MQTT struct {
	MQTTHost     string
	MQTTPort     int
	MQTTUsername string
	MQTTPassword string `json:"-"`
}

// MQTTEnabled is false when MQTT_HOST is unset.
func (m *MQTT) MQTTEnabled() bool { return m.MQTTHost != "" }

// Monitor is the general configuration of tracker-core-health: what is not one stage's (each
// stage reads its own variables: broker.LoadConfig, store.LoadConfig, registry.LoadConfig,
// alerts.LoadConfig, and the registered telemetry stages' Register).
type Monitor struct {
	MQTT

	LogLevel               zerolog.Level
	DeviceConfigurationURL string
	ComponentImage         string
	HeartbeatPath          string
	MQTTPublishRate        int
	MQTTDiscoveryRate      int
	// MetricsAddr (METRICS_ADDR) serves /metrics for Prometheus; empty: no second sink.
	MetricsAddr string
	// PprofAddr (PPROF_ADDR) serves net/http/pprof for profiling a real run; empty: off.
	PprofAddr          string
	Version, GitCommit string
}

// SWVersion is the device sw_version: VERSION plus " (GIT_COMMIT)".
func (m *Monitor) SWVersion() string {
	return model.SWVersion(m.Version, m.GitCommit)
}

// HeartbeatMaxAge is how old the heartbeat may be for the health check to pass: three broker
// intervals, at least 40 s.
func HeartbeatMaxAge(brokerInterval time.Duration) time.Duration {
	return max(HeartbeatMinAge, 3*brokerInterval)
}

// Getenv looks a variable up; tests pass a map's lookup.
type Getenv func(string) (string, bool)

// Reader reads variables with the rules every binary and stage follows (trimmed; an empty
// value is unset; a bad value is the first *Error, naming the variable).
type Reader struct {
	get Getenv
	err error
}

// NewReader reads from get.
func NewReader(get Getenv) *Reader { return &Reader{get: get} }

// Err is the first problem met (nil: none).
func (r *Reader) Err() error { return r.err }

// Fail records a problem with a variable (only the first is kept).
func (r *Reader) Fail(name, problem string) {
	if r.err == nil {
		r.err = &Error{Variable: name, Problem: problem}
	}
}

// Str is a variable trimmed, def when unset or empty.
func (r *Reader) Str(name, def string) string {
	if v, ok := r.get(name); ok && strings.TrimSpace(v) != "" {
		return strings.TrimSpace(v)
	}
	return def
}

// Secret is a variable kept as given (passwords may carry spaces).
func (r *Reader) Secret(name string) string {
	v, _ := r.get(name)
	return v
}

// Required is a variable that must be set.
func (r *Reader) Required(name string) string {
	v := r.Str(name, "")
	if v == "" {
		r.Fail(name, "required variable is not set")
	}
	return v
}

// RequiredSecret is a secret that must be set.
func (r *Reader) RequiredSecret(name string) string {
	v := r.Secret(name)
	if v == "" {
		r.Fail(name, "required variable is not set")
	}
	return v
}

// Port is a TCP port (1-65535), def when unset.
func (r *Reader) Port(name string, def int) int {
	s := r.Str(name, "")
	if s == "" {
		return def
	}
	p, err := strconv.Atoi(s)
	if err != nil || p < 1 || p > 65535 {
		r.Fail(name, fmt.Sprintf("invalid port %q (want 1-65535)", s))
		return def
	}
	return p
}

// PositiveInt is a whole number above 0, def when unset.
func (r *Reader) PositiveInt(name string, def int) int {
	s := r.Str(name, "")
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		r.Fail(name, fmt.Sprintf("invalid value %q (want a positive integer)", s))
		return def
	}
	return n
}

// Duration is a variable as a Go duration above 0, def when unset.
func (r *Reader) Duration(name string, def time.Duration) time.Duration {
	s := r.Str(name, "")
	if s == "" {
		return def
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		r.Fail(name, fmt.Sprintf("invalid duration %q (want a Go duration > 0, e.g. 10s)", s))
		return def
	}
	return d
}

// Bool is a variable as true or false (also 1/0, yes/no, on/off; any case), def when unset.
func (r *Reader) Bool(name string, def bool) bool {
	s := strings.ToLower(r.Str(name, ""))
	switch s {
	case "":
		return def
	case "true", "1", "yes", "on":
		return true
	case "false", "0", "no", "off":
		return false
	}
	r.Fail(name, fmt.Sprintf("invalid value %q (want true or false)", s))
	return def
}

// Seconds reads a number of seconds (>= 0 when zeroOK, else > 0), def when unset.
func (r *Reader) Seconds(name string, def time.Duration, zeroOK bool) time.Duration {
	s := r.Str(name, "")
	if s == "" {
		return def
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n < 0 || (n == 0 && !zeroOK) {
		r.Fail(name, fmt.Sprintf("invalid number of seconds %q", s))
		return def
	}
	return time.Duration(n * float64(time.Second))
}

// URL is an http(s) URL with a host, its trailing slash trimmed; def when unset.
func (r *Reader) URL(name, def string) string {
	s := r.Str(name, def)
	if s == "" {
		return ""
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		r.Fail(name, fmt.Sprintf("invalid URL %q", s))
		return def
	}
	return strings.TrimRight(s, "/")
}

// ParseLevel maps LOG_LEVEL (debug, info, warn, error) to a zerolog level.
func ParseLevel(s string) (zerolog.Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "info":
		return zerolog.InfoLevel, nil
	case "debug":
		return zerolog.DebugLevel, nil
	case "warn", "warning":
		return zerolog.WarnLevel, nil
	case "error":
		return zerolog.ErrorLevel, nil
	}
	return zerolog.InfoLevel, fmt.Errorf("invalid level %q (want debug, info, warn or error)", s)
}

// StoreVars reads STORE_HOST, STORE_PORT and STORE_PASSWORD (required when passwordRequired).
func (r *Reader) StoreVars(passwordRequired bool) Store {
	s := Store{StoreHost: r.Required("STORE_HOST"), StorePort: r.Port("STORE_PORT", 6379)}
	if passwordRequired {
		s.StorePassword = r.RequiredSecret("STORE_PASSWORD")
	} else {
		s.StorePassword = r.Secret("STORE_PASSWORD")
	}
	return s
}

func (r *Reader) mqtt() MQTT {
	return MQTT{
		MQTTHost: r.Str("MQTT_HOST", ""), MQTTPort: r.Port("MQTT_PORT", 1883),
		MQTTUsername: r.Str("MQTT_USERNAME", ""), MQTTPassword: r.Secret("MQTT_PASSWORD"),
	}
}

func (r *Reader) level() zerolog.Level {
	lvl, err := ParseLevel(r.Str("LOG_LEVEL", "info"))
	if err != nil {
		r.Fail("LOG_LEVEL", err.Error())
	}
	return lvl
}

// registrantDetail reads REGISTRANT_DETAIL (CONTRACT.md 12.3: standard, full or none).
func (r *Reader) registrantDetail() model.RegistrantDetail {
	v := r.Str("REGISTRANT_DETAIL", "")
	d, ok := model.ParseRegistrantDetail(v)
	if !ok {
		r.Fail("REGISTRANT_DETAIL", fmt.Sprintf("invalid value %q (want standard, full or none)", v))
	}
	return d
}

// LoadStore reads STORE_*; STORE_PASSWORD is required when passwordRequired (the monitor and
// the management API; the rules command line also works with a store without a password).
func LoadStore(get Getenv, passwordRequired bool) (*Store, error) {
	r := NewReader(get)
	s := r.StoreVars(passwordRequired)
	if r.err != nil {
		return nil, r.err
	}
	return &s, nil
}

// LoadMQTT reads MQTT_*.
func LoadMQTT(get Getenv) (*MQTT, error) {
	r := NewReader(get)
	m := r.mqtt()
	if r.err != nil {
		return nil, r.err
	}
	return &m, nil
}

// API is the configuration of tracker-config-api.
type API struct {
	Store
	LogLevel zerolog.Level
	Addr     string // CONFIG_API_ADDR, default :8080
	APIAuth
	// Ingress (HA_INGRESS): requests from the Home Assistant Supervisor's address are
	// authenticated by the Supervisor (CONTRACT.md 8, "Behind a path prefix").
	Ingress   bool
	BackupDir string // CONFIG_BACKUP_DIR; empty: no backup files
	// TrustedOrigins (CONFIG_API_TRUSTED_ORIGINS, comma-separated) may write cross-origin.
	TrustedOrigins []string
	// TileURL and TileAttribution (CONFIG_UI_TILE_URL, CONFIG_UI_TILE_ATTRIBUTION): optional
	// map tiles under the UI's offline outlines.
	TileURL, TileAttribution string
	// ReadsbURL (CONFIG_UI_READSB_URL): a readsb/tar1090 aircraft.json, an http(s) URL or a
	// file path, polled every ReadsbInterval (CONFIG_UI_READSB_INTERVAL, default 2 s); the
	// UI shows its traffic and tests rules on the last TrafficWindow of it
	// (CONFIG_UI_TRAFFIC_MINUTES, default 30). Empty: no traffic.
	ReadsbURL      string
	ReadsbInterval time.Duration
	TrafficWindow  time.Duration
	// MQTT (MQTT_HOST…): when set, the API keeps the recent rule notifications for the UI.
	MQTT
	// Tar1090URL (CONFIG_UI_TAR1090_URL): the user's own tar1090 (e.g.
	// http://receiver/tar1090/), linked from the UI's traffic card; empty: no link.
	Tar1090URL string
	// AircraftDB (AIRCRAFT_DB): the aircraft database the rule tests enrich with; empty: the
	// default file, else the shipped one; "none": no enrichment (CONTRACT.md 9.4).
	AircraftDB string
	// RegistrantDetail (REGISTRANT_DETAIL, default standard): what of a registrant the API
	// shows (CONTRACT.md 12.3); PrivacyList (PRIVACY_LIST) the owners' opt-out file.
	RegistrantDetail model.RegistrantDetail
	PrivacyList      string
	// FlightLog (FLIGHT_LOG, default flights.db; none: off) is the flight log the API reads
	// (read-only), days and hours in Zone (NOTIFY_TIMEZONE).
	FlightLog string
	Zone      *time.Location
	// Home (HOME_LAT, HOME_LON; nil: unset) is where the receiver is: the reach (coverage) is
	// measured from there, and the UI's map marks it.
	Home *model.Home
	// LowNM and LowFT (LOW_NM, LOW_FT; 0: unset): the Flights page's "Low and close" defaults.
	LowNM float64
	LowFT int
	// AllowPrivateDownloads (ALLOW_PRIVATE_DOWNLOADS, default false): an import from a URL may
	// reach loopback, private and link-local addresses.
	AllowPrivateDownloads bool
}

// APIAuth is who may use the management API (CONTRACT.md 8).
type APIAuth struct {
	// Token (CONFIG_API_TOKEN) is the bearer token every request needs; empty: the one kept in
	// TokenFile (CONFIG_API_TOKEN_FILE, default api-token beside the flight log), made at the
	// first start. Open (CONFIG_API_TOKEN=none, in any case) serves without one, on purpose.
	Token     string `json:"-"`
	TokenFile string
	Open      bool
}

// OpenToken is the CONFIG_API_TOKEN that runs the API without a token, on purpose (compared
// without regard to case or surrounding spaces).
const OpenToken = "none"

// MinTokenLength is the shortest token the API accepts from a person, in CONFIG_API_TOKEN or
// the token file: not one that could be guessed in a few tries (one it makes is 32).
const MinTokenLength = 16

// CheckToken refuses a token a person chose that is too short to be safe, or holds spaces
// (which no Authorization header carries intact).
func CheckToken(token string) error {
	switch {
	case len(token) < MinTokenLength:
		return fmt.Errorf("the token is shorter than %d characters: anyone could guess it in a few tries", MinTokenLength)
	case strings.ContainsAny(token, " \t\r\n"):
		return errors.New("the token has spaces inside")
	}
	return nil
}

// apiAuth reads CONFIG_API_TOKEN and CONFIG_API_TOKEN_FILE (beside flightLog by default).
func (r *Reader) apiAuth(flightLog string) APIAuth {
	a := APIAuth{Token: strings.TrimSpace(r.Secret("CONFIG_API_TOKEN"))}
	switch {
	case strings.EqualFold(a.Token, OpenToken):
		a.Token, a.Open = "", true
	case a.Token != "":
		if err := CheckToken(a.Token); err != nil {
			r.Fail("CONFIG_API_TOKEN", err.Error()+" (choose one of at least 16 random characters, e.g. `openssl rand -base64 24`; or leave it unset to have one made and kept in CONFIG_API_TOKEN_FILE; or none to run open on purpose)")
		}
	}
	a.TokenFile = r.Str("CONFIG_API_TOKEN_FILE", DefaultTokenFile(flightLog))
	return a
}

// LoadAPIAuth reads only what the API's token needs (tracker-config-api new-token, which
// reaches no store).
func LoadAPIAuth(get Getenv) (*APIAuth, error) {
	r := NewReader(get)
	a := r.apiAuth(r.Str("FLIGHT_LOG", "flights.db"))
	if r.err != nil {
		return nil, r.err
	}
	return &a, nil
}

// DefaultTokenFile is where the API keeps the token it made: api-token beside the flight log
// (/data/api-token in the container), or in the working folder when there is no flight log.
func DefaultTokenFile(flightLog string) string {
	if strings.EqualFold(flightLog, "none") {
		return "api-token"
	}
	return filepath.Join(filepath.Dir(flightLog), "api-token")
}

// LoadAPI reads the management API's configuration.
func LoadAPI(get Getenv) (*API, error) {
	r := NewReader(get)
	a := &API{Store: r.StoreVars(true), LogLevel: r.level()}
	a.Addr = r.Str("CONFIG_API_ADDR", ":8080")
	a.Ingress = r.Bool("HA_INGRESS", false)
	a.BackupDir = r.Str("CONFIG_BACKUP_DIR", "")
	for o := range strings.SplitSeq(r.Str("CONFIG_API_TRUSTED_ORIGINS", ""), ",") {
		if o = strings.TrimSpace(o); o != "" {
			a.TrustedOrigins = append(a.TrustedOrigins, strings.TrimRight(o, "/"))
		}
	}
	a.TileURL = r.Str("CONFIG_UI_TILE_URL", "")
	a.TileAttribution = r.Str("CONFIG_UI_TILE_ATTRIBUTION", "")
	a.ReadsbURL = r.Str("CONFIG_UI_READSB_URL", "")
	a.ReadsbInterval = r.Duration("CONFIG_UI_READSB_INTERVAL", 2*time.Second)
	a.TrafficWindow = time.Duration(r.PositiveInt("CONFIG_UI_TRAFFIC_MINUTES", 30)) * time.Minute
	a.MQTT = r.mqtt()
	a.AircraftDB = r.Str("AIRCRAFT_DB", "")
	a.RegistrantDetail = r.registrantDetail()
	a.PrivacyList = r.Str("PRIVACY_LIST", "")
	a.FlightLog = r.Str("FLIGHT_LOG", "flights.db")
	a.APIAuth = r.apiAuth(a.FlightLog)
	a.Zone = r.zone()
	a.Home = r.home()
	a.LowNM, a.LowFT = r.low()
	a.Tar1090URL = r.URL("CONFIG_UI_TAR1090_URL", "")
	a.AllowPrivateDownloads = r.Bool("ALLOW_PRIVATE_DOWNLOADS", false)
	if r.err != nil {
		return nil, r.err
	}
	return a, nil
}

// LoadMonitor reads the monitor's configuration.
func LoadMonitor(get Getenv) (*Monitor, error) {
	r := NewReader(get)
	m := &Monitor{}
	m.MQTT = r.mqtt()
	m.LogLevel = r.level()
	m.DeviceConfigurationURL = r.Str("DEVICE_CONFIGURATION_URL", "")
	m.ComponentImage = r.Str("COMPONENT_IMAGE", "unknown")
	m.HeartbeatPath = r.Str("HEARTBEAT_PATH", DefaultHeartbeatPath)
	// States go out fast (a large site's cycle in about a second); discovery configs, which
	// Home Assistant has to process, at most MQTT_DISCOVERY_RATE a second.
	m.MQTTPublishRate = r.PositiveInt("MQTT_PUBLISH_RATE", 20000)
	m.MQTTDiscoveryRate = r.PositiveInt("MQTT_DISCOVERY_RATE", 500)
	m.MetricsAddr = r.listenAddr("METRICS_ADDR")
	m.PprofAddr = r.listenAddr("PPROF_ADDR")
	m.Version = r.Str("VERSION", version.Version)
	m.GitCommit = r.Str("GIT_COMMIT", version.GitCommit)
	if r.err != nil {
		return nil, r.err
	}
	return m, nil
}

// home reads HOME_LAT and HOME_LON (both or neither; degrees): nil when unset.
func (r *Reader) home() *model.Home {
	lat, lon := r.Str("HOME_LAT", ""), r.Str("HOME_LON", "")
	if lat == "" && lon == "" {
		return nil
	}
	la, err1 := strconv.ParseFloat(lat, 64)
	lo, err2 := strconv.ParseFloat(lon, 64)
	switch {
	case err1 != nil || la < -90 || la > 90:
		r.Fail("HOME_LAT", fmt.Sprintf("invalid latitude %q (want degrees from -90 to 90, with HOME_LON)", lat))
	case err2 != nil || lo < -180 || lo > 180:
		r.Fail("HOME_LON", fmt.Sprintf("invalid longitude %q (want degrees from -180 to 180, with HOME_LAT)", lon))
	default:
		return &model.Home{Latitude: la, Longitude: lo}
	}
	return nil
}

// low reads LOW_NM (nautical miles, above 0, at most 1000) and LOW_FT (feet, above 0, at
// most 100000): the "Low and close" thresholds; 0 when unset.
func (r *Reader) low() (float64, int) {
	var nm float64
	if v := r.Str("LOW_NM", ""); v != "" {
		n, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(n) || n <= 0 || n > 1000 {
			r.Fail("LOW_NM", fmt.Sprintf("invalid distance %q (want nautical miles above 0, at most 1000)", v))
		} else {
			nm = n
		}
	}
	ft := 0
	if v := r.Str("LOW_FT", ""); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 100000 {
			r.Fail("LOW_FT", fmt.Sprintf("invalid altitude %q (want whole feet above 0, at most 100000)", v))
		} else {
			ft = n
		}
	}
	return nm, ft
}

// zone reads NOTIFY_TIMEZONE (the process's local zone when unset).
func (r *Reader) zone() *time.Location {
	v := r.Str("NOTIFY_TIMEZONE", "")
	if v == "" {
		return time.Local
	}
	z, err := time.LoadLocation(v)
	if err != nil {
		r.Fail("NOTIFY_TIMEZONE", fmt.Sprintf("unknown time zone '%s'", v))
		return time.Local
	}
	return z
}

// httpURL is an http(s) URL with a host, as given ("" when unset).
func (r *Reader) httpURL(name string) string {
	v := r.Str(name, "")
	if v != "" {
		if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			r.Fail(name, fmt.Sprintf("invalid URL %q", v))
		}
	}
	return v
}

// listenAddr is a listen address (host:port or :port), "" when unset.
func (r *Reader) listenAddr(name string) string {
	v := r.Str(name, "")
	if v != "" {
		if _, _, err := net.SplitHostPort(v); err != nil {
			r.Fail(name, fmt.Sprintf("invalid listen address %q (want host:port or :port)", v))
		}
	}
	return v
}

// Environ is the process environment as a Getenv.
func Environ() Getenv { return os.LookupEnv }
