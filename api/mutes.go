package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// Mutes (CONTRACT.md 10.5): a rule, every rule ("*"), or one aircraft of either, held for a
// while, in the data store's hash that tracker-rules watch reads.

func (s *Server) muteRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/mutes", s.listMutes)
	mux.HandleFunc("POST /api/mutes", s.postMute)
	mux.HandleFunc("DELETE /api/mutes/{rule}", s.deleteMute)
}

func (s *Server) listMutes(w http.ResponseWriter, r *http.Request) {
	mutes, err := notify.ReadMutes(r.Context(), s.store.c, s.now())
	if err != nil {
		s.storeError(w, err)
		return
	}
	if mutes == nil {
		mutes = []delivery.Mute{} // [] rather than null
	}
	writeJSON(w, http.StatusOK, mutes)
}

// postMute takes the mute command's JSON: minutes > 0 mutes (201, the mute), 0 lifts (204).
func (s *Server) postMute(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	c, probs := delivery.ParseCommand(body)
	if probs != nil {
		errs := make([]FieldError, 0, len(probs))
		for _, p := range probs {
			errs = append(errs, FieldError{Loc: append([]any{"body"}, p.Loc...), Msg: p.Msg, Type: p.Type})
		}
		write422(w, errs)
		return
	}
	if c.Rule != delivery.AllRules {
		cur, err := s.store.bodies(r.Context())
		if err != nil {
			s.storeError(w, err)
			return
		}
		items, err := parseRules(cur.Rules)
		if err != nil {
			s.storeError(w, err)
			return
		}
		known := false
		for _, it := range items {
			known = known || ruleID(it) == c.Rule
		}
		if !known {
			writeDetail(w, http.StatusNotFound, "Rule '"+c.Rule+"' not found")
			return
		}
	}
	m := delivery.NewMuteSet().Apply(c, s.now())
	if err := notify.WriteMute(r.Context(), s.store.c, m); err != nil {
		s.storeError(w, err)
		return
	}
	s.tellWatch(r, delivery.Command{Rule: c.Rule, IcaoHex: c.IcaoHex, Minutes: c.Minutes})
	if m.Until.IsZero() {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusCreated, m)
}

// deleteMute lifts a mute of a rule (or "*"), of every aircraft or of ?icao_hex=.
func (s *Server) deleteMute(w http.ResponseWriter, r *http.Request) {
	m := delivery.Mute{Rule: r.PathValue("rule"), IcaoHex: strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("icao_hex")))}
	if err := notify.WriteMute(r.Context(), s.store.c, m); err != nil {
		s.storeError(w, err)
		return
	}
	s.tellWatch(r, delivery.Command{Rule: m.Rule, IcaoHex: m.IcaoHex, Minutes: 0})
	w.WriteHeader(http.StatusNoContent)
}

// mutePublisher is what publishes a mute command for a running watch (keeper.Matches, with
// MQTT configured).
type mutePublisher interface {
	PublishMute(ctx context.Context, payload []byte) error
}

// tellWatch publishes the stored mute as a command on Tracker/rules-watch/mute, so that a
// running tracker-rules watch applies it within a second instead of at its next read of the
// store (5 s): the store stays the record, and a failure here is only logged.
func (s *Server) tellWatch(r *http.Request, c delivery.Command) {
	p, ok := s.matches.(mutePublisher)
	if !ok {
		return
	}
	payload, _ := json.Marshal(c)
	if err := p.PublishMute(r.Context(), payload); err != nil {
		s.log.Warn().Err(err).Str("rule", c.Rule).Msg("the mute is stored; a running watch reads it within 5 s")
	}
}
