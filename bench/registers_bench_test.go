package bench

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tracker-adsb/tracker-core-health/registers"
)

// faaMaster writes a MASTER.txt of n rows in the FAA's padded layout (34 columns, the values
// padded to the FAA's widths) and returns its path.
func faaMaster(b *testing.B, n int) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "MASTER.txt")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	header := []string{"N-NUMBER", "SERIAL NUMBER", "MFR MDL CODE", "ENG MFR MDL", "YEAR MFR", "TYPE REGISTRANT", "NAME", "STREET",
		"STREET2", "CITY", "STATE", "ZIP CODE", "REGION", "COUNTY", "COUNTRY", "LAST ACTION DATE", "CERT ISSUE DATE", "CERTIFICATION",
		"TYPE AIRCRAFT", "TYPE ENGINE", "STATUS CODE", "MODE S CODE", "FRACT OWNER", "AIR WORTH DATE", "OTHER NAMES(1)",
		"OTHER NAMES(2)", "OTHER NAMES(3)", "OTHER NAMES(4)", "OTHER NAMES(5)", "EXPIRATION DATE", "UNIQUE ID", "KIT MFR",
		" KIT MODEL", "MODE S CODE HEX"}
	widths := []int{5, 30, 7, 5, 4, 1, 50, 33, 33, 18, 2, 10, 1, 3, 2, 8, 8, 10, 1, 2, 2, 8, 1, 8, 50, 50, 50, 50, 50, 8, 8, 30, 20, 10}
	fmt.Fprintf(w, "\ufeff%s,\r\n", strings.Join(header, ","))
	vals := make([]string, len(widths))
	for i := range n {
		vals[0], vals[5], vals[6] = fmt.Sprint(i), fmt.Sprint(1+i%9), fmt.Sprintf("OWNER NUMBER %d LLC", i)
		vals[7], vals[9], vals[10], vals[11], vals[14] = "1 MAIN ST", "WICHITA", "KS", "67201", "US"
		vals[33] = fmt.Sprintf("%06X", 0xA00000+i)
		for j, v := range vals {
			fmt.Fprintf(w, "%-*s,", widths[j], v)
		}
		_, _ = w.WriteString("\r\n")
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkFAARead streams a 20,000-row MASTER.txt (≈ 15 MB; the real one has ≈ 300,000
// rows): rows per second, and allocations per row (the file is never held whole).
func BenchmarkFAARead(b *testing.B) {
	const rows = 20000
	path := faaMaster(b, rows)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	for b.Loop() {
		c, err := registers.FAA{}.Read(path, func(registers.Entry) {})
		if err != nil || c.Kept != rows {
			b.Fatalf("kept %d of %d: %v", c.Kept, rows, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/row")
}
