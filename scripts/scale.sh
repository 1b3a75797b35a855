#!/usr/bin/env bash
# make scale: the monitor at 1,000 queues. Starts the services, declares 1,000 owned processor
# queues and 100 foreign ones, writes 1,000 processors' counters, runs the monitor for a few
# broker cycles in several configurations, and prints for each: the monitor's CPU per broker
# cycle, the broker API's own time for the same four calls measured in the same run, their
# ratio, the peak RSS (VmHWM), and how long a counter changed in Redis takes to show on MQTT.
# A measurement, not a test: it never fails on a number.
#   SCALE_QUEUES (1000), SCALE_CYCLES (3), BROKER_POLL_INTERVAL (10s) can be changed.
#   SCALE_PROFILE=DIR also writes, per configuration, a CPU profile of the measured cycles and
#   heap (in use) and allocs profiles at their end (allocs0 at their start: -diff_base gives the
#   cycles' own allocations), taken through PPROF_ADDR; read them with
#   go tool pprof -top bin/tracker-core-health DIR/<label>.cpu.pprof
#   SCALE_ONLY=defaults runs the first configuration only; SCALE_STDERR=FILE keeps the monitor's
#   standard error (with GODEBUG=gctrace=1, the heap at each collection).
#   SCALE_PPROF_PORT (16061) is where the profiled monitor listens.
#   Another set of services (ports, SERVICES_DIR, TEST_RABBIT_NODE: scripts/services.sh) keeps
#   the run off a set others use; only the services this run started are stopped at its end.
#   SCALE_BASELINE=REF compares: the monitor built at git REF and the current one, defaults
#   only, alternately (SCALE_ROUNDS, default 2, each), in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
QUEUES=${SCALE_QUEUES:-1000}
CYCLES=${SCALE_CYCLES:-3}
INTERVAL=${BROKER_POLL_INTERVAL:-10s}
ivl=${INTERVAL%s}

# Stops at exit only the services it started (a set already running, another's, stays up).
started=$(mktemp)
stop_started() {
  local s
  for s in $(sort -u "$started"); do bash scripts/services.sh "stop-$s" >/dev/null 2>&1 || true; done
  rm -f "$started"
}
trap stop_started EXIT
SERVICES_STARTED=$started bash scripts/services.sh up
# shellcheck disable=SC1091
. "${SERVICES_DIR:-/tmp/tracker-core-health-services}/env"
# A profiling run needs the build with the pprof endpoint (PPROF_ADDR); the others measure the
# binary as shipped.
# (GODEBUG, e.g. gctrace=1 for SCALE_STDERR, is the monitor's: the compiler's output would be
# cached and replayed to every later build of the same packages.)
env -u GODEBUG make -s build ${SCALE_PROFILE:+BUILD_TAGS=pprof}

mgmt() { curl -fsS -u "$TEST_ADMIN_USER:$TEST_ADMIN_PASSWORD" -H 'content-type: application/json' -X "$1" "$TEST_MGMT_URL$2" ${3:+-d "$3"} >/dev/null; }
rc() { redis-cli -p "${TEST_REDIS_ADDR##*:}" -a "$TEST_REDIS_PASSWORD" --no-auth-warning "$@"; }

echo "scale: declaring $QUEUES owned and 100 foreign queues"
export -f mgmt
export TEST_ADMIN_USER TEST_ADMIN_PASSWORD TEST_MGMT_URL
{ for i in $(seq 1 "$QUEUES"); do echo "tracker-message-processor-p$i"; done
  for i in $(seq 1 100); do echo "foreign-queue-$i"; done; } \
  | xargs -P 8 -I{} bash -c 'mgmt PUT "/api/queues/%2F/{}" "{\"durable\":false}"'
echo "scale: writing $QUEUES processors' counters"
rc FLUSHDB >/dev/null
for i in $(seq 1 "$QUEUES"); do
  for k in registration_misses:hour registration_misses:today registration_misses:lifetime operator_misses:today \
           operator_misses:lifetime total_messages_processed:hour total_messages_processed:today total_messages_processed:lifetime; do
    printf 'SET metrics:message_processor:p%s:%s %s\n' "$i" "$k" "$i"
  done
