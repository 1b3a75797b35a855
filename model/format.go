package model

import "math"

// Round rounds f to the given number of decimal places (the contract rounds rates to 2, the
// consumer utilisation to 1).
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

// Clip shortens s to n bytes for a log line, marking the cut ("…").
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
