package flightlog

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// column is one field of the row (CONTRACT.md 13.1) as it is stored, written, read back and
// exported: columns is the one list that the schema, the insert, the scan and the CSV are made
// from, so that a new field is one entry (a later version's columns are added to older files
// by the migration that version's number names).
type column struct {
	name    string // the SQL column ("": exported only, made from the other fields)
	decl    string // its SQL type and constraints
	version int    // the schema version that added it: a released column never changes
	csv     string // its CSV header ("": not exported)
	// put is the stored value (int64, string or nil for NULL); get takes the stored value
	// read back (int64, float64, string or nil); cell is the CSV text, in zone.
	put  func(r *Row) any
	get  func(r *Row, v any)
	cell func(r *Row, zone *time.Location) string
	// path marks the track: read only by the track and export routes, never by a list.
	path bool
}

// columns in CSV order; the SQL-only ones (icao, emergency, registrant_source) where they fit.
var columns = []column{
	{name: "id", decl: "INTEGER PRIMARY KEY AUTOINCREMENT", version: 1, csv: "id",
		get: func(r *Row, v any) { r.ID, _ = v.(int64) }, cell: func(r *Row, _ *time.Location) string { return strconv.FormatInt(r.ID, 10) }},
	{name: "first_seen", decl: "INTEGER NOT NULL", version: 1, csv: "first_seen", // Unix milliseconds
		put: func(r *Row) any { return r.FirstSeen.UnixMilli() }, get: func(r *Row, v any) { r.FirstSeen = millis(v) },
		cell: func(r *Row, _ *time.Location) string { return r.FirstSeen.Format(time.RFC3339) }},
	{name: "last_seen", decl: "INTEGER NOT NULL", version: 1, csv: "last_seen",
		put: func(r *Row) any { return r.LastSeen.UnixMilli() }, get: func(r *Row, v any) { r.LastSeen = millis(v) },
		cell: func(r *Row, _ *time.Location) string { return r.LastSeen.Format(time.RFC3339) }},
	{name: "icao", decl: "INTEGER NOT NULL", version: 1, // the address as a number (the hex is its upper-case form)
		put: func(r *Row) any {
			a, _ := model.ParseAddress(strings.TrimPrefix(r.IcaoHex, model.NonICAOPrefix))
			return int64(a)
		}, get: func(*Row, any) {}},
	{name: "icao_hex", decl: "TEXT NOT NULL", version: 1, csv: "icao_hex",
		put: func(r *Row) any { return r.IcaoHex }, get: func(r *Row, v any) { r.IcaoHex = str(v) }, cell: text(func(r *Row) string { return r.IcaoHex })},
	stringColumn("ident", 1, "ident", func(r *Row) *string { return &r.Ident }),
	stringColumn("registration", 1, "registration", func(r *Row) *string { return &r.Registration }),
	stringColumn("type_designator", 1, "type_designator", func(r *Row) *string { return &r.TypeDesignator }),
	stringColumn("manufacturer_model", 1, "manufacturer_model", func(r *Row) *string { return &r.ManufacturerModel }),
	{name: "military", decl: "INTEGER NOT NULL DEFAULT 0", version: 1, csv: "military",
		put: func(r *Row) any { return flag(r.Military) }, get: func(r *Row, v any) { n, _ := v.(int64); r.Military = n != 0 },
		cell: func(r *Row, _ *time.Location) string { return strconv.FormatBool(r.Military) }},
	{name: "emergency", decl: "INTEGER NOT NULL DEFAULT 0", version: 1, put: func(r *Row) any { return flag(r.Emergency()) }, get: func(*Row, any) {}},
	{name: "operator_code", decl: "TEXT", version: 1, csv: "operator",
		put: func(r *Row) any { return orNull(r.operator().AirlineDesignator) },
		get: func(r *Row, v any) {
			if s := str(v); s != "" {
				r.operatorFor().AirlineDesignator = s
			}
		}, cell: text(func(r *Row) string { return r.operator().AirlineDesignator })},
	{name: "operator_name", decl: "TEXT", version: 1, csv: "operator_name",
		put: func(r *Row) any { return orNull(r.operator().Name) },
		get: func(r *Row, v any) {
			if s := str(v); s != "" {
				r.operatorFor().Name = s
			}
		}, cell: text(func(r *Row) string { return r.operator().Name })},
	stringColumn("origin", 1, "origin", func(r *Row) *string { return &r.Origin }),
	stringColumn("destination", 1, "destination", func(r *Row) *string { return &r.Destination }),
	// The registrant as the writer's REGISTRANT_DETAIL kept it (a withheld name is NULL), its
	// type and its register: every reader applies its own setting again (Privacy).
	stringColumn("registrant", 1, "registrant", func(r *Row) *string { return &r.Registrant }),
	stringColumn("registrant_type", 2, "registrant_type", func(r *Row) *string { return &r.RegistrantType }),
	stringColumn("registrant_source", 2, "", func(r *Row) *string { return &r.RegistrantSource }),
	{name: "watch_list", decl: "TEXT", version: 1, csv: "watchlist",
		put: func(r *Row) any { return orNull(r.watch().List) },
		get: func(r *Row, v any) {
			if v != nil {
				r.watchFor().List = str(v)
			}
		}, cell: text(func(r *Row) string { return r.watch().List })},
	{name: "watch_group", decl: "TEXT", version: 1, csv: "watchlist_group",
		put: func(r *Row) any { return orNull(r.watch().Group) },
		get: func(r *Row, v any) {
			if v != nil {
				r.watchFor().Group = str(v)
			}
		}, cell: text(func(r *Row) string { return r.watch().Group })},
	{name: "watch_category", decl: "TEXT", version: 1, csv: "watchlist_category",
		put: func(r *Row) any { return orNull(r.watch().Category) },
		get: func(r *Row, v any) {
			if v != nil {
				r.watchFor().Category = str(v)
			}
		}, cell: text(func(r *Row) string { return r.watch().Category })},
	listColumn("squawks", 1, "squawks", func(r *Row) *[]string { return &r.Squawks }),
	intColumn("messages", "INTEGER NOT NULL", "messages", func(r *Row) *int { return &r.Messages }),
	intColumn("positions", "INTEGER NOT NULL", "positions", func(r *Row) *int { return &r.Positions }),
	optIntColumn("min_altitude", "min_altitude", func(r *Row) **int { return &r.MinAltitude }),
	optIntColumn("max_altitude", "max_altitude", func(r *Row) **int { return &r.MaxAltitude }),
	optIntColumn("max_speed", "max_speed", func(r *Row) **int { return &r.MaxSpeed }),
	{name: "closest_dnm", decl: "INTEGER", version: 1, csv: "closest_nm", // tenths of a nautical mile
		put: func(r *Row) any {
			if r.ClosestNM == nil {
				return nil
			}
			return tenths(*r.ClosestNM)
		},
		get: func(r *Row, v any) {
			if n, ok := v.(int64); ok {
				nm := float64(n) / 10
				r.ClosestNM = &nm
			}
		},
		cell: func(r *Row, _ *time.Location) string {
			if r.ClosestNM == nil {
				return ""
			}
			return strconv.FormatFloat(*r.ClosestNM, 'f', 1, 64)
		}},
	{name: "closest_at", decl: "INTEGER", version: 1, csv: "closest_at",
		put: func(r *Row) any {
			if r.ClosestAt == nil {
				return nil
			}
			return r.ClosestAt.UnixMilli()
		},
		get: func(r *Row, v any) {
			if v != nil {
				at := millis(v)
				r.ClosestAt = &at
			}
		},
		cell: func(r *Row, _ *time.Location) string {
			if r.ClosestAt == nil {
				return ""
			}
			return r.ClosestAt.Format(time.RFC3339)
		}},
	optIntColumn("closest_altitude", "closest_altitude", func(r *Row) **int { return &r.ClosestAltitude }),
	{name: "matched_rules", decl: "TEXT", version: 1, csv: "matched_rules", // ",a,b,": a rule is found by its commas
		put: func(r *Row) any {
			if len(r.MatchedRules) == 0 {
				return nil
			}
			return "," + strings.Join(r.MatchedRules, ",") + ","
		},
		get:  func(r *Row, v any) { r.MatchedRules = split(strings.Trim(str(v), ",")) },
		cell: func(r *Row, _ *time.Location) string { return strings.Join(r.MatchedRules, " ") }},
	listColumn("receiver_sources", 1, "receiver_sources", func(r *Row) *[]string { return &r.ReceiverSources }),
	// The closest point's position (issue 54, CONTRACT.md 13.4), in 1e-5 degrees.
	degreeColumn("closest_lat", func(r *Row) **float64 { return &r.ClosestLat }),
	degreeColumn("closest_lon", func(r *Row) **float64 { return &r.ClosestLon }),
	// The path, compact (track.go): NULL without a position, and once FLIGHT_LOG_TRACK_DAYS passed.
	{name: "track", decl: "BLOB", version: 3, path: true,
		put: func(r *Row) any {
			if len(r.Track) == 0 {
				return nil
			}
			return encodeTrack(r.Track)
		},
		get: func(r *Row, v any) {
			if b, ok := v.([]byte); ok {
				r.Track, _ = decodeTrack(b)
			}
		}},
	// The local day and hour the flight belongs to (its first_seen in NOTIFY_TIMEZONE): the
	// keys of the statistics, for a spreadsheet's pivot.
	{csv: "day", cell: func(r *Row, zone *time.Location) string { return r.FirstSeen.In(zone).Format(time.DateOnly) }},
	{csv: "hour", cell: func(r *Row, zone *time.Location) string { return HourKey(HourStart(r.FirstSeen, zone)) }},
}

