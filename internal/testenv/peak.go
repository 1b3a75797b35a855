package testenv

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// RunPeak runs cmd (not started) to its end and returns its peak resident memory
// in MB and its error, read from its own /proc/PID/status (VmHWM) every 10 ms while it runs. getrusage's
// ru_maxrss cannot say it: Linux carries the parent's high-water mark into a child at exec, so
// a large test process would be counted as the child's peak.
func RunPeak(cmd *exec.Cmd) (float64, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	peak := 0.0
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if kb := vmHWM(cmd.Process.Pid); kb > peak {
			peak = kb
		}
		select {
		case err := <-done:
			return peak / 1024, err
		case <-tick.C:
		}
	}
}

// vmHWM is a process's VmHWM in kB (0: unknown, or gone).
func vmHWM(pid int) float64 {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb
		}
	}
	return 0
}
