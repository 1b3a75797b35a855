package pipeline

import "github.com/rs/zerolog"

// Outcome records a polling loop's results: it logs a warning only on the transition into
// failure (with a hint when one applies), debug while the failure lasts, info on recovery,
// and reports each result to the health state.
type Outcome struct {
	what    string // "broker poll", "store poll"
	log     zerolog.Logger
	report  func(ok bool)      // nil: no health state
	hint    func(error) string // nil or "": no hint
	failing bool
}

// NewOutcome builds the recorder for loop what; report and hint may be nil.
func NewOutcome(what string, log zerolog.Logger, report func(ok bool), hint func(error) string) *Outcome {
	return &Outcome{what: what, log: log, report: report, hint: hint}
}

// Record takes one poll's result.
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
		ev.Msg(o.what + " failed")
	case err != nil:
		o.log.Debug().Err(err).Msg(o.what + " failed again")
	case o.failing:
		o.log.Info().Msg(o.what + " recovered")
	default:
		o.log.Debug().Msg(o.what + " ok")
	}
	o.failing = err != nil
}
