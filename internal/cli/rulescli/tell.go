package rulescli

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/redis/rueidis"
	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/sinks/channels"
	"github.com/tracker-adsb/tracker-core-health/stages/notify"
)

// teller is what watch does with a match once the rules have fired (CONTRACT.md 10): it decides
// the match's delivery (the rule's policy and the mutes), marks the MQTT notification with the
// decision, tells the channels what is sent, and counts everything for the daily digest. Its
// methods are called from the watch cycle only, except the mute commands and the store's
// mutes, which go through the MuteSet.
type teller struct {
	decider  *delivery.Decider
	mutes    *delivery.MuteSet
	channels *channels.Set // nil: NOTIFY_URLS unset
	health   []catalog.ChannelEntities
	digest   *delivery.Digest
	schedule delivery.Schedule
	next     time.Time // the next digest
	tar1090  string
	store    rueidis.Client // nil: mutes live in memory only
	log      zerolog.Logger
	scratch  []byte

	// known reports a rule identifier of the loaded set (a mute for another is refused).
	known func(rule string) bool
	// pending are mutes applied here and not yet stored (the store was away): written, in
	// order, before the store's hash is read again, so none is lost to that read.
	pendingMu sync.Mutex
	pending   []delivery.Mute

	// The state kept across restarts (state.go): where, the last time it was handed over, the
	// newest state not yet written.
	keeper      notify.Keeper // nil: none
	lastKept    time.Time
	saves       chan []byte
	saveFailing bool
}

// newTeller reads NOTIFY_URLS and TAR1090_URL; a channel that cannot be built is left out
// with one error naming it. Its state is kept in the store when there is one, else in the
// file --state / WATCH_STATE names (CONTRACT.md 10.8).
func newTeller(o options, store rueidis.Client, log zerolog.Logger) *teller {
	t := &teller{mutes: delivery.NewMuteSet(), digest: delivery.NewDigest(), schedule: o.schedule,
		tar1090: o.env.Tar1090URL, store: store, log: log.With().Str("stage", "delivery").Logger(),
		known: func(string) bool { return true }, saves: make(chan []byte, 1)}
	switch {
	case store != nil:
		t.keeper = notify.StoreKeeper{C: store}
	default:
		t.keeper = notify.FileKeeper{Path: o.env.WatchState}
	}
	t.decider = delivery.NewDecider(t.mutes)
	if v := o.env.NotifyURLs; strings.TrimSpace(v) != "" {
		specs, problems := channels.ParseURLs(v)
		for _, p := range problems {
			t.log.Error().Msg("NOTIFY_URLS: " + p)
		}
		t.channels = channels.New(specs, log.With().Str("stage", "channels").Logger())
		t.health = t.channels.Entities(catalog.NewChannelEntities)
	}
	t.next = t.schedule.Next(time.Now())
	return t
}

// tell decides the matches of one message of flight f (and the held matches an emergency now
// sends, notify.Decide) and hands each MQTT notification, marked with its decision, to
// publish; the channels get what is sent, the digest counts every match.
func (t *teller) tell(set *rules.Set, f *model.Flight, matches []rules.Match, at time.Time, publish func(rule string, payload []byte)) {
	var body []byte // the flight, rendered once for every rule
	notify.Decide(t.decider, set, f, matches, at, func(told notify.Told) {
		d := told.Decision
		payload := notify.Mark(model.AppendNotification(nil, notify.Body(&body, told.Rule, f), told.Rule.RefJSON()), d, &t.scratch)
		if !told.Again {
			t.digest.Add(told.At, told.Rule.Identifier, told.Rule.Name, f.IcaoHex, delivery.LabelOf(f), d)
		}
		if d.Told() && t.channels != nil {
			title := told.Rule.Name
			if strings.TrimSpace(title) == "" {
				title = told.Rule.Identifier
			}
			var names []string // nil: every channel
			if told.Rule.Policy != nil {
				names = told.Rule.Policy.Channels
			}
			subject := delivery.SubjectOf(f)
			if e := told.Rule.WatchEntry(f); e != nil { // the entry of the list the rule names
				subject.Watchlist = e.Category
			}
			if d.State == delivery.Sent && delivery.IsEmergency(f.Squawk) { // the bypass (or an emergency after a hold) sent it
				subject.Emergency = strings.TrimSpace(f.Squawk)
			}
			t.channels.Send(channels.Message{Title: title, Text: delivery.Text(subject, t.tar1090)}, names)
		}
		publish(told.Rule.Identifier, payload)
	})
}

