package model

import "sync/atomic"

// DeviceDirectory shares the registered device blocks: the registration stage swaps in a new
// immutable snapshot, the stages that build entities on other components' devices read it.
type DeviceDirectory struct {
	p atomic.Pointer[Devices]
}

// Load returns the current snapshot (never nil).
func (d *DeviceDirectory) Load() Devices {
	if d == nil {
		return nil
	}
	if m := d.p.Load(); m != nil {
		return *m
	}
	return nil
}

// Store swaps in a new snapshot; the caller must not modify m afterwards.
func (d *DeviceDirectory) Store(m Devices) { d.p.Store(&m) }
