package testenv

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// FakeRegistry speaks the real flow: a 401 challenge on /v2/, a token endpoint, paginated
// tags lists, and failure modes per image.
type FakeRegistry struct {
	mu          sync.Mutex
	srv         *httptest.Server
	Tags        map[string][]string // image → tags
	PageSize    int
	TokenKey    string         // "token" or "access_token"
	Fail        map[string]int // image → status to answer
	BadJSON     map[string]bool
	TokenCalls  int
	TokenScopes [][]string
	TagCalls    map[string]int
}

func NewFakeRegistry(t testing.TB) *FakeRegistry {
	f := &FakeRegistry{Tags: map[string][]string{}, PageSize: 100, TokenKey: "token", Fail: map[string]int{}, BadJSON: map[string]bool{}, TagCalls: map[string]int{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *FakeRegistry) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case r.URL.Path == "/v2/":
		w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer realm="%s/token",service="registry.test"`, f.srv.URL))
		w.WriteHeader(http.StatusUnauthorized)
	case r.URL.Path == "/token":
		f.TokenCalls++
		f.TokenScopes = append(f.TokenScopes, r.URL.Query()["scope"])
		if r.URL.Query().Get("service") != "registry.test" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{f.TokenKey: "tok"})
	case strings.HasSuffix(r.URL.Path, "/tags/list"):
		if r.Header.Get("Authorization") != "Bearer tok" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		img := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v2/ns/"), "/tags/list")
		f.TagCalls[img]++
		if st := f.Fail[img]; st != 0 {
			w.WriteHeader(st)
			return
		}
		if f.BadJSON[img] {
			_, _ = w.Write([]byte(`{"tags":[`))
			return
		}
		tags, ok := f.Tags[img]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		start := 0
		if l := r.URL.Query().Get("last"); l != "" {
			for i, tg := range tags {
				if tg == l {
					start = i + 1
				}
			}
		}
		end := min(start+f.PageSize, len(tags))
		if end < len(tags) {
			w.Header().Set("Link", fmt.Sprintf(`</v2/ns/%s/tags/list?n=%d&last=%s>; rel="next"`, img, f.PageSize, tags[end-1]))
		}
		page := []any{}
		for _, tg := range tags[start:end] {
			page = append(page, tg)
		}
		page = append(page, 42) // non-string entries are ignored
		_ = json.NewEncoder(w).Encode(map[string]any{"name": "ns/" + img, "tags": page})
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

// URL is the registry's base URL.
func (f *FakeRegistry) URL() string { return f.srv.URL }

// Set changes the registry's state under its lock.
func (f *FakeRegistry) Set(fn func(f *FakeRegistry)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn(f)
}

// Counts returns the token requests and the tag listings per image so far.
func (f *FakeRegistry) Counts() (int, map[string]int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := map[string]int{}
	for k, v := range f.TagCalls {
		m[k] = v
	}
	return f.TokenCalls, m
}