// digestDue returns the digest when its time has come (now: the wall clock), and schedules the
// next: published retained on Tracker/rules-watch/digest and sent, as text, to the channels.
func (t *teller) digestDue(now time.Time) (delivery.Report, bool) {
	if t.schedule.Off || now.Before(t.next) {
		return delivery.Report{}, false
	}
	r := t.digest.Report(t.schedule.Before(t.next), t.next) // the calendar day that ends at the digest time
	t.next = t.schedule.Next(now)
	if t.channels != nil {
		t.channels.Send(channels.Message{Title: r.Title(), Text: r.Text(t.schedule.Location)}, nil)
	}
	return r, true
}

// announcements are the entities watch declares at start: each channel's health and the digest.
func (t *teller) announcements() model.Batch {
	b := model.Batch{model.NewDeclaration(catalog.DigestEntity)}
	for _, h := range t.health {
		b = append(b, h.Declarations()...)
	}
	return b
}

// runChannels delivers the channels' queues and publishes their health until ctx ends.
func (t *teller) runChannels(ctx context.Context, publish func(model.Batch)) {
	if t.channels == nil {
		return
	}
	done := make(chan struct{})
	go func() { defer close(done); _ = t.channels.Run(ctx) }()
	t.channels.Report(ctx, t.health, publish)
	<-done // what a stop dropped is counted (and logged) before watch goes on stopping
}

// command applies a mute command from MQTT (CONTRACT.md 10.5); bad JSON or values, or a rule
// that is not loaded (other than "*"; identifiers are case-sensitive): one warning, nothing
// changes. With a data store it is written there too, for the API and for a restart; when the
// store is away it is kept and written when it answers again.
func (t *teller) command(ctx context.Context, payload []byte) {
	c, probs := delivery.ParseCommand(payload)
	if probs != nil {
		msgs := make([]string, 0, len(probs))
		for _, p := range probs {
			msgs = append(msgs, delivery.ProblemText(p))
		}
		t.log.Warn().Strs("problems", msgs).Msg("mute command ignored")
		return
	}
	if c.Rule != "*" && !t.known(c.Rule) {
		t.log.Warn().Str("rule", c.Rule).Msg("mute command ignored: no loaded rule has this identifier (identifiers are case-sensitive)")
		return
	}
	m := t.mutes.Apply(c, time.Now())
	ev := t.log.Info().Str("rule", m.Rule).Str("icao_hex", m.IcaoHex)
	if m.Until.IsZero() {
		ev.Msg("mute lifted")
	} else {
		ev.Time("until", m.Until).Msg("muted")
	}
	if t.store != nil {
		t.pendingMu.Lock()
		t.pending = append(t.pending, m)
		t.pendingMu.Unlock()
		t.flushMutes(ctx)
	}
}

// flushMutes writes the pending mutes to the store, in order; it reports whether none is
// left.
func (t *teller) flushMutes(ctx context.Context) bool {
	t.pendingMu.Lock()
	defer t.pendingMu.Unlock()
	for len(t.pending) > 0 {
		wctx, cancel := context.WithTimeout(ctx, storeTimeout)
		err := notify.WriteMute(wctx, t.store, t.pending[0])
		cancel()
		if err != nil {
			t.log.Warn().Err(err).Int("waiting", len(t.pending)).Msg("the mute holds here but is not stored yet; it is written when the store answers")
			return false
		}
		t.pending = t.pending[1:]
	}
	t.pending = nil
	return true
}

// storeTimeout bounds one read or write of the mutes (a store that hangs never holds a mute
// command, or the reads, for longer).
const storeTimeout = 3 * time.Second

// mutesEvery is how often the store's mutes are read (a mute set through the API holds
// within this).
const mutesEvery = 5 * time.Second

// readMutes makes the mutes the store's hash (nothing without a store), once the mutes set
// here are written; a failed read, or mutes still waiting to be written, keep the current ones.
func (t *teller) readMutes(ctx context.Context) {
	if t.store == nil || !t.flushMutes(ctx) {
		return
	}
	rctx, cancel := context.WithTimeout(ctx, storeTimeout)
	defer cancel()
	mutes, err := notify.ReadMutes(rctx, t.store, time.Now())
	if err != nil {
		t.log.Warn().Err(err).Msg("mutes not read; the previous ones hold")
		return
	}
	t.mutes.Replace(mutes)
}

// digestJSON is the digest as published.
func digestJSON(r delivery.Report) string {
	b, _ := json.Marshal(r)
	return string(b)
}
