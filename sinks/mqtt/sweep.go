package mqtt

import "time"

// sweepBook counts, for the forget sweep, the forgettable ("mortal") records and how many of
// them were seen in the current sweep period, so that a sweep can tell without walking every
// record that none can be due. The book owns it.
type sweepBook struct {
	period       uint32        // the current period; records seen in it carry its number
	mortal       int           // records with ForgetAfter > 0
	seenInPeriod int           // of those, seen in the current period
	minTTL       time.Duration // the shortest ForgetAfter ever entered (0: none yet)
}

// enter counts k, whose entity was just set.
func (b *sweepBook) enter(k *record) {
	ttl := k.entity.ForgetAfter()
	if ttl <= 0 {
		return
	}
	k.mortal, k.period = true, b.period
	b.mortal++
	b.seenInPeriod++
	if b.minTTL == 0 || ttl < b.minTTL {
		b.minTTL = ttl
	}
}

// leave uncounts k: dropped, or about to take another entity.
func (b *sweepBook) leave(k *record) {
	if !k.mortal {
		return
	}
	b.mortal--
	if k.period == b.period {
		b.seenInPeriod--
	}
	k.mortal = false
}

// seen marks k seen in the current period.
func (b *sweepBook) seen(k *record) {
	if k.mortal && k.period != b.period {
		k.period = b.period
		b.seenInPeriod++
	}
}

// allSeen reports whether every mortal record was seen in the current period.
func (b *sweepBook) allSeen() bool { return b.seenInPeriod == b.mortal }

// next starts a new period.
func (b *sweepBook) next() {
	b.period++
	b.seenInPeriod = 0
}
