package flightlog

import (
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// The terminal table shows no control character from the feed: an ident that would clear the
// screen, set the window's title or reverse the line prints as harmless text.
func TestTableShowsNoControlCharacter(t *testing.T) {
	r := full()
	r.Ident = "\x1b[2J\x1b]0;pwned\x07EVIL"
	r.Registrant = "ACME\u009b31m\u202eLTD\x00"
	r.Operator = &Operator{Name: "A very long operator name that goes on and on"}
	r.Registration = "G-\xff\xfeX"
	var out strings.Builder
	tab := NewTable(&out, zone(t, "Asia/Kolkata"))
	require.NoError(t, tab.Write(&r))
	require.NoError(t, tab.Close())
	for _, c := range out.String() {
		require.True(t, c == '\n' || !unicode.IsControl(c), "control character %U printed", c)
		require.False(t, c == '\u202e', "a bidirectional override printed")
	}
	require.Equal(t, "[2J]0;pwnedEVIL", Printable(r.Ident))
	require.Contains(t, out.String(), "[2J]0;p…", "the ident, harmless, cut to its column")
	require.Contains(t, out.String(), "A very long opera… ", "cut to its column")
	require.Contains(t, out.String(), "ACME31mLTD")
	require.Contains(t, out.String(), "2026-11-27 06:20", "the time in the zone")
	require.Contains(t, out.String(), "1 flights (times in Asia/Kolkata)")
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Equal(t, strings.Index(lines[0], "IDENT"), strings.Index(lines[1], "[2J"), "the columns line up")
}
