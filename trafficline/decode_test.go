package trafficline_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/stages/readsb/readsbtest"
	"github.com/tracker-adsb/tracker-core-health/trafficline"
)

// edgeLines are lines the fast path must decode exactly as encoding/json does, or leave to it.
var edgeLines = []string{
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"4ca87d","aircraft":{"type_designator":"A332","manufacturer_model":"AIRBUS A-330-200","wake_turbulence_category":"heavy"}}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123"}`,
	`{"received_at":"2026-03-15T12:30:45.123456+02:00","icao_hex":" 4ca7b5 ","ident":"BAW1","squawk":"7700","altitude":-12.5e2,"velocity":0,"heading":359.9,"vertical_speed":-0,"latitude":51.5,"longitude":-0.1}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","aircraft":{"registration":"G-EUOA","military":true,"powerplant":{"count":2,"type":"Jet"},"unknown":[1,{"a":"\u00e9"}]}}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","aircraft":null,"operator":null,"altitude":null}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","operator":{"airline_designator":" baw ","name":"Brit\"ish","source":{"x":[true,false,null]}}}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","operator":{"airline_designator":7,"name":"x"},"registrant":{},"origin":{"name":"Zürich"}}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","ICAO_HEX":"def456"}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","icao_hex":"def456"}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"ab\u0063123"}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","altitude":"35000"}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","altitude":1e400}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","aircraft":{"powerplant":{"count":2.5}}}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","aircraft":{"military":"true"}}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123"} trailing`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123",}`,
	`{"received_at":"2026-03-15 12:30:45","icao_hex":"abc123"}`,
	`{"received_at":null,"icao_hex":"abc123"}`,
	`{"icao_hex":"abc123"}`,
	`{"received_at":"2026-03-15T12:30:45Z"}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"   "}`,
	`[1,2,3]`,
	`"just a string"`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","altitude":01}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","altitude":-}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc\xff"}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","ident":"tab	inside"}`,
	`{ "received_at" : "2026-03-15T12:30:45Z" , "icao_hex" : "abc123" , "extra" : { } }`,
	`{}`,
	`{"received_at":"2026-03-15T12:30:45Z","icao_hex":"abc123","aircraft":{"REGISTRATION":"X"}}`,
}

// same asserts the fast path and the reference decoder agree on one line.
func same(t *testing.T, d *trafficline.Decoder, line []byte) {
	t.Helper()
	var slot trafficline.Slot
	got, gotErr := d.Decode(line, &slot)
	want, wantErr := trafficline.ParseLine(line)
	if wantErr != nil || gotErr != nil {
		require.Error(t, gotErr, "%s", line)
		require.Error(t, wantErr, "%s", line)
		require.Equal(t, wantErr.Error(), gotErr.Error(), "%s", line)
		return
	}
	require.True(t, want.ReceivedAt.Equal(got.ReceivedAt), "%s", line)
	require.Equal(t, want.ReceivedAt.Format("2006-01-02T15:04:05.999999999Z07:00"), got.ReceivedAt.Format("2006-01-02T15:04:05.999999999Z07:00"))
	wj, _ := json.Marshal(want)
	gj, _ := json.Marshal(got)
	require.JSONEq(t, string(wj), string(gj), "%s", line)
	for _, p := range [][2]any{{want.Operator, got.Operator}, {want.Origin, got.Origin}} {
		require.Equal(t, p[0], p[1], "%s", line)
	}
}

func TestDecoderAgreesWithEncodingJSON(t *testing.T) {
	d := trafficline.NewDecoder()
	for _, l := range edgeLines {
		same(t, d, []byte(l))
	}
	traffic := readsbtest.GlobalTraffic(t)
	before := d.Fallbacks
	for _, l := range traffic {
		same(t, d, l)
	}
	require.Equal(t, before, d.Fallbacks, "real traffic never needs the reference decoder")
	ex, err := os.ReadFile("../examples/traffic.jsonl")
	require.NoError(t, err)
	sc := bufio.NewScanner(bytes.NewReader(ex))
	for sc.Scan() {
		if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
			same(t, d, l)
		}
	}
}

func FuzzDecoder(f *testing.F) {
	for _, l := range edgeLines {
		f.Add([]byte(l))
	}
	d := trafficline.NewDecoder()
	f.Fuzz(func(t *testing.T, line []byte) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			return
		}
		same(t, d, line)
	})
}
