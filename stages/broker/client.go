package broker

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Paths of the four calls per broker tick (spec 4.1). columns= keeps only the fields read.
const (
	pathOverview = "/api/overview?columns=object_totals.connections"
	pathNodes    = "/api/nodes?columns=name,mem_alarm,disk_free_alarm"
	pathQueues   = "/api/queues/%2F?columns=name,consumers,consumer_utilisation,consumer_capacity," +
		"messages_ready,messages_unacknowledged,state,memory,message_bytes,message_stats"
	pathExchange = "/api/exchanges/%2F/" + Exchange
)

// MaxResponseBytes caps one management API response.
const MaxResponseBytes = 64 << 20

// HTTPError is a non-2xx answer.
type HTTPError struct {
	Path   string
	Status int
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("GET %s: HTTP %d", e.Path, e.Status)
}

// Unauthorized reports whether err is a 401 from the management API.
func Unauthorized(err error) bool {
	var h *HTTPError
	return errors.As(err, &h) && h.Status == http.StatusUnauthorized
}

// Client reads the management HTTP API as the monitoring user. Not for concurrent Fetches:
// the bodies of one Fetch live in buffers that the next one reuses.
type Client struct {
	base     string
	user     string
	password string
	http     *http.Client
	bufs     [4]bytes.Buffer // one per call, reused every cycle instead of growing anew
}

// NewClient builds a client for base (http://host:port). Timeouts stay below the poll
// interval (three quarters of it, 10 s at most) so that a hung broker fails its cycle before
// the next tick: no tick is skipped, and the next poll tries again on time.
func NewClient(base, user, password string, interval time.Duration) *Client {
	connect := min(5*time.Second, interval/2)
	request := min(10*time.Second, interval*3/4)
	tr := &http.Transport{
		DialContext:           (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext,
		ResponseHeaderTimeout: request,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
		// The broker is on the same host or network: gzip would cost the broker and the
		// monitor CPU every cycle to save bandwidth nobody is short of.
		DisableCompression: true,
	}
	return &Client{base: base, user: user, password: password, http: &http.Client{Transport: tr, Timeout: request}}
}

// Raw holds the four raw response bodies of one poll.
type Raw struct {
	Overview, Nodes, Queues, Exchange []byte
	ExchangeMissing                   bool // the exchange answered 404
}

// Fetch issues the four GETs concurrently. Any failure fails the whole poll, except a 404 on
// the exchange. The bodies stay valid until the next Fetch.
func (c *Client) Fetch(ctx context.Context) (*Raw, error) {
	var raw Raw
	errs := make([]error, 4)
	targets := []*[]byte{&raw.Overview, &raw.Nodes, &raw.Queues, &raw.Exchange}
	paths := []string{pathOverview, pathNodes, pathQueues, pathExchange}
	pipeline.All(len(paths), func(i int) { *targets[i], errs[i] = c.get(ctx, paths[i], &c.bufs[i]) })
	var h *HTTPError
	if errors.As(errs[3], &h) && h.Status == http.StatusNotFound {
		raw.ExchangeMissing, errs[3] = true, nil
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &raw, nil
}

func (c *Client) get(ctx context.Context, path string, buf *bytes.Buffer) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", path, err)
	}
	req.SetBasicAuth(c.user, c.password)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("GET %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return nil, &HTTPError{Path: path, Status: resp.StatusCode}
	}
	buf.Reset()
	if buf.Cap() > 4<<20 {
		*buf = bytes.Buffer{} // a one-off huge answer is not kept
	}
	if resp.ContentLength > 0 && resp.ContentLength <= MaxResponseBytes {
		buf.Grow(int(resp.ContentLength))
	}
	_, err = fetch.CopyLimited(buf, resp.Body, MaxResponseBytes, "the answer") // into the reused buffer
	switch {
	case errors.Is(err, model.ErrTooLarge):
		return nil, fmt.Errorf("GET %s: %w", path, err)
	case err != nil:
		return nil, fmt.Errorf("GET %s: reading body: %w", path, err)
	}
	return buf.Bytes(), nil
}

