// Package engine is the one rule engine set-up of tracker-rules replay, trace and watch: the
// rule engine (rules.Engine) with where its rules come from and how its flights are enriched.
// From files, or from the data store, which also gives the flight TTL
// (config:flight_ttl_seconds), a new set whenever a version key changes, and a place for the
// trigger counts. Start runs the loops that keep it current as members of the caller's run
// group.
package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Options say where the rules come from and how flights are enriched (tracker-rules' flags
// and environment, read by the command).
type Options struct {
	// Rules and Areas are the files (Rules required without FromStore); Watchlists are
	// --watchlist's ID=FILE_OR_URL.
	Rules, Areas string
	Watchlists   []string
	// FromStore reads the rules, areas and watchlists from Store (which must then be set),
	// every Reload.
	FromStore bool
	Store     *config.Store
	Reload    time.Duration
	// FlightTTL is the gap that starts a new flight (0: config:flight_ttl_seconds, else the
	// default).
	FlightTTL time.Duration
	// Zone (NOTIFY_TIMEZONE) is the default time zone of delivery policies.
	Zone *time.Location
	// Enrich enriches flights from the aircraft database DB ("": the default; none: off). Every
	// flight's registrant (the database's, or the one an input line carries) shows
	// RegistrantDetail, and none of those on OptOut (PRIVACY_LIST, opened by the command; nil:
	// none).
	Enrich           bool
	DB               string
	RegistrantDetail model.RegistrantDetail
	OptOut           *privacy.List
}

// Engine is the rule engine with where its rules come from; Close releases it.
type Engine struct {
	*rules.Engine
	// Skipped are the invalid rules left out of the first set, each with why ("rule 'x'
	// skipped: …").
	Skipped []string
	Counter *rules.TriggerCounter

	snap   *rules.Snapshot // what was loaded first
	o      Options
	log    zerolog.Logger
	store  rueidis.Client     // nil: the rules come from files
	loader *rules.Loader      // the store's version keys
	files  *fileRules         // the files' stamps
	db     *aircraftdb.Handle // nil: flights are not enriched
	optOut *privacy.List      // PRIVACY_LIST (nil: none)

	mu   sync.Mutex
	sets chan []byte // Follow's: each set swapped in (nil: not followed)
}

// Open loads the rules and areas and builds the engine.
func Open(ctx context.Context, o Options, log zerolog.Logger) (*Engine, error) {
	snap, set, skipped, err := loadSet(ctx, o)
	if err != nil {
		return nil, err
	}
	e := &Engine{snap: snap, Skipped: skipped, o: o, log: log, Counter: rules.NewTriggerCounter()}
	if !o.FromStore { // the store's loader logs them as it loads
		logNotifyProblems(set, log)
	}
	ttl := o.FlightTTL
	if o.FromStore {
		if e.store, err = Connect(o.Store); err != nil {
			return nil, err
		}
		if ttl == 0 {
			ttl = rules.FlightTTL(ctx, e.store)
		}
	}
	e.Engine = rules.NewEngine(set, ttl)
	e.enrich(log)
	if o.FromStore {
		e.loader = rules.NewLoader(e.store, e.Engine, log.With().Str("stage", "loader").Logger())
		e.loader.Zone = o.Zone
		e.loader.Loaded = func(s *rules.Snapshot) { e.loaded(s.Rules) }
		_, _ = e.loader.Poll(ctx) // records the versions loaded
	} else {
		e.files = &fileRules{paths: append([]string{o.Rules, o.Areas}, watchlistFiles(o.Watchlists)...)}
		e.files.changed()
	}
	return e, nil
}

// Connect is a client of the data store (nil: none configured, an error).
func Connect(s *config.Store) (rueidis.Client, error) {
	if s == nil {
		return nil, errors.New("STORE_HOST: required variable is not set")
	}
	c, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{s.StoreAddr()}, Password: s.StorePassword, DisableCache: true})
	if err != nil {
		return nil, fmt.Errorf("connecting to the store: %w", err)
	}
	return c, nil
}

