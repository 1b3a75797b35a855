package watchlist

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// Counts is what an import did: entries kept, rows skipped (no valid address, unreadable),
// addresses repaired (1–5 hex digits left-padded with zeros), rows replaced by a later row of
// the same address.
type Counts struct {
	Count      int `json:"count"`
	Skipped    int `json:"skipped"`
	Repaired   int `json:"repaired"`
	Duplicates int `json:"duplicates"`
}

// ErrNoAddressColumn is a CSV whose header has no ICAO column: nothing is imported.
var ErrNoAddressColumn = errors.New("the CSV has no 'ICAO' column (the aircraft's 24-bit address); nothing was imported")

// ErrTooManyEntries is a list over MaxEntries.
var ErrTooManyEntries = fmt.Errorf("a watchlist holds at most %d entries", MaxEntries)

// columns of a CSV header (CONTRACT.md 11.1), by their name without '$' and '#', lower-cased.
var columns = map[string]string{
	"icao": "icao", "registration": "registration", "operator": "operator", "type": "type", "icao type": "type_designator",
	"cmpg": "group", "category": "category", "tag 1": "tag1", "tag 2": "tag2", "tag 3": "tag3", "link": "link",
}

// ParseCSV reads a list in Plane-Alert-DB's format: a header row naming the columns
// (compared case-insensitively after leading '$' and '#' are stripped; ICAO required, others
// optional and unknown ones ignored), RFC 4180 quoting read leniently (records), a UTF-8
// byte-order mark tolerated. A row without a valid address is skipped and counted, never the
// whole import; so is each line lost to a quote that never closes.
func ParseCSV(r io.Reader) ([]Entry, Counts, error) { return parseCSV(r, 0) }

// parseCSV is ParseCSV with the number of rows expected (0: unknown), to size the list once.
func parseCSV(r io.Reader, rows int) ([]Entry, Counts, error) {
	br := bufio.NewReader(r)
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xEF, 0xBB, 0xBF}) {
		_, _ = br.Discard(3)
	}
	rd := newRecords(br)
	header, skipped, err := rd.next()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, Counts{}, errors.New("the CSV is empty: a header row naming the columns is needed")
		}
		return nil, Counts{}, fmt.Errorf("the CSV's header row: %w", err)
	}
	if skipped > 0 {
		return nil, Counts{}, errors.New("the CSV's header row has a quote that never closes")
	}
	col := map[string]int{}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(h), "$#")))
		if key, ok := columns[name]; ok {
			if _, dup := col[key]; !dup {
				col[key] = i
			}
		}
	}
	if _, ok := col["icao"]; !ok {
		return nil, Counts{}, ErrNoAddressColumn
	}
	field := func(rec []string, key string) string {
		if i, ok := col[key]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	// A line whose own address column holds an address starts a row: a quote left open on
	// an earlier line never swallows it.
	rd.rowStart = func(line string) bool {
		rec, ok := parseRecord(line)
		if !ok {
			return false
		}
		_, _, valid := normaliseAddress(field(rec, "icao"))
		return valid && len(rec) > 1
	}
	b := newBuilder(rows)
	for {
		rec, skipped, err := rd.next()
		b.counts.Skipped += skipped // lines lost to a quote that never closes, one each
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, b.counts, fmt.Errorf("reading the CSV: %w", err)
		}
		var tags []string
		for _, k := range []string{"tag1", "tag2", "tag3"} {
			if t := field(rec, k); t != "" {
				tags = append(tags, t)
			}
		}
		if err := b.add(Entry{IcaoHex: field(rec, "icao"), Registration: field(rec, "registration"), Operator: field(rec, "operator"),
			Type: field(rec, "type"), TypeDesignator: field(rec, "type_designator"), Group: field(rec, "group"),
			Category: field(rec, "category"), Tags: tags, Link: field(rec, "link")}); err != nil {
			return nil, b.counts, err
		}
	}
	return b.entries(), b.counts, nil
}

// JSONImport is a list given as JSON: {"name", "source", "licence", "entries": [entry…]}.
type JSONImport struct {
	Name    string            `json:"name"`
	Source  string            `json:"source"`
	Licence string            `json:"licence"`
	Entries []json.RawMessage `json:"entries"`
}

// ParseJSON reads a list given as JSON; an entry without a valid address is skipped and
// counted, as a CSV row is.
func ParseJSON(body []byte) (JSONImport, []Entry, Counts, error) {
	var in JSONImport
	body = bytes.TrimPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("\ufeff")) // a UTF-8 BOM is no JSON, and no reason to refuse it
	d := json.NewDecoder(bytes.NewReader(body))
	if err := d.Decode(&in); err != nil {
		return in, nil, Counts{}, fmt.Errorf("not a watchlist object {\"name\", \"source\", \"licence\", \"entries\"}: %w", err)
	}
	if in.Entries == nil {
		return in, nil, Counts{}, errors.New("a watchlist object needs \"entries\", an array")
	}
	var b builder
	for _, raw := range in.Entries {
		var e Entry
		if json.Unmarshal(raw, &e) != nil {
			b.counts.Skipped++
			continue
		}
		if err := b.add(e); err != nil {
			return in, nil, b.counts, err
		}
	}
	return in, b.entries(), b.counts, nil
}

