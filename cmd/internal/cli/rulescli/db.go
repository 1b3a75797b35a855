package rulescli

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/update"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

const dbUsage = `usage:
  tracker-rules db build --mictronics ZIP_OR_DIR --standing-data TARGZ_OR_DIR [--faa ZIP_OR_DIR] [--tc ZIP_OR_DIR] [--casa CSV]
                         [--force] [--dry-run] -o FILE[.gz|.zst]
  tracker-rules db info [--db FILE]
  tracker-rules db lookup [--db FILE] KEY...     (a 6-hex-digit address, or a callsign)
  tracker-rules db update [--db FILE] [--mictronics-url URL] [--standing-data-url URL]
                          [--registers faa,tc,casa | --no-registers] [--faa-url URL] [--tc-url URL] [--casa-url URL]
                          [--force] [--dry-run] [--timeout 5m]
The registers (faa: the US FAA, tc: Transport Canada, casa: Australia's CASA) add who each
aircraft is registered to; REGISTRANT_DETAIL (standard, full, none) decides what is shown, and
PRIVACY_LIST names aircraft whose owners asked for none. db update downloads the registers
--registers names (default: all); every other register the database holds is kept as it is
(--no-registers: all of them), with its date and counts. A register whose new files give no
record, or fewer than half of the records the current database holds for it, fails the update
unless --force; --dry-run prints each register's current and new counts and writes nothing.
Downloads refuse local and private addresses unless ALLOW_PRIVATE_DOWNLOADS=true.
Without --db: AIRCRAFT_DB, else ` + "`$XDG_DATA_HOME/tracker-core-health/aircraft.db`" + ` when present, else the
shipped database.`

// buildMemoryLimit is db build's and db update's soft memory limit (GOMEMLIMIT overrides it).
const buildMemoryLimit = 100 << 20

func dbCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintln(stdout, dbUsage)
		return 0
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, dbUsage)
		return 2
	}
	env, err := config.LoadDB(config.Environ())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	f, fs := newDBFlags(args[0], env)
	fs.SetOutput(stderr)
	if code, done := parseFlags(fs, args[1:], dbUsage, stdout); done {
		return code
	}
	fs.Visit(func(fl *flag.Flag) { f.regsGiven = f.regsGiven || fl.Name == "registers" })
	if os.Getenv("GOMEMLIMIT") == "" && (args[0] == "build" || args[0] == "update") {
		// A soft limit: the collector works harder near it, so that a build's peak stays near
		// what it holds (docs/decisions.md).
		debug.SetMemoryLimit(buildMemoryLimit)
	}
	switch args[0] {
	case "build":
		return f.build(stdout, stderr)
	case "info":
		return f.info(stdout, stderr)
	case "lookup":
		return f.lookup(fs.Args(), stdout, stderr)
	case "update":
		return f.update(ctx, stdout, stderr)
	}
	fmt.Fprintln(stderr, dbUsage)
	return 2
}

// newDBFlags declares db's flags: one path flag and one URL flag per register, made from the
// list, so a new register needs no line here.
func newDBFlags(sub string, env *config.DB) (dbFlags, *flag.FlagSet) {
	fs := flag.NewFlagSet("db "+sub, flag.ContinueOnError)
	f := dbFlags{
		db:         fs.String("db", env.AircraftDB, "the database file"),
		mictronics: fs.String("mictronics", "", "build: Mictronics indexedDB.zip or its folder"),
		standing:   fs.String("standing-data", "", "build: the standing data .tar.gz or its folder"),
		out:        fs.String("o", "", "build: the file to write (.gz, .zst: compressed)"),
		micURL:     fs.String("mictronics-url", cmp.Or(env.MictronicsURL, update.DefaultMictronicsURL), "update: Mictronics indexedDB.zip"),
		sdURL:      fs.String("standing-data-url", cmp.Or(env.StandingDataURL, update.DefaultStandingDataURL), "update: the standing data archive"),
		timeout:    fs.Duration("timeout", 5*time.Minute, "update: the longest one download may take"),
		wanted:     fs.String("registers", registerNames(), "update: the registers to download, comma-separated"),
		noRegs:     fs.Bool("no-registers", false, "update: download no register"),
		force:      fs.Bool("force", false, "build, update: accept a register that gives no record, or fewer than half the current database's"),
		dryRun:     fs.Bool("dry-run", false, "build, update: print each register's current and new counts; write nothing"),
		env:        env,
		regPath:    map[string]*string{},
		regURL:     map[string]*string{},
	}
	for _, r := range registers.All {
		f.regPath[r.Name()] = fs.String(r.Name(), "", "build: the "+r.Name()+" register's file set")
		f.regURL[r.Name()] = fs.String(r.Name()+"-url", r.URL(), "update: where the "+r.Name()+" register is downloaded from")
	}
	return f, fs
}

