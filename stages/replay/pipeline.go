// Package replay is tracker-rules replay as a pipeline: reading and decoding traffic lines
// (trafficline), evaluating the rules, and rendering and writing what fires run as stages over
// bounded channels of batches, so both cores work, with the output in input order.
package replay

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// MaxLine is the longest traffic line read (trafficline.MaxLine); a longer one is skipped as
// a bad line naming the limit, and the replay goes on with the next.
const MaxLine = trafficline.MaxLine

// Options of one replay.
type Options struct {
	Engine  *rules.Engine
	Counter *rules.TriggerCounter // nil: triggers are not counted
	// Explain adds after each notification line a line with every condition's observed value.
	Explain bool
	// Live writes every batch as soon as it is done, and ends a batch whenever no more input
	// is waiting: for a live feed on stdin.
	Live bool
	// Publish, when set, sends each notification instead of writing it and says what became
	// of it.
	Publish func(ctx context.Context, rule string, payload []byte) model.Delivery
	// BatchLines is the number of lines a batch holds (default 1024).
	BatchLines int
	Log        zerolog.Logger
	// Decider decides each match's delivery (CONTRACT.md 10.2; nil: one with no mutes). A
	// rule with no policy and no mute gets no decision, and its notification is as before.
	Decider *delivery.Decider
	// Digest, when set, writes {"digest": …} lines in message time: after each crossing of
	// its daily time and at the end of the input (replay --digest, CONTRACT.md 10.6).
	Digest *delivery.Schedule
}

// RuleStats counts one rule's matches: sent (told: written out or published, with no
// decision or a sent one), suppressed (older than 30 s), refused because the rule's
// identifier is not a valid MQTT topic level, and held by its delivery policy or a mute
// (written out or published too, marked held). A held match an emergency sends later moves
// from held to sent.
type RuleStats struct{ Matched, Sent, Suppressed, BadTopic, Held int }

// Result is what a replay did.
type Result struct {
	Lines, Bad int
	Rules      map[string]*RuleStats // every enabled rule, and any that matched
	// ReadErr is the error that ended the input early (a line over MaxLine, a read error).
	ReadErr error
}

type line struct {
	no         int // line number, from 1
	start, end int // in the batch's data
	tooLong    bool
}

// batch is the unit that travels between the stages: up to BatchLines lines with their
// decoded messages, and what the evaluation rendered for them.
type batch struct {
	data  []byte
	lines []line
	slots []trafficline.Slot
	msgs  []*model.AircraftMessage
	errs  []error
}

// piece is what the evaluator hands the writer, in order: a chunk of notification (and
// explain) lines, "line N: …" lines for errOut, notifications to publish; end marks the end
// of a batch (a live replay flushes there).
type piece struct {
	out  []byte
	bad  []byte
	pubs []publication
	end  bool
}

type publication struct {
	rule    string
	payload []byte
	told    bool // sent (or no decision), not held: counted as sent once published
}

func (b *batch) reset() {
	b.data, b.lines, b.msgs, b.errs = b.data[:0], b.lines[:0], b.msgs[:0], b.errs[:0]
}

// chunkSize bounds one output chunk: a heavy batch (thousands of notifications) is written
// from several reused chunks instead of one buffer grown, and copied, again and again.
const chunkSize = 256 << 10

// chunks recycles output chunks between the evaluator and the writer.
type chunks chan []byte

func (c chunks) get() []byte {
	select {
	case b := <-c:
		return b[:0]
	default:
		return make([]byte, 0, chunkSize+8<<10)
	}
}

func (c chunks) put(b []byte) {
	select {
	case c <- b:
	default:
	}
}

