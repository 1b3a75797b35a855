// Package rulescli is the command tracker-rules: it validates rule and area files and replays recorded traffic through
// the rule engine.
//
//	tracker-rules validate --rules FILE --areas FILE     (or --from-store)
//	tracker-rules replay --rules FILE --areas FILE [--mqtt] < traffic.jsonl
//	tracker-rules replay --from-store [--reload 30s] [--mqtt] < traffic.jsonl
//
//	tracker-rules watch --readsb http://host/data/aircraft.json --rules FILE --areas FILE
//	tracker-rules from-readsb < aircraft.json > traffic.jsonl
//
// validate exits 0 when the set is valid and 1 with one line per problem otherwise. replay
// prints one notification per line on stdout (or publishes them with --mqtt) and a summary
// of matches per rule on stderr; a bad traffic line is reported with its number and skipped.
package rulescli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	replaystage "github.com/tracker-adsb/tracker-core-health/stages/replay"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// Main runs the command with the process's arguments and returns its exit code.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	return run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

const usage = `usage:
  tracker-rules validate (--rules FILE --areas FILE | --from-store)
  tracker-rules replay (--rules FILE --areas FILE | --from-store [--reload DURATION]) [--mqtt] [--flight-ttl DURATION] < traffic.jsonl
  tracker-rules replay ... --explain    (after each notification, every condition's observed value)
  tracker-rules replay ... --flight-log FILE    (each replayed flight a row of the flight log FILE)
  tracker-rules flights [--log FILE] [--from DATE|TIME] [--to DATE|TIME] [--q TEXT] [--csv|--json]   (what flew over)
  tracker-rules trace --rule ID [--icao HEX] (--rules FILE --areas FILE | --from-store) < traffic.jsonl
  tracker-rules watch --readsb URL|FILE (--rules FILE --areas FILE | --from-store [--reload DURATION]) [--interval 1s] [--flight-ttl DURATION]
  tracker-rules from-readsb [--rounds N] < aircraft.json > traffic.jsonl
  tracker-rules watchlist import --id ID [--name N] [--source S] [--licence L] FILE_OR_URL
Watchlists (CONTRACT.md 11): --watchlist ID=FILE_OR_URL (repeatable) with --rules; the store's
with --from-store. Delivery (CONTRACT.md 10): NOTIFY_TIMEZONE, DIGEST_TIME (replay --digest).
  tracker-rules db (build|info|lookup|update) ...   (the aircraft database: tracker-rules db)
  tracker-rules --version
Enrichment (CONTRACT.md 9): watch always (--db FILE, else AIRCRAFT_DB, else the shipped
database; none: off); replay and trace with --enrich (the same choice) or --db FILE.
Store and MQTT settings come from STORE_HOST, STORE_PORT, STORE_PASSWORD, MQTT_HOST, MQTT_PORT,
MQTT_USERNAME and MQTT_PASSWORD.`

type options struct {
	rules, areas string
	fromStore    bool
	mqtt         bool
	reload       time.Duration
	flightTTL    time.Duration
	explain      bool          // replay: an explain line after each notification
	rule, icao   string        // trace: the rule, and the aircraft (all when empty)
	readsb       string        // watch: the feed
	interval     time.Duration // watch: how often it is polled
	enrich       bool          // flights enriched from the aircraft database
	db           string        // the database file ("": the default; none: off)
	dbGiven      bool          // db is --db's (else AIRCRAFT_DB's, or none)
	watchlists   watchlistFlags
	digest       bool              // replay: {"digest": …} lines (CONTRACT.md 10.6)
	flightLog    string            // replay: the flight log the replayed flights are written to
	zone         *time.Location    // NOTIFY_TIMEZONE: the default zone of delivery policies
	schedule     delivery.Schedule // DIGEST_TIME in that zone
	env          *config.Rules     // the environment (config.LoadRules)
	optOut       *privacy.List     // PRIVACY_LIST (nil: none), read at start by replay, trace and watch
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	cmd := args[0]
	switch {
	case cmd == "--version" || cmd == "version":
		fmt.Fprintln(stdout, config.Version)
		return 0
	case isHelp(cmd):
		fmt.Fprintln(stdout, usage)
		return 0
	case cmd == "db":
		return dbCommand(ctx, args[1:], stdout, stderr)
	case cmd == "watchlist":
		return watchlistCommand(ctx, args[1:], stdout, stderr)
	case cmd == "flights":
		return flightsCommand(ctx, args[1:], stdout, stderr)
	case cmd == "from-readsb":
		return fromReadsbCommand(args[1:], stdin, stdout, stderr)
	}
	o, code, done := parseOptions(cmd, args[1:], stdout, stderr)
	if done {
		return code
	}
	log := zerolog.New(stderr).Level(o.env.LogLevel).With().Timestamp().Str("service", "tracker-rules").Logger()
	if cmd == "watch" && !o.env.LogLevelSet { // always on: say what happens
		log = log.Level(zerolog.InfoLevel)
	}
	if cmd != "validate" { // PRIVACY_LIST unreadable: a configuration error naming it, exit 2 as everywhere
		var err error
		if o.optOut, err = privacy.Open(o.env.PrivacyList, log.With().Str("stage", "privacy").Logger()); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
	}
	switch cmd {
	case "validate":
		return validate(ctx, o, stdout, stderr)
	case "replay":
		return replay(ctx, o, stdin, stdout, stderr, log)
	case "trace":
		return trace(ctx, o, stdin, stdout, stderr)
	case "watch":
		return watch(ctx, o, stdout, stderr, log)
	}
	fmt.Fprintln(stderr, usage)
	return 2
}

