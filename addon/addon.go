// Package addon is tracker-addon as a library, the Home Assistant add-on's entry
// (deploy/home-assistant/addon; cmd/internal/cli/addon runs it): it reads the options the Supervisor wrote
// (/data/options.json), turns them into the programs' variables, and runs the management API
// and UI (behind Home Assistant's ingress, HA_INGRESS=true), tracker-rules watch when a
// receiver is set, and the monitor when a broker is set, until it is stopped or one of them
// ends. The image has no shell: this is its run script. Started as root (the add-on's /data
// is root's), it gives /data to the image's user and runs the programs as that user.
package addon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// The image's user (distroless nonroot), who owns /data and runs the programs.
const imageUID, imageGID = 65532, 65532

// stopGrace is how long the programs have to stop after SIGTERM (the Supervisor's own
// timeout is 10 s by default).
const stopGrace = 8 * time.Second

// Options are the add-on's options as the Supervisor writes them: values of the schema's
// types (strings, numbers, booleans); an optional option left empty is absent.
type Options map[string]any

// str is an option as text ("" when absent or null).
func (o Options) str(name string) string {
	switch v := o[name].(type) {
	case string:
		return strings.TrimSpace(v)
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1e15 {
			return strconv.FormatInt(int64(v), 10)
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}

// variable is an option and the variable it becomes.
type variable struct{ option, env string }

// The options each program reads, by the variable it reads them as.
var (
	shared = []variable{{"log_level", "LOG_LEVEL"}, {"store_host", "STORE_HOST"}, {"store_port", "STORE_PORT"},
		{"store_password", "STORE_PASSWORD"}, {"mqtt_host", "MQTT_HOST"}, {"mqtt_port", "MQTT_PORT"},
		{"mqtt_username", "MQTT_USERNAME"}, {"mqtt_password", "MQTT_PASSWORD"}, {"registrant_detail", "REGISTRANT_DETAIL"},
		{"notify_timezone", "NOTIFY_TIMEZONE"}}
	apiVars = []variable{{"api_token", "CONFIG_API_TOKEN"}, {"readsb_url", "CONFIG_UI_READSB_URL"},
		{"tar1090_url", "CONFIG_UI_TAR1090_URL"}, {"tile_url", "CONFIG_UI_TILE_URL"}, {"tile_attribution", "CONFIG_UI_TILE_ATTRIBUTION"},
		{"home_lat", "HOME_LAT"}, {"home_lon", "HOME_LON"}, {"low_nm", "LOW_NM"}, {"low_ft", "LOW_FT"}} // the reach and the report

	watchVars = []variable{{"home_lat", "HOME_LAT"}, {"home_lon", "HOME_LON"}, {"notify_urls", "NOTIFY_URLS"},
		{"flight_log_days", "FLIGHT_LOG_DAYS"}, {"flight_log_track_days", "FLIGHT_LOG_TRACK_DAYS"}, {"low_nm", "LOW_NM"}, {"low_ft", "LOW_FT"}}
	monitorVars = []variable{{"broker_host", "BROKER_HOST"}, {"broker_management_port", "BROKER_MANAGEMENT_PORT"},
		{"broker_monitoring_username", "BROKER_MONITORING_USERNAME"}, {"broker_monitoring_password", "BROKER_MONITORING_PASSWORD"},
		{"registry_namespace", "REGISTRY_NAMESPACE"}, {"notify_urls", "NOTIFY_URLS"}} // its own problems, as compose's
)

// program is one of the programs the add-on runs.
type program struct {
	name string   // the command (the binary's name it answers to)
	args []string // after the name
	env  []string // NAME=value, over the add-on's own environment
}

// Setting is where the add-on runs: its data folder, the API's address, and the Supervisor.
type Setting struct {
	Data            string // /data (ADDON_DATA)
	APIAddr         string // :8080, the ingress port (CONFIG_API_ADDR)
	SupervisorURL   string // http://supervisor (SUPERVISOR_URL)
	SupervisorToken string // SUPERVISOR_TOKEN, for the MQTT service's settings
	Log             zerolog.Logger
}

// Programs are the programs the options ask for, with their variables.
func Programs(o Options, s Setting) ([]program, error) {
	for _, required := range []string{"store_host", "store_password"} {
		if o.str(required) == "" {
			return nil, fmt.Errorf("option %s is required (the data store the rules, areas and watchlists live in)", required)
		}
	}
	if err := checkOptions(o); err != nil {
		return nil, err
	}
	set := func(vars []variable, env []string) []string {
		for _, v := range vars {
			if val := o.str(v.option); val != "" {
				env = append(env, v.env+"="+val)
			}
		}
		return env
	}
	files := []string{"FLIGHT_LOG=" + filepath.Join(s.Data, "flights.db"), "XDG_DATA_HOME=" + s.Data}
	api := program{name: "tracker-config-api", env: set(apiVars, set(shared, append(files,
		"CONFIG_API_ADDR="+s.APIAddr, "HA_INGRESS=true", "CONFIG_API_TOKEN_FILE="+filepath.Join(s.Data, "api-token"),
		"CONFIG_BACKUP_DIR="+filepath.Join(s.Data, "backups"))))}
	progs := []program{api}
	if feed := o.str("readsb_url"); feed != "" {
		progs = append(progs, program{name: "tracker-rules", args: []string{"watch", "--readsb", feed, "--from-store"},
			env: set(watchVars, set(shared, append(files, "WATCH_STATE="+filepath.Join(s.Data, "watch-state.json"))))})
	}
	if o.str("broker_host") != "" {
		progs = append(progs, program{name: "tracker-core-health",
			env: set(monitorVars, set(shared, []string{"HEARTBEAT_PATH=" + filepath.Join(os.TempDir(), "tracker-heartbeat")}))})
	}
	return progs, nil
}

// checkOptions checks what the Supervisor's schema cannot say: the home position's range (its
// float bounds take no minus sign) and the API token's strength (as CONFIG_API_TOKEN's; none,
// which CONFIG_API_TOKEN takes to run open, is refused).
func checkOptions(o Options) error {
	for _, c := range []struct {
		option, what string
		limit        float64
	}{{"home_lat", "latitude", 90}, {"home_lon", "longitude", 180}} {
		v := o.str(c.option)
		if v == "" {
			continue
		}
		if f, err := strconv.ParseFloat(v, 64); err != nil || math.IsNaN(f) || math.Abs(f) > c.limit {
			return fmt.Errorf("option %s: %s is not a %s (degrees from -%g to %g)", c.option, v, c.what, c.limit, c.limit)
		}
	}
	if tok := o.str("api_token"); tok != "" {
		if strings.EqualFold(tok, config.OpenToken) {
			// CONFIG_API_TOKEN=none would open the add-on's host port to anyone: under the
			// add-on, ingress needs no token already, so none has no use but that.
			return fmt.Errorf("option api_token: %q is not a token: the add-on never runs without one (Home Assistant's sidebar needs none; the port outside it always does); set one of %d characters or more, or leave it empty to have one made, shown in the log", tok, config.MinTokenLength)
		}
		if err := config.CheckToken(tok); err != nil {
			return fmt.Errorf("option api_token: %w (leave it empty to have one made, shown in the log)", err)
		}
	}
	return nil
}

// forgetKeptToken deletes the token made at an earlier start when the api_token option is set:
// that one is no longer accepted, and clearing the option later makes a new one rather than
// bringing the old one back. Setting the option is how an add-on user, who has no shell to
// delete the file with, rotates the token.
func forgetKeptToken(o Options, data string) error {
	if o.str("api_token") == "" {
		return nil
	}
	if err := os.Remove(filepath.Join(data, "api-token")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the token made at an earlier start: %w", err)
	}
	return nil
}

// OptionsError is an add-on option the programs cannot run with: nothing was started (the
// command's exit code 2).
type OptionsError struct{ Err error }

func (e *OptionsError) Error() string { return e.Err.Error() }
func (e *OptionsError) Unwrap() error { return e.Err }

// Run runs the programs the options ask for until ctx ends (they are then stopped) or one of
// them ends (an error: the Supervisor's watchdog restarts the add-on).
func Run(ctx context.Context, s Setting) error {
	log := s.Log
	o, err := readOptions(filepath.Join(s.Data, "options.json"))
	if err != nil {
		return &OptionsError{err}
	}
	if o.str("mqtt_host") == "" && s.SupervisorToken != "" {
		mqttFromSupervisor(ctx, o, s, log.With().Str("stage", "mqtt-service").Logger())
	}
	progs, err := Programs(o, s)
	if err != nil {
		return &OptionsError{err}
	}
	if err := forgetKeptToken(o, s.Data); err != nil {
		return err
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		if err := giveData(s.Data); err != nil {
			return fmt.Errorf("giving %s to the image's user: %w", s.Data, err)
		}
		cred = &syscall.Credential{Uid: imageUID, Gid: imageGID, Groups: []uint32{}}
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding the binary: %w", err)
	}
	return supervise(ctx, self, progs, cred, log)
}

// readOptions reads the Supervisor's options.json.
func readOptions(path string) (Options, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("the add-on's options: %w", err)
	}
	var o Options
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("the add-on's options %s: %w", path, err)
	}
	return o, nil
}

