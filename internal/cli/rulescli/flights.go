package rulescli

import (
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

const flightsUsage = `usage: tracker-rules flights [--log FILE] [--from DATE|TIME] [--to DATE|TIME] [--q TEXT] [--csv|--json]
What flew over (CONTRACT.md 13): the flight log's rows, newest first. --from and --to are a
date (that day in NOTIFY_TIMEZONE) or an RFC 3339 time (default: today); --q finds an ident,
a registration, an address, an operator's name or a registrant. Without --csv or --json, a
table. --log: FLIGHT_LOG, else flights.db.`

// flightsCommand prints the flight log's rows (read-only: it never blocks watch's writes).
func flightsCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	env, err := config.LoadRules(config.Environ(), false)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	fs := flag.NewFlagSet("flights", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("log", env.FlightLog, "the flight log")
	from, to := fs.String("from", "", "the first day or time"), fs.String("to", "", "the last day, or the time before which")
	q := fs.String("q", "", "text to find")
	asCSV, asJSON := fs.Bool("csv", false, "CSV with a header"), fs.Bool("json", false, "one JSON row a line")
	if code, done := parseFlags(fs, args, flightsUsage, stdout); done {
		return code
	}
	f, err := flightsFilter(*from, *to, *q, env.Zone)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	l, err := flightlog.OpenReadOnly(ctx, cmp.Or(*file, "flights.db"))
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

// flightsFilter reads --from, --to and --q (today by default).
func flightsFilter(from, to, q string, zone *time.Location) (flightlog.Filter, error) {
	f := flightlog.Filter{Q: q}
	f.From, f.To = flightlog.DayOf(time.Now(), zone)
	var err error
	if from != "" {
		if f.From, err = flightlog.ParseWhen(from, zone, false); err != nil {
			return f, fmt.Errorf("--from: %w", err)
		}
		if to == "" {
			_, f.To = flightlog.DayOf(f.From, zone)
		}
	}
	if to != "" {
		if f.To, err = flightlog.ParseWhen(to, zone, true); err != nil {
			return f, fmt.Errorf("--to: %w", err)
		}
	}
	return f, nil
}

func printFlights(ctx context.Context, l *flightlog.Log, f flightlog.Filter, asCSV, asJSON bool, zone *time.Location, out io.Writer) error {
	switch {
	case asCSV:
		w, err := flightlog.NewCSVWriter(out)
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
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tIDENT\tREG\tTYPE\tOPERATOR\tROUTE\tREGISTRANT\tCLOSEST\tLOWEST\tRULES")
	n := 0
	err := l.Each(ctx, f, func(r *flightlog.Row) error {
		n++
		op, route, closest, lowest := "", "", "", ""
		if r.Operator != nil {
			op = cmp.Or(r.Operator.Name, r.Operator.AirlineDesignator)
		}
		if r.Origin != "" || r.Destination != "" {
			route = r.Origin + "→" + r.Destination
		}
		if r.ClosestNM != nil {
			closest = fmt.Sprintf("%.1f nm", *r.ClosestNM)
		}
		if r.MinAltitude != nil {
			lowest = fmt.Sprintf("%d ft", *r.MinAltitude)
		}
		_, err := fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.FirstSeen.In(zone).Format("2006-01-02 15:04"),
			cmp.Or(r.Ident, r.IcaoHex), r.Registration, r.TypeDesignator, op, route, r.Registrant, closest, lowest, strings.Join(r.MatchedRules, ","))
		return err
	})
	if err != nil {
		return err
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "%d flights\n", n)
	return err
}
