package registry_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/registry"
)

func TestLatestComparesIntegerTuples(t *testing.T) {
	cases := []struct {
		tags []string
		want string
		ok   bool
	}{
		{[]string{"2026.09.9", "2026.09.10"}, "2026.09.10", true},
		{[]string{"2026.9.10", "2026.9.9"}, "2026.9.10", true},
		{[]string{"2026.08.20", "2026.8.3"}, "2026.08.20", true},
		{[]string{"2025.12.99", "2026.01.1"}, "2026.01.1", true},
		{[]string{"2026.10.1", "2026.9.30"}, "2026.10.1", true},
		{[]string{"2026.01.2", "2026.01.10", "2026.01.9"}, "2026.01.10", true},
		{[]string{"dev", "latest", "pr-12", "2026.1"}, "", false},
		{[]string{"latest", "2026.03.04"}, "2026.03.04", true},
		{[]string{"v2026.03.04", "2026.03.03"}, "2026.03.03", true},
		{[]string{"2026.03.04-rc1", "2026.03.02"}, "2026.03.02", true},
		{[]string{"2026.003.1"}, "", false},
		{[]string{"26.03.1"}, "", false},
		{[]string{"2026.03.1 "}, "", false},
		{[]string{}, "", false},
		{[]string{"2027.1.0", "2026.12.999"}, "2027.1.0", true},
		{[]string{"2026.05.100", "2026.05.99"}, "2026.05.100", true},
	}
	for _, tc := range cases {
		got, ok := registry.Latest(tc.tags)
		require.Equal(t, tc.ok, ok, "%v", tc.tags)
		require.Equal(t, tc.want, got, "%v", tc.tags)
	}
}

func client(f *testenv.FakeRegistry) *registry.Client {
	return registry.NewClient(registry.Config{URL: f.URL(), Namespace: "ns"}, zerolog.Nop())
}

func TestPassUsesOneTokenWithOneScopePerImage(t *testing.T) {
	f := testenv.NewFakeRegistry(t)
	f.Tags["tracker-a"] = []string{"2026.01.9", "2026.01.10", "latest"}
	f.Tags["tracker-b"] = []string{"2026.02.1"}
	res := client(f).Pass(t.Context(), []string{"tracker-a", "tracker-b"})
	require.Equal(t, "2026.01.10", res["tracker-a"].Latest)
	require.Equal(t, "2026.02.1", res["tracker-b"].Latest)
	require.Equal(t, 1, f.TokenCalls)
	require.Equal(t, [][]string{{"repository:ns/tracker-a:pull", "repository:ns/tracker-b:pull"}}, f.TokenScopes)
}

func TestAccessTokenAndPagination(t *testing.T) {
	f := testenv.NewFakeRegistry(t)
	f.TokenKey = "access_token"
	f.PageSize = 2
	f.Tags["tracker-a"] = []string{"2026.01.1", "2026.01.2", "2026.03.1", "dev", "2026.02.7"}
	res := client(f).Pass(t.Context(), []string{"tracker-a"})
	require.NoError(t, res["tracker-a"].Err)
	require.Equal(t, "2026.03.1", res["tracker-a"].Latest)
	require.Equal(t, 3, f.TagCalls["tracker-a"], "three pages followed")
}

func TestFailuresAreIsolatedPerImage(t *testing.T) {
	for _, mode := range []string{"401", "404", "429", "503", "bad json", "no release tag"} {
		t.Run(mode, func(t *testing.T) {
			f := testenv.NewFakeRegistry(t)
			f.Tags["good"] = []string{"2026.01.1"}
			f.Tags["bad"] = []string{"dev"}
			switch mode {
			case "401":
				f.Fail["bad"] = 401
			case "404":
				delete(f.Tags, "bad")
			case "429":
				f.Fail["bad"] = 429
			case "503":
				f.Fail["bad"] = 503
			case "bad json":
				f.BadJSON["bad"] = true
			}
			res := client(f).Pass(t.Context(), []string{"bad", "good"})
			require.Error(t, res["bad"].Err)
			require.Equal(t, "2026.01.1", res["good"].Latest, "the other image still resolves")
		})
	}
}

func TestFailedTokenFailsThePass(t *testing.T) {
	f := testenv.NewFakeRegistry(t)
	f.TokenKey = "nothing"
	f.Tags["a"] = []string{"2026.01.1"}
	res := client(f).Pass(t.Context(), []string{"a"})
	require.ErrorContains(t, res["a"].Err, "no token")
	require.Zero(t, f.TagCalls["a"])

	down := registry.NewClient(registry.Config{URL: "http://127.0.0.1:1", Namespace: "ns"}, zerolog.Nop())
	require.Error(t, down.Pass(t.Context(), []string{"a"})["a"].Err)
}

