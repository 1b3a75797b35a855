package delivery_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/delivery"
)

// Every value of CONTRACT.md 10.1 outside its range is named with its place under `notify`.
func TestParseRefusesEachBadValue(t *testing.T) {
	for _, tc := range []struct {
		notify string
		loc    []any
		msg    string
	}{
		{`[]`, nil, "notify must be an object"},
		{`{"timezone":"Mars/Olympus"}`, []any{"timezone"}, "unknown time zone 'Mars/Olympus'"},
		{`{"timezone":7}`, []any{"timezone"}, "timezone must be an IANA time zone name"},
		{`{"quiet_hours":{}}`, []any{"quiet_hours"}, "quiet_hours must be an array"},
		{`{"quiet_hours":[{"from":"22:00","to":"22:00"}]}`, []any{"quiet_hours", 0, "to"}, "from and to must differ (a window of no length, or of a whole day, is not a window)"},
		{`{"quiet_hours":[{"from":"24:00","to":"06:00"}]}`, []any{"quiet_hours", 0, "from"}, "from must be a time of day HH:MM (00:00 to 23:59)"},
		{`{"quiet_hours":[{"from":"22:00"}]}`, []any{"quiet_hours", 0, "to"}, "field required"},
		{`{"quiet_hours":[{"from":"22:00","to":"06:00","days":["mon","someday"]}]}`, []any{"quiet_hours", 0, "days", 1}, "a day is one of mon, tue, wed, thu, fri, sat, sun"},
		{`{"quiet_hours":[{"from":"22:00","to":"06:00","days":[]}]}`, []any{"quiet_hours", 0, "days"}, "days must be a non-empty array of mon, tue, wed, thu, fri, sat, sun"},
		{`{"cooldown_minutes":10081}`, []any{"cooldown_minutes"}, "cooldown_minutes must be an integer from 0 to 10080"},
		{`{"cooldown_minutes":1.5}`, []any{"cooldown_minutes"}, "cooldown_minutes must be an integer from 0 to 10080"},
		{`{"max_per_hour":0}`, []any{"max_per_hour"}, "max_per_hour must be an integer from 1 to 3600"},
		{`{"emergency_bypass":"yes"}`, []any{"emergency_bypass"}, "emergency_bypass must be a boolean"},
		{`{"channels":["Phone"]}`, []any{"channels", 0}, "a channel name is 1 to 32 of a-z, 0-9, '_' and '-'"},
		{`{"channels":"phone"}`, []any{"channels"}, "channels must be an array of channel names"},
	} {
		t.Run(tc.notify, func(t *testing.T) {
			p, stored, probs := delivery.Parse(json.RawMessage(tc.notify), time.UTC)
			require.Nil(t, p)
			require.Nil(t, stored)
			require.Len(t, probs, 1, "%+v", probs)
			require.Equal(t, tc.loc, probs[0].Loc)
			require.Equal(t, tc.msg, probs[0].Msg)
		})
	}
	// Fifteen windows: one problem, the count.
	many := `{"quiet_hours":[` + repeat(`{"from":"01:00","to":"02:00"}`, 15) + `]}`
	_, _, probs := delivery.Parse(json.RawMessage(many), time.UTC)
	require.Equal(t, "quiet_hours must have at most 14 windows", probs[0].Msg)
}

func repeat(s string, n int) string {
	out := s
	for range n - 1 {
		out += "," + s
	}
	return out
}

// A good policy is stored with its known keys only, days in week order, defaults left out;
// it reads back to the same policy.
func TestParseStoresTheKnownKeys(t *testing.T) {
	p, stored, probs := delivery.Parse(json.RawMessage(`{"timezone":"Europe/London","quiet_hours":[{"from":"23:00","to":"07:00","days":["SUN","mon"]}],
		"cooldown_minutes":720,"max_per_hour":6,"emergency_bypass":false,"channels":["phone","family"],"colour":"blue"}`), time.UTC)
	require.Nil(t, probs)
	require.JSONEq(t, `{"timezone":"Europe/London","quiet_hours":[{"from":"23:00","to":"07:00","days":["mon","sun"]}],
		"cooldown_minutes":720,"max_per_hour":6,"emergency_bypass":false,"channels":["phone","family"]}`, string(stored))
	require.Equal(t, "Europe/London", p.Location.String())
	require.Equal(t, 12*time.Hour, p.Cooldown)
	require.False(t, p.EmergencyBypass)
	again, _, probs := delivery.Parse(stored, time.UTC)
	require.Nil(t, probs)
	require.Equal(t, p, again)
	require.Equal(t, "Quiet 23:00–07:00 Europe/London, mon, sun; each aircraft at most once every 12 h; at most 6 an hour; emergencies wait too; to phone, family", p.Describe())

	// Empty: the defaults (the zone given, emergencies bypass, every channel).
	p, stored, probs = delivery.Parse(json.RawMessage(`{}`), time.UTC)
	require.Nil(t, probs)
	require.Equal(t, `{}`, string(stored))
	require.True(t, p.EmergencyBypass)
	require.Nil(t, p.Channels)
	require.Equal(t, time.UTC, p.Location)
}

