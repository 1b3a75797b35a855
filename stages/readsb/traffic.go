package readsb

import (
	"bufio"
	"encoding/json"
	"io"
)

// WriteTraffic converts a readsb aircraft.json snapshot into traffic lines (tracker-rules
// from-readsb), one per aircraft, or rounds of them moving along their tracks (rounds > 1); it
// returns the number of lines written.
func WriteTraffic(in io.Reader, out io.Writer, rounds int) (int, error) {
	snap, err := Parse(in)
	if err != nil {
		return 0, err
	}
	msgs := snap.Messages(nil)
	if rounds > 1 {
		msgs = snap.Moving(rounds)
	}
	w := bufio.NewWriter(out)
	n := 0
	for _, m := range msgs {
		b, err := json.Marshal(m)
		if err != nil {
			return n, err
		}
		_, _ = w.Write(b)
		_ = w.WriteByte('\n')
		n++
	}
	return n, w.Flush()
}