// Run replays traffic lines from in: notifications (and explain lines) to out, one
// "line N: error" per bad line to errOut, in input order. Reading and decoding, evaluating and
// rendering, and writing are three stages over bounded channels of batches.
func Run(ctx context.Context, in io.Reader, out, errOut io.Writer, o Options) (Result, error) {
	if o.BatchLines <= 0 {
		o.BatchLines = 1024
	}
	res := Result{Rules: map[string]*RuleStats{}}
	for _, r := range o.Engine.Set().Rules { // every enabled rule shows in the summary
		res.Rules[r.Identifier] = &RuleStats{}
	}
	free := make(chan *batch, 4)
	decoded := make(chan *batch, 2)
	pieces := make(chan piece, 8) // at most ~2 MiB of output in flight
	pool := make(chunks, 16)
	var readErr error
	lines := 0
	readDone := make(chan struct{})
	go func() { // stage 1: read and decode
		defer close(readDone)
		defer close(decoded)
		lines, readErr = readBatches(ctx, in, o, free, decoded)
	}()
	go func() { // stage 2: evaluate and render, in order (the engine is not shared)
		defer close(pieces)
		ev := evaluator{o: o, res: &res, pool: pool, pieces: pieces, ctx: ctx, decider: o.Decider}
		if ev.decider == nil {
			ev.decider = delivery.NewDecider(nil)
		}
		if o.Digest != nil {
			ev.digest = delivery.NewDigest()
		}
		for b := range decoded {
			ev.batch(b)
			select { // the engine keeps no pointer into a batch: reuse it
			case free <- b:
			default:
			}
		}
		ev.endDigest()
	}()
	// Stage 3: write.
	w := bufio.NewWriterSize(out, 64<<10)
	var writeErr error
	sent, bad := map[string]int{}, map[string]int{} // published here; merged once the evaluator is done with res
	for p := range pieces {
		if len(p.bad) > 0 {
			_, _ = errOut.Write(p.bad)
		}
		for _, pub := range p.pubs {
			switch o.Publish(ctx, pub.rule, pub.payload) {
			case model.Sent:
				if pub.told {
					sent[pub.rule]++
				}
			case model.BadTopic:
				bad[pub.rule]++
			}
		}
		if len(p.out) > 0 {
			if _, err := w.Write(p.out); err != nil && writeErr == nil {
				writeErr = err
			}
			pool.put(p.out)
		}
		if p.end && o.Live {
			if err := w.Flush(); err != nil && writeErr == nil {
				writeErr = err
			}
		}
	}
	<-readDone
	res.Lines, res.ReadErr = lines, readErr
	for id, n := range sent {
		res.Rules[id].Sent += n
	}
	for id, n := range bad {
		res.Rules[id].BadTopic += n
	}
	if err := w.Flush(); err != nil && writeErr == nil {
		writeErr = err
	}
	if writeErr != nil {
		return res, fmt.Errorf("writing notifications: %w", writeErr)
	}
	return res, nil
}

