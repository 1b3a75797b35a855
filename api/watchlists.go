package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
	"github.com/tracker-adsb/tracker-core-health/watchlist"
)

// Watchlists (CONTRACT.md 11.2): the lists under config:watchlists, imported whole (CSV in
// Plane-Alert-DB's format, or JSON), searched, edited one aircraft at a time. Every write is
// one guarded write of the whole object (rules.Update), checked against the rules: a list a
// rule names cannot be deleted.

func (s *Server) watchlistRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/watchlists", s.listWatchlists)
	mux.HandleFunc("GET /api/watchlists/{id}", s.getWatchlist)
	mux.HandleFunc("PUT /api/watchlists/{id}", s.importWatchlist)
	mux.HandleFunc("DELETE /api/watchlists/{id}", s.deleteWatchlist)
	mux.HandleFunc("POST /api/watchlists/{id}/entries", s.addWatchlistEntry)
	mux.HandleFunc("DELETE /api/watchlists/{id}/entries/{hex}", s.removeWatchlistEntry)
}

// watchlistSummary is one list in GET /api/watchlists.
type watchlistSummary struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	Source     string         `json:"source"`
	Licence    string         `json:"licence"`
	ImportedAt string         `json:"imported_at"`
	Count      int            `json:"count"`
	Groups     map[string]int `json:"groups"`
	// Categories counts the entries of each category (the UI's filter and rule editor).
	Categories map[string]int `json:"categories"`
}

func summary(id string, l *watchlist.List) watchlistSummary {
	cats := map[string]int{}
	for _, e := range l.Entries {
		if e.Category != "" {
			cats[e.Category]++
		}
	}
	return watchlistSummary{ID: id, Name: l.Name, Source: l.Source, Licence: l.Licence, ImportedAt: l.ImportedAt,
		Count: len(l.Entries), Groups: l.Groups(), Categories: cats}
}

// storedLists reads the lists, answering a store error itself.
func (s *Server) storedLists(w http.ResponseWriter, r *http.Request) (watchlist.Lists, bool) {
	cur, err := s.store.bodies(r.Context())
	if err != nil {
		s.storeError(w, err)
		return nil, false
	}
	lists, err := watchlist.Decode(cur.Watchlists)
	if err != nil {
		s.storeError(w, fmt.Errorf("%w: %s: %v", errCorrupt, watchlist.Key, err))
		return nil, false
	}
	return lists, true
}

func (s *Server) listWatchlists(w http.ResponseWriter, r *http.Request) {
	lists, ok := s.storedLists(w, r)
	if !ok {
		return
	}
	out := []watchlistSummary{}
	for _, id := range lists.IDs() {
		out = append(out, summary(id, lists[id]))
	}
	writeJSON(w, http.StatusOK, out)
}

// Page sizes of GET /api/watchlists/{id}.
const (
	defaultEntriesLimit = 100
	maxEntriesLimit     = 1000
)

func (s *Server) getWatchlist(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	q := r.URL.Query()
	limit, offset := defaultEntriesLimit, 0
	var errs []FieldError
	for _, p := range []struct {
		name string
		dst  *int
		lo   int
		hi   int
	}{{"limit", &limit, 1, maxEntriesLimit}, {"offset", &offset, 0, watchlist.MaxEntries}} {
		if v := q.Get(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < p.lo || n > p.hi {
				errs = append(errs, FieldError{Loc: []any{"query", p.name}, Msg: fmt.Sprintf("%s must be an integer from %d to %d", p.name, p.lo, p.hi), Type: "value_error"})
			}
			*p.dst = n
		}
	}
	if errs != nil {
		write422(w, errs)
		return
	}
	lists, ok := s.storedLists(w, r)
	if !ok {
		return
	}
	l := lists[id]
	if l == nil {
		writeDetail(w, http.StatusNotFound, watchlist.NotFound(id))
		return
	}
	text := strings.ToLower(strings.TrimSpace(q.Get("q")))
	group := strings.ToLower(strings.TrimSpace(q.Get("group")))
	category := strings.ToLower(strings.TrimSpace(q.Get("category")))
	matches := []watchlist.Entry{}
	for _, e := range l.Entries {
		if group != "" && e.Group != group || category != "" && strings.ToLower(strings.TrimSpace(e.Category)) != category {
			continue
		}
		if text != "" && !strings.Contains(strings.ToLower(e.IcaoHex), text) && !strings.Contains(strings.ToLower(e.Registration), text) &&
			!strings.Contains(strings.ToLower(e.Operator), text) && !strings.Contains(strings.ToLower(e.Type), text) &&
			!strings.Contains(strings.ToLower(e.TypeDesignator), text) {
			continue
		}
		matches = append(matches, e)
	}
	total := len(matches)
	page := matches[min(offset, total):min(offset+limit, total)]
	writeJSON(w, http.StatusOK, struct {
		watchlistSummary
		Total   int               `json:"total"`
		Entries []watchlist.Entry `json:"entries"`
	}{summary(id, l), total, page})
}

