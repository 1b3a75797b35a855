// Package update is tracker-rules db update and build's safety (CONTRACT.md 12.6): the
// downloads of the upstream files and the registers into a scratch folder beside the database
// (Updater), and the half-or-nothing rule a build's registers must pass (Guard); the old file
// is kept on any failure (aircraftdb.BuildFile).
package update

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

// Where db update downloads from by default (CONTRACT.md 9.4: configurable).
const (
	DefaultMictronicsURL   = "https://github.com/Mictronics/aircraft-database/raw/master/indexedDB.zip"
	DefaultStandingDataURL = "https://github.com/vradarserver/standing-data/archive/refs/heads/main.tar.gz"
)

// MaxDownload bounds one downloaded upstream file (≈ 3 and ≈ 6 MB; the FAA register ≈ 60 MB).
const MaxDownload = 256 << 20

// Guard is the refresh's half-or-nothing rule (CONTRACT.md 12.6): a register whose new files
// give no record, or fewer than half of the records the current database holds for it, fails
// the build, naming the register and both counts, unless forced. A dry run records instead.
type Guard struct {
	Force   bool
	Current map[string]int // the current database's records by register (nil: none)
	Record  bool           // a dry run: say, do not fail
	Refused []string       // what a dry run would have failed on
	news    map[string]int
}

// Accept is aircraftdb.Options.Accept: the register's records kept, or why not.
func (g *Guard) Accept(register string, kept int) error {
	if g.news == nil {
		g.news = map[string]int{}
	}
	g.news[register] = kept
	cur, had := g.Current[register]
	var err error
	switch {
	case g.Force:
	case kept == 0 && had:
		err = fmt.Errorf("the %s register's new files give no record, and the current database holds %d (a broken or empty download?); --force accepts them", register, cur)
	case kept == 0:
		err = fmt.Errorf("the %s register's files give no record (a broken or empty file?); --force accepts them", register)
	case had && kept*2 < cur:
		err = fmt.Errorf("the %s register's new files give %d records, fewer than half of the %d the current database holds (a partial download?); --force accepts them", register, kept, cur)
	}
	if err != nil && g.Record {
		g.Refused = append(g.Refused, err.Error())
		return nil
	}
	return err
}

// CurrentCounts are the records the database at path holds by register (nil: none, or no
// database there).
func CurrentCounts(path string) map[string]int {
	m, err := aircraftdb.ReadMeta(path)
	if err != nil || len(m.Registers) == 0 {
		return nil
	}
	out := map[string]int{}
	for _, r := range m.Registers {
		out[r.Name] = r.Kept
	}
	return out
}

// DryRun reads everything a build of opts would, with g recording instead of failing; it
// writes nothing.
func DryRun(opts aircraftdb.Options, g *Guard) (aircraftdb.Meta, error) {
	g.Record = true
	opts.Accept = g.Accept
	return aircraftdb.DryRun(opts)
}

// Register is a register db update downloads, and from where.
type Register struct {
	Register registers.Register
	URL      string
}

// Sources are where db update downloads from.
type Sources struct {
	Mictronics, StandingData string
	Registers                []Register
}

// Updater is one db update: where it downloads from, with what, and its refresh guard.
type Updater struct {
	Target  string // the database file
	Sources Sources
	Timeout time.Duration // one download's
	Client  *http.Client
	Guard   *Guard
}

// Download fetches the upstream files and the registers into a scratch folder beside the
// target and gives the build's options; an error names what failed, its URL and why, in
// words. cleanup removes the folder.
func (u Updater) Download(ctx context.Context) (opts aircraftdb.Options, cleanup func(), err error) {
	cleanup = func() {}
	dir := filepath.Dir(u.Target)
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a data folder others read
		return opts, cleanup, err
	}
	tmp, err := os.MkdirTemp(dir, ".aircraftdb-update-*")
	if err != nil {
		return opts, cleanup, err
	}
	cleanup = func() { _ = os.RemoveAll(tmp) }
	opts = aircraftdb.Options{Mictronics: filepath.Join(tmp, "indexedDB.zip"), StandingData: filepath.Join(tmp, "standing-data.tar.gz"),
		Accept: u.Guard.Accept}
	if err := u.fetch(ctx, u.Sources.Mictronics, opts.Mictronics); err != nil {
		return opts, cleanup, fmt.Errorf("the Mictronics database (%s): %w", fetch.Redacted(u.Sources.Mictronics), err)
	}
	if err := u.fetch(ctx, u.Sources.StandingData, opts.StandingData); err != nil {
		return opts, cleanup, fmt.Errorf("the standing data (%s): %w", fetch.Redacted(u.Sources.StandingData), err)
	}
	for _, r := range u.Sources.Registers {
		to := filepath.Join(tmp, r.Register.Name()+".download") // what it is, its content says
		if err := u.fetch(ctx, r.URL, to); err != nil {
			return opts, cleanup, fmt.Errorf("the %s register (%s): %w", r.Register.Name(), fetch.Redacted(r.URL), err)
		}
		opts.Registers = append(opts.Registers, aircraftdb.RegisterFile{Register: r.Register, Path: to})
	}
	return opts, cleanup, nil
}

// fetch streams one download to the file to, within the timeout, through the one bounded GET
// (local and private addresses refused unless ALLOW_PRIVATE_DOWNLOADS).
func (u Updater) fetch(ctx context.Context, src, to string) error {
	ctx, cancel := context.WithTimeout(ctx, u.Timeout)
	defer cancel()
	err := fetch.Save(ctx, u.Client, src, MaxDownload, "the download", to)
	if errors.Is(err, fetch.ErrLocalAddress) {
		return fmt.Errorf("%w (db update refuses local and private addresses, as the API's imports do)", err)
	}
	return err
}

// Named is a build's error with the URL of the register that failed.
func (u Updater) Named(err error) error {
	var re *aircraftdb.RegisterError
	if !errors.As(err, &re) {
		return err
	}
	for _, r := range u.Sources.Registers {
		if r.Register.Name() == re.Register {
			return fmt.Errorf("the %s register (%s): %w", re.Register, fetch.Redacted(r.URL), re.Err)
		}
	}
	return err
}
