// Package privacy is the owners' opt-out (CONTRACT.md 12.3, PRIVACY_LIST): a file of ICAO
// addresses and registrations, one a line, '#' comments, whose aircraft get no registrant
// anywhere (none is made, so none is shown, stored, searched or matched), whatever
// REGISTRANT_DETAIL says. It is the local form of the FAA's LADD and of the block requests
// tracking sites honour. A List is read once at start (an unreadable file, or one that is not
// text, stops the program: an opt-out must not be dropped in silence) and again, by Refresh,
// when the file changes; each reading logs one warning when lines were not understood (how
// many, and the first), whoever reads it.
package privacy

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// ReloadEvery is how often a running program looks at the file: a change is in use within a
// minute (CONTRACT.md 12.3).
const ReloadEvery = 30 * time.Second

// MaxFile bounds the file (a list of a million aircraft is ≈ 10 MB).
const MaxFile = 64 << 20

// maxRegistration is the longest registration a list holds (the longest in use are 10).
const maxRegistration = 16

// List is an opt-out list: safe for concurrent use, lock-free to ask.
type List struct {
	path string
	log  zerolog.Logger
	set  atomic.Pointer[Set]
	gen  atomic.Uint64 // counts the lists put in use
	mu   sync.Mutex
	seen string // the file's stamp last read
	bad  bool   // the last read failed (logged once until it reads again)
}

// Set is one reading of the list.
type Set struct {
	addrs map[uint32]struct{}
	regs  map[string]struct{} // normalised: upper-case, no '-' or spaces
}

// Len is how many entries the set holds.
func (s *Set) Len() int { return len(s.addrs) + len(s.regs) }

// Open reads the list at path ("": none, a nil List, which lists nothing).
func Open(path string, log zerolog.Logger) (*List, error) {
	if path == "" {
		return nil, nil
	}
	l := &List{path: path, log: log}
	set, stamp, err := l.read()
	if err != nil {
		return nil, fmt.Errorf("PRIVACY_LIST %s: %w", path, err)
	}
	l.put(set, stamp)
	log.Info().Str("privacy_list", path).Int("entries", set.Len()).Msg("privacy list read")
	return l, nil
}

// Listed reports whether the aircraft (its address, and its registration when known) is on
// the list. No allocation; a nil List lists nothing.
func (l *List) Listed(addr uint32, registration string) bool {
	if l == nil {
		return false
	}
	return l.set.Load().Listed(addr, registration)
}

// Stored is how the flight log's readers ask (flightlog.Privacy.OptedOut): the address as its
// rows write it (hex); nil for a nil List, so that a reader without a list asks nothing.
func (l *List) Stored() func(icaoHex, registration string) bool {
	if l == nil {
		return nil
	}
	return func(icaoHex, registration string) bool {
		set := l.set.Load()
		addr, ok := model.ParseAddress(icaoHex)
		return (ok && set.Listed(addr, "")) || set.registrationListed(registration)
	}
}

// Listed is Set's answer (List.Listed).
func (s *Set) Listed(addr uint32, registration string) bool {
	if _, ok := s.addrs[addr]; ok {
		return true
	}
	return s.registrationListed(registration)
}

// registrationListed reports a listed registration (any case, with or without its dash).
func (s *Set) registrationListed(registration string) bool {
	var buf [maxRegistration]byte
	n, ok := normalise(registration, &buf)
	if !ok || n == 0 {
		return false
	}
	_, listed := s.regs[string(buf[:n])] // a map lookup's conversion: no allocation
	return listed
}

// Generation counts the lists put in use: a reader that made something of an aircraft under
// an older one asks again.
func (l *List) Generation() uint64 {
	if l == nil {
		return 0
	}
	return l.gen.Load()
}

// Refresh reads the file again when it changed since the last look, and reports whether the
// list in use changed. A file that cannot be read keeps the list in use (logged once): an
// opt-out is never dropped because its file went missing for a moment.
func (l *List) Refresh() bool {
	if l == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	st, err := os.Stat(l.path)
	if err == nil && stamp(st) == l.seen {
		return false
	}
	set, s, err := l.read()
	if err != nil {
		if !l.bad {
			l.log.Error().Err(err).Str("privacy_list", l.path).Msg("privacy list unreadable; keeping the one in use")
		}
		l.bad = true
		return false
	}
	l.bad = false
	l.put(set, s)
	l.log.Info().Str("privacy_list", l.path).Int("entries", set.Len()).Msg("privacy list read again")
	return true
}