// dbFlags are tracker-rules db's flags.
type dbFlags struct {
	db, mictronics, standing, out, micURL, sdURL *string
	timeout                                      *time.Duration
	wanted                                       *string
	noRegs, force, dryRun                        *bool
	regsGiven                                    bool // --registers was given
	env                                          *config.DB
	regPath, regURL                              map[string]*string // by register name
}

// registerNames are every register's name, comma-separated (db update's default).
func registerNames() string {
	names := make([]string, len(registers.All))
	for i, r := range registers.All {
		names[i] = r.Name()
	}
	return strings.Join(names, ",")
}

func (f dbFlags) build(stdout, stderr io.Writer) int {
	if *f.mictronics == "" || *f.standing == "" || (*f.out == "" && !*f.dryRun) {
		fmt.Fprintln(stderr, "db build needs --mictronics, --standing-data and -o")
		return 2
	}
	opts := aircraftdb.Options{Mictronics: *f.mictronics, StandingData: *f.standing}
	for _, r := range registers.All {
		if p := *f.regPath[r.Name()]; p != "" {
			opts.Registers = append(opts.Registers, aircraftdb.RegisterFile{Register: r, Path: p})
		}
	}
	g := &update.Guard{Force: *f.force}
	opts.Accept = g.Accept
	if *f.dryRun {
		return dryRun(opts, g, stdout, stderr)
	}
	meta, err := aircraftdb.BuildFile(opts, *f.out)
	if err != nil {
		fmt.Fprintln(stderr, "db build:", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\n", *f.out)
	printMeta(stdout, meta)
	return 0
}

func (f dbFlags) info(stdout, stderr io.Writer) int {
	db, where, err := shipped.OpenFile(*f.db)
	if err != nil {
		fmt.Fprintln(stderr, "db info:", err)
		return 1
	}
	fmt.Fprintf(stdout, "database: %s (%d bytes, format %d)\n", where, db.Size(), db.Meta().Format)
	printMeta(stdout, db.Meta())
	// The licences ask for it wherever the data is used (aircraftdb/shipped/NOTICE).
	fmt.Fprintf(stdout, "attribution: %s. %s\n", shipped.Attribution, aircraftdb.Attribution)
	if len(db.Meta().Registers) == 0 {
		fmt.Fprintln(stdout, "registrants: none (tracker-rules db update adds them; docs/registers.md)")
	}
	return 0
}

func (f dbFlags) lookup(keys []string, stdout, stderr io.Writer) int {
	if len(keys) == 0 {
		fmt.Fprintln(stderr, "db lookup needs at least one KEY (an ICAO address or a callsign)")
		return 2
	}
	optOut, err := privacy.Open(f.env.PrivacyList, privacyLog(stderr))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	db, _, err := shipped.OpenFile(*f.db)
	if err != nil {
		fmt.Fprintln(stderr, "db lookup:", err)
		return 1
	}
	var o enrich.OptOut
	if optOut != nil {
		o = optOut
	}
	for _, key := range keys {
		b, _ := json.Marshal(enrich.Lookup(db, key, f.env.RegistrantDetail, o))
		fmt.Fprintln(stdout, string(b))
	}
	return 0
}

func (f dbFlags) update(ctx context.Context, stdout, stderr io.Writer) int {
	target := *f.db
	if target == "" {
		target = shipped.DefaultPath()
	}
	regs, err := f.updateRegisters()
	if err != nil {
		fmt.Fprintln(stderr, "db update:", err)
		return 2
	}
	u := update.Updater{Target: target, Sources: update.Sources{Mictronics: *f.micURL, StandingData: *f.sdURL, Registers: regs}, Timeout: *f.timeout,
		Client: fetch.NewClient(0, f.env.AllowPrivateDownloads), Guard: &update.Guard{Force: *f.force, Current: update.CurrentCounts(target)}}
	opts, cleanup, err := u.Download(ctx)
	defer cleanup()
	if err != nil {
		fmt.Fprintf(stderr, "db update: %v; %s left as it was\n", err, target)
		return 1
	}
	opts.Current = target // the registers not downloaded are kept from it, as they are
	if *f.dryRun {
		return dryRun(opts, u.Guard, stdout, stderr)
	}
	meta, err := aircraftdb.BuildFile(opts, target)
	if err != nil {
		fmt.Fprintf(stderr, "db update: %v; %s left as it was\n", u.Named(err), target)
		return 1
	}
	fmt.Fprintf(stdout, "updated %s\n", target)
	printMeta(stdout, meta)
	return 0
}

// updateRegisters are the registers db update downloads, with their URLs.
func (f dbFlags) updateRegisters() ([]update.Register, error) {
	switch {
	case *f.noRegs && f.regsGiven:
		return nil, fmt.Errorf("--registers %q and --no-registers contradict each other: give one (--no-registers keeps every register as the database holds it)", *f.wanted)
	case *f.noRegs:
		return nil, nil
	}
	var out []update.Register
	for name := range strings.SplitSeq(*f.wanted, ",") {
		if name = strings.ToLower(strings.TrimSpace(name)); name == "" {
			continue
		}
		r := registers.ByName(name)
		if r == nil {
			return nil, fmt.Errorf("--registers: no register %q (there are %s)", name, registerNames())
		}
		out = append(out, update.Register{Register: r, URL: *f.regURL[name]})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--registers names no register (there are %s; --no-registers downloads none)", registerNames())
	}
	return out, nil
}

// dryRun reads everything a build would and prints, per register, the current count and the
// new one; it writes nothing. It exits 1 when the build would fail.
func dryRun(opts aircraftdb.Options, g *update.Guard, stdout, stderr io.Writer) int {
	meta, err := update.DryRun(opts, g)
	if err != nil {
		fmt.Fprintln(stderr, "db --dry-run:", err)
		return 1
	}
	for _, r := range meta.Registers {
		cur := "none"
		if n, ok := g.Current[r.Name]; ok {
			cur = strconv.Itoa(n)
		}
		if r.Carried {
			fmt.Fprintf(stdout, "register %s: current %s, kept as it is (not downloaded: %d records)\n", r.Name, cur, r.Kept)
			continue
		}
		fmt.Fprintf(stdout, "register %s: current %s, new %d (%d rows read)\n", r.Name, cur, r.Kept, r.Read)
	}
	fmt.Fprintln(stdout, "dry run: nothing written")
	for _, why := range g.Refused {
		fmt.Fprintln(stderr, "db --dry-run: would fail:", why)
	}
	if len(g.Refused) > 0 {
		return 1
	}
	return 0
}

func printMeta(w io.Writer, m aircraftdb.Meta) {
	for _, s := range m.Sources {
		fmt.Fprintf(w, "source: %s", s.Name)
		if s.Version != "" {
			fmt.Fprintf(w, ", version %s", s.Version)
		}
		if s.Date != "" {
			fmt.Fprintf(w, ", data of %s", s.Date)
		} else {
			fmt.Fprint(w, ", its data's date not recorded in the files")
		}
		fmt.Fprintf(w, ", licence %s\n", s.Licence)
	}
	for _, k := range sortedNames(m.Counts) {
		fmt.Fprintf(w, "%s: %d\n", k, m.Counts[k])
	}
	for _, k := range sortedNames(m.Skipped) {
		fmt.Fprintf(w, "skipped (%s): %d\n", k, m.Skipped[k])
	}
	for _, r := range m.Registers {
		date := "its data's date not recorded in the files"
		if r.Date != "" {
			date = "data of " + r.Date
		}
		fmt.Fprintf(w, "register %s: %s, %d rows read, %d kept", r.Name, date, r.Read, r.Kept)
		for _, k := range sortedNames(r.Skipped) {
			fmt.Fprintf(w, ", skipped (%s): %d", k, r.Skipped[k])
		}
		if r.Carried {
			fmt.Fprint(w, "; not downloaded: kept from the database as it was")
		}
		fmt.Fprintf(w, "\nregister %s notice: %s\n", r.Name, r.Notice)
	}
}

func sortedNames(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
