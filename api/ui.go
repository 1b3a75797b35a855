package api

import (
	"embed"
	"io/fs"
	"net/http"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb/shipped"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// The browser UI: plain JavaScript modules and vendored libraries (make ui-vendor), embedded
// in the binary so that the container and the demo need nothing else and no request leaves
// the server. Served, like the API, only to a signed-in browser (auth.go); every URL the
// page uses is relative, so it works under any path prefix a reverse proxy gives it.
//
//go:embed all:ui
var uiFiles embed.FS

// UIConfig is what the page needs to know of the server (GET /ui/config.json).
type UIConfig struct {
	Auth            bool   `json:"auth"` // a token is required (not CONFIG_API_TOKEN=none)
	TileURL         string `json:"tile_url,omitempty"`
	TileAttribution string `json:"tile_attribution,omitempty"`
	// Tar1090URL (CONFIG_UI_TAR1090_URL) is the user's own tar1090: the traffic card links an
	// aircraft's page there (?icao=…). Lookups says the aircraft database is there.
	Tar1090URL string `json:"tar1090_url,omitempty"`
	Lookups    bool   `json:"lookups"`
	// DataAttribution is what the shipped aircraft data's licences ask to be shown where it
	// is: the traffic card, the lookups, the rule test (set when Lookups).
	DataAttribution string `json:"data_attribution,omitempty"`
	// RegistrantTypes are the registrant types the database holds (the rule editor offers
	// them); empty without registers. A registrant carries its own register's notice
	// (attribution, CONTRACT.md 12.2): the page shows that one, never the others'.
	RegistrantTypes []string `json:"registrant_types,omitempty"`
	// RegistrantDetail is REGISTRANT_DETAIL: under none the editor offers no owner condition
	// (none could match) and says why.
	RegistrantDetail string `json:"registrant_detail"`
	// Conditions is the rules package's table of condition types, in order: per type the
	// operators it allows and its value (limits, widget, unit); the UI repeats none of it.
	Conditions     []rules.ConditionType `json:"conditions"`
	OperatorLabels map[string]string     `json:"operator_labels"`
	// Operators is Conditions' operators by type (kept for scripts that read it).
	Operators map[string][]string `json:"operators"`
	// TimeZone is NOTIFY_TIMEZONE's IANA name: the Flights page shows its days, hours and
	// times there, whatever the browser's zone (CONTRACT.md 13.3).
	TimeZone string `json:"time_zone"`
	// Home is HOME_LAT, HOME_LON (absent when unset): the map marks it, the reach is measured
	// from it.
	Home *UIHome `json:"home,omitempty"`
	// Low is LOW_NM and LOW_FT, the "Low and close" view's defaults (absent when unset).
	Low *LowThresholds `json:"low,omitempty"`
}

// UIHome is where the receiver is.
type UIHome struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// LowThresholds are the "Low and close" thresholds set (each absent when unset).
type LowThresholds struct {
	NM float64 `json:"nm,omitempty"`
	FT int     `json:"ft,omitempty"`
}

func (s *Server) uiRoutes(mux *http.ServeMux) {
	sub, _ := fs.Sub(uiFiles, "ui")
	files := http.FileServerFS(sub)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, sub, "index.html")
	})
	mux.Handle("GET /ui/", http.StripPrefix("/ui/", files))
	mux.HandleFunc("GET /ui/config.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		c := UIConfig{
			Auth: !s.opts.Open, TileURL: s.opts.TileURL, TileAttribution: s.opts.TileAttribution,
			Tar1090URL: s.opts.Tar1090URL, Lookups: s.opts.AircraftDB != nil && s.opts.AircraftDB.Current() != nil,
			Conditions: rules.ConditionTypes(), OperatorLabels: rules.OperatorLabels, Operators: rules.Operators,
			RegistrantDetail: s.opts.RegistrantDetail.String(),
			TimeZone:         flightlog.ZoneName(s.zone()),
		}
		if h := s.opts.Home; h != nil {
			c.Home = &UIHome{Lat: h.Latitude, Lon: h.Longitude}
		}
		if s.opts.LowNM > 0 || s.opts.LowFT > 0 {
			c.Low = &LowThresholds{NM: s.opts.LowNM, FT: s.opts.LowFT}
		}
		if c.Lookups {
			c.DataAttribution = shipped.Attribution
			c.RegistrantTypes = s.opts.AircraftDB.Current().RegistrantTypes()
		}
		writeJSON(w, http.StatusOK, c)
	})
}
