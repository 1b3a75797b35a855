package receiverstats

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/stages"
)

// DefaultInterval: readsb refreshes its stats.json windows once a minute.
const DefaultInterval = 60 * time.Second

// Config is the stage's configuration: the receivers' stats.json (RECEIVER_STATS_URL: an
// http(s) URL or a file, or a comma-separated list of name=url; empty: none), read every
// Interval (RECEIVER_STATS_INTERVAL, default 60 s).
type Config struct {
	Sources  []Source
	Interval time.Duration
}

// Source is one receiver whose stats.json the monitor reads: its name (the device
// Tracker_receiver_{name}) and where the file is.
type Source struct{ Name, URL string }

// DefaultName names a receiver given without one (RECEIVER_STATS_URL=URL alone).
const DefaultName = "receiver"

// receiverName is a name that makes a device identifier and a topic level.
var receiverName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// LoadConfig reads RECEIVER_STATS_URL and RECEIVER_STATS_INTERVAL.
func LoadConfig(get config.Getenv) (Config, error) {
	r := config.NewReader(get)
	c := Config{Interval: r.Duration("RECEIVER_STATS_INTERVAL", DefaultInterval)}
	list, problem := parseSources(r.Str("RECEIVER_STATS_URL", ""))
	if problem != "" {
		r.Fail("RECEIVER_STATS_URL", problem)
	}
	c.Sources = list
	return c, r.Err()
}

func parseSources(v string) ([]Source, string) {
	var out []Source
	items := strings.Split(v, ",")
	seen := map[string]bool{}
	for _, it := range items {
		it = strings.TrimSpace(it)
		if it == "" {
			continue
		}
		name, url, named := strings.Cut(it, "=")
		if !named || strings.Contains(name, "/") {
			if len(items) > 1 {
				return nil, fmt.Sprintf("%q: with several receivers each needs a name (name=url)", it)
			}
			name, url = DefaultName, it
		}
		name, url = strings.TrimSpace(name), strings.TrimSpace(url)
		if !receiverName.MatchString(name) {
			return nil, fmt.Sprintf("receiver name %q: letters, digits, '_', '.', '-' only (it names a device and a topic level)", name)
		}
		if url == "" {
			return nil, fmt.Sprintf("receiver %q has no URL", name)
		}
		if seen[name] {
			return nil, fmt.Sprintf("receiver %q named twice", name)
		}
		seen[name] = true
		out = append(out, Source{Name: name, URL: url})
	}
	return out, ""
}

// Register is the stage's registration (stages/all).
func Register(get config.Getenv) (stages.Stage, error) {
	c, err := LoadConfig(get)
	return registered{c}, err
}

type registered struct{ cfg Config }

func (r registered) Group() catalog.Group { return Group(r.cfg.Interval) }

// Start runs the stage when receivers are configured, its cycles within three quarters of the
// interval. The stage is not essential: a deaf receiver never fails the monitor's health check.
func (r registered) Start(m stages.Monitor) <-chan pipeline.Shared[model.Batch] {
	if len(r.cfg.Sources) == 0 {
		return stages.None()
	}
	deadline := r.cfg.Interval * 3 / 4
	ticks, runTicks := pipeline.Ticks(m.Log, 0, r.cfg.Interval)
	m.Go("receiver-stats-ticker", runTicks)
	out, run := NewStage(r.cfg.Sources, m.Catalog, m.Devices, deadline, m.Log).Start(ticks, deadline)
	m.Go("receiver-stats", run)
	return out
}
