package delivery_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/delivery"
)

func policy(t *testing.T, notify string) *delivery.Policy {
	t.Helper()
	p, _, probs := delivery.Parse(json.RawMessage(notify), time.UTC)
	require.Nil(t, probs)
	return p
}

func at(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	require.NoError(t, err)
	return v
}

// One match at a time, each against a fresh decider: the quiet hours of CONTRACT.md 10.1,
// across midnight, on named days, in a zone with its summer-time changes.
func TestQuietHours(t *testing.T) {
	nightly := `{"timezone":"Europe/London","quiet_hours":[{"from":"23:00","to":"07:00"}]}`
	weekdays := `{"timezone":"Europe/London","quiet_hours":[{"from":"22:00","to":"06:30","days":["mon","tue","wed","thu","fri"]}]}`
	tokyo := `{"timezone":"Asia/Tokyo","quiet_hours":[{"from":"12:00","to":"13:00"}]}`
	// 01:00–03:00 local is cut to one hour by the spring change and stretched to three by the
	// autumn one.
	dst := `{"timezone":"Europe/London","quiet_hours":[{"from":"00:30","to":"03:00"}]}`
	skipped := `{"timezone":"Europe/London","quiet_hours":[{"from":"00:30","to":"01:30"}]}`
	repeated := `{"timezone":"Europe/London","quiet_hours":[{"from":"00:00","to":"01:30"}]}`
	newYork := `{"timezone":"America/New_York","quiet_hours":[{"from":"23:00","to":"02:30"}]}`
	newYorkAutumn := `{"timezone":"America/New_York","quiet_hours":[{"from":"23:00","to":"01:30"}]}`
	chained := `{"timezone":"UTC","quiet_hours":[{"from":"22:00","to":"23:30"},{"from":"23:00","to":"01:00"}]}`
	touching := `{"timezone":"UTC","quiet_hours":[{"from":"23:00","to":"02:00"},{"from":"21:00","to":"23:00"}]}`
	apart := `{"timezone":"UTC","quiet_hours":[{"from":"21:00","to":"22:00"},{"from":"22:01","to":"23:00"}]}`
	for _, tc := range []struct {
		name, notify, at string
		held             bool
		until            string
	}{
		{"before the window", nightly, "2026-11-26T22:59:00Z", false, ""},
		{"at its start", nightly, "2026-11-26T23:00:00Z", true, "2026-11-27T07:00:00Z"},
		{"after midnight", nightly, "2026-11-27T03:00:00Z", true, "2026-11-27T07:00:00Z"},
		{"at its end: told", nightly, "2026-11-27T07:00:00Z", false, ""},
		{"summer time: 23:30 BST is 22:30 UTC", nightly, "2026-07-01T22:30:00Z", true, "2026-07-02T06:00:00Z"},
		{"summer time: 06:30 BST is 05:30 UTC", nightly, "2026-07-02T05:30:00Z", true, "2026-07-02T06:00:00Z"},
		{"summer time: 07:00 BST", nightly, "2026-07-02T06:00:00Z", false, ""},
		// 2026-11-27 is a Friday: the window starts on Friday night and holds into Saturday.
		{"a weekday night", weekdays, "2026-11-27T23:00:00Z", true, "2026-11-28T06:30:00Z"},
		{"its morning after, Saturday", weekdays, "2026-11-28T05:00:00Z", true, "2026-11-28T06:30:00Z"},
		{"Saturday night is not quiet", weekdays, "2026-11-28T23:00:00Z", false, ""},
		{"Sunday night is not (no window starts on Sunday)", weekdays, "2026-11-29T23:00:00Z", false, ""},
		{"Monday morning, from Sunday night: not quiet", weekdays, "2026-11-30T05:00:00Z", false, ""},
		{"Monday night", weekdays, "2026-11-30T22:00:00Z", true, "2026-12-01T06:30:00Z"},
		{"another zone", tokyo, "2026-11-26T03:30:00Z", true, "2026-11-26T04:00:00Z"},
		{"another zone, outside", tokyo, "2026-11-26T12:30:00Z", false, ""},
		{"spring forward: 00:45 GMT", dst, "2026-03-29T00:45:00Z", true, "2026-03-29T02:00:00Z"},
		{"spring forward: 03:00 BST is 02:00 UTC", dst, "2026-03-29T02:00:00Z", false, ""},
		{"spring forward: 02:30 BST", dst, "2026-03-29T01:30:00Z", true, "2026-03-29T02:00:00Z"},
		// A `to` the spring change skips ends the window at the change, never before the message.
		{"skipped end: 00:45 GMT", skipped, "2026-03-29T00:45:00Z", true, "2026-03-29T01:00:00Z"},
		{"skipped end: 02:00 BST", skipped, "2026-03-29T01:00:00Z", false, ""},
		{"New York, skipped end", newYork, "2026-03-08T06:45:00Z", true, "2026-03-08T07:00:00Z"},
		{"New York, skipped end, before", newYork, "2026-03-08T04:00:00Z", true, "2026-03-08T07:00:00Z"},
		{"New York, after the change", newYork, "2026-03-08T07:00:00Z", false, ""},
		// A `to` the autumn change repeats: the first reading after the message.
		{"repeated end, first pass", repeated, "2026-10-25T00:15:00Z", true, "2026-10-25T00:30:00Z"},
		{"repeated end, past it", repeated, "2026-10-25T00:45:00Z", false, ""},
		{"repeated end, second pass", repeated, "2026-10-25T01:15:00Z", true, "2026-10-25T01:30:00Z"},
		{"New York, repeated end, first pass", newYorkAutumn, "2026-11-01T05:15:00Z", true, "2026-11-01T05:30:00Z"},
		{"New York, repeated end, second pass", newYorkAutumn, "2026-11-01T06:15:00Z", true, "2026-11-01T06:30:00Z"},
		// Windows that touch or overlap are one quiet period: until is its end.
		{"chained windows", chained, "2026-11-26T22:30:00Z", true, "2026-11-27T01:00:00Z"},
		{"chained windows, in the second", chained, "2026-11-26T23:45:00Z", true, "2026-11-27T01:00:00Z"},
		{"touching windows", touching, "2026-11-26T21:30:00Z", true, "2026-11-27T02:00:00Z"},
		{"apart windows", apart, "2026-11-26T21:30:00Z", true, "2026-11-26T22:00:00Z"},
		{"fall back: 01:30 BST", dst, "2026-10-25T00:30:00Z", true, "2026-10-25T03:00:00Z"},
		{"fall back: 01:30 GMT, the hour again", dst, "2026-10-25T01:30:00Z", true, "2026-10-25T03:00:00Z"},
		{"fall back: 03:00 GMT", dst, "2026-10-25T03:00:00Z", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := delivery.NewDecider(nil).Decide("r", policy(t, tc.notify), "4CA7B5", "", at(t, tc.at))
			if !tc.held {
				require.Equal(t, delivery.Decision{State: delivery.Sent}, d)
				return
			}
			require.Equal(t, delivery.Held, d.State)
			require.Equal(t, delivery.QuietHours, d.Reason)
			require.Equal(t, at(t, tc.until), d.Until)
		})
	}
}