func stringColumn(name string, version int, csv string, field func(*Row) *string) column {
	return column{name: name, decl: "TEXT", version: version, csv: csv,
		put: func(r *Row) any { return orNull(*field(r)) }, get: func(r *Row, v any) { *field(r) = str(v) },
		cell: text(func(r *Row) string { return *field(r) })}
}

// listColumn is a comma-separated list (squawks, receiver sources: no commas inside), a
// space-separated cell.
func listColumn(name string, version int, csv string, field func(*Row) *[]string) column {
	return column{name: name, decl: "TEXT", version: version, csv: csv,
		put: func(r *Row) any {
			if s := *field(r); len(s) > 0 {
				return strings.Join(s, ",")
			}
			return nil
		},
		get:  func(r *Row, v any) { *field(r) = split(str(v)) },
		cell: func(r *Row, _ *time.Location) string { return strings.Join(*field(r), " ") }}
}

func intColumn(name, decl, csv string, field func(*Row) *int) column {
	return column{name: name, decl: decl, version: 1, csv: csv,
		put: func(r *Row) any { return int64(*field(r)) }, get: func(r *Row, v any) { n, _ := v.(int64); *field(r) = int(n) },
		cell: func(r *Row, _ *time.Location) string { return strconv.Itoa(*field(r)) }}
}

