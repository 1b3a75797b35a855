#!/usr/bin/env bash
# Runs every test: installs and starts the real services (Redis, RabbitMQ with management,
# Mosquitto) on loopback, runs the unit and integration tests with the race detector, and
# stops the services again whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v go >/dev/null || { echo "test: Go is required" >&2; exit 1; }
bash scripts/services.sh up
trap 'bash scripts/services.sh down' EXIT
# shellcheck disable=SC1091
. "${SERVICES_DIR:-/tmp/tracker-core-health-services}/env"
gofmt_out=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
[ -z "$gofmt_out" ] || { echo "gofmt needed on:"; echo "$gofmt_out"; exit 1; }
go vet -tags integration ./...
# -p 1: the integration tests share one Mosquitto, RabbitMQ and Redis.
go test -race -count=1 -p 1 -tags integration -timeout 20m ./...
