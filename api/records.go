package api

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// The flight log's records and rankings (CONTRACT.md 13.4), over the same filter as the list
// (from, to and the rest; a range of any number of days); every row through the reader's
// privacy, as the list's.

func (s *Server) recordRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/flights/records", s.getFlightRecords)
	mux.HandleFunc("GET /api/flights/top", s.getFlightTops)
}

func (s *Server) getFlightRecords(w http.ResponseWriter, r *http.Request) {
	l, done, f, ok := s.flightRequest(w, r, false)
	if !ok {
		return
	}
	defer done()
	rec, err := l.Records(r.Context(), f)
	if err != nil {
		s.flightLogError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

func (s *Server) getFlightTops(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var bad []FieldError
	by := q.Get("by")
	if !slices.Contains(flightlog.TopBy, by) {
		bad = append(bad, FieldError{Loc: []any{"query", "by"}, Msg: "value must be one of " + strings.Join(flightlog.TopBy, ", "), Type: "enum"})
	}
	limit := flightlog.DefaultTop
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > flightlog.MaxTop {
			bad = append(bad, FieldError{Loc: []any{"query", "limit"}, Msg: "value must be an integer from 1 to " + strconv.Itoa(flightlog.MaxTop), Type: "int_range"})
		}
		limit = n
	}
	l, done, f, ok := s.flightRequest(w, r, false, bad...)
	if !ok {
		return
	}
	defer done()
	tops, err := l.Tops(r.Context(), f, by, limit)
	var pe *flightlog.ParamError
	if errors.As(err, &pe) {
		write422(w, []FieldError{{Loc: []any{"query", pe.Param}, Msg: pe.Msg, Type: "value_error"}})
		return
	}
	if err != nil {
		s.flightLogError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, tops)
}
