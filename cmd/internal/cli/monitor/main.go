// Package monitor is the command tracker-core-health, the always-on health monitor (the
// library monitor runs it): its arguments, its environment read once (monitor.LoadSettings)
// and its exit codes.
//
//	tracker-core-health                      run the monitor
//	tracker-core-health healthcheck          exit 0 when the heartbeat is fresh, else 1
//	tracker-core-health print-queue-pattern  print the queue ownership pattern
//	tracker-core-health --version            print the build version
package monitor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	_ "github.com/tracker-adsb/tracker-core-health/internal/heapprofile" // heap profiling off unless PPROF_ADDR
	"github.com/tracker-adsb/tracker-core-health/internal/version"
	"github.com/tracker-adsb/tracker-core-health/monitor"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages/broker"
)

// Main runs the command with the process's arguments and returns its exit code.
func Main() int {
	setGCPercent(os.Getenv("GOGC"), debug.SetGCPercent)
	return run(os.Args[1:], os.Stdout, os.Stderr)
}

// defaultGCPercent is the monitor's GOGC unless the environment sets one: the heap may grow by
// a tenth of its live size between collections, not by all of it. The monitor allocates
// little once a cycle's batches are handed back (pipeline.Lend), so collecting often costs
// little CPU for a smaller heap (the measurements: docs/decisions.md, "GOGC 10 by default").
const defaultGCPercent = 10

// setGCPercent applies defaultGCPercent when GOGC is unset; a GOGC in the environment (which
// the runtime has already read) decides otherwise.
func setGCPercent(gogc string, set func(int) int) {
	if gogc == "" {
		set(defaultGCPercent)
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "--version", "-version", "version":
			fmt.Fprintln(stdout, version.Version)
			return 0
		case "print-queue-pattern":
			fmt.Fprintln(stdout, broker.OwnedQueuePattern)
			return 0
		case "healthcheck":
			return healthcheck(stderr)
		case "-h", "--help", "help":
			fmt.Fprintln(stdout, "usage: tracker-core-health [healthcheck | print-queue-pattern | --version]\n"+
				"Runs the health monitor; configuration comes from the environment (see docs/configuration.md).")
			return 0
		default:
			fmt.Fprintf(stderr, "unknown argument %q (want healthcheck, print-queue-pattern or --version)\n", args[0])
			return 2
		}
	}
	cfg, err := monitor.LoadSettings(config.Environ())
	if err != nil {
		fmt.Fprintf(stderr, "tracker-core-health: configuration error: %v\n", err)
		return 2
	}
	log := zerolog.New(stderr).Level(cfg.LogLevel).With().Timestamp().Str("service", "tracker-core-health").Logger()
	cfg.Log = log

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	err = monitor.Run(ctx, cfg)
	if err != nil && !errors.Is(err, context.Canceled) {
		log.Error().Err(err).Msg("monitor stopped")
		return 1
	}
	return 0
}

// healthcheck exits 0 while the heartbeat file is fresh.
func healthcheck(stderr io.Writer) int {
	path := os.Getenv("HEARTBEAT_PATH")
	if path == "" {
		path = config.DefaultHeartbeatPath
	}
	// The health check runs without the monitor's configuration: only the interval matters.
	interval, err := time.ParseDuration(os.Getenv("BROKER_POLL_INTERVAL"))
	if err != nil || interval <= 0 {
		interval = 0
	}
	maxAge := config.HeartbeatMaxAge(interval)
	if pipeline.HeartbeatFresh(path, maxAge, time.Now()) {
		return 0
	}
	fmt.Fprintf(stderr, "unhealthy: heartbeat %s missing or older than %s\n", path, maxAge)
	return 1
}
