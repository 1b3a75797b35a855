package flightlog

import (
	"fmt"
	"strings"
)

// The file's schema: made from columns, versioned (PRAGMA user_version), marked as a flight
// log (PRAGMA application_id) and migrated forward one transaction a version.
//
// Version 1 (issue 44): the rows. Version 2 (issue 50): registrant_type and registrant_source;
// ids that are never used again (AUTOINCREMENT: retention and replay used to reuse them); the
// daily summaries; the mark; freed pages returned to the file system (incremental vacuum).
// Version 3 (issue 54): the closest point's position and the track, with the partial index
// of the rows that still have a track (the export's and coverage's ranges, the track
// retention's batches), and the days' reach (coverage); the indexes of the closest and the
// lowest; the daily summaries' rankings and records (day_keys, summary.go).
// A later version adds its columns (ALTER TABLE … ADD COLUMN, made from the columns whose
// version it is) and whatever more its step says.

const schemaVersion = 3

// AppID marks a flight log ("FLOG"): a SQLite file with another mark, or none and tables that
// are not a flight log's, is another program's and is never touched.
const AppID = 0x464C4F47

// Version is the schema this program writes.
func Version() int { return schemaVersion }

// tableSQL creates the flights table of version upTo as name.
func tableSQL(name string, upTo int) string {
	cs := stored(upTo)
	defs := make([]string, len(cs))
	for i, c := range cs {
		defs[i] = c.name + " " + c.decl
	}
	return "CREATE TABLE " + name + " (" + strings.Join(defs, ", ") + ")"
}

const (
	// indexSQL serves the ranges, the pages (newest first) and the distinct aircraft.
	indexSQL = "CREATE INDEX flights_first_seen ON flights(first_seen, icao)"
	// trackIndexSQL holds only the rows with a track (FLIGHT_LOG_TRACK_DAYS of them).
	trackIndexSQL = "CREATE INDEX flights_tracked ON flights(first_seen) WHERE track IS NOT NULL"
	// reachSQL holds each complete local day's reach from a home (coverage.go), kept by the
	// writer as day_stats: a row written into the day removes it in the same transaction.
	reachSQL = "CREATE TABLE reach_days (start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, home TEXT NOT NULL, " +
		"reach TEXT NOT NULL, PRIMARY KEY (start_ms, end_ms, home)) WITHOUT ROWID"
	// daysSQL holds each complete local day's flights and distinct aircraft, by its bounds
	// (so that any reader whose zone has that day finds it), kept by the writer: a row written
	// into a summarised day removes its summary in the same transaction.
	// closestIndexSQL and heightIndexSQL serve sort=closest and sort=lowest (a page of the
	// low-and-close report reads the rows in order and stops), max_nm and max_alt, and the
	// closest and lowest records: each of their queries names its index (INDEXED BY). About
	// 18 bytes a row each; the fastest and highest records have none (bench/, docs/decisions.md).
	closestIndexSQL = "CREATE INDEX flights_closest ON flights(closest_dnm, first_seen)"
	heightIndexSQL  = "CREATE INDEX flights_height ON flights(" + heightSQL + ", first_seen)"
	daysSQL         = "CREATE TABLE day_stats (start_ms INTEGER NOT NULL, end_ms INTEGER NOT NULL, flights INTEGER NOT NULL, " +
		"aircraft INTEGER NOT NULL, PRIMARY KEY (start_ms, end_ms)) WITHOUT ROWID"
)

// createSQL makes a new file at Version (its auto_vacuum set on connecting, before any page).
func createSQL() []string {
	return []string{tableSQL("flights", Version()), indexSQL, trackIndexSQL, closestIndexSQL, heightIndexSQL, daysSQL, reachSQL, dayKeysSQL, dayKeysForgetSQL,
		fmt.Sprintf("PRAGMA application_id = %d", AppID), fmt.Sprintf("PRAGMA user_version = %d", Version())}
}

// stepSQL brings a file from version to-1 to version to, in one transaction.
func stepSQL(to int) []string {
	var out []string
	switch to {
	case 2: // the table made again with AUTOINCREMENT and the new columns, every row kept
		v1 := names(stored(1))
		out = []string{tableSQL("flights_v2", 2), "INSERT INTO flights_v2 (" + v1 + ") SELECT " + v1 + " FROM flights",
			"DROP TABLE flights", "ALTER TABLE flights_v2 RENAME TO flights", indexSQL, daysSQL,
			fmt.Sprintf("PRAGMA application_id = %d", AppID)}
	default:
		for _, c := range columns {
			if c.name != "" && c.version == to {
				out = append(out, "ALTER TABLE flights ADD COLUMN "+c.name+" "+c.decl)
			}
		}
		if to == 3 { // the summaries made again, with their rankings
			out = append(out, trackIndexSQL, reachSQL, closestIndexSQL, heightIndexSQL, dayKeysSQL, dayKeysForgetSQL, "DELETE FROM day_stats")
		}
	}
	return append(out, fmt.Sprintf("PRAGMA user_version = %d", to))
}