// A sequence of matches through one decider: each row is decided in order.
type step struct {
	rule, icao, squawk, at string
	want                   delivery.Decision
}

func run(t *testing.T, d *delivery.Decider, policies map[string]*delivery.Policy, steps []step) {
	t.Helper()
	for i, s := range steps {
		got := d.Decide(s.rule, policies[s.rule], s.icao, s.squawk, at(t, s.at))
		require.Equal(t, s.want, got, "step %d (%s %s at %s)", i, s.rule, s.icao, s.at)
	}
}

func held(reason, until string) delivery.Decision {
	d := delivery.Decision{State: delivery.Held, Reason: reason}
	if until != "" {
		d.Until, _ = time.Parse(time.RFC3339, until)
	}
	return d
}

var sent = delivery.Decision{State: delivery.Sent}

// The cooldown counts from the last notification sent, per aircraft and across its flights;
// a held match does not restart it; other aircraft and other rules are not held.
func TestCooldownAcrossFlights(t *testing.T) {
	p := map[string]*delivery.Policy{"r": policy(t, `{"cooldown_minutes":720}`), "other": policy(t, `{}`)}
	run(t, delivery.NewDecider(nil), p, []step{
		{"r", "AAAAAA", "", "2026-11-26T08:00:00Z", sent},
		{"r", "AAAAAA", "", "2026-11-26T09:00:00Z", held(delivery.Cooldown, "2026-11-26T20:00:00Z")}, // a second flight
		{"r", "BBBBBB", "", "2026-11-26T09:00:00Z", sent},
		{"other", "AAAAAA", "", "2026-11-26T09:00:00Z", sent},
		{"r", "AAAAAA", "", "2026-11-26T19:59:59Z", held(delivery.Cooldown, "2026-11-26T20:00:00Z")},
		{"r", "AAAAAA", "", "2026-11-26T20:00:00Z", sent},
		{"r", "AAAAAA", "", "2026-11-26T20:01:00Z", held(delivery.Cooldown, "2026-11-27T08:00:00Z")},
	})
}

