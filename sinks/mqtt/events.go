package mqtt

import "sync"

type connEventKind uint8

const (
	eventUp    connEventKind = iota // a connection came up (a new generation)
	eventDown                       // the connection of gen went down
	eventBirth                      // a live Home Assistant birth message arrived on gen
)

// connEvent is one change of the MQTT connection, tagged with the generation of the
// connection it belongs to.
type connEvent struct {
	kind connEventKind
	gen  uint64
}

// connEvents is one ordered stream of connection events: autopaho's callbacks append (they
// must not block), the sink drains them in the order they happened. Two one-slot signal
// channels read by one select would lose that order when both are pending.
type connEvents struct {
	mu     sync.Mutex
	q      []connEvent
	gen    uint64
	notify chan struct{}
}

func newConnEvents() *connEvents { return &connEvents{notify: make(chan struct{}, 1)} }

func (c *connEvents) push(kind connEventKind) {
	c.mu.Lock()
	if kind == eventUp {
		c.gen++
	}
	c.q = append(c.q, connEvent{kind: kind, gen: c.gen})
	c.mu.Unlock()
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

func (c *connEvents) up()    { c.push(eventUp) }
func (c *connEvents) down()  { c.push(eventDown) }
func (c *connEvents) birth() { c.push(eventBirth) }

// drain takes every pending event, oldest first.
func (c *connEvents) drain() []connEvent {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.q
	c.q = nil
	return out
}
