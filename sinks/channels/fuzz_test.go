package channels

import (
	"strings"
	"testing"
)

// NOTIFY_URLS as anyone may write it: never a panic; every channel has a valid name and a
// service URL; no problem quotes a URL's secret.
func FuzzParseURLs(f *testing.F) {
	f.Add("phone=ntfy://ntfy.sh/planes?tags=a,b, hook=generic://h/x\nchat=discord://tok@123")
	f.Add("x=not-a-url x=ntfy://user:hunter22@x/z ,, telegram://123:ABC@telegram?chats=@c")
	f.Fuzz(func(t *testing.T, v string) {
		specs, problems := ParseURLs(v)
		for _, s := range specs {
			if !namedURL.MatchString(s.Name + "=x") {
				t.Fatalf("channel name %q", s.Name)
			}
			if !strings.Contains(s.URL, "://") {
				t.Fatalf("channel %s: %q is no service URL", s.Name, s.URL)
			}
			for _, p := range problems {
				if len(s.URL) > 12 && strings.Contains(p, s.URL) {
					t.Fatalf("problem %q quotes the URL", p)
				}
			}
			_ = Redact(s.URL)
		}
	})
}
