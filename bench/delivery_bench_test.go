package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// benchPolicy is a policy with everything a decision looks at: quiet hours (not now), a
// cooldown, an hourly cap.
func benchPolicy(b *testing.B) *delivery.Policy {
	p, _, probs := delivery.Parse(json.RawMessage(`{"timezone":"Europe/London","quiet_hours":[{"from":"23:00","to":"06:00","days":["mon","tue","wed","thu","fri"]}],
		"cooldown_minutes":1,"max_per_hour":3600}`), time.UTC)
	if probs != nil {
		b.Fatal(probs)
	}
	return p
}

// addresses is n distinct ICAO addresses from 400000.
func addresses(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%06X", 0x400000+i)
	}
	return out
}

// decideEach decides one match per iteration, aircraft after aircraft at one time, and fails
// unless each is decided want.
func decideEach(b *testing.B, p *delivery.Policy, icaos []string, at time.Time, want delivery.State) {
	d := delivery.NewDecider(delivery.NewMuteSet())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if got := d.Decide("r", p, icaos[i%len(icaos)], "1200", at).State; got != want {
			b.Fatalf("decided %v, want %v", got, want)
		}
		i++
	}
}

// BenchmarkDecide: one match's delivery (CONTRACT.md 10.2): with no policy and no mute (the
// original's path), on the sent path of a full policy (1,000 aircraft, each sent again once
// its one-minute cooldown is over: the state stays at 1,000 entries), and held by quiet hours.
func BenchmarkDecide(b *testing.B) {
	p := benchPolicy(b)
	icaos := addresses(1000)
	noon := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) // a Tuesday
	b.Run("no-policy", func(b *testing.B) { decideEach(b, nil, icaos, noon, delivery.None) })
	b.Run("sent", func(b *testing.B) {
		d := delivery.NewDecider(delivery.NewMuteSet())
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			if i == 30_000 { // 8.4 hours after noon: a new afternoon, before the quiet hours
				b.StopTimer()
				d, i = delivery.NewDecider(delivery.NewMuteSet()), 0
				b.StartTimer()
			}
			at := noon.Add(time.Duration(i) * 1010 * time.Millisecond) // each aircraft again after 17 min, 3,564 an hour
			if d.Decide("r", p, icaos[i%1000], "1200", at).State != delivery.Sent {
				b.Fatal("held")
			}
			i++
		}
		b.ReportMetric(float64(d.Tracked()), "entries")
	})
	// The state at its largest: 200 rules with a cooldown and a cap per hour, each telling
	// 3,600 aircraft within the hour (720,000 pairs through a bound of 100,000): the memory it
	// holds (the issue: watch with 200 rules with policies ≤ 10 MB more than without). The
	// cap keeps the send times of the last hour a rule, exact (8 bytes each): 60 an hour, and
	// the most allowed.
	for _, limit := range []int{60, 3600} {
		b.Run(fmt.Sprintf("full-state-cap-%d", limit), func(b *testing.B) {
			pl, _, probs := delivery.Parse(json.RawMessage(fmt.Sprintf(`{"cooldown_minutes":60,"max_per_hour":%d}`, limit)), time.UTC)
			if probs != nil {
				b.Fatal(probs)
			}
			many := addresses(3600)
			held := 0.0
			for b.Loop() {
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				d := delivery.NewDecider(nil)
				for r := range 200 {
					rule := fmt.Sprintf("rule-%03d", r)
					for a, icao := range many {
						d.Decide(rule, pl, icao, "1200", noon.Add(time.Duration(a)*time.Millisecond))
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&m1)
				held = float64(m1.HeapAlloc-m0.HeapAlloc) / 1e6
				if d.Tracked() > delivery.MaxTracked {
					b.Fatal("unbounded", d.Tracked())
				}
				runtime.KeepAlive(d)
			}
			b.ReportMetric(held, "MB-held")
		})
	}
	b.Run("held-quiet", func(b *testing.B) {
		decideEach(b, p, icaos, time.Date(2026, 11, 24, 23, 30, 0, 0, time.UTC), delivery.Held)
	})
}

