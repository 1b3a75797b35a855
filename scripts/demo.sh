#!/usr/bin/env bash
# make demo: starts the local services, seeds a small demo topology with live traffic, runs
# the monitor, the management API with its UI and tracker-rules watch against them, and
# prints a compact summary every 10 s (the queues with their messages, consumers and rates,
# the counters, the store, the rule matches). Everything published over MQTT goes to a log
# file whose path is printed. Ctrl-C stops it all (or set DEMO_SECONDS to stop after that long).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh up
. "${SERVICES_DIR:-/tmp/tracker-core-health-services}/env"

[ -x bin/tracker-core-health ] || make build
go build -o bin/demo-summary ./internal/demosummary
go build -o bin/demo-feed ./internal/demofeed
if ! command -v amqp-consume >/dev/null; then # Debian's AMQP command line tools: the demo's consumers
  echo "demo: installing amqp-tools"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends amqp-tools >/dev/null
fi
logs=${DEMO_LOGS:-/tmp/tracker-core-health-demo}
mkdir -p "$logs"

pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  bash scripts/services.sh down
}
trap cleanup EXIT INT TERM

api() { curl -fsS -u "$TEST_ADMIN_USER:$TEST_ADMIN_PASSWORD" -H 'content-type: application/json' -X "$1" "$TEST_MGMT_URL$2" ${3:+-d "$3"} >/dev/null; }
rc() { redis-cli -p "${TEST_REDIS_ADDR##*:}" -a "$TEST_REDIS_PASSWORD" --no-auth-warning "$@" >/dev/null; }

echo "demo: seeding queues, an exchange and counters"
api PUT /api/exchanges/%2F/tracker-adsb '{"type":"fanout","durable":true}'
for q in tracker-message-processor-demo-1 tracker-message-processor-demo-2 tracker-adsb-unroutable tracker-archive someone-elses-queue; do
  api PUT "/api/queues/%2F/$q" '{"durable":true}'
done
for q in tracker-message-processor-demo-1 tracker-message-processor-demo-2 tracker-archive; do
  api POST "/api/bindings/%2F/e/tracker-adsb/q/$q" '{"routing_key":"1"}'
done
rc SET metrics:message_processor:demo-1:total_messages_processed:lifetime 12345
rc SET metrics:message_processor:demo-1:registration_misses:today 12
rc SADD receiver:index rooftop
rc SET receiver:registration:rooftop '[{"host":"192.168.10.5","port":30002,"source":"1090"}]' EX 3600
rc SET metrics:receiver:rooftop:192-168-10-5_30002:messages:hour 420

amqp_url="amqp://$TEST_ADMIN_USER:$TEST_ADMIN_PASSWORD@127.0.0.1:$TEST_AMQP_PORT"
for q in tracker-message-processor-demo-1 tracker-archive; do
  amqp-consume --url="$amqp_url" -q "$q" -p 50 cat >/dev/null 2>>"$logs/consumers.log" &
  pids+=($!)
done
# Live traffic: a steady stream of about 15 messages a second into the exchange over AMQP
# (RabbitMQ's rates are 5 s samples: a bursty or slow publisher reads 0.0 most of the time),
# consumed and acknowledged by demo-1 and the archive; demo-2 has no consumer, so its backlog
# grows.
( while true; do
    amqp-publish --url="$amqp_url" -e tracker-adsb -r 1 -b '{}' 2>>"$logs/publisher.log"
    sleep 0.05
  done ) &
pids+=($!)
# The receiver's own statistics: a real readsb stats.json, kept fresh as a running readsb
# keeps its own, read by the monitor as receiver "rooftop" (RECEIVER_STATS_URL).
bin/demo-feed -o "$logs/stats.json" -aircraft "$logs/aircraft.json" 2>>"$logs/demo-feed.log" &
pids+=($!)

# Every message published over MQTT, for whoever wants all of it.
mosquitto_sub -h 127.0.0.1 -p "${TEST_MQTT_ADDR##*:}" -v -t 'Tracker/#' -t 'homeassistant/#' >"$logs/mqtt.log" &
pids+=($!)

