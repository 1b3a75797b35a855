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
	r := &reporter{out: out, outputs: map[string]*strings.Builder{}, started: map[string]bool{}, ended: map[string]bool{}}
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintln(out, string(line)) // not an event: a build error, say
			continue
		}
		r.take(e)
	}
	return r.summary(slowest)
}

// reporter is one report while the events come in.
type reporter struct {
	out             io.Writer
	outputs         map[string]*strings.Builder // package + test → its output, until it ends
	tests, packages []result
	failed          int
	started, ended  map[string]bool
}

// take is one event of go test -json.
func (r *reporter) take(e event) {
	key := e.Package + " " + e.Test
	switch e.Action {
	case "start":
		r.started[e.Package] = true
	case "output", "build-output":
		b := r.outputs[key]
		if b == nil {
			b = &strings.Builder{}
			r.outputs[key] = b
		}
		b.WriteString(e.Output)
	case "pass", "fail", "skip":
		if e.Test == "" {
			r.packageEnded(e, key)
		} else {
			r.testEnded(e, key)
		}
		delete(r.outputs, key)
	}
}

// packageEnded prints a package's line, and its output when it failed.
func (r *reporter) packageEnded(e event, key string) {
	r.ended[e.Package] = true
	status := "ok  "
	if e.Action == "fail" {
		status = "FAIL"
		r.failed++
		if b := r.outputs[key]; b != nil {
			fmt.Fprint(r.out, b.String())
		}
	}
	r.packages = append(r.packages, result{short(e.Package), e.Elapsed})
	fmt.Fprintf(r.out, "%s %-40s %7.1fs\n", status, short(e.Package), e.Elapsed)
}

// testEnded prints a failed test with its output, a skipped one with why, and times it.
func (r *reporter) testEnded(e event, key string) {
	if e.Action == "fail" { // every failed test, subtests too: theirs is the output that says why
		if !strings.Contains(e.Test, "/") {
			r.failed++
		}
		fmt.Fprintf(r.out, "--- FAIL: %s (%s)\n", e.Test, short(e.Package))
		if b := r.outputs[key]; b != nil {
			fmt.Fprint(r.out, b.String())
		}
	}
	if e.Action == "skip" && !strings.Contains(e.Test, "/") { // a test says why it skips
		why := ""
		if b := r.outputs[key]; b != nil {
			why = lastLine(b.String())
		}
		fmt.Fprintf(r.out, "skip %s (%s): %s\n", e.Test, short(e.Package), why)
	}
	if !strings.Contains(e.Test, "/") {
		r.tests = append(r.tests, result{e.Test + " (" + short(e.Package) + ")", e.Elapsed})
	}
}

// summary names the packages that never ended, the slowest tests and packages; 1 when
// anything failed.
func (r *reporter) summary(slowest int) int {
	for pkg := range r.started {
		if !r.ended[pkg] {
			fmt.Fprintf(r.out, "FAIL %s: no result (killed, or it timed out)\n", short(pkg))
			r.failed++
		}
	}
	sort.Slice(r.tests, func(i, j int) bool { return r.tests[i].elapsed > r.tests[j].elapsed })
	fmt.Fprintf(r.out, "\nThe %d slowest tests:\n", slowest)
	for _, t := range r.tests[:min(slowest, len(r.tests))] {
		fmt.Fprintf(r.out, "  %6.1fs  %s\n", t.elapsed, t.name)
	}
	sort.Slice(r.packages, func(i, j int) bool { return r.packages[i].elapsed > r.packages[j].elapsed })
	fmt.Fprintf(r.out, "Packages by time:")
	for _, p := range r.packages[:min(6, len(r.packages))] {
		fmt.Fprintf(r.out, " %s %.0fs;", p.name, p.elapsed)
	}
	fmt.Fprintln(r.out)
	if r.failed > 0 {
		fmt.Fprintf(r.out, "%d failed\n", r.failed)
		return 1
	}
	return 0
}

// short is a package's path under the module.
func short(pkg string) string {
	if i := strings.Index(pkg, "/tracker-core-health/"); i >= 0 {
		return pkg[i+len("/tracker-core-health/"):]
	}
	return pkg
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
