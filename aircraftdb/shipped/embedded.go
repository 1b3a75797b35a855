//go:build !nodbembed

package shipped

import (
	_ "embed"
	"runtime/debug"

	"github.com/tracker-adsb/tracker-core-health/aircraftdb"
)

//go:embed aircraft.db.zst
var data []byte

// where the shipped database comes from in this build.
const where = "built into the binary"

// packed is the shipped database's bytes: the binary's own.
func packed() ([]byte, error) { return data, nil }

// released is called once the database is unpacked: the packed bytes, mapped from the
// binary's file, leave the resident set (8.6 MB), and so does what the decoders used.
func released(b []byte) {
	aircraftdb.Release(b)
	debug.FreeOSMemory()
}
