package api

import (
	"errors"
	"io"
	"io/fs"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// The flight log's readers (CONTRACT.md 13.3): the rows of a range with filters and cursor
// paging, statistics, and the CSV export; the file opened read-only (a reader never blocks
// watch's writes) through a flightlog.Reader, which opens the file that is there now (a file
// moved aside or made again is read anew at the next request). The registrant is shown and
// searched as this server's REGISTRANT_DETAIL (and an owner's opt-out) allows, whatever the
// writer stored. No answer names a path of the server's.

// noFlightLog is the contract's text of a server with no flight log.
const noFlightLog = "No flight log: set FLIGHT_LOG"

// csvStall is how long the CSV export waits for a client that reads nothing before it gives
// up; a client that reads, however slowly, gets every row (the server's write timeout does not
// cut the export).
const csvStall = time.Minute

func (s *Server) flightRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/flights", s.getFlights)
	mux.HandleFunc("GET /api/flights/stats", s.getFlightStats)
	mux.HandleFunc("GET /api/flights.csv", s.getFlightsCSV)
}

// flightReader is the reader of FLIGHT_LOG (nil: none set, or none).
func flightReader(o Options) *flightlog.Reader {
	if o.FlightLog == "" || strings.EqualFold(o.FlightLog, flightlog.Off) {
		return nil
	}
	return flightlog.NewReader(o.FlightLog, flightlog.ReadOptions{Privacy: flightlog.Privacy{Detail: o.RegistrantDetail, OptedOut: o.OptOut.Stored()}})
}

// flightLog is the open log and the end of its use, or 503 written and nil.
func (s *Server) flightLog(w http.ResponseWriter, r *http.Request) (*flightlog.Log, func()) {
	if s.flights == nil {
		writeDetail(w, http.StatusServiceUnavailable, noFlightLog)
		return nil, nil
	}
	l, done, err := s.flights.Use(r.Context())
	if err != nil {
		s.flightLogError(w, err)
		return nil, nil
	}
	return l, done
}

// zone is NOTIFY_TIMEZONE (config gives the process's zone when it is unset).
func (s *Server) zone() *time.Location { return model.Zone(s.opts.Zone) }

