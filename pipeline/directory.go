package pipeline

import (
	"sync/atomic"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// DeviceDirectory shares the registered device blocks: the registration stage swaps in a new
// immutable snapshot, the stages that build entities on other components' devices read it.
// It lives in the pipeline, not in model/, which stays plain data.
type DeviceDirectory struct {
	p atomic.Pointer[model.Devices]
}

// Load returns the current snapshot (never nil).
func (d *DeviceDirectory) Load() model.Devices {
	if d == nil {
		return nil
	}
	if m := d.p.Load(); m != nil {
		return *m
	}
	return nil
}

// Store swaps in a new snapshot; the caller must not modify m afterwards.
func (d *DeviceDirectory) Store(m model.Devices) { d.p.Store(&m) }
