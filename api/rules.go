package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// The rules, element by element of config:rules (CONTRACT.md 8): every save validates the whole
// set strictly against the stored areas; answers carry each rule's trigger counts.

const rulesKey = rules.RulesKey

func (s *Server) rulesCollection() *collection {
	return &collection{
		key: rulesKey, noun: "Rule", path: "/api/rules",
		parse: parseRules, id: ruleID,
		decode: func(w http.ResponseWriter, r *http.Request) (string, json.RawMessage, bool) {
			rule, stored, ok := ruleBody(w, r)
			if !ok {
				return "", nil, false
			}
			return rule.Identifier, stored, true
		},
		check: func(items []json.RawMessage, _ string, item json.RawMessage, cur *rules.Snapshot) ([]byte, error) {
			refs, err := storedRefs(cur)
			if err != nil {
				return nil, err
			}
			if errs := unknownWatchlists(item, refs.Watchlists); errs != nil {
				return nil, fieldErrors(errs)
			}
			if err := checkRulesWith(items, refs); err != nil {
				return nil, err
			}
			return marshalArray(items), nil
		},
		show: func(ctx context.Context, items []json.RawMessage) []any { return s.withCounts(ctx, items) },
		created: func(ctx context.Context, item json.RawMessage) any {
			out := s.withCounts(ctx, []json.RawMessage{item})[0].(map[string]any)
			out["triggered_lifetime"], out["triggered_last_30_days"] = 0, 0
			return out
		},
		afterDelete: func(ctx context.Context, id string) { s.store.deleteTriggers(ctx, id, s.now()) },
	}
}

// ruleBody reads and validates a rule body and renders it as stored; it answers 413/422
// itself.
func ruleBody(w http.ResponseWriter, r *http.Request) (*StoredRule, json.RawMessage, bool) {
	body, ok := readBody(w, r)
	if !ok {
		return nil, nil, false
	}
	rule, errs := validateRule(body)
	if errs != nil {
		write422(w, errs)
		return nil, nil, false
	}
	stored, _ := json.Marshal(rule)
	return rule, stored, true
}

func parseRules(body []byte) ([]json.RawMessage, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(body, &items); err != nil {
		return nil, fmt.Errorf("%w: stored rules are not a JSON array: %v", errCorrupt, err)
	}
	return items, nil
}

// rulesNaming is rules.Naming on a stored rules body (enabled or not; a corrupt body names none).
func rulesNaming(body []byte, typ, id string) []string {
	items, _ := parseRules(body)
	return rules.Naming(items, typ, id)
}

func ruleID(raw json.RawMessage) string {
	var r struct {
		Identifier string `json:"identifier"`
	}
	_ = json.Unmarshal(raw, &r)
	return r.Identifier
}

// withCounts adds triggered_lifetime and triggered_last_30_days to rule objects.
func (s *Server) withCounts(ctx context.Context, items []json.RawMessage) []any {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = ruleID(it)
	}
	counts := s.store.triggerCounts(ctx, ids, s.now())
	out := make([]any, 0, len(items))
	for i, it := range items {
		var m map[string]any
		d := json.NewDecoder(bytes.NewReader(it))
		d.UseNumber()
		if d.Decode(&m) != nil || m == nil {
			continue
		}
		c := counts[ids[i]]
		m["triggered_lifetime"], m["triggered_last_30_days"] = c[0], c[1]
		if w := rules.RegistrantWarnings(it, s.owner()); len(w) > 0 {
			m["warnings"] = w // saved, but never matching here: said, with what would
		}
		out = append(out, m)
	}
	return out
}

// owner is what the registrant conditions can see here: the database's registrant types, and
// whether REGISTRANT_DETAIL makes any registrant.
func (s *Server) owner() rules.Owner {
	o := rules.Owner{None: s.opts.RegistrantDetail == model.DetailNone}
	if s.opts.AircraftDB != nil {
		if db := s.opts.AircraftDB.Current(); db != nil {
			o.Types = db.RegistrantTypes()
		}
	}
	return o
}

// storedRefs loads what the stored rules refer to, the areas and the watchlists (none when
// empty), as the engine does.
func storedRefs(cur *rules.Snapshot) (rules.Refs, error) {
	refs := rules.Refs{Areas: rules.Areas{}}
	if len(bytes.TrimSpace(cur.Areas)) > 0 {
		areas, err := rules.LoadAreas(cur.Areas)
		if err != nil {
			return refs, reject(http.StatusBadRequest, "%s", err.Error())
		}
		refs.Areas = areas
	}
	lists, err := watchlist.Decode(cur.Watchlists)
	if err != nil {
		return refs, fmt.Errorf("%w: %s: %v", errCorrupt, watchlist.Key, err)
	}
	refs.Watchlists = watchlist.Compile(lists)
	return refs, nil
}

// checkRulesWith validates a whole rule set strictly against what it refers to.
func checkRulesWith(items []json.RawMessage, refs rules.Refs) error {
	body, _ := json.Marshal(items)
	if _, err := rules.LoadRulesWith(body, refs, rules.Strict); err != nil {
		return reject(http.StatusBadRequest, "%s", err.Error())
	}
	return nil
}

func marshalArray(items []json.RawMessage) []byte {
	if items == nil {
		items = []json.RawMessage{}
	}
	b, _ := json.Marshal(items)
	return b
}
