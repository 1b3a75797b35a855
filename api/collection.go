package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// collection is one stored set the API serves item by item (CONTRACT.md 8): the rules under
// config:rules, the areas under config:areas. The handlers are the same for both; what differs
// is here: how the stored body is read and written, how a request body becomes a stored item,
// how the whole set is checked before a save, and how items are answered.
type collection struct {
	key  string // the store key of the set
	noun string // "Rule", "Area": in the 404 and 409 texts
	path string // "/api/rules"
	// parse reads the stored body into items (check writes them back).
	parse func(body []byte) ([]json.RawMessage, error)
	// id is an item's identifier.
	id func(item json.RawMessage) string
	// decode reads and validates a request body (413/422 answered by it) into an item as stored.
	decode func(w http.ResponseWriter, r *http.Request) (id string, item json.RawMessage, ok bool)
	// check validates the set as it would be saved (the bodies as stored now; id and item: what
	// is being written, nil item for a delete) and returns its body, or the error that refuses
	// the save.
	check func(items []json.RawMessage, id string, item json.RawMessage, cur *rules.Snapshot) ([]byte, error)
	// show renders items for an answer; created is the answer to a POST.
	show    func(ctx context.Context, items []json.RawMessage) []any
	created func(ctx context.Context, item json.RawMessage) any
	// guardDelete refuses a delete (409) while something else uses the item; afterDelete
	// cleans up after it. Both may be nil.
	guardDelete func(id string, rulesBody []byte) error
	afterDelete func(ctx context.Context, id string)
}

func (c *collection) routes(mux *http.ServeMux, s *Server) {
	mux.HandleFunc("GET "+c.path, func(w http.ResponseWriter, r *http.Request) { s.list(c, w, r) })
	mux.HandleFunc("POST "+c.path, func(w http.ResponseWriter, r *http.Request) { s.create(c, w, r) })
	mux.HandleFunc("GET "+c.path+"/{id}", func(w http.ResponseWriter, r *http.Request) { s.get(c, w, r) })
	mux.HandleFunc("PUT "+c.path+"/{id}", func(w http.ResponseWriter, r *http.Request) { s.put(c, w, r) })
	mux.HandleFunc("DELETE "+c.path+"/{id}", func(w http.ResponseWriter, r *http.Request) { s.remove(c, w, r) })
}

// body is the collection's stored body.
func (c *collection) body(cur *rules.Snapshot) []byte {
	if c.key == areasKey {
		return cur.Areas
	}
	return cur.Rules
}

func (c *collection) find(items []json.RawMessage, id string) int {
	return slices.IndexFunc(items, func(it json.RawMessage) bool { return c.id(it) == id })
}

func (c *collection) notFound(id string) error {
	return reject(http.StatusNotFound, "%s '%s' not found", c.noun, id)
}

// stored reads the collection's items, answering a store error (500) itself; the answer
// carries the set's ETag.
func (s *Server) stored(c *collection, w http.ResponseWriter, r *http.Request) ([]json.RawMessage, bool) {
	cur, err := s.store.bodies(r.Context())
	if err != nil {
		s.storeError(w, err)
		return nil, false
	}
	body := c.body(cur)
	items, err := c.parse(body)
	if err != nil {
		s.storeError(w, err)
		return nil, false
	}
	w.Header().Set("ETag", etag(body))
	return items, true
}

// save edits the stored items and saves the set once check accepts it, in one guarded write.
func (s *Server) save(ctx context.Context, c *collection, id string, item json.RawMessage, edit func([]json.RawMessage) ([]json.RawMessage, error)) error {
	return s.store.mutate(ctx, c.key, func(cur *rules.Snapshot) ([]byte, error) {
		items, err := c.parse(c.body(cur))
		if err != nil {
			return nil, err
		}
		if items, err = edit(items); err != nil {
			return nil, err
		}
		return c.check(items, id, item, cur)
	})
}

func (s *Server) list(c *collection, w http.ResponseWriter, r *http.Request) {
	if items, ok := s.stored(c, w, r); ok {
		writeJSON(w, http.StatusOK, s.showAll(c, r.Context(), items))
	}
}

// showAll answers [] for an empty set, never null.
func (s *Server) showAll(c *collection, ctx context.Context, items []json.RawMessage) []any {
	out := c.show(ctx, items)
	if out == nil {
		out = []any{}
	}
	return out
}

func (s *Server) get(c *collection, w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	items, ok := s.stored(c, w, r)
	if !ok {
		return
	}
	i := c.find(items, id)
	if i < 0 {
		writeDetail(w, http.StatusNotFound, fmt.Sprintf("%s '%s' not found", c.noun, id))
		return
	}
	writeJSON(w, http.StatusOK, c.show(r.Context(), items[i:i+1])[0])
}

func (s *Server) create(c *collection, w http.ResponseWriter, r *http.Request) {
	id, item, ok := c.decode(w, r)
	if !ok {
		return
	}
	err := s.save(r.Context(), c, id, item, func(items []json.RawMessage) ([]json.RawMessage, error) {
		if c.find(items, id) >= 0 {
			return nil, reject(http.StatusConflict, "%s '%s' already exists", c.noun, id)
		}
		return append(items, item), nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, c.created(r.Context(), item))
}

func (s *Server) put(c *collection, w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	bodyID, item, ok := c.decode(w, r)
	if !ok {
		return
	}
	err := s.save(r.Context(), c, id, item, func(items []json.RawMessage) ([]json.RawMessage, error) {
		i := c.find(items, id)
		if i < 0 {
			return nil, c.notFound(id) // checked before the mismatch
		}
		if bodyID != id {
			return nil, reject(http.StatusBadRequest, "Body identifier '%s' does not match path identifier '%s'", bodyID, id)
		}
		items[i] = item // its position in the set is kept
		return items, nil
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, c.show(r.Context(), []json.RawMessage{item})[0])
}

func (s *Server) remove(c *collection, w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	err := s.store.mutate(r.Context(), c.key, func(cur *rules.Snapshot) ([]byte, error) {
		items, err := c.parse(c.body(cur))
		if err != nil {
			return nil, err
		}
		i := c.find(items, id)
		if i < 0 {
			return nil, c.notFound(id)
		}
		if c.guardDelete != nil {
			if err := c.guardDelete(id, cur.Rules); err != nil {
				return nil, err
			}
		}
		return c.check(slices.Delete(items, i, i+1), id, nil, cur)
	})
	if err != nil {
		s.storeError(w, err)
		return
	}
	if c.afterDelete != nil {
		c.afterDelete(r.Context(), id)
	}
	w.WriteHeader(http.StatusNoContent)
}
