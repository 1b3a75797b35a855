package rulescli

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
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

// Where db update downloads from (CONTRACT.md 9.4: configurable).
const (
	DefaultMictronicsURL   = "https://github.com/Mictronics/aircraft-database/raw/master/indexedDB.zip"
	DefaultStandingDataURL = "https://github.com/vradarserver/standing-data/archive/refs/heads/main.tar.gz"
)

// buildMemoryLimit is db build's and db update's soft memory limit (GOMEMLIMIT overrides it).
const buildMemoryLimit = 100 << 20

// maxDownload bounds one downloaded upstream file (≈ 3 and ≈ 6 MB; the FAA register ≈ 60 MB).
const maxDownload = 256 << 20

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
		micURL:     fs.String("mictronics-url", cmp.Or(env.MictronicsURL, DefaultMictronicsURL), "update: Mictronics indexedDB.zip"),
		sdURL:      fs.String("standing-data-url", cmp.Or(env.StandingDataURL, DefaultStandingDataURL), "update: the standing data archive"),
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
	g := &guard{force: *f.force}
	opts.Accept = g.accept
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
	db, where, err := openForCLI(*f.db)
	if err != nil {
		fmt.Fprintln(stderr, "db info:", err)
		return 1
	}
	fmt.Fprintf(stdout, "database: %s (%d bytes, format %d)\n", where, db.Size(), db.Meta().Format)
	printMeta(stdout, db.Meta())
	// The licences ask for it wherever the data is used (aircraftdb/shipped/NOTICE).
	fmt.Fprintf(stdout, "attribution: %s. %s\n", shipped.Attribution, aircraftdb.Attribution)
	if len(db.Meta().Registers) == 0 {
		fmt.Fprintln(stdout, "registrants: none (tracker-rules db update adds them; README, \"Who owns it\")")
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
	db, _, err := openForCLI(*f.db)
	if err != nil {
		fmt.Fprintln(stderr, "db lookup:", err)
		return 1
	}
	for _, key := range keys {
		b, _ := json.Marshal(lookup(db, key, f.env.RegistrantDetail, optOut))
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
	u := updater{target: target, src: updateSources{mic: *f.micURL, sd: *f.sdURL, registers: regs}, timeout: *f.timeout,
		client: fetch.NewClient(0, f.env.AllowPrivateDownloads), guard: &guard{force: *f.force, current: currentCounts(target)}}
	opts, cleanup, err := u.download(ctx)
	defer cleanup()
	if err != nil {
		fmt.Fprintf(stderr, "db update: %v; %s left as it was\n", err, target)
		return 1
	}
	opts.Current = target // the registers not downloaded are kept from it, as they are
	if *f.dryRun {
		return dryRun(opts, u.guard, stdout, stderr)
	}
	meta, err := aircraftdb.BuildFile(opts, target)
	if err != nil {
		fmt.Fprintf(stderr, "db update: %v; %s left as it was\n", u.named(err), target)
		return 1
	}
	fmt.Fprintf(stdout, "updated %s\n", target)
	printMeta(stdout, meta)
	return 0
}

// updateRegisters are the registers db update downloads, with their URLs.
func (f dbFlags) updateRegisters() ([]registerURL, error) {
	switch {
	case *f.noRegs && f.regsGiven:
		return nil, fmt.Errorf("--registers %q and --no-registers contradict each other: give one (--no-registers keeps every register as the database holds it)", *f.wanted)
	case *f.noRegs:
		return nil, nil
	}
	var out []registerURL
	for name := range strings.SplitSeq(*f.wanted, ",") {
		if name = strings.ToLower(strings.TrimSpace(name)); name == "" {
			continue
		}
		r := registers.ByName(name)
		if r == nil {
			return nil, fmt.Errorf("--registers: no register %q (there are %s)", name, registerNames())
		}
		out = append(out, registerURL{register: r, url: *f.regURL[name]})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--registers names no register (there are %s; --no-registers downloads none)", registerNames())
	}
	return out, nil
}

// guard is the refresh's half-or-nothing rule (CONTRACT.md 12.6): a register whose new files
// give no record, or fewer than half of the records the current database holds for it, fails
// the build, naming the register and both counts, unless forced. A dry run records instead.
type guard struct {
	force   bool
	current map[string]int // the current database's records by register (nil: none)
	record  bool           // a dry run: say, do not fail
	refused []string
	news    map[string]int
}

func (g *guard) accept(register string, kept int) error {
	if g.news == nil {
		g.news = map[string]int{}
	}
	g.news[register] = kept
	cur, had := g.current[register]
	var err error
	switch {
	case g.force:
	case kept == 0 && had:
		err = fmt.Errorf("the %s register's new files give no record, and the current database holds %d (a broken or empty download?); --force accepts them", register, cur)
	case kept == 0:
		err = fmt.Errorf("the %s register's files give no record (a broken or empty file?); --force accepts them", register)
	case had && kept*2 < cur:
		err = fmt.Errorf("the %s register's new files give %d records, fewer than half of the %d the current database holds (a partial download?); --force accepts them", register, kept, cur)
	}
	if err != nil && g.record {
		g.refused = append(g.refused, err.Error())
		return nil
	}
	return err
}

// currentCounts are the records the database at path holds by register (nil: none, or no
// database there).
func currentCounts(path string) map[string]int {
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

// dryRun reads everything a build would and prints, per register, the current count and the
// new one; it writes nothing. It exits 1 when the build would fail.
func dryRun(opts aircraftdb.Options, g *guard, stdout, stderr io.Writer) int {
	g.record = true
	meta, err := aircraftdb.DryRun(opts)
	if err != nil {
		fmt.Fprintln(stderr, "db --dry-run:", err)
		return 1
	}
	for _, r := range meta.Registers {
		cur := "none"
		if n, ok := g.current[r.Name]; ok {
			cur = strconv.Itoa(n)
		}
		if r.Carried {
			fmt.Fprintf(stdout, "register %s: current %s, kept as it is (not downloaded: %d records)\n", r.Name, cur, r.Kept)
			continue
		}
		fmt.Fprintf(stdout, "register %s: current %s, new %d (%d rows read)\n", r.Name, cur, r.Kept, r.Read)
	}
	fmt.Fprintln(stdout, "dry run: nothing written")
	for _, why := range g.refused {
		fmt.Fprintln(stderr, "db --dry-run: would fail:", why)
	}
	if len(g.refused) > 0 {
		return 1
	}
	return 0
}

// openForCLI opens the named file, else the default file when present, else the shipped one.
func openForCLI(file string) (*aircraftdb.DB, string, error) {
	if strings.EqualFold(file, shipped.Off) {
		return nil, "", fmt.Errorf("AIRCRAFT_DB=none: enrichment is off")
	}
	if file == "" {
		if _, err := os.Stat(shipped.DefaultPath()); err == nil {
			file = shipped.DefaultPath()
		} else {
			db, err := shipped.Load()
			return db, "shipped (" + shipped.Where() + ")", err
		}
	}
	db, err := aircraftdb.Open(file)
	return db, file, err
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

// lookup is one answer of db lookup: an address gives the aircraft object, a callsign the
// operator and the route's airports; a key that is both (ACA123: six hex digits, and Air
// Canada 123) and known as both is answered as both, labelled {"aircraft", "callsign"};
// unknown: {}.
func lookup(db *aircraftdb.DB, key string, detail model.RegistrantDetail, optOut *privacy.List) any {
	key = strings.ToUpper(strings.TrimSpace(key))
	var ac any
	if addr, ok := model.ParseAddress(key); ok {
		var o enrich.OptOut
		if optOut != nil {
			o = optOut
		}
		if a, found := enrich.LookupAircraft(db, key, addr, detail, o); found {
			ac = a
		}
	}
	c, isCallsign := enrich.LookupCallsign(db, key)
	switch {
	case ac != nil && isCallsign:
		return struct {
			Aircraft any                   `json:"aircraft"`
			Callsign enrich.CallsignAnswer `json:"callsign"`
		}{ac, c}
	case ac != nil:
		return ac
	}
	return c
}

// registerURL is a register db update downloads, and from where.
type registerURL struct {
	register registers.Register
	url      string
}

// updateSources are where db update downloads from.
type updateSources struct {
	mic, sd   string
	registers []registerURL
}

// updater is one db update: where it downloads from, with what, and its refresh guard.
type updater struct {
	target  string
	src     updateSources
	timeout time.Duration // one download's
	client  *http.Client
	guard   *guard
}

// download fetches the upstream files and the registers into a scratch folder beside the
// target; an error names what failed, its URL and why, in words. cleanup removes the folder.
func (u updater) download(ctx context.Context) (aircraftdb.Options, func(), error) {
	none := func() {}
	dir := filepath.Dir(u.target)
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a data folder others read
		return aircraftdb.Options{}, none, err
	}
	tmp, err := os.MkdirTemp(dir, ".aircraftdb-update-*")
	if err != nil {
		return aircraftdb.Options{}, none, err
	}
	cleanup := func() { _ = os.RemoveAll(tmp) }
	opts := aircraftdb.Options{Mictronics: filepath.Join(tmp, "indexedDB.zip"), StandingData: filepath.Join(tmp, "standing-data.tar.gz"),
		Accept: u.guard.accept}
	if err := u.fetch(ctx, u.src.mic, opts.Mictronics); err != nil {
		return opts, cleanup, fmt.Errorf("the Mictronics database (%s): %w", fetch.Redacted(u.src.mic), err)
	}
	if err := u.fetch(ctx, u.src.sd, opts.StandingData); err != nil {
		return opts, cleanup, fmt.Errorf("the standing data (%s): %w", fetch.Redacted(u.src.sd), err)
	}
	for _, r := range u.src.registers {
		to := filepath.Join(tmp, r.register.Name()+".download") // what it is, its content says
		if err := u.fetch(ctx, r.url, to); err != nil {
			return opts, cleanup, fmt.Errorf("the %s register (%s): %w", r.register.Name(), fetch.Redacted(r.url), err)
		}
		opts.Registers = append(opts.Registers, aircraftdb.RegisterFile{Register: r.register, Path: to})
	}
	return opts, cleanup, nil
}

// fetch streams one download to the file to, within the timeout, through the one bounded GET
// (local and private addresses refused unless ALLOW_PRIVATE_DOWNLOADS).
func (u updater) fetch(ctx context.Context, src, to string) error {
	ctx, cancel := context.WithTimeout(ctx, u.timeout)
	defer cancel()
	err := fetch.Save(ctx, u.client, src, maxDownload, "the download", to)
	if errors.Is(err, fetch.ErrLocalAddress) {
		return fmt.Errorf("%w (db update refuses local and private addresses, as the API's imports do)", err)
	}
	return err
}

// named is a build's error with the URL of the register that failed.
func (u updater) named(err error) error {
	var re *aircraftdb.RegisterError
	if !errors.As(err, &re) {
		return err
	}
	for _, r := range u.src.registers {
		if r.register.Name() == re.Register {
			return fmt.Errorf("the %s register (%s): %w", re.Register, fetch.Redacted(r.url), re.Err)
		}
	}
	return err
}

// dbLog is the logger of the database handle of replay, trace and watch.
func dbLog(log zerolog.Logger) zerolog.Logger { return log.With().Str("stage", "aircraftdb").Logger() }
