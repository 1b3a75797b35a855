package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// KeptMatches is how many rule notifications the API keeps for the UI's Matches page.
const KeptMatches = 500

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
}

type match struct {
	Received     string          `json:"received"`
	Rule         string          `json:"rule"`
	Notification json.RawMessage `json:"notification"`
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
	u := &url.URL{Scheme: "mqtt", Host: net.JoinHostPort(m.host, strconv.Itoa(m.port))}
	suffix := make([]byte, 0, 8)
	suffix = strconv.AppendInt(suffix, time.Now().UnixNano()%1e8, 36)
	cfg := autopaho.ClientConfig{
		ServerUrls: []*url.URL{u}, KeepAlive: 60, CleanStartOnInitialConnection: true,
		ReconnectBackoff: autopaho.NewExponentialBackoff(time.Second, 30*time.Second, 2*time.Second, 2),
		ConnectTimeout:   10 * time.Second,
		OnConnectionUp: func(cm *autopaho.ConnectionManager, _ *paho.Connack) {
			m.setConnected(true)
			go func() {
				sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
				defer cancel()
				if _, err := cm.Subscribe(sctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: model.Root + "/rule/+", QoS: 0}}}); err != nil {
					m.log.Warn().Err(err).Msg("subscribing to rule notifications failed")
				}
			}()
		},
		OnConnectionDown: func() bool { m.setConnected(false); return true },
		OnConnectError:   func(err error) { m.log.Debug().Err(err).Msg("mqtt connect failed; retrying") },
		ClientConfig: paho.ClientConfig{
			ClientID: "tracker-config-api-" + string(suffix),
			OnPublishReceived: []func(paho.PublishReceived) (bool, error){func(pr paho.PublishReceived) (bool, error) {
				m.take(pr.Packet.Topic, pr.Packet.Payload, time.Now())
				return true, nil
			}},
		},
	}
	if m.user != "" {
		cfg.ConnectUsername, cfg.ConnectPassword = m.user, []byte(m.password)
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
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ring[(m.head+m.n)%len(m.ring)] = match{Received: at.UTC().Format(time.RFC3339Nano), Rule: rule, Notification: note}
	if m.n < len(m.ring) {
		m.n++
	} else {
		m.head = (m.head + 1) % len(m.ring)
	}
}

// matchesAnswer is GET /api/matches.
type matchesAnswer struct {
	MQTT    string  `json:"mqtt"` // off (MQTT_HOST unset), connected, down
	Matches []match `json:"matches"`
}

// getMatches answers the kept notifications, newest first, of one rule with ?rule=ID.
func (s *Server) getMatches(w http.ResponseWriter, r *http.Request) {
	m := s.matches
	rule := r.URL.Query().Get("rule")
	m.mu.Lock()
	out := matchesAnswer{MQTT: "off", Matches: []match{}}
	if m.host != "" {
		out.MQTT = "down"
		if m.connected {
			out.MQTT = "connected"
		}
	}
	for i := m.n - 1; i >= 0; i-- {
		x := m.ring[(m.head+i)%len(m.ring)]
		if rule == "" || x.Rule == rule {
			out.Matches = append(out.Matches, x)
		}
	}
	m.mu.Unlock()
	writeJSON(w, http.StatusOK, out)
}