// An image name comes from another component's registration: it is escaped in the URL, and
// a path-traversing one is refused without a request.
func TestImageNamesAreEscaped(t *testing.T) {
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/token" {
			_, _ = w.Write([]byte(`{"token":"t"}`))
			return
		}
		paths = append(paths, r.URL.EscapedPath()+"?"+r.URL.RawQuery)
		_, _ = w.Write([]byte(`{"tags":["2026.01.1"]}`))
	}))
	defer srv.Close()
	c := registry.NewClient(registry.Config{URL: srv.URL, Namespace: "ns", AuthURL: srv.URL + "/token"}, zerolog.Nop())
	res := c.Pass(t.Context(), []string{"odd?name#x", "../../admin"})
	require.NoError(t, res["odd?name#x"].Err)
	require.Error(t, res["../../admin"].Err)
	require.Contains(t, paths, "/v2/ns/odd%3Fname%23x/tags/list?")
	for _, p := range paths {
		require.NotContains(t, p, "admin", "a traversing name is never requested")
	}
}

// A Link header may point at another host: the bearer token never goes there.
func TestBearerTokenStaysOnTheRegistryHost(t *testing.T) {
	var foreignAuth []string
	foreign := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		foreignAuth = append(foreignAuth, r.Header.Get("Authorization"))
		_, _ = w.Write([]byte(`{"tags":["2026.09.1"]}`))
	}))
	defer foreign.Close()
	var ownAuth []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/token":
			_, _ = w.Write([]byte(`{"token":"secret-token"}`))
		default:
			ownAuth = append(ownAuth, r.Header.Get("Authorization"))
			w.Header().Set("Link", "<"+foreign.URL+"/v2/ns/a/tags/list?last=x>; rel=\"next\"")
			_, _ = w.Write([]byte(`{"tags":["2026.01.1"]}`))
		}
	}))
	defer srv.Close()
	c := registry.NewClient(registry.Config{URL: srv.URL, Namespace: "ns", AuthURL: srv.URL + "/token"}, zerolog.Nop())
	res := c.Pass(t.Context(), []string{"a"})
	require.NoError(t, res["a"].Err)
	require.Equal(t, "2026.09.1", res["a"].Latest, "the next page is still read")
	require.Equal(t, []string{"Bearer secret-token"}, ownAuth)
	require.Equal(t, []string{""}, foreignAuth, "no token for another host")
}

// A tags answer over MaxBody fails that image's lookup with an error naming the limit (the
// other images still resolve); past MaxTags the tags read so far are used.
func TestTagListLimits(t *testing.T) {
	f := testenv.NewFakeRegistry(t)
	f.PageSize = 1 << 30
	huge := make([]string, 0, 800_000)
	for i := range cap(huge) {
		huge = append(huge, fmt.Sprintf("2026.01.%d", i))
	}
	f.Tags["huge"] = huge
	f.Tags["good"] = []string{"2026.01.1"}
	res := client(f).Pass(t.Context(), []string{"huge", "good"})
	require.ErrorIs(t, res["huge"].Err, model.ErrTooLarge)
	require.ErrorContains(t, res["huge"].Err, "8 MiB (8388608 bytes)")
	require.Equal(t, "2026.01.1", res["good"].Latest)

	many := make([]string, 0, registry.MaxTags+5_000)
	for i := range cap(many) {
		many = append(many, fmt.Sprintf("2026.02.%d", i))
	}
	f.Tags["many"] = many
	f.PageSize = 5_000
	res = client(f).Pass(t.Context(), []string{"many"})
	require.NoError(t, res["many"].Err)
	require.Equal(t, fmt.Sprintf("2026.02.%d", registry.MaxTags-1), res["many"].Latest, "the latest of the tags read")
	require.Equal(t, registry.MaxTags/f.PageSize, f.TagCalls["many"])
}

// FuzzLatest: a registry's tag list, garbage included. The latest is one of the tags, a
// release tag, and no release tag of the list is newer.
func FuzzLatest(f *testing.F) {
	f.Add("2026.09.9\n2026.09.10\nlatest")
	f.Add("2026.003.1\n26.03.1\n2026.03.1 \nv2026.03.04\n2026.05.100")
	f.Add("9999.99.99999999999999999999\n2026.1.1")
	f.Fuzz(func(t *testing.T, list string) {
		tags := strings.Split(list, "\n")
		got, ok := registry.Latest(tags)
		if !ok {
			for _, tag := range tags {
				_, rel := registry.ParseVersion(tag)
				require.False(t, rel, "%q is a release tag", tag)
			}
			return
		}
		require.Contains(t, tags, got)
		best, rel := registry.ParseVersion(got)
		require.True(t, rel)
		for _, tag := range tags {
			if v, ok := registry.ParseVersion(tag); ok {
				require.False(t, best.Less(v), "%q is newer than %q", tag, got)
			}
		}
	})
}
