package config

import (
	"fmt"
	"regexp"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Rules is what tracker-rules reads from its environment, every variable through the Reader's
// rules (a bad value is an error naming it, exit code 2, as the monitor's). What a command
// does not use is not read: a bad DIGEST_TIME never stops validate (LoadRules' digests).
type Rules struct {
	// LogLevel (LOG_LEVEL); LogLevelSet: given (watch logs at info when it is not).
	LogLevel    zerolog.Level
	LogLevelSet bool
	// Zone (NOTIFY_TIMEZONE, default the process's local zone) is the clock of policies
	// without a timezone and of the digest.
	Zone *time.Location
	// DigestTime (DIGEST_TIME, HH:MM or off; "" for the default 08:00), read only when
	// digests are made.
	DigestTime string
	// NotifyURLs (NOTIFY_URLS) are watch's channels; never logged.
	NotifyURLs string `json:"-"`
	// Tar1090URL (TAR1090_URL) is linked from each told match.
	Tar1090URL string
	// WatchState (WATCH_STATE, default watch-state.json) keeps watch's state without a store.
	WatchState string
	// AircraftDB (AIRCRAFT_DB) is the aircraft database ("": the default; none: off).
	AircraftDB string
	// RegistrantDetail (REGISTRANT_DETAIL, default standard): what of a registrant leaves the
	// database (CONTRACT.md 12.3).
	RegistrantDetail model.RegistrantDetail
	// PrivacyList (PRIVACY_LIST, default unset): the owners' opt-out file (CONTRACT.md 12.3).
	PrivacyList string
	// FlightLog (FLIGHT_LOG, default flights.db; none: off) is the flight log watch writes
	// and tracker-rules flights reads; FlightLogDays (FLIGHT_LOG_DAYS, default 90) its
	// retention; Home (HOME_LAT, HOME_LON; nil: unset) where the closest approach is
	// measured from (CONTRACT.md 13).
	FlightLog     string
	FlightLogDays int
	Home          *model.Home
	// FlightLogTrackDays (FLIGHT_LOG_TRACK_DAYS, default 14): how long a row keeps its track
	// (CONTRACT.md 13.4); older rows keep everything else.
	FlightLogTrackDays int
	// LowNM (LOW_NM, nm, 0 = unset) and LowFT (LOW_FT, ft, 0 = unset): the "Low and close"
	// thresholds (CONTRACT.md 13.4): the report's defaults, low_flights_today, the digest.
	LowNM float64
	LowFT int
	// MetricsAddr (METRICS_ADDR): watch serves the flight log's /metrics there; empty: none.
	MetricsAddr string
	// Store (STORE_HOST…): nil when STORE_HOST is unset.
	Store *Store
	// MQTT (MQTT_HOST…).
	MQTT MQTT
}

// DefaultFlightLogDays is FLIGHT_LOG_DAYS' default: the flight log keeps 90 days of rows.
const DefaultFlightLogDays = 90

// DefaultFlightLogTrackDays is FLIGHT_LOG_TRACK_DAYS' default: rows keep their track 14 days.
const DefaultFlightLogTrackDays = 14

// digestTimeRE is DIGEST_TIME's form (delivery.ParseSchedule reads it).
var digestTimeRE = regexp.MustCompile(`^(([01]?\d|2[0-3]):[0-5]\d|off|OFF|Off)$`)

// LoadRules reads tracker-rules' variables; digests says the command makes digests (watch,
// replay --digest), which alone read DIGEST_TIME.
func LoadRules(get Getenv, digests bool) (*Rules, error) {
	r := NewReader(get)
	c := &Rules{LogLevel: zerolog.WarnLevel, Zone: time.Local}
	if v := r.Str("LOG_LEVEL", ""); v != "" {
		c.LogLevel, c.LogLevelSet = r.level(), true
	}
	c.Zone = r.zone()
	if digests {
		c.DigestTime = r.Str("DIGEST_TIME", "")
		if c.DigestTime != "" && !digestTimeRE.MatchString(c.DigestTime) {
			r.Fail("DIGEST_TIME", fmt.Sprintf("invalid time %q (want HH:MM, or off)", c.DigestTime))
		}
	}
	c.NotifyURLs = r.Secret("NOTIFY_URLS")
	c.Tar1090URL = r.httpURL("TAR1090_URL")
	c.WatchState = r.Str("WATCH_STATE", "watch-state.json")
	c.AircraftDB = r.Str("AIRCRAFT_DB", "")
	c.RegistrantDetail = r.registrantDetail()
	c.PrivacyList = r.Str("PRIVACY_LIST", "")
	c.FlightLog = r.Str("FLIGHT_LOG", "flights.db")
	c.FlightLogDays = r.PositiveInt("FLIGHT_LOG_DAYS", DefaultFlightLogDays)
	c.Home = r.home()
	c.FlightLogTrackDays = r.PositiveInt("FLIGHT_LOG_TRACK_DAYS", DefaultFlightLogTrackDays)
	c.LowNM, c.LowFT = r.low()
	c.MetricsAddr = r.listenAddr("METRICS_ADDR")
	if r.Str("STORE_HOST", "") != "" {
		s := r.StoreVars(false)
		c.Store = &s
	}
	c.MQTT = r.mqtt()
	if r.err != nil {
		return nil, r.err
	}
	return c, nil
}

// DB is what tracker-rules db reads: the database (AIRCRAFT_DB) and where db update downloads
// the upstream files from (AIRCRAFT_DB_MICTRONICS_URL, AIRCRAFT_DB_STANDING_DATA_URL; "": the
// defaults).
type DB struct {
	AircraftDB, MictronicsURL, StandingDataURL string
	// RegistrantDetail (REGISTRANT_DETAIL): what db lookup shows of a registrant; PrivacyList
	// (PRIVACY_LIST) the owners' opt-out (CONTRACT.md 12.3).
	RegistrantDetail model.RegistrantDetail
	PrivacyList      string
	// AllowPrivateDownloads (ALLOW_PRIVATE_DOWNLOADS, default false): db update may download
	// from loopback, private and link-local addresses (refused otherwise, as the API's imports).
	AllowPrivateDownloads bool
}

// LoadDB reads tracker-rules db's variables (a URL that is no http(s) URL: an error naming it).
func LoadDB(get Getenv) (*DB, error) {
	r := NewReader(get)
	d := &DB{AircraftDB: r.Str("AIRCRAFT_DB", ""), RegistrantDetail: r.registrantDetail(), PrivacyList: r.Str("PRIVACY_LIST", ""),
		AllowPrivateDownloads: r.Bool("ALLOW_PRIVATE_DOWNLOADS", false),
		MictronicsURL:         r.httpURL("AIRCRAFT_DB_MICTRONICS_URL"), StandingDataURL: r.httpURL("AIRCRAFT_DB_STANDING_DATA_URL")}
	if r.err != nil {
		return nil, r.err
	}
	return d, nil
}
