//go:build integration

package api_test

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

// brokenWords lists the words of the page's table cells, headers and buttons that wrap inside
// the word (a word whose text spans two line boxes), leaving out words of over 30 letters
// (long ids and URLs may break).
const brokenWords = `(() => {
  const bad = [];
  for (const cell of document.querySelectorAll('table th, table td')) {
    if (cell.offsetParent === null) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of n.data.matchAll(/\S+/g)) {
        if (m[0].length > 30) continue;
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
        if (tops.size > 1) bad.push(m[0]);
      }
    }
  }
  return bad;
})()`

// Tables use the width they have at 1366 px and wrap only at word boundaries (issue 45 item
// 10: "Enab/led", "Ident/ifier", "poli/ce", an "Ed/it" button); a stored watchlist link that
// is no http(s) URL (written by another tool) is never rendered as a link.
func TestUITablesWrapAtWordsAndLinksAreWebOnly(t *testing.T) {
	f := browserServer(t)
	r := f.r
	loadExamples(f)
	// A rule with a policy and a mute: the widest row of the Rules page.
	code, body, _ := f.do("POST", "/api/rules", `{"identifier":"police","name":"Police overhead","description":"Police aircraft over the house","enabled":true,`+
		`"conditions":[{"type":"squawk","operator":"equals","value":"7000"}],`+
		`"notify":{"timezone":"Europe/London","quiet_hours":[{"from":"23:00","to":"07:00"}],"cooldown_minutes":720,"max_per_hour":4}}`)
	require.Equal(t, 201, code, body)
	code, body, _ = f.do("POST", "/api/mutes", `{"rule":"police","minutes":60}`)
	require.Less(t, code, 300, body)
	// A list as another tool could have stored it: links of every scheme.
	lists := `{"pa":{"name":"Police and others","source":"a tool","licence":"ODbL 1.0","imported_at":"2026-11-27T08:00:00Z","entries":[` +
		`{"icao_hex":"406F2B","registration":"G-POLA","operator":"Police Aviation Services","group":"pol","category":"Police Forces","link":"javascript:alert(document.domain)"},` +
		`{"icao_hex":"43C6F1","registration":"ZZ336","operator":"Royal Air Force","group":"mil","category":"UK Military","link":"JaVaScRiPt:alert(1)"},` +
		`{"icao_hex":"3C4B26","registration":"D-AIBA","operator":"Lufthansa","group":"gov","category":"Governments","link":"data:text/html,<b>x</b>"},` +
		`{"icao_hex":"AABBCC","registration":"N123AB","operator":"Small Co","group":"civ","category":"Civ Other","link":"https://example.org/n123ab"}]}}`
	sum := sha256.Sum256([]byte(lists))
	ctx := t.Context()
	require.NoError(t, r.Do(ctx, r.B().Set().Key("config:watchlists").Value(lists).Build()).Error())
	require.NoError(t, r.Do(ctx, r.B().Set().Key("config:watchlists:version").Value(hex.EncodeToString(sum[:])).Build()).Error())

	b := newBrowser(t, f.srv.URL)
	tab := b.tab()
	b.run(tab, chromedp.EmulateViewport(1366, 768))
	for _, page := range []string{"rules", "watchlists?open=pa"} {
		name := page
		if page != "rules" {
			name = "watchlists"
		}
		b.run(tab, chromedp.Navigate(f.srv.URL+"/#"+page), chromedp.WaitVisible(`body[data-ready="`+name+`"]`, chromedp.ByQuery))
		if name == "watchlists" {
			b.waitText(tab, "#wl-total", "of 4")
		}
		var bad []string
		b.run(tab, chromedp.Evaluate(brokenWords, &bad))
		require.Empty(t, bad, "words broken inside on the %s page at 1366 px", name)
	}
	var hrefs []string
	b.run(tab, chromedp.Evaluate(`[...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'))`, &hrefs))
	require.Contains(t, hrefs, "https://example.org/n123ab", "an https link is a link")
	for _, h := range hrefs {
		require.NotRegexp(t, `(?i)^\s*(javascript|data):`, h, "no javascript: or data: href in the page")
	}
	require.Empty(t, b.problems(), "no console errors, no script ran")
}
