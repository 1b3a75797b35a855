package bench

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"testing"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/stages/readsb"
	"github.com/tracker-adsb/tracker-core-health/stages/replay"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// replayTraffic is the global readsb snapshot as traffic: 3 messages per aircraft moving along
// its track, deterministic (25,269 lines).
func replayTraffic(b *testing.B) [][]byte {
	snap := globalSnapshot(b)
	var out [][]byte
	for _, m := range snap.Moving(3) {
		line, _ := json.Marshal(m)
		out = append(out, line)
	}
	return out
}

// globalSnapshot is the real readsb global snapshot (8,423 aircraft).
func globalSnapshot(b *testing.B) *readsb.Snapshot {
	f, err := os.Open("../cmd/tracker-rules/testdata/readsb_global_20220430.json.gz")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	snap, err := readsb.Parse(zr)
	if err != nil {
		b.Fatal(err)
	}
	return snap
}

func replaySet(b *testing.B, name string) *rules.Set {
	rb, _ := os.ReadFile("testdata/replay-" + name + "-rules.json")
	ab, _ := os.ReadFile("testdata/replay-areas.json")
	s, err := rules.Compile(&rules.Snapshot{Rules: rb, Areas: ab})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkReplay: the replay pipeline on real traffic (rare: 113 rules on 20 areas, ≈1 % of
// messages fire; heavy: 200 rules, ≈ 12 notifications per message, 408 MB out), output
// discarded; and, in the same run, decoding alone: the one-pass decoder against plain
// encoding/json into the message struct.
func BenchmarkReplay(b *testing.B) {
	lines := replayTraffic(b)
	input := append(bytes.Join(lines, []byte("\n")), '\n')
	report := func(b *testing.B) {
		n := float64(b.N) * float64(len(lines))
		b.ReportMetric(n/b.Elapsed().Seconds(), "lines/s")
		b.SetBytes(int64(len(input)))
	}
	for _, name := range []string{"rare", "heavy"} {
		s := replaySet(b, name)
		b.Run(name, func(b *testing.B) {
			var notes int
			for b.Loop() {
				res, err := replay.Run(context.Background(), bytes.NewReader(input), io.Discard, io.Discard,
					replay.Options{Engine: rules.NewEngine(s, 0), Log: zerolog.Nop()})
				if err != nil || res.Lines != len(lines) {
					b.Fatal(err, res.Lines)
				}
				notes = 0
				for _, st := range res.Rules {
					notes += st.Sent
				}
			}
			report(b)
			b.ReportMetric(float64(notes)*float64(b.N)/b.Elapsed().Seconds(), "notifications/s")
		})
	}
	b.Run("decode-onepass", func(b *testing.B) {
		d := trafficline.NewDecoder()
		var slot trafficline.Slot
		b.ReportAllocs()
		for b.Loop() {
			for _, l := range lines {
				if _, err := d.Decode(l, &slot); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b)
	})
	b.Run("decode-encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, l := range lines {
				var m model.AircraftMessage
				if err := json.Unmarshal(l, &m); err != nil {
					b.Fatal(err)
				}
			}
		}
		report(b)
	})
}
