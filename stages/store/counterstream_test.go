package store

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// counterOracle is how a counter reply's text was read before replies were streamed.
func counterOracle(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

func TestParseCounterReadsWhatStrconvReads(t *testing.T) {
	for _, in := range []string{
		"", " ", "0", "7", "42", " 42\r\n", "-3", "+5", "-0", "007",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"99999999999999999999", "1.5", "1e3", "0x10", "12a", "-", "+", "--1", "1 2", "١٢",
	} {
		v, ok := parseCounter([]byte(in))
		wv, wok := counterOracle(in)
		require.Equal(t, wok, ok, "%q", in)
		if ok {
			require.Equal(t, wv, v, "%q", in)
		}
	}
	v, ok := parseCounter([]byte("-9223372036854775808"))
	require.True(t, ok)
	require.Equal(t, int64(math.MinInt64), v)
}

func FuzzParseCounter(f *testing.F) {
	for _, s := range []string{"0", "-1", " 12 ", "9223372036854775807", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if strings.TrimSpace(in) != strings.Trim(in, " \t\n\r\v\f") {
			return // a Unicode space: strings.TrimSpace trims it, a counter reply never has one
		}
		v, ok := parseCounter([]byte(in))
		wv, wok := counterOracle(in)
		require.Equal(t, wok, ok, "%q", in)
		if ok {
			require.Equal(t, wv, v, "%q", in)
		}
	})
}

// A reply arrives through ReadFrom (io.Copy's path) or Write, in parts; one longer than any
// counter is read to its end and marked too long, not cut to a number.
func TestCounterStreamKeepsAReplyOrMarksItTooLong(t *testing.T) {
	tests := []struct {
		reply   string
		tooLong bool
	}{
		{"12345", false},
		{strings.Repeat("1", 24), false},
		{strings.Repeat("1", 25), true},
		{strings.Repeat("9", 500), true},
	}
	for _, tt := range tests {
		var c counterStream
		n, err := c.ReadFrom(iotest.OneByteReader(strings.NewReader(tt.reply)))
		require.NoError(t, err)
		require.Equal(t, int64(len(tt.reply)), n, "the whole reply is consumed")
		require.Equal(t, tt.tooLong, c.tooLong, "%d bytes", len(tt.reply))
		if !tt.tooLong {
			require.Equal(t, tt.reply, string(c.buf[:c.n]))
		}

		var w counterStream
		for i := 0; i < len(tt.reply); i += 7 {
			_, err := w.Write([]byte(tt.reply[i:min(i+7, len(tt.reply))]))
			require.NoError(t, err)
		}
		require.Equal(t, tt.tooLong, w.tooLong)
	}
}