// num is a JSON number that tolerates absence, null and non-numbers (Valid false).
type num struct {
	V     float64
	Valid bool
}

func (n *num) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	*n = num{V: f, Valid: err == nil}
	return nil
}

func (n num) or(def float64) float64 {
	if n.Valid {
		return n.V
	}
	return def
}

type rate struct {
	Rate num `json:"rate"`
}

type overviewJSON struct {
	ObjectTotals struct {
		Connections num `json:"connections"`
	} `json:"object_totals"`
}

type nodeJSON struct {
	MemAlarm      bool `json:"mem_alarm"`
	DiskFreeAlarm bool `json:"disk_free_alarm"`
}

type queueJSON struct {
	Name                   string `json:"name"`
	Consumers              num    `json:"consumers"`
	ConsumerUtilisation    num    `json:"consumer_utilisation"`
	ConsumerCapacity       num    `json:"consumer_capacity"`
	MessagesReady          num    `json:"messages_ready"`
	MessagesUnacknowledged num    `json:"messages_unacknowledged"`
	State                  string `json:"state"`
	Memory                 num    `json:"memory"`
	MessageBytes           num    `json:"message_bytes"`
	MessageStats           struct {
		Publish   rate `json:"publish_details"`
		Deliver   rate `json:"deliver_details"`
		Ack       rate `json:"ack_details"`
		Redeliver rate `json:"redeliver_details"`
	} `json:"message_stats"`
}

type exchangeJSON struct {
	MessageStats struct {
		PublishIn  rate `json:"publish_in_details"`
		PublishOut rate `json:"publish_out_details"`
	} `json:"message_stats"`
}

// Queue is one owned queue's sample, absent fields already defaulted.
type Queue struct {
	Name                   string
	Consumers              int64
	Utilisation            float64 // fraction 0..1
	HasUtilisation         bool
	MessagesReady          int64
	MessagesUnacknowledged int64
	PublishRate            float64
	DeliverRate            float64
	AckRate                float64
	RedeliverRate          float64
	State                  string
	Memory                 int64
	MessageBytes           int64
}

// Sample is one successful broker poll.
type Sample struct {
	Connections    int64
	HasConnections bool
	MemoryAlarm    bool
	DiskFreeAlarm  bool
	PublishInRate  float64
	PublishOutRate float64
	Queues         []Queue // owned queues only, in the broker's order
}

// Parse decodes the four bodies; any malformed body fails the poll.
func Parse(raw *Raw) (*Sample, error) {
	var s Sample
	if err := ParseInto(raw, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

// ParseInto is Parse into s, reusing its queue slice.
func ParseInto(raw *Raw, s *Sample) error {
	*s = Sample{Queues: s.Queues[:0]}
	var ov overviewJSON
	if err := json.Unmarshal(raw.Overview, &ov); err != nil {
		return fmt.Errorf("overview: %w", err)
	}
	if ov.ObjectTotals.Connections.Valid {
		s.Connections, s.HasConnections = int64(ov.ObjectTotals.Connections.V), true
	}
	var nodes []nodeJSON
	if err := json.Unmarshal(raw.Nodes, &nodes); err != nil {
		return fmt.Errorf("nodes: %w", err)
	}
	for _, n := range nodes {
		s.MemoryAlarm = s.MemoryAlarm || n.MemAlarm
		s.DiskFreeAlarm = s.DiskFreeAlarm || n.DiskFreeAlarm
	}
	if !raw.ExchangeMissing {
		var ex exchangeJSON
		if err := json.Unmarshal(raw.Exchange, &ex); err != nil {
			return fmt.Errorf("exchange: %w", err)
		}
		s.PublishInRate = ex.MessageStats.PublishIn.Rate.or(0)
		s.PublishOutRate = ex.MessageStats.PublishOut.Rate.or(0)
	}
	var err error
	s.Queues, err = parseQueues(raw.Queues, s.Queues)
	return err
}
