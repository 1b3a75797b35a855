package model_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Every character Mosquitto refuses in a PUBLISH topic (it closes the connection: protocol
// error or malformed packet), and what it accepts.
func TestTopicProblem(t *testing.T) {
	for _, tc := range []struct {
		name, topic, problem string
	}{
		{"plain", "Tracker/rule/heathrow-low", ""},
		{"spaces and UTF-8", "Tracker/rule/a b/✈/é", ""},
		{"a written-out U+FFFD", "Tracker/rule/\ufffd", ""},
		{"dollar and slashes", "$x//y/", ""},
		{"exactly 65,535 bytes", strings.Repeat("a", 65535), ""},
		{"hash", "Tracker/rule/x/#", "'#'"},
		{"hash inside a level", "Tracker/rule/a#b", "'#'"},
		{"plus", "Tracker/rule/+", "'+'"},
		{"plus inside a level", "Tracker/message-processor/mp+1/statistic/x", "'+'"},
		{"NUL", "Tracker/rule/a\x00b", "NUL"},
		{"tab", "Tracker/rule/a\tb", "U+0009"},
		{"U+0001", "Tracker/rule/\x01", "U+0001"},
		{"newline", "a\nb", "U+000A"},
		{"DEL", "a\x7fb", "U+007F"},
		{"C1 control", "a\u0085b", "U+0085"},
		{"non-character FDD0", "a\ufdd0", "U+FDD0"},
		{"non-character FFFE", "a\ufffe", "U+FFFE"},
		{"non-character FFFF", "a\uffff", "U+FFFF"},
		{"non-character 1FFFF", "a\U0001ffff", "U+1FFFF"},
		{"invalid UTF-8", "a\xffb", "UTF-8"},
		{"truncated UTF-8", "a\xe2\x9c", "UTF-8"},
		{"empty", "", "empty"},
		{"65,536 bytes", strings.Repeat("a", 65536), "65536 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := model.TopicProblem(tc.topic)
			if tc.problem == "" {
				require.Empty(t, got)
				return
			}
			require.Contains(t, got, tc.problem)
		})
	}
}

func TestLimitText(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{64 << 20, "64 MiB (67108864 bytes)"},
		{64 << 10, "64 KiB (65536 bytes)"},
		{1 << 20, "1 MiB (1048576 bytes)"},
		{1000, "1000 bytes"},
		{(1 << 20) + 1, "1048577 bytes"},
	} {
		require.Equal(t, tc.want, model.LimitText(tc.n))
	}
	err := model.TooLarge("the answer", 64<<20)
	require.ErrorIs(t, err, model.ErrTooLarge)
	require.Equal(t, "the answer is larger than the limit of 64 MiB (67108864 bytes): over the size limit", err.Error())
}
