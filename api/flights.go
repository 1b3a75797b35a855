package api

import (
	"errors"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// The flight log's readers (CONTRACT.md 13.3): the rows of a range with filters and cursor
// paging, statistics, and the CSV export; the file opened read-only (a reader never blocks
// watch's writes), once it exists.

// noFlightLog is the contract's text of a server with no flight log.
const noFlightLog = "No flight log: set FLIGHT_LOG"

// flightLogs opens the flight log once it is there.
type flightLogs struct {
	mu  sync.Mutex
	log *flightlog.Log
}

func (s *Server) flightRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/flights", s.getFlights)
	mux.HandleFunc("GET /api/flights/stats", s.getFlightStats)
	mux.HandleFunc("GET /api/flights.csv", s.getFlightsCSV)
}

// flightLog is the open log, or 503 written and nil.
func (s *Server) flightLog(w http.ResponseWriter, r *http.Request) *flightlog.Log {
	path := s.opts.FlightLog
	if path == "" || strings.EqualFold(path, flightlog.Off) {
		writeDetail(w, http.StatusServiceUnavailable, noFlightLog)
		return nil
	}
	s.flights.mu.Lock()
	defer s.flights.mu.Unlock()
	if s.flights.log == nil {
		l, err := flightlog.OpenReadOnly(r.Context(), path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			writeDetail(w, http.StatusServiceUnavailable, "No flight log yet: "+path+" is written by tracker-rules watch")
			return nil
		case err != nil:
			s.log.Warn().Err(err).Msg("the flight log cannot be read")
			writeDetail(w, http.StatusServiceUnavailable, "The flight log cannot be read: "+err.Error())
			return nil
		}
		s.flights.log = l
	}
	return s.flights.log
}

// flightFilter reads the query (422 naming each bad parameter).
func (s *Server) flightFilter(q url.Values, paging bool) (flightlog.Filter, []FieldError) {
	zone := s.opts.Zone
	if zone == nil {
		zone = time.Local
	}
	var f flightlog.Filter
	var errs []FieldError
	bad := func(name, msg, typ string) {
		errs = append(errs, FieldError{Loc: []any{"query", name}, Msg: msg, Type: typ})
	}
	f.From, f.To = flightlog.DayOf(s.now(), zone)
	if v := q.Get("from"); v != "" {
		t, err := flightlog.ParseWhen(v, zone, false)
		if err != nil {
			bad("from", err.Error(), "datetime_parsing")
		}
		f.From = t
		if q.Get("to") == "" {
			_, f.To = flightlog.DayOf(t, zone)
		}
	}
	if v := q.Get("to"); v != "" {
		t, err := flightlog.ParseWhen(v, zone, true)
		if err != nil {
			bad("to", err.Error(), "datetime_parsing")
		}
		f.To = t
	}
	if len(errs) == 0 && !f.To.After(f.From) {
		bad("to", "to must be after from", "value_error")
	}
	f.Q, f.Operator, f.Type, f.Rule, f.Watchlist = q.Get("q"), q.Get("operator"), q.Get("type"), q.Get("rule"), q.Get("watchlist")
	for _, b := range []struct {
		name string
		dst  **bool
	}{{"military", &f.Military}, {"emergency", &f.Emergency}} {
		if v := q.Get(b.name); v != "" {
			x, err := strconv.ParseBool(v)
			if err != nil {
				bad(b.name, "value must be true or false", "bool_parsing")
			}
			*b.dst = &x
		}
	}
	if v := q.Get("max_nm"); v != "" {
		n, err := strconv.ParseFloat(v, 64)
		if err != nil || n < 0 || n > 1000 {
			bad("max_nm", "value must be a number of nautical miles from 0 to 1000", "float_parsing")
		}
		f.MaxNM = &n
	}
	if paging {
		if v := q.Get("limit"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > flightlog.MaxLimit {
				bad("limit", "value must be an integer from 1 to 500", "int_range")
			}
			f.Limit = n
		}
		f.Cursor = q.Get("cursor")
	}
	return f, errs
}

// flightRequest is a reader's filter and the log, or false with the 422 or 503 written; more
// are the request's other bad parameters.
func (s *Server) flightRequest(w http.ResponseWriter, r *http.Request, paging bool, more ...FieldError) (*flightlog.Log, flightlog.Filter, bool) {
	f, errs := s.flightFilter(r.URL.Query(), paging)
	if errs = append(errs, more...); len(errs) > 0 {
		write422(w, errs)
		return nil, f, false
	}
	l := s.flightLog(w, r)
	return l, f, l != nil
}

func (s *Server) getFlights(w http.ResponseWriter, r *http.Request) {
	l, f, ok := s.flightRequest(w, r, true)
	if !ok {
		return
	}
	rows, next, err := l.Page(r.Context(), f)
	if errors.Is(err, flightlog.ErrCursor) {
		write422(w, []FieldError{{Loc: []any{"query", "cursor"}, Msg: "cursor is not one a page gave", Type: "value_error"}})
		return
	}
	if err != nil {
		s.flightLogError(w, err)
		return
	}
	out := struct {
		Flights    []flightlog.Row `json:"flights"`
		NextCursor *string         `json:"next_cursor"`
	}{Flights: rows}
	if next != "" {
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) getFlightStats(w http.ResponseWriter, r *http.Request) {
	by := r.URL.Query().Get("by")
	if by == "" {
		by = "hour"
	}
	var bad []FieldError
	if !slices.Contains(flightlog.StatsBy, by) {
		bad = append(bad, FieldError{Loc: []any{"query", "by"}, Msg: "value must be one of hour, day, operator, type, rule", Type: "enum"})
	}
	l, f, ok := s.flightRequest(w, r, false, bad...)
	if !ok {
		return
	}
	stats, err := l.Stats(r.Context(), f, by, s.opts.Zone)
	if err != nil {
		s.flightLogError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, stats)
}

func (s *Server) getFlightsCSV(w http.ResponseWriter, r *http.Request) {
	l, f, ok := s.flightRequest(w, r, false)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="flights-`+f.From.Format("2006-01-02")+`.csv"`)
	cw, err := flightlog.NewCSVWriter(w)
	if err == nil {
		err = l.Each(r.Context(), f, cw.Write)
	}
	if err == nil {
		err = cw.Flush()
	}
	if err != nil { // the status is gone: the body ends short, the log says why
		s.log.Warn().Err(err).Msg("flights.csv cut short")
	}
}

func (s *Server) flightLogError(w http.ResponseWriter, err error) {
	s.log.Warn().Err(err).Msg("the flight log cannot be read")
	writeDetail(w, http.StatusServiceUnavailable, "The flight log cannot be read: "+err.Error())
}
