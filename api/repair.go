package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// The start-up repair (CONTRACT.md 8, "Start-up"): a body without version gets one; no body but
// a backup restores both in one transaction (a backup that is not a valid set is logged and
// ignored); a body without a backup file gets one; an existing backup is never overwritten.
//
// The API serves before the store first answers (no start order), so the repair runs when
// the store does, and nothing of the rules, areas or watchlists is read or written before it
// has run: until then every request that needs them runs it (one attempt at a time, shared
// by the requests that wait for it) and, if the store still does not answer, gets its error
// (500 "Redis error: …"); RepairAtStart tries it every RepairRetry meanwhile. A save never
// races the repair (it holds the write lock), so an empty set is never served, nor a backup
// overwritten by a save, while a backup waits to be restored.

// RepairRetry is how often RepairAtStart tries the start-up repair while the store does not
// answer: the sets are served from the store about this soon after it comes back.
const RepairRetry = time.Second

// repairState says whether the start-up repair has run, runs one attempt at a time
// (pipeline.Flight), and keeps the latest attempt's error.
type repairState struct {
	done    atomic.Bool
	attempt pipeline.Flight
	mu      sync.Mutex
	err     error
}

// errNotRepaired prefixes the error of a request that needed the sets before the repair could
// run.
const errNotRepaired = "the start-up repair (the backups) has not run yet: "

// ready returns nil once the start-up repair has run; until then it runs it, or waits for the
// attempt in flight, and returns that attempt's error.
func (s *Store) ready(ctx context.Context) error {
	if s.repair.done.Load() {
		return nil
	}
	// The attempt is not ended with the request that started it: others may wait for it, and
	// each of its store calls is bounded (StoreTimeout).
	attempt := func() {
		err := s.runStartup(context.WithoutCancel(ctx))
		s.repair.mu.Lock()
		s.repair.err = err
		s.repair.mu.Unlock()
	}
	if s.repair.attempt.Do(ctx, attempt) != nil {
		return context.Cause(ctx)
	}
	if s.repair.done.Load() {
		return nil
	}
	s.repair.mu.Lock()
	defer s.repair.mu.Unlock()
	return fmt.Errorf("%s%w", errNotRepaired, s.repair.err)
}

// RepairAtStart runs the start-up repair as soon as the store answers: now, then every
// RepairRetry until it has run (by this or by a request) or ctx ends.
func (s *Store) RepairAtStart(ctx context.Context) {
	warned := false
	for {
		err := s.ready(ctx)
		if err == nil || ctx.Err() != nil {
			return
		}
		if !warned {
			s.log.Warn().Err(err).Dur("retry_every", RepairRetry).
				Msg("store unreachable: the rules, areas and watchlists answer 500 until it answers and the start-up repair has run; retrying")
			warned = true
		} else {
			s.log.Debug().Err(err).Msg("start-up repair not done yet; retrying")
		}
		select {
		case <-ctx.Done():
			return
		case <-s.retryAfter(RepairRetry):
		}
	}
}

// Startup runs the start-up repair now, between writes (it holds the write lock); once it has
// succeeded, the sets are served.
func (s *Store) Startup(ctx context.Context) error {
	if err := s.runStartup(ctx); err != nil {
		return fmt.Errorf("start-up repair: %w", err)
	}
	return nil
}

func (s *Store) runStartup(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.startup(ctx); err != nil {
		return err
	}
	if !s.repair.done.Swap(true) {
		s.log.Info().Msg("store answered: start-up repair done")
	}
	return nil
}

// repairOrder is the order the sets are repaired in: what the rules refer to first, so a
// restored rule set is checked against the areas and watchlists restored with it.
var repairOrder = []string{watchlist.Key, rules.AreasKey, rules.RulesKey}

func (s *Store) startup(ctx context.Context) error {
	cur, err := rules.ReadConfig(ctx, s.c)
	if err != nil {
		return err
	}
	for _, key := range repairOrder {
		body, ver := setOf(cur, key)
		var path string
		if s.backupDir != "" {
			path = filepath.Join(s.backupDir, backupName(key))
		}
		switch {
		case len(body) > 0 && ver == "":
			if err := s.c.Do(ctx, s.c.B().Set().Key(key+":version").Value(rules.Version(body)).Build()).Error(); err != nil {
				return err
			}
			s.log.Info().Str("key", key).Msg("version key set from the stored body")
		case len(body) == 0 && path != "":
			if err := s.restore(ctx, key, path); err != nil {
				return err
			}
			continue
		}
		if len(body) > 0 && path != "" {
			if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
				s.backup(key, body)
			}
		}
	}
	return nil
}

// setOf is the stored body and version of key.
func setOf(cur *rules.Snapshot, key string) ([]byte, string) {
	switch key {
	case rules.RulesKey:
		return cur.Rules, cur.RulesVersion
	case rules.AreasKey:
		return cur.Areas, cur.AreasVersion
	}
	return cur.Watchlists, cur.WatchlistsVersion
}

// errStoredMeanwhile aborts a restore: the set was stored meanwhile (another program).
var errStoredMeanwhile = errors.New("stored meanwhile")

