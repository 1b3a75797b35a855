// Package shipped holds the aircraft database the project ships (zstd-compressed, built from
// the upstream data named in NOTICE), so that a fresh install enriches with no set-up, and
// chooses the database a program uses from its setting (--db, AIRCRAFT_DB). Built as is, the
// database is part of tracker-rules and tracker-config-api; the image builds them with
// -tags nodbembed and carries it once, as a file beside them (InstalledPath).
package shipped

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
)

// Attribution is what the shipped data's licences ask to be said where it is used: the
// sources and their licences in one line (db info, the API's lookups, the UI).
const Attribution = "Aircraft data: Mictronics (ODC-By 1.0), Virtual Radar Server standing data (CC0)"

// InstalledPath is where the image installs the shipped database (the Dockerfile's COPY); a
// build with -tags nodbembed reads it from there.
const InstalledPath = "/usr/local/share/tracker-core-health/aircraft.db.zst"

var (
	once   sync.Once
	loaded *aircraftdb.DB
	err    error
)

// Load is the shipped database (unpacked once, then shared).
func Load() (*aircraftdb.DB, error) {
	once.Do(func() {
		b, rerr := packed()
		if rerr != nil {
			err = fmt.Errorf("the shipped aircraft database (%s): %w", where, rerr)
			return
		}
		loaded, err = aircraftdb.DecodeForever(b)
		released(b)
	})
	return loaded, err
}

// Preload starts unpacking the shipped database at once, in the background, when setting
// (as Open takes it) will use it: a program's other start-up work (reading the rules, the
// first traffic) runs meanwhile, and Open then waits for what is left.
func Preload(setting string) {
	setting = strings.TrimSpace(setting)
	if setting != "" {
		return // a file of the user's, or none
	}
	if _, err := os.Stat(DefaultPath()); err == nil {
		return // the default file is used
	}
	go func() { _, _ = Load() }()
}

// Where says where the shipped database comes from in this build.
func Where() string { return where }

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
// file when present, else the shipped database (unpacked only then).
func Open(setting string, log zerolog.Logger) *aircraftdb.Handle {
	setting = strings.TrimSpace(setting)
	if strings.EqualFold(setting, Off) {
		return nil
	}
	if setting != "" {
		return aircraftdb.NewHandle(setting, nil, log)
	}
	return aircraftdb.NewHandle(DefaultPath(), func() *aircraftdb.DB {
		db, err := Load()
		if err != nil { // a broken build or install: say so, run without
			log.Error().Err(err).Msg("the shipped aircraft database is unusable")
			return nil
		}
		return db
	}, log)
}

// OpenFile opens the database the command line names (db info, db lookup): file, else the
// default file when present, else the shipped one; where says which.
func OpenFile(file string) (db *aircraftdb.DB, where string, err error) {
	if strings.EqualFold(file, Off) {
		return nil, "", fmt.Errorf("AIRCRAFT_DB=none: enrichment is off")
	}
	if file == "" {
		if _, err := os.Stat(DefaultPath()); err == nil {
			file = DefaultPath()
		} else {
			db, err := Load()
			return db, "shipped (" + Where() + ")", err
		}
	}
	db, err = aircraftdb.Open(file)
	return db, file, err
}

// RegistrantTypes are the registrant types the database setting names holds (--db or
// AIRCRAFT_DB: the file, else the default one, which the shipped database stands in for with no
// register; none: no database): what a registrant condition can match. An error is the file's
// that cannot be read.
func RegistrantTypes(setting string) ([]string, error) {
	if strings.EqualFold(setting, Off) {
		return nil, nil
	}
	path := setting
	if path == "" {
		path = DefaultPath()
	}
	m, err := aircraftdb.VerifiedMeta(path) // its checksum checked, as every other reader checks it
	if err != nil {
		return nil, err
	}
	return m.RegistrantTypes, nil
}