func TestMuteCommands(t *testing.T) {
	c, probs := delivery.ParseCommand([]byte(`{"rule":"r1","icao_hex":"4ca7b5","minutes":60}`))
	require.Nil(t, probs)
	require.Equal(t, delivery.Command{Rule: "r1", IcaoHex: "4CA7B5", Minutes: 60}, c)
	for _, bad := range []string{`{"rule":"r1","minutes":-1}`, `{"rule":"r1","minutes":10081}`, `{"rule":"","minutes":5}`,
		`{"rule":"r1","icao_hex":"4CA7B","minutes":5}`, `{"minutes":5}`, `not json`, `{"rule":"r 1","minutes":5}`} {
		_, probs := delivery.ParseCommand([]byte(bad))
		require.NotEmpty(t, probs, bad)
	}
	m, err := delivery.ParseField("r1|4CA7B5", "2026-11-26T12:00:00Z")
	require.NoError(t, err)
	require.Equal(t, "r1|4CA7B5", m.Field())
	b, _ := json.Marshal(m)
	require.JSONEq(t, `{"rule":"r1","icao_hex":"4CA7B5","until":"2026-11-26T12:00:00+00:00"}`, string(b))
	_, err = delivery.ParseField("r1", "tomorrow")
	require.Error(t, err)
}

func TestText(t *testing.T) {
	for _, tc := range []struct {
		s    delivery.Subject
		want string
	}{
		{delivery.Subject{IcaoHex: "406A93", Ident: "EZY16EG", Registration: "G-UZHU", Model: "Airbus A320neo", Operator: "easyJet",
			Origin: "PMI", Destination: "LTN", Altitude: 23950, HasAltitude: true},
			"easyJet EZY16EG (G-UZHU, Airbus A320neo) PMI → LTN · 23,950 ft"},
		{delivery.Subject{IcaoHex: "4CA7B5"}, "4CA7B5"},
		{delivery.Subject{IcaoHex: "4CA7B5", Registration: "EI-DCL"}, "EI-DCL"},
		{delivery.Subject{IcaoHex: "43C6F1", Registration: "ZZ336", Model: "AIRBUS KC-2 Voyager", Watchlist: "Tankers", Altitude: 950, HasAltitude: true},
			"Tankers: ZZ336 (AIRBUS KC-2 Voyager) · 950 ft"},
		{delivery.Subject{IcaoHex: "A12345", Registration: "N100AB", Registrant: "ACME AVIATION INC (DENVER, CO, US)"},
			"N100AB · Registered to ACME AVIATION INC (DENVER, CO, US)"},
	} {
		require.Equal(t, tc.want, delivery.Text(tc.s, ""))
	}
	require.Equal(t, "4CA7B5\nhttp://rx.local/tar1090/?icao=4ca7b5", delivery.Text(delivery.Subject{IcaoHex: "4CA7B5"}, "http://rx.local/tar1090/"))
	require.Equal(t, "Emergency (7700): Police Forces: G-POLA", delivery.Text(delivery.Subject{IcaoHex: "406F2B", Registration: "G-POLA", Watchlist: "Police Forces", Emergency: "7700"}, ""),
		"a message the emergency bypass sent says so first")
}

