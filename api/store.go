package api

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// ErrConflict means the watched keys changed under a save too many times in a row.
var ErrConflict = rules.ErrChanged

// rejectError is a save the validation refused: status and detail text.
type rejectError struct {
	status int
	detail string
}

func (e *rejectError) Error() string { return e.detail }

func reject(status int, format string, a ...any) error {
	return &rejectError{status: status, detail: fmt.Sprintf(format, a...)}
}

// Store keeps rules and areas in the data store: one blob per set plus its version key,
// written together in MULTI/EXEC guarded by WATCH, and serialised in-process. Nothing of the
// three sets is read or written before the start-up repair has run (repair.go).
type Store struct {
	c         rueidis.Client
	mu        sync.Mutex // the writes, and the start-up repair
	backupDir string
	log       zerolog.Logger
	repair    repairState
	// retryAfter is RepairAtStart's wait between tries (time.After; the tests' hook sees
	// each wait and ends it).
	retryAfter func(time.Duration) <-chan time.Time
}

// NewStore builds the store; backupDir may be empty (no backup files). Every call it makes
// is bounded (Bounded): a store that does not answer is a 500, never a request left hanging.
func NewStore(c rueidis.Client, backupDir string, log zerolog.Logger) *Store {
	return &Store{c: Bounded(c), backupDir: backupDir, log: log, retryAfter: time.After}
}

// bodies reads the stored bodies (rules, areas, watchlists), once the start-up repair has run.
func (s *Store) bodies(ctx context.Context) (*rules.Snapshot, error) {
	if err := s.ready(ctx); err != nil {
		return nil, err
	}
	return rules.ReadConfig(ctx, s.c)
}

// mutate runs one guarded write of key (rules.Update), serialised in-process: fn gets the
// current bodies and returns the new body of key (or an error, which aborts with nothing
// written); a write whose If-Match names another version of key's set is refused (412).
func (s *Store) mutate(ctx context.Context, key string, fn func(cur *rules.Snapshot) ([]byte, error)) error {
	if err := s.ready(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	body, err := rules.Update(ctx, s.c, key, func(cur *rules.Snapshot) ([]byte, error) {
		current, what := cur.Rules, "rules"
		switch key {
		case rules.AreasKey:
			current, what = cur.Areas, "areas"
		case watchlist.Key:
			current, what = cur.Watchlists, "watchlists"
		}
		if err := checkPrecondition(ctx, what, current); err != nil {
			return nil, err
		}
		return fn(cur)
	})
	if errors.Is(err, rules.ErrChanged) {
		return ErrConflict
	}
	if err != nil {
		return err
	}
	if p := preconditionOf(ctx); p != nil {
		p.etag = etag(body)
	}
	s.backup(key, body)
	return nil
}

func backupName(key string) string {
	switch key {
	case rules.RulesKey:
		return "rules-backup.json"
	case watchlist.Key:
		return "watchlists-backup.json"
	}
	return "areas-backup.json"
}

// backup writes the stored body atomically (temp file + rename); failures are only logged.
func (s *Store) backup(key string, body []byte) {
	if s.backupDir == "" {
		return
	}
	path := filepath.Join(s.backupDir, backupName(key))
	tmp, err := os.CreateTemp(s.backupDir, ".backup-*")
	if err == nil {
		_, err = tmp.Write(body)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(tmp.Name(), path)
		}
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}
	if err != nil {
		s.log.Warn().Err(err).Str("path", path).Msg("backup not written")
	}
}

// triggerCounts returns lifetime and last-30-days counts per rule id; a store error gives
// zeros, never a failure.
func (s *Store) triggerCounts(ctx context.Context, ids []string, now time.Time) map[string][2]int64 {
	out := make(map[string][2]int64, len(ids))
	if len(ids) == 0 {
		return out
	}
	now = now.UTC() // the keys' days are UTC's: days counted back in a local zone skip one across a change of its clocks
	keys := make([]string, 0, len(ids)*31)
	for _, id := range ids {
		keys = append(keys, rules.TriggerLifetimeKey(id))
		for d := range 30 {
			keys = append(keys, rules.TriggerDayKey(id, now.AddDate(0, 0, -d)))
		}
	}
	vals, err := s.c.Do(ctx, s.c.B().Mget().Key(keys...).Build()).ToArray()
	if err != nil {
		s.log.Warn().Err(err).Msg("trigger counts unreadable; reporting 0")
		return out
	}
	for i, id := range ids {
		var c [2]int64
		for j := range 31 {
			n, err := vals[i*31+j].AsInt64()
			if err != nil {
				continue
			}
			if j == 0 {
				c[0] = n
			} else {
				c[1] += n
			}
		}
		out[id] = c
	}
	return out
}

// deleteTriggers drops a rule's lifetime key and its 32 day keys; failures are ignored.
func (s *Store) deleteTriggers(ctx context.Context, id string, now time.Time) {
	keys := []string{rules.TriggerLifetimeKey(id)}
	now = now.UTC() // the keys' days are UTC's (triggerCounts)
	for d := range 32 {
		keys = append(keys, rules.TriggerDayKey(id, now.AddDate(0, 0, -d)))
	}
	if err := s.c.Do(ctx, s.c.B().Del().Key(keys...).Build()).Error(); err != nil {
		s.log.Warn().Err(err).Str("rule", id).Msg("trigger keys not deleted")
	}
}