// CheckEntry normalises one entry (POST …/entries): its address upper-cased (repaired when
// 1–5 digits), its texts trimmed, its group lower-cased; an error when the address is no
// address.
func CheckEntry(e Entry) (Entry, error) {
	hex, _, ok := normaliseAddress(e.IcaoHex)
	if !ok {
		return e, fmt.Errorf("icao_hex '%s' is not an ICAO address (1 to 6 hexadecimal digits)", e.IcaoHex)
	}
	e, _ = clean(e, hex)
	return e, nil
}

// builder gathers entries in order, the last row of an address replacing an earlier one.
type builder struct {
	list   []Entry
	at     map[string]int
	counts Counts
}

// newBuilder makes a builder for about rows entries (0: unknown).
func newBuilder(rows int) builder {
	rows = min(rows, MaxEntries)
	return builder{list: make([]Entry, 0, rows), at: make(map[string]int, rows)}
}

func (b *builder) add(e Entry) error {
	hex, repaired, ok := normaliseAddress(e.IcaoHex)
	if !ok {
		b.counts.Skipped++
		return nil
	}
	e, dropped := clean(e, hex)
	if repaired || dropped {
		b.counts.Repaired++
	}
	if b.at == nil {
		b.at = map[string]int{}
	}
	if i, dup := b.at[hex]; dup {
		b.list[i] = e
		b.counts.Duplicates++
		return nil
	}
	if len(b.list) >= MaxEntries {
		return ErrTooManyEntries
	}
	b.at[hex] = len(b.list)
	b.list = append(b.list, e)
	return nil
}

func (b *builder) entries() []Entry {
	b.counts.Count = len(b.list)
	if len(b.list) == 0 {
		return []Entry{}
	}
	return b.list
}

// clean normalises an entry: dropped reports a link left out because it is no http(s) URL
// (CONTRACT.md 11.4: nothing else is ever shown as a link).
func clean(e Entry, hex string) (_ Entry, dropped bool) {
	e.IcaoHex = hex
	for _, p := range []*string{&e.Registration, &e.Operator, &e.Type, &e.TypeDesignator, &e.Category, &e.Link} {
		*p = strings.TrimSpace(*p)
	}
	if e.Link != "" && !WebLink(e.Link) {
		e.Link, dropped = "", true
	}
	e.TypeDesignator = strings.ToUpper(e.TypeDesignator)
	e.Group = strings.ToLower(strings.TrimSpace(e.Group))
	if model := e.Group; model != "" && !validGroup(model) {
		e.Group = ""
	}
	var tags []string
	for _, t := range e.Tags {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	e.Tags = tags
	return e, dropped
}

// WebLink reports whether link is an absolute http or https URL with a host: the only links
// kept and shown (a javascript: or data: link would run in the page that shows it).
func WebLink(link string) bool {
	u, err := url.Parse(link)
	if err != nil || u.Host == "" {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	return scheme == "http" || scheme == "https"
}

func validGroup(g string) bool { return g == "civ" || g == "mil" || g == "pol" || g == "gov" }

// normaliseAddress upper-cases a 6-hex-digit address, or left-pads one of 1–5 digits with
// zeros (repaired: a spreadsheet dropped its leading zeros).
func normaliseAddress(s string) (hex string, repaired, ok bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) == 0 || len(s) > 6 {
		return "", false, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'A' || c > 'F') {
			return "", false, false
		}
	}
	if len(s) < 6 {
		return strings.Repeat("0", 6-len(s)) + s, true, true
	}
	return s, false, true
}

// Import reads one list: CSV (the Plane-Alert-DB's format) when csv is true, else a JSON
// object {"name", "source", "licence", "entries"}. The JSON object's own name, source and
// licence override meta's; The API's PUT and
// the command line's import both come here, so a file imports as its upload does.
func Import(body []byte, csv bool, meta JSONImport, now time.Time) (*List, Counts, error) {
	var entries []Entry
	var counts Counts
	var err error
	if csv {
		entries, counts, err = parseCSV(bytes.NewReader(body), bytes.Count(body, []byte{'\n'}))
	} else {
		var in JSONImport
		in, entries, counts, err = ParseJSON(body)
		for _, p := range []struct{ from, to *string }{{&in.Name, &meta.Name}, {&in.Source, &meta.Source}, {&in.Licence, &meta.Licence}} {
			if *p.from != "" {
				*p.to = *p.from
			}
		}
	}
	if err != nil {
		return nil, counts, err
	}
	return &List{Name: meta.Name, Source: meta.Source, Licence: meta.Licence, ImportedAt: Now(now), Entries: entries}, counts, nil
}

// LooksLikeJSON tells a JSON list from a CSV one by its first non-blank byte.
func LooksLikeJSON(body []byte) bool {
	t := bytes.TrimLeft(body, " \t\r\n\ufeff")
	return len(t) > 0 && t[0] == '{'
}

// ErrTooManyLists is an import of a new list when MaxLists are stored already.
var ErrTooManyLists = fmt.Errorf("there are %d watchlists already, the most there can be", MaxLists)

// Put stores l under id, replacing the list there: what the import did not say (name,
// source, licence) stays as it was; a list with no name is named after its id.
func (l Lists) Put(id string, nl *List) error {
	old := l[id]
	if old == nil && len(l) >= MaxLists {
		return ErrTooManyLists
	}
	if old != nil {
		for _, p := range []struct{ to, from *string }{{&nl.Name, &old.Name}, {&nl.Source, &old.Source}, {&nl.Licence, &old.Licence}} {
			if *p.to == "" {
				*p.to = *p.from
			}
		}
	}
	if nl.Name == "" {
		nl.Name = id
	}
	l[id] = nl
	return nil
}