// max_per_hour counts the notifications sent in any 60 minutes.
func TestHourlyCap(t *testing.T) {
	p := map[string]*delivery.Policy{"r": policy(t, `{"max_per_hour":2}`)}
	run(t, delivery.NewDecider(nil), p, []step{
		{"r", "AAAAA1", "", "2026-11-26T08:00:00Z", sent},
		{"r", "AAAAA2", "", "2026-11-26T08:20:00Z", sent},
		{"r", "AAAAA3", "", "2026-11-26T08:40:00Z", held(delivery.RateLimit, "")},
		{"r", "AAAAA4", "", "2026-11-26T08:59:59Z", held(delivery.RateLimit, "")},
		{"r", "AAAAA5", "", "2026-11-26T09:00:00Z", sent}, // the 08:00 one left the hour
		{"r", "AAAAA6", "", "2026-11-26T09:10:00Z", held(delivery.RateLimit, "")},
		{"r", "AAAAA7", "", "2026-11-26T09:20:00Z", sent},
	})
}

// The cap counts the sends whose times lie in the 60 minutes before the message, exactly (not
// to the millisecond), across long gaps, and whatever order the messages came in (CONTRACT.md
// 10.2 "Precisions").
func TestHourlyCapByExactTimesInAnyOrder(t *testing.T) {
	p := map[string]*delivery.Policy{"r": policy(t, `{"max_per_hour":2}`)}
	run(t, delivery.NewDecider(nil), p, []step{
		{"r", "AAAAA1", "", "2026-11-26T08:00:00.000250Z", sent},
		{"r", "AAAAA2", "", "2026-11-26T08:30:00Z", sent},
		{"r", "AAAAA3", "", "2026-11-26T09:00:00.000249Z", held(delivery.RateLimit, "")}, // 0.999999 ms short of the hour
		{"r", "AAAAA4", "", "2026-11-26T09:00:00.000250Z", sent},                         // the hour, to the microsecond
		{"r", "AAAAA5", "", "2027-01-25T08:00:00Z", sent},                                // 60 days later
		{"r", "AAAAA6", "", "2027-01-25T08:10:00Z", sent},
		{"r", "AAAAA7", "", "2027-01-25T08:20:00Z", held(delivery.RateLimit, "")},
		{"r", "AAAAA8", "", "2027-01-25T09:10:00Z", sent},
	})
	// Out of order (messages arrive up to the lag late): the sends are counted by their times,
	// not by when they were decided, and no 60 minutes ever hold more than the cap.
	run(t, delivery.NewDecider(nil), p, []step{
		{"r", "BBBBB1", "", "2026-11-26T10:00:20Z", sent},
		{"r", "BBBBB2", "", "2026-11-26T10:00:00Z", sent},                                 // 20 s late
		{"r", "BBBBB3", "", "2026-11-26T10:00:10Z", held(delivery.RateLimit, "")},         // the third within 20 s
		{"r", "BBBBB4", "", "2026-11-26T11:00:19.999999Z", sent},                          // 10:00:00 has left the hour
		{"r", "BBBBB5", "", "2026-11-26T11:00:19.9999995Z", held(delivery.RateLimit, "")}, // 10:00:20 has not, by 0.5 µs
		{"r", "BBBBB6", "", "2026-11-26T11:00:20Z", sent},                                 // 10:00:20 has, exactly
		{"r", "BBBBB7", "", "2026-11-26T11:00:00.5Z", held(delivery.RateLimit, "")},       // late: the hour to 11:00:19.999999 holds two
		{"r", "BBBBB8", "", "2026-11-26T12:00:19.9999995Z", sent},
	})
	// The cap of one: a later send decided first holds an earlier message of the same minute.
	one := map[string]*delivery.Policy{"r": policy(t, `{"max_per_hour":1}`)}
	run(t, delivery.NewDecider(nil), one, []step{
		{"r", "CCCCC1", "", "2026-11-26T12:00:30Z", sent},
		{"r", "CCCCC2", "", "2026-11-26T12:00:00Z", held(delivery.RateLimit, "")},
		{"r", "CCCCC3", "", "2026-11-26T13:00:30Z", sent},
	})
}