// fromReadsbCommand is tracker-rules from-readsb: a readsb aircraft.json as traffic lines.
func fromReadsbCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("from-readsb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rounds := fs.Int("rounds", 1, "messages per aircraft, one second apart, moving along the track")
	const fromUsage = "usage: tracker-rules from-readsb [--rounds N] < aircraft.json > traffic.jsonl"
	if code, done := parseFlags(fs, args, fromUsage, stdout); done {
		return code
	}
	if *rounds < 1 {
		fmt.Fprintln(stderr, fromUsage)
		return 2
	}
	n, err := fromReadsb(stdin, stdout, *rounds)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stderr, "converted %d aircraft\n", n)
	return 0
}

// parseOptions reads a rules command's flags and environment (config.LoadRules: a bad value
// stops here naming it, exit 2; DIGEST_TIME is read only by the commands that make digests,
// so a bad one never stops validate, trace or a plain replay); done: the command ends with
// code (help, or a problem said on stderr).
func parseOptions(cmd string, args []string, stdout, stderr io.Writer) (options, int, bool) {
	var o options
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	o.flags(fs)
	if code, done := parseFlags(fs, args, usage, stdout); done {
		return o, code, true
	}
	digests := cmd == "watch" || cmd == "replay" && o.digest
	env, err := config.LoadRules(config.Environ(), digests)
	if err == nil {
		err = o.notifySettings(env, digests)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return o, 2, true
	}
	o.env = env
	if o.db != "" || cmd == "watch" {
		o.enrich = true
	}
	if o.dbGiven = o.db != ""; !o.dbGiven {
		o.db = env.AircraftDB
	}
	if problem := o.problem(); problem != "" {
		fmt.Fprintln(stderr, problem)
		return o, 2, true
	}
	if o.enrich {
		shipped.Preload(o.db) // unpacked while the rules are read
	}
	return o, 0, false
}

// flags declares the rules commands' flags.
func (o *options) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.rules, "rules", "", "rules file (a JSON array, as stored under config:rules)")
	fs.StringVar(&o.areas, "areas", "", "areas file (a GeoJSON FeatureCollection, as stored under config:areas)")
	fs.BoolVar(&o.fromStore, "from-store", false, "read rules and areas from the data store")
	fs.BoolVar(&o.mqtt, "mqtt", false, "publish notifications on Tracker/rule/{identifier} instead of printing them")
	fs.DurationVar(&o.reload, "reload", 30*time.Second, "with --from-store: how often to check the version keys")
	fs.DurationVar(&o.flightTTL, "flight-ttl", 0, "gap that starts a new flight (default: config:flight_ttl_seconds or 300s)")
	fs.StringVar(&o.rule, "rule", "", "trace: the rule to trace")
	fs.StringVar(&o.icao, "icao", "", "trace: only this aircraft (icao_hex)")
	fs.BoolVar(&o.explain, "explain", false, "replay: after each notification, a line with every condition's observed value")
	fs.StringVar(&o.readsb, "readsb", "", "watch: readsb/tar1090 aircraft.json, an http(s) URL or a file path")
	fs.DurationVar(&o.interval, "interval", time.Second, "watch: how often the feed is polled")
	fs.BoolVar(&o.enrich, "enrich", false, "replay, trace: enrich flights from the aircraft database (watch always does)")
	fs.StringVar(&o.db, "db", "", "the aircraft database file (implies --enrich; default: AIRCRAFT_DB, else the shipped one; none: off)")
	fs.Var(&o.watchlists, "watchlist", "a watchlist, ID=FILE_OR_URL (CSV or JSON; repeatable; with --rules)")
	fs.StringVar(&o.flightLog, "flight-log", "", "replay: write each replayed flight to this flight log (SQLite; replay's output unchanged)")
	fs.BoolVar(&o.digest, "digest", false, "replay: a {\"digest\": …} line after each DIGEST_TIME crossing and at the end")
}