// enrich gives the engine its enrichment: the database (with Options.Enrich), REGISTRANT_DETAIL
// and PRIVACY_LIST. Without a database the registrant an input line carries still obeys both
// (CONTRACT.md 12.3).
func (e *Engine) enrich(log zerolog.Logger) {
	var src enrich.Source
	if e.o.Enrich {
		if e.db = shipped.Open(e.o.DB, log.With().Str("stage", "aircraftdb").Logger()); e.db != nil {
			src = e.db
		}
	}
	en := enrich.New(src, log.With().Str("stage", "enrich").Logger())
	en.SetRegistrantDetail(e.o.RegistrantDetail)
	if e.optOut = e.o.OptOut; e.optOut != nil {
		en.SetOptOut(e.optOut)
	}
	e.SetEnricher(en)
}

// Store is the engine's client of the data store (nil: the rules come from files).
func (e *Engine) Store() rueidis.Client { return e.store }

// FromStore reports whether the rules come from the store (and the trigger counts go there).
func (e *Engine) FromStore() bool { return e.store != nil }

// Follow returns the rules (as stored: JSON) of each set swapped in, the current one first
// (watch's rule event entities follow them); Start's loops send them and close the channel
// when they end. Call it before Start.
func (e *Engine) Follow() <-chan []byte {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.sets = make(chan []byte, 1)
	e.sets <- e.snap.Rules
	return e.sets
}

// loaded records the rules of a set swapped in, for the next send to Follow's channel.
func (e *Engine) loaded(rulesJSON []byte) {
	e.mu.Lock()
	e.snap = &rules.Snapshot{Rules: rulesJSON}
	e.mu.Unlock()
}

// swapped sends the rules of the set just swapped in to Follow's channel (nothing without one).
func (e *Engine) swapped(ctx context.Context) {
	e.mu.Lock()
	sets, body := e.sets, e.snap.Rules
	e.mu.Unlock()
	if sets != nil {
		pipeline.Send(ctx, sets, body)
	}
}

// Start runs, with run (a run group's Go: each loop until its context ends), the loops that
// keep the engine current: a replaced database file, or a changed opt-out list, in use within
// a minute; with the store, a new rule set when a version key changed (looked at every
// Options.Reload) and the trigger counts flushed every 30 s; with files, a new set when a file
// changed (looked at every filesEvery; 0: never).
func (e *Engine) Start(run func(name string, loop func(context.Context) error), filesEvery time.Duration) {
	if e.db != nil || e.optOut != nil {
		run("aircraftdb", func(ctx context.Context) error {
			pipeline.Every(ctx, aircraftdb.ReloadEvery, func(context.Context) {
				if e.db != nil {
					e.db.Refresh()
				}
				e.optOut.Refresh()
			})
			return nil
		})
	}
	switch {
	case e.store != nil:
		run("rules", e.reloading(e.o.Reload, func(ctx context.Context) bool {
			swapped, _ := e.loader.Poll(ctx)
			return swapped
		}))
		run("trigger-counts", func(ctx context.Context) error { pipeline.Every(ctx, triggerFlushEvery, e.flush); return nil })
	case filesEvery > 0:
		run("rules", e.reloading(filesEvery, func(ctx context.Context) bool { return e.files.changed() && e.reloadFiles(ctx) }))
	default:
		e.closeSets()
	}
}

// reloading is the loop that looks for a new set every interval (reload: true when one was
// swapped in); it closes Follow's channel when it ends.
func (e *Engine) reloading(every time.Duration, reload func(context.Context) bool) func(context.Context) error {
	return func(ctx context.Context) error {
		defer e.closeSets()
		pipeline.Every(ctx, every, func(ctx context.Context) {
			if reload(ctx) {
				e.swapped(ctx)
			}
		})
		return nil
	}
}

