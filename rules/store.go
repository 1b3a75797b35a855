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

// Snapshot is what the loader read from the store.
type Snapshot struct {
	Rules, Areas               []byte
	RulesVersion, AreasVersion string
}

// ReadConfig reads both bodies and version keys in one round trip.
func ReadConfig(ctx context.Context, c rueidis.Client) (*Snapshot, error) {
	res := c.DoMulti(ctx,
		c.B().Get().Key(RulesKey).Build(), c.B().Get().Key(AreasKey).Build(),
		c.B().Get().Key(RulesVersionKey).Build(), c.B().Get().Key(AreasVersionKey).Build())
	var s Snapshot
	dst := []*string{nil, nil, &s.RulesVersion, &s.AreasVersion}
	for i, r := range res {
		v, err := r.ToString()
		if err != nil && !rueidis.IsRedisNil(err) {
			return nil, fmt.Errorf("reading %s: %w", []string{RulesKey, AreasKey, RulesVersionKey, AreasVersionKey}[i], err)
		}
		switch i {
		case 0:
			s.Rules = []byte(v)
		case 1:
			s.Areas = []byte(v)
		default:
			*dst[i] = v
		}
	}
	return &s, nil
}

// Compile loads a snapshot leniently: areas first, then the rules against them. An absent
// body is an empty set. The error names skipped rules; a nil set means nothing loadable.
func Compile(s *Snapshot) (*Set, error) {
	areas := Areas{}
	if len(s.Areas) > 0 {
		a, err := LoadAreas(s.Areas)
		if err != nil {
			return nil, err
		}
		areas = a
	}
	if len(s.Rules) == 0 {
		return &Set{}, nil
	}
	return LoadRules(s.Rules, areas, Lenient)
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
	loaded   bool
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
	due := !l.loaded || s.RulesVersion != l.rulesVer || s.AreasVersion != l.areasVer ||
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
		l.log.Warn().Strs("skipped", le.Skipped).Msg("invalid rules skipped")
	}
	l.engine.Swap(set)
	l.rulesVer, l.areasVer, l.loaded = s.RulesVersion, s.AreasVersion, true
	if l.Loaded != nil {
		l.Loaded(s)
	}
	l.log.Info().Int("rules", len(set.Rules)).Str("rules_version", model.ShortVersion(s.RulesVersion)).Str("areas_version", model.ShortVersion(s.AreasVersion)).Msg("rule set loaded")
	return true, nil
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
