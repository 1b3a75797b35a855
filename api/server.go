// Package api is the management HTTP API for areas and rules (tracker-config-api): it
// validates every write against the whole resulting set with the rules package, the same
// code that evaluates, and stores the body with its version key in one guarded transaction.
package api

import (
	"bytes"
	"context"
	"crypto/subtle"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// errCorrupt marks a stored body that cannot be read (not a store error).
var errCorrupt = errors.New("Stored configuration is corrupt") //nolint:staticcheck // user-facing text

// MaxBody is the largest request body accepted.
const MaxBody = 1 << 20

//go:embed openapi.json
var openAPI []byte

// Options configure the server.
type Options struct {
	Token string // CONFIG_API_TOKEN; empty: no authentication
	// TrustedOrigins (CONFIG_API_TRUSTED_ORIGINS) may write from another origin, e.g. a UI
	// served from another host: "https://ui.example".
	TrustedOrigins []string
	// TileURL (CONFIG_UI_TILE_URL) is the optional map tile template; its origin is the only
	// one added to the pages' img-src. TileAttribution is shown with the tiles.
	TileURL, TileAttribution string
}

// Server serves the API.
type Server struct {
	store *Store
	opts  Options
	csp   string
	log   zerolog.Logger
	now   func() time.Time
}

// NewServer builds the server; a trusted origin that is not scheme://host[:port] is an error.
func NewServer(store *Store, opts Options, log zerolog.Logger) (*Server, error) {
	csp, err := contentSecurityPolicy(opts.TileURL)
	if err != nil {
		return nil, err
	}
	s := &Server{store: store, opts: opts, csp: csp, log: log, now: time.Now}
	if _, err := s.crossOrigin(nil); err != nil {
		return nil, err
	}
	return s, nil
}

// Handler is the API with browser protections, authentication and access logs.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, 200, map[string]string{"status": "ok"}) })
	mux.HandleFunc("GET /api/openapi.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(openAPI)
	})
	s.uiRoutes(mux)
	mux.HandleFunc("GET /api/rules", s.listRules)
	mux.HandleFunc("POST /api/rules", s.createRule)
	mux.HandleFunc("GET /api/rules/{id}", s.getRule)
	mux.HandleFunc("PUT /api/rules/{id}", s.putRule)
	mux.HandleFunc("DELETE /api/rules/{id}", s.deleteRule)
	mux.HandleFunc("PUT /api/rules", s.importRules)
	mux.HandleFunc("GET /api/areas", s.listAreas)
	mux.HandleFunc("PUT /api/areas", s.importAreas)
	mux.HandleFunc("POST /api/areas", s.createArea)
	mux.HandleFunc("GET /api/areas/{id}", s.getArea)
	mux.HandleFunc("PUT /api/areas/{id}", s.putArea)
	mux.HandleFunc("DELETE /api/areas/{id}", s.deleteArea)
	cop, _ := s.crossOrigin(s.auth(requireJSON(withPreconditions(mux)))) // options checked by NewServer
	return s.accessLog(s.headers(cop))
}

func (s *Server) auth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.opts.Token != "" && !public(r.URL.Path) {
			got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.opts.Token)) != 1 {
				w.Header().Set("WWW-Authenticate", "Bearer")
				writeDetail(w, http.StatusUnauthorized, "Not authenticated")
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(s int) { w.status = s; w.ResponseWriter.WriteHeader(s) }

func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		next.ServeHTTP(sw, r)
		s.log.Info().Str("method", r.Method).Str("path", r.URL.Path).Int("status", sw.status).
			Dur("duration", time.Since(start)).Str("remote", r.RemoteAddr).Msg("request")
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeDetail(w http.ResponseWriter, status int, detail string) {
	writeJSON(w, status, map[string]string{"detail": detail})
}

func (s *Server) storeError(w http.ResponseWriter, err error) {
	var rj *rejectError
	switch {
	case errors.As(err, &rj):
		writeDetail(w, rj.status, rj.detail)
	case errors.Is(err, ErrConflict):
		writeDetail(w, http.StatusConflict, err.Error())
	case errors.Is(err, errCorrupt):
		s.log.Error().Err(err).Msg("stored configuration unreadable")
		writeDetail(w, http.StatusInternalServerError, err.Error())
	default:
		s.log.Error().Err(err).Msg("store error")
		writeDetail(w, http.StatusInternalServerError, "Redis error: "+err.Error())
	}
}

// readBody reads at most MaxBody bytes; it answers 413 or 422 itself and returns false.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		writeDetail(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("Request body larger than %d bytes", MaxBody))
		return nil, false
	}
	if err != nil || !json.Valid(b) {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": []FieldError{{Loc: []any{"body"}, Msg: "JSON decode error", Type: "json_invalid"}}})
		return nil, false
	}
	return b, true
}

