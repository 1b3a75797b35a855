package mqtt

import (
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// batchConn is the sink's MQTT connection, handed to autopaho through AttemptConnection, so
// that autopaho keeps the connection management, the will and the reconnects.
//
// The sink's own QoS 0 PUBLISH packets are encoded straight into one buffer (no paho packet,
// no per-message allocation) and written in large writes: when the topic queue runs empty,
// when flushAt bytes are waiting, before a pacing sleep, and at the latest flushDelay after the
// first byte was buffered. Every packet paho writes itself (CONNECT, PINGREQ, SUBSCRIBE,
// DISCONNECT, its own PUBLISH) goes out as soon as paho has written it, after whatever was
// buffered before it, so control packets never wait and the order on the wire is the order
// of the calls.
//
// paho's packets.ControlPacket.WriteTo locks a net.Conn that is a sync.Locker around each
// packet and writes it in several Write calls; Lock and Unlock therefore mark the packet's
// boundaries, and Unlock writes it.
type batchConn struct {
	net.Conn

	mu      sync.Mutex
	buf     []byte
	pending uint64 // sink messages in buf
	err     error  // the first write error, or errConnClosed: every later write fails at once
	armed   bool   // the flush timer is running
	timer   *time.Timer
	timeout time.Duration // write deadline of each flush
	delay   time.Duration // the longest a buffered message waits for a flush (flushDelay)

	retainOK atomic.Bool   // the server accepts retained messages (CONNACK)
	written  atomic.Uint64 // sink messages handed to the kernel
}

// Flushing policy: large writes, and nothing waits for long.
const (
	flushAt    = 64 << 10  // bytes buffered that trigger a write
	keepBuf    = 256 << 10 // a buffer grown larger than this (one huge message) is not kept
	flushDelay = 2 * time.Millisecond
)

var errConnClosed = errors.New("mqtt connection closed")

func newBatchConn(c net.Conn, writeTimeout time.Duration) *batchConn {
	bc := &batchConn{Conn: c, buf: make([]byte, 0, flushAt+4<<10), timeout: writeTimeout, delay: flushDelay}
	bc.retainOK.Store(true)
	bc.timer = time.AfterFunc(time.Hour, bc.onTimer)
	bc.timer.Stop()
	return bc
}

// Lock starts one of paho's packets.
func (c *batchConn) Lock() { c.mu.Lock() }

// Write takes a part of one of paho's packets (the Locker is held).
func (c *batchConn) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	c.buf = append(c.buf, p...)
	return len(p), nil
}

// Unlock ends one of paho's packets: it goes out now, with what was buffered before it. A
// failed write closes the connection, which paho's reader reports as connection lost.
func (c *batchConn) Unlock() {
	c.flushLocked()
	c.mu.Unlock()
}

// Close closes the connection; whatever is still buffered is dropped (QoS 0).
func (c *batchConn) Close() error {
	c.mu.Lock()
	if c.err == nil {
		c.err = errConnClosed
	}
	c.buf = c.buf[:0]
	c.pending = 0
	c.timer.Stop()
	c.mu.Unlock()
	return c.Conn.Close()
}

// Publish buffers one QoS 0 PUBLISH of the sink. It fails once the connection has failed or
// closed, and for a retained message when the server does not accept them (as paho would).
func (c *batchConn) Publish(topic string, payload []byte, retain bool) error {
	return publish(c, topic, payload, retain)
}

// PublishString is Publish of a text.
func (c *batchConn) PublishString(topic, payload string, retain bool) error {
	return publish(c, topic, payload, retain)
}

func publish[P string | []byte](c *batchConn, topic string, payload P, retain bool) error {
	if retain && !c.retainOK.Load() {
		return errRetainUnavailable
	}
	if len(topic) > 0xffff {
		return fmt.Errorf("mqtt: topic of %d bytes is too long", len(topic))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return c.err
	}
	c.buf = appendPublish(c.buf, topic, payload, retain)
	c.pending++
	if len(c.buf) >= flushAt {
		c.flushLocked()
	} else if !c.armed {
		c.armed = true
		c.timer.Reset(c.delay)
	}
	return c.err
}

var errRetainUnavailable = errors.New("mqtt: the server does not accept retained messages")

// Flush writes what is buffered.
func (c *batchConn) Flush() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushLocked()
	return c.err
}

// Written is how many of the sink's messages have been handed to the kernel.
func (c *batchConn) Written() uint64 { return c.written.Load() }

func (c *batchConn) onTimer() {
	c.mu.Lock()
	c.armed = false
	c.flushLocked()
	c.mu.Unlock()
}

func (c *batchConn) flushLocked() {
	if c.armed {
		// The timer is a safety net for a buffer nobody flushes; the writer flushes before
		// every pacing sleep, and a timer firing mid-window costs a goroutine and a write.
		c.timer.Stop()
		c.armed = false
	}
	if len(c.buf) == 0 || c.err != nil {
		return
	}
	// One deadline a write, not a message: a broker that stops reading fails the connection
	// (and autopaho reconnects) instead of holding the sink forever.
	_ = c.SetWriteDeadline(time.Now().Add(c.timeout))
	_, err := c.Conn.Write(c.buf)
	if err != nil {
		c.err = fmt.Errorf("mqtt write: %w", err)
		_ = c.Conn.Close() // paho's reader fails on it: connection down, autopaho reconnects
	} else {
		c.written.Add(c.pending)
	}
	c.pending = 0
	if cap(c.buf) > keepBuf {
		c.buf = make([]byte, 0, flushAt+4<<10)
	} else {
		c.buf = c.buf[:0]
	}
}

// appendPublish appends an MQTT 5 PUBLISH packet, QoS 0, no properties (3.3 of the
// specification): fixed header (type 3, RETAIN flag), remaining length, topic name, property
// length 0, payload. QoS 0 carries no packet identifier.
func appendPublish[P string | []byte](b []byte, topic string, payload P, retain bool) []byte {
	flags := byte(0x30)
	if retain {
		flags |= 0x01
	}
	b = append(b, flags)
	b = appendVarInt(b, 2+len(topic)+1+len(payload))
	b = append(b, byte(len(topic)>>8), byte(len(topic)))
	b = append(b, topic...)
	b = append(b, 0) // property length
	return append(b, payload...)
}

// appendVarInt appends an MQTT variable byte integer.
func appendVarInt(b []byte, n int) []byte {
	for {
		d := byte(n % 128)
		n /= 128
		if n > 0 {
			d |= 0x80
		}
		b = append(b, d)
		if n == 0 {
			return b
		}
	}
}