func optIntColumn(name, csv string, field func(*Row) **int) column {
	return column{name: name, decl: "INTEGER", version: 1, csv: csv,
		put: func(r *Row) any {
			if p := *field(r); p != nil {
				return int64(*p)
			}
			return nil
		},
		get: func(r *Row, v any) {
			if n, ok := v.(int64); ok {
				i := int(n)
				*field(r) = &i
			}
		},
		cell: func(r *Row, _ *time.Location) string {
			if p := *field(r); p != nil {
				return strconv.Itoa(*p)
			}
			return ""
		}}
}

// degreeColumn is a latitude or longitude in 1e-5 degrees (about a metre), 5 decimals in the CSV.
func degreeColumn(name string, field func(*Row) **float64) column {
	return column{name: name, decl: "INTEGER", version: 3, csv: name,
		put: func(r *Row) any {
			if p := *field(r); p != nil {
				return int64(math.Round(*p * 1e5))
			}
			return nil
		},
		get: func(r *Row, v any) {
			if n, ok := v.(int64); ok {
				d := float64(n) / 1e5
				*field(r) = &d
			}
		},
		cell: func(r *Row, _ *time.Location) string {
			if p := *field(r); p != nil {
				return strconv.FormatFloat(*p, 'f', 5, 64)
			}
			return ""
		}}
}

func text(f func(*Row) string) func(*Row, *time.Location) string {
	return func(r *Row, _ *time.Location) string { return f(r) }
}

// stored are the columns of the table at version upTo in the order the file holds them: by
// the version that added them (a migration appends its columns), then as listed, so that a file
// made at a version and one migrated to it hold the same layout.
func stored(upTo int) []column {
	var out []column
	for v := 1; v <= upTo; v++ {
		for _, c := range columns {
			if c.name != "" && c.version == v {
				out = append(out, c)
			}
		}
	}
	return out
}

// names are the columns' SQL names, comma-separated.
func names(cs []column) string {
	n := make([]string, len(cs))
	for i, c := range cs {
		n[i] = c.name
	}
	return strings.Join(n, ", ")
}

// allColumns are every stored column (the salvage's insert with ids); readColumns those a
// list selects (all but the track); insertColumns those an insert binds (the id numbered by
// the file).
var (
	allColumns    = stored(Version())
	readColumns   = listed(allColumns)
	insertColumns = allColumns[1:]
	selectList    = names(readColumns)
)

func listed(cs []column) []column {
	var out []column
	for _, c := range cs {
		if !c.path {
			out = append(out, c)
		}
	}
	return out
}

// CSVHeader is the CSV export's header (the columns with a CSV name).
var CSVHeader = func() []string {
	var h []string
	for _, c := range columns {
		if c.csv != "" {
			h = append(h, c.csv)
		}
	}
	return h
}()

// millis is a stored Unix millisecond time.
func millis(v any) time.Time {
	n, _ := v.(int64)
	return time.UnixMilli(n).UTC()
}

// str is a stored text ("" for NULL).
func str(v any) string {
	switch s := v.(type) {
	case string:
		return s
	case []byte:
		return string(s)
	}
	return ""
}

// orNull is NULL for "": an absent field stays absent.
func orNull(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func flag(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// tenths is a distance in tenths of a nautical mile, as stored.
func tenths(nm float64) int64 { return int64(math.Round(nm * 10)) }

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
