package api

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
)

// KeptMatches is how many rule notifications the API keeps in memory for the UI's Matches
// page, for when the store is down.
const KeptMatches = 500

// MatchesKey is the data-store stream of the rule notifications seen (XADD … MAXLEN ~
// MatchesStreamMax): the Matches page's history, kept across restarts. The API is its only
// writer (as of config:*); the monitor never writes.
const MatchesKey = "rule_matches"

// MatchesStreamMax is the stream's cap (approximate: Redis trims whole nodes).
const MatchesStreamMax = 10000

// Page sizes of GET /api/matches.
const (
	DefaultMatchesLimit = 100
	MaxMatchesLimit     = 1000
)

// maxNotification bounds one kept notification (a flight snapshot is a few KB).
const maxNotification = 64 << 10

// Matches keeps the newest rule notifications seen on Tracker/rule/+ (from any publisher: a
// message processor, tracker-rules watch), newest last in a ring of KeptMatches.
type Matches struct {
	host           string
	port           int
	user, password string
	log            zerolog.Logger

	mu        sync.Mutex
	ring      []match
	head, n   int
	connected bool

	// store keeps every notification in MatchesKey (nil: memory only); pending is what the
	// writer has still to add (a full buffer drops, logged once a spell).
	store    rueidis.Client
	pending  chan match
	dropping bool
	traffic  *Traffic // nil: no positions
}

type match struct {
	ID           string          `json:"id,omitempty"` // the stream entry's (paging: ?before=)
	Received     string          `json:"received"`
	Rule         string          `json:"rule"`
	Notification json.RawMessage `json:"notification"`
	// Position is where the user's own receiver saw the aircraft when the notification came
	// (a notification carries none); absent when it did not.
	Position *MatchPosition `json:"position,omitempty"`
}

// MatchPosition is where an aircraft was.
type MatchPosition struct {
	Latitude  float64  `json:"latitude"`
	Longitude float64  `json:"longitude"`
	Altitude  *float64 `json:"altitude,omitempty"`
}

// PositionsFrom makes every notification kept with the position the receiver's traffic has of
// its aircraft at that time. Call it before Run.
func (m *Matches) PositionsFrom(t *Traffic) { m.traffic = t }

// KeepIn makes every notification also kept in the store's stream (MatchesKey), so that a
// restart loses nothing received. Call it before Run.
func (m *Matches) KeepIn(store rueidis.Client) {
	m.store, m.pending = store, make(chan match, 1024)
}

// NewMatches keeps the notifications of the MQTT server at host:port (empty host: none).
func NewMatches(host string, port int, user, password string, log zerolog.Logger) *Matches {
	return &Matches{host: host, port: port, user: user, password: password, log: log, ring: make([]match, KeptMatches)}
}

// Run subscribes (and resubscribes after every reconnect) until ctx ends; without a host it
// returns at once.
func (m *Matches) Run(ctx context.Context) {
	if m.host == "" {
		return
	}
	cfg := mqtt.ClientConfig(m.host, m.port, m.user, m.password, "tracker-config-api", 0)
	cfg.OnConnectionUp = func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
		m.setConnected(true)
		go func() {
			sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if _, err := cm.Subscribe(sctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: model.Root + "/rule/+", QoS: 0}}}); err != nil {
				m.log.Warn().Err(err).Msg("subscribing to rule notifications failed")
			}
		}()
	}
	cfg.OnConnectionDown = func() bool { m.setConnected(false); return true }
	cfg.OnConnectError = func(err error) { m.log.Debug().Err(err).Msg("mqtt connect failed; retrying") }
	cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
		m.take(pr.Packet.Topic, pr.Packet.Payload, time.Now())
		return true, nil
	}}
	if m.store != nil {
		go m.writeStream(ctx)
	}
	cm, err := autopaho.NewConnection(ctx, cfg)
	if err != nil {
		m.log.Warn().Err(err).Msg("mqtt: rule notifications will not be shown")
		return
	}
	<-ctx.Done()
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_ = cm.Disconnect(dctx)
}

func (m *Matches) setConnected(up bool) {
	m.mu.Lock()
	m.connected = up
	m.mu.Unlock()
}

// take keeps one notification; a payload that is not JSON is kept as a JSON string, one over
// maxNotification is dropped.
func (m *Matches) take(topic string, payload []byte, at time.Time) {
	rule, ok := strings.CutPrefix(topic, model.Root+"/rule/")
	if !ok || rule == "" {
		return
	}
	if len(payload) > maxNotification {
		m.log.Warn().Str("topic", topic).Int("bytes", len(payload)).Msg("rule notification not kept: " + model.TooLarge("it", maxNotification).Error())
		return
	}
	note := json.RawMessage(bytes.Clone(payload))
	if !json.Valid(note) {
		note, _ = json.Marshal(string(payload))
	}
	x := match{Received: at.UTC().Format(time.RFC3339Nano), Rule: rule, Notification: note}
	if m.traffic != nil {
		var n struct {
			Aircraft struct {
				IcaoHex string `json:"icao_hex"`
			} `json:"aircraft"`
		}
		if json.Unmarshal(note, &n) == nil && n.Aircraft.IcaoHex != "" {
			x.Position, _ = m.traffic.Position(n.Aircraft.IcaoHex, at)
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ring[(m.head+m.n)%len(m.ring)] = x
	if m.n < len(m.ring) {
		m.n++
	} else {
		m.head = (m.head + 1) % len(m.ring)
	}
	if m.pending != nil { // never wait here: this is the MQTT client's goroutine
		select {
		case m.pending <- x:
			m.dropping = false
		default:
			if !m.dropping {
				m.log.Warn().Msg("the store is slow: rule notifications kept in memory only until it catches up")
			}
			m.dropping = true
		}
	}
}

// writeStream adds the notifications to the stream, in order, until ctx ends.
func (m *Matches) writeStream(ctx context.Context) {
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case x := <-m.pending:
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			fields := m.store.B().Xadd().Key(MatchesKey).Maxlen().Almost().Threshold(strconv.Itoa(MatchesStreamMax)).Id("*").
				FieldValue().FieldValue("rule", x.Rule).FieldValue("received", x.Received).FieldValue("notification", string(x.Notification))
			if x.Position != nil {
				pos, _ := json.Marshal(x.Position)
				fields = fields.FieldValue("position", string(pos))
			}
			err := m.store.Do(wctx, fields.Build()).Error()
			cancel()
			switch {
			case err != nil && !failing:
				m.log.Warn().Err(err).Msg("rule notification not kept in the store (kept in memory); retrying with the next")
			case err == nil && failing:
				m.log.Info().Msg("rule notifications kept in the store again")
			}
			failing = err != nil
		}
	}
}

