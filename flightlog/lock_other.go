//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package flightlog

import "os"

// tryLock: no flock here; one writer is the user's to keep.
func tryLock(*os.File) (bool, error) { return false, nil }

// idOf: no inode to name here.
func idOf(*os.File) string { return "" }
