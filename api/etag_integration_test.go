//go:build integration

package api_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// ETag on every GET of a set; If-Match on every write: a stale one is 412 and writes nothing.
func TestETagAndIfMatchOnEveryWrite(t *testing.T) {
	f := setup(t, "")
	json := map[string]string{"Content-Type": "application/json"}
	withMatch := func(tag string) map[string]string {
		return map[string]string{"Content-Type": "application/json", "If-Match": tag}
	}
	code, _, _ := f.do("POST", "/api/areas", area("A", square))
	require.Equal(t, 201, code)
	code, _, _ = f.do("POST", "/api/rules", rule("r"))
	require.Equal(t, 201, code)

	for _, set := range []struct {
		key, list, item   string
		create, update    any
		createID, deleted string
	}{
		{"config:rules", "/api/rules", "/api/rules/r", rule("r2"), rule("r"), "r2", "/api/rules/r2"},
		{"config:areas", "/api/areas", "/api/areas/A", area("B", square), area("A", square), "B", "/api/areas/B"},
	} {
		t.Run(set.key, func(t *testing.T) {
			_, h, _ := raw(t, f.srv.URL+set.list, "GET", nil, nil)
			tag := h.Get("ETag")
			version, err := f.r.Do(t.Context(), f.r.B().Get().Key(set.key+":version").Build()).ToString()
			require.NoError(t, err)
			require.Equal(t, `"`+version+`"`, tag, "the ETag is the set's version")
			_, h, _ = raw(t, f.srv.URL+set.item, "GET", nil, nil)
			require.Equal(t, tag, h.Get("ETag"), "single-item GETs carry the set's ETag")

			stale := `"0000000000000000000000000000000000000000000000000000000000000000"`
			before := f.snapshot()
			for _, w := range []struct {
				method, path string
				body         any
			}{{"POST", set.list, set.create}, {"PUT", set.item, set.update}, {"DELETE", set.item, nil}} {
				code, _, body := raw(t, f.srv.URL+w.path, w.method, w.body, withMatch(stale))
				require.Equal(t, http.StatusPreconditionFailed, code, "%s %s", w.method, w.path)
				require.Contains(t, string(body), "changed by someone else")
			}
			require.Equal(t, before, f.snapshot(), "a stale write writes nothing")

			// The current tag works, and each write answers with the next one.
			code, h, body := raw(t, f.srv.URL+set.list, "POST", set.create, withMatch(tag))
			require.Equal(t, 201, code, string(body))
			next := h.Get("ETag")
			require.NotEqual(t, tag, next)
			version, _ = f.r.Do(t.Context(), f.r.B().Get().Key(set.key+":version").Build()).ToString()
			require.Equal(t, `"`+version+`"`, next)
			code, _, _ = raw(t, f.srv.URL+set.item, "PUT", set.update, withMatch(tag))
			require.Equal(t, http.StatusPreconditionFailed, code, "the old tag is stale now")
			code, h, _ = raw(t, f.srv.URL+set.item, "PUT", set.update, withMatch(next))
			require.Equal(t, 200, code)
			code, _, _ = raw(t, f.srv.URL+set.deleted, "DELETE", nil, withMatch(h.Get("ETag")+`, "other"`))
			require.Equal(t, http.StatusNoContent, code, "a list naming the current tag matches")
			code, _, _ = raw(t, f.srv.URL+set.item, "PUT", set.update, json)
			require.Equal(t, 200, code, "without If-Match a write is unconditional")
		})
	}
}
