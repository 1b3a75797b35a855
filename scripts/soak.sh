#!/usr/bin/env bash
# make soak: the monitor for SOAK_MINUTES (default 30) against the real services, with
# processor ids churning every poll and each backend restarted in turn every few minutes.
# Prints RSS, goroutines and open FDs at the start and every 5 minutes, and the cycles that
# failed outside a restart. A measurement, not a test (cmd/tracker-core-health/soak_test.go).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/services.sh up
trap 'bash scripts/services.sh down' EXIT
# shellcheck disable=SC1091
. "${SERVICES_DIR:-/tmp/tracker-core-health-services}/env"
echo "soak: ${SOAK_MINUTES:-30} minutes"
go test -tags 'integration soak' -run '^TestSoak$' -count=1 -v -timeout 0 ./cmd/tracker-core-health/ 2>&1 \
  | grep --line-buffered -E '^soak |restarted|^(--- |ok|FAIL)|Error'