// mqttFromSupervisor fills the MQTT options from the Supervisor's MQTT service (the Mosquitto
// add-on) when none are set: what Home Assistant users expect of an add-on. Failing that, no
// MQTT (said once).
func mqttFromSupervisor(ctx context.Context, o Options, s Setting, log zerolog.Logger) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(s.SupervisorURL, "/")+"/services/mqtt", nil)
	if err != nil {
		log.Warn().Err(err).Msg("no MQTT: the Supervisor's MQTT service cannot be asked")
		return
	}
	req.Header.Set("Authorization", "Bearer "+s.SupervisorToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Warn().Err(err).Msg("no MQTT: the Supervisor's MQTT service did not answer")
		return
	}
	defer resp.Body.Close()
	var answer struct {
		Result string  `json:"result"`
		Data   Options `json:"data"`
	}
	if resp.StatusCode != http.StatusOK || json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&answer) != nil || answer.Data.str("host") == "" {
		log.Warn().Int("status", resp.StatusCode).Msg("no MQTT: no MQTT service in Home Assistant (install the Mosquitto broker add-on, or set mqtt_host)")
		return
	}
	for from, to := range map[string]string{"host": "mqtt_host", "port": "mqtt_port", "username": "mqtt_username", "password": "mqtt_password"} {
		if v, ok := answer.Data[from]; ok {
			o[to] = v
		}
	}
	log.Info().Str("host", o.str("mqtt_host")).Msg("MQTT from Home Assistant's MQTT service")
}