// importAnswer is PUT /api/watchlists/{id}: what the import did.
type importAnswer struct {
	ID string `json:"id"`
	watchlist.Counts
}

// importWatchlist replaces a list (creating it) with a CSV (Content-Type text/csv) or a JSON
// object {"name", "source", "licence", "entries"}; ?name=, ?source=, ?licence= say what a CSV
// cannot (a JSON body's own win). A bad row is skipped and counted, never the whole import.
func (s *Server) importWatchlist(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !watchlist.IDPattern.MatchString(id) {
		write422(w, []FieldError{{Loc: []any{"path", "id"}, Msg: "a watchlist id is 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit", Type: "string_pattern_mismatch"}})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, watchlist.MaxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		writeDetail(w, http.StatusRequestEntityTooLarge, "Request body larger than the limit of "+model.LimitText(watchlist.MaxBody))
		return
	}
	if err != nil {
		write422(w, []FieldError{{Loc: []any{"body"}, Msg: "the body could not be read", Type: "value_error"}})
		return
	}
	q := r.URL.Query()
	meta := watchlist.JSONImport{Name: q.Get("name"), Source: q.Get("source"), Licence: q.Get("licence")}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	csv := mt == "text/csv"
	// ?url= with an empty body: the server downloads the list (the UI's "import from a URL";
	// the page itself may fetch nothing from elsewhere). Any failure stores nothing.
	if from := strings.TrimSpace(q.Get("url")); from != "" && len(bytes.TrimSpace(body)) == 0 {
		if !fetch.IsURL(from) {
			write422(w, []FieldError{{Loc: []any{"query", "url"}, Msg: "url must be an http(s) URL", Type: "value_error"}})
			return
		}
		if body, err = fetch.Get(r.Context(), s.download, from, watchlist.MaxBody, "a watchlist"); err != nil {
			writeDetail(w, http.StatusBadGateway, "Watchlist not imported (the stored list is unchanged): "+err.Error())
			return
		}
		csv = !watchlist.LooksLikeJSON(body)
		if meta.Source == "" {
			meta.Source = fetch.Redacted(from)
		}
	}
	l, counts, err := watchlist.Import(body, csv, meta, s.now())
	if err != nil {
		typ := "value_error"
		if !csv {
			typ = "json_invalid"
		}
		write422(w, []FieldError{{Loc: []any{"body"}, Msg: err.Error(), Type: typ}})
		return
	}
	err = s.store.mutate(r.Context(), watchlist.Key, func(cur *rules.Snapshot) ([]byte, error) {
		lists, err := watchlist.Decode(cur.Watchlists)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", errCorrupt, watchlist.Key, err)
		}
		if err := lists.Put(id, l); err != nil {
			return nil, reject(http.StatusUnprocessableEntity, "%s", err)
		}
		return lists.Encode(), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, importAnswer{ID: id, Counts: counts})
}

