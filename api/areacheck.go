package api

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// POST /api/areas/check: the UI's import into the set checks every candidate area before
// anything is written and shows each one's problems next to it. Body: a JSON array of flat
// areas (as POST /api/areas takes them); answer: one entry per item, in order, with the API's
// validation texts (what a POST would answer: 422 entries, then the engine's refusal of a
// Polygon). Nothing is written.

type areaCheck struct {
	Index      int      `json:"index"`
	Identifier string   `json:"identifier,omitempty"`
	Problems   []string `json:"problems"`
}

func (s *Server) checkAreaItems(w http.ResponseWriter, r *http.Request) {
	body, ok := readBodyLimit(w, r, MaxAreasBody)
	if !ok {
		return
	}
	var items []json.RawMessage
	if json.Unmarshal(body, &items) != nil {
		write422(w, []FieldError{{Loc: []any{"body"}, Msg: "body must be a JSON array of areas", Type: "list_type"}})
		return
	}
	out := make([]areaCheck, 0, len(items))
	for i, it := range items {
		c := areaCheck{Index: i, Problems: []string{}}
		a, errs := validateArea(it)
		for _, e := range errs {
			c.Problems = append(c.Problems, fmt.Sprintf("%s: %s", locText(e.Loc), e.Msg))
		}
		if a != nil {
			c.Identifier = a.Identifier
			if isPolygon(toFeature(a)) {
				if _, err := rules.PolygonFromGeometry(a.Geometry); err != nil {
					c.Problems = append(c.Problems, fmt.Sprintf("Area '%s' failed validation: %v", a.Identifier, err))
				}
			}
		}
		out = append(out, c)
	}
	writeJSON(w, http.StatusOK, out)
}

// GET /api/rule-status: for the rules table's badges, whether each stored rule is enabled and,
// if it is, whether its date conditions let it fire now, by the engine's own reading of them.
type ruleStatus struct {
	Identifier string `json:"identifier"`
	Enabled    bool   `json:"enabled"`
	Active     bool   `json:"active"`
	Reason     string `json:"reason,omitempty"` // why an enabled rule cannot fire now: "before 2026-12-01"
}

func (s *Server) ruleStatus(w http.ResponseWriter, r *http.Request) {
	c := s.rulesCollection()
	items, ok := s.stored(c, w, r)
	if !ok {
		return
	}
	now := s.now()
	out := make([]ruleStatus, 0, len(items))
	for _, it := range items {
		var rule struct {
			Identifier string            `json:"identifier"`
			Enabled    bool              `json:"enabled"`
			Conditions []json.RawMessage `json:"conditions"`
		}
		_ = json.Unmarshal(it, &rule)
		st := ruleStatus{Identifier: rule.Identifier, Enabled: rule.Enabled}
		if rule.Enabled {
			st.Reason = rules.DateExcludes(rule.Conditions, now)
			st.Active = st.Reason == ""
		}
		out = append(out, st)
	}
	writeJSON(w, http.StatusOK, out)
}
