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
)

// ErrConflict means the watched keys changed under a save too many times in a row.
var ErrConflict = errors.New("concurrent modification; try again")

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

// NewStore builds the store; backupDir may be empty (no backup files).
func NewStore(c rueidis.Client, backupDir string, log zerolog.Logger) *Store {
	return &Store{c: c, backupDir: backupDir, log: log}
}

// bodies reads config:rules and config:areas.
func (s *Store) bodies(ctx context.Context) (rulesBody, areasBody []byte, err error) {
	res := s.c.DoMulti(ctx, s.c.B().Get().Key(rules.RulesKey).Build(), s.c.B().Get().Key(rules.AreasKey).Build())
	return bodyOf(res[0], &err), bodyOf(res[1], &err), err
}

func bodyOf(r rueidis.RedisResult, errp *error) []byte {
	v, err := r.ToString()
	if err != nil && !rueidis.IsRedisNil(err) && *errp == nil {
		*errp = err
	}
	return []byte(v)
}

// mutate runs one guarded write of key: fn gets the current bodies and returns the new body
// of key (or an error, which aborts with nothing written).
func (s *Store) mutate(ctx context.Context, key string, fn func(rulesBody, areasBody []byte) ([]byte, error)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for attempt := 0; attempt < 20; attempt++ {
		var body []byte
		aborted := false
		err := s.c.Dedicated(func(d rueidis.DedicatedClient) error {
			if err := d.Do(ctx, d.B().Watch().Key(rules.RulesKey, rules.AreasKey).Build()).Error(); err != nil {
				return err
			}
			res := d.DoMulti(ctx, d.B().Get().Key(rules.RulesKey).Build(), d.B().Get().Key(rules.AreasKey).Build())
			var rerr error
			rb, ab := bodyOf(res[0], &rerr), bodyOf(res[1], &rerr)
			if rerr != nil {
				_ = d.Do(ctx, d.B().Unwatch().Build())
				return rerr
			}
			current, what := rb, "rules"
			if key == rules.AreasKey {
				current, what = ab, "areas"
			}
			if err := checkPrecondition(ctx, what, current); err != nil {
				_ = d.Do(ctx, d.B().Unwatch().Build())
				return err
			}
			var err error
			if body, err = fn(rb, ab); err != nil {
				_ = d.Do(ctx, d.B().Unwatch().Build())
				return err
			}
			out := d.DoMulti(ctx,
				d.B().Multi().Build(),
				d.B().Set().Key(key).Value(string(body)).Build(),
				d.B().Set().Key(key+":version").Value(rules.Version(body)).Build(),
				d.B().Exec().Build())
			exec := out[len(out)-1]
			if err := exec.Error(); err != nil {
				if rueidis.IsRedisNil(err) {
					aborted = true
					return nil
				}
				return err
			}
			return nil
		})
		if err != nil {
			return err
		}
		if !aborted {
			if p := preconditionOf(ctx); p != nil {
				p.etag = etag(body)
			}
			s.backup(key, body)
			return nil
		}
	}
	return ErrConflict
}

func backupName(key string) string {
	if key == rules.RulesKey {
		return "rules-backup.json"
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

// Startup repairs and backs up each set: a body without version gets one; no body but a
// backup restores both in one transaction (a corrupt backup is logged and ignored); a body
// without a backup file gets one. An existing backup is never overwritten here.
func (s *Store) Startup(ctx context.Context) error {
	for _, key := range []string{rules.RulesKey, rules.AreasKey} {
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
