package pipeline

import "github.com/rs/zerolog"

// Outcome records a loop's results: it logs a warning only on the transition into failure
// (with a hint when one applies), debug while the failure lasts, info on recovery, and
// reports each result to the health state. The polls (broker, store, receiver statistics), a
// readsb feed, the watchlists' and the matches' readers in the API and the heartbeat say it
// once with one of these; the notification channels say it in their own loop (sinks/channels).
type Outcome struct {
	log                      zerolog.Logger
	report                   func(ok bool)      // nil: no health state
	hint                     func(error) string // nil or "": no hint
	failed, again, recovered string
	ok                       string // "": nothing said of a success
	failing                  bool
}

// NewOutcome builds the recorder of loop what ("broker poll": "broker poll failed", "… failed
// again", "… recovered"); report and hint may be nil.
func NewOutcome(what string, log zerolog.Logger, report func(ok bool), hint func(error) string) *Outcome {
	return &Outcome{log: log, report: report, hint: hint, failed: what + " failed", again: what + " failed again",
		recovered: what + " recovered", ok: what + " ok"}
}

// Says replaces the words of the failure and the recovery.
func (o *Outcome) Says(failed, recovered string) *Outcome {
	o.failed, o.again, o.recovered, o.ok = failed, failed, recovered, ""
	return o
}

// Record takes one result.
func (o *Outcome) Record(err error) {
	if o.report != nil {
		o.report(err == nil)
	}
	switch {
	case err != nil && !o.failing:
		ev := o.log.Warn().Err(err)
		if o.hint != nil {
			if h := o.hint(err); h != "" {
				ev = ev.Str("hint", h)
			}
		}
		ev.Msg(o.failed)
	case err != nil:
		o.log.Debug().Err(err).Msg(o.again)
	case o.failing:
		o.log.Info().Msg(o.recovered)
	case o.ok != "":
		o.log.Debug().Msg(o.ok) // each success, for who reads debug logs (and the fault tests)
	}
	o.failing = err != nil
}
