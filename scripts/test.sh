#!/usr/bin/env bash
# Runs every test: installs and starts the real services (Redis, RabbitMQ with management,
# Mosquitto) on loopback, runs the unit and integration tests with the race detector, and
# stops the services again whatever happens. It fails when a process the tests started (a
# binary of the checkout or of the tests' build, or anything buildah runs) is still running
# after them. Everything a run writes outside the checkout is in a folder of its own (RUN, kept
# when the run fails), so that two checkouts can test at once.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v go >/dev/null || { echo "test: Go is required" >&2; exit 1; }
run=$(mktemp -d /tmp/tracker-test-run.XXXXXX)
chmod 0755 "$run" # the add-on test runs its programs as another user (65532), who must reach them
# The image build's storage, one per checkout (kept between runs: a warm build takes ≈ 20 s);
# image.sh and the image tests read it from BUILDAH_ROOT.
export BUILDAH_ROOT=${BUILDAH_ROOT:-/tmp/tracker-core-health-buildah-$(pwd | sha1sum | cut -c1-12)}

# ours lists the running processes of this run: started from the checkout's bin/ or this run's
# builds ($run/bin), buildah on this checkout's storage (buildah itself, its chroot helper, and
# the image's binaries it runs), or a test process's own Mosquitto (its configuration in this
# run's TMPDIR). Another checkout's tests running at the same time are not ours.
ours() {
  local root exe d where
  root=$(pwd)
  for d in /proc/[0-9]*; do
    exe=$(readlink "$d/exe" 2>/dev/null) || continue
    grep -q '^State:[[:space:]]*Z' "$d/status" 2>/dev/null && continue
    case "$exe" in
      "$root"/bin/*|"$run"/*|"$BUILDAH_ROOT"/*) echo "${d#/proc/} $exe" ;;
      */buildah|*/mosquitto)
        # Its arguments (--root, -c), or the root it chrooted into (buildah-chroot-exec).
        where="$(tr '\0' ' ' <"$d/cmdline" 2>/dev/null) $(readlink "$d/root" 2>/dev/null)/"
        case "$where" in *" $BUILDAH_ROOT/"*|*" $run/"*) echo "${d#/proc/} $exe" ;; esac ;;
    esac
  done | sort
}
before=$(ours)

finish() {
  local rc=$? left
  [ -z "${services:-}" ] || wait "$services" 2>/dev/null || true
  [ -z "${images:-}" ] || wait "$images" 2>/dev/null || true
  [ -z "${fuzz:-}" ] || { kill -TERM -- "-$fuzz" 2>/dev/null; wait "$fuzz" 2>/dev/null; } || true
  left=$(comm -13 <(echo "$before") <(ours) | sed '/^$/d')
  if [ -n "$left" ]; then
    echo "test: processes the tests started are still running after them:" >&2
    echo "$left" >&2
    echo "$left" | awk '{print $1}' | xargs -r kill -9 2>/dev/null || true
    rc=1
  fi
  bash scripts/services.sh down
  if [ "$rc" = 0 ]; then rm -rf "$run"; else echo "test: this run's files (its go test -json, logs) are in $run" >&2; fi
  exit $rc
}

