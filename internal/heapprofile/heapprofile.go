// Package heapprofile turns the runtime's heap profiling off unless PPROF_ADDR asks for the
// profiling endpoint. Go samples an allocation every 512 KiB by default and, at the first
// sample, allocates a bucket table that the samples then touch page by page: resident memory
// spent on profiles nobody can read (docs/decisions.md).
//
// It is its own package, imported for its side effect, so that its init runs before the
// heavier dependencies' (a package's init runs once its imports are initialised, in import
// path order), before most of the start-up allocations are sampled.
package heapprofile

import (
	"os"
	"runtime"
)

func init() {
	runtime.MemProfileRate = Rate(os.Getenv("PPROF_ADDR"), runtime.MemProfileRate)
}

// Rate is the heap profiling rate for a given PPROF_ADDR: the runtime's own (current) when the
// endpoint is served, otherwise 0 (off).
func Rate(pprofAddr string, current int) int {
	if pprofAddr == "" {
		return 0
	}
	return current
}