func (l *List) put(set *Set, s string) {
	l.set.Store(set)
	l.seen = s
	l.gen.Add(1)
}

// read reads and parses the file; a line that is neither an address nor a registration is
// logged with its number and left out.
func (l *List) read() (*Set, string, error) {
	f, err := os.Open(l.path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, "", err
	}
	if st.Size() > MaxFile {
		return nil, "", model.TooLarge("the privacy list", MaxFile)
	}
	set, problems, err := Parse(io.LimitReader(f, MaxFile))
	if err == nil && len(problems) > 0 { // once a reading, whoever reads it: the count, and the first
		l.log.Warn().Str("privacy_list", l.path).Int("lines_not_understood", len(problems)).Str("first", problems[0]).
			Msgf("privacy list: %d %s not understood (neither an ICAO address nor a registration), left out", len(problems), lines(len(problems)))
	}
	return set, stamp(st), err
}

func lines(n int) string {
	if n == 1 {
		return "line"
	}
	return "lines"
}

// stamp tells one version of the file from another (a rename over it changes its time).
func stamp(st os.FileInfo) string { return fmt.Sprintf("%d|%d", st.Size(), st.ModTime().UnixNano()) }

// Parse reads a list: one ICAO address (6 hex digits) or registration a line, '#' starting a
// comment. Six hex digits are taken as both (a registration written without its dash can
// look like one): listing too much is the safe side of an opt-out. problems name the lines
// left out. A file that is not text (a line over 4 KiB, or a control character other than a
// tab, CR, VT or FF anywhere, comments included: a NUL byte, binary data, another kind of
// file) is refused whole, never read as an empty list: an opt-out is not dropped in silence.
func Parse(r io.Reader) (*Set, []string, error) {
	s := &Set{addrs: map[uint32]struct{}{}, regs: map[string]struct{}{}}
	var problems []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 4096)
	for n := 1; sc.Scan(); n++ {
		if k := controlAt(sc.Bytes()); k >= 0 {
			return nil, problems, fmt.Errorf("line %d holds a control character (byte 0x%02X): binary data, not a privacy list (a text file of addresses and registrations)", n, sc.Bytes()[k])
		}
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(strings.TrimPrefix(line, "\ufeff")); line == "" {
			continue
		}
		var buf [maxRegistration]byte
		k, ok := normalise(line, &buf)
		if addr, isAddr := model.ParseAddress(line); isAddr {
			s.addrs[addr] = struct{}{}
		} else if !ok || k < 2 || strings.ContainsAny(line, " \t,;") {
			problems = append(problems, fmt.Sprintf("privacy list line %d: %q is neither an ICAO address (6 hex digits) nor a registration; left out", n, line))
			continue
		}
		if ok && k > 0 {
			s.regs[string(buf[:k])] = struct{}{}
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, problems, errors.New("a line over 4 KiB: not a privacy list")
		}
		return nil, problems, err
	}
	return s, problems, nil
}

// controlAt is where a line holds a control character no text file has (all of C0 but tab,
// VT, FF and CR; DEL), or -1.
func controlAt(line []byte) int {
	for i, c := range line {
		if (c < 0x20 && c != '\t' && c != '\v' && c != '\f' && c != '\r') || c == 0x7F {
			return i
		}
	}
	return -1
}

// normalise writes a registration as the list keys it (upper-case letters and digits, no
// dash): N-123AB and n123ab are one. false: it holds something else, or is too long.
func normalise(reg string, buf *[maxRegistration]byte) (int, bool) {
	n := 0
	for i := 0; i < len(reg); i++ {
		c := reg[i]
		switch {
		case c == '-':
			continue
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return 0, false
		}
		if n == maxRegistration {
			return 0, false
		}
		buf[n] = c
		n++
	}
	return n, true
}
