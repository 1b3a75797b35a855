#!/usr/bin/env bash
# Installs (when missing, from Debian's packages), starts and stops the real services that the
# tests and the demo use: redis-server (with a password), rabbitmq-server with the management
# plugin and a monitoring user, and mosquitto. Everything listens on loopback only, keeps its
# state under $SERVICES_DIR, and is stopped again by pid.
#
#   scripts/services.sh up      install if needed, start, wait until ready, print the env file
#   scripts/services.sh down    stop everything started by "up"
#   scripts/services.sh env     print the environment (source-able) for tests and the demo
#
# With SERVICES_STARTED=FILE, "up" appends to FILE the name of each service it started (redis,
# mosquitto, rabbitmq), not those it found running: stop-NAME stops just those.
set -euo pipefail

SERVICES_DIR=${SERVICES_DIR:-/tmp/tracker-core-health-services}
REDIS_PORT=${TEST_REDIS_PORT:-16379}
REDIS_PASSWORD=${TEST_REDIS_PASSWORD:-tracker-store-secret}
AMQP_PORT=${TEST_AMQP_PORT:-15699}
MGMT_PORT=${TEST_MGMT_PORT:-15698}
DIST_PORT=${TEST_DIST_PORT:-25699}
MQTT_PORT=${TEST_MQTT_PORT:-18830}
# A second set beside another (make scale's own, say) needs its own node name as well as ports.
RABBIT_NODE=${TEST_RABBIT_NODE:-tracker-test@localhost}
MON_USER=${TEST_MONITOR_USER:-tracker-monitor}
MON_PASSWORD=${TEST_MONITOR_PASSWORD:-tracker-monitor-secret}
ADMIN_USER=${TEST_ADMIN_USER:-tracker-admin}
ADMIN_PASSWORD=${TEST_ADMIN_PASSWORD:-tracker-admin-secret}
# The one ownership pattern (CONTRACT.md 3.1); print-queue-pattern prints the same string.
OWNED='^(tracker-adsb.*|tracker-message-processor-.*|tracker-archive|tracker-archive-raw-frames|amq\.default)$'

log() { echo "services: $*" >&2; }
started() { [ -z "${SERVICES_STARTED:-}" ] || echo "$1" >>"$SERVICES_STARTED"; }

