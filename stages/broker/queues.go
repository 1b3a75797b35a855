package broker

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/internal/jsonscan"
)

// parseQueues appends the owned queues of the queue list to dst. The fast path reads the list
// in one pass and builds nothing for a queue but its Queue (encoding/json was most of a broker
// cycle's CPU: docs/decisions.md); a list it does not read exactly as encoding/json would
// (escapes, keys in another case, repeated keys, other types, errors) goes through the
// reference decoder, which also words the error.
func parseQueues(b []byte, dst []Queue) ([]Queue, error) {
	if out, ok := fastQueues(b, dst); ok {
		return out, nil
	}
	return referenceQueues(b, dst[:0])
}

// referenceQueues decodes the queue list with encoding/json.
func referenceQueues(b []byte, dst []Queue) ([]Queue, error) {
	var queues []queueJSON
	if err := json.Unmarshal(b, &queues); err != nil {
		return dst, fmt.Errorf("queues: %w", err)
	}
	for i := range queues {
		if q := &queues[i]; Owned(q.Name) {
			dst = append(dst, q.sample())
		}
	}
	return dst, nil
}

// sample is an owned queue's Queue, absent fields defaulted. Name and State are copied: on
// the fast path they are views of the response buffer, which the next poll reuses.
func (q *queueJSON) sample() Queue {
	out := Queue{
		Name:                   strings.Clone(q.Name),
		Consumers:              int64(q.Consumers.or(0)),
		MessagesReady:          int64(q.MessagesReady.or(0)),
		MessagesUnacknowledged: int64(q.MessagesUnacknowledged.or(0)),
		PublishRate:            q.MessageStats.Publish.Rate.or(0),
		DeliverRate:            q.MessageStats.Deliver.Rate.or(0),
		AckRate:                q.MessageStats.Ack.Rate.or(0),
		RedeliverRate:          q.MessageStats.Redeliver.Rate.or(0),
		State:                  queueState(q.State),
		Memory:                 int64(q.Memory.or(0)),
		MessageBytes:           int64(q.MessageBytes.or(0)),
	}
	switch {
	case q.ConsumerUtilisation.Valid:
		out.Utilisation, out.HasUtilisation = q.ConsumerUtilisation.V, true
	case q.ConsumerCapacity.Valid:
		out.Utilisation, out.HasUtilisation = q.ConsumerCapacity.V, true
	}
	return out
}

// queueStates are RabbitMQ's queue states: one copy of each instead of one per queue a cycle.
var queueStates = []string{"running", "idle", "flow", "down", "crashed", "stopped", "minority", "terminated", "syncing"}

func queueState(s string) string {
	for _, k := range queueStates {
		if s == k {
			return k
		}
	}
	return strings.Clone(s)
}

// The keys of a queue object, as bits for the repeated-key check.
var queueKeys = []string{"name", "state", "consumers", "consumer_utilisation", "consumer_capacity",
	"messages_ready", "messages_unacknowledged", "memory", "message_bytes", "message_stats"}

var detailKeys = []string{"publish_details", "deliver_details", "ack_details", "redeliver_details"}

func fastQueues(b []byte, dst []Queue) ([]Queue, bool) {
	dst = dst[:0]
	s := jsonscan.New(b)
	if s.Null() {
		return dst, s.AtEnd() // encoding/json: no queues
	}
	if !s.Begin('[') {
		return dst, false
	}
	for more := !s.End(']'); more; {
		var q queueJSON
		switch s.Peek() {
		case 'n':
			if !s.Null() {
				return dst, false
			}
		case '{':
			if !fastQueue(&s, &q) {
				return dst, false
			}
		default:
			return dst, false
		}
		if Owned(q.Name) {
			dst = append(dst, q.sample())
		}
		var ok bool
		if more, ok = s.Next(']'); !ok {
			return dst, false
		}
	}
	return dst, s.AtEnd()
}

// fastQueue reads one queue object; its strings are views of the buffer.
func fastQueue(s *jsonscan.Scanner, q *queueJSON) bool {
	nums := [...]*num{nil, nil, &q.Consumers, &q.ConsumerUtilisation, &q.ConsumerCapacity,
		&q.MessagesReady, &q.MessagesUnacknowledged, &q.Memory, &q.MessageBytes}
	return s.Object(queueKeys, func(i int) bool {
		switch i {
		case 0, 1: // name, state: a string or null
			v, null, ok := s.StringOrNull()
			if ok && !null {
				if i == 0 {
					q.Name = jsonscan.String(v)
				} else {
					q.State = jsonscan.String(v)
				}
			}
			return ok
		case 9:
			return s.Null() || fastStats(s, q)
		default:
			return fastNum(s, nums[i])
		}
	})
}

// fastNum reads what num.UnmarshalJSON would be given: a number is valid, any other value
// (null, a string, an object…) is read and leaves the field invalid.
func fastNum(s *jsonscan.Scanner, n *num) bool {
	switch c := s.Peek(); {
	case c == '-' || c >= '0' && c <= '9':
		v, ok := s.Float()
		*n = num{V: v, Valid: ok}
		return ok // out of range: ParseFloat's error is num's; leave the odd case to the reference
	default:
		*n = num{}
		return s.Skip()
	}
}

// fastStats reads message_stats: the four *_details objects' rate.
func fastStats(s *jsonscan.Scanner, q *queueJSON) bool {
	rates := [...]*rate{&q.MessageStats.Publish, &q.MessageStats.Deliver, &q.MessageStats.Ack, &q.MessageStats.Redeliver}
	return s.Object(detailKeys, func(i int) bool {
		r := rates[i]
		return s.Null() || s.Object(rateKeys, func(int) bool { return fastNum(s, &r.Rate) })
	})
}

var rateKeys = []string{"rate"}
