// Package registerstest writes registers' files in their upstream layout for tests and
// benchmarks elsewhere (a browser test's database, a 300,000-row MASTER.txt).
package registerstest

import (
	"fmt"
	"strings"
)

// MasterHeader is MASTER.txt's header row as the FAA publishes it (2017+ layout, 34 columns,
// a trailing comma).
const MasterHeader = "N-NUMBER,SERIAL NUMBER,MFR MDL CODE,ENG MFR MDL,YEAR MFR,TYPE REGISTRANT,NAME,STREET,STREET2,CITY,STATE," +
	"ZIP CODE,REGION,COUNTY,COUNTRY,LAST ACTION DATE,CERT ISSUE DATE,CERTIFICATION,TYPE AIRCRAFT,TYPE ENGINE,STATUS CODE," +
	"MODE S CODE,FRACT OWNER,AIR WORTH DATE,OTHER NAMES(1),OTHER NAMES(2),OTHER NAMES(3),OTHER NAMES(4),OTHER NAMES(5)," +
	"EXPIRATION DATE,UNIQUE ID,KIT MFR, KIT MODEL,MODE S CODE HEX,"

// Owner is one MASTER.txt row's owner and aircraft.
type Owner struct {
	NNumber, Hex, Type, Name, Street, City, State, Zip, Country string
}

// widths pad the columns as the FAA does (values left-aligned, spaces after).
var widths = map[int]int{0: 5, 1: 30, 6: 50, 7: 33, 8: 33, 9: 18, 11: 10, 24: 50, 25: 50, 26: 50, 27: 50, 28: 50, 33: 10}

// MasterRow is one data row of MASTER.txt, padded, CRLF-terminated.
func MasterRow(o Owner) string {
	cells := make([]string, 34)
	for i, v := range map[int]string{0: o.NNumber, 1: "SN" + o.NNumber, 2: "2072738", 3: "17003", 4: "2004", 5: o.Type, 6: o.Name,
		7: o.Street, 9: o.City, 10: o.State, 11: o.Zip, 12: "2", 13: "107", 14: o.Country, 15: "20231007", 16: "20140221",
		17: "1T", 18: "4", 19: "1", 20: "V", 21: "51744640", 29: "20300228", 30: "01056559", 33: o.Hex} {
		cells[i] = v
	}
	for i, w := range widths {
		cells[i] = fmt.Sprintf("%-*s", w, cells[i])
	}
	return strings.Join(cells, ",") + ",\r\n"
}
