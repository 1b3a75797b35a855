package rulescli

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
	"github.com/tracker-adsb/tracker-core-health/enrich"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/privacy"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// ruleEngine is the one engine set-up of replay, trace and watch: the rule engine with where
// its rules come from. From the files, or from the store, which also gives the flight TTL
// (config:flight_ttl_seconds), a new set whenever a version key changes, and a place for the
// trigger counts.
type ruleEngine struct {
	*rules.Engine
	snap    *rules.Snapshot // what was loaded first
	skipped []string        // invalid rules left out of it, each with why ("rule 'x' skipped: …")
	o       options
	log     zerolog.Logger

	store   rueidis.Client // nil: the rules come from files
	loader  *rules.Loader  // the store's version keys
	files   *fileRules     // the files' stamps
	Counter *rules.TriggerCounter
	db      *aircraftdb.Handle // nil: flights are not enriched
	optOut  *privacy.List      // PRIVACY_LIST (nil: none)

	mu sync.Mutex
	// follow is told of each rule set swapped in (watch's event entities follow it).
	follow func(rulesJSON []byte)
}

// openEngine loads the rules and areas and builds the engine; Close releases it.
func openEngine(ctx context.Context, o options, log zerolog.Logger) (*ruleEngine, error) {
	snap, set, skipped, err := loadSet(ctx, o)
	if err != nil {
		return nil, err
	}
	e := &ruleEngine{snap: snap, skipped: skipped, o: o, log: log, Counter: rules.NewTriggerCounter()}
	if !o.fromStore { // the store's loader logs them as it loads
		logNotifyProblems(set, log)
	}
	ttl := o.flightTTL
	if o.fromStore {
		if e.store, err = storeClient("--from-store"); err != nil {
			return nil, err
		}
		if ttl == 0 {
			ttl = rules.FlightTTL(ctx, e.store)
		}
	}
	e.Engine = rules.NewEngine(set, ttl)
	e.enrich(log)
	if o.fromStore {
		e.loader = rules.NewLoader(e.store, e.Engine, log.With().Str("stage", "loader").Logger())
		e.loader.Zone = o.zone
		e.loader.Loaded = func(s *rules.Snapshot) { e.followed(s.Rules) }
		_, _ = e.loader.Poll(ctx) // records the versions loaded
	} else {
		e.files = &fileRules{paths: append([]string{o.rules, o.areas}, o.watchlists.files()...)}
		e.files.changed()
	}
	return e, nil
}

// enrich gives the engine its enrichment: the database (with --enrich, --db, or watch),
// REGISTRANT_DETAIL and PRIVACY_LIST. Without a database the registrant an input line carries
// still obeys both (CONTRACT.md 12.3).
func (e *ruleEngine) enrich(log zerolog.Logger) {
	var src enrich.Source
	if e.o.enrich {
		if e.db = shipped.Open(e.o.db, dbLog(log)); e.db != nil {
			src = e.db
		}
	}
	en := enrich.New(src, log.With().Str("stage", "enrich").Logger())
	en.SetRegistrantDetail(e.o.env.RegistrantDetail)
	if e.optOut = e.o.optOut; e.optOut != nil {
		en.SetOptOut(e.optOut)
	}
	e.SetEnricher(en)
}

// Follow sets who is told of each rule set swapped in, and tells it of the current one.
func (e *ruleEngine) Follow(fn func(rulesJSON []byte)) {
	e.mu.Lock()
	e.follow = fn
	e.mu.Unlock()
	e.followed(e.snap.Rules)
}

func (e *ruleEngine) followed(rulesJSON []byte) {
	e.mu.Lock()
	fn := e.follow
	e.mu.Unlock()
	if fn != nil {
		fn(rulesJSON)
	}
}

// FromStore reports whether the rules come from the store (and the trigger counts go there).
func (e *ruleEngine) FromStore() bool { return e.store != nil }

