// Package registry is the container-registry check: once a day (and once shortly after
// start) it looks up the release tags of every registered image, anonymously, with one
// bearer token per pass, and reports the newest YYYY.MM.BB release of each.
package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
)

// Limits of what a registry answers for one image: pages of tags followed, the size of one
// answer, the tags kept. Past MaxPages or MaxTags the tags read so far are used (logged);
// an answer over MaxBody fails that image's lookup, naming the limit.
const (
	MaxPages = 50
	MaxBody  = 8 << 20
	MaxTags  = 100_000
)

var releaseTag = regexp.MustCompile(`^(\d{4})\.(\d{1,2})\.(\d+)$`)

// Version is a release tag as an integer tuple.
type Version struct {
	Year, Month, Build int
	Tag                string // the tag unchanged, padding included
}

// ParseVersion reads a YYYY.MM.BB release tag; anything else (dev, latest, pr-12, 2026.1)
// is not a release.
func ParseVersion(tag string) (Version, bool) {
	m := releaseTag.FindStringSubmatch(tag)
	if m == nil {
		return Version{}, false
	}
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	b, err := strconv.Atoi(m[3])
	if err != nil {
		return Version{}, false
	}
	return Version{y, mo, b, tag}, true
}

// Less orders versions as (year, month, build) integer tuples: the ninth build of a month
// sorts before the tenth.
func (v Version) Less(o Version) bool {
	if v.Year != o.Year {
		return v.Year < o.Year
	}
	if v.Month != o.Month {
		return v.Month < o.Month
	}
	return v.Build < o.Build
}

// Latest returns the newest release tag among tags, ignoring non-release tags.
func Latest(tags []string) (string, bool) {
	var best Version
	found := false
	for _, t := range tags {
		v, ok := ParseVersion(t)
		if ok && (!found || best.Less(v)) {
			best, found = v, true
		}
	}
	return best.Tag, found
}

// Config is how to reach the registry.
type Config struct {
	URL       string // e.g. https://ghcr.io
	Namespace string // image owner
	AuthURL   string // token endpoint; when set the /v2/ challenge is skipped
	Timeout   time.Duration
}

// Client looks tags up in the registry.
type Client struct {
	cfg  Config
	http *http.Client
	log  zerolog.Logger
}

// NewClient builds a registry client.
func NewClient(cfg Config, log zerolog.Logger) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	cfg.URL = strings.TrimRight(cfg.URL, "/")
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}, log: log}
}

// Result is the outcome of one image's lookup.
type Result struct {
	Latest string
	Err    error
}

// Pass looks up every image (distinct, sorted by the caller) with one token. A failed
// challenge or token step fails every image; a failed image never stops the others.
func (c *Client) Pass(ctx context.Context, images []string) map[string]Result {
	out := make(map[string]Result, len(images))
	valid := make([]string, 0, len(images))
	for _, img := range images {
		if _, err := repositoryPath(c.cfg.Namespace + "/" + img); err != nil {
			out[img] = Result{Err: fmt.Errorf("image %s: %w", img, err)} // never in a scope or a URL
			continue
		}
		valid = append(valid, img)
	}
	images = valid
	if len(images) == 0 {
		return out
	}
	token, err := c.token(ctx, images)
	if err != nil {
		for _, img := range images {
			out[img] = Result{Err: err}
		}
		return out
	}
	for _, img := range images {
		tags, err := c.tags(ctx, img, token)
		if err != nil {
			out[img] = Result{Err: err}
			continue
		}
		latest, ok := Latest(tags)
		if !ok {
			out[img] = Result{Err: fmt.Errorf("image %s: no release tag yet", img)}
			continue
		}
		out[img] = Result{Latest: latest}
	}
	return out
}

// token performs the challenge (unless AuthURL is set) and one anonymous token request
// carrying one pull scope per image. An empty token means none is needed.
func (c *Client) token(ctx context.Context, images []string) (string, error) {
	realm, service, err := c.realm(ctx)
	if realm == "" || err != nil {
		return "", err
	}
	q := url.Values{}
	if service != "" {
		q.Set("service", service)
	}
	for _, img := range images {
		q.Add("scope", "repository:"+c.cfg.Namespace+"/"+img+":pull")
	}
	sep := "?"
	if strings.Contains(realm, "?") {
		sep = "&"
	}
	resp, err := c.get(ctx, realm+sep+q.Encode(), "")
	if err != nil {
		return "", fmt.Errorf("registry token: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return "", fmt.Errorf("registry token: HTTP %d", resp.StatusCode)
	}
	var body struct {
		Token       string `json:"token"`
		AccessToken string `json:"access_token"`
	}
	b, err := fetch.ReadLimited(resp.Body, MaxBody, "the answer")
	if err == nil {
		err = json.Unmarshal(b, &body)
	}
	if err != nil {
		return "", fmt.Errorf("registry token: bad JSON: %w", err)
	}
	tok := body.Token
	if tok == "" {
		tok = body.AccessToken
	}
	if tok == "" {
		return "", errors.New("registry token: no token in the answer")
	}
	return tok, nil
}

// realm is where tokens are asked for, and for which service: AuthURL, or what the registry's
// challenge names ("": the registry needs no token).
func (c *Client) realm(ctx context.Context) (realm, service string, err error) {
	if c.cfg.AuthURL != "" {
		if u, err := url.Parse(c.cfg.URL); err == nil {
			service = u.Host
		}
		return c.cfg.AuthURL, service, nil
	}
	resp, err := c.get(ctx, c.cfg.URL+"/v2/", "")
	if err != nil {
		return "", "", fmt.Errorf("registry challenge: %w", err)
	}
	resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return "", "", nil
	case resp.StatusCode == http.StatusUnauthorized:
		if realm, service = parseChallenge(resp.Header.Get("WWW-Authenticate")); realm == "" {
			return "", "", errors.New("registry challenge: no Bearer realm in WWW-Authenticate")
		}
		return realm, service, nil
	}
	return "", "", fmt.Errorf("registry challenge: HTTP %d", resp.StatusCode)
}

