package watchlist

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// DownloadTimeout bounds one download of a list.
const DownloadTimeout = 2 * time.Minute

// IsURL reports whether src is an http(s) URL.
func IsURL(src string) bool {
	return strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://")
}

// Redacted is a URL fit for a message: its password replaced.
func Redacted(src string) string {
	if u, err := url.Parse(src); err == nil && IsURL(src) {
		return u.Redacted()
	}
	return src
}

// Download fetches a list from an http(s) URL (at most MaxBody): the body of a 200 answer,
// else an error naming the URL (its password hidden) and what went wrong.
func Download(ctx context.Context, src string) ([]byte, error) {
	if !IsURL(src) {
		return nil, fmt.Errorf("%s is no http(s) URL", Redacted(src))
	}
	ctx, cancel := context.WithTimeout(ctx, DownloadTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
	if err != nil {
		return nil, fmt.Errorf("downloading %s: %w", Redacted(src), err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("downloading %s: %w", Redacted(src), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("downloading %s: HTTP %s", Redacted(src), resp.Status)
	}
	b, err := ReadLimited(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("downloading %s: %w", Redacted(src), err)
	}
	return b, nil
}

// ReadLimited reads all of r, refusing more than MaxBody.
func ReadLimited(r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxBody+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxBody {
		return nil, model.TooLarge("a watchlist", MaxBody)
	}
	return b, nil
}
