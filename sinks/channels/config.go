// Package channels sends people-facing notifications to the outbound channels of NOTIFY_URLS
// (CONTRACT.md 10.4): ntfy, Telegram, Discord, Gotify, Pushover, e-mail, webhooks… through
// Shoutrrr's service URLs. Each channel has its own bounded queue and retry loop, so a channel
// that hangs or refuses never holds the rules or the MQTT notifications back, and a channel's
// credentials are never logged, published or returned.
package channels

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
)

// DefaultName names a channel given as a bare URL.
const DefaultName = "default"

// Spec is one channel of NOTIFY_URLS: its name and its Shoutrrr URL (a secret).
type Spec struct {
	Name string
	URL  string
}

// String never shows the URL.
func (s Spec) String() string { return s.Name + "=" + Redact(s.URL) }

// namedURL is "name=URL"; itemStart is what begins an item: a name or a URL's scheme.
var (
	namedURL  = regexp.MustCompile(`^([a-z0-9_-]{1,32})=(\S+)$`)
	itemStart = regexp.MustCompile(`^([a-z0-9_-]{1,32}=)?[A-Za-z][A-Za-z0-9+.-]*://`)
)

// ParseURLs reads NOTIFY_URLS: `name=URL` items separated by spaces, newlines or commas (a
// comma inside a URL, as in `?tags=a,b`, stays with its URL), a bare URL named "default".
// Problems name the item by its channel name or its place, never by its URL.
func ParseURLs(v string) ([]Spec, []string) {
	var items []string
	for _, field := range strings.Fields(v) {
		start := 0
		for i := 0; i < len(field); i++ {
			if field[i] == ',' && itemStart.MatchString(field[i+1:]) { // a new item follows
				items = append(items, field[start:i])
				start = i + 1
			}
		}
		items = append(items, field[start:])
	}
	var out []Spec
	var problems []string
	for i, it := range items {
		it = strings.Trim(it, ", ") // a separating comma before a space or at either end
		if it == "" {
			continue
		}
		name, raw := DefaultName, it
		if m := namedURL.FindStringSubmatch(it); m != nil {
			name, raw = m[1], m[2]
		}
		u, err := url.Parse(raw)
		if err != nil || u.Scheme == "" || !strings.HasPrefix(raw[len(u.Scheme):], "://") {
			problems = append(problems, fmt.Sprintf("channel '%s' (item %d): not a service URL (scheme://…); left out", name, i+1))
			continue
		}
		// A name given twice is kept twice here: the first of them that works is the channel
		// (New), so a valid second x= is never lost to a bad first one.
		out = append(out, Spec{Name: name, URL: raw})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, problems
}

// Redact is a URL with everything that may be a secret replaced: its user and password, its
// path and its query values (a Telegram token is a path, a Gotify token a path, an ntfy
// password a query value). The scheme and host stay, to say which service it is.
func Redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return "(a URL that is not one)"
	}
	out := u.Scheme + "://"
	if u.User != nil {
		out += "***@"
	}
	out += u.Host
	if u.Path != "" || u.Opaque != "" {
		out += "/***"
	}
	if u.RawQuery != "" {
		out += "?***"
	}
	return out
}

// secrets are the parts of a URL an error text may quote: the whole URL (raw and escaped),
// its user and password, its path segments and query values.
func secrets(raw string) []string {
	out := []string{raw}
	u, err := url.Parse(raw)
	if err != nil {
		return out
	}
	out = append(out, u.String(), u.Redacted())
	if u.User != nil {
		out = append(out, u.User.Username())
		if p, ok := u.User.Password(); ok {
			out = append(out, p, url.QueryEscape(p), url.PathEscape(p))
		}
	}
	out = append(out, strings.Split(u.Path+"/"+u.Opaque, "/")...)
	for _, vs := range u.Query() {
		out = append(out, vs...)
	}
	// Longest first, so that a part of a longer secret never leaves the rest of it behind.
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	var keep []string
	for _, s := range out {
		// A word as short as "api", or a setting's plain value ("json", "http", "yes"), is no
		// secret, and replacing it garbles the text.
		if len(s) >= 4 && !plainWords[strings.ToLower(s)] {
			keep = append(keep, s)
		}
	}
	return keep
}

// plainWords are values a service URL carries that are settings, not secrets.
var plainWords = map[string]bool{"http": true, "https": true, "json": true, "true": true, "false": true, "none": true,
	"plain": true, "html": true, "markdown": true, "auto": true, "post": true, "form": true, "query": true}

// scrub replaces every secret of a channel's URL in a text (an error of the library quotes
// whole URLs) by "***", as whole tokens only: a secret inside a longer word ("fail" in
// "failed") is the word, not the secret.
func scrub(text string, secrets []string) string {
	for _, s := range secrets {
		var b strings.Builder
		rest := text
		for {
			i := strings.Index(rest, s)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			end := i + len(s)
			if (i == 0 || !tokenByte(rest[i-1])) && (end == len(rest) || !tokenByte(rest[end])) {
				b.WriteString(rest[:i])
				b.WriteString("***")
			} else {
				b.WriteString(rest[:end])
			}
			rest = rest[end:]
		}
		text = b.String()
	}
	return text
}

// tokenByte is a byte of a word or a token: a letter or digit.
func tokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
