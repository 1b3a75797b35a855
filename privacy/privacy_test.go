package privacy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"
)

func TestParseReadsAddressesAndRegistrations(t *testing.T) {
	s, problems, err := Parse(strings.NewReader("\ufeff# owners who asked\nA12345\n  c-fhyp  # a Canadian\nN123AB\nvh-abc\n\nnot one\nABC;DEF\n"))
	require.NoError(t, err)
	require.Len(t, problems, 2)
	require.Contains(t, problems[0], "line 7")
	for _, tt := range []struct {
		addr uint32
		reg  string
		want bool
	}{
		{0xA12345, "", true}, {0, "C-FHYP", true}, {0, "CFHYP", true}, {0, "n-123ab", true}, {0, "VH-ABC", true},
		{0xA12346, "N123AC", false}, {0, "", false}, {0, "a registration far too long to be one", false},
		{0, "A12345", true}, // six hex digits: an address, and (written without a dash) perhaps a registration
	} {
		require.Equal(t, tt.want, s.Listed(tt.addr, tt.reg), "%06X %q", tt.addr, tt.reg)
	}
	allocs := testing.AllocsPerRun(100, func() { _ = s.Listed(0xA12346, "c-fhyp") })
	require.Zero(t, allocs)
}

// A change is read on the next Refresh; a file gone keeps the list in use; an unreadable file
// at start is an error; no list lists nothing.
func TestListFollowsItsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "privacy.txt")
	_, err := Open(path, zerolog.Nop())
	require.ErrorContains(t, err, "PRIVACY_LIST")

	require.NoError(t, os.WriteFile(path, []byte("A12345\n"), 0o600))
	l, err := Open(path, zerolog.Nop())
	require.NoError(t, err)
	require.True(t, l.Listed(0xA12345, ""))
	gen := l.Generation()
	require.False(t, l.Refresh(), "unchanged")

	require.NoError(t, os.WriteFile(path, []byte("N123AB\n"), 0o600))
	later := time.Now().Add(time.Second)
	require.NoError(t, os.Chtimes(path, later, later))
	require.True(t, l.Refresh())
	require.False(t, l.Listed(0xA12345, ""))
	require.True(t, l.Listed(0xABCDEF, "N123AB"))
	require.Greater(t, l.Generation(), gen)

	require.NoError(t, os.Remove(path))
	require.False(t, l.Refresh())
	require.True(t, l.Listed(0, "N123AB"), "the list in use stays")

	var none *List
	require.False(t, none.Listed(0xA12345, "N123AB"))
	require.False(t, none.Refresh())
	got, err := Open("", zerolog.Nop())
	require.NoError(t, err)
	require.Nil(t, got)
}
