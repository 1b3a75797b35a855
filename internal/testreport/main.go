// Command testreport reads `go test -json` on stdin and reports it as make test does: one line
// per package as it ends, the whole output of every failed test, and at the end the ten
// slowest tests and the packages by time (where a contributor's wait goes). It exits 1 when
// a test or a package failed, or when a package's output has no result (a build failure).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

type event struct {
	Time    time.Time
	Action  string
	Package string
	Test    string
	Elapsed float64
	Output  string
}

type result struct {
	name    string
	elapsed float64
}

func main() {
	os.Exit(report(os.Stdin, os.Stdout, 10))
}

func report(in io.Reader, out io.Writer, slowest int) int {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	outputs := map[string]*strings.Builder{} // package + test → its output, until it ends
	var tests, packages []result
	failed := 0
	started := map[string]bool{}
	ended := map[string]bool{}
	short := func(pkg string) string {
		if i := strings.Index(pkg, "/tracker-core-health/"); i >= 0 {
			return pkg[i+len("/tracker-core-health/"):]
		}
		return pkg
	}
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintln(out, string(line)) // not an event: a build error, say
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "start":
			started[e.Package] = true
		case "output", "build-output":
			b := outputs[key]
			if b == nil {
				b = &strings.Builder{}
				outputs[key] = b
			}
			b.WriteString(e.Output)
		case "pass", "fail", "skip":
			if e.Test == "" {
				ended[e.Package] = true
				status := "ok  "
				if e.Action == "fail" {
					status = "FAIL"
					failed++
					if b := outputs[key]; b != nil {
						fmt.Fprint(out, b.String())
					}
				}
				packages = append(packages, result{short(e.Package), e.Elapsed})
				fmt.Fprintf(out, "%s %-40s %7.1fs\n", status, short(e.Package), e.Elapsed)
			} else {
				if e.Action == "fail" { // every failed test, subtests too: theirs is the output that says why
					if !strings.Contains(e.Test, "/") {
						failed++
					}
					fmt.Fprintf(out, "--- FAIL: %s (%s)\n", e.Test, short(e.Package))
					if b := outputs[key]; b != nil {
						fmt.Fprint(out, b.String())
					}
				}
				if e.Action == "skip" && !strings.Contains(e.Test, "/") { // a test says why it skips
					why := ""
					if b := outputs[key]; b != nil {
						why = lastLine(b.String())
					}
					fmt.Fprintf(out, "skip %s (%s): %s\n", e.Test, short(e.Package), why)
				}
				if !strings.Contains(e.Test, "/") {
					tests = append(tests, result{e.Test + " (" + short(e.Package) + ")", e.Elapsed})
				}
			}
			delete(outputs, key)
		}
	}
	for pkg := range started {
		if !ended[pkg] {
			fmt.Fprintf(out, "FAIL %s: no result (killed, or it timed out)\n", short(pkg))
			failed++
		}
	}
	sort.Slice(tests, func(i, j int) bool { return tests[i].elapsed > tests[j].elapsed })
	fmt.Fprintf(out, "\nThe %d slowest tests:\n", slowest)
	for _, r := range tests[:min(slowest, len(tests))] {
		fmt.Fprintf(out, "  %6.1fs  %s\n", r.elapsed, r.name)
	}
	sort.Slice(packages, func(i, j int) bool { return packages[i].elapsed > packages[j].elapsed })
	fmt.Fprintf(out, "Packages by time:")
	for _, r := range packages[:min(6, len(packages))] {
		fmt.Fprintf(out, " %s %.0fs;", r.name, r.elapsed)
	}
	fmt.Fprintln(out)
	if failed > 0 {
		fmt.Fprintf(out, "%d failed\n", failed)
		return 1
	}
	return 0
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "--- SKIP") {
			return l
		}
	}
	return ""
}
