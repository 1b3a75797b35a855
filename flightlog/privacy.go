package flightlog

import (
	"database/sql/driver"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"modernc.org/sqlite"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Privacy is what a reader shows and finds of the stored registrant (CONTRACT.md 12.3, 13.1):
// the row holds at most what the writer's REGISTRANT_DETAIL kept, and every reader applies its
// own again, in its answers and in q (the stricter of the two wins: an API at standard never
// shows nor finds a person's name that a watch at full stored; at none, no registrant at all).
type Privacy struct {
	Detail model.RegistrantDetail
	// OptedOut, when set, reports an aircraft whose owner opted out (PRIVACY_LIST, by address
	// or registration): its rows show and find no registrant, whatever Detail says.
	OptedOut func(icaoHex, registration string) bool
}

const detailFull = model.DetailFull

// show is the registrant and its type a reader at p may show of a stored record.
func (p *Privacy) show(hex, reg, name, typ, source string) (string, string) {
	if p.Detail == model.DetailNone || (p.OptedOut != nil && p.OptedOut(hex, reg)) {
		return "", ""
	}
	return model.ShownName(p.Detail, source, typ, name), typ
}

// apply makes a stored row what the reader shows.
func (p *Privacy) apply(r *Row) {
	r.Registrant, r.RegistrantType = p.show(r.IcaoHex, r.Registration, r.Registrant, r.RegistrantType, r.RegistrantSource)
	r.RegistrantSource = ""
}

// The readers' settings, by a handle the SQL of their queries passes to flightlog_q (SQLite
// functions are the driver's, not a connection's).
var (
	policies  sync.Map // int64 → *Privacy
	policySeq atomic.Int64
)

func register(p *Privacy) int64 {
	id := policySeq.Add(1)
	policies.Store(id, p)
	return id
}

func unregister(id int64) { policies.Delete(id) }

func init() {
	// flightlog_has(text, folded needle): the text holds the needle, case folded beyond ASCII.
	sqlite.MustRegisterFunction("flightlog_has", &sqlite.FunctionImpl{NArgs: 2, Deterministic: true, VolatileArgs: true,
		Scalar: func(_ *sqlite.FunctionContext, a []driver.Value) (driver.Value, error) {
			return flag(containsFold(textArg(a[0]), textArg(a[1]))), nil
		}})
	// flightlog_q(policy, folded needle, ident, registration, icao_hex, operator_name,
	// registrant, registrant_type, registrant_source): q (CONTRACT.md 13.3), the registrant as
	// the reader's setting shows it (an unknown policy: none).
	sqlite.MustRegisterFunction("flightlog_q", &sqlite.FunctionImpl{NArgs: 9, VolatileArgs: true,
		Scalar: func(_ *sqlite.FunctionContext, a []driver.Value) (driver.Value, error) {
			needle := textArg(a[1])
			for _, v := range a[2:6] {
				if containsFold(textArg(v), needle) {
					return int64(1), nil
				}
			}
			id, _ := a[0].(int64)
			p, ok := policies.Load(id)
			if !ok || textArg(a[6]) == "" && textArg(a[7]) == "" {
				return int64(0), nil
			}
			// The address and registration copied: the arguments are SQLite's memory, and an
			// opt-out predicate may keep what it is given.
			name, _ := p.(*Privacy).show(strings.Clone(textArg(a[4])), strings.Clone(textArg(a[3])), textArg(a[6]), textArg(a[7]), textArg(a[8]))
			return flag(containsFold(name, needle)), nil
		}})
}

func textArg(v driver.Value) string {
	switch s := v.(type) {
	case string:
		return s
	case []byte:
		return string(s)
	}
	return ""
}

// Fold is s case-folded for q and operator (beyond ASCII: each letter to one form of its
// Unicode simple folding orbit, as strings.EqualFold compares).
func Fold(s string) string {
	if ascii(s) {
		return strings.ToLower(s)
	}
	return strings.Map(foldRune, s)
}

// foldRune is the smallest rune of r's folding orbit, lower-cased when ASCII (so that Fold of
// ASCII text is its lower case).
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		return unicode.ToLower(r)
	}
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	if m < utf8.RuneSelf {
		return unicode.ToLower(m)
	}
	return m
}

// containsFold reports whether s holds needle (already folded), case folded; never for an
// empty needle. ASCII text is compared in place (no copy).
func containsFold(s, needle string) bool {
	if needle == "" || len(s) < len(needle) {
		return false
	}
	if !ascii(s) || !ascii(needle) {
		return strings.Contains(Fold(s), needle)
	}
	n := len(needle)
	for i := 0; i+n <= len(s); i++ {
		j := 0
		for j < n && lowerASCII(s[i+j]) == needle[j] {
			j++
		}
		if j == n {
			return true
		}
	}
	return false
}

func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
