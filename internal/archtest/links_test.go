package archtest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mdLink is an inline Markdown link or image, [text](target) or ![alt](target "title"); a
// target may be wrapped in <…>.
var mdLink = regexp.MustCompile(`\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)`)

// codeSpan is inline code, where a bracket is text, not a link.
var codeSpan = regexp.MustCompile("`+[^`]*`+")

// markdown reads a Markdown file into its headings' anchors (GitHub's: lower case, punctuation
// dropped, spaces as hyphens, a repeated one numbered -1, -2, …) and its relative links, each
// with its line; fenced code blocks hold neither.
func markdown(t *testing.T, path string) (anchors map[string]bool, links []link) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	anchors = map[string]bool{}
	seen := map[string]int{}
	fence := ""
	for i, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		if h := strings.TrimLeft(line, "#"); len(h) < len(line) && len(line)-len(h) <= 6 && strings.HasPrefix(h, " ") {
			a := slug(h)
			if n := seen[a]; n > 0 {
				anchors[a+"-"+strconv.Itoa(n)] = true
			} else {
				anchors[a] = true
			}
			seen[a]++
		}
		for _, m := range mdLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links = append(links, link{target, i + 1})
		}
	}
	return anchors, links
}

// link is a relative link's target and its line.
type link struct {
	target string
	line   int
}

// slug is GitHub's anchor of a heading's text.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestSlugIsGitHubs(t *testing.T) {
	for heading, want := range map[string]string{
		" Prometheus metrics (`METRICS_ADDR`)":               "prometheus-metrics-metrics_addr",
		" Who flies, and from where to where: enrichment":    "who-flies-and-from-where-to-where-enrichment",
		" The monitor's own problems":                        "the-monitors-own-problems",
		" Quick start (fresh Debian/Ubuntu machine with Go)": "quick-start-fresh-debianubuntu-machine-with-go",
		" Grafana, Prometheus, Home Assistant":               "grafana-prometheus-home-assistant",
	} {
		require.Equal(t, want, slug(heading), heading)
	}
}

// Every relative link of the project's Markdown (README, ARCHITECTURE, docs/, the folders'
// READMEs, the add-on's pages) reaches a file of the tree and, when it names one, a heading
// of that file: a section moved or renamed breaks no link unnoticed.
func TestDocsLinksResolve(t *testing.T) {
	files := 0
	require.NoError(t, filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "../.." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules" || name == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".md") {
			return nil
		}
		files++
		own, links := markdown(t, path)
		page, _ := filepath.Rel("../..", path)
		for _, l := range links {
			target, line := l.target, l.line
			file, anchor, _ := strings.Cut(target, "#")
			anchors := own
			if file != "" {
				to := filepath.Join(filepath.Dir(path), filepath.FromSlash(file))
				rel, err := filepath.Rel("../..", to)
				require.NoError(t, err)
				if !assert.False(t, strings.HasPrefix(rel, ".."), "%s:%d: %s leaves the repository", page, line, target) {
					continue
				}
				info, err := os.Stat(to)
				if !assert.NoError(t, err, "%s:%d: %s names no file", page, line, target) || anchor == "" {
					continue
				}
				if !assert.True(t, !info.IsDir() && strings.HasSuffix(to, ".md"), "%s:%d: %s: an anchor in what is not Markdown", page, line, target) {
					continue
				}
				anchors, _ = markdown(t, to)
			}
			assert.True(t, anchors[anchor], "%s:%d: %s names no heading of its file", page, line, target)
		}
		return nil
	}))
	require.Greater(t, files, 15, "the pages were read")
}
