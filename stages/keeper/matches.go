package keeper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/mqttclient"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/privacy"
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
	mqtt config.MQTT
	log  zerolog.Logger

	mu        sync.Mutex
	ring      []Match
	head, n   int
	connected bool
	cm        *autopaho.ConnectionManager // the connection while it is up (PublishMute)

	// store keeps every notification in MatchesKey (nil: memory only); pending is what the
	// writer has still to add (a full buffer drops, logged once a spell).
	store    rueidis.Client
	pending  chan Match
	dropping bool
	traffic  *Traffic // nil: no positions

	// detail and optOut are the API's REGISTRANT_DETAIL and PRIVACY_LIST: every notification is
	// kept, and every kept one served, as they let its registrant be shown (CONTRACT.md 12.3).
	detail model.RegistrantDetail
	optOut *privacy.List
}

// Privacy makes the kept notifications obey detail and the opt-out list (nil: none), when
// they are kept and again whenever they are served: a registrant a watch at a looser setting
// published is kept and shown as the API's setting allows, and a setting made stricter, or an
// aircraft listed, takes effect on everything kept at once. Call it before Run.
func (m *Matches) Privacy(detail model.RegistrantDetail, optOut *privacy.List) {
	m.detail, m.optOut = detail, optOut
}

// obey is a notification as the API's privacy lets it be kept or served.
func (m *Matches) obey(note json.RawMessage, f noteFacts) json.RawMessage {
	addr, _ := model.ParseAddress(strings.ToUpper(f.Aircraft.IcaoHex))
	return model.ObeyingRegistrant(note, m.detail, m.optOut.Listed(addr, f.Aircraft.Registration))
}

// Match is one kept notification.
type Match struct {
	ID           string          `json:"id,omitempty"` // the stream entry's (paging: ?before=)
	Received     string          `json:"received"`
	Rule         string          `json:"rule"`
	Notification json.RawMessage `json:"notification"`
	// Position is where the user's own receiver saw the aircraft when the notification came
	// (a notification carries none); absent when it did not.
	Position *MatchPosition `json:"position,omitempty"`
	// State and Reason are the notification's delivery (CONTRACT.md 10.3): held with why, or
	// sent (also when it carries no delivery: then everyone is told).
	State  string `json:"state"`
	Reason string `json:"reason,omitempty"`
}

// noteFacts are what a kept match reads of its notification.
type noteFacts struct {
	Aircraft struct {
		IcaoHex      string `json:"icao_hex"`
		Registration string `json:"registration"`
	} `json:"aircraft"`
	Delivery struct {
		State  string `json:"state"`
		Reason string `json:"reason"`
	} `json:"delivery"`
}

// facts reads a notification's address and delivery (zero values for what it lacks).
func facts(note json.RawMessage) noteFacts {
	var f noteFacts
	_ = json.Unmarshal(note, &f)
	if f.Delivery.State != "held" {
		f.Delivery.State, f.Delivery.Reason = "sent", ""
	}
	return f
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
	m.store, m.pending = store, make(chan Match, 1024)
}

// NewMatches keeps the notifications of the MQTT server (none configured: none).
func NewMatches(server config.MQTT, log zerolog.Logger) *Matches {
	return &Matches{mqtt: server, log: log, ring: make([]Match, KeptMatches)}
}

// Start runs the subscription and the stream's writer in g until g's context ends; without an
// MQTT server, nothing.
func (m *Matches) Start(g *pipeline.Group) {
	if !m.mqtt.MQTTEnabled() {
		return
	}
	if m.store != nil {
		g.Go("matches-stream", func(ctx context.Context) error { m.writeStream(ctx); return nil })
	}
	g.Go("matches", m.run)
}

// run subscribes (and resubscribes after every reconnect) until ctx ends.
func (m *Matches) run(ctx context.Context) error {
	cfg := mqttclient.Config(m.mqtt, "tracker-config-api", 0)
	// "connected" once the broker has acknowledged the subscription: before that a
	// notification would be missed, and the status says whether matches are coming in.
	ups := make(chan *autopaho.ConnectionManager, 1) // the connections up, subscribed to here (the callback must not block)
	cfg.OnConnectionUp = func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
		m.mu.Lock()
		m.cm = cm
		m.mu.Unlock()
		select {
		case <-ups: // an older connection's, not yet taken: the latest wins
		default:
		}
		ups <- cm
	}
	cfg.OnConnectionDown = func() bool { m.setConnected(false); return true }
	cfg.OnConnectError = func(err error) { m.log.Debug().Err(err).Msg("mqtt connect failed; retrying") }
	cfg.OnPublishReceived = []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
		m.take(pr.Packet.Topic, pr.Packet.Payload, time.Now())
		return true, nil
	}}
	cm, err := autopaho.NewConnection(ctx, cfg)
	if err != nil {
		m.log.Warn().Err(err).Msg("mqtt: rule notifications will not be shown")
		return nil
	}
	for ctx.Err() == nil {
		select {
		case up := <-ups:
			m.subscribe(ctx, up)
		case <-ctx.Done():
		}
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_ = cm.Disconnect(dctx)
	return nil
}

// subscribe asks for the rule notifications on the connection just up: "connected" once the
// broker has acknowledged.
func (m *Matches) subscribe(ctx context.Context, cm *autopaho.ConnectionManager) {
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := cm.Subscribe(sctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: model.RuleTopicRoot + "+", QoS: 0}}}); err != nil {
		m.log.Warn().Err(err).Msg("subscribing to rule notifications failed")
		return
	}
	m.setConnected(true)
}