# RabbitMQ takes a while to start: it starts while the sources are checked.
start=$(date +%s)
bash scripts/services.sh up >"$run/services-up.log" 2>&1 &
services=$!
trap finish EXIT
# The image build the image tests wait for (cmd/tracker-core-health) starts as early as it
# can: at once when buildah and qemu are installed (while RabbitMQ boots), else once
# services.sh has installed them (two apt-gets at once would fight over dpkg's lock).
export TRACKER_TEST_IMAGE_BUILD=$run/image-build
start_images() {
  rm -rf "$TRACKER_TEST_IMAGE_BUILD" && mkdir -p "$TRACKER_TEST_IMAGE_BUILD"
  # VERSION, GIT_COMMIT and PLATFORMS as cmd/tracker-core-health's makeImages has them.
  ( VERSION=9.9.9-image GIT_COMMIT=abc1234 PLATFORMS=linux/amd64,linux/arm64,linux/arm/v7 \
      bash scripts/image.sh >"$TRACKER_TEST_IMAGE_BUILD/log" 2>&1
    echo $? >"$TRACKER_TEST_IMAGE_BUILD/rc" ) &
  images=$!
}
if command -v buildah >/dev/null && command -v qemu-aarch64-static >/dev/null; then start_images; fi
gofmt_out=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
[ -z "$gofmt_out" ] || { echo "gofmt needed on:"; echo "$gofmt_out"; exit 1; }
# Four fuzz targets for a few seconds each (make fuzz runs every one longer), one worker each,
# at a lower priority beside the tests, starting each run at another target, so that every
# target has its turn over a few runs; all 18 each time were ≈ 100 CPU-seconds, a sixth of the
# run on two cores. It stops with the tests (every target's seed inputs run as tests anyway).
fuzzstop=$run/fuzz.stop
rm -f "$fuzzstop"
# (setsid: its own process group, so that the target still running when the tests end can
# be stopped with everything it started.)
FUZZTIME=${FUZZTIME:-3s} FUZZ_COUNT=${FUZZ_COUNT:-4} FUZZPARALLEL=1 FUZZ_STOP_FILE=$fuzzstop FUZZ_START=$RANDOM setsid nice -n 10 bash scripts/fuzz.sh >"$run/fuzz.log" 2>&1 &
fuzz=$!
go vet -tags integration ./...
go build -o "$run/testreport" ./internal/testreport
# The binaries the integration tests run, and toxiproxy, built once for every package.
export TRACKER_TEST_BIN=$run/bin TRACKER_TEST_TOXIPROXY=$run/bin/toxiproxy-server
go build -ldflags "-X github.com/tracker-adsb/tracker-core-health/internal/version.Version=9.9.9-test" -o "$TRACKER_TEST_BIN/" ./cmd/...
go build -o "$TRACKER_TEST_TOXIPROXY" github.com/Shopify/toxiproxy/v2/cmd/server
wait "$services" || { cat "$run/services-up.log" >&2; exit 1; }
[ -n "${images:-}" ] || start_images
# shellcheck disable=SC1091
. "${SERVICES_DIR:-/tmp/tracker-core-health-services}/env"
# Two packages at a time: each test process has its own Redis and Mosquitto
# (internal/testenv), RabbitMQ is used by one package; -parallel lets the tests that wait on
# faults and timers (each with servers of its own) wait together.
# go test starts packages in the order given: the slowest start first, one slot each, and the
# many short ones fill in beside them (in ./... order the second slot ran everything but api one
# after another and finished two minutes after it).
module=$(go list -m)
slow=("$module/api" "$module/cmd/tracker-core-health" "$module/cmd/tracker-rules" "$module/stages/replay")
mapfile -t rest < <(go list -tags integration ./... | grep -v -x -F "${slow[@]/#/-e}")
# The tests' own folders (t.TempDir, a test process's Redis and Mosquitto) in this run's.
mkdir -p "$run/tmp"
TMPDIR=$run/tmp go test -race -count=1 -p 2 -parallel 8 -tags integration -timeout 20m -json "${slow[@]}" "${rest[@]}" | tee "$run/test.json" | "$run/testreport"
touch "$fuzzstop"
# The target under way may finish for 10 s (a finding fails the run); then it is stopped.
for _ in $(seq 50); do kill -0 "$fuzz" 2>/dev/null || break; sleep 0.2; done
if kill -0 "$fuzz" 2>/dev/null; then
  kill -TERM -- "-$fuzz" 2>/dev/null || true
  wait "$fuzz" 2>/dev/null || true
  echo "fuzz: the target under way was stopped with the tests"
elif ! wait "$fuzz"; then
  cat "$run/fuzz.log" >&2
  exit 1
fi
grep -c '^fuzz: .*: execs' "$run/fuzz.log" | sed 's/^/fuzz: targets fuzzed beside the tests: /;s/$/ (make fuzz runs every target)/' || true
echo "test: all passed in $(( $(date +%s) - start )) s"
