package model

import (
	"encoding/json"
	"strings"
)

// Device is a discovery device block as compact JSON (an object). Registered blocks are
// kept verbatim.
type Device string

// NamedDevice is the minimal block sent for another component's device before its
// registration is seen: identifiers and name only (CONTRACT.md 4.2).
func NamedDevice(identifier, name string) Device {
	b, _ := json.Marshal(struct {
		Identifiers []string `json:"identifiers"`
		Name        string   `json:"name"`
	}{[]string{identifier}, name})
	return Device(b)
}

// CoreDeviceID is the identifier of the monitor's own device.
const CoreDeviceID = "Tracker_Core"

// CoreDevice is the monitor's own device block.
func CoreDevice(swVersion, configurationURL string) Device {
	b, _ := json.Marshal(struct {
		Identifiers      []string `json:"identifiers"`
		Name             string   `json:"name"`
		Model            string   `json:"model"`
		Manufacturer     string   `json:"manufacturer"`
		SWVersion        string   `json:"sw_version"`
		ConfigurationURL string   `json:"configuration_url,omitempty"`
	}{[]string{CoreDeviceID}, "Tracker Core", "Core Health", Manufacturer, swVersion, configurationURL})
	return Device(b)
}

// SWVersion is VERSION plus " (GIT_COMMIT)" when the commit is set and not "unknown".
func SWVersion(version, commit string) string {
	if version == "" {
		version = "dev"
	}
	if commit == "" || commit == "unknown" {
		return version
	}
	return version + " (" + commit + ")"
}

// InstalledVersion strips a trailing " (…)" from a sw_version ("2026.09.10 (abc1234)" →
// "2026.09.10").
func InstalledVersion(sw string) string {
	sw = strings.TrimSpace(sw)
	if strings.HasSuffix(sw, ")") {
		if i := strings.LastIndex(sw, " ("); i >= 0 {
			sw = sw[:i]
		}
	}
	return strings.TrimSpace(sw)
}

// Devices maps device identifiers to the device blocks of their components' retained
// registrations. It is an immutable snapshot: writers build a new map and swap it.
type Devices map[string]Device

// Lookup returns the registered block for identifier, else the named fallback.
func (d Devices) Lookup(identifier, fallbackName string) Device {
	if dev, ok := d[identifier]; ok {
		return dev
	}
	return NamedDevice(identifier, fallbackName)
}