export BROKER_HOST=127.0.0.1 BROKER_MANAGEMENT_PORT=$TEST_MGMT_PORT
export BROKER_MONITORING_USERNAME=$TEST_MONITOR_USER BROKER_MONITORING_PASSWORD=$TEST_MONITOR_PASSWORD
export STORE_HOST=127.0.0.1 STORE_PORT=${TEST_REDIS_ADDR##*:} STORE_PASSWORD=$TEST_REDIS_PASSWORD
export MQTT_HOST=127.0.0.1 MQTT_PORT=${TEST_MQTT_ADDR##*:}
export STORE_POLL_INTERVAL=${STORE_POLL_INTERVAL:-15s} HEARTBEAT_PATH=${HEARTBEAT_PATH:-$logs/heartbeat}
export RECEIVER_STATS_URL=${RECEIVER_STATS_URL:-rooftop=$logs/stats.json} RECEIVER_STATS_INTERVAL=${RECEIVER_STATS_INTERVAL:-10s}
export COMPONENT_IMAGE=${COMPONENT_IMAGE:-tracker-core-health} LOG_LEVEL=${LOG_LEVEL:-info}
notes=""
[ -z "${METRICS_ADDR:-}" ] || notes="metrics http://127.0.0.1:${METRICS_ADDR##*:}/metrics · "
# The management API and its UI, with the London example areas and rules loaded; the London
# recording as the receiver's feed (its aircraft on the map, rules tested on them), and the
# rule notifications from the broker on its Matches page.
ui_addr=${CONFIG_API_ADDR:-127.0.0.1:8080}
CONFIG_API_ADDR=$ui_addr CONFIG_UI_READSB_URL=${CONFIG_UI_READSB_URL:-examples/readsb-london.json} FLIGHT_LOG="$logs/flights.db" \
  bin/tracker-config-api 2>>"$logs/tracker-config-api.log" &
pids+=($!)
for _ in $(seq 50); do curl -fsS "http://$ui_addr/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
# The API's token, made at its first start and kept beside the flight log (docs/security.md):
# the address it logs signs a browser in; the demo's own calls send it as a bearer header.
token=$(cat "$logs/api-token" 2>/dev/null || true)
login=$(grep -o '"url":"[^"]*?token=[^"]*"' "$logs/tracker-config-api.log" 2>/dev/null | tail -1 | cut -d'"' -f4)
put() { curl -fsS -X PUT -H 'Content-Type: application/json' -H "Authorization: Bearer $token" --data-binary "@$2" "http://$ui_addr$1" >/dev/null; }
put /api/areas examples/areas.json && put /api/rules examples/rules.json \
  || echo "demo: could not load the examples into tracker-config-api (see $logs/tracker-config-api.log)"
# Alerts from a receiver: tracker-rules watch on a local readsb feed (the London recording,
# a rotating part of it in view), with the rules from the store; its notifications and event
# entities show up with the rest, and each flight that leaves goes to the flight log
# ($logs/flights.db: tracker-rules flights --log $logs/flights.db), on the UI's Flights page too.
for _ in $(seq 50); do [ -s "$logs/aircraft.json" ] && break; sleep 0.1; done
rm -f "$logs"/flights.db* # each demo its own log
FLIGHT_LOG="$logs/flights.db" HOME_LAT=51.47 HOME_LON=-0.45 \
  bin/tracker-rules watch --readsb "$logs/aircraft.json" --from-store --interval 2s --flight-ttl 25s 2>>"$logs/tracker-rules-watch.log" &
pids+=($!)
notes="${notes}UI http://$ui_addr/ (signed in by the address above) · full MQTT stream $logs/mqtt.log · logs $logs/"
echo "demo: the management UI (the London example areas and rules, the London recording as the receiver): open"
echo "demo:   ${login:-http://$ui_addr/?token=$token}"
echo "demo: once per browser: it signs it in (the same address is in $logs/tracker-config-api.log at each start)"
echo "demo: every MQTT message goes to $logs/mqtt.log; the programs log to $logs/"
bin/demo-summary --mqtt "127.0.0.1:${TEST_MQTT_ADDR##*:}" --every 10s --notes "$notes" &
pids+=($!)
echo "demo: running the monitor (Ctrl-C to stop); a summary every 10 s"
bin/tracker-core-health 2>>"$logs/tracker-core-health.log" &
mon=$!
pids+=($mon)
if [ -n "${DEMO_SECONDS:-}" ]; then
  sleep "$DEMO_SECONDS"
  kill -TERM "$mon"
fi
wait "$mon" || true