// withPolicies is a rules file with a policy on every rule (one that never holds on the
// global traffic's times, so that the output is the same size as without).
func withPolicies(b *testing.B, name string) *rules.Set {
	rb, _ := os.ReadFile("testdata/replay-" + name + "-rules.json")
	ab, _ := os.ReadFile("testdata/replay-areas.json")
	var items []map[string]any
	if err := json.Unmarshal(rb, &items); err != nil {
		b.Fatal(err)
	}
	for _, it := range items {
		it["notify"] = map[string]any{"timezone": "UTC", "quiet_hours": []any{map[string]any{"from": "03:00", "to": "04:00"}},
			"cooldown_minutes": 1, "max_per_hour": 3600}
	}
	rb, _ = json.Marshal(items)
	s, err := rules.Compile(&rules.Snapshot{Rules: rb, Areas: ab})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkReplayPolicies: the replay of the global traffic, plain and with a policy on every
// rule, in one run (the target: ≥ 95 % of plain's lines/s). Every match is decided
// and carries its delivery.
func BenchmarkReplayPolicies(b *testing.B) {
	lines := replayTraffic(b)
	input := append(bytes.Join(lines, []byte("\n")), '\n')
	for _, name := range []string{"rare", "heavy"} {
		for _, variant := range []string{"plain", "policies"} {
			s := replaySet(b, name)
			if variant == "policies" {
				s = withPolicies(b, name)
			}
			b.Run(name+"-"+variant, func(b *testing.B) {
				for b.Loop() {
					res, err := replay.Run(context.Background(), bytes.NewReader(input), io.Discard, io.Discard,
						replay.Options{Engine: rules.NewEngine(s, 0), Log: zerolog.Nop()})
					if err != nil || res.Lines != len(lines) {
						b.Fatal(err, res.Lines)
					}
				}
				b.ReportMetric(float64(b.N)*float64(len(lines))/b.Elapsed().Seconds(), "lines/s")
			})
		}
	}
}

// realList is the community's list beside the repository, else nil.
func realList(b *testing.B) []byte {
	raw, err := os.ReadFile("../../shared/data/watchlists/plane-alert-db.csv")
	if err != nil {
		return nil
	}
	return raw
}

// benchLists is the real Plane-Alert-DB list (17,198 aircraft) when it is beside the
// repository, else one of the same size made here: the global traffic's first 148 addresses
// and 17,050 others.
func benchLists(b *testing.B) watchlist.Lists {
	if raw := realList(b); raw != nil {
		entries, _, err := watchlist.ParseCSV(bytes.NewReader(raw))
		if err != nil {
			b.Fatal(err)
		}
		return watchlist.Lists{"pa": {Name: "Plane-Alert-DB", Entries: entries}}
	}
	groups := []string{"civ", "mil", "pol", "gov"}
	var entries []watchlist.Entry
	seen := map[string]bool{}
	for _, m := range globalSnapshot(b).Messages(nil) {
		if len(entries) == 148 {
			break
		}
		if hex := m.IcaoHex; !seen[hex] && hex[0] != '~' {
			seen[hex] = true
			entries = append(entries, watchlist.Entry{IcaoHex: hex, Group: groups[len(entries)%4], Category: fmt.Sprintf("Category %d", len(entries)%54)})
		}
	}
	for i := 0; len(entries) < 17198; i++ {
		hex := fmt.Sprintf("%06X", 0xA00000+i*7)
		entries = append(entries, watchlist.Entry{IcaoHex: hex, Registration: "N" + hex[:4], Operator: "Someone", Group: groups[i%4], Category: fmt.Sprintf("Category %d", i%54)})
	}
	return watchlist.Lists{"pa": {Name: "synthetic", Entries: entries}}
}

// BenchmarkWatchlistCondition: the global traffic through an engine whose one rule is a
// watchlist condition (the aircraft looked up once per flight, the condition a bit test), and
// through one whose rule is a squawk condition that never matches, in one run: the difference
// per message is the watchlist condition's cost.
func BenchmarkWatchlistCondition(b *testing.B) {
	lists := benchLists(b)
	ws := watchlist.Compile(lists)
	lines := replayTraffic(b)
	msgs := make([]model.AircraftMessage, len(lines))
	for i, l := range lines {
		var slot trafficline.Slot
		m, err := trafficline.NewDecoder().Decode(l, &slot)
		if err != nil {
			b.Fatal(err)
		}
		msgs[i] = *m
	}
	for _, c := range []struct{ name, cond string }{
		{"squawk", `{"type":"squawk","operator":"equals","value":"7777"}`},
		{"watchlist", `{"type":"watchlist","operator":"equals","value":"pa"}`},
		{"watchlist-category", `{"type":"watchlist_category","operator":"in_list","value":["Police Forces","Category 3"]}`},
	} {
		set, err := rules.LoadRulesWith([]byte(`[{"identifier":"r","enabled":true,"conditions":[`+c.cond+`]}]`), rules.Refs{Watchlists: ws}, rules.Strict)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			e := rules.NewEngine(set, 0)
			for i := range msgs { // every flight exists: the loop measures the per-message cost
				e.Process(&msgs[i])
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.Process(&msgs[i%len(msgs)])
				i++
			}
		})
	}
}

// BenchmarkWatchlistImport: the real list (or the synthetic one, written as CSV) imported as
// the API and the command line do (read, repaired, compiled into the stored object), the
// peak heap it took, and a reader's reload of the stored bytes (decode and compile: a new set)
// with the heap the compiled set holds.
func BenchmarkWatchlistImport(b *testing.B) {
	raw := realList(b)
	if raw == nil {
		var buf bytes.Buffer
		buf.WriteString("$ICAO,$Registration,$Operator,#CMPG,Category\n")
		for _, e := range benchLists(b)["pa"].Entries {
			fmt.Fprintf(&buf, "%s,%s,%s,%s,%s\n", e.IcaoHex, e.Registration, e.Operator, e.Group, e.Category)
		}
		raw = buf.Bytes()
	}
	var stored []byte
	b.Run("import", func(b *testing.B) {
		b.ReportAllocs()
		var peak uint64
		for b.Loop() {
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			l, _, err := watchlist.Import(raw, true, watchlist.JSONImport{}, time.Now())
			if err != nil {
				b.Fatal(err)
			}
			lists := watchlist.Lists{}
			if err := lists.Put("pa", l); err != nil {
				b.Fatal(err)
			}
			stored = lists.Encode()
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			peak = max(peak, after.TotalAlloc-before.TotalAlloc)
		}
		b.ReportMetric(float64(peak)/1e6, "MB-allocated")
		b.ReportMetric(float64(len(stored))/1e6, "MB-stored")
	})
	b.Run("reload", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := rules.Compile(&rules.Snapshot{Rules: []byte(`[]`), Watchlists: stored}); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		held, err := rules.Compile(&rules.Snapshot{Rules: []byte(`[]`), Watchlists: stored})
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/1e6, "MB-held")
		runtime.KeepAlive(held)
	})
}