// readBatches reads lines into batches, decodes them, and hands them on; it returns the
// number of lines read and the error that ended the input early, if any.
func readBatches(ctx context.Context, in io.Reader, o Options, free <-chan *batch, decoded chan<- *batch) (int, error) {
	r := bufio.NewReaderSize(in, 1<<20)
	dec := trafficline.NewDecoder()
	lineNo := 0
	var long []byte
	for {
		var b *batch
		select {
		case b = <-free:
			b.reset()
		default:
			b = &batch{}
		}
		var readErr error
		eof := false
		for len(b.lines) < o.BatchLines && !eof {
			raw, err := r.ReadSlice('\n')
			tooLong := false
			if errors.Is(err, bufio.ErrBufferFull) { // a long line: gather it
				long = append(long[:0], raw...)
				for errors.Is(err, bufio.ErrBufferFull) && len(long) <= MaxLine {
					raw, err = r.ReadSlice('\n')
					long = append(long, raw...)
				}
				raw = long
				if len(long) > MaxLine { // over the limit: the rest of it is read past, unkept
					for errors.Is(err, bufio.ErrBufferFull) {
						_, err = r.ReadSlice('\n')
					}
					tooLong, raw = true, long[:1]
				}
			}
			switch {
			case err == io.EOF:
				eof = true
			case err != nil && !errors.Is(err, bufio.ErrBufferFull):
				readErr, eof = err, true
			}
			if len(raw) == 0 {
				break
			}
			lineNo++
			if tooLong {
				b.lines = append(b.lines, line{no: lineNo, start: len(b.data), end: len(b.data), tooLong: true})
			} else if t := bytes.TrimSpace(raw); len(t) > 0 {
				start := len(b.data)
				b.data = append(b.data, t...)
				b.lines = append(b.lines, line{no: lineNo, start: start, end: len(b.data)})
			}
			if o.Live && r.Buffered() == 0 {
				break // nothing more waiting: hand this batch on now
			}
			if ctx.Err() != nil {
				eof = true
			}
		}
		if cap(b.slots) < len(b.lines) {
			b.slots = make([]trafficline.Slot, len(b.lines))
		}
		b.slots = b.slots[:len(b.lines)]
		for i, l := range b.lines {
			if l.tooLong {
				b.msgs = append(b.msgs, nil)
				b.errs = append(b.errs, model.TooLarge("the line", MaxLine))
				continue
			}
			m, err := dec.Decode(b.data[l.start:l.end], &b.slots[i])
			b.msgs = append(b.msgs, m)
			b.errs = append(b.errs, err)
		}
		if len(b.lines) > 0 && !pipeline.Send(ctx, decoded, b) {
			return lineNo, readErr // stopped: the batch is not evaluated
		}
		if eof {
			return lineNo, readErr
		}
	}
}

// evaluator runs the engine over the batches in order.
type evaluator struct {
	o      Options
	res    *Result
	pool   chunks
	pieces chan<- piece
	ctx    context.Context // a stop drops what is not yet handed to the writer
	cur    piece           // being filled
	clock  trafficline.Clock

	decider    *delivery.Decider
	digest     *delivery.Digest // nil: no digest lines
	nextDigest time.Time        // the next crossing of the digest's time (zero: before the first message)
	scratch    []byte
}

// digestUntil writes the digest of every crossing of the digest's time up to at.
func (ev *evaluator) digestUntil(at time.Time) {
	if ev.digest == nil || ev.o.Digest.Off {
		return
	}
	if ev.nextDigest.IsZero() {
		ev.nextDigest = ev.o.Digest.Next(at.Add(-time.Nanosecond))
	}
	for !at.Before(ev.nextDigest) { // a match at exactly the digest time is the next digest's
		ev.writeDigest(ev.digest.Report(ev.o.Digest.Before(ev.nextDigest), ev.nextDigest))
		ev.nextDigest = ev.o.Digest.Next(ev.nextDigest)
	}
}

// endDigest writes, at the end of the input, the digest of the period since the last digest
// time (the 24 hours before the clock when the schedule is off).
func (ev *evaluator) endDigest() {
	if ev.digest == nil || ev.clock.Now().IsZero() {
		return
	}
	now := ev.clock.Now()
	from := ev.o.Digest.Before(now)
	if !ev.o.Digest.Off && !ev.o.Digest.Next(from).After(now) { // now is a digest time: its period starts there
		from = now
	}
	ev.writeDigest(ev.digest.ReportThrough(from, now))
	ev.cur.end = true
	pipeline.Send(ev.ctx, ev.pieces, ev.cur)
	ev.cur = piece{}
}

func (ev *evaluator) writeDigest(r delivery.Report) {
	line, _ := json.Marshal(struct {
		Digest delivery.Report `json:"digest"`
	}{r})
	out := ev.out()
	*out = append(append(*out, line...), '\n')
}

// out is the chunk to append output to; a full one goes to the writer first.
func (ev *evaluator) out() *[]byte {
	if len(ev.cur.out) >= chunkSize {
		pipeline.Send(ev.ctx, ev.pieces, ev.cur)
		ev.cur = piece{}
	}
	if ev.cur.out == nil {
		ev.cur.out = ev.pool.get()
	}
	return &ev.cur.out
}

