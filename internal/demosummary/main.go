// Command demosummary is `make demo`'s screen: it follows what the monitor (and the rules'
// evaluators) publish under Tracker/# and prints a compact summary every few seconds: the
// backends, each queue with its messages, consumers and rates, the counters, the store, the
// rule matches since the last summary, and where the UI, the metrics and the full MQTT
// stream are. Not shipped: the demo builds it into bin/.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/eclipse/paho.golang/paho"
)

func main() {
	addr := flag.String("mqtt", "127.0.0.1:1883", "MQTT server host:port")
	every := flag.Duration("every", 10*time.Second, "how often to print the summary")
	notes := flag.String("notes", "", "a line printed under each summary (where the UI, metrics and logs are)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, *every, *notes, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "demo summary:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, addr string, every time.Duration, notes string, out io.Writer) error {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return err
	}
	msgs := make(chan *paho.Publish, 1024)
	c := paho.NewClient(paho.ClientConfig{Conn: conn, OnPublishReceived: []func(paho.PublishReceived) (bool, error){
		func(pr paho.PublishReceived) (bool, error) {
			select {
			case msgs <- pr.Packet:
			default: // the summary is behind: a value is skipped, the next one comes
			}
			return true, nil
		}}})
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if _, err := c.Connect(cctx, &paho.Connect{ClientID: fmt.Sprintf("demo-summary-%d", os.Getpid()), CleanStart: true, KeepAlive: 30}); err != nil {
		return err
	}
	if _, err := c.Subscribe(cctx, &paho.Subscribe{Subscriptions: []paho.SubscribeOptions{{Topic: "Tracker/#"}}}); err != nil {
		return err
	}
	defer func() { _ = c.Disconnect(&paho.Disconnect{}) }()
	st := newState()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-c.Done():
			return fmt.Errorf("disconnected from %s", addr)
		case m := <-msgs:
			st.take(m.Topic, string(m.Payload))
		case now := <-tick.C:
			fmt.Fprint(out, st.render(now, notes))
		}
	}
}
