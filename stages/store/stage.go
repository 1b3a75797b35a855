package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Stage is the store loop: every tick one round trip with INFO everything, MEMORY STATS and
// the two version keys; then store_connected, the store statistics and the config versions.
type Stage struct {
	conn    *Conn
	catalog *catalog.Catalog
	log     zerolog.Logger
	outcome *pipeline.Outcome

	// Rule event entities follow config:rules, read once each time its version changes.
	ruleEvents   *catalog.RuleEvents
	rulesVersion string
	rulesRead    bool
}

// NewStage builds the store stage; health may be nil.
func NewStage(conn *Conn, c *catalog.Catalog, report func(ok bool), log zerolog.Logger) *Stage {
	return &Stage{conn: conn, catalog: c, log: log, outcome: pipeline.NewOutcome("store poll", log, report, authHint),
		ruleEvents: catalog.NewRuleEvents()}
}

// Start runs the store loop on ticks (pipeline.Poll): its readings, and the function that
// runs it, which closes them when it ends.
func (s *Stage) Start(ticks <-chan time.Time) (<-chan pipeline.Shared[model.Batch], func(context.Context) error) {
	return pipeline.Poll[pipeline.Shared[model.Batch]]{
		Cycle: func(ctx context.Context) (pipeline.Shared[model.Batch], bool) {
			return pipeline.Own(s.Cycle(ctx)), true
		},
	}.Start(ticks, 2)
}

// Cycle performs one store poll, within the connection's timeout: a store that hangs fails
// the cycle before the next tick.
func (s *Stage) Cycle(ctx context.Context) model.Batch {
	ctx, cancel := context.WithTimeout(ctx, s.conn.Timeout())
	defer cancel()
	c := s.catalog
	info, keys, versions, err := s.poll(ctx)
	s.outcome.Record(err)
	batch := model.Batch{model.BoolState(c.General(catalog.StoreConnected), err == nil)}
	if err != nil {
		return batch
	}
	for _, st := range Statistics(info, keys.n, keys.ok) {
		if e := c.Entity(GroupName, st.Field); e != nil {
			st.Value.Entity = e
			batch = append(batch, st.Value)
		}
	}
	for i, field := range []string{catalog.RulesVersion, catalog.AreasVersion} {
		if v := versions[i]; v != "" {
			batch = append(batch, model.TextState(c.General(field), model.ShortVersion(v)))
		}
	}
	return append(batch, s.ruleEventReadings(ctx, versions[0])...)
}

// ruleEventReadings reads config:rules when its version changed (and once at start) and
// returns the event entity readings that follow it; a failed read is retried next cycle.
func (s *Stage) ruleEventReadings(ctx context.Context, version string) model.Batch {
	if s.rulesRead && version == s.rulesVersion {
		return nil
	}
	cl, err := s.conn.Client(ctx)
	if err != nil {
		return nil
	}
	body, err := cl.Do(ctx, cl.B().Get().Key(rules.RulesKey).Build()).ToString()
	if err != nil && !rueidis.IsRedisNil(err) {
		s.log.Debug().Err(err).Msg("config:rules unreadable; rule event entities unchanged")
		return nil
	}
	b, err := s.ruleEvents.Update([]byte(body))
	if err != nil {
		s.log.Warn().Err(err).Msg("config:rules unusable; rule event entities unchanged")
	}
	s.rulesVersion, s.rulesRead = version, true
	return b
}

type optInt struct {
	n  int64
	ok bool
}

// poll runs INFO everything, MEMORY STATS and the two version GETs in one round trip. A
// failure of INFO fails the poll; MEMORY STATS or a version key that cannot be read is only
// skipped.
func (s *Stage) poll(ctx context.Context) (map[string]string, optInt, [2]string, error) {
	var versions [2]string
	cl, err := s.conn.Client(ctx)
	if err != nil {
		return nil, optInt{}, versions, err
	}
	res := cl.DoMulti(ctx,
		cl.B().Info().Section("everything").Build(),
		cl.B().Arbitrary("MEMORY", "STATS").Build(),
		cl.B().Get().Key(rules.RulesVersionKey).Build(),
		cl.B().Get().Key(rules.AreasVersionKey).Build(),
	)
	text, err := res[0].ToString()
	if err != nil {
		return nil, optInt{}, versions, fmt.Errorf("INFO everything: %w", err)
	}
	var keys optInt
	if msg, err := res[1].ToMessage(); err == nil {
		if n, err := KeysCount(msg); err == nil {
			keys = optInt{n, true}
		} else {
			s.log.Debug().Err(err).Msg("keys.count skipped")
		}
	} else {
		s.log.Debug().Err(err).Msg("MEMORY STATS failed; keys_count skipped")
	}
	// A version key that is absent, empty or unreadable (an error reply, a key of another
	// type) is skipped: never published as a version.
	for i := range versions {
		v, err := res[2+i].ToString()
		if err != nil {
			if !rueidis.IsRedisNil(err) {
				s.log.Debug().Err(err).Msg("version key unreadable; skipped")
			}
			continue
		}
		versions[i] = strings.TrimSpace(v)
	}
	return ParseInfo(text), keys, versions, nil
}

// authHint explains a NOAUTH or WRONGPASS reply.
func authHint(err error) string {
	if isAuthError(err) {
		return "STORE_PASSWORD must be the default user's password"
	}
	return ""
}

func isAuthError(err error) bool {
	var re *rueidis.RedisError
	if errors.As(err, &re) {
		msg := re.Error()
		return strings.HasPrefix(msg, "NOAUTH") || strings.HasPrefix(msg, "WRONGPASS")
	}
	return false
}
