// Package watchlist is the aircraft people care about (CONTRACT.md 11): named lists of
// aircraft with optional facts, imported from the community's Plane-Alert-DB (CSV) or a
// person's own (JSON), stored under config:watchlists, and compiled into a set keyed by
// address that the rule engine looks an aircraft up in once per flight. A list keeps its
// source and licence and is never merged into the aircraft database.
package watchlist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Data-store keys (CONTRACT.md 11.1).
const (
	Key        = "config:watchlists"
	VersionKey = "config:watchlists:version"
)

// Limits (CONTRACT.md 11.1).
const (
	MaxLists   = 32
	MaxEntries = 100_000
	MaxBody    = 16 << 20
)

// IDPattern is what a list id may be.
var IDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,31}$`)

// Entry is one aircraft on a list; empty values are omitted.
type Entry struct {
	IcaoHex        string   `json:"icao_hex"`
	Registration   string   `json:"registration,omitempty"`
	Operator       string   `json:"operator,omitempty"`
	Type           string   `json:"type,omitempty"`
	TypeDesignator string   `json:"type_designator,omitempty"`
	Group          string   `json:"group,omitempty"`
	Category       string   `json:"category,omitempty"`
	Tags           []string `json:"tags,omitempty"`
	Link           string   `json:"link,omitempty"`
}

// List is one stored list.
type List struct {
	Name       string  `json:"name"`
	Source     string  `json:"source"`
	Licence    string  `json:"licence"`
	ImportedAt string  `json:"imported_at"`
	Entries    []Entry `json:"entries"`
}

// Lists is the stored object: lists by id.
type Lists map[string]*List

// ErrNotObject is a stored body that is not the lists' object.
var ErrNotObject = errors.New("watchlists must be a JSON object of lists by id")

// Decode reads the stored object (an absent or empty body is no list).
func Decode(b []byte) (Lists, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return Lists{}, nil
	}
	var l Lists
	if err := json.Unmarshal(b, &l); err != nil || l == nil {
		return nil, ErrNotObject
	}
	for id, x := range l {
		if x == nil {
			delete(l, id)
		}
	}
	return l, nil
}

// Encode renders the stored object: lists in id order, each as encoding/json writes a List,
// one entry at a time into a buffer sized once (a 17,000-aircraft list as one json.Marshal
// grows a 5 MB buffer again and again: twice the import's memory).
func (l Lists) Encode() []byte {
	n := 2
	for _, x := range l {
		n += 256 + 160*len(x.Entries)
	}
	var buf bytes.Buffer
	buf.Grow(n)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	put := func(v any) { // one value, without the Encoder's newline
		_ = enc.Encode(v)
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('{')
	for i, id := range l.IDs() {
		x := l[id]
		if i > 0 {
			buf.WriteByte(',')
		}
		put(id)
		buf.WriteString(`:{"name":`)
		put(x.Name)
		buf.WriteString(`,"source":`)
		put(x.Source)
		buf.WriteString(`,"licence":`)
		put(x.Licence)
		buf.WriteString(`,"imported_at":`)
		put(x.ImportedAt)
		buf.WriteString(`,"entries":[`)
		for j := range x.Entries {
			if j > 0 {
				buf.WriteByte(',')
			}
			put(&x.Entries[j])
		}
		buf.WriteString("]}")
	}
	buf.WriteByte('}')
	return buf.Bytes()
}

// IDs are the list ids in order.
func (l Lists) IDs() []string {
	ids := make([]string, 0, len(l))
	for id := range l {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Groups counts a list's entries by group.
func (x *List) Groups() map[string]int {
	out := map[string]int{}
	for _, e := range x.Entries {
		if e.Group != "" {
			out[e.Group]++
		}
	}
	return out
}

// Now is the imported_at of a list imported at t.
func Now(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// Set is the compiled lists: every address with what the lists say of it. Immutable, shared by
// every flight that looks into it. It keeps no entry of the stored lists (a reader holds the
// set, not the decoded object): only what the conditions and the shown entry need, with each
// text kept once.
type Set struct {
	ids    []string                  // list ids in order: bit i of Watched.Lists
	byAddr map[uint32]*model.Watched // by 24-bit address
}

// Compile builds the set of lists (nil lists: an empty set).
func Compile(l Lists) *Set {
	s := &Set{ids: l.IDs(), byAddr: map[uint32]*model.Watched{}}
	if len(s.ids) > MaxLists { // a store written by another tool: the first MaxLists count
		s.ids = s.ids[:MaxLists]
	}
	intern := map[string]string{}
	in := func(v string) string {
		if x, ok := intern[v]; ok {
			return x
		}
		v = strings.Clone(v) // not a view into the decoded body
		intern[v] = v
		return v
	}
	// Most aircraft have one category: their Categories share one slice per category.
	single := map[string][]string{}
	tags := map[string][]string{}
	for i, id := range s.ids {
		for _, e := range l[id].Entries {
			addr, ok := model.ParseAddress(strings.TrimSpace(e.IcaoHex))
			if !ok {
				continue
			}
			entry := &model.WatchEntry{List: in(id), Group: in(e.Group), Category: in(e.Category), Link: shownLink(e.Link)}
			if len(e.Tags) > 0 { // tag sets repeat across a list: each kept once
				key := strings.Join(e.Tags, "\x00")
				if tags[key] == nil {
					t := make([]string, len(e.Tags))
					for j, x := range e.Tags {
						t[j] = in(x)
					}
					tags[key] = t
				}
				entry.Tags = tags[key]
			}
			w := s.byAddr[addr]
			if w == nil {
				w = &model.Watched{Shown: entry}
				s.byAddr[addr] = w
			} else if w.Lists&(1<<i) == 0 { // its entry on a later list: shown for a rule that names that list
				w.Others = append(w.Others, entry)
			}
			w.Lists |= 1 << i
			w.Groups |= model.WatchGroupBit(e.Group)
			if c := strings.ToLower(strings.TrimSpace(e.Category)); c != "" && !contains(w.Categories, c) {
				if w.Categories == nil {
					if single[c] == nil {
						single[c] = []string{in(c)}
					}
					w.Categories = single[c][:1:1] // shared: an append copies
				} else {
					w.Categories = append(w.Categories, in(c))
				}
			}
		}
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Index is a list's bit number in the set.
func (s *Set) Index(id string) (int, bool) {
	if s == nil {
		return 0, false
	}
	i := sort.SearchStrings(s.ids, id)
	return i, i < len(s.ids) && s.ids[i] == id
}

// IDs are the lists of the set, in order.
func (s *Set) IDs() []string {
	if s == nil {
		return nil
	}
	return s.ids
}

// Lookup is what the lists say of an address (the flight key: trimmed, upper-cased hex); nil
// when it is on no list (or is no ICAO address).
func (s *Set) Lookup(icao string) *model.Watched {
	if s == nil || len(s.byAddr) == 0 {
		return nil
	}
	addr, ok := model.ParseAddress(strings.TrimSpace(icao))
	if !ok {
		return nil
	}
	return s.byAddr[addr]
}

// Len is the number of aircraft on any list.
func (s *Set) Len() int {
	if s == nil {
		return 0
	}
	return len(s.byAddr)
}

// NotFound is the API's 404 text for a list.
func NotFound(id string) string { return fmt.Sprintf("Watchlist '%s' not found", id) }

// shownLink is a stored link as it may be shown: only an http(s) URL (a list another tool
// wrote may hold anything).
func shownLink(link string) string {
	if !WebLink(strings.TrimSpace(link)) {
		return ""
	}
	return strings.Clone(strings.TrimSpace(link))
}
