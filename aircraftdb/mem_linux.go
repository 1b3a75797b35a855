package aircraftdb

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms the project runs on.
const hugePage = 2 << 20

// permanent returns n bytes that are never freed, outside the Go heap: an anonymous mapping
// the kernel may back with transparent huge pages (MADV_HUGEPAGE). On a virtual machine every
// first touch of a 4 KB page is a costly trap (about 100 ms for the 21 MB database on the
// project's own machines); a dozen huge pages cost next to nothing. Where the mapping fails,
// the Go heap.
func permanent(n int) []byte {
	size := (n + hugePage - 1) &^ (hugePage - 1)
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, 0, n)
	}
	_ = syscall.Madvise(b, madvHugePage) // a hint: without it, ordinary pages
	return b[:0:n]
}

// madvHugePage is MADV_HUGEPAGE (linux/mman.h), which package syscall does not name.
const madvHugePage = 14

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