install_missing() {
  local pkgs=()
  command -v redis-server >/dev/null || pkgs+=(redis-server)
  [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ] || pkgs+=(rabbitmq-server)
  command -v mosquitto >/dev/null || pkgs+=(mosquitto)
  command -v curl >/dev/null || pkgs+=(curl)
  command -v docker-registry >/dev/null || pkgs+=(docker-registry)
  command -v mosquitto_sub >/dev/null || pkgs+=(mosquitto-clients)
  command -v prometheus >/dev/null || pkgs+=(prometheus) # promtool and a real Prometheus for the metrics tests
  command -v buildah >/dev/null || pkgs+=(buildah) # make image and the image test, without a Docker daemon
  command -v chromium >/dev/null || pkgs+=(chromium fonts-dejavu-core) # the UI browser tests
  command -v pdftotext >/dev/null || pkgs+=(poppler-utils) # the printed noise report's text, read back by its browser test
  command -v qemu-aarch64-static >/dev/null || pkgs+=(qemu-user-static) # the arm64 and arm/v7 binaries run under emulation
  command -v docker-compose >/dev/null || docker compose version >/dev/null 2>&1 || pkgs+=(docker-compose) # renders docker-compose.yml (no daemon needed)
  /usr/bin/python3 -c "import jinja2" 2>/dev/null || pkgs+=(python3-jinja2) # renders the rule event template as Home Assistant does
  if [ ${#pkgs[@]} -gt 0 ]; then
    log "installing ${pkgs[*]}"
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    # Packaged services must not start themselves on the default ports.
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
    $sudo chmod +x /usr/sbin/policy-rc.d
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
  fi
}

rabbit_env() {
  export HOME="$SERVICES_DIR/rabbitmq"
  export RABBITMQ_NODENAME="$RABBIT_NODE"
  export RABBITMQ_NODE_IP_ADDRESS=127.0.0.1
  export RABBITMQ_NODE_PORT=$AMQP_PORT
  export RABBITMQ_DIST_PORT=$DIST_PORT
  export RABBITMQ_MNESIA_BASE="$SERVICES_DIR/rabbitmq/mnesia"
  export RABBITMQ_LOG_BASE="$SERVICES_DIR/rabbitmq/log"
  export RABBITMQ_CONFIG_FILE="$SERVICES_DIR/rabbitmq/rabbitmq"
  export RABBITMQ_ENABLED_PLUGINS_FILE="$SERVICES_DIR/rabbitmq/enabled_plugins"
  export RABBITMQ_PID_FILE="$SERVICES_DIR/rabbitmq/rabbitmq.pid"
  export ERL_EPMD_ADDRESS=127.0.0.1
  # An Erlang VM that crashes (a CLI call against a node still starting) writes its dump here, not
  # into the checkout.
  export ERL_CRASH_DUMP="$SERVICES_DIR/rabbitmq/erl_crash.dump"
  export RABBITMQ_USE_LONGNAME=false
}

start_redis() {
  mkdir -p "$SERVICES_DIR/redis"
  if redis-cli -p "$REDIS_PORT" -a "$REDIS_PASSWORD" --no-auth-warning ping >/dev/null 2>&1; then return; fi
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --requirepass "$REDIS_PASSWORD" \
    --dir "$SERVICES_DIR/redis" --save "" --appendonly no --daemonize yes \
    --pidfile "$SERVICES_DIR/redis/redis.pid" --logfile "$SERVICES_DIR/redis/redis.log"
  started redis
  for _ in $(seq 1 50); do
    redis-cli -p "$REDIS_PORT" -a "$REDIS_PASSWORD" --no-auth-warning ping >/dev/null 2>&1 && return
    sleep 0.1
  done
  log "redis did not start"; cat "$SERVICES_DIR/redis/redis.log" >&2; exit 1
}

start_mosquitto() {
  mkdir -p "$SERVICES_DIR/mosquitto"
  if [ -f "$SERVICES_DIR/mosquitto/mosquitto.pid" ] && running "$(cat "$SERVICES_DIR/mosquitto/mosquitto.pid")"; then return; fi
  cat >"$SERVICES_DIR/mosquitto/mosquitto.conf" <<CONF
listener $MQTT_PORT 127.0.0.1
allow_anonymous true
persistence false
CONF
  mosquitto -c "$SERVICES_DIR/mosquitto/mosquitto.conf" >"$SERVICES_DIR/mosquitto/mosquitto.log" 2>&1 &
  echo $! >"$SERVICES_DIR/mosquitto/mosquitto.pid"
  started mosquitto
  for _ in $(seq 1 50); do
    (exec 3<>/dev/tcp/127.0.0.1/"$MQTT_PORT") 2>/dev/null && return
    sleep 0.1
  done
  log "mosquitto did not start"; cat "$SERVICES_DIR/mosquitto/mosquitto.log" >&2; exit 1
}

start_rabbitmq() {
  rabbit_env
  mkdir -p "$HOME" "$RABBITMQ_LOG_BASE"
  if curl -fsS -u "$ADMIN_USER:$ADMIN_PASSWORD" "http://127.0.0.1:$MGMT_PORT/api/overview" >/dev/null 2>&1; then return; fi
  # A new node starts with the administrator (default_*); the users are then set through the
  # management API with curl. (Each rabbitmqctl call boots an Erlang VM: a second of CPU, and
  # several seconds beside a build.)
  cat >"$RABBITMQ_CONFIG_FILE.conf" <<CONF
listeners.tcp.default = 127.0.0.1:$AMQP_PORT
management.tcp.port = $MGMT_PORT
management.tcp.ip = 127.0.0.1
loopback_users = none
management.rates_mode = basic
default_user = $ADMIN_USER
default_pass = $ADMIN_PASSWORD
default_user_tags.administrator = true
default_permissions.configure = .*
default_permissions.read = .*
default_permissions.write = .*
CONF
  echo '[rabbitmq_management].' >"$RABBITMQ_ENABLED_PLUGINS_FILE"
  /usr/lib/rabbitmq/bin/rabbitmq-server >"$RABBITMQ_LOG_BASE/startup.log" 2>&1 &
  local server=$!
  echo "$server" >"$SERVICES_DIR/rabbitmq/server.pid"
  started rabbitmq
  # Ready when the management API answers and the AMQP port accepts connections.
  local code=000
  for _ in $(seq 1 600); do
    code=$(curl -s -o /dev/null -w '%{http_code}' -u "$ADMIN_USER:$ADMIN_PASSWORD" "http://127.0.0.1:$MGMT_PORT/api/overview" || true)
    if [ "$code" = 200 ] || [ "$code" = 401 ]; then break; fi
    running "$server" || break
    sleep 0.2
  done
  if [ "$code" = 401 ]; then
    # A node kept from a run with another TEST_ADMIN_PASSWORD (default_user applies to a new
    # node only): the administrator once through the CLI.
    local ctl=/usr/lib/rabbitmq/bin/rabbitmqctl
    $ctl -q add_user "$ADMIN_USER" "$ADMIN_PASSWORD" >/dev/null 2>&1 || $ctl -q change_password "$ADMIN_USER" "$ADMIN_PASSWORD"
    $ctl -q set_user_tags "$ADMIN_USER" administrator
    $ctl -q set_permissions -p / "$ADMIN_USER" '.*' '.*' '.*'
  elif [ "$code" != 200 ]; then
    log "rabbitmq did not start"; tail -50 "$RABBITMQ_LOG_BASE/startup.log" >&2; exit 1
  fi
  for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$AMQP_PORT") 2>/dev/null && break
    sleep 0.1
  done
  # The monitoring user: the 'monitoring' tag and a permission entry on vhost '/' that grants
  # nothing (what the monitor needs, no more).
  mgmt PUT "users/$MON_USER" "{\"password\":\"$(json "$MON_PASSWORD")\",\"tags\":\"monitoring\"}"
  mgmt PUT "permissions/%2F/$MON_USER" '{"configure":"^$","write":"^$","read":"^$"}'
  for _ in $(seq 1 60); do
    curl -fsS -u "$MON_USER:$MON_PASSWORD" "http://127.0.0.1:$MGMT_PORT/api/overview" >/dev/null 2>&1 && return
    sleep 1
  done
  log "rabbitmq management API did not answer"; exit 1
}

# mgmt calls the management API as the administrator: mgmt METHOD PATH BODY.
mgmt() {
  curl -fsS -o /dev/null -X "$1" -u "$ADMIN_USER:$ADMIN_PASSWORD" -H 'content-type: application/json' \
    --data "$3" "http://127.0.0.1:$MGMT_PORT/api/$2" || { log "management API: $1 /api/$2 failed"; exit 1; }
}

# json escapes a string for a JSON string literal.
json() { local v=${1//\\/\\\\}; printf '%s' "${v//\"/\\\"}"; }

# running: the process exists and has not exited (an exited one stays a zombie until init,
# which may be slow to, reaps it).
running() { kill -0 "$1" 2>/dev/null && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null; }

stop_pidfile() {
  local f=$1
  [ -f "$f" ] || return 0
  local pid; pid=$(cat "$f")
  if running "$pid"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do running "$pid" || break; sleep 0.05; done
    if running "$pid"; then kill -9 "$pid" 2>/dev/null || true; fi
  fi
  rm -f "$f"
}

print_env() {
  cat <<ENV
export TEST_REDIS_ADDR=127.0.0.1:$REDIS_PORT
export TEST_REDIS_PASSWORD=$REDIS_PASSWORD
export TEST_AMQP_PORT=$AMQP_PORT
export TEST_MGMT_URL=http://127.0.0.1:$MGMT_PORT
export TEST_MGMT_PORT=$MGMT_PORT
export TEST_ADMIN_USER=$ADMIN_USER
export TEST_ADMIN_PASSWORD=$ADMIN_PASSWORD
export TEST_MONITOR_USER=$MON_USER
export TEST_MONITOR_PASSWORD=$MON_PASSWORD
export TEST_MQTT_ADDR=127.0.0.1:$MQTT_PORT
export TEST_RABBIT_NODE=$RABBIT_NODE
export TEST_SERVICES_SCRIPT=$(cd "$(dirname "$0")" && pwd)/services.sh
ENV
}

case "${1:-}" in
  up)
    install_missing
    mkdir -p "$SERVICES_DIR"
    start_redis
    start_mosquitto
    start_rabbitmq
    print_env >"$SERVICES_DIR/env"
    log "ready: redis :$REDIS_PORT, rabbitmq amqp :$AMQP_PORT management :$MGMT_PORT, mosquitto :$MQTT_PORT"
    ;;
  down)
    rabbit_env
    if [ -f "$SERVICES_DIR/rabbitmq/server.pid" ]; then
      # Its data is throwaway: the node (the wrapper script's child) is killed, not stopped
      # (a graceful stop takes 5 to 8 s; the next start recovers in its usual time).
      pkill -9 -P "$(cat "$SERVICES_DIR/rabbitmq/server.pid")" 2>/dev/null || true
      stop_pidfile "$SERVICES_DIR/rabbitmq/server.pid"
    fi
    stop_pidfile "$SERVICES_DIR/redis/redis.pid"
    stop_pidfile "$SERVICES_DIR/mosquitto/mosquitto.pid"
    # epmd is started by the Erlang VM on loopback; stop it too so nothing is left running,
    # unless another set's node still uses it.
    if command -v epmd >/dev/null && ! epmd -names 2>/dev/null | grep -q '^name '; then
      epmd -kill >/dev/null 2>&1 || true
    fi
    log "stopped"
    ;;
  # Used by tests to restart one service.
  stop-mosquitto) stop_pidfile "$SERVICES_DIR/mosquitto/mosquitto.pid" ;;
  start-mosquitto) start_mosquitto ;;
  stop-redis) stop_pidfile "$SERVICES_DIR/redis/redis.pid" ;;
  start-redis) start_redis ;;
  stop-rabbitmq)
    rabbit_env
    /usr/lib/rabbitmq/bin/rabbitmqctl -q stop >/dev/null 2>&1 || true
    stop_pidfile "$SERVICES_DIR/rabbitmq/server.pid"
    ;;
  start-rabbitmq) start_rabbitmq ;;
  env) print_env ;;
  *) echo "usage: $0 up|down|env" >&2; exit 2 ;;
esac
