package mqtt

import (
	"net"
	"net/url"
	"strconv"
	"time"

	"github.com/eclipse/paho.golang/autopaho"
	"github.com/eclipse/paho.golang/paho"

	"github.com/tracker-adsb/tracker-core-health/config"
)

// ClientConfig is the one autopaho set-up of the project's MQTT clients (the sink's transport,
// the rule notifier, the management API's matches): the server, a clean start, the keepalive
// (0: 60 s), the one reconnect back-off (1 s, doubling to 30 s, jittered), the connect timeout,
// a client id made from prefix, and the credentials when a username is set. Each client adds
// its own callbacks.
func ClientConfig(m config.MQTT, idPrefix string, keepAlive uint16) autopaho.ClientConfig {
	if keepAlive == 0 {
		keepAlive = 60
	}
	cfg := autopaho.ClientConfig{
		ServerUrls:                    []*url.URL{{Scheme: "mqtt", Host: net.JoinHostPort(m.MQTTHost, strconv.Itoa(m.MQTTPort))}},
		KeepAlive:                     keepAlive,
		CleanStartOnInitialConnection: true,
		ReconnectBackoff:              autopaho.NewExponentialBackoff(time.Second, 30*time.Second, 2*time.Second, 2),
		ConnectTimeout:                connectTimeout,
		ClientConfig:                  paho.ClientConfig{ClientID: clientID(idPrefix)},
	}
	if m.MQTTUsername != "" {
		cfg.ConnectUsername, cfg.ConnectPassword = m.MQTTUsername, []byte(m.MQTTPassword)
	}
	return cfg
}