// The order of CONTRACT.md 10.2: an emergency goes through quiet hours, mutes, cooldown and
// the cap; a mute comes before the quiet hours; a rule without a policy is told as before
// unless a mute applies.
func TestEmergencyBypassAndMutes(t *testing.T) {
	mutes := delivery.NewMuteSet()
	p := map[string]*delivery.Policy{
		"night":    policy(t, `{"timezone":"UTC","quiet_hours":[{"from":"22:00","to":"06:00"}],"cooldown_minutes":60,"max_per_hour":1}`),
		"strict":   policy(t, `{"timezone":"UTC","quiet_hours":[{"from":"22:00","to":"06:00"}],"emergency_bypass":false}`),
		"no-rules": nil,
	}
	d := delivery.NewDecider(mutes)
	run(t, d, p, []step{
		{"night", "AAAAAA", "7700", "2026-11-26T23:00:00Z", sent},
		{"night", "AAAAAA", "7700", "2026-11-26T23:01:00Z", sent}, // cooldown and cap too
		{"night", "BBBBBB", "1000", "2026-11-26T23:02:00Z", held(delivery.QuietHours, "2026-11-27T06:00:00Z")},
		{"strict", "AAAAAA", "7500", "2026-11-26T23:03:00Z", held(delivery.QuietHours, "2026-11-27T06:00:00Z")},
		{"no-rules", "AAAAAA", "", "2026-11-26T23:04:00Z", delivery.Decision{}},
	})
	mutes.Apply(delivery.Command{Rule: "night", Minutes: 60}, at(t, "2026-11-26T23:00:00Z"))
	mutes.Apply(delivery.Command{Rule: "*", IcaoHex: "CCCCCC", Minutes: 120}, at(t, "2026-11-26T23:00:00Z"))
	run(t, d, p, []step{
		{"night", "DDDDDD", "", "2026-11-26T23:10:00Z", held(delivery.Muted, "2026-11-27T00:00:00Z")},
		{"night", "DDDDDD", "7600", "2026-11-26T23:11:00Z", sent},
		{"no-rules", "CCCCCC", "", "2026-11-26T23:12:00Z", held(delivery.Muted, "2026-11-27T01:00:00Z")},
		{"no-rules", "CCCCCC", "7700", "2026-11-26T23:13:00Z", sent},
		{"no-rules", "DDDDDD", "", "2026-11-26T23:14:00Z", delivery.Decision{}},
		{"night", "EEEEEE", "", "2026-11-27T00:00:00Z", held(delivery.QuietHours, "2026-11-27T06:00:00Z")}, // the mute has ended
	})
	mutes.Apply(delivery.Command{Rule: "*", IcaoHex: "CCCCCC", Minutes: 0}, at(t, "2026-11-26T23:20:00Z"))
	run(t, d, p, []step{{"no-rules", "CCCCCC", "", "2026-11-26T23:21:00Z", delivery.Decision{}}})
}

// The cooldown state stays bounded: past MaxTracked pairs the expired ones go first.
func TestCooldownStateIsBounded(t *testing.T) {
	p := policy(t, `{"cooldown_minutes":1}`)
	d := delivery.NewDecider(nil)
	start := at(t, "2026-11-26T00:00:00Z")
	for i := range delivery.MaxTracked + 5000 {
		icao := string(rune('A'+i%26)) + time.Duration(i).String()
		require.Equal(t, sent, d.Decide("r", p, icao, "", start.Add(time.Duration(i)*time.Second)))
		require.LessOrEqual(t, d.Tracked(), delivery.MaxTracked)
	}
	require.Less(t, d.Tracked(), delivery.MaxTracked, "expired pairs were dropped")
}

// Thousands of aircraft at one message time (a snapshot's): every pair still cooling down,
// their ends all equal. The state stays bounded and each sweep frees room (a sweep that freed
// nothing would run again on every new pair: 300,000 decisions would take hours, not
// milliseconds).
func TestCooldownStateWithBunchedEnds(t *testing.T) {
	p := policy(t, `{"cooldown_minutes":60}`)
	d := delivery.NewDecider(nil)
	now := at(t, "2026-11-26T00:00:00Z")
	for i := range 3 * delivery.MaxTracked {
		require.Equal(t, sent, d.Decide("r", p, fmt.Sprintf("%06X", i), "", now))
	}
	require.LessOrEqual(t, d.Tracked(), delivery.MaxTracked)
	require.Greater(t, d.Tracked(), delivery.MaxTracked/2, "the newest are remembered")
	require.Equal(t, delivery.Cooldown, d.Decide("r", p, fmt.Sprintf("%06X", 3*delivery.MaxTracked-1), "", now).Reason, "the latest pair still cools down")
}
