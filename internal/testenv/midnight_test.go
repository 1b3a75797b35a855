package testenv

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// What is left of a day is counted to the zone's own midnight, whatever its offset, on a day
// of 25 hours too.
func TestDayLeft(t *testing.T) {
	zone := func(name string) *time.Location {
		z, err := time.LoadLocation(name)
		require.NoError(t, err)
		return z
	}
	tests := []struct {
		name string
		at   string // UTC
		zone *time.Location
		want time.Duration
	}{
		{"a minute before midnight UTC", "2026-11-28T23:59:00Z", time.UTC, time.Minute},
		{"just after midnight UTC: a whole day", "2026-11-29T00:00:00Z", time.UTC, 24 * time.Hour},
		{"Kolkata's midnight is 18:30 UTC", "2026-11-28T18:29:30Z", zone("Asia/Kolkata"), 30 * time.Second},
		{"Lord Howe in summer (+11)", "2026-11-28T12:58:00Z", zone("Australia/Lord_Howe"), 2 * time.Minute},
		{"New York the evening before", "2026-11-29T04:58:00Z", zone("America/New_York"), 2 * time.Minute},
		{"London on the day the clocks go back: 25 hours", "2026-10-25T00:00:00Z", zone("Europe/London"), 24 * time.Hour},
		{"London on the day the clocks go forward: 23 hours", "2026-03-29T00:00:00Z", zone("Europe/London"), 23 * time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			at, err := time.Parse(time.RFC3339, tt.at)
			require.NoError(t, err)
			require.Equal(t, tt.want, dayLeft(at, tt.zone))
		})
	}
}

// Far from midnight the present is returned at once (a test that waited would time out here).
func TestClearOfMidnightWaitsOnlyAtTheEndOfADay(t *testing.T) {
	now := time.Now()
	left := dayLeft(now, time.UTC)
	if left < time.Minute {
		t.Skip("the last minute of a UTC day: ClearOfMidnight would wait")
	}
	got := ClearOfMidnight(t, time.UTC, left-30*time.Second)
	require.WithinDuration(t, now, got, 30*time.Second)
}