// giveData makes the data folder (with the API's backups folder) and what is in it the image
// user's, but the Supervisor's options (root's), so the programs can keep their files there;
// the folder is theirs alone.
func giveData(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "backups"), 0o700); err != nil {
		return err
	}
	if err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == filepath.Join(dir, "options.json") {
			return err
		}
		return os.Lchown(path, imageUID, imageGID)
	}); err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}

// supervise runs the programs until ctx ends (each then gets SIGTERM, and SIGKILL after
// stopGrace) or one of them ends (the others are stopped, and the add-on ends with an error:
// the Supervisor's watchdog restarts it).
func supervise(ctx context.Context, self string, progs []program, cred *syscall.Credential, log zerolog.Logger) error {
	base := make([]string, 0, len(os.Environ()))
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SUPERVISOR_TOKEN=") && !strings.HasPrefix(kv, "HASSIO_TOKEN=") && !strings.HasPrefix(kv, "CONFIG_API_ADDR=") {
			base = append(base, kv)
		}
	}
	done := make(chan ended, len(progs))
	waits := pipeline.NewGroup(context.WithoutCancel(ctx)) // each program's wait, until it ends
	defer func() { _ = waits.Wait() }()
	var cmds []*exec.Cmd
	for _, p := range progs {
		cmd := &exec.Cmd{Path: self, Args: append([]string{p.name}, p.args...), Env: append(append([]string{}, base...), p.env...),
			Stdout: os.Stdout, Stderr: os.Stderr, SysProcAttr: &syscall.SysProcAttr{Credential: cred}}
		if err := cmd.Start(); err != nil {
			stopAll(cmds, done, len(cmds))
			return fmt.Errorf("starting %s: %w", p.name, err)
		}
		log.Info().Str("program", p.name).Strs("args", redactedArgs(p.args)).Int("pid", cmd.Process.Pid).Msg("started")
		cmds = append(cmds, cmd)
		waits.Go(p.name, func(context.Context) error { done <- ended{p.name, cmd.Wait()}; return nil })
	}
	var first ended
	select {
	case <-ctx.Done():
		log.Info().Msg("stopping")
		stopAll(cmds, done, len(cmds))
		return nil
	case first = <-done:
	}
	log.Error().Err(first.err).Str("program", first.name).Msg("a program ended: stopping the others")
	stopAll(cmds, done, len(cmds)-1)
	if first.err == nil {
		return fmt.Errorf("%s ended by itself", first.name)
	}
	return fmt.Errorf("%s ended: %w", first.name, first.err)
}

// ended is a program that has ended, and how.
type ended struct {
	name string
	err  error
}

// stopAll sends SIGTERM to every program and waits for n of them to end, killing what is
// left after stopGrace.
func stopAll(cmds []*exec.Cmd, done <-chan ended, n int) {
	for _, c := range cmds {
		_ = c.Process.Signal(syscall.SIGTERM)
	}
	deadline := time.After(stopGrace)
	for range n {
		select {
		case <-done:
		case <-deadline:
			for _, c := range cmds {
				_ = c.Process.Kill()
			}
			deadline = nil
			<-done
		}
	}
}

// OptionNames are the options the add-on maps to variables (its config.yaml's schema names
// each, no more).
func OptionNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, vars := range [][]variable{shared, apiVars, watchVars, monitorVars} {
		for _, v := range vars {
			if !seen[v.option] {
				seen[v.option] = true
				out = append(out, v.option)
			}
		}
	}
	return out
}

// redactedArgs are a program's arguments as a log may show them: a URL's password hidden (a
// receiver feed at http://user:password@…).
func redactedArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = fetch.Redacted(a)
	}
	return out
}
