#!/usr/bin/env bash
# Runs every fuzz target of the parsers that face the network, FUZZTIME each (default 1m;
# `make test` runs them for a few seconds). Seeds come from shared/captures and the real
# readsb data (copied into each package's testdata); an input that breaks a target is
# written to that package's testdata/fuzz/ and fails the run: commit it with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-1m}
# FUZZPARALLEL workers per target (default: one per core); make test fuzzes with one, beside
# the tests.
parallel=${FUZZPARALLEL:+-parallel $FUZZPARALLEL}
targets=(
  "./stages/broker FuzzParse"                 # management API answers (overview, nodes, queues, exchange)
  "./stages/broker FuzzQueues"                # the queues list's fast decoder against encoding/json
  "./stages/broker FuzzOwned"                 # queue ownership
  "./stages/store FuzzInfo"                   # INFO everything
  "./stages/store FuzzMemoryStats"            # MEMORY STATS (RESP2 and RESP3)
  "./stages/store FuzzParseCounter"           # counter values
  "./stages/store FuzzReceiverRegistration"   # receiver registration entries
  "./stages/registrations FuzzParse"          # registration payloads
  "./stages/registry FuzzLatest"              # registry tag lists
  "./stages/readsb FuzzParse"                 # readsb/tar1090 aircraft.json
  "./trafficline FuzzDecoder"                  # traffic lines
  "./aircraftdb FuzzMictronicsJSON"           # Mictronics aircrafts, types, operators
  "./aircraftdb FuzzStandingDataCSV"          # standing-data CSVs (airlines, airports, model types, routes, code blocks)
  "./aircraftdb FuzzLoad"                     # the database file
  "./rules FuzzLoadRules"                     # rule files
  "./rules FuzzLoadAreas"                     # area files
  "./rules FuzzPointInPolygon"                # the point test against its definition
  "./rules FuzzSelfIntersectionSweep"         # the self-intersection sweep against the pairwise check
  "./watchlist FuzzParseCSV"                  # watchlist CSV (an upload, a URL)
  "./watchlist FuzzParseJSON"                 # watchlist JSON
  "./delivery FuzzParse"                      # a rule's notify
  "./delivery FuzzParseCommand"               # mute commands from MQTT
  "./sinks/channels FuzzParseURLs"            # NOTIFY_URLS
  "./registers FuzzReadFAA"                   # the FAA's MASTER.txt
  "./registers FuzzReadCASA"                  # CASA's acrftreg.csv
  "./registers FuzzReadTC"                    # Transport Canada's carscurr.txt and carsownr.txt
)
# make test fuzzes a few targets beside the tests and stops when they end: FUZZ_COUNT targets
# at most (default: all), FUZZ_STOP_FILE, once it exists, ends the run before the next target;
# FUZZ_START rotates where the run begins, so that every target gets its turn across runs.
n=${#targets[@]}
start=$(( ${FUZZ_START:-0} % n ))
count=$(( ${FUZZ_COUNT:-$n} < n ? ${FUZZ_COUNT:-$n} : n ))
done_count=0
for ((k = 0; k < count; k++)); do
  t=${targets[$(( (start + k) % n ))]}
  if [ -n "${FUZZ_STOP_FILE:-}" ] && [ -e "$FUZZ_STOP_FILE" ]; then
    echo "fuzz: stopped with the tests after $done_count of $n targets"
    break
  fi
  read -r pkg name <<<"$t"
  echo "fuzz: $name ($pkg) for $fuzztime"
  # shellcheck disable=SC2086
  if ! go test -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -fuzzminimizetime 2s $parallel "$pkg" >/tmp/tracker-fuzz-$name.log 2>&1; then
    # A starved worker (a loaded machine, a low priority) makes Go's fuzzing engine end with
    # "context deadline exceeded" and no input: not a finding. A finding is written to testdata.
    if grep -q 'context deadline exceeded' /tmp/tracker-fuzz-$name.log && ! grep -q 'Failing input written to' /tmp/tracker-fuzz-$name.log; then
      echo "fuzz: $name: the fuzzing engine's worker did not answer in time (a loaded machine); no failing input"
    else
      tail -40 /tmp/tracker-fuzz-$name.log >&2
      echo "fuzz: $name found a failing input (see $pkg/testdata/fuzz/$name/)" >&2
      exit 1
    fi
  fi
  # Under load the time can go to gathering the baseline coverage: no execs line then.
  { grep -o 'execs: [0-9]*' /tmp/tracker-fuzz-$name.log || echo 'execs: 0'; } | tail -1 | sed "s/^/fuzz: $name: /"
  done_count=$((done_count + 1))
done