// stored reads the items of one set (rules.RulesKey or rules.AreasKey); on a store error it
// answers 500.
func (s *Server) stored(w http.ResponseWriter, r *http.Request, key string) ([]json.RawMessage, bool) {
	rb, ab, err := s.store.bodies(r.Context())
	if err != nil {
		s.storeError(w, err)
		return nil, false
	}
	var items []json.RawMessage
	body := rb
	if key == rules.AreasKey {
		items, err = parseAreas(ab)
		body = ab
	} else {
		items, err = parseRules(rb)
	}
	if err != nil {
		s.storeError(w, err)
		return nil, false
	}
	w.Header().Set("ETag", etag(body))
	return items, true
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

// areaBody reads and validates a flat area body and renders it as a stored Feature; it
// answers 413/422 itself.
func areaBody(w http.ResponseWriter, r *http.Request) (*FlatArea, json.RawMessage, bool) {
	body, ok := readBody(w, r)
	if !ok {
		return nil, nil, false
	}
	a, errs := validateArea(body)
	if errs != nil {
		write422(w, errs)
		return nil, nil, false
	}
	return a, toFeature(a), true
}

func write422(w http.ResponseWriter, errs []FieldError) {
	writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"detail": errs})
}

// ---- rules ----

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

func ruleID(raw json.RawMessage) string {
	var r struct {
		Identifier string `json:"identifier"`
	}
	_ = json.Unmarshal(raw, &r)
	return r.Identifier
}

func findRule(items []json.RawMessage, id string) int {
	for i, it := range items {
		if ruleID(it) == id {
			return i
		}
	}
	return -1
}

// withCounts adds triggered_lifetime and triggered_last_30_days to rule objects.
func (s *Server) withCounts(ctx context.Context, items []json.RawMessage) []map[string]any {
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = ruleID(it)
	}
	counts := s.store.triggerCounts(ctx, ids, s.now())
	out := make([]map[string]any, 0, len(items))
	for i, it := range items {
		var m map[string]any
		d := json.NewDecoder(bytes.NewReader(it))
		d.UseNumber()
		if d.Decode(&m) != nil || m == nil {
			continue
		}
		c := counts[ids[i]]
		m["triggered_lifetime"], m["triggered_last_30_days"] = c[0], c[1]
		out = append(out, m)
	}
	return out
}

