package rulescli

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/registers"
)

const dbUsage = `usage:
  tracker-rules db build --mictronics ZIP_OR_DIR --standing-data TARGZ_OR_DIR [--faa ZIP_OR_DIR] [--tc ZIP_OR_DIR] [--casa CSV] -o FILE[.gz|.zst]
  tracker-rules db info [--db FILE]
  tracker-rules db lookup [--db FILE] KEY...     (a 6-hex-digit address, or a callsign)
  tracker-rules db update [--db FILE] [--mictronics-url URL] [--standing-data-url URL]
                          [--registers faa,tc,casa | --no-registers] [--faa-url URL] [--tc-url URL] [--casa-url URL] [--timeout 5m]
The registers (faa: the US FAA, tc: Transport Canada, casa: Australia's CASA) add who each
aircraft is registered to; REGISTRANT_DETAIL (standard, full, none) decides what is shown.
Without --db: AIRCRAFT_DB, else ` + "`$XDG_DATA_HOME/tracker-core-health/aircraft.db`" + ` when present, else the
shipped database.`

// Where db update downloads from (CONTRACT.md 9.4: configurable).
const (
	DefaultMictronicsURL   = "https://github.com/Mictronics/aircraft-database/raw/master/indexedDB.zip"
	DefaultStandingDataURL = "https://github.com/vradarserver/standing-data/archive/refs/heads/main.tar.gz"
)

// buildMemoryLimit is db build's and db update's soft memory limit (GOMEMLIMIT overrides it).
const buildMemoryLimit = 128 << 20

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
	fs := flag.NewFlagSet("db "+args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	f := dbFlags{
		db:         fs.String("db", env.AircraftDB, "the database file"),
		mictronics: fs.String("mictronics", "", "build: Mictronics indexedDB.zip or its folder"),
		standing:   fs.String("standing-data", "", "build: the standing data .tar.gz or its folder"),
		out:        fs.String("o", "", "build: the file to write (.gz: compressed)"),
		micURL:     fs.String("mictronics-url", cmp.Or(env.MictronicsURL, DefaultMictronicsURL), "update: Mictronics indexedDB.zip"),
		sdURL:      fs.String("standing-data-url", cmp.Or(env.StandingDataURL, DefaultStandingDataURL), "update: the standing data archive"),
		timeout:    fs.Duration("timeout", 5*time.Minute, "update: the longest a download may take"),
		wanted:     fs.String("registers", registerNames(), "update: the registers to download, comma-separated"),
		noRegs:     fs.Bool("no-registers", false, "update: download no register"),
		detail:     env.RegistrantDetail,
		regPath:    map[string]*string{},
		regURL:     map[string]*string{},
	}
	for _, r := range registers.All { // one flag pair per register: a new register needs no line here
		f.regPath[r.Name()] = fs.String(r.Name(), "", "build: the "+r.Name()+" register's file set")
		f.regURL[r.Name()] = fs.String(r.Name()+"-url", r.URL(), "update: where the "+r.Name()+" register is downloaded from")
	}
	if code, done := parseFlags(fs, args[1:], dbUsage, stdout); done {
		return code
	}
	if os.Getenv("GOMEMLIMIT") == "" && (args[0] == "build" || args[0] == "update") {
		// A soft limit: the collector works harder near it, so that a build's peak stays near
		// what it holds (a 300,000-row register adds ≈ 60 MB, not 300; docs/decisions.md).
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

// dbFlags are tracker-rules db's flags.
type dbFlags struct {
	db, mictronics, standing, out, micURL, sdURL *string
	timeout                                      *time.Duration
	wanted                                       *string
	noRegs                                       *bool
	detail                                       model.RegistrantDetail
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
	if *f.mictronics == "" || *f.standing == "" || *f.out == "" {
		fmt.Fprintln(stderr, "db build needs --mictronics, --standing-data and -o")
		return 2
	}
	opts := aircraftdb.Options{Mictronics: *f.mictronics, StandingData: *f.standing}
	for _, r := range registers.All {
		if p := *f.regPath[r.Name()]; p != "" {
			opts.Registers = append(opts.Registers, aircraftdb.RegisterFile{Register: r, Path: p})
		}
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
	db, _, err := openForCLI(*f.db)
	if err != nil {
		fmt.Fprintln(stderr, "db lookup:", err)
		return 1
	}
	for _, key := range keys {
		b, _ := json.Marshal(lookup(db, key, f.detail))
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
	meta, err := update(ctx, target, updateSources{mic: *f.micURL, sd: *f.sdURL, registers: regs}, *f.timeout)
	if err != nil {
		fmt.Fprintf(stderr, "db update: %v; %s left as it was\n", err, target)
		return 1
	}
	fmt.Fprintf(stdout, "updated %s\n", target)
	printMeta(stdout, meta)
	return 0
}

// updateRegisters are the registers db update downloads, with their URLs.
func (f dbFlags) updateRegisters() ([]registerURL, error) {
	if *f.noRegs {
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
	return out, nil
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
func lookup(db *aircraftdb.DB, key string, detail model.RegistrantDetail) any {
	key = strings.ToUpper(strings.TrimSpace(key))
	var ac any
	if addr, ok := model.ParseAddress(key); ok {
		if a, found := enrich.LookupAircraft(db, key, addr, detail); found {
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

// update downloads the upstream files and the registers beside target, builds, and swaps target
// atomically; any failure (a download, a register in another layout) leaves target as it was
// and names what failed.
func update(ctx context.Context, target string, src updateSources, timeout time.Duration) (aircraftdb.Meta, error) {
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // a data folder others read
		return aircraftdb.Meta{}, err
	}
	tmp, err := os.MkdirTemp(dir, ".aircraftdb-update-*")
	if err != nil {
		return aircraftdb.Meta{}, err
	}
	defer os.RemoveAll(tmp) //nolint:errcheck // a scratch folder
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	opts := aircraftdb.Options{Mictronics: filepath.Join(tmp, "indexedDB.zip"), StandingData: filepath.Join(tmp, "standing-data.tar.gz")}
	if err := download(ctx, src.mic, opts.Mictronics); err != nil {
		return aircraftdb.Meta{}, fmt.Errorf("downloading the Mictronics database: %w", err)
	}
	if err := download(ctx, src.sd, opts.StandingData); err != nil {
		return aircraftdb.Meta{}, fmt.Errorf("downloading the standing data: %w", err)
	}
	for _, r := range src.registers {
		to := filepath.Join(tmp, r.register.Name()+"-"+downloadName(r.url))
		if err := download(ctx, r.url, to); err != nil {
			return aircraftdb.Meta{}, fmt.Errorf("downloading the %s register: %w", r.register.Name(), err)
		}
		opts.Registers = append(opts.Registers, aircraftdb.RegisterFile{Register: r.register, Path: to})
	}
	return aircraftdb.BuildFile(opts, target)
}

// downloadName is the file name a download is kept under: the URL's last element (its
// extension says a zip from a CSV), "download" when it has none usable.
func downloadName(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "download"
	}
	name := path.Base(u.Path)
	if name == "." || name == "/" || strings.ContainsAny(name, `\`) {
		return "download"
	}
	return name
}

// download streams the body of url to the file to (at most maxDownload bytes): the command
// line fetches what its user asks, local addresses included.
func download(ctx context.Context, src, to string) error {
	return fetch.Save(ctx, fetch.NewClient(0, true), src, maxDownload, "the download", to)
}

// dbLog is the logger of the database handle of replay, trace and watch.
func dbLog(log zerolog.Logger) zerolog.Logger { return log.With().Str("stage", "aircraftdb").Logger() }
