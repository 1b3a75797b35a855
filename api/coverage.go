package api

import (
	"errors"
	"net/http"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// noHome is the coverage's answer without HOME_LAT and HOME_LON: 409, the server's settings
// (not the request) are what is missing.
const noHome = "No home: set HOME_LAT and HOME_LON for the API (tracker-config-api) to measure the reach from"

// getCoverage is the receiver's reach over a range (CONTRACT.md 13.4): per 10° sector of true
// bearing from home, the farthest kept track point of the flights begun in it.
func (s *Server) getCoverage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, to, err := flightlog.Range(q.Get("from"), q.Get("to"), s.zone(), s.now())
	if err != nil {
		var pe *flightlog.ParamError
		if errors.As(err, &pe) {
			write422(w, []FieldError{{Loc: []any{"query", pe.Param}, Msg: pe.Msg, Type: "value_error"}})
			return
		}
		s.flightLogError(w, err)
		return
	}
	if s.opts.Home == nil {
		writeDetail(w, http.StatusConflict, noHome)
		return
	}
	l, done := s.flightLog(w, r)
	if l == nil {
		return
	}
	defer done()
	reach, err := l.Coverage(r.Context(), from, to, *s.opts.Home)
	if err != nil {
		s.flightLogError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, reach)
}
