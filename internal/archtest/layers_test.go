// Package archtest holds the tests of the architecture's invariants that no one package can
// check on its own (ARCHITECTURE.md, "Invariants a change must keep").
package archtest

import (
	"encoding/json"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const module = "github.com/tracker-adsb/tracker-core-health"

// floors is the house, bottom up (ARCHITECTURE.md, "Imports say the architecture"): a package
// may import, directly or through others, only what stands on a lower floor, or a package of
// its own row (stages/all → stages/broker, aircraftdb/update → aircraftdb). Two rows on one
// floor never import each other (the API and the sinks). A package whose folder has no row
// fails the test: a new folder is given its floor here.
var floors = []struct {
	prefix string // a folder, and the folders under it
	floor  int
}{
	{"model", 0},        // frames and entities, no I/O
	{"internal", 1},     // leaves: jsonscan, fetch, atomicfile, version, testenv, …
	{"config", 2},       // the environment
	{"pipeline", 2},     // the machinery: channels, groups, polls
	{"catalog", 2},      // the statistics
	{"delivery", 2},     // pure: the decision
	{"watchlist", 2},    // pure: the lists
	{"registers", 2},    // pure: the registers' readers
	{"privacy", 2},      // the owners' opt-out
	{"flightlog", 2},    // the flight log's store
	{"mqttclient", 3},   // the MQTT client's settings
	{"rules", 3},        // the rule engine, a library
	{"aircraftdb", 3},   // the aircraft database
	{"enrich", 4},       // what the database adds to a flight
	{"trafficline", 4},  // replay's input
	{"stages", 5},       // sources and stages
	{"sinks", 6},        // sinks (a stage never imports one)
	{"api", 6},          // the management API (nor does the API)
	{"monitor", 7},      // the programs, as libraries
	{"watch", 7},        //
	{"addon", 7},        //
	{"cmd/internal", 8}, // the commands: flags, variables, exit codes
	{"cmd", 9},          // the mains
	{"bench", 10},       // tests only
	{"deploy", 10},      //
}

// row is the row of a package (by its path under the module; -1: none).
func row(pkg string) int {
	best, at := -1, -1
	for i, f := range floors {
		if (pkg == f.prefix || strings.HasPrefix(pkg, f.prefix+"/")) && len(f.prefix) > best {
			best, at = len(f.prefix), i
		}
	}
	return at
}

// only are the guarded packages, beside the floors: what of the project each may import,
// directly or not, and what outside the standard library it imports itself.
var only = map[string]struct{ ours, others []string }{
	"delivery":  {ours: []string{"model"}},                                                                  // pure
	"watchlist": {ours: []string{"model"}},                                                                  // pure
	"registers": {ours: []string{"model"}},                                                                  // a register is a reader of files
	"flightlog": {ours: []string{"model"}, others: []string{"github.com/rs/zerolog", "modernc.org/sqlite"}}, // never the rules: one row per flight, whoever ends it
}

type listed struct {
	ImportPath string
	Imports    []string
	Deps       []string
	Standard   bool
}

// packages is every package of the module with its imports, direct (non-test files) and
// transitive (go list -deps), by its path under the module.
func packages(t *testing.T) map[string]listed {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps,Standard", "./...")
	cmd.Dir = "../.."
	out, err := cmd.Output()
	require.NoError(t, err)
	dec := json.NewDecoder(strings.NewReader(string(out)))
	all := map[string]listed{}
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		all[strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")] = p
	}
	require.Contains(t, all, "delivery", "go list found the packages")
	return all
}

// ours is a dependency's path under the module ("", false: not the module's).
func ours(dep string) (string, bool) {
	if dep == module {
		return "", true
	}
	return strings.CutPrefix(dep, module+"/")
}

// chain is one import path from pkg to dep, for the message.
func chain(all map[string]listed, pkg, dep string) string {
	prev := map[string]string{pkg: ""}
	queue := []string{pkg}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == dep {
			var path []string
			for ; p != ""; p = prev[p] {
				path = append(path, p)
			}
			slices.Reverse(path)
			return strings.Join(path, " → ")
		}
		for _, imp := range all[p].Imports {
			if o, ok := ours(imp); ok {
				if _, seen := prev[o]; !seen {
					prev[o] = p
					queue = append(queue, o)
				}
			}
		}
	}
	return pkg + " → … → " + dep
}

// The imports say the architecture, transitively: every package stands on its floor and
// imports only from below (or its own row); the pure packages import only what they are
// allowed.
func TestImportsSayTheArchitecture(t *testing.T) {
	all := packages(t)
	for pkg, p := range all {
		r := row(pkg)
		if r < 0 {
			t.Errorf("%s has no floor: give its folder a row in archtest's floors", pkg)
			continue
		}
		for _, d := range p.Deps {
			dep, isOurs := ours(d)
			if !isOurs {
				continue
			}
			dr := row(dep)
			if dr >= 0 && floors[dr].prefix != floors[r].prefix && floors[dr].floor >= floors[r].floor {
				t.Errorf("%s (floor %d) imports %s (floor %d): %s", pkg, floors[r].floor, dep, floors[dr].floor, chain(all, pkg, dep))
			}
		}
		guardOf(t, all, pkg, p)
	}
	require.Contains(t, all["stages/keeper"].Deps, module+"/mqttclient", "the walk reads the imports")
}

// guardOf checks a guarded package's dependencies against its list.
func guardOf(t *testing.T, all map[string]listed, pkg string, p listed) {
	t.Helper()
	g, guarded := only[pkg]
	if !guarded {
		return
	}
	for _, d := range p.Deps {
		if dep, isOurs := ours(d); isOurs && !slices.Contains(g.ours, dep) {
			t.Errorf("%s imports %s: it imports only %v of the project (%s)", pkg, dep, g.ours, chain(all, pkg, dep))
		}
	}
	for _, d := range p.Imports {
		if _, isOurs := ours(d); isOurs || !strings.Contains(strings.Split(d, "/")[0], ".") || slices.Contains(g.others, d) {
			continue // the project's (above), the standard library's, or allowed
		}
		t.Errorf("%s imports %s: outside the standard library it imports only %v", pkg, d, g.others)
	}
}
