package model

import (
	"errors"
	"fmt"
)

// ErrTooLarge is wrapped by every "over the size limit" error of an input we read: API
// bodies, management API answers, readsb documents, registry tag lists, registrations,
// traffic lines.
var ErrTooLarge = errors.New("over the size limit")

// LimitText names a size limit the way the errors and docs/limits.md do: "64 MiB (67108864
// bytes)", "64 KiB (65536 bytes)".
func LimitText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB (%d bytes)", n>>20, n)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB (%d bytes)", n>>10, n)
	}
	return fmt.Sprintf("%d bytes", n)
}

// TooLarge is the error of an input over its limit: what it was and the limit, wrapping
// ErrTooLarge.
func TooLarge(what string, limit int64) error {
	return fmt.Errorf("%s is larger than the limit of %s: %w", what, LimitText(limit), ErrTooLarge)
}