// The digest counts its period [from, to): a match at exactly the previous digest time is in
// it, one at exactly its own time is the next digest's (CONTRACT.md 10.6). Rules by matches,
// held by reason, the aircraft matched most with their latest label; reported matches are
// forgotten.
func TestDigest(t *testing.T) {
	g := delivery.NewDigest()
	from, to := at(t, "2026-11-25T08:00:00Z"), at(t, "2026-11-26T08:00:00Z")
	g.Add(from.Add(-time.Nanosecond), "old", "Old", "AAAAAA", "OLD1", sent) // the previous digest's last
	g.Add(from, "early", "Early", "DDDDDD", "DDD1", sent)                   // at the previous digest time: this one's
	g.Add(to.Add(-2*time.Hour), "low", "Low over Heathrow", "AAAAAA", "EZY1", sent)
	g.Add(to.Add(-90*time.Minute), "low", "Low over Heathrow", "AAAAAA", "EZY1 (A320, easyJet)", held(delivery.Cooldown, ""))
	g.Add(to.Add(-time.Hour), "low", "Low over Heathrow", "BBBBBB", "BAW1", held(delivery.QuietHours, ""))
	g.Add(to.Add(-time.Minute), "mil", "Military", "CCCCCC", "RRR1", delivery.Decision{})
	g.Add(to, "low", "Low over Heathrow", "CCCCCC", "late", sent) // at the digest time: the next day's
	r := g.Report(from, to)
	b, err := json.Marshal(r)
	require.NoError(t, err)
	require.JSONEq(t, `{"from":"2026-11-25T08:00:00+00:00","to":"2026-11-26T08:00:00+00:00",
		"rules":[{"identifier":"low","name":"Low over Heathrow","sent":1,"held":{"cooldown":1,"quiet_hours":1}},
		         {"identifier":"early","name":"Early","sent":1,"held":{}},
		         {"identifier":"mil","name":"Military","sent":1,"held":{}}],
		"top":[{"icao_hex":"AAAAAA","label":"EZY1 (A320, easyJet)","matches":2},{"icao_hex":"BBBBBB","label":"BAW1","matches":1},
		       {"icao_hex":"CCCCCC","label":"RRR1","matches":1},{"icao_hex":"DDDDDD","label":"DDD1","matches":1}]}`, string(b))
	london, err := time.LoadLocation("Europe/London")
	require.NoError(t, err)
	require.Equal(t, "Wed 25 Nov 08:00 – Thu 26 Nov 08:00\nLow over Heathrow: 1 sent, 2 held (cooldown 1, quiet_hours 1)\n"+
		"Early: 1 sent\nMilitary: 1 sent\nMost seen:\nEZY1 (A320, easyJet) × 2\nBAW1 × 1\nRRR1 × 1\nDDD1 × 1", r.Text(london))
	next := g.Report(to, to.Add(24*time.Hour))
	require.Len(t, next.Rules, 1, "the match at the digest time is in the next digest")
	require.Equal(t, "late", next.Top[0].Label)
	require.Empty(t, g.Report(to, to.Add(24*time.Hour)).Rules, "reported matches are forgotten")
	g.Add(to.Add(48*time.Hour), "end", "End", "EEEEEE", "E", sent)
	require.Len(t, g.ReportThrough(to.Add(24*time.Hour), to.Add(48*time.Hour)).Rules, 1, "a match at the end of the input is in the last digest")

	s, err := delivery.ParseSchedule("08:30", time.UTC)
	require.NoError(t, err)
	require.Equal(t, at(t, "2026-11-26T08:30:00Z"), s.Next(at(t, "2026-11-26T08:00:00Z")))
	require.Equal(t, at(t, "2026-11-27T08:30:00Z"), s.Next(at(t, "2026-11-26T08:30:00Z")))
	off, err := delivery.ParseSchedule("off", time.UTC)
	require.NoError(t, err)
	require.True(t, off.Next(to).IsZero())
	_, err = delivery.ParseSchedule("25:00", time.UTC)
	require.Error(t, err)
}

// A digest covers the calendar day in its zone: 23 hours on the spring change, 25 on the
// autumn one, so no hour is counted twice or never (CONTRACT.md 10.6); a digest time the
// spring change skips is reached at the change.
func TestDigestPeriodsAcrossSummerTime(t *testing.T) {
	for _, tc := range []struct {
		zone, digest, after string
		next, from          string
		hours               float64
	}{
		{"Europe/London", "08:00", "2026-03-28T09:00:00Z", "2026-03-29T07:00:00Z", "2026-03-28T08:00:00Z", 23},
		{"Europe/London", "08:00", "2026-10-24T09:00:00Z", "2026-10-25T08:00:00Z", "2026-10-24T07:00:00Z", 25},
		{"Europe/London", "08:00", "2026-11-26T07:00:00Z", "2026-11-26T08:00:00Z", "2026-11-25T08:00:00Z", 24},
		{"America/New_York", "08:00", "2026-03-07T14:00:00Z", "2026-03-08T12:00:00Z", "2026-03-07T13:00:00Z", 23},
		{"America/New_York", "08:00", "2026-10-31T13:00:00Z", "2026-11-01T13:00:00Z", "2026-10-31T12:00:00Z", 25},
		// 02:30 does not exist on 8 March in New York: the digest goes at the change, 03:00 EDT.
		{"America/New_York", "02:30", "2026-03-07T08:00:00Z", "2026-03-08T07:00:00Z", "2026-03-07T07:30:00Z", 23.5},
		// 01:30 comes twice on 1 November: the first one.
		{"America/New_York", "01:30", "2026-10-31T06:00:00Z", "2026-11-01T05:30:00Z", "2026-10-31T05:30:00Z", 24},
	} {
		t.Run(tc.zone+" "+tc.after, func(t *testing.T) {
			loc, err := time.LoadLocation(tc.zone)
			require.NoError(t, err)
			s, err := delivery.ParseSchedule(tc.digest, loc)
			require.NoError(t, err)
			next := s.Next(at(t, tc.after))
			require.Equal(t, at(t, tc.next), next.UTC())
			from := s.Before(next)
			require.Equal(t, at(t, tc.from), from.UTC())
			require.InDelta(t, tc.hours, next.Sub(from).Hours(), 1e-9)
			require.Equal(t, next, s.Next(from), "the periods follow each other")
		})
	}
}