// checkRules validates a whole rule set strictly against the stored areas.
func checkRules(items []json.RawMessage, areasBody []byte) error {
	areas := rules.Areas{}
	if len(bytes.TrimSpace(areasBody)) > 0 {
		a, err := rules.LoadAreas(areasBody)
		if err != nil {
			return reject(http.StatusBadRequest, "%s", err.Error())
		}
		areas = a
	}
	body, _ := json.Marshal(items)
	if _, err := rules.LoadRules(body, areas, rules.Strict); err != nil {
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

// saveRules edits the stored rule array and saves it once the whole set validates strictly
// against the stored areas.
func (s *Server) saveRules(ctx context.Context, edit func([]json.RawMessage) ([]json.RawMessage, error)) error {
	return s.store.mutate(ctx, rules.RulesKey, func(rb, ab []byte) ([]byte, error) {
		items, err := parseRules(rb)
		if err != nil {
			return nil, err
		}
		if items, err = edit(items); err != nil {
			return nil, err
		}
		if err := checkRules(items, ab); err != nil {
			return nil, err
		}
		return marshalArray(items), nil
	})
}

func (s *Server) listRules(w http.ResponseWriter, r *http.Request) {
	items, ok := s.stored(w, r, rules.RulesKey)
	if !ok {
		return
	}
	writeJSON(w, 200, s.withCounts(r.Context(), items))
}

func (s *Server) getRule(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	items, ok := s.stored(w, r, rules.RulesKey)
	if !ok {
		return
	}
	i := findRule(items, id)
	if i < 0 {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Rule '%s' not found", id))
		return
	}
	writeJSON(w, 200, s.withCounts(r.Context(), items[i:i+1])[0])
}

func (s *Server) createRule(w http.ResponseWriter, r *http.Request) {
	rule, stored, ok := ruleBody(w, r)
	if !ok {
		return
	}
	err := s.saveRules(r.Context(), func(items []json.RawMessage) ([]json.RawMessage, error) {
		if findRule(items, rule.Identifier) >= 0 {
			return nil, reject(http.StatusConflict, "Rule '%s' already exists", rule.Identifier)
		}
		return append(items, stored), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	out := s.withCounts(r.Context(), []json.RawMessage{stored})[0]
	out["triggered_lifetime"], out["triggered_last_30_days"] = 0, 0
	writeJSON(w, http.StatusCreated, out)
}

func (s *Server) putRule(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	rule, stored, ok := ruleBody(w, r)
	if !ok {
		return
	}
	err := s.saveRules(r.Context(), func(items []json.RawMessage) ([]json.RawMessage, error) {
		i := findRule(items, id)
		if i < 0 {
			return nil, reject(http.StatusNotFound, "Rule '%s' not found", id)
		}
		if rule.Identifier != id {
			return nil, reject(http.StatusBadRequest, "Body identifier '%s' does not match path identifier '%s'", rule.Identifier, id)
		}
		items[i] = stored // its position in the array is kept
		return items, nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, 200, s.withCounts(r.Context(), []json.RawMessage{stored})[0])
}

func (s *Server) deleteRule(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	err := s.saveRules(r.Context(), func(items []json.RawMessage) ([]json.RawMessage, error) {
		i := findRule(items, id)
		if i < 0 {
			return nil, reject(http.StatusNotFound, "Rule '%s' not found", id)
		}
		return slices.Delete(items, i, i+1), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	s.store.deleteTriggers(r.Context(), id, s.now())
	w.WriteHeader(http.StatusNoContent)
}

// ---- areas ----

type feature struct {
	Type       string                     `json:"type"`
	Properties map[string]json.RawMessage `json:"properties"`
	Geometry   json.RawMessage            `json:"geometry"`
}

type collection struct {
	Type     string            `json:"type"`
	Features []json.RawMessage `json:"features"`
}

func parseAreas(body []byte) ([]json.RawMessage, error) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	var c collection
	if err := json.Unmarshal(body, &c); err != nil {
		return nil, fmt.Errorf("%w: stored areas are not a FeatureCollection: %v", errCorrupt, err)
	}
	return c.Features, nil
}

func featureID(raw json.RawMessage) string {
	var f feature
	_ = json.Unmarshal(raw, &f)
	id, _ := str(f.Properties["identifier"])
	return id
}

func findArea(features []json.RawMessage, id string) int {
	for i, f := range features {
		if featureID(f) == id {
			return i
		}
	}
	return -1
}

// toFeature stores a flat area as a Feature: identifier, name, locked and the style keys
// that are set go into properties.
func toFeature(a *FlatArea) json.RawMessage {
	props := map[string]any{"identifier": a.Identifier, "name": a.Name, "locked": a.Locked}
	set := func(k string, v any, ok bool) {
		if ok {
			props[k] = v
		}
	}
	set("fill", a.Fill, a.Fill != nil)
	set("stroke", a.Stroke, a.Stroke != nil)
	set("marker-color", a.MarkerColor, a.MarkerColor != nil)
	set("marker-symbol", a.MarkerSymbol, a.MarkerSymbol != nil)
	set("fill-opacity", a.FillOpacity, a.FillOpacity != nil)
	set("stroke-width", a.StrokeWidth, a.StrokeWidth != nil)
	set("stroke-opacity", a.StrokeOpacity, a.StrokeOpacity != nil)
	set("marker-size", a.MarkerSize, a.MarkerSize != nil)
	b, _ := json.Marshal(map[string]any{"type": "Feature", "properties": props, "geometry": a.Geometry})
	return b
}

// toFlat turns a stored Feature into the API's flat element; unset keys are omitted.
func toFlat(raw json.RawMessage) map[string]any {
	var f feature
	_ = json.Unmarshal(raw, &f)
	out := map[string]any{"name": "", "locked": false, "geometry": f.Geometry}
	for k, v := range f.Properties {
		if string(v) == "null" {
			continue
		}
		out[k] = v
	}
	return out
}

func marshalCollection(features []json.RawMessage) []byte {
	if features == nil {
		features = []json.RawMessage{}
	}
	b, _ := json.Marshal(collection{Type: "FeatureCollection", Features: features})
	return b
}

// checkArea rejects a Polygon the engine would drop, then re-validates the stored rules
// against the new areas (the survival check).
func checkAreas(id string, features []json.RawMessage, polygon bool, rulesBody []byte) ([]byte, error) {
	body := marshalCollection(features)
	loaded, err := rules.LoadAreas(body)
	if err != nil {
		return nil, reject(http.StatusBadRequest, "%s", err.Error())
	}
	if polygon {
		if _, ok := loaded[id]; !ok {
			return nil, reject(http.StatusBadRequest, "Area '%s' failed validation (check identifier has no spaces and geometry is a valid Polygon)", id)
		}
	}
	items, err := parseRules(rulesBody)
	if err != nil {
		return nil, err
	}
	if len(items) > 0 {
		if _, err := rules.LoadRules(marshalArray(items), loaded, rules.Strict); err != nil {
			return nil, reject(http.StatusBadRequest, "%s", err.Error())
		}
	}
	return body, nil
}

func isPolygon(geom json.RawMessage) bool {
	var g struct {
		Type string `json:"type"`
	}
	_ = json.Unmarshal(geom, &g)
	return g.Type == "Polygon"
}

// saveAreas edits the stored features and saves them once the area itself (when it is a
// Polygon) and every stored rule still validate.
func (s *Server) saveAreas(ctx context.Context, id string, polygon bool, edit func([]json.RawMessage) ([]json.RawMessage, error)) error {
	return s.saveAreasWithRules(ctx, id, polygon, func(features []json.RawMessage, _ []byte) ([]json.RawMessage, error) {
		return edit(features)
	})
}

func (s *Server) saveAreasWithRules(ctx context.Context, id string, polygon bool, edit func([]json.RawMessage, []byte) ([]json.RawMessage, error)) error {
	return s.store.mutate(ctx, rules.AreasKey, func(rb, ab []byte) ([]byte, error) {
		features, err := parseAreas(ab)
		if err != nil {
			return nil, err
		}
		if features, err = edit(features, rb); err != nil {
			return nil, err
		}
		return checkAreas(id, features, polygon, rb)
	})
}

func (s *Server) listAreas(w http.ResponseWriter, r *http.Request) {
	features, ok := s.stored(w, r, rules.AreasKey)
	if !ok {
		return
	}
	out := make([]map[string]any, 0, len(features))
	for _, f := range features {
		out = append(out, toFlat(f))
	}
	writeJSON(w, 200, out)
}

func (s *Server) getArea(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	features, ok := s.stored(w, r, rules.AreasKey)
	if !ok {
		return
	}
	i := findArea(features, id)
	if i < 0 {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("Area '%s' not found", id))
		return
	}
	writeJSON(w, 200, toFlat(features[i]))
}

func (s *Server) createArea(w http.ResponseWriter, r *http.Request) {
	a, f, ok := areaBody(w, r)
	if !ok {
		return
	}
	err := s.saveAreas(r.Context(), a.Identifier, isPolygon(a.Geometry), func(features []json.RawMessage) ([]json.RawMessage, error) {
		if findArea(features, a.Identifier) >= 0 {
			return nil, reject(http.StatusConflict, "Area '%s' already exists", a.Identifier)
		}
		return append(features, f), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, toFlat(f))
}

func (s *Server) putArea(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	a, f, ok := areaBody(w, r)
	if !ok {
		return
	}
	err := s.saveAreas(r.Context(), id, isPolygon(a.Geometry), func(features []json.RawMessage) ([]json.RawMessage, error) {
		i := findArea(features, id)
		if i < 0 {
			return nil, reject(http.StatusNotFound, "Area '%s' not found", id)
		}
		if a.Identifier != id {
			return nil, reject(http.StatusBadRequest, "Body identifier '%s' does not match path identifier '%s'", a.Identifier, id)
		}
		features[i] = f
		return features, nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, 200, toFlat(f))
}

// referencingRules lists the stored rules (enabled or not) with an area condition on id.
func referencingRules(rulesBody []byte, id string) []string {
	items, _ := parseRules(rulesBody)
	var out []string
	for _, it := range items {
		var r struct {
			Identifier string `json:"identifier"`
			Conditions []struct {
				Type  string `json:"type"`
				Value any    `json:"value"`
			} `json:"conditions"`
		}
		if json.Unmarshal(it, &r) != nil {
			continue
		}
		for _, c := range r.Conditions {
			if v, ok := c.Value.(string); ok && strings.EqualFold(strings.TrimSpace(c.Type), "area") && strings.TrimSpace(v) == id {
				out = append(out, r.Identifier)
				break
			}
		}
	}
	return out
}

func (s *Server) deleteArea(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	err := s.saveAreasWithRules(r.Context(), id, false, func(features []json.RawMessage, rulesBody []byte) ([]json.RawMessage, error) {
		i := findArea(features, id)
		if i < 0 {
			return nil, reject(http.StatusNotFound, "Area '%s' not found", id)
		}
		if refs := referencingRules(rulesBody, id); len(refs) > 0 {
			return nil, reject(http.StatusConflict, "Area '%s' is referenced by rule(s): %s", id, strings.Join(refs, ", "))
		}
		return slices.Delete(features, i, i+1), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
