package aircraftdb

import (
	"sync"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms the project runs on.
const hugePage = 2 << 20

// mapAnon maps n bytes (rounded up to whole pages of size round) of anonymous memory outside
// the Go heap, asking the kernel to back it with transparent huge pages (MADV_HUGEPAGE): on a
// virtual machine every first touch of a 4 KB page is a costly trap (about 100 ms for the 21 MB
// database on the project's own machines), and a lookup's random reads miss the TLB far less.
// nil when the mapping fails.
func mapAnon(n, round int) []byte {
	size := (n + round - 1) &^ (round - 1)
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil
	}
	_ = syscall.Madvise(b, madvHugePage) // a hint: without it, ordinary pages
	return b
}

// permanent returns n bytes that are never freed, outside the Go heap (the Go heap where the
// mapping fails).
func permanent(n int) []byte {
	if b := mapAnon(n, hugePage); b != nil {
		return b[:0:n]
	}
	return make([]byte, 0, n)
}

// madvHugePage is MADV_HUGEPAGE (linux/mman.h), which package syscall does not name.
const madvHugePage = 14

// region is a database's bytes outside the Go heap: a collector that sizes the heap at twice
// what is live would otherwise hold the database twice (docs/decisions.md). Released, its
// pages go back to the system but its addresses stay mapped (a string read after its
// database was released reads zeros, never faults), and a later database may reuse them.
type region struct {
	b    []byte
	heap bool // the mapping failed: the Go heap's bytes, the collector's
}

// retired are released regions, their addresses kept for reuse.
var retired struct {
	sync.Mutex
	regions [][]byte
}

// newRegion is n bytes: a retired region large enough, else a new mapping.
func newRegion(n int) *region {
	retired.Lock()
	best := -1
	for i, b := range retired.regions {
		if len(b) >= n && (best < 0 || len(b) < len(retired.regions[best])) {
			best = i
		}
	}
	if best >= 0 {
		b := retired.regions[best]
		retired.regions = append(retired.regions[:best], retired.regions[best+1:]...)
		retired.Unlock()
		return &region{b: b}
	}
	retired.Unlock()
	if b := mapAnon(n, pageSize); b != nil { // whole huge pages where they fit, small ones at the ends
		return &region{b: b}
	}
	return &region{b: make([]byte, n), heap: true}
}

// holds reports whether b lies in the region, outside the Go heap (pages there may be given
// back: never the heap's).
func (r *region) holds(b []byte) bool {
	if r.heap || len(b) == 0 || len(r.b) == 0 {
		return false
	}
	start, end := uintptr(unsafe.Pointer(&r.b[0])), uintptr(unsafe.Pointer(&r.b[0]))+uintptr(len(r.b))
	p := uintptr(unsafe.Pointer(&b[0]))
	return p >= start && p+uintptr(len(b)) <= end
}

// release gives the region's pages back and keeps its addresses for reuse.
func (r *region) release() {
	if r.heap || r.b == nil {
		return
	}
	_ = syscall.Madvise(r.b, syscall.MADV_DONTNEED)
	retired.Lock()
	retired.regions = append(retired.regions, r.b)
	retired.Unlock()
	r.b = nil
}

// Release gives back the memory of bytes that are no longer read and can be read again from
// their file (the packed database built into the binary, once unpacked): its whole pages
// leave the process's resident set.
func Release(b []byte) {
	if len(b) < 2*pageSize {
		return
	}
	start := (uintptr(unsafe.Pointer(&b[0])) + pageSize - 1) &^ (pageSize - 1)
	end := (uintptr(unsafe.Pointer(&b[0])) + uintptr(len(b))) &^ (pageSize - 1)
	if end <= start {
		return
	}
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, start, end-start, syscall.MADV_DONTNEED)
}

const pageSize = 4096
