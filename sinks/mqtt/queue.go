package mqtt

import (
	"sync"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// queue is the coalescing queue between the discovery book and the transport: a FIFO of
// pending publications, at most one per topic. A newer state of an entity (or text of a loose
// topic) that is still waiting replaces the older one in place, so memory is bounded by the
// number of topics and a slow broker never builds a stale backlog.
//
// The queue owns its slots: one per entity the book knows (its waiting state, typed, and
// whether its discovery config waits), handed out by Open and given back by Release; the book
// keeps only the slot's number. Loose messages (ONLINE, sticky messages, the empty config of
// a removed entity) wait in a map by topic. The book puts a whole batch under one lock
// (BeginPuts, EndPuts); the transport's writer takes a chunk at a time (PopN).
type queue struct {
	mu    sync.Mutex
	slots []slot
	free  []slotID // released slots, for the next Open
	fifo  []item
	head  int
	loose map[string]*loose
	n     int  // waiting messages
	taken int  // messages of the chunk being written (PopN until the next PopN)
	put   bool // something was put since BeginPuts
	// notify wakes the writer (one slot: a pending wake-up is enough).
	notify chan struct{}
	// high is the most places the FIFO held over the last empties (up to shrinkWindow of
	// them): a backlog far larger than usual (the first connect's discovery) does not keep its
	// array for ever, while a cycle that drains in parts, small and large, keeps it.
	high, empties int
}

// slotID names a slot; the zero value is no slot.
type slotID uint32

// slot is what waits for one entity: its state (typed: rendered by the transport as it writes
// it) and whether its discovery config waits. gen counts the slot's owners, so that a FIFO
// place of a released slot never speaks for the slot's next entity.
type slot struct {
	entity      *model.Entity
	text        string
	word        uint64
	typ         model.ValueType
	stateQueued bool
	cfgQueued   bool
	gen         uint16
}

// item is one place in the FIFO: a slot's state or config (with the slot's generation when
// it was enqueued), or a loose message.
type item struct {
	id   slotID
	gen  uint16
	what uint8
	l    *loose
}

const (
	itemState uint8 = iota
	itemConfig
	itemLoose
)

// loose is a queued message that belongs to no entity.
type loose struct {
	topic, text string
	queued      bool
}

// outMsg is one publication taken from the queue: a state (typed), a discovery config
// (rendered from its entity when it is written, never kept rendered), or a loose text.
type outMsg struct {
	topic  string
	entity *model.Entity // set for a discovery config: rendered as it is written, and paced
	typ    model.ValueType
	word   uint64
	text   string
}

func newQueue() *queue {
	return &queue{slots: make([]slot, 1), loose: map[string]*loose{}, notify: make(chan struct{}, 1)} // slot 0: none
}

// BeginPuts starts a series of puts (the book's batch).
func (q *queue) BeginPuts() { q.mu.Lock() }

// EndPuts ends it and wakes the writer if anything was put.
func (q *queue) EndPuts() {
	put := q.put
	q.put = false
	q.mu.Unlock()
	if put {
		select {
		case q.notify <- struct{}{}:
		default:
		}
	}
}

// Open hands out a slot for e (puts held).
func (q *queue) Open(e *model.Entity) slotID {
	var id slotID
	if n := len(q.free); n > 0 {
		id = q.free[n-1]
		q.free = q.free[:n-1]
	} else {
		q.slots = append(q.slots, slot{})
		id = slotID(len(q.slots) - 1) //nolint:gosec // far fewer than 2^32 entities
	}
	q.slots[id].entity = e
	return id
}

// Rebind gives slot id a new description of its entity (puts held): a waiting config or state
// goes out as the new one.
func (q *queue) Rebind(id slotID, e *model.Entity) { q.slots[id].entity = e }

// Release takes back slot id (puts held): what waited in it is dropped, and the FIFO places
// it had no longer count.
func (q *queue) Release(id slotID) {
	s := &q.slots[id]
	if s.stateQueued {
		q.n--
	}
	if s.cfgQueued {
		q.n--
	}
	*s = slot{gen: s.gen + 1}
	q.free = append(q.free, id)
}

// PutState queues a state reading in slot id (puts held).
func (q *queue) PutState(id slotID, r *model.Reading) {
	s := &q.slots[id]
	s.typ, s.word, s.text = r.Type, r.Word(), r.Text()
	if !s.stateQueued {
		s.stateQueued = true
		q.enqueue(item{id: id, gen: s.gen, what: itemState})
	}
	q.put = true
}

// PutStateText queues a text state in slot id (puts held).
func (q *queue) PutStateText(id slotID, text string) {
	s := &q.slots[id]
	s.typ, s.word, s.text = model.TextValue, 0, text
	if !s.stateQueued {
		s.stateQueued = true
		q.enqueue(item{id: id, gen: s.gen, what: itemState})
	}
	q.put = true
}

// PutConfig queues slot id's discovery config (puts held).
func (q *queue) PutConfig(id slotID) {
	s := &q.slots[id]
	if !s.cfgQueued {
		s.cfgQueued = true
		q.enqueue(item{id: id, gen: s.gen, what: itemConfig})
	}
	q.put = true
}

// PutLoose queues text on topic (puts held).
func (q *queue) PutLoose(topic, text string) {
	l := q.loose[topic]
	if l == nil {
		l = &loose{topic: topic}
		q.loose[topic] = l
	}
	l.text = text
	if !l.queued {
		l.queued = true
		q.enqueue(item{what: itemLoose, l: l})
	}
	q.put = true
}

// enqueue appends a place that was not waiting to the FIFO (puts held). A put that only
// replaces a waiting value needs no place.
func (q *queue) enqueue(it item) {
	q.fifo = append(q.fifo, it)
	q.high = max(q.high, len(q.fifo))
	q.n++
}

// Pop takes the oldest waiting message.
func (q *queue) Pop() (outMsg, bool) {
	var one [1]outMsg
	if got := q.PopN(one[:0], 1); len(got) == 1 {
		return got[0], true
	}
	return outMsg{}, false
}

// PopN appends up to n of the oldest waiting messages to dst.
func (q *queue) PopN(dst []outMsg, n int) []outMsg {
	q.mu.Lock()
	defer q.mu.Unlock()
	start := len(dst)
	for len(dst)-start < n && q.head < len(q.fifo) {
		it := q.fifo[q.head]
		q.fifo[q.head] = item{}
		q.head++
		if it.what == itemLoose {
			if it.l.queued {
				it.l.queued = false
				delete(q.loose, it.l.topic)
				dst = append(dst, outMsg{topic: it.l.topic, typ: model.TextValue, text: it.l.text})
			}
			continue
		}
		s := &q.slots[it.id]
		if s.gen != it.gen {
			continue // the slot was released since: another entity's now
		}
		if it.what == itemConfig {
			if s.cfgQueued {
				s.cfgQueued = false
				dst = append(dst, outMsg{topic: s.entity.DiscoveryTopic(), entity: s.entity})
			}
			continue
		}
		if s.stateQueued {
			s.stateQueued = false
			dst = append(dst, outMsg{topic: s.entity.StateTopic, typ: s.typ, word: s.word, text: s.text})
			s.text = "" // no payload kept alive past its publication
		}
	}
	q.n -= len(dst) - start
	q.taken = len(dst) - start
	q.compact()
	return dst
}

func (q *queue) compact() {
	if q.head == len(q.fifo) {
		q.fifo, q.head = q.fifo[:0], 0
		if q.high == 0 {
			return // popped empty: nothing was measured
		}
		if q.empties++; q.empties < shrinkWindow {
			return
		}
		if cap(q.fifo) > minShrink && cap(q.fifo) > 2*q.high {
			q.fifo = make([]item, 0, q.high+q.high/4)
		}
		q.high, q.empties = 0, 0
	} else if q.head > 1024 && q.head > len(q.fifo)/2 {
		n := copy(q.fifo, q.fifo[q.head:])
		clear(q.fifo[n:])
		q.fifo, q.head = q.fifo[:n], 0
	}
}

// minShrink is the FIFO's capacity below which it is never reallocated smaller.
const minShrink = 4096

// shrinkWindow is how many times the FIFO runs empty between looks at whether its array is
// far larger than it needed: a cycle's readings arrive in parts, and deciding at every empty
// took a small part drained on its own for a small cycle (docs/decisions.md).
const shrinkWindow = 64

// Clear drops everything waiting (puts held): nothing goes out while disconnected.
func (q *queue) Clear() {
	for _, it := range q.fifo[q.head:] {
		switch it.what {
		case itemLoose:
			it.l.queued = false
		case itemConfig:
			if s := &q.slots[it.id]; s.gen == it.gen {
				s.cfgQueued = false
			}
		default:
			if s := &q.slots[it.id]; s.gen == it.gen {
				s.stateQueued, s.text = false, ""
			}
		}
	}
	clear(q.loose)
	clear(q.fifo)
	q.fifo, q.head, q.n, q.taken = q.fifo[:0], 0, 0, 0
}

// Len is the number of waiting messages plus those of the chunk being written: zero once
// everything put has been handed to the transport.
func (q *queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n + q.taken
}
