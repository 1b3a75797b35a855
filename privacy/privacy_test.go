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

// A file that is not text (binary garbage, another kind of file) is refused, at start and on a
// later reading (the list in use kept), never read as an empty list; a tab, a CR and a
// Latin-1 comment are text.
func TestBinaryIsNoList(t *testing.T) {
	for _, b := range []string{"A12345\n\x00\x01\x02garbage\n", "\x89PNG\r\n\x1a\n", "N123AB\x7f\n"} {
		_, _, err := Parse(strings.NewReader(b))
		require.ErrorContains(t, err, "binary data, not a privacy list", "%q", b)
	}
	s, problems, err := Parse(strings.NewReader("\tA12345\r\n# Jos\xe9's\r\n"))
	require.NoError(t, err)
	require.Empty(t, problems)
	require.True(t, s.Listed(0xA12345, ""))

	path := filepath.Join(t.TempDir(), "privacy.txt")
	garbage := make([]byte, 4096)
	for i := range garbage {
		garbage[i] = byte(i * 7919 >> 3)
	}
	require.NoError(t, os.WriteFile(path, garbage, 0o600))
	_, err = Open(path, zerolog.Nop())
	require.ErrorContains(t, err, "PRIVACY_LIST "+path)
	require.ErrorContains(t, err, "binary data")

	require.NoError(t, os.WriteFile(path, []byte("A12345\n"), 0o600))
	l, err := Open(path, zerolog.Nop())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, garbage, 0o600))
	later := time.Now().Add(time.Second)
	require.NoError(t, os.Chtimes(path, later, later))
	require.False(t, l.Refresh())
	require.True(t, l.Listed(0xA12345, ""), "the list in use stays")
}

// Lines not understood are one warning a reading, whoever reads: how many, and the first.
func TestLinesNotUnderstoodAreOneWarningAReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "privacy.txt")
	require.NoError(t, os.WriteFile(path, []byte("A12345\nnot one\nABC;DEF\nN1 2\n"), 0o600))
	var logged strings.Builder
	l, err := Open(path, zerolog.New(&logged).Level(zerolog.WarnLevel))
	require.NoError(t, err)
	require.True(t, l.Listed(0xA12345, ""))
	out := strings.TrimSpace(logged.String())
	require.Equal(t, 1, strings.Count(out, "\n")+1, out)
	require.Contains(t, out, `"lines_not_understood":3`)
	require.Contains(t, out, "3 lines not understood")
	require.Contains(t, out, `line 2: \"not one\"`)

	require.NoError(t, os.WriteFile(path, []byte("A12345\nnot one\n"), 0o600))
	later := time.Now().Add(time.Second)
	require.NoError(t, os.Chtimes(path, later, later))
	logged.Reset()
	require.True(t, l.Refresh())
	require.Contains(t, logged.String(), `"lines_not_understood":1`)
	require.Equal(t, 1, strings.Count(strings.TrimSpace(logged.String()), "\n")+1)
}
