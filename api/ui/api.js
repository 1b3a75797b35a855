// The management API as the pages use it: the browser's session cookie (set by opening the
// address the server logs, ?token=…; when it has ended, the token asked for once and turned
// into a new session, never kept by the page), the ETag of each set sent back as If-Match on
// every write, and errors as ApiError with the API's detail and field errors. Every address
// is relative to the page, so the UI works under any path a reverse proxy serves it at.

const etags = { rules: null, areas: null };
let askToken = null;
let asking = null; // the prompt in progress: concurrent 401s share it
let refused = false; // the last token typed in was not accepted

export function onTokenNeeded(fn) { askToken = fn; }

// signIn turns a token into a session cookie as the sign-in page's form does, without leaving
// the page: posted in the body, never in an address a proxy would log (the answer is a
// redirect, not followed: only its cookie matters).
async function signIn(token) {
  await fetch('./', {
    method: 'POST', body: new URLSearchParams({ token }), redirect: 'manual', cache: 'no-store', credentials: 'same-origin',
  });
}

export class ApiError extends Error {
  constructor(status, body) {
    const detail = body && body.detail;
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
  // fieldErrors maps a 422's loc paths ("conditions.0.value") to their messages.
  get fieldErrors() {
    const out = new Map();
    const detail = this.body && this.body.detail;
    if (this.status === 422 && Array.isArray(detail)) {
      for (const e of detail) {
        const key = (e.loc || []).slice(1).join('.') || 'body';
        out.set(key, out.has(key) ? `${out.get(key)}; ${e.msg}` : e.msg);
      }
    }
    return out;
  }
}

// Raw is a request body sent as it is (a CSV file), with its content type.
export class Raw {
  constructor(text, type) { this.text = text; this.type = type; }
}

// call sends one request; set ("rules" or "areas") ties it to that set's ETag.
export async function call(method, path, body, set) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = body instanceof Raw ? body.type : 'application/json';
    if (set && method !== 'GET' && etags[set]) headers['If-Match'] = etags[set];
    const resp = await fetch(path, {
      method, headers, cache: 'no-store', credentials: 'same-origin',
      body: body === undefined ? undefined : (body instanceof Raw ? body.text : JSON.stringify(body)),
    });
    if (resp.status === 401 && askToken) {
      if (!asking) {
        asking = askToken(refused ? 'That token was not accepted.' : '')
          .then(signIn)
          .finally(() => { asking = null; });
        refused = true;
      }
      await asking;
      continue;
    }
    if (resp.status !== 401) refused = false;
    const tag = resp.headers.get('ETag');
    if (set && tag) etags[set] = tag;
    const text = await resp.text();
    if (resp.ok && (resp.headers.get('Content-Type') || '').startsWith('text/csv')) return text;
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
    if (!resp.ok) throw new ApiError(resp.status, data);
    return data;
  }
  throw new ApiError(401, { detail: 'Not authenticated' });
}

export const api = {
  config: () => call('GET', 'ui/config.json'),
  rules: () => call('GET', 'api/rules', undefined, 'rules'),
  createRule: (r) => call('POST', 'api/rules', r, 'rules'),
  updateRule: (id, r) => call('PUT', `api/rules/${encodeURIComponent(id)}`, r, 'rules'),
  deleteRule: (id) => call('DELETE', `api/rules/${encodeURIComponent(id)}`, undefined, 'rules'),
  importRules: (set, dryRun) => call('PUT', `api/rules${dryRun ? '?dry_run=true' : ''}`, set, 'rules'),
  areas: () => call('GET', 'api/areas', undefined, 'areas'),
  createArea: (a) => call('POST', 'api/areas', a, 'areas'),
  updateArea: (id, a) => call('PUT', `api/areas/${encodeURIComponent(id)}`, a, 'areas'),
  deleteArea: (id) => call('DELETE', `api/areas/${encodeURIComponent(id)}`, undefined, 'areas'),
  importAreas: (set, dryRun) => call('PUT', `api/areas${dryRun ? '?dry_run=true' : ''}`, set, 'areas'),
  testRule: (rule, traffic) => call('POST', 'api/rules/test', traffic === undefined ? { rule } : { rule, traffic }),
  traffic: () => call('GET', 'api/traffic'),
  ruleStatus: () => call('GET', 'api/rule-status'),
  checkAreas: (areas) => call('POST', 'api/areas/check', areas),
  matches: (rule, before, state) => {
    const q = new URLSearchParams();
    if (rule) q.set('rule', rule);
    if (state) q.set('state', state);
    if (before) q.set('before', before);
    const qs = q.toString();
    return call('GET', `api/matches${qs ? `?${qs}` : ''}`);
  },
  flights: (params) => call('GET', `api/flights?${new URLSearchParams(params)}`),
  flightStats: (params) => call('GET', `api/flights/stats?${new URLSearchParams(params)}`),
  flightsCSV: (params) => call('GET', `api/flights.csv?${new URLSearchParams(params)}`),
  flightsCSVLink: (params) => `api/flights.csv?${new URLSearchParams(params)}`,
  flightTrack: (id) => call('GET', `api/flights/${encodeURIComponent(id)}/track`),
  flightRecords: (params) => call('GET', `api/flights/records?${new URLSearchParams(params)}`),
  flightTop: (params) => call('GET', `api/flights/top?${new URLSearchParams(params)}`),
  coverage: (params) => call('GET', `api/coverage?${new URLSearchParams(params)}`),
  watchlists: () => call('GET', 'api/watchlists'),
  watchlist: (id, params) => call('GET', `api/watchlists/${encodeURIComponent(id)}?${new URLSearchParams(params)}`),
  // importWatchlist replaces a list with a file's text (CSV, or JSON when it starts with '{')
  // or, with url set and no text, a list the server downloads.
  importWatchlist: (id, meta, text, url) => {
    const q = new URLSearchParams();
    for (const k of ['name', 'source', 'licence']) if (meta[k]) q.set(k, meta[k]);
    if (url) q.set('url', url);
    const json = text && text.trimStart().startsWith('{');
    return call('PUT', `api/watchlists/${encodeURIComponent(id)}?${q}`, new Raw(text || '', json ? 'application/json' : 'text/csv'));
  },
  deleteWatchlist: (id) => call('DELETE', `api/watchlists/${encodeURIComponent(id)}`),
  addWatchlistEntry: (id, entry) => call('POST', `api/watchlists/${encodeURIComponent(id)}/entries`, entry),
  removeWatchlistEntry: (id, hex) => call('DELETE', `api/watchlists/${encodeURIComponent(id)}/entries/${encodeURIComponent(hex)}`),
  mutes: () => call('GET', 'api/mutes'),
  mute: (rule, minutes, icao) => call('POST', 'api/mutes', icao ? { rule, icao_hex: icao, minutes } : { rule, minutes }),
  unmute: (rule, icao) => call('DELETE', `api/mutes/${encodeURIComponent(rule)}${icao ? `?icao_hex=${encodeURIComponent(icao)}` : ''}`),
  // lookup is the database's suggestions: kind "types" or "operators".
  lookup: (kind, q) => call('GET', `api/lookup/${kind}?q=${encodeURIComponent(q)}`),
};