// problem is what is wrong with the flags together ("": nothing).
func (o *options) problem() string {
	switch {
	case o.fromStore && len(o.watchlists) > 0:
		return "--watchlist goes with --rules: with --from-store the watchlists are the store's (tracker-rules watchlist import)"
	case o.reload <= 0:
		return fmt.Sprintf("--reload must be a positive duration (got %s)", o.reload)
	case o.flightTTL < 0:
		return fmt.Sprintf("--flight-ttl must not be negative (got %s)", o.flightTTL)
	case !o.fromStore && o.rules == "":
		return "--rules FILE (with --areas FILE) or --from-store is required"
	}
	return ""
}

// isHelp reports an argument that asks for the usage.
func isHelp(arg string) bool {
	return arg == "--help" || arg == "-help" || arg == "-h" || arg == "help"
}

// parseFlags parses a command's flags; done reports that the command ends here with code: 0
// after printing the usage and the flags to stdout when asked for help, 2 on a bad flag (the
// flag package has said which on stderr).
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout io.Writer) (code int, done bool) {
	fs.Usage = func() {} // the flag package's own "Usage of …" line: the command prints its own
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprintln(stdout, usage)
		fs.SetOutput(stdout)
		fmt.Fprintln(stdout, "flags:")
		fs.PrintDefaults()
		return 0, true
	case err != nil:
		return 2, true
	}
	return 0, false
}

// notifySettings takes the zone (NOTIFY_TIMEZONE) and, for a command that makes digests,
// DIGEST_TIME (default 08:00; off) from the environment.
func (o *options) notifySettings(env *config.Rules, digests bool) error {
	o.zone = env.Zone
	o.schedule = delivery.Schedule{Off: true}
	if !digests {
		return nil
	}
	s, err := delivery.ParseSchedule(env.DigestTime, o.zone)
	if err != nil {
		return fmt.Errorf("DIGEST_TIME: %w", err)
	}
	o.schedule = s
	return nil
}

// storeClient connects to the data store for what (what needs it, named in an error: "--from-store",
// "watchlist import").
func storeClient(what string) (rueidis.Client, error) {
	cfg, err := config.LoadStore(config.Environ(), false)
	if err != nil {
		return nil, fmt.Errorf("%s needs the data store: %w", what, err)
	}
	c, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{cfg.StoreAddr()}, Password: cfg.StorePassword, DisableCache: true})
	if err != nil {
		return nil, fmt.Errorf("connecting to the store: %w", err)
	}
	return c, nil
}

// validate reports every problem: the areas file, then each invalid rule (one line each).
func validate(ctx context.Context, o options, stdout, stderr io.Writer) int {
	s, err := load(ctx, o)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	areas := rules.Areas{}
	problems := 0
	if len(s.Areas) > 0 {
		if areas, err = rules.LoadAreas(s.Areas); err != nil {
			fmt.Fprintln(stdout, err)
			problems++
			areas = rules.Areas{}
		}
		for _, line := range rules.AreaProblems(s.Areas) {
			fmt.Fprintln(stdout, line)
			problems++
		}
	}
	refs := rules.Refs{Areas: areas, Zone: o.zone}
	if len(s.Watchlists) > 0 {
		lists, err := watchlist.Decode(s.Watchlists)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", watchlist.Key, err)
			problems++
		}
		refs.Watchlists = watchlist.Compile(lists)
	}
	if len(s.Rules) == 0 && o.fromStore {
		s.Rules = []byte("[]")
	}
	warnings, err := ownerWarnings(s.Rules, o)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	set, _ := rules.LoadRulesWith(s.Rules, refs, rules.Lenient)
	// Every problem of every rule, the engine's and the management API's (rules.Problems).
	for _, line := range rules.Problems(s.Rules, refs) {
		fmt.Fprintln(stdout, line)
		problems++
	}
	for _, w := range warnings { // loaded, but never matching: said, not failed
		fmt.Fprintln(stdout, "warning:", w)
	}
	if set != nil {
		for _, p := range set.NotifyProblems { // the engine would load the rule without its policy
			fmt.Fprintln(stdout, p)
			problems++
		}
	}
	if problems > 0 {
		return 1
	}
	fmt.Fprintf(stdout, "valid: %d enabled rules, %d areas", len(set.Rules), len(areas))
	if refs.Watchlists != nil {
		fmt.Fprintf(stdout, ", %d watchlists", len(refs.Watchlists.IDs()))
	}
	fmt.Fprintln(stdout)
	return 0
}