func (s *Server) deleteWatchlist(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	err := s.store.mutate(r.Context(), watchlist.Key, func(cur *rules.Snapshot) ([]byte, error) {
		lists, err := watchlist.Decode(cur.Watchlists)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", errCorrupt, watchlist.Key, err)
		}
		if lists[id] == nil {
			return nil, reject(http.StatusNotFound, "%s", watchlist.NotFound(id))
		}
		if refs := rulesNaming(cur.Rules, rules.TypeWatchlist, id); len(refs) > 0 {
			return nil, reject(http.StatusConflict, "Watchlist '%s' is referenced by rule(s): %s", id, strings.Join(refs, ", "))
		}
		delete(lists, id)
		return lists.Encode(), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// addWatchlistEntry adds (or replaces) one aircraft, creating the list when absent.
func (s *Server) addWatchlistEntry(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !watchlist.IDPattern.MatchString(id) {
		write422(w, []FieldError{{Loc: []any{"path", "id"}, Msg: "a watchlist id is 1 to 32 of a-z, 0-9, '_' and '-', starting with a letter or digit", Type: "string_pattern_mismatch"}})
		return
	}
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var e watchlist.Entry
	if err := json.Unmarshal(body, &e); err != nil {
		write422(w, []FieldError{{Loc: []any{"body"}, Msg: "an entry is an object {\"icao_hex\", \"registration\", …}", Type: "json_invalid"}})
		return
	}
	e, err := watchlist.CheckEntry(e)
	if err != nil {
		write422(w, []FieldError{{Loc: []any{"body", "icao_hex"}, Msg: err.Error(), Type: "string_pattern_mismatch"}})
		return
	}
	err = s.store.mutate(r.Context(), watchlist.Key, func(cur *rules.Snapshot) ([]byte, error) {
		lists, err := watchlist.Decode(cur.Watchlists)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", errCorrupt, watchlist.Key, err)
		}
		l := lists[id]
		if l == nil {
			if len(lists) >= watchlist.MaxLists {
				return nil, reject(http.StatusUnprocessableEntity, "There are %d watchlists already, the most there can be", watchlist.MaxLists)
			}
			l = &watchlist.List{Name: id, ImportedAt: watchlist.Now(s.now())}
			lists[id] = l
		}
		i := len(l.Entries) // an address already on the list is replaced where it is
		for j := range l.Entries {
			if l.Entries[j].IcaoHex == e.IcaoHex {
				i = j
				break
			}
		}
		if i < len(l.Entries) {
			l.Entries[i] = e
		} else {
			if len(l.Entries) >= watchlist.MaxEntries {
				return nil, reject(http.StatusUnprocessableEntity, "%s", watchlist.ErrTooManyEntries.Error())
			}
			l.Entries = append(l.Entries, e)
		}
		return lists.Encode(), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, e)
}

func (s *Server) removeWatchlistEntry(w http.ResponseWriter, r *http.Request) {
	id, hex := r.PathValue("id"), strings.ToUpper(strings.TrimSpace(r.PathValue("hex")))
	err := s.store.mutate(r.Context(), watchlist.Key, func(cur *rules.Snapshot) ([]byte, error) {
		lists, err := watchlist.Decode(cur.Watchlists)
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", errCorrupt, watchlist.Key, err)
		}
		l := lists[id]
		if l == nil {
			return nil, reject(http.StatusNotFound, "%s", watchlist.NotFound(id))
		}
		for i, e := range l.Entries {
			if e.IcaoHex == hex {
				l.Entries = append(l.Entries[:i], l.Entries[i+1:]...)
				return lists.Encode(), nil
			}
		}
		return nil, reject(http.StatusNotFound, "Aircraft '%s' is not on watchlist '%s'", hex, id)
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// names are the trimmed strings of a condition value that is a string or a list of them.
func names(v any) map[string]bool {
	out := map[string]bool{}
	switch x := v.(type) {
	case string:
		out[strings.TrimSpace(x)] = true
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				out[strings.TrimSpace(s)] = true
			}
		}
	}
	return out
}

// unknownWatchlists are the 422 entries of a rule's watchlist conditions that name a list
// the store does not have (CONTRACT.md 11.3: as an unknown area; `watchlist '<v>' not found`).
func unknownWatchlists(rule json.RawMessage, lists *watchlist.Set) []FieldError {
	var r struct {
		Conditions []struct {
			Type  string `json:"type"`
			Value any    `json:"value"`
		} `json:"conditions"`
	}
	if json.Unmarshal(rule, &r) != nil {
		return nil
	}
	var out []FieldError
	for j, c := range r.Conditions {
		if !strings.EqualFold(strings.TrimSpace(c.Type), rules.TypeWatchlist) {
			continue
		}
		ids := make([]string, 0)
		for id := range names(c.Value) {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if _, ok := lists.Index(id); !ok {
				out = append(out, FieldError{Loc: []any{"body", "conditions", j, "value"}, Msg: fmt.Sprintf("watchlist '%s' not found", id), Type: "value_error"})
				break
			}
		}
	}
	return out
}

// fieldErrors is a save refused with 422 entries, found while the stored bodies were read.
type fieldErrors []FieldError

func (e fieldErrors) Error() string { return e[0].Msg }