// PublishMute publishes a mute command on Tracker/rules-watch/mute (QoS 1, not retained), so
// that a running tracker-rules watch applies a mute set through the API at once rather than
// at its next read of the store (CONTRACT.md 10.5); an error when MQTT is down (the store
// still has the mute).
func (m *Matches) PublishMute(ctx context.Context, payload []byte) error {
	if !m.mqtt.MQTTEnabled() {
		return nil // no MQTT: watch reads the store
	}
	m.mu.Lock()
	cm := m.cm
	m.mu.Unlock()
	if cm == nil {
		return errors.New("mqtt is not connected")
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := cm.Publish(pctx, &paho.Publish{Topic: model.MuteTopic, QoS: 1, Payload: payload})
	if err != nil {
		return fmt.Errorf("publishing the mute: %w", err)
	}
	return nil
}

func (m *Matches) setConnected(up bool) {
	m.mu.Lock()
	m.connected = up
	m.mu.Unlock()
}

// take keeps one notification; a payload that is not JSON is kept as a JSON string, one over
// maxNotification is dropped.
func (m *Matches) take(topic string, payload []byte, at time.Time) {
	rule, ok := strings.CutPrefix(topic, model.RuleTopicRoot)
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
	f := facts(note)
	note = m.obey(note, f)
	x := Match{Received: at.UTC().Format(time.RFC3339Nano), Rule: rule, Notification: note, State: f.Delivery.State, Reason: f.Delivery.Reason}
	if m.traffic != nil && f.Aircraft.IcaoHex != "" {
		x.Position, _ = m.traffic.Position(f.Aircraft.IcaoHex, at)
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
	kept := pipeline.NewOutcome("", m.log, nil, nil).Says("rule notification not kept in the store (kept in memory); retrying with the next",
		"rule notifications kept in the store again")
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
			kept.Record(m.store.Do(wctx, fields.Build()).Error())
			cancel()
		}
	}
}

// Page is GET /api/matches: where the matches come from and a page of them, newest first.
type Page struct {
	MQTT string `json:"mqtt"` // off (MQTT_HOST unset), connected (subscribed to rule notifications), down
	// History is where the matches come from: store (the stream, kept across restarts),
	// unavailable (the store did not answer: the newest ones kept in memory), memory (no store).
	History string  `json:"history"`
	Matches []Match `json:"matches"`
	// Before is what ?before= takes for the next, older page (absent: no older match).
	Before string `json:"before,omitempty"`
}

// Query chooses a page: one rule's matches (empty: all), of one delivery state (sent, held;
// empty: both), older than an entry (empty: the newest), at most Limit.
type Query struct {
	Rule, State, Before string
	Limit               int
}

// wants reports whether x is one the query asks for.
func (q Query) wants(x *Match) bool {
	return (q.Rule == "" || x.Rule == q.Rule) && (q.State == "" || x.State == q.State)
}

// StreamID is a stream entry id, as ?before= takes it.
var StreamID = regexp.MustCompile(`^\d{1,20}-\d{1,20}$`)

// Page answers a query: from the store's stream when there is one and it answers, else the
// newest kept in memory (which has no ids to page by: its newest only).
func (m *Matches) Page(ctx context.Context, q Query) Page {
	out := Page{MQTT: "off", History: "memory", Matches: []Match{}}
	m.mu.Lock()
	if m.mqtt.MQTTEnabled() {
		out.MQTT = "down"
		if m.connected {
			out.MQTT = "connected"
		}
	}
	m.mu.Unlock()
	if m.store != nil {
		ms, next, err := m.fromStream(ctx, q)
		if err == nil {
			out.History, out.Matches, out.Before = "store", ms, next
			return out
		}
		m.log.Warn().Err(err).Msg("matches history unavailable; answering the ones kept in memory")
		out.History = "unavailable"
	}
	if q.Before == "" {
		out.Matches = m.fromMemory(q)
	}
	return out
}

func (m *Matches) fromMemory(q Query) []Match {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []Match{}
	for i := m.n - 1; i >= 0 && len(out) < q.Limit; i-- {
		x := m.ring[(m.head+i)%len(m.ring)]
		if q.wants(&x) {
			x.Notification = m.obey(x.Notification, facts(x.Notification))
			out = append(out, x)
		}
	}
	return out
}

// fromStream reads the stream newest first from q.Before (exclusive), a chunk at a time, until
// q.Limit matches the query wants are found or the stream ends; next is the id to ask before
// for the next page ("" when there is none).
func (m *Matches) fromStream(ctx context.Context, q Query) ([]Match, string, error) {
	out := []Match{}
	end := "+"
	if q.Before != "" {
		end = "(" + q.Before
	}
	limit := q.Limit
	chunk := int64(limit + 1)
	if q.Rule != "" || q.State != "" {
		chunk = 500
	}
	for {
		entries, err := m.store.Do(ctx, m.store.B().Xrevrange().Key(MatchesKey).End(end).Start("-").Count(chunk).Build()).AsXRange()
		if err != nil {
			return nil, "", err
		}
		for _, e := range entries {
			if q.Rule != "" && e.FieldValues["rule"] != q.Rule {
				continue
			}
			note := json.RawMessage(e.FieldValues["notification"])
			if !json.Valid(note) {
				note, _ = json.Marshal(e.FieldValues["notification"])
			}
			f := facts(note)
			x := Match{ID: e.ID, Received: e.FieldValues["received"], Rule: e.FieldValues["rule"], Notification: m.obey(note, f),
				State: f.Delivery.State, Reason: f.Delivery.Reason}
			if !q.wants(&x) {
				continue
			}
			if len(out) == limit { // one more exists: the page has a next
				return out, out[limit-1].ID, nil
			}
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
