package rules

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// Data-store keys of the configuration (CONTRACT.md 2).
const (
	RulesKey        = "config:rules"
	RulesVersionKey = "config:rules:version"
	AreasKey        = "config:areas"
	AreasVersionKey = "config:areas:version"
	FlightTTLKey    = "config:flight_ttl_seconds"
	// TriggerDayTTL keeps a day counter for 31 days.
	TriggerDayTTL = 2678400
)

// Version is the lowercase hex SHA-256 of a stored body.
func Version(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// TriggerLifetimeKey is rule_triggers:{identifier}:lifetime.
func TriggerLifetimeKey(id string) string { return "rule_triggers:" + id + ":lifetime" }

// TriggerDayKey is rule_triggers:{identifier}:{YYYY-MM-DD} (UTC).
func TriggerDayKey(id string, day time.Time) string {
	return dayKey(id, day.UTC().Format(time.DateOnly))
}

func dayKey(id, day string) string { return "rule_triggers:" + id + ":" + day }

// Snapshot is what the loader read from the store (or the command line from its files): the
// rules, the areas and the watchlists with their version keys; Zone is the default time zone
// of delivery policies (NOTIFY_TIMEZONE).
type Snapshot struct {
	Rules, Areas, Watchlists                      []byte
	RulesVersion, AreasVersion, WatchlistsVersion string
	Zone                                          *time.Location
}

// ReadConfig reads the three bodies and their version keys in one round trip.
func ReadConfig(ctx context.Context, c rueidis.Client) (*Snapshot, error) {
	keys := []string{RulesKey, AreasKey, watchlist.Key, RulesVersionKey, AreasVersionKey, watchlist.VersionKey}
	cmds := make(rueidis.Commands, len(keys))
	for i, k := range keys {
		cmds[i] = c.B().Get().Key(k).Build()
	}
	var s Snapshot
	dst := []*[]byte{&s.Rules, &s.Areas, &s.Watchlists}
	ver := []*string{&s.RulesVersion, &s.AreasVersion, &s.WatchlistsVersion}
	for i, r := range c.DoMulti(ctx, cmds...) {
		v, err := r.ToString()
		if err != nil && !rueidis.IsRedisNil(err) {
			return nil, fmt.Errorf("reading %s: %w", keys[i], err)
		}
		if i < len(dst) {
			*dst[i] = []byte(v)
		} else {
			*ver[i-len(dst)] = v
		}
	}
	return &s, nil
}

// ErrChanged is a guarded write whose keys changed under it every time it was tried.
var ErrChanged = errors.New("concurrent modification; try again")

// configKeys are the bodies a guarded write reads and watches: each is checked against the
// others (rules against the areas and the watchlists, a deleted area or list against the rules).
var configKeys = []string{RulesKey, AreasKey, watchlist.Key}

// Update is one guarded write of key (config:rules, config:areas or config:watchlists): under
// WATCH of the three bodies, fn gets them (a Snapshot without versions) and returns key's new
// body (or an error: nothing is written); the body and its version key (Version) are set in
// one MULTI/EXEC, tried again when another writer got there first. It returns the body
// written.
func Update(ctx context.Context, c rueidis.Client, key string, fn func(current *Snapshot) ([]byte, error)) ([]byte, error) {
	for range 20 {
		var body []byte
		aborted := false
		err := c.Dedicated(func(d rueidis.DedicatedClient) error {
			if err := d.Do(ctx, d.B().Watch().Key(configKeys...).Build()).Error(); err != nil {
				return err
			}
			cmds := make(rueidis.Commands, len(configKeys))
			for i, k := range configKeys {
				cmds[i] = d.B().Get().Key(k).Build()
			}
			var cur Snapshot
			for i, r := range d.DoMulti(ctx, cmds...) {
				v, err := r.ToString()
				if err != nil && !rueidis.IsRedisNil(err) {
					_ = d.Do(ctx, d.B().Unwatch().Build())
					return err
				}
				*[]*[]byte{&cur.Rules, &cur.Areas, &cur.Watchlists}[i] = []byte(v)
			}
			var err error
			if body, err = fn(&cur); err != nil {
				_ = d.Do(ctx, d.B().Unwatch().Build())
				return err
			}
			out := d.DoMulti(ctx,
				d.B().Multi().Build(),
				d.B().Set().Key(key).Value(string(body)).Build(),
				d.B().Set().Key(key+":version").Value(Version(body)).Build(),
				d.B().Exec().Build())
			if err := out[len(out)-1].Error(); err != nil {
				if rueidis.IsRedisNil(err) {
					aborted = true
					return nil
				}
				return err
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if !aborted {
			return body, nil
		}
	}
	return nil, ErrChanged
}

// Compile loads a snapshot leniently: areas and watchlists first, then the rules against
// them. An absent body is an empty set. The error names skipped rules; a nil set means
// nothing loadable.
func Compile(s *Snapshot) (*Set, error) {
	refs := Refs{Areas: Areas{}, Zone: s.Zone}
	if len(s.Areas) > 0 {
		a, err := LoadAreas(s.Areas)
		if err != nil {
			return nil, err
		}
		refs.Areas = a
	}
	if len(s.Watchlists) > 0 {
		lists, err := watchlist.Decode(s.Watchlists)
		if err != nil {
			return nil, err
		}
		refs.Watchlists = watchlist.Compile(lists)
	}
	if len(s.Rules) == 0 {
		return &Set{Watchlists: refs.Watchlists}, nil
	}
	return LoadRulesWith(s.Rules, refs, Lenient)
}

// Loader polls the version keys and swaps a new compiled set into the engine when either
// changed, a body no longer matches its recorded version, or no rules are held while
// config:rules has content. A set that fails to load keeps the previous one.
type Loader struct {
	client   rueidis.Client
	engine   *Engine
	log      zerolog.Logger
	rulesVer string
	areasVer string
	listsVer string
	loaded   bool
	// Zone is the default time zone of delivery policies (NOTIFY_TIMEZONE; nil: UTC, model.Zone).
	Zone *time.Location
	// Loaded, when set, is told of each set swapped in (rule event entities follow it).
	Loaded func(*Snapshot)
}

// NewLoader builds a loader for engine.
func NewLoader(c rueidis.Client, e *Engine, log zerolog.Logger) *Loader {
	return &Loader{client: c, engine: e, log: log}
}

// Poll checks once and reloads when due. It reports whether a new set was swapped in.
func (l *Loader) Poll(ctx context.Context) (bool, error) {
	s, err := ReadConfig(ctx, l.client)
	if err != nil {
		l.log.Warn().Err(err).Msg("store unreadable; keeping the current rule set")
		return false, err
	}
	s.Zone = l.Zone
	due := !l.loaded || s.RulesVersion != l.rulesVer || s.AreasVersion != l.areasVer || s.WatchlistsVersion != l.listsVer ||
		(s.RulesVersion != "" && Version(s.Rules) != s.RulesVersion) ||
		(len(l.engine.Set().Rules) == 0 && len(strings.TrimSpace(string(s.Rules))) > 2)
	if !due {
		return false, nil
	}
	set, err := Compile(s)
	var le *LoadError
	if err != nil && !errors.As(err, &le) {
		l.log.Warn().Err(err).Msg("rule set failed to load; keeping the previous one")
		return false, err
	}
	if le != nil {
		l.log.Warn().Strs("skipped", le.Reasons).Msg("invalid rules skipped")
	}
	for _, p := range set.NotifyProblems {
		l.log.Error().Msg(p)
	}
	l.engine.Swap(set)
	l.rulesVer, l.areasVer, l.listsVer, l.loaded = s.RulesVersion, s.AreasVersion, s.WatchlistsVersion, true
	if l.Loaded != nil {
		l.Loaded(s)
	}
	l.log.Info().Int("rules", len(set.Rules)).Str("rules_version", model.ShortVersion(s.RulesVersion)).Str("areas_version", model.ShortVersion(s.AreasVersion)).
		Int("watched_aircraft", set.Watchlists.Len()).Msg("rule set loaded")
	return true, nil
}

// PutWatchlist stores list l as id in config:watchlists, replacing one of that id, in one
// guarded write (Update) checked against the lists' limits (watchlist.Lists.Put): tracker-rules
// watchlist import. An error leaves the stored lists as they were.
func PutWatchlist(ctx context.Context, c rueidis.Client, id string, l *watchlist.List) error {
	_, err := Update(ctx, c, watchlist.Key, func(cur *Snapshot) ([]byte, error) {
		lists, err := watchlist.Decode(cur.Watchlists)
		if err != nil {
			return nil, fmt.Errorf("%s holds no watchlists: %w", watchlist.Key, err)
		}
		if err := lists.Put(id, l); err != nil {
			return nil, err
		}
		return lists.Encode(), nil
	})
	return err
}

// FlightTTL reads config:flight_ttl_seconds (default when absent or invalid).
func FlightTTL(ctx context.Context, c rueidis.Client) time.Duration {
	v, err := c.Do(ctx, c.B().Get().Key(FlightTTLKey).Build()).ToString()
	if err != nil {
		return DefaultFlightTTL
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n <= 0 {
		return DefaultFlightTTL
	}
	return time.Duration(n) * time.Second
}

// TriggerCounter accumulates rule triggers in memory and flushes the deltas: INCRBY of the
// lifetime key, INCRBY of the UTC day key with EXPIRE 2678400.
type TriggerCounter struct {
	mu       sync.Mutex
	lifetime map[string]int64     // rule id → pending lifetime delta
	days     map[triggerKey]int64 // (rule id, day) → pending day delta
}

type triggerKey struct {
	id  string
	day string // YYYY-MM-DD
}

// NewTriggerCounter builds an empty counter.
func NewTriggerCounter() *TriggerCounter {
	return &TriggerCounter{lifetime: map[string]int64{}, days: map[triggerKey]int64{}}
}

// Count records one trigger of rule id on the UTC day of at.
func (t *TriggerCounter) Count(id string, at time.Time) {
	t.mu.Lock()
	t.lifetime[id]++
	t.days[triggerKey{id, at.UTC().Format(time.DateOnly)}]++
	t.mu.Unlock()
}

// Flush writes the pending deltas in one round trip. A delta whose INCRBY failed is kept for
// the next flush; one that was written is never sent again, so a partly failed flush counts
// nothing twice.
func (t *TriggerCounter) Flush(ctx context.Context, c rueidis.Client) error {
	t.mu.Lock()
	lifetime, days := t.lifetime, t.days
	t.lifetime, t.days = map[string]int64{}, map[triggerKey]int64{}
	t.mu.Unlock()
	if len(lifetime) == 0 && len(days) == 0 {
		return nil
	}
	ids := make([]string, 0, len(lifetime))
	cmds := make(rueidis.Commands, 0, len(lifetime)+2*len(days))
	for id, n := range lifetime {
		ids = append(ids, id)
		cmds = append(cmds, c.B().Incrby().Key(TriggerLifetimeKey(id)).Increment(n).Build())
	}
	keys := make([]triggerKey, 0, len(days))
	for k, n := range days {
		keys = append(keys, k)
		day := dayKey(k.id, k.day)
		cmds = append(cmds,
			c.B().Incrby().Key(day).Increment(n).Build(),
			c.B().Expire().Key(day).Seconds(TriggerDayTTL).Build())
	}
	res := c.DoMulti(ctx, cmds...)
	var firstErr error
	failed := func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, id := range ids {
		if err := res[i].Error(); err != nil {
			t.lifetime[id] += lifetime[id]
			failed(err)
		}
	}
	for j, k := range keys {
		if err := res[len(ids)+2*j].Error(); err != nil {
			t.days[k] += days[k]
			failed(err)
		} else if err := res[len(ids)+2*j+1].Error(); err != nil {
			failed(err) // the count is written; the next flush of this day sets the expiry
		}
	}
	if firstErr != nil {
		return fmt.Errorf("flushing rule triggers: %w", firstErr)
	}
	return nil
}
