package api

import (
	"context"
	"encoding/json"
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
// written together in MULTI/EXEC guarded by WATCH, and serialised in-process.
type Store struct {
	c         rueidis.Client
	mu        sync.Mutex
	backupDir string
	log       zerolog.Logger
}

// NewStore builds the store; backupDir may be empty (no backup files). Every call it makes
// is bounded (Bounded): a store that does not answer is a 500, never a request left hanging.
func NewStore(c rueidis.Client, backupDir string, log zerolog.Logger) *Store {
	return &Store{c: Bounded(c), backupDir: backupDir, log: log}
}

// bodies reads the stored bodies (rules, areas, watchlists).
func (s *Store) bodies(ctx context.Context) (*rules.Snapshot, error) {
	return rules.ReadConfig(ctx, s.c)
}

// mutate runs one guarded write of key (rules.Update), serialised in-process: fn gets the
// current bodies and returns the new body of key (or an error, which aborts with nothing
// written); a write whose If-Match names another version of key's set is refused (412).
func (s *Store) mutate(ctx context.Context, key string, fn func(cur *rules.Snapshot) ([]byte, error)) error {
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

func bodyOf(r rueidis.RedisResult, errp *error) []byte {
	v, err := r.ToString()
	if err != nil && !rueidis.IsRedisNil(err) && *errp == nil {
		*errp = err
	}
	return []byte(v)
}

// Startup repairs and backs up each set: a body without version gets one; no body but a
// backup restores both in one transaction (a corrupt backup is logged and ignored); a body
// without a backup file gets one. An existing backup is never overwritten here. It runs
// between writes (serialised with them): the API may serve before the store first answers,
// and this runs once it does.
func (s *Store) Startup(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, key := range []string{rules.RulesKey, rules.AreasKey, watchlist.Key} {
		res := s.c.DoMulti(ctx, s.c.B().Get().Key(key).Build(), s.c.B().Get().Key(key+":version").Build())
		var err error
		body, ver := bodyOf(res[0], &err), bodyOf(res[1], &err)
		if err != nil {
			return fmt.Errorf("startup: %w", err)
		}
		var path string
		if s.backupDir != "" {
			path = filepath.Join(s.backupDir, backupName(key))
		}
		switch {
		case len(body) > 0 && len(ver) == 0:
			if err := s.c.Do(ctx, s.c.B().Set().Key(key+":version").Value(rules.Version(body)).Build()).Error(); err != nil {
				return fmt.Errorf("startup: %w", err)
			}
			s.log.Info().Str("key", key).Msg("version key set from the stored body")
		case len(body) == 0 && path != "":
			b, err := os.ReadFile(path)
			if err != nil {
				continue
			}
			if !json.Valid(b) {
				s.log.Warn().Str("path", path).Msg("corrupt backup ignored")
				continue
			}
			res := s.c.DoMulti(ctx, s.c.B().Multi().Build(), s.c.B().Set().Key(key).Value(string(b)).Build(),
				s.c.B().Set().Key(key+":version").Value(rules.Version(b)).Build(), s.c.B().Exec().Build())
			if err := res[3].Error(); err != nil {
				return fmt.Errorf("startup restore: %w", err)
			}
			s.log.Info().Str("key", key).Str("path", path).Msg("restored from backup")
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

// triggerCounts returns lifetime and last-30-days counts per rule id; a store error gives
// zeros, never a failure.
func (s *Store) triggerCounts(ctx context.Context, ids []string, now time.Time) map[string][2]int64 {
	out := make(map[string][2]int64, len(ids))
	if len(ids) == 0 {
		return out
	}
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
	for d := range 32 {
		keys = append(keys, rules.TriggerDayKey(id, now.AddDate(0, 0, -d)))
	}
	if err := s.c.Do(ctx, s.c.B().Del().Key(keys...).Build()).Error(); err != nil {
		s.log.Warn().Err(err).Str("rule", id).Msg("trigger keys not deleted")
	}
}
