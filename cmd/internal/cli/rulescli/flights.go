package rulescli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
	"github.com/tracker-adsb/tracker-core-health/privacy"
)

const flightsUsage = `usage: tracker-rules flights [--log FILE] [--from DATE|TIME] [--to DATE|TIME] [--q TEXT]
       [--max-nm NM] [--max-alt FT] [--hours HH-HH] [--sort time|closest|lowest] [--csv|--json]
What flew over (CONTRACT.md 13): the flight log's rows, newest first. --from and --to are a
date (that day in NOTIFY_TIMEZONE) or an RFC 3339 time: neither is today, --from alone that
day, --to alone every day up to it (any number of days). --q finds an ident, a registration, an
address, an operator's name or a registrant (any case). The low-and-close report (13.4):
--max-nm (closest distance to home), --max-alt (feet, at the closest point, else the lowest
seen), --hours (local hours, 23-07 wraps midnight, 00-24 the whole day), --sort closest or
lowest (closest_altitude, else min_altitude). Without --csv or --json, a table (times in
NOTIFY_TIMEZONE). --log: FLIGHT_LOG, else flights.db. The registrant is shown as
REGISTRANT_DETAIL allows, and not at all for an aircraft on PRIVACY_LIST.`

// flightsCommand prints the flight log's rows (read-only: it never blocks watch's writes, and
// reads from a read-only mount).
func flightsCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	env, err := config.LoadRules(config.Environ(), false)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	flags := flag.NewFlagSet("flights", flag.ContinueOnError)
	flags.SetOutput(stderr)
	file := flags.String("log", "", "the flight log (default FLIGHT_LOG, else flights.db)")
	from, to := flags.String("from", "", "the first day or time"), flags.String("to", "", "the last day, or the time before which")
	q := flags.String("q", "", "text to find")
	low := lowFlags(flags)
	asCSV, asJSON := flags.Bool("csv", false, "CSV with a header"), flags.Bool("json", false, "one JSON row a line")
	if code, done := parseFlags(flags, args, flightsUsage, stdout); done {
		return code
	}
	path := *file
	if path == "" {
		if strings.EqualFold(env.FlightLog, flightlog.Off) {
			fmt.Fprintln(stderr, "the flight log is off (FLIGHT_LOG=none): nothing is logged to read; set FLIGHT_LOG, or --log FILE")
			return 1
		}
		path = env.FlightLog
	}
	f := flightlog.Filter{Q: *q, Zone: env.Zone}
	if f.From, f.To, err = flightlog.Range(*from, *to, env.Zone, time.Now()); err == nil {
		err = low(&f)
	}
	if err != nil {
		var pe *flightlog.ParamError
		if errors.As(err, &pe) {
			err = fmt.Errorf("--%s: %s", pe.Param, pe.Msg)
		}
		fmt.Fprintln(stderr, err)
		return 2
	}
	optOut, err := privacy.Open(env.PrivacyList, privacyLog(stderr))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	l, err := flightlog.OpenReadOnly(ctx, path, flightlog.ReadOptions{Privacy: flightlog.Privacy{Detail: env.RegistrantDetail, OptedOut: optOut.Stored()}})
	if errors.Is(err, fs.ErrNotExist) {
		err = fmt.Errorf("no flight log at %s yet: tracker-rules watch writes it (FLIGHT_LOG)", path)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	defer func() { _ = l.Close() }()
	if err := printFlights(ctx, l, f, *asCSV, *asJSON, env.Zone, stdout); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// lowFlags are the low-and-close report's flags; the function they return puts them in a
// filter (a bad one: a *flightlog.ParamError naming it).
func lowFlags(flags *flag.FlagSet) func(*flightlog.Filter) error {
	maxNM, maxAlt := flags.String("max-nm", "", "closest distance to home at most (nm)"), flags.String("max-alt", "", "altitude at most (ft)")
	hours, sort := flags.String("hours", "", "local hours of the day, HH-HH"), flags.String("sort", "", "time, closest or lowest")
	return func(f *flightlog.Filter) error {
		if *maxNM != "" {
			n, err := strconv.ParseFloat(*maxNM, 64)
			if err != nil || math.IsNaN(n) || n < 0 || n > 1000 {
				return &flightlog.ParamError{Param: "max-nm", Msg: "must be a number of nautical miles from 0 to 1000"}
			}
			f.MaxNM = &n
		}
		if *maxAlt != "" {
			n, err := strconv.Atoi(*maxAlt)
			if err != nil || n < -2000 || n > 100000 {
				return &flightlog.ParamError{Param: "max-alt", Msg: "must be a whole number of feet from -2000 to 100000"}
			}
			f.MaxAlt = &n
		}
		if *hours != "" {
			h, err := flightlog.ParseHours(*hours)
			if err != nil {
				return err
			}
			f.Hours = h
		}
		f.Sort = *sort
		return flightlog.CheckSort(f.Sort)
	}
}

// printFlights prints the rows as they are read (memory bounded whatever the range).
func printFlights(ctx context.Context, l *flightlog.Log, f flightlog.Filter, asCSV, asJSON bool, zone *time.Location, out io.Writer) error {
	switch {
	case asCSV:
		w, err := flightlog.NewCSVWriter(out, zone)
		if err != nil {
			return err
		}
		if err := l.Each(ctx, f, w.Write); err != nil {
			return err
		}
		return w.Flush()
	case asJSON:
		enc := json.NewEncoder(out)
		return l.Each(ctx, f, func(r *flightlog.Row) error { return enc.Encode(r) })
	}
	t := flightlog.NewTable(out, zone)
	if err := l.Each(ctx, f, t.Write); err != nil {
		return err
	}
	return t.Close()
}

// privacyLog is where flights and db lookup say what PRIVACY_LIST holds that they could not
// read, in the words and shape replay's and watch's log says it (warnings only: their answers
// are stdout's).
func privacyLog(stderr io.Writer) zerolog.Logger {
	return zerolog.New(stderr).Level(zerolog.WarnLevel).With().Timestamp().Str("service", "tracker-rules").Str("stage", "privacy").Logger()
}
