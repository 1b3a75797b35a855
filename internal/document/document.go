// Package document reads a small JSON document a receiver serves: over http(s), or from a
// file (a readsb/tar1090 aircraft.json or stats.json), never more than a limit.
package document

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Read fetches src, an http(s) URL (with client; a status other than 200 is an error) or a
// file path; a document over limit bytes is refused, named as what (model.TooLarge).
func Read(ctx context.Context, client *http.Client, src string, limit int64, what string) ([]byte, error) {
	var r io.Reader
	if strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://") {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, src, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		r = resp.Body
	} else {
		f, err := os.Open(src) //nolint:gosec // the user's file
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.Size() > limit {
			return nil, model.TooLarge(what, limit)
		}
		r = f
	}
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > limit {
		return nil, model.TooLarge(what, limit)
	}
	return body, nil
}