// matchesAnswer is GET /api/matches.
type matchesAnswer struct {
	MQTT string `json:"mqtt"` // off (MQTT_HOST unset), connected, down
	// History is where the matches come from: store (the stream, kept across restarts),
	// unavailable (the store did not answer: the newest ones kept in memory), memory (no store).
	History string  `json:"history"`
	Matches []match `json:"matches"`
	// Before is what ?before= takes for the next, older page (absent: no older match).
	Before string `json:"before,omitempty"`
}

// streamID is a stream entry id, as ?before= takes it.
var streamID = regexp.MustCompile(`^\d{1,20}-\d{1,20}$`)

// getMatches answers the kept notifications, newest first: ?rule=ID one rule's, ?before=ID
// those older than an entry (paging), ?limit=N at most N (default 100, at most 1,000).
func (s *Server) getMatches(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	rule, before := q.Get("rule"), q.Get("before")
	limit := DefaultMatchesLimit
	var errs []FieldError
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxMatchesLimit {
			errs = append(errs, FieldError{Loc: []any{"query", "limit"}, Msg: fmt.Sprintf("limit must be an integer from 1 to %d", MaxMatchesLimit), Type: "value_error"})
		}
		limit = n
	}
	if before != "" && !streamID.MatchString(before) {
		errs = append(errs, FieldError{Loc: []any{"query", "before"}, Msg: "before must be a match id (like 1764133200000-0)", Type: "value_error"})
	}
	if errs != nil {
		write422(w, errs)
		return
	}
	m := s.matches
	out := matchesAnswer{MQTT: "off", History: "memory", Matches: []match{}}
	m.mu.Lock()
	if m.host != "" {
		out.MQTT = "down"
		if m.connected {
			out.MQTT = "connected"
		}
	}
	m.mu.Unlock()
	if m.store != nil {
		ms, next, err := m.fromStream(r.Context(), rule, before, limit)
		if err == nil {
			out.History, out.Matches, out.Before = "store", ms, next
			writeJSON(w, http.StatusOK, out)
			return
		}
		s.log.Warn().Err(err).Msg("matches history unavailable; answering the ones kept in memory")
		out.History = "unavailable"
	}
	if before == "" { // memory has no ids to page by: its newest only
		out.Matches = m.fromMemory(rule, limit)
	}
	writeJSON(w, http.StatusOK, out)
}

func (m *Matches) fromMemory(rule string, limit int) []match {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []match{}
	for i := m.n - 1; i >= 0 && len(out) < limit; i-- {
		x := m.ring[(m.head+i)%len(m.ring)]
		if rule == "" || x.Rule == rule {
			out = append(out, x)
		}
	}
	return out
}

// fromStream reads the stream newest first from before (exclusive), a chunk at a time, until
// limit matches of rule (any when empty) are found or the stream ends; next is the id to ask
// before for the next page ("" when there is none).
func (m *Matches) fromStream(ctx context.Context, rule, before string, limit int) ([]match, string, error) {
	out := []match{}
	end := "+"
	if before != "" {
		end = "(" + before
	}
	chunk := int64(limit + 1)
	if rule != "" {
		chunk = 500
	}
	for {
		entries, err := m.store.Do(ctx, m.store.B().Xrevrange().Key(MatchesKey).End(end).Start("-").Count(chunk).Build()).AsXRange()
		if err != nil {
			return nil, "", err
		}
		for _, e := range entries {
			if rule != "" && e.FieldValues["rule"] != rule {
				continue
			}
			if len(out) == limit { // one more exists: the page has a next
				return out, out[limit-1].ID, nil
			}
			note := json.RawMessage(e.FieldValues["notification"])
			if !json.Valid(note) {
				note, _ = json.Marshal(e.FieldValues["notification"])
			}
			x := match{ID: e.ID, Received: e.FieldValues["received"], Rule: e.FieldValues["rule"], Notification: note}
			if p := e.FieldValues["position"]; p != "" {
				var pos MatchPosition
				if json.Unmarshal([]byte(p), &pos) == nil {
					x.Position = &pos
				}
			}
			out = append(out, x)
		}
		if int64(len(entries)) < chunk {
			return out, "", nil
		}
		end = "(" + entries[len(entries)-1].ID
	}
}
