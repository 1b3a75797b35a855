package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/keeper"
)

// Traffic is what the API asks of the traffic keeper (keeper.Traffic): its state for the map,
// its messages for a rule test, where an aircraft was for a match.
type Traffic interface {
	Snapshot(wall time.Time) keeper.Snapshot
	Each(fn func(m *model.AircraftMessage)) int
}

// Matches is what the API asks of the kept matches (keeper.Matches): a page of them.
type Matches interface {
	Page(ctx context.Context, q keeper.Query) keeper.Page
}

func (s *Server) getTraffic(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, s.traffic.Snapshot(s.now()))
}

// getMatches answers the kept notifications, newest first: ?rule=ID one rule's, ?state=sent
// or held only those delivered so, ?before=ID those older than an entry (paging), ?limit=N at
// most N (default 100, at most 1,000).
func (s *Server) getMatches(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	query := keeper.Query{Rule: q.Get("rule"), State: q.Get("state"), Before: q.Get("before"), Limit: keeper.DefaultMatchesLimit}
	var errs []FieldError
	if query.State != "" && query.State != "sent" && query.State != "held" {
		errs = append(errs, FieldError{Loc: []any{"query", "state"}, Msg: "state must be sent or held", Type: "value_error"})
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > keeper.MaxMatchesLimit {
			errs = append(errs, FieldError{Loc: []any{"query", "limit"}, Msg: fmt.Sprintf("limit must be an integer from 1 to %d", keeper.MaxMatchesLimit), Type: "value_error"})
		}
		query.Limit = n
	}
	if query.Before != "" && !keeper.StreamID.MatchString(query.Before) {
		errs = append(errs, FieldError{Loc: []any{"query", "before"}, Msg: "before must be a match id (like 1764133200000-0)", Type: "value_error"})
	}
	if errs != nil {
		write422(w, errs)
		return
	}
	writeJSON(w, http.StatusOK, s.matches.Page(r.Context(), query))
}