// flightFilter reads the query (422 naming each bad parameter).
func (s *Server) flightFilter(q url.Values, paging bool) (flightlog.Filter, []FieldError) {
	var f flightlog.Filter
	var errs []FieldError
	bad := func(name, msg, typ string) {
		errs = append(errs, FieldError{Loc: []any{"query", name}, Msg: msg, Type: typ})
	}
	var err error
	if f.From, f.To, err = flightlog.Range(q.Get("from"), q.Get("to"), s.zone(), s.now()); err != nil {
		var pe *flightlog.ParamError
		if errors.As(err, &pe) {
			bad(pe.Param, pe.Msg, "value_error")
		}
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
		if err != nil || math.IsNaN(n) || n < 0 || n > 1000 {
			bad("max_nm", "value must be a number of nautical miles from 0 to 1000", "float_parsing")
		}
		f.MaxNM = &n
	}
	f.Zone = s.zone()
	lowFilter(q, &f, bad)
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

// flightRequest is a reader's filter and the log (with the end of its use), or false with the
// 422 or 503 written; more are the request's other bad parameters.
func (s *Server) flightRequest(w http.ResponseWriter, r *http.Request, paging bool, more ...FieldError) (*flightlog.Log, func(), flightlog.Filter, bool) {
	f, errs := s.flightFilter(r.URL.Query(), paging)
	if errs = append(errs, more...); len(errs) > 0 {
		write422(w, errs)
		return nil, nil, f, false
	}
	l, done := s.flightLog(w, r)
	return l, done, f, l != nil
}

func (s *Server) getFlights(w http.ResponseWriter, r *http.Request) {
	l, done, f, ok := s.flightRequest(w, r, true)
	if !ok {
		return
	}
	defer done()
	rows, next, err := l.Page(r.Context(), f)
	if errors.Is(err, flightlog.ErrCursor) {
		write422(w, []FieldError{{Loc: []any{"query", "cursor"}, Msg: err.Error(), Type: "value_error"}})
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

// lowFilter reads the low-and-close report's parameters (CONTRACT.md 13.4): sort, max_alt and
// hours; bad names each bad one.
func lowFilter(q url.Values, f *flightlog.Filter, bad func(name, msg, typ string)) {
	f.Sort = q.Get("sort")
	if err := flightlog.CheckSort(f.Sort); err != nil {
		bad("sort", "value must be one of "+strings.Join(flightlog.Sorts, ", "), "enum")
	}
	if v := q.Get("max_alt"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < -2000 || n > 100000 {
			bad("max_alt", "value must be an integer number of feet from -2000 to 100000", "int_parsing")
		}
		f.MaxAlt = &n
	}
	if v := q.Get("hours"); v != "" {
		h, err := flightlog.ParseHours(v)
		var pe *flightlog.ParamError
		if errors.As(err, &pe) {
			bad("hours", pe.Msg, "value_error")
		}
		f.Hours = h
	}
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
	l, done, f, ok := s.flightRequest(w, r, false, bad...)
	if !ok {
		return
	}
	defer done()
	stats, err := l.Stats(r.Context(), f, by, s.zone())
	var pe *flightlog.ParamError
	if errors.As(err, &pe) { // a range too long for by=hour
		write422(w, []FieldError{{Loc: []any{"query", pe.Param}, Msg: pe.Msg, Type: "value_error"}})
		return
	}
	if err != nil {
		s.flightLogError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, stats)
}

// getFlightsCSV streams every row of the filter as CSV (streamExport).
func (s *Server) getFlightsCSV(w http.ResponseWriter, r *http.Request) {
	s.streamExport(w, r, "text/csv; charset=utf-8", "csv", func(l *flightlog.Log, f flightlog.Filter, out io.Writer) error {
		cw, err := flightlog.NewCSVWriter(out, s.zone())
		if err == nil {
			err = l.Each(r.Context(), f, cw.Write)
		}
		if err == nil {
			err = cw.Flush()
		}
		return err
	})
}

// streamExport streams an export of the request's filter, however long it takes: its own write
// deadline, moved on as the client reads, so that the server's write timeout never cuts it. It
// is named after the range's first day. A failure before any byte is a 503; after, the
// connection is closed without the chunked body's end, so that no client takes a cut export
// for a whole one.
func (s *Server) streamExport(w http.ResponseWriter, r *http.Request, mime, ext string, write func(*flightlog.Log, flightlog.Filter, io.Writer) error) {
	l, done, f, ok := s.flightRequest(w, r, false)
	if !ok {
		return
	}
	defer done()
	out := &exportWriter{w: w, rc: http.NewResponseController(w)}
	out.extend()
	w.Header().Set("Content-Type", mime)
	day := f.To.Add(-time.Millisecond).In(s.zone()).Format(time.DateOnly)
	if !f.From.IsZero() {
		day = f.From.In(s.zone()).Format(time.DateOnly)
	}
	w.Header().Set("Content-Disposition", `attachment; filename="flights-`+day+`.`+ext+`"`)
	err := write(l, f, out)
	if err == nil {
		return
	}
	if out.n == 0 && r.Context().Err() == nil {
		s.flightLogError(w, err)
		return
	}
	s.log.Warn().Err(err).Int64("bytes", out.n).Str("export", ext).Msg("flights export cut short: the connection is closed unfinished")
	panic(http.ErrAbortHandler)
}

// exportWriter writes a long answer, moving its write deadline on as it goes.
type exportWriter struct {
	w        io.Writer
	rc       *http.ResponseController
	n        int64
	extended time.Time
}

func (e *exportWriter) extend() {
	e.extended = time.Now()
	_ = e.rc.SetWriteDeadline(e.extended.Add(csvStall)) // not supported (a test's recorder): no deadline to move
}

func (e *exportWriter) Write(p []byte) (int, error) {
	if time.Since(e.extended) > time.Second {
		e.extend()
	}
	n, err := e.w.Write(p)
	e.n += int64(n)
	return n, err
}

// flightLogError answers 503: the log cannot be read, and why in words that name no file
// (the server's log has the details).
func (s *Server) flightLogError(w http.ResponseWriter, err error) {
	s.log.Warn().Err(err).Msg("the flight log cannot be read")
	why := "see the server's log"
	switch {
	case errors.Is(err, fs.ErrNotExist):
		writeDetail(w, http.StatusServiceUnavailable, "No flight log yet: tracker-rules watch writes it (FLIGHT_LOG)")
		return
	case errors.Is(err, flightlog.ErrNewer):
		why = "it was written by a newer version"
	case errors.Is(err, flightlog.ErrOlder):
		why = "it is of an older version: start tracker-rules watch once to migrate it"
	case errors.Is(err, flightlog.ErrForeign):
		why = "FLIGHT_LOG names a file that is not a flight log"
	case flightlog.IsDamaged(err):
		why = "it is damaged (tracker-rules watch moves it aside and starts a new one)"
	}
	writeDetail(w, http.StatusServiceUnavailable, "The flight log cannot be read: "+why)
}
