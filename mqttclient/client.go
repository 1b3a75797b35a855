// Package mqttclient is the one set-up of the project's MQTT clients (the MQTT sink's
// transport, the rule notifier, the management API's kept matches): a small package of its
// own, so that a stage that needs a client (stages/keeper) imports no sink.
package mqttclient

import (
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"github.com/tracker-adsb/tracker-core-health/config"
)

// ConnectTimeout bounds the TCP dial and the CONNECT exchange.
const ConnectTimeout = 10 * time.Second

// Config is the autopaho set-up of one client: the server, a clean start, the keepalive
// (0: 60 s), the one reconnect back-off (1 s, doubling to 30 s, jittered), the connect timeout,
// a client id made from prefix, and the credentials when a username is set. Each client adds
// its own callbacks.
func Config(m config.MQTT, idPrefix string, keepAlive uint16) autopaho.ClientConfig {
	if keepAlive == 0 {
		keepAlive = 60
	}
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{{Scheme: "mqtt", Host: net.JoinHostPort(m.MQTTHost, strconv.Itoa(m.MQTTPort))}},
		KeepAlive:                     keepAlive,
		CleanStartOnInitialConnection: true,
		ReconnectBackoff:              autopaho.NewExponentialBackoff(time.Second, 30*time.Second, 2*time.Second, 2),
		ConnectTimeout:                ConnectTimeout,
		ClientConfig:                  paho.ClientConfig{ClientID: ClientID(idPrefix)},
	}
	if m.MQTTUsername != "" {
		cfg.ConnectUsername, cfg.ConnectPassword = m.MQTTUsername, []byte(m.MQTTPassword)
	}
	return cfg
}

// ClientID adds a random suffix to prefix, so that several instances never kick each other off.
func ClientID(prefix string) string {
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	return prefix + "-" + hex.EncodeToString(suffix)
}
