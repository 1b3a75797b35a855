// Command tracker-rules validates rule and area files and replays recorded traffic through
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
package main

import (
	"bufio"
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
	"syscall"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/sinks"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  tracker-rules validate (--rules FILE --areas FILE | --from-store)
  tracker-rules replay (--rules FILE --areas FILE | --from-store [--reload DURATION]) [--mqtt] [--flight-ttl DURATION] < traffic.jsonl
  tracker-rules watch --readsb URL|FILE (--rules FILE --areas FILE | --from-store [--reload DURATION]) [--interval 1s] [--flight-ttl DURATION]
  tracker-rules from-readsb < aircraft.json > traffic.jsonl
  tracker-rules --version
Store and MQTT settings come from STORE_HOST, STORE_PORT, STORE_PASSWORD, MQTT_HOST, MQTT_PORT,
MQTT_USERNAME and MQTT_PASSWORD.`

type options struct {
	rules, areas string
	fromStore    bool
	mqtt         bool
	reload       time.Duration
	flightTTL    time.Duration
	readsb       string        // watch: the feed
	interval     time.Duration // watch: how often it is polled
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	if args[0] == "--version" || args[0] == "version" {
		fmt.Fprintln(stdout, config.Version)
		return 0
	}
	cmd := args[0]
	if cmd == "from-readsb" {
		n, err := fromReadsb(stdin, stdout)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		fmt.Fprintf(stderr, "converted %d aircraft\n", n)
		return 0
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.rules, "rules", "", "rules file (a JSON array, as stored under config:rules)")
	fs.StringVar(&o.areas, "areas", "", "areas file (a GeoJSON FeatureCollection, as stored under config:areas)")
	fs.BoolVar(&o.fromStore, "from-store", false, "read rules and areas from the data store")
	fs.BoolVar(&o.mqtt, "mqtt", false, "publish notifications on Tracker/rule/{identifier} instead of printing them")
	fs.DurationVar(&o.reload, "reload", 30*time.Second, "with --from-store: how often to check the version keys")
	fs.DurationVar(&o.flightTTL, "flight-ttl", 0, "gap that starts a new flight (default: config:flight_ttl_seconds or 300s)")
	fs.StringVar(&o.readsb, "readsb", "", "watch: readsb/tar1090 aircraft.json, an http(s) URL or a file path")
	fs.DurationVar(&o.interval, "interval", time.Second, "watch: how often the feed is polled")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if o.reload <= 0 {
		fmt.Fprintf(stderr, "--reload must be a positive duration (got %s)\n", o.reload)
		return 2
	}
	if o.flightTTL < 0 {
		fmt.Fprintf(stderr, "--flight-ttl must not be negative (got %s)\n", o.flightTTL)
		return 2
	}
	if !o.fromStore && o.rules == "" {
		fmt.Fprintln(stderr, "--rules FILE (with --areas FILE) or --from-store is required")
		return 2
	}
	lvl, _ := config.ParseLevel(os.Getenv("LOG_LEVEL"))
	if os.Getenv("LOG_LEVEL") == "" {
		lvl = zerolog.WarnLevel
	}
	log := zerolog.New(stderr).Level(lvl).With().Timestamp().Str("service", "tracker-rules").Logger()
	switch cmd {
	case "validate":
		return validate(ctx, o, stdout, stderr)
	case "replay":
		return replay(ctx, o, stdin, stdout, stderr, log)
	case "watch":
		if os.Getenv("LOG_LEVEL") == "" { // always on: say what happens
			log = log.Level(zerolog.InfoLevel)
		}
		return watch(ctx, o, stdout, stderr, log)
	}
	fmt.Fprintln(stderr, usage)
	return 2
}

func storeClient() (rueidis.Client, error) {
	cfg, err := config.LoadStore(config.Environ(), false)
	if err != nil {
		return nil, fmt.Errorf("--from-store: %w", err)
	}
	c, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{cfg.StoreAddr()}, Password: cfg.StorePassword, DisableCache: true})
	if err != nil {
		return nil, fmt.Errorf("connecting to the store: %w", err)
	}
	return c, nil
}

// load reads the rules and areas from files or the store.
func load(ctx context.Context, o options) (*rules.Snapshot, error) {
	if o.fromStore {
		c, err := storeClient()
		if err != nil {
			return nil, err
		}
		defer c.Close()
		return rules.ReadConfig(ctx, c)
	}
	s := &rules.Snapshot{}
	var err error
	if s.Rules, err = os.ReadFile(o.rules); err != nil {
		return nil, fmt.Errorf("reading rules: %w", err)
	}
	if o.areas != "" {
		if s.Areas, err = os.ReadFile(o.areas); err != nil {
			return nil, fmt.Errorf("reading areas: %w", err)
		}
	}
	return s, nil
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
	if len(s.Rules) == 0 && o.fromStore {
		s.Rules = []byte("[]")
	}
	set, err := rules.LoadRules(s.Rules, areas, rules.Lenient)
	var le *rules.LoadError
	switch {
	case errors.As(err, &le):
		// Strict mode stops at the first; re-run it per rule to name every problem.
		for _, line := range rules.RuleProblems(s.Rules, areas) {
			fmt.Fprintln(stdout, line)
			problems++
		}
	case err != nil:
		fmt.Fprintln(stdout, err)
		problems++
	}
	if problems > 0 {
		return 1
	}
	fmt.Fprintf(stdout, "valid: %d enabled rules, %d areas\n", len(set.Rules), len(areas))
	return 0
}

func replay(ctx context.Context, o options, stdin io.Reader, stdout, stderr io.Writer, log zerolog.Logger) int {
	s, err := load(ctx, o)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	set, err := rules.Compile(s)
	var le *rules.LoadError
	if err != nil && !errors.As(err, &le) {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if le != nil {
		fmt.Fprintf(stderr, "skipping invalid rules: %s\n", strings.Join(le.Skipped, ", "))
	}
	ttl := o.flightTTL
	var store rueidis.Client
	counter := rules.NewTriggerCounter()
	engine := rules.NewEngine(set, ttl)
	if o.fromStore {
		if store, err = storeClient(); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer store.Close()
		if ttl == 0 {
			engine = rules.NewEngine(set, rules.FlightTTL(ctx, store))
		}
		loader := rules.NewLoader(store, engine, log.With().Str("stage", "loader").Logger())
		_, _ = loader.Poll(ctx)
		lctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() { _ = loader.Run(lctx, o.reload) }()
		go func() {
			t := time.NewTicker(30 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-lctx.Done():
					return
				case <-t.C:
					if err := counter.Flush(lctx, store); err != nil {
						log.Warn().Err(err).Msg("trigger counts not flushed")
					}
				}
			}
		}()
	}
	notifier := &sinks.Notifier{}
	if o.mqtt {
		mc, err := config.LoadMQTT(config.Environ())
		if err != nil {
			fmt.Fprintf(stderr, "--mqtt: %v\n", err)
			return 2
		}
		if notifier, err = sinks.NewNotifier(ctx, mc.MQTTHost, mc.MQTTPort, mc.MQTTUsername, mc.MQTTPassword, 10*time.Second, log); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		defer notifier.Close(context.WithoutCancel(ctx))
	}

	stats := map[string]*ruleStats{}
	for _, r := range engine.Set().Rules { // every enabled rule shows in the summary
		stats[r.Identifier] = &ruleStats{}
	}
	out := bufio.NewWriter(stdout)
	var clock time.Time
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	lineNo, bad := 0, 0
	for sc.Scan() {
		if ctx.Err() != nil {
			break
		}
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		m, err := parseLine([]byte(line))
		if err != nil {
			fmt.Fprintf(stderr, "line %d: %v\n", lineNo, err)
			bad++
			continue
		}
		// The replay clock is the newest message time seen: same input, same output.
		if m.ReceivedAt.After(clock) {
			clock = m.ReceivedAt
		}
		if lineNo%10000 == 0 { // forget finished flights: bounded memory on long or live runs
			engine.Expire(clock)
		}
		for _, mt := range engine.Process(m) {
			st := stats[mt.Rule.Identifier]
			if st == nil {
				st = &ruleStats{}
				stats[mt.Rule.Identifier] = st
			}
			st.matched++
			counter.Count(mt.Rule.Identifier, mt.At)
			if rules.Lagging(clock, mt.At) {
				st.suppressed++
				log.Debug().Str("icao_hex", mt.Flight.IcaoHex).Str("rule", mt.Rule.Identifier).Msg("notification suppressed: message older than 30 s")
				continue
			}
			payload := mt.Notification()
			if o.mqtt {
				if notifier.Publish(ctx, mt.Rule.Identifier, payload) {
					st.sent++
				}
				continue
			}
			out.Write(payload)
			out.WriteByte('\n')
			if o.fromStore {
				_ = out.Flush() // live use: show each notification as it happens; errors surface at the end
			}
			st.sent++
		}
	}
	// A line over the limit, or any read error, ends the replay: say so and fail, after
	// writing what was processed.
	readErr := sc.Err()
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "writing notifications: %v\n", err)
		return 1
	}
	if store != nil {
		if err := counter.Flush(context.WithoutCancel(ctx), store); err != nil {
			fmt.Fprintln(stderr, err)
		}
	}
	printSummary(stderr, stats, lineNo, bad)
	if readErr != nil {
		fmt.Fprintf(stderr, "reading traffic after line %d: %v\n", lineNo, readErr)
		return 1
	}
	return 0
}

type ruleStats struct{ matched, sent, suppressed int }

func printSummary(w io.Writer, stats map[string]*ruleStats, lines, bad int) {
	ids := make([]string, 0, len(stats))
	for id := range stats {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	fmt.Fprintf(w, "replayed %d lines (%d bad)\n", lines, bad)
	for _, id := range ids {
		s := stats[id]
		fmt.Fprintf(w, "rule %s: %d matches, %d notified, %d suppressed (older than 30 s)\n", id, s.matched, s.sent, s.suppressed)
	}
}

// parseLine reads one traffic line: an object with received_at (RFC 3339) and icao_hex.
func parseLine(b []byte) (*model.AircraftMessage, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	if _, ok := probe["received_at"]; !ok {
		return nil, errors.New("missing received_at")
	}
	m := &model.AircraftMessage{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("invalid message: %w", err)
	}
	if m.ReceivedAt.IsZero() {
		return nil, errors.New("missing received_at")
	}
	if strings.TrimSpace(m.IcaoHex) == "" {
		return nil, errors.New("missing icao_hex")
	}
	return m, nil
}
