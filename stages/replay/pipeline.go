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
	// FlightLog, when set, is the flight log each replayed flight is written to (replay
	// --flight-log, CONTRACT.md 13): Home is where the closest approach is measured from, Zone
	// the clock of the daily summaries.
	FlightLog string
	Home      *model.Home
	Zone      *time.Location
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
	// Flights is how many flights were written to Options.FlightLog.
	Flights int64
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
// rendering, and writing are three stages over bounded channels of batches (the first two
// members of a run group, the third here).
func Run(ctx context.Context, in io.Reader, out, errOut io.Writer, o Options) (Result, error) {
	if o.BatchLines <= 0 {
		o.BatchLines = 1024
	}
	fl, err := openFlightLog(ctx, o)
	if err != nil {
		return Result{}, err
	}
	res := Result{Rules: map[string]*RuleStats{}}
	for _, r := range o.Engine.Set().Rules { // every enabled rule shows in the summary
		res.Rules[r.Identifier] = &RuleStats{}
	}
	free := make(chan *batch, 4)
	decoded := make(chan *batch, 2)
	pieces := make(chan piece, 8) // at most ~2 MiB of output in flight
	pool := make(chunks, 16)
	var lines int
	var readErr error
	g := pipeline.NewGroup(ctx)
	g.Go("read", func(ctx context.Context) error { // stage 1: read and decode
		defer close(decoded)
		lines, readErr = readBatches(ctx, in, o, free, decoded)
		return nil
	})
	g.Go("evaluate", func(ctx context.Context) error { // stage 2: evaluate and render, in order (the engine is not shared)
		defer close(pieces)
		newEvaluator(ctx, o, &res, pool, pieces, fl).run(decoded, free)
		return nil
	})
	wr := writer{o: o, errOut: errOut, w: bufio.NewWriterSize(out, 64<<10), pool: pool, sent: map[string]int{}, bad: map[string]int{}}
	writeErr := wr.run(ctx, pieces) // stage 3: write
	err = g.Wait()
	res.Lines, res.ReadErr = lines, readErr
	wr.count(&res) // published here; merged once the evaluator is done with res
	if writeErr != nil && err == nil {
		err = fmt.Errorf("writing notifications: %w", writeErr)
	}
	if fl != nil {
		var ferr error
		if res.Flights, ferr = fl.close(o.Engine); err == nil {
			err = ferr
		}
	}
	return res, err
}

// writer is the third stage: it writes (or publishes) what the evaluator rendered, in order.
type writer struct {
	o         Options
	errOut    io.Writer
	w         *bufio.Writer
	pool      chunks
	sent, bad map[string]int // published, by rule
}

// run writes every piece until pieces closes; it returns the first write error.
func (wr *writer) run(ctx context.Context, pieces <-chan piece) error {
	var writeErr error
	keep := func(err error) {
		if err != nil && writeErr == nil {
			writeErr = err
		}
	}
	for p := range pieces {
		if len(p.bad) > 0 {
			_, _ = wr.errOut.Write(p.bad)
		}
		for _, pub := range p.pubs {
			switch wr.o.Publish(ctx, pub.rule, pub.payload) {
			case model.Sent:
				if pub.told {
					wr.sent[pub.rule]++
				}
			case model.BadTopic:
				wr.bad[pub.rule]++
			}
		}
		if len(p.out) > 0 {
			_, err := wr.w.Write(p.out)
			keep(err)
			wr.pool.put(p.out)
		}
		if p.end && wr.o.Live {
			keep(wr.w.Flush())
		}
	}
	keep(wr.w.Flush())
	return writeErr
}

// count adds what was published to the rules' counts.
func (wr *writer) count(res *Result) {
	for id, n := range wr.sent {
		res.Rules[id].Sent += n
	}
	for id, n := range wr.bad {
		res.Rules[id].BadTopic += n
	}
}

// readBatches reads lines into batches, decodes them, and hands them on; it returns the
// number of lines read and the error that ended the input early, if any.
func readBatches(ctx context.Context, in io.Reader, o Options, free <-chan *batch, decoded chan<- *batch) (int, error) {
	lr := lineReader{r: bufio.NewReaderSize(in, 1<<20), live: o.Live}
	dec := trafficline.NewDecoder()
	for {
		var b *batch
		select {
		case b = <-free:
			b.reset()
		default:
			b = &batch{}
		}
		eof := false
		for len(b.lines) < o.BatchLines && !eof {
			var more bool
			eof, more = lr.next(b)
			if !more || ctx.Err() != nil {
				eof = eof || ctx.Err() != nil
				break
			}
		}
		b.decode(dec)
		if len(b.lines) > 0 && !pipeline.Send(ctx, decoded, b) {
			return lr.no, lr.err // stopped: the batch is not evaluated
		}
		if eof {
			return lr.no, lr.err
		}
	}
}

