// Geometry for the areas page: where an area's name goes, its size, and its coordinates as
// text (typed or shown) — GeoJSON order, [longitude, latitude].

const EARTH_RADIUS_KM = 6371.0088;
const rad = (d) => (d * Math.PI) / 180;

// labelPoint is a point inside the area for its name: the centroid of a polygon when it lies
// inside (and not in a hole), else the middle of the widest inside stretch of a horizontal line
// through it; a line's middle vertex; a point itself.
export function labelPoint(g) {
  if (!g || !Array.isArray(g.coordinates)) return null;
  if (g.type === 'Point') return g.coordinates;
  if (g.type === 'LineString') return g.coordinates[Math.floor(g.coordinates.length / 2)] || null;
  if (g.type !== 'Polygon' || !g.coordinates.length) return null;
  const c = centroid(g.coordinates[0]);
  if (c && inside(g.coordinates, c)) return c;
  const ys = g.coordinates[0].map((p) => p[1]);
  const lo = Math.min(...ys), hi = Math.max(...ys);
  let best = null;
  for (let k = 1; k < 16; k++) { // lines across the polygon, the middle first
    const y = lo + ((hi - lo) * (k % 2 ? 8 + Math.ceil(k / 2) : 8 - k / 2)) / 16;
    const xs = [];
    for (const ring of g.coordinates) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const [ax, ay] = ring[i], [bx, by] = ring[i + 1];
        if ((ay <= y && by > y) || (by <= y && ay > y)) xs.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
      }
    }
    xs.sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      const w = xs[i + 1] - xs[i];
      if (!best || w > best.w) best = { w, at: [(xs[i] + xs[i + 1]) / 2, y] };
    }
  }
  return best ? best.at : c;
}

// centroid is the area-weighted centroid of a ring.
function centroid(ring) {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i], [x1, y1] = ring[i + 1];
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (a === 0) return ring[0] || null;
  return [cx / (3 * a), cy / (3 * a)];
}

// inside reports whether p lies inside the outer ring and in no hole (even-odd).
export function inside(rings, p) {
  const inRing = (ring) => {
    let c = false;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i], [xj, yj] = ring[j];
      if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
    }
    return c;
  };
  return inRing(rings[0]) && !rings.slice(1).some(inRing);
}

// ringArea is a ring's area on the sphere, in km² (the spherical excess of its edges).
function ringArea(ring) {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i], [x1, y1] = ring[i + 1];
    s += rad(x1 - x0) * (2 + Math.sin(rad(y0)) + Math.sin(rad(y1)));
  }
  return Math.abs((s * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}

// length is the great-circle length of a path of positions, in km.
function length(path) {
  let d = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const [x0, y0] = path[i], [x1, y1] = path[i + 1];
    const a = Math.sin(rad(y1 - y0) / 2) ** 2 + Math.cos(rad(y0)) * Math.cos(rad(y1)) * Math.sin(rad(x1 - x0) / 2) ** 2;
    d += 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return d;
}

function km(v) {
  return v >= 100 ? Math.round(v).toLocaleString('en') : v.toFixed(v >= 10 ? 1 : 2);
}

// describeSize is an area's size and perimeter (holes taken off), or a line's length.
export function describeSize(g) {
  if (g.type === 'Polygon' && g.coordinates.length) {
    const area = ringArea(g.coordinates[0]) - g.coordinates.slice(1).reduce((s, r) => s + ringArea(r), 0);
    return `Size ${km(area)} km² · perimeter ${km(length(g.coordinates[0]))} km`;
  }
  if (g.type === 'LineString') return `Length ${km(length(g.coordinates))} km`;
  return '';
}

// formatCoordinates is a geometry as the coordinates box shows it: "lat, lon" per line (a
// polygon's outer ring, closed); a polygon with holes as its GeoJSON, which can say them.
export function formatCoordinates(g) {
  const line = ([lon, lat]) => `${round(lat)}, ${round(lon)}`;
  if (g.type === 'Point') return line(g.coordinates);
  if (g.type === 'LineString') return g.coordinates.map(line).join('\n');
  if (g.type === 'Polygon' && g.coordinates.length === 1) return g.coordinates[0].map(line).join('\n');
  return JSON.stringify({ type: g.type, coordinates: g.coordinates });
}

const round = (v) => Math.round(v * 1e6) / 1e6;

// parseCoordinates reads the coordinates box: a GeoJSON geometry, or "lat, lon" per line. It
// returns the geometry of the given kind (a polygon's ring closed), null while there are too
// few positions yet, or throws an Error naming the line at fault.
export function parseCoordinates(text, kind) {
  const t = text.trim();
  if (t === '') return null;
  if (t.startsWith('{')) {
    let g;
    try {
      g = JSON.parse(t);
    } catch (e) {
      throw new Error(`Not a GeoJSON geometry: ${e.message}`);
    }
    if (g && g.type === 'Feature') g = g.geometry;
    if (!g || g.type !== kind || !Array.isArray(g.coordinates)) throw new Error(`A GeoJSON ${kind} is wanted here (“type”: “${kind}”, “coordinates”: …).`);
    return g;
  }
  const positions = [];
  t.split('\n').forEach((raw, i) => {
    const l = raw.trim();
    if (l === '') return;
    const m = /^(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)$/.exec(l);
    if (!m) throw new Error(`Line ${i + 1}: “${l}” is not “latitude, longitude”.`);
    const lat = Number(m[1]), lon = Number(m[2]);
    if (Math.abs(lat) > 90) throw new Error(`Line ${i + 1}: latitude ${lat} is outside -90 to 90.`);
    if (Math.abs(lon) > 180) throw new Error(`Line ${i + 1}: longitude ${lon} is outside -180 to 180.`);
    positions.push([lon, lat]);
  });
  if (kind === 'Point') {
    if (positions.length > 1) throw new Error('A point is one “latitude, longitude” line.');
    return positions.length ? { type: 'Point', coordinates: positions[0] } : null;
  }
  if (kind === 'LineString') return positions.length >= 2 ? { type: 'LineString', coordinates: positions } : null;
  const first = positions[0], last = positions[positions.length - 1];
  if (positions.length > 1 && first[0] === last[0] && first[1] === last[1]) positions.pop();
  if (positions.length < 3) return null;
  return { type: 'Polygon', coordinates: [[...positions, positions[0]]] };
}

// featuresOf reads an import file: a FeatureCollection, one Feature, or a bare geometry.
export function featuresOf(data) {
  if (data && data.type === 'FeatureCollection' && Array.isArray(data.features)) return data.features.filter((f) => f && typeof f === 'object');
  if (data && data.type === 'Feature') return [data];
  if (data && ['Polygon', 'LineString', 'Point'].includes(data.type)) return [{ type: 'Feature', properties: {}, geometry: data }];
  if (Array.isArray(data)) throw new Error('a JSON array: import areas takes a GeoJSON FeatureCollection, Feature or geometry (use “Replace all areas…” for a list of areas)');
  throw new Error('not a GeoJSON FeatureCollection, Feature or geometry');
}

// identifierFrom proposes an identifier from a name: upper-case, no spaces.
export function identifierFrom(name) {
  const id = String(name || '').trim().toUpperCase().replace(/[^A-Z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return id || 'AREA';
}