// tags lists every tag of an image, following Link rel="next" up to MaxPages pages.
func (c *Client) tags(ctx context.Context, image, token string) ([]string, error) {
	repo, err := repositoryPath(c.cfg.Namespace + "/" + image)
	if err != nil {
		return nil, fmt.Errorf("image %s: %w", image, err)
	}
	next := c.cfg.URL + "/v2/" + repo + "/tags/list"
	var all []string
	for page := 0; next != "" && page < MaxPages; page++ {
		resp, err := c.get(ctx, next, c.tokenFor(next, token))
		if err != nil {
			return nil, fmt.Errorf("image %s: %w", image, err)
		}
		body, err := fetch.ReadLimited(resp.Body, MaxBody, "the answer")
		resp.Body.Close()
		switch {
		case errors.Is(err, model.ErrTooLarge):
			return nil, fmt.Errorf("image %s: tags list: %w", image, err)
		case err != nil:
			return nil, fmt.Errorf("image %s: %w", image, err)
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			return nil, fmt.Errorf("image %s: tags list: HTTP %d", image, resp.StatusCode)
		}
		var list struct {
			Tags []json.RawMessage `json:"tags"`
		}
		if err := json.Unmarshal(body, &list); err != nil {
			return nil, fmt.Errorf("image %s: tags list: bad JSON: %w", image, err)
		}
		for _, raw := range list.Tags {
			var s string
			if json.Unmarshal(raw, &s) == nil { // non-string entries are ignored
				all = append(all, s)
			}
		}
		next = c.nextLink(resp.Header.Get("Link"))
		if len(all) >= MaxTags {
			all = all[:MaxTags]
			break
		}
	}
	if next != "" {
		c.log.Warn().Str("image", image).Int("tags", len(all)).Int("max_pages", MaxPages).Int("max_tags", MaxTags).
			Msg("registry: more tags than are read; the latest version is chosen among those read")
	}
	return all, nil
}

// repositoryPath escapes each segment of a repository name for a URL path: an image name
// comes from another component's registration and is never trusted to be well formed.
func repositoryPath(name string) (string, error) {
	segs := strings.Split(name, "/")
	for i, seg := range segs {
		if seg == "" || seg == "." || seg == ".." {
			return "", fmt.Errorf("invalid repository name %q", name)
		}
		segs[i] = url.PathEscape(seg)
	}
	return strings.Join(segs, "/"), nil
}

// tokenFor is the bearer token for a request to u: only ever sent to the registry's own host
// (a Link header may point anywhere).
func (c *Client) tokenFor(u, token string) string {
	base, err1 := url.Parse(c.cfg.URL)
	target, err2 := url.Parse(u)
	if err1 != nil || err2 != nil || !strings.EqualFold(base.Host, target.Host) || base.Scheme != target.Scheme {
		return ""
	}
	return token
}

func (c *Client) nextLink(h string) string {
	for part := range strings.SplitSeq(h, ",") {
		part = strings.TrimSpace(part)
		if !strings.Contains(part, `rel="next"`) && !strings.Contains(part, "rel=next") {
			continue
		}
		start, end := strings.Index(part, "<"), strings.Index(part, ">")
		if start < 0 || end <= start {
			continue
		}
		ref, err := url.Parse(part[start+1 : end])
		if err != nil {
			continue
		}
		base, err := url.Parse(c.cfg.URL + "/")
		if err != nil {
			return ""
		}
		return base.ResolveReference(ref).String()
	}
	return ""
}

func (c *Client) get(ctx context.Context, u, token string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return c.http.Do(req)
}

// parseChallenge reads realm and service of `Bearer realm="…",service="…"`.
func parseChallenge(h string) (realm, service string) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(h), "Bearer ")
	if !ok {
		return "", ""
	}
	for _, kv := range splitParams(rest) {
		k, v, _ := strings.Cut(kv, "=")
		v = strings.Trim(strings.TrimSpace(v), `"`)
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "realm":
			realm = v
		case "service":
			service = v
		}
	}
	return realm, service
}

// splitParams splits on commas outside quotes.
func splitParams(s string) []string {
	var out []string
	inQ, start := false, 0
	for i, r := range s {
		switch {
		case r == '"':
			inQ = !inQ
		case r == ',' && !inQ:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