// lineReader reads traffic lines, skipping the blank ones and marking those over MaxLine.
type lineReader struct {
	r    *bufio.Reader
	live bool
	no   int    // the lines read
	long []byte // a line longer than the buffer, gathered
	err  error  // what ended the input early
}

// next reads one line into b; eof: the input ended; more: the batch may take another line
// now (false on a live input with nothing more waiting, or at the end).
func (lr *lineReader) next(b *batch) (eof, more bool) {
	raw, err := lr.r.ReadSlice('\n')
	tooLong := false
	if errors.Is(err, bufio.ErrBufferFull) { // a long line: gather it
		raw, tooLong, err = lr.gather(raw, err)
	}
	switch {
	case err == io.EOF:
		eof = true
	case err != nil && !errors.Is(err, bufio.ErrBufferFull):
		lr.err, eof = err, true
	}
	if len(raw) == 0 {
		return eof, false
	}
	lr.no++
	if tooLong {
		b.lines = append(b.lines, line{no: lr.no, start: len(b.data), end: len(b.data), tooLong: true})
	} else if t := bytes.TrimSpace(raw); len(t) > 0 {
		start := len(b.data)
		b.data = append(b.data, t...)
		b.lines = append(b.lines, line{no: lr.no, start: start, end: len(b.data)})
	}
	if lr.live && lr.r.Buffered() == 0 {
		return eof, false // nothing more waiting: hand this batch on now
	}
	return eof, !eof
}

// gather reads the rest of a line longer than the buffer; one over MaxLine is read past,
// unkept (tooLong).
func (lr *lineReader) gather(raw []byte, err error) ([]byte, bool, error) {
	lr.long = append(lr.long[:0], raw...)
	for errors.Is(err, bufio.ErrBufferFull) && len(lr.long) <= MaxLine {
		raw, err = lr.r.ReadSlice('\n')
		lr.long = append(lr.long, raw...)
	}
	if len(lr.long) <= MaxLine {
		return lr.long, false, err
	}
	for errors.Is(err, bufio.ErrBufferFull) {
		_, err = lr.r.ReadSlice('\n')
	}
	return lr.long[:1], true, err
}

// decode decodes the batch's lines into its messages (a line over the limit is an error).
func (b *batch) decode(dec *trafficline.Decoder) {
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
	fl     *flightLog // nil: no flight log

	decider    *delivery.Decider
	digest     *delivery.Digest // nil: no digest lines
	nextDigest time.Time        // the next crossing of the digest's time (zero: before the first message)
	scratch    []byte
}

func newEvaluator(ctx context.Context, o Options, res *Result, pool chunks, pieces chan<- piece, fl *flightLog) *evaluator {
	ev := &evaluator{o: o, res: res, pool: pool, pieces: pieces, ctx: ctx, decider: o.Decider, fl: fl}
	if ev.decider == nil {
		ev.decider = delivery.NewDecider(nil)
	}
	if o.Digest != nil {
		ev.digest = delivery.NewDigest()
	}
	return ev
}

// run evaluates every batch of decoded, handing each back to free, then ends the digest.
func (ev *evaluator) run(decoded <-chan *batch, free chan<- *batch) {
	for b := range decoded {
		ev.batch(b)
		select { // the engine keeps no pointer into a batch: reuse it
		case free <- b:
		default:
		}
	}
	ev.endDigest()
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
		ev.message(b.msgs[i], l.no)
	}
}

// message runs one message through the rules, and decides and renders what fires.
func (ev *evaluator) message(m *model.AircraftMessage, no int) {
	o := ev.o
	ev.digestUntil(m.ReceivedAt)
	ev.clock.See(m.ReceivedAt)
	if no%10000 == 0 { // forget finished flights: bounded memory on long or live runs
		o.Engine.Expire(ev.clock.Now())
	}
	matches := o.Engine.Process(m)
	ev.fl.take(o.Engine)
	f := o.Engine.Last()
	if len(matches) == 0 && len(f.Held) == 0 {
		return
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
		return
	}
	var body []byte // the flight, rendered once for every rule that fires on it
	notify.Decide(ev.decider, o.Engine.Set(), f, matches, m.ReceivedAt, func(t notify.Told) { ev.told(t, f, len(matches), &body) })
}

// told counts and renders one decided match of flight f (n: the matches of its message).
func (ev *evaluator) told(t notify.Told, f *model.Flight, n int, body *[]byte) {
	o := ev.o
	st := ev.stats(t.Rule.Identifier)
	ruleBody := notify.Body(body, t.Rule, f)
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
		earlier := f.MatchedRules[:len(f.MatchedRules)-n]
		out := ev.out()
		*out = AppendExplain(*out, t.Rule, f, earlier, t.At)
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
