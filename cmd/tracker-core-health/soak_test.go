//go:build integration && soak

package main_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/rueidis"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/stages/store"
)

// TestSoak is `make soak`, a measurement and not a test: the monitor for SOAK_MINUTES
// (default 30) against the real services, with processor ids churning every poll (queues
// declared and deleted, their counters written) and receivers coming and going, and each
// backend restarted in turn every few minutes. It prints RSS, goroutines and open file
// descriptors at the start and every 5 minutes, and the cycles that failed outside a restart.
func TestSoak(t *testing.T) {
	minutes := 30
	if v, err := strconv.Atoi(os.Getenv("SOAK_MINUTES")); err == nil && v > 0 {
		minutes = v
	}
	restartEvery := 3 * time.Minute
	if minutes < 10 {
		restartEvery = time.Duration(minutes) * time.Minute / 4
	}
	env := fresh(t)
	p := startMonitor(t, env, map[string]string{"BROKER_POLL_INTERVAL": "2s", "STORE_POLL_INTERVAL": "10s", "METRICS_ADDR": "127.0.0.1:0"})
	port := p.WaitAddr(t, "serving /metrics", 20*time.Second)
	metrics := "http://127.0.0.1:" + port + "/metrics"
	ctx, cancel := context.WithTimeout(t.Context(), time.Duration(minutes)*time.Minute)
	defer cancel()

	// Restart windows: a failure from a backend's stop to 30 s after its start is expected.
	var mu sync.Mutex
	var windows [][2]time.Time
	go func() { // churn: a new processor and receiver every 2 s, the oldest of five dropped
		r, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{env.RedisAddr}, Password: env.RedisPassword, DisableCache: true, DisableRetry: true})
		if err != nil {
			t.Errorf("redis: %v", err)
			return
		}
		defer r.Close()
		tick := time.NewTicker(2 * time.Second)
		defer tick.Stop()
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				for k := max(0, n-5); k < n; k++ {
					mgmt(env, http.MethodDelete, fmt.Sprintf("tracker-message-processor-soak-%d", k))
				}
				return
			case <-tick.C:
			}
			id := fmt.Sprintf("soak-%d", n)
			mgmt(env, http.MethodPut, "tracker-message-processor-"+id)
			if n >= 5 {
				mgmt(env, http.MethodDelete, fmt.Sprintf("tracker-message-processor-soak-%d", n-5))
			}
			cctx, ccancel := context.WithTimeout(ctx, time.Second)
			for _, w := range []string{"hour", "today", "lifetime"} {
				r.Do(cctx, r.B().Set().Key(store.ProcessorCounterKey(id, "total_messages_processed", w)).Value(strconv.Itoa(n)).Ex(time.Minute).Build())
			}
			rx := fmt.Sprintf("rx-soak-%d", n%7)
			r.Do(cctx, r.B().Set().Key(store.ReceiverRegistrationKey(rx)).Value(`[{"host":"10.0.0.9","port":30005}]`).Ex(time.Minute).Build())
			r.Do(cctx, r.B().Sadd().Key(store.ReceiverIndexKey).Member(rx).Build())
			ccancel()
		}
	}()
	go func() { // restarts, in turn
		backends := []string{"redis", "mosquitto", "rabbitmq"}
		for i := 0; ; i++ {
			select {
			case <-ctx.Done():
				return
			case <-time.After(restartEvery):
			}
			b := backends[i%len(backends)]
			start := time.Now()
			_ = env.Control("stop-" + b)
			time.Sleep(5 * time.Second)
			if err := env.Control("start-" + b); err != nil {
				t.Logf("restart %s: %v", b, err)
			}
			mu.Lock()
			windows = append(windows, [2]time.Time{start, time.Now().Add(30 * time.Second)})
			mu.Unlock()
			t.Logf("%s restarted (%s down)", b, time.Since(start).Round(time.Second))
		}
	}()

	began := time.Now()
	report := func() {
		m := scrapeAll(metrics)
		rss := rssOf(p.Cmd.Process.Pid)
		mu.Lock()
		failed := failuresOutside(p.Output(), windows)
		mu.Unlock()
		fmt.Printf("soak %5s  RSS %6.1f MB  goroutines %4.0f  open FDs %4.0f  broker polls ok %5d  store polls ok %4d  cycles failed outside a restart %d\n",
			time.Since(began).Round(time.Minute), rss, m["go_goroutines"], m["process_open_fds"],
			strings.Count(p.Output(), "broker poll ok"), strings.Count(p.Output(), "store poll ok"), failed)
	}
	time.Sleep(30 * time.Second)
	report()
	for {
		select {
		case <-ctx.Done():
			report()
			return
		case <-time.After(5 * time.Minute):
			report()
		}
	}
}

func mgmt(env *testenv.Env, method, queue string) {
	var body *bytes.Reader
	if method == http.MethodPut {
		body = bytes.NewReader([]byte(`{"durable":false}`))
	} else {
		body = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, env.MgmtURL+"/api/queues/%2F/"+url.PathEscape(queue), body)
	req.SetBasicAuth(env.AdminUser, env.AdminPassword)
	req.Header.Set("Content-Type", "application/json")
	c := http.Client{Timeout: 2 * time.Second}
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
	}
}

func scrapeAll(u string) map[string]float64 {
	out := map[string]float64{}
	resp, err := http.Get(u)
	if err != nil {
		return out
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(resp.Body)
	for _, l := range strings.Split(b.String(), "\n") {
		if name, v, ok := strings.Cut(l, " "); ok && !strings.HasPrefix(name, "#") {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				out[name] = f
			}
		}
	}
	return out
}

// rssOf is a process's resident set, in MB.
func rssOf(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 64)
			return kb / 1024
		}
	}
	return 0
}

// failuresOutside counts the failed polls logged outside every restart window.
func failuresOutside(log string, windows [][2]time.Time) int {
	n := 0
	for _, l := range strings.Split(log, "\n") {
		if !strings.Contains(l, "poll failed") {
			continue
		}
		var e struct {
			Time time.Time `json:"time"`
		}
		if json.Unmarshal([]byte(l), &e) != nil {
			continue
		}
		inside := false
		for _, w := range windows {
			if !e.Time.Before(w[0].Add(-time.Second)) && !e.Time.After(w[1]) {
				inside = true
			}
		}
		if !inside {
			n++
		}
	}
	return n
}
