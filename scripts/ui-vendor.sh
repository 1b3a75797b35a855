#!/usr/bin/env bash
# make ui-vendor: refreshes the UI's third-party libraries from the npm registry into
# api/ui/vendor/, each with its licence file. The files are committed: users and the build
# need no network and no front-end toolchain. Bump a version here, run it, review the diff.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=api/ui/vendor
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fetch() { # name@version → unpacked package in $tmp/<dir>
  local spec=$1 dir=$2
  (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
  mkdir -p "$tmp/$dir"
  tar -xzf "$tmp"/*.tgz -C "$tmp/$dir" --strip-components=1
  rm -f "$tmp"/*.tgz
}

rm -rf "$dest"
mkdir -p "$dest"

fetch leaflet@1.9.4 leaflet
mkdir -p "$dest/leaflet/images"
cp "$tmp/leaflet/dist/leaflet.js" "$tmp/leaflet/dist/leaflet.css" "$tmp/leaflet/LICENSE" "$dest/leaflet/"
cp "$tmp/leaflet/dist/images/"*.png "$dest/leaflet/images/"

fetch @geoman-io/leaflet-geoman-free@2.20.2 geoman
mkdir -p "$dest/geoman"
cp "$tmp/geoman/dist/leaflet-geoman.js" "$tmp/geoman/dist/leaflet-geoman.css" "$tmp/geoman/LICENSE" "$dest/geoman/"

fetch topojson-client@3.1.0 topojson
mkdir -p "$dest/topojson-client"
cp "$tmp/topojson/dist/topojson-client.min.js" "$tmp/topojson/LICENSE" "$dest/topojson-client/"

fetch world-atlas@2.0.2 atlas
mkdir -p "$dest/world-atlas"
cp "$tmp/atlas/countries-50m.json" "$tmp/atlas/LICENSE" "$dest/world-atlas/"

cat > "$dest/VERSIONS" <<VERSIONS
leaflet 1.9.4 (BSD-2-Clause)
@geoman-io/leaflet-geoman-free 2.20.2 (MIT)
topojson-client 3.1.0 (ISC)
world-atlas 2.0.2 (ISC; data from Natural Earth, public domain)
VERSIONS
echo "ui-vendor: $(du -sh "$dest" | cut -f1) in $dest"