done | rc --pipe >/dev/null

# The broker API's own time for the four calls (as the monitor makes them: concurrently).
api_ms() {
  local u="http://127.0.0.1:$TEST_MGMT_PORT" start end
  start=$(date +%s%N)
  for p in "/api/overview?columns=object_totals.connections" "/api/nodes" \
           "/api/queues/%2F?columns=name,consumers,consumer_utilisation,consumer_capacity,messages_ready,messages_unacknowledged,state,memory,message_bytes,message_stats" \
           "/api/exchanges/%2F/tracker-adsb"; do
    curl -s -o /dev/null -u "$TEST_MONITOR_USER:$TEST_MONITOR_PASSWORD" "$u$p" &
  done
  wait
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

run() { # label, extra environment
  local label=$1; shift
  local hb; hb=$(mktemp -d)
  local pprof=() pport=${SCALE_PPROF_PORT:-16061} slug; slug=$(echo "$label" | tr -c 'A-Za-z0-9_\n' '-' | cut -c1-30)
  [ -n "${SCALE_PROFILE:-}" ] && pprof=(PPROF_ADDR=127.0.0.1:$pport) && mkdir -p "$SCALE_PROFILE"
  env BROKER_HOST=127.0.0.1 BROKER_MANAGEMENT_PORT="$TEST_MGMT_PORT" \
    BROKER_MONITORING_USERNAME="$TEST_MONITOR_USER" BROKER_MONITORING_PASSWORD="$TEST_MONITOR_PASSWORD" \
    STORE_HOST=127.0.0.1 STORE_PORT="${TEST_REDIS_ADDR##*:}" STORE_PASSWORD="$TEST_REDIS_PASSWORD" \
    MQTT_HOST=127.0.0.1 MQTT_PORT="${TEST_MQTT_ADDR##*:}" BROKER_POLL_INTERVAL="$INTERVAL" \
    HEARTBEAT_PATH="$hb/heartbeat" LOG_LEVEL=warn "${pprof[@]}" "$@" "${BIN:-bin/tracker-core-health}" 2>"${SCALE_STDERR:-/dev/null}" &
  local pid=$!
  # Not counted: the first connect, when every discovery config goes out (≈ 19 entities a
  # queue, at MQTT_DISCOVERY_RATE, 500/s by default) and holds the states back behind it.
  local warm=$((ivl + 2))
  [ "${MQTT_OFF:-}" = "" ] && warm=$((warm + 19 * QUEUES / ${MQTT_DISCOVERY_RATE:-500}))
  sleep "$warm"
  local t0 c0; t0=$(date +%s%N); c0=$(cpu_ticks "$pid")
  local api=() latency="" cpuprof=""
  if [ -n "${SCALE_PROFILE:-}" ]; then
    curl -fsS -o "$SCALE_PROFILE/$slug.allocs0.pprof" "http://127.0.0.1:$pport/debug/pprof/allocs" || true
    curl -fsS -o "$SCALE_PROFILE/$slug.cpu.pprof" "http://127.0.0.1:$pport/debug/pprof/profile?seconds=$((CYCLES * ivl))" &
    cpuprof=$!
  fi
  for n in $(seq 1 "$CYCLES"); do
    api+=("$(api_ms)")
    if [ "$n" = 1 ] && [ "${MQTT_OFF:-}" = "" ]; then
      # A counter changed in Redis: how long until the monitor publishes it on MQTT.
      local topic="Tracker/message-processor/p$QUEUES/statistic/total_messages_processed_lifetime" s seen sub
      seen=$(mktemp)
      ( mosquitto_sub -h 127.0.0.1 -p "${TEST_MQTT_ADDR##*:}" -t "$topic" 2>/dev/null \
          | while read -r v; do echo "$(date +%s%N) $v"; done > "$seen" ) &
      sub=$!
      sleep 0.5
      s=$(date +%s%N)
      rc SET "metrics:message_processor:p$QUEUES:total_messages_processed:lifetime" 424242 >/dev/null
      latency="not within $((3 * ivl)) s"
      for _ in $(seq 1 $((30 * ivl))); do
        if grep -q ' 424242$' "$seen"; then
          latency="$(( ($(grep ' 424242$' "$seen" | head -1 | cut -d' ' -f1) - s) / 1000000 )) ms"
          break
        fi
        sleep 0.1
      done
      pkill -P "$sub" 2>/dev/null || true; kill "$sub" 2>/dev/null || true
      pkill -f "mosquitto_sub -h 127.0.0.1 -p ${TEST_MQTT_ADDR##*:} -t $topic" 2>/dev/null || true
      rm -f "$seen"
      rc SET "metrics:message_processor:p$QUEUES:total_messages_processed:lifetime" "$QUEUES" >/dev/null
    fi
    sleep "$ivl"
  done
  local c1 t1 hwm; c1=$(cpu_ticks "$pid"); t1=$(date +%s%N)
  # The peak, and what the process holds now: its own heap and stacks (anon) and the binary's
  # pages (file).
  hwm=$(awk '/VmHWM/{h=$2" "$3} /RssAnon/{a=$2} /RssFile/{f=$2} END{print h " (now anon " a ", file " f " kB)"}' "/proc/$pid/status")
  if [ -n "$cpuprof" ]; then
    wait "$cpuprof" || true
    curl -fsS -o "$SCALE_PROFILE/$slug.heap.pprof" "http://127.0.0.1:$pport/debug/pprof/heap" || true
    curl -fsS -o "$SCALE_PROFILE/$slug.allocs.pprof" "http://127.0.0.1:$pport/debug/pprof/allocs" || true
  fi
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$hb"
  local hz; hz=$(getconf CLK_TCK)
  local cycles; cycles=$(awk -v t=$(( (t1 - t0) / 1000000 )) -v i="$ivl" 'BEGIN{printf "%.2f", t/(i*1000)}')
  local cpu_ms; cpu_ms=$(awk -v d=$((c1 - c0)) -v hz="$hz" -v c="$cycles" 'BEGIN{printf "%.0f", d*1000/hz/c}')
  local api_sum=0 a; for a in "${api[@]}"; do api_sum=$((api_sum + a)); done
  local api_avg=$((api_sum / ${#api[@]}))
  printf '%-34s CPU/cycle %5s ms | broker API (4 calls) %4s ms | ratio %5s %% | peak RSS %s | counter on MQTT after %s\n' \
    "$label" "$cpu_ms" "$api_avg" "$(awk -v c="$cpu_ms" -v a="$api_avg" 'BEGIN{printf "%.1f", 100*c/a}')" "$hwm" "${latency:--}"
}

echo "scale: $QUEUES owned + 100 foreign queues, $QUEUES processors' counters, broker interval $INTERVAL, $CYCLES cycles each"
if [ -n "${SCALE_BASELINE:-}" ]; then
  base=$(mktemp -d)
  git worktree add -q --detach "$base/src" "$SCALE_BASELINE"
  (cd "$base/src" && env -u GODEBUG CGO_ENABLED=0 go build -trimpath -ldflags '-s -w' -o "$base/" ./cmd/tracker-core-health) # as make build
  git worktree remove --force "$base/src"
  for r in $(seq 1 "${SCALE_ROUNDS:-2}"); do
    BIN="$base/tracker-core-health" run "baseline $SCALE_BASELINE ($r)"
    run "current ($r)"
  done
  rm -rf "$base"
  exit 0
fi
run "defaults"
[ "${SCALE_ONLY:-}" = defaults ] && exit 0
run "MQTT_PUBLISH_RATE=1000000" MQTT_PUBLISH_RATE=1000000
MQTT_OFF=1 run "MQTT_HOST unset" MQTT_HOST=
run "METRICS_ADDR set (Prometheus sink)" METRICS_ADDR=127.0.0.1:0