func (e *Engine) closeSets() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.sets != nil {
		close(e.sets)
		e.sets = nil
	}
}

// triggerFlushEvery is how often trigger counts are written (CONTRACT.md 6.4: every 30 s).
const triggerFlushEvery = 30 * time.Second

func (e *Engine) flush(ctx context.Context) {
	if err := e.Counter.Flush(ctx, e.store); err != nil {
		e.log.Warn().Err(err).Msg("trigger counts not flushed")
	}
}

// reloadFiles reads the rule and area files again; an invalid edit keeps the previous set.
func (e *Engine) reloadFiles(ctx context.Context) bool {
	snap, set, skipped, err := loadSet(ctx, e.o)
	if err != nil {
		e.log.Warn().Err(err).Msg("the edited rules or areas are invalid; keeping the previous set")
		return false
	}
	if len(skipped) > 0 {
		e.log.Warn().Strs("skipped", skipped).Msg("invalid rules skipped")
	}
	logNotifyProblems(set, e.log)
	e.Swap(set)
	e.loaded(snap.Rules)
	e.log.Info().Int("rules", len(set.Rules)).Msg("rules reloaded from the files")
	return true
}

// logNotifyProblems logs one error per rule whose notify was ignored (CONTRACT.md 10.1).
func logNotifyProblems(set *rules.Set, log zerolog.Logger) {
	for _, p := range set.NotifyProblems {
		log.Error().Msg(p)
	}
}

// Close writes the trigger counts still pending and closes the store (after Start's loops
// ended).
func (e *Engine) Close(ctx context.Context) error {
	if e.store == nil {
		return nil
	}
	defer e.store.Close()
	return e.Counter.Flush(context.WithoutCancel(ctx), e.store)
}

// loadSet reads the rules and areas (files or store) and compiles them leniently: invalid
// rules are skipped and named, anything else is an error.
func loadSet(ctx context.Context, o Options) (*rules.Snapshot, *rules.Set, []string, error) {
	s, err := Load(ctx, o)
	if err != nil {
		return nil, nil, nil, err
	}
	set, err := rules.Compile(s)
	var le *rules.LoadError
	if errors.As(err, &le) { // each named with why it was skipped
		return s, set, le.Reasons, nil
	}
	return s, set, nil, err
}

// Load reads the rules, areas and watchlists from the files or the store, uncompiled
// (tracker-rules validate reports every problem of it).
func Load(ctx context.Context, o Options) (*rules.Snapshot, error) {
	if o.FromStore {
		c, err := Connect(o.Store)
		if err != nil {
			return nil, err
		}
		defer c.Close()
		s, err := rules.ReadConfig(ctx, c)
		if s != nil {
			s.Zone = o.Zone
		}
		return s, err
	}
	s := &rules.Snapshot{Zone: o.Zone}
	var err error
	if s.Rules, err = os.ReadFile(o.Rules); err != nil {
		return nil, fmt.Errorf("reading rules: %w", err)
	}
	if o.Areas != "" {
		if s.Areas, err = os.ReadFile(o.Areas); err != nil {
			return nil, fmt.Errorf("reading areas: %w", err)
		}
	}
	if s.Watchlists, err = readWatchlists(ctx, o.Watchlists); err != nil {
		return nil, err
	}
	return s, nil
}

// fileRules tells when the rules, areas or watchlist files changed on disk.
type fileRules struct {
	paths []string
	stamp string
}

func (fr *fileRules) changed() bool {
	var b strings.Builder
	for _, p := range fr.paths {
		if p == "" {
			continue
		}
		if st, err := os.Stat(p); err == nil {
			fmt.Fprintf(&b, "%s|%d|%d;", p, st.Size(), st.ModTime().UnixNano())
		}
	}
	if b.String() == fr.stamp {
		return false
	}
	fr.stamp = b.String()
	return true
}
