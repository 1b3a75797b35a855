package store

import (
	"context"
	"errors"
	"io"
	"math"

	"github.com/redis/rueidis"
)

// counterStream reads the replies of a batch of counter GETs as rueidis streams them off the
// connection, into a fixed buffer: no reply object and no string a counter.
type counterStream struct {
	st      rueidis.MultiRedisResultStream
	buf     [24]byte // an int64 with a sign and some spaces; longer is not a counter
	discard [64]byte // where the rest of a longer reply is read (a field: a local escapes)
	n       int
	tooLong bool
	failed  error // the first error that was not the store's reply: the rest are unknown
}

// streamCounters sends cmds (GETs) in one round trip; next must then be called once for each.
func streamCounters(ctx context.Context, cl rueidis.Client, cmds rueidis.Commands) *counterStream {
	return &counterStream{st: cl.DoMultiStream(ctx, cmds...)}
}

// next reads the next reply: the counter (missing or empty: zeroFill), or ok false for a
// reply that is not an integer, an error reply (err set), or no reply at all (err set, and
// failed).
func (c *counterStream) next() (v int64, ok bool, err error) {
	c.n, c.tooLong = 0, false
	_, err = c.st.WriteTo(c)
	switch {
	case err == nil:
		if c.tooLong {
			return 0, false, nil
		}
		v, ok = parseCounter(c.buf[:c.n])
		return v, ok, nil
	case rueidis.IsRedisNil(err):
		v, ok = zeroFill()
		return v, ok, nil
	}
	if _, reply := rueidis.IsRedisErr(err); !reply && c.failed == nil {
		c.failed = err
	}
	return 0, false, err
}

// Write keeps p (a reply's bytes, possibly in parts).
func (c *counterStream) Write(p []byte) (int, error) {
	if c.n+len(p) > len(c.buf) {
		c.tooLong = true
		return len(p), nil
	}
	c.n += copy(c.buf[c.n:], p)
	return len(p), nil
}

// ReadFrom reads a reply straight into the buffer (io.Copy would otherwise allocate one for
// each reply); what does not fit is read and dropped, and marks the reply too long.
func (c *counterStream) ReadFrom(r io.Reader) (int64, error) {
	var total int64
	for {
		dst := c.buf[c.n:]
		full := len(dst) == 0
		if full {
			dst = c.discard[:]
		}
		n, err := r.Read(dst)
		total += int64(n)
		if full {
			c.tooLong = c.tooLong || n > 0
		} else {
			c.n += n
		}
		if errors.Is(err, io.EOF) {
			return total, nil
		}
		if err != nil {
			return total, err
		}
	}
}

// zeroFill is the count of a counter key that is missing or empty: zero, not unavailable
// (spec 1.3, rule 1; CONTRACT.md 2, "Reading"). A period key that expired at the end of its
// hour or day is published as 0, so the entity reads 0 rather than keeping yesterday's total.
func zeroFill() (int64, bool) { return 0, true }

// parseCounter reads a base-10 int64 between optional ASCII spaces; empty is zeroFill.
func parseCounter(b []byte) (int64, bool) {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	if len(b) == 0 {
		return zeroFill()
	}
	neg := false
	switch b[0] {
	case '-':
		neg, b = true, b[1:]
	case '+':
		b = b[1:]
	}
	if len(b) == 0 {
		return 0, false
	}
	var u uint64
	const limit = 1 << 63
	for _, ch := range b {
		if ch < '0' || ch > '9' {
			return 0, false
		}
		d := uint64(ch - '0')
		if u > (limit-d)/10 {
			return 0, false
		}
		u = u*10 + d
	}
	switch {
	case neg && u == limit:
		return math.MinInt64, true
	case neg:
		return -int64(u), true //nolint:gosec // u < 1<<63
	case u == limit:
		return 0, false
	}
	return int64(u), true //nolint:gosec // u < 1<<63
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}
