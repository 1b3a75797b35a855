package sinks

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"
	"github.com/rs/zerolog"
)

// RuleTopic is the notification topic of a rule.
func RuleTopic(identifier string) string { return "Tracker/rule/" + identifier }

// Notifier publishes rule notifications on Tracker/rule/{identifier}, QoS 0, not retained.
// With no host, or while the connection is down, nothing is sent (the match still counts).
type Notifier struct {
	cm  *autopaho.ConnectionManager
	log zerolog.Logger
}

// NewNotifier connects to host:port (empty host: a notifier that sends nothing) and waits
// up to wait for the first connection.
func NewNotifier(ctx context.Context, host string, port int, username, password string, wait time.Duration, log zerolog.Logger) (*Notifier, error) {
	n := &Notifier{log: log}
	if host == "" {
		return n, nil
	}
	u := &url.URL{Scheme: "mqtt", Host: net.JoinHostPort(host, strconv.Itoa(port))}
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{u},
		KeepAlive:                     60,
		CleanStartOnInitialConnection: true,
		ReconnectBackoff:              autopaho.NewConstantBackoff(2 * time.Second),
		ConnectTimeout:                5 * time.Second,
		OnConnectError:                func(err error) { log.Debug().Err(err).Msg("mqtt connect failed; retrying") },
		ClientConfig:                  paho.ClientConfig{ClientID: clientID("tracker-rules")},
	}
	if username != "" {
		cfg.ConnectUsername, cfg.ConnectPassword = username, []byte(password)
	}
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

// Publish sends one notification and reports whether it went out.
func (n *Notifier) Publish(ctx context.Context, identifier string, payload []byte) bool {
	if n.cm == nil {
		return false
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := n.cm.Publish(pctx, &paho.Publish{Topic: RuleTopic(identifier), Payload: payload, QoS: 0, Retain: false}); err != nil {
		n.log.Debug().Err(err).Str("rule", identifier).Msg("notification not sent")
		return false
	}
	return true
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