func (ev *evaluator) batch(b *batch) {
	o := ev.o
	defer func() { // the end of a batch: hand on what is left
		ev.cur.end = true
		pipeline.Send(ev.ctx, ev.pieces, ev.cur)
		ev.cur = piece{}
	}()
	for i, l := range b.lines {
		if err := b.errs[i]; err != nil {
			ev.cur.bad = fmt.Appendf(ev.cur.bad, "line %d: %v\n", l.no, err)
			ev.res.Bad++
			continue
		}
		m := b.msgs[i]
		ev.digestUntil(m.ReceivedAt)
		ev.clock.See(m.ReceivedAt)
		if l.no%10000 == 0 { // forget finished flights: bounded memory on long or live runs
			o.Engine.Expire(ev.clock.Now())
		}
		matches := o.Engine.Process(m)
		f := o.Engine.Last()
		if len(matches) == 0 && len(f.Held) == 0 {
			continue
		}
		lagging := ev.clock.Lagging(m.ReceivedAt)
		for _, mt := range matches {
			st := ev.stats(mt.Rule.Identifier)
			st.Matched++
			if o.Counter != nil {
				o.Counter.Count(mt.Rule.Identifier, mt.At)
			}
			if lagging {
				st.Suppressed++
				o.Log.Debug().Str("icao_hex", f.IcaoHex).Str("rule", mt.Rule.Identifier).Msg("notification suppressed: message older than 30 s")
			}
		}
		if lagging { // lag comes before any decision (CONTRACT.md 10.2)
			continue
		}
		var body []byte // the flight, rendered once for every rule that fires on it
		notify.Decide(ev.decider, o.Engine.Set(), f, matches, m.ReceivedAt, func(t notify.Told) {
			st := ev.stats(t.Rule.Identifier)
			ruleBody := notify.Body(&body, t.Rule, f)
			d := t.Decision
			switch {
			case t.Again: // the held match, sent after all
				st.Held--
			case ev.digest != nil:
				ev.digest.Add(t.At, t.Rule.Identifier, t.Rule.Name, f.IcaoHex, delivery.LabelOf(f), d)
			}
			if d.State == delivery.Held {
				st.Held++
			}
			if o.Publish != nil {
				ev.cur.pubs = append(ev.cur.pubs, publication{t.Rule.Identifier, notify.Mark(model.AppendNotification(nil, ruleBody, t.Rule.RefJSON()), d, &ev.scratch), d.Told()})
			} else {
				out := ev.out()
				*out = notify.Mark(model.AppendNotification(*out, ruleBody, t.Rule.RefJSON()), d, &ev.scratch)
				*out = append(*out, '\n')
				if d.Told() {
					st.Sent++
				}
			}
			if o.Explain && !t.Again {
				earlier := f.MatchedRules[:len(f.MatchedRules)-len(matches)]
				out := ev.out()
				*out = AppendExplain(*out, t.Rule, f, earlier, t.At)
			}
		})
	}
}

// stats is a rule's counts (a rule that fires was in the set when the replay began, or came
// with a reload).
func (ev *evaluator) stats(id string) *RuleStats {
	st := ev.res.Rules[id]
	if st == nil {
		st = &RuleStats{}
		ev.res.Rules[id] = st
	}
	return st
}

// Explanation is why a rule fired: every condition with the value it observed.
type Explanation struct {
	Rule       string                  `json:"rule"`
	IcaoHex    string                  `json:"icao_hex"`
	Conditions []rules.ConditionResult `json:"conditions"`
}

// AppendExplain appends the explain line of a rule on a flight:
// {"explain":{"rule", "icao_hex", "conditions":[{type, operator, value, observed, match}…]}}.
func AppendExplain(dst []byte, r *rules.Rule, f *model.Flight, earlier []string, at time.Time) []byte {
	line, _ := json.Marshal(struct {
		Explain Explanation `json:"explain"`
	}{Explanation{Rule: r.Identifier, IcaoHex: f.IcaoHex, Conditions: r.Explain(f, earlier, at)}})
	dst = append(dst, line...)
	return append(dst, '\n')
}
