package model

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// FormatFloat is the shortest round-trip decimal with at least one fractional digit
// ("0.0", "19.6", "50.0", "73.21").
func FormatFloat(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		f = 0
	}
	if i := int(f); float64(i) == f && i >= 0 && i < len(wholeFloats) && !math.Signbit(f) {
		return wholeFloats[i] // an idle queue's rates: 4,000 strings a cycle at 1,000 queues
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// wholeFloats holds FormatFloat of 0 … 100, made once.
var wholeFloats = func() (t [101]string) {
	for i := range t {
		t[i] = strconv.Itoa(i) + ".0"
	}
	return t
}()

// Round rounds f to the given number of decimal places.
func Round(f float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(f*p) / p
}

// ShortVersion is the last 8 characters of a config version key (a SHA-256 in hex).
func ShortVersion(v string) string {
	if len(v) > 8 {
		return v[len(v)-8:]
	}
	return v
}

// FormatBool is "True" or "False".
func FormatBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// FormatInt is a decimal integer.
func FormatInt(i int64) string { return strconv.FormatInt(i, 10) }

// FormatTimestamp is RFC 3339 in UTC with 6 fractional digits and "+00:00".
func FormatTimestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000000") + "+00:00"
}