// invalidBackup is a backup a save would refuse: its problems.
type invalidBackup struct{ problems []string }

func (e *invalidBackup) Error() string { return strings.Join(e.problems, "; ") }

// restore restores key's set from its backup at path, body and version in one guarded
// transaction, when the backup is a set a save would accept (validated as an import of the
// whole set is, against the sets stored, those restored before it included); else it logs
// and ignores it. Only a store error is an error.
func (s *Store) restore(ctx context.Context, key, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			s.log.Warn().Err(err).Str("path", path).Msg("backup unreadable: ignored")
		}
		return nil
	}
	body, err := rules.Update(ctx, s.c, key, func(cur *rules.Snapshot) ([]byte, error) {
		if stored, _ := setOf(cur, key); len(stored) > 0 {
			return nil, errStoredMeanwhile
		}
		body, problems := restorable(key, b, cur)
		if len(problems) > 0 {
			return nil, &invalidBackup{problems}
		}
		return body, nil
	})
	var inv *invalidBackup
	switch {
	case errors.As(err, &inv):
		shown := inv.problems[:min(len(inv.problems), 5)]
		s.log.Error().Str("key", key).Str("path", path).Strs("problems", shown).Int("problem_count", len(inv.problems)).
			Msg("corrupt backup ignored: it is not a set a save would accept; nothing restored (the file is left as it is)")
		return nil
	case errors.Is(err, errStoredMeanwhile):
		return nil
	case err != nil:
		return err
	}
	s.log.Info().Str("key", key).Str("path", path).Int("bytes", len(body)).Msg("restored from backup")
	return nil
}

// restorable validates a backup of key as a save of the whole set is validated (an import:
// every element as a single write would be, then the whole set; the rules strictly against
// the areas and watchlists of cur) and returns the body to store, as a save renders it, or the
// problems. A backup is the stored body: the areas as a FeatureCollection, the rules as an
// array, the watchlists as the object of lists by id; anything else is refused. The areas'
// survival check (the stored rules against the new areas) is not made here: with no areas
// stored, rules naming an area fail it whatever is restored, and a restored set never fails it
// more.
func restorable(key string, b []byte, cur *rules.Snapshot) ([]byte, []string) {
	switch key {
	case rules.RulesKey:
		if len(b) > MaxBody {
			return nil, []string{"larger than the rules' limit of " + model.LimitText(MaxBody)}
		}
		if !bytes.HasPrefix(bytes.TrimSpace(b), []byte("[")) {
			return nil, []string{"Rules must be a JSON array"}
		}
		items, at, problems := importedRules(b)
		if len(problems) > 0 {
			return nil, problems
		}
		return marshalArray(items), ruleSetProblems(items, at, cur)
	case rules.AreasKey:
		if len(b) > MaxAreasBody {
			return nil, []string{"larger than the areas' limit of " + model.LimitText(MaxAreasBody)}
		}
		var c featureCollection
		if json.Unmarshal(b, &c) != nil || c.Type != "FeatureCollection" {
			return nil, []string{"Areas are stored as a GeoJSON FeatureCollection"}
		}
		features, problems := importedAreas(b)
		coll := marshalCollection(features)
		return coll, append(problems, rules.AreaProblems(coll)...)
	}
	return restorableLists(b)
}

// restorableLists validates a watchlists backup as the lists' writes do: at most
// watchlist.MaxLists lists, each id of watchlist.IDPattern, at most watchlist.MaxEntries
// entries a list, each an ICAO address (normalised as stored) once.
func restorableLists(b []byte) ([]byte, []string) {
	if len(b) > watchlist.MaxBody {
		return nil, []string{"larger than the watchlists' limit of " + model.LimitText(watchlist.MaxBody)}
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, []string{watchlist.ErrNotObject.Error()}
	}
	lists, err := watchlist.Decode(b)
	if err != nil {
		return nil, []string{err.Error()}
	}
	var problems []string
	if len(lists) > watchlist.MaxLists {
		problems = append(problems, watchlist.ErrTooManyLists.Error())
	}
	for _, id := range lists.IDs() {
		l := lists[id]
		if !watchlist.IDPattern.MatchString(id) {
			problems = append(problems, fmt.Sprintf("Watchlist '%s': a watchlist id is 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit", id))
		}
		if len(l.Entries) > watchlist.MaxEntries {
			problems = append(problems, fmt.Sprintf("Watchlist '%s': %s", id, watchlist.ErrTooManyEntries))
		}
		seen := make(map[string]bool, len(l.Entries))
		for i, e := range l.Entries {
			e, err := watchlist.CheckEntry(e)
			if err != nil {
				problems = append(problems, fmt.Sprintf("Watchlist '%s' entry #%d: %v", id, i, err))
				continue
			}
			if seen[e.IcaoHex] {
				problems = append(problems, fmt.Sprintf("Watchlist '%s' entry #%d: '%s' is on the list twice", id, i, e.IcaoHex))
			}
			seen[e.IcaoHex] = true
			l.Entries[i] = e
		}
	}
	return lists.Encode(), problems
}
