package testenv

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Every process a test starts ends with the test, its children included: buildah run starts
// the container's command in a child of its own (buildah-chroot-exec), which outlives a
// buildah that was only killed. Cleanup kills the whole tree, found in /proc while the
// parents are still alive.

// children maps each process to the processes whose parent it is, read from /proc.
func children() map[int][]int {
	out := map[int][]int{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid …: comm may hold spaces and parentheses.
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil {
			out[ppid] = append(out[ppid], pid)
		}
	}
	return out
}

// Descendants lists every process below the given ones.
func Descendants(pids ...int) []int {
	kids := children()
	var out []int
	queue := append([]int(nil), pids...)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range kids[p] {
			out = append(out, c)
			queue = append(queue, c)
		}
	}
	return out
}

// KillTree kills pid and every process below it, looking again until none is left (a dying
// process may still start one).
func KillTree(pid int) {
	known := map[int]bool{pid: true}
	for range 50 {
		tree := []int{}
		for p := range known {
			tree = append(tree, p)
		}
		for _, p := range Descendants(tree...) {
			known[p] = true
		}
		alive := 0
		for p := range known {
			if running(p) {
				_ = syscall.Kill(p, syscall.SIGKILL)
				alive++
			}
		}
		if alive == 0 {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// running reports whether p runs (a zombie does not: it only waits to be reaped).
func running(p int) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p), "stat"))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && len(s) > i+2 && s[i+2] != 'Z'
}