// ownerWarnings are the registrant conditions of the rules that can never match where they
// would run: REGISTRANT_DETAIL=none, or a registrant type the registers of the database they
// would run with (--db, else AIRCRAFT_DB, else the default file or the shipped one) do not use.
// A database --db names that cannot be read is an error naming it (AIRCRAFT_DB's may not be
// made yet: watch waits for it).
func ownerWarnings(rulesJSON []byte, o options) ([]string, error) {
	var items []json.RawMessage
	if json.Unmarshal(rulesJSON, &items) != nil {
		return nil, nil
	}
	owner := rules.Owner{None: o.env.RegistrantDetail == model.DetailNone}
	if path := o.db; !strings.EqualFold(path, shipped.Off) {
		if path == "" {
			path = shipped.DefaultPath() // else the shipped database: no register
		}
		m, err := aircraftdb.VerifiedMeta(path) // its checksum checked, as every other reader checks it
		switch {
		case err != nil && o.dbGiven:
			return nil, fmt.Errorf("--db %s: %w", path, err)
		case err == nil:
			owner.Types = m.RegistrantTypes
		}
	}
	var out []string
	for _, it := range items {
		out = append(out, rules.RegistrantWarnings(it, owner)...)
	}
	return out, nil
}

func replay(ctx context.Context, o options, stdin io.Reader, stdout, stderr io.Writer, log zerolog.Logger) int {
	engine, err := openEngine(ctx, o, log)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	for _, why := range engine.skipped {
		fmt.Fprintln(stderr, why)
	}
	lctx, cancel := context.WithCancel(ctx)
	keeping := pipeline.NewGroup(lctx) // from the store: new sets and trigger counts as it runs
	keeping.Go("rules", func(ctx context.Context) error { engine.KeepCurrent(ctx, 0); return nil })
	stopKeeping := sync.OnceFunc(func() { cancel(); _ = keeping.Wait() })
	defer stopKeeping()
	notifier := &mqtt.Notifier{}
	if o.mqtt {
		if !o.env.MQTT.MQTTEnabled() {
			fmt.Fprintln(stderr, "--mqtt: MQTT_HOST: required variable is not set")
			return 2
		}
		var err error
		if notifier, err = mqtt.NewNotifier(ctx, o.env.MQTT, 10*time.Second, log); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer notifier.Close(context.WithoutCancel(ctx))
	}

	opts := replaystage.Options{Engine: engine.Engine, Explain: o.explain, Live: o.fromStore, Log: log}
	if o.digest {
		opts.Digest = &o.schedule
	}
	if engine.FromStore() {
		opts.Counter = engine.Counter
	}
	if o.mqtt {
		opts.Publish = notifier.Publish
	}
	logged, err := replayFlightLog(ctx, o, engine.Engine, log)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	res, err := replaystage.Run(ctx, stdin, stdout, stderr, opts)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := logged(ctx, stderr); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	stopKeeping() // the reloads end before the counts are flushed
	if err := engine.Close(ctx); err != nil {
		fmt.Fprintln(stderr, err)
	}
	printSummary(stderr, res)
	// A line over the limit, or any read error, ends the replay: say so and fail, after
	// writing what was processed.
	if res.ReadErr != nil {
		fmt.Fprintf(stderr, "reading traffic after line %d: %v\n", res.Lines, res.ReadErr)
		return 1
	}
	return 0
}

// trace answers "why did my rule not fire?": every message of the aircraft with each
// condition's observed value and verdict, and what became of the rule.
func trace(ctx context.Context, o options, stdin io.Reader, stdout, stderr io.Writer) int {
	if o.rule == "" {
		fmt.Fprintln(stderr, "trace needs --rule ID")
		return 2
	}
	engine, err := openEngine(ctx, o, zerolog.Nop())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer func() { _ = engine.Close(ctx) }()
	res, err := replaystage.Trace(stdin, stdout, stderr, engine.Engine, o.rule, o.icao)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	fmt.Fprintf(stderr, "traced %d lines (%d bad): rule %s fired %d times\n", res.Lines, res.Bad, o.rule, res.Rules[o.rule].Matched)
	return 0
}

func printSummary(w io.Writer, res replaystage.Result) {
	ids := make([]string, 0, len(res.Rules))
	for id := range res.Rules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	fmt.Fprintf(w, "replayed %d lines (%d bad)\n", res.Lines, res.Bad)
	for _, id := range ids {
		s := res.Rules[id]
		fmt.Fprintf(w, "rule %s: %d matches, %d sent, %d held, %d suppressed (older than 30 s)", id, s.Matched, s.Sent, s.Held, s.Suppressed)
		if s.BadTopic > 0 {
			fmt.Fprintf(w, ", %d never published (the identifier is not a valid MQTT topic level)", s.BadTopic)
		}
		fmt.Fprintln(w)
	}
}
