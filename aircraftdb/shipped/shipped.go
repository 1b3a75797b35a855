// Package shipped holds the aircraft database built into tracker-rules and
// tracker-config-api (gzip-compressed, from the upstream data named in NOTICE), so that a
// fresh install enriches with no set-up, and chooses the database a program uses from its
// setting (--db, AIRCRAFT_DB).
package shipped

import (
	_ "embed"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
)

//go:embed aircraft.db.gz
var data []byte

// NOTICE is the attribution and licences of the shipped data.
//
//go:embed NOTICE
var NOTICE string

var (
	once   sync.Once
	loaded *aircraftdb.DB
	err    error
)

// Load is the shipped database (unpacked once, then shared).
func Load() (*aircraftdb.DB, error) {
	once.Do(func() { loaded, err = aircraftdb.Decode(data) })
	return loaded, err
}

// Off is the setting that turns enrichment off.
const Off = "none"

// DefaultPath is where tracker-rules db update writes, and where every program looks first
// when no file is named: $XDG_DATA_HOME/tracker-core-health/aircraft.db (by default
// ~/.local/share/…). While it is absent the shipped database is used.
func DefaultPath() string {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			home = os.TempDir()
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "tracker-core-health", "aircraft.db")
}

// Open is the database of a setting: "none" turns enrichment off (nil), a path is that file
// (read again when it changes; unusable: logged once, no enrichment), and "" is the default
// file when present, else the shipped database.
func Open(setting string, log zerolog.Logger) *aircraftdb.Handle {
	setting = strings.TrimSpace(setting)
	if strings.EqualFold(setting, Off) {
		return nil
	}
	if setting != "" {
		return aircraftdb.NewHandle(setting, nil, log)
	}
	db, err := Load()
	if err != nil { // a broken build: say so, run without
		log.Error().Err(err).Msg("the shipped aircraft database is unusable")
		db = nil
	}
	return aircraftdb.NewHandle(DefaultPath(), db, log)
}
