#!/usr/bin/env bash
# Times the whole `tracker-rules replay` command on real traffic: the global readsb snapshot as
# 3 messages per aircraft moving along their tracks (25,269 lines), with the rare and the heavy
# rule sets of bench/testdata, output to /dev/null. A measurement, not a test. Also prints the
# steady-state rate on the same traffic repeated ten times (start-up then weighs nothing).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/bin/time ] || { echo "replay-speed: needs /usr/bin/time (Debian package time)" >&2; exit 1; }
make -s build
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
gunzip -c cmd/tracker-rules/testdata/readsb_global_20220430.json.gz | bin/tracker-rules from-readsb --rounds 3 > "$tmp/traffic.jsonl" 2>/dev/null
for _ in $(seq 10); do cat "$tmp/traffic.jsonl"; done > "$tmp/traffic10.jsonl"
lines=$(wc -l < "$tmp/traffic.jsonl")
best() { # best wall time of 5 runs, in seconds
  local b=999 t
  for _ in 1 2 3 4 5; do
    /usr/bin/time -o "$tmp/t" -f %e bin/tracker-rules replay --rules "bench/testdata/replay-$1-rules.json" --areas bench/testdata/replay-areas.json < "$2" > /dev/null 2>/dev/null
    t=$(tail -1 "$tmp/t")
    b=$(awk -v a="$b" -v c="$t" 'BEGIN{print (c<a)?c:a}')
  done
  echo "$b"
}
for set in rare heavy; do
  n=$(bin/tracker-rules replay --rules "bench/testdata/replay-$set-rules.json" --areas bench/testdata/replay-areas.json < "$tmp/traffic.jsonl" 2>/dev/null | wc -l)
  t1=$(best "$set" "$tmp/traffic.jsonl")
  t10=$(best "$set" "$tmp/traffic10.jsonl")
  awk -v s="$set" -v l="$lines" -v n="$n" -v a="$t1" -v b="$t10" 'BEGIN{
    printf "%-5s %d lines, %d notifications: %.2f s = %.0f lines/s, %.0f notifications/s; x10 input: %.2f s = %.0f lines/s\n",
      s, l, n, a, l/a, n/a, b, 10*l/b }'
done
