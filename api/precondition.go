package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/rules"
)

// Safe concurrent editing: GET answers carry ETag: "<version>" of the set (the SHA-256 of its
// stored body, the value of its version key); a write with If-Match is refused with 412 and
// writes nothing when the set's version differs, checked inside the guarded transaction.

type preconditionKey struct{}

// precondition travels with a write: the If-Match it carries and the set's version after it.
type precondition struct {
	ifMatch string // raw If-Match header; empty: unconditional
	etag    string // the set's new ETag after a successful write
}

func preconditionOf(ctx context.Context) *precondition {
	p, _ := ctx.Value(preconditionKey{}).(*precondition)
	return p
}

// etag is the quoted entity tag of a set's body.
func etag(body []byte) string { return `"` + rules.Version(body) + `"` }

// matches reports whether an If-Match header names the current tag (strong comparison; "*"
// matches any).
func matches(ifMatch, current string) bool {
	for t := range strings.SplitSeq(ifMatch, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || t == current {
			return true
		}
	}
	return false
}

// checkPrecondition refuses the write when If-Match names another version than body's.
func checkPrecondition(ctx context.Context, what string, body []byte) error {
	p := preconditionOf(ctx)
	if p == nil || p.ifMatch == "" || matches(p.ifMatch, etag(body)) {
		return nil
	}
	return reject(http.StatusPreconditionFailed, "The %s were changed by someone else since you loaded them: reload and try again", what)
}

// withPreconditions attaches If-Match to every write and sets the new ETag on its answer.
func withPreconditions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		p := &precondition{ifMatch: r.Header.Get("If-Match")}
		next.ServeHTTP(&etagWriter{ResponseWriter: w, p: p}, r.WithContext(context.WithValue(r.Context(), preconditionKey{}, p)))
	})
}

// etagWriter sets the ETag of a successful write just before the status goes out.
type etagWriter struct {
	http.ResponseWriter
	p *precondition
}

func (w *etagWriter) WriteHeader(status int) {
	if w.p.etag != "" && status < 300 {
		w.Header().Set("ETag", w.p.etag)
	}
	w.ResponseWriter.WriteHeader(status)
}
