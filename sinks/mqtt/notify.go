package mqtt

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/mqttclient"
)

// Notifier publishes rule notifications on Tracker/rule/{identifier}, QoS 0, not retained.
// With no host, or while the connection is down, nothing is sent (the match still counts).
// A notification whose topic is not a valid MQTT topic name is never sent: it is counted, and
// logged as an error once per rule.
type Notifier struct {
	cm  *autopaho.ConnectionManager
	log zerolog.Logger

	mu         sync.Mutex
	topicCheck map[string]bool
}

// NewNotifier connects to the MQTT server (none configured: a notifier that sends nothing) and
// waits up to wait for the first connection.
func NewNotifier(ctx context.Context, m config.MQTT, wait time.Duration, log zerolog.Logger) (*Notifier, error) {
	n := &Notifier{log: log}
	if !m.MQTTEnabled() {
		return n, nil
	}
	cfg := mqttclient.Config(m, "tracker-rules", 0)
	u := cfg.ServerUrls[0]
	cfg.OnConnectError = func(err error) { log.Debug().Err(err).Msg("mqtt connect failed; retrying") }
	cm, err := autopaho.NewConnection(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("mqtt: %w", err)
	}
	n.cm = cm
	wctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	if err := cm.AwaitConnection(wctx); err != nil {
		log.Warn().Str("broker", u.Host).Msg("mqtt not connected yet; notifications are recorded but not sent until it is")
	}
	return n, nil
}

// Publish sends one notification of rule identifier and says what became of it.
func (n *Notifier) Publish(ctx context.Context, identifier string, payload []byte) model.Delivery {
	if !n.topicOK(identifier) {
		return model.BadTopic
	}
	if n.cm == nil {
		return model.NotSent
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := n.cm.Publish(pctx, &paho.Publish{Topic: model.NotificationTopic(identifier), Payload: payload, QoS: 0, Retain: false}); err != nil {
		n.log.Debug().Err(err).Str("rule", identifier).Msg("notification not sent")
		return model.NotSent
	}
	return model.Sent
}

// topicOK checks the rule's notification topic once per rule; a bad one is counted at every
// notification and logged as an error the first time.
func (n *Notifier) topicOK(identifier string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if ok, checked := n.topicCheck[identifier]; checked && ok {
		return true
	}
	if n.topicCheck == nil {
		n.topicCheck = map[string]bool{}
	}
	problem := model.TopicProblem(model.NotificationTopic(identifier))
	if problem == "" {
		n.topicCheck[identifier] = true
		return true
	}
	if _, logged := n.topicCheck[identifier]; !logged {
		n.log.Error().Str("rule", identifier).Str("topic", model.NotificationTopic(identifier)).Str("problem", problem).
			Msg("rule notification never published: its identifier does not make a valid MQTT topic; rename the rule (the other rules' notifications carry on)")
	}
	n.topicCheck[identifier] = false
	return false
}

// Close disconnects cleanly.
func (n *Notifier) Close(ctx context.Context) {
	if n.cm == nil {
		return
	}
	cctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	_ = n.cm.Disconnect(cctx)
}