// KeepCurrent runs until ctx ends: it swaps in a new rule set when one appears (the store:
// looked at every --reload, when a version key changed; the files: looked at every
// filesEvery, when a file changed; 0: never) and, with the store, flushes the trigger counts
// every 30 s.
func (e *ruleEngine) KeepCurrent(ctx context.Context, filesEvery time.Duration) {
	var wg sync.WaitGroup
	if e.db != nil || e.optOut != nil { // a replaced database file, or a changed opt-out list, is in use within a minute
		wg.Go(func() {
			pipeline.Every(ctx, aircraftdb.ReloadEvery, func(context.Context) {
				if e.db != nil {
					e.db.Refresh()
				}
				e.optOut.Refresh()
			})
		})
	}
	if e.store != nil {
		wg.Go(func() { pipeline.Every(ctx, e.o.reload, func(ctx context.Context) { _, _ = e.loader.Poll(ctx) }) })
		wg.Go(func() { pipeline.Every(ctx, triggerFlushEvery, e.flush) })
	} else if filesEvery > 0 {
		wg.Go(func() {
			pipeline.Every(ctx, filesEvery, func(ctx context.Context) {
				if e.files.changed() {
					e.reloadFiles(ctx)
				}
			})
		})
	}
	wg.Wait()
}

// triggerFlushEvery is how often trigger counts are written (CONTRACT.md 6.4: every 30 s).
const triggerFlushEvery = 30 * time.Second

func (e *ruleEngine) flush(ctx context.Context) {
	if err := e.Counter.Flush(ctx, e.store); err != nil {
		e.log.Warn().Err(err).Msg("trigger counts not flushed")
	}
}

// reloadFiles reads the rule and area files again; an invalid edit keeps the previous set.
func (e *ruleEngine) reloadFiles(ctx context.Context) {
	snap, set, skipped, err := loadSet(ctx, e.o)
	if err != nil {
		e.log.Warn().Err(err).Msg("the edited rules or areas are invalid; keeping the previous set")
		return
	}
	if len(skipped) > 0 {
		e.log.Warn().Strs("skipped", skipped).Msg("invalid rules skipped")
	}
	logNotifyProblems(set, e.log)
	e.Swap(set)
	e.followed(snap.Rules)
	e.log.Info().Int("rules", len(set.Rules)).Msg("rules reloaded from the files")
}

// logNotifyProblems logs one error per rule whose notify was ignored (CONTRACT.md 10.1).
func logNotifyProblems(set *rules.Set, log zerolog.Logger) {
	for _, p := range set.NotifyProblems {
		log.Error().Msg(p)
	}
}

// Close writes the trigger counts still pending and closes the store.
func (e *ruleEngine) Close(ctx context.Context) error {
	if e.store == nil {
		return nil
	}
	defer e.store.Close()
	return e.Counter.Flush(context.WithoutCancel(ctx), e.store)
}

// loadSet reads the rules and areas (files or store) and compiles them leniently: invalid
// rules are skipped and named, anything else is an error.
func loadSet(ctx context.Context, o options) (*rules.Snapshot, *rules.Set, []string, error) {
	s, err := load(ctx, o)
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

// load reads the rules and areas from files or the store.
func load(ctx context.Context, o options) (*rules.Snapshot, error) {
	if o.fromStore {
		c, err := storeClient("--from-store")
		if err != nil {
			return nil, err
		}
		defer c.Close()
		s, err := rules.ReadConfig(ctx, c)
		if s != nil {
			s.Zone = o.zone
		}
		return s, err
	}
	s := &rules.Snapshot{Zone: o.zone}
	var err error
	if s.Rules, err = os.ReadFile(o.rules); err != nil {
		return nil, fmt.Errorf("reading rules: %w", err)
	}
	if o.areas != "" {
		if s.Areas, err = os.ReadFile(o.areas); err != nil {
			return nil, fmt.Errorf("reading areas: %w", err)
		}
	}
	if s.Watchlists, err = readWatchlists(ctx, o.watchlists); err != nil {
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
