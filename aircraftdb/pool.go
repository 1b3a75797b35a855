package aircraftdb

import (
	"fmt"
	"hash/maphash"
)

// pool is the string section: each distinct string once, in first-use order. Its index is an
// open-addressed table of references (4 bytes a slot, at most 70 % full), not a Go map of the
// strings: ≈ 650,000 of them cost 4 MB, not 25 (docs/decisions.md).
type pool struct {
	buf   []byte
	slots []uint32 // a reference, or 0 (a slot never used: "" is never put in)
	n     int
	seed  maphash.Seed
}

func newPool() *pool { return &pool{slots: make([]uint32, 1<<16), seed: maphash.MakeSeed()} }

// ref is s's reference (0 for ""), s cut to 255 bytes on a rune boundary.
func (p *pool) ref(s string) (uint32, error) {
	if s == "" {
		return 0, nil
	}
	s = clip(s)
	mask := len(p.slots) - 1
	i := int(maphash.String(p.seed, s)) & mask
	for ; p.slots[i] != 0; i = (i + 1) & mask {
		r := p.slots[i]
		if off := int(r & 0xFFFFFF); int(r>>24) == len(s) && string(p.buf[off:off+len(s)]) == s { // no allocation
			return r, nil
		}
	}
	if len(p.buf)+len(s) > 1<<24 {
		return 0, fmt.Errorf("the string pool is over 16 MiB")
	}
	r := uint32(len(s))<<24 | uint32(len(p.buf)) //nolint:gosec // bounded above
	p.buf = append(p.buf, s...)
	p.slots[i] = r
	if p.n++; p.n*10 > len(p.slots)*7 {
		p.grow()
	}
	return r, nil
}

// grow doubles the table.
func (p *pool) grow() {
	old := p.slots
	p.slots = make([]uint32, 2*len(old))
	mask := len(p.slots) - 1
	for _, r := range old {
		if r == 0 {
			continue
		}
		off := int(r & 0xFFFFFF)
		i := int(maphash.Bytes(p.seed, p.buf[off:off+int(r>>24)])) & mask
		for p.slots[i] != 0 {
			i = (i + 1) & mask
		}
		p.slots[i] = r
	}
}
