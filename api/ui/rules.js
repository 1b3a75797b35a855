// The rules page: a table of rules (enabled toggle, counts) and an editor whose condition rows
// offer, for each type, only the operators it allows and a value widget that fits it. "Test
// rule" runs the form as it stands on the traffic of the user's receiver (or on a file) and
// shows which aircraft it would have alerted on, before anything is saved.
/* global L */
import { api, ApiError } from './api.js';
import { $, h, message, showErrors, clearErrors, download, importFile } from './dom.js';
import { createMap, aircraftMarker, routeText, watchText, watchAttribution, setWatchlists, getDataAttribution, registrantNotice, registrantText } from './map.js';
import { NotifyEditor, summary as notifySummary, deliveryText } from './notify.js';

// The condition types, their operators and the limits of their values are the server's
// (/ui/config.json: the rules package's table, the same one that validates): the page repeats
// none of them.

let nextId = 0;
const uid = (p) => `${p}-${++nextId}`;

export class RulesPage {
  constructor(config) {
    this.config = config;
    // type → {operators, value: {widget, label, unit, hint, min, max, options, …}}, in order.
    this.types = new Map((config.conditions || []).map((c) => [c.type, c]));
    this.operatorLabels = config.operator_labels || {};
    this.ownersOff = config.registrant_detail === 'none'; // REGISTRANT_DETAIL=none: no registrant is made
    this.rules = [];
    this.areas = [];
    this.editing = null; // identifier of the rule in the form, or null for a new one
    this.form = $('#rule-form');
    this.rows = []; // condition rows: {li, type, operator, widget}
    this.watchlists = [];
    this.mutes = [];
    this.notify = new NotifyEditor();
    if (Intl.supportedValuesOf) {
      $('#notify-zones').replaceChildren(...Intl.supportedValuesOf('timeZone').map((z) => h('option', { value: z })));
    }
    $('#rule-new').addEventListener('click', () => this.edit(null));
    $('#rule-export').addEventListener('click', () => this.exportRules());
    $('#rule-import').addEventListener('click', () => $('#rule-import-file').click());
    $('#rule-import-file').addEventListener('change', (e) => this.importRules(e.target));
    $('#rule-add-condition').addEventListener('click', () => { this.addRow({ type: 'altitude', operator: 'maximum', value: '' }); this.rows.at(-1).type.focus(); });
    $('#rule-cancel').addEventListener('click', () => this.closeForm());
    $('#rule-delete').addEventListener('click', () => this.remove());
    $('#rule-test').addEventListener('click', () => this.test());
    $('#rule-test-file').addEventListener('click', () => $('#rule-test-file-input').click());
    $('#rule-test-file-input').addEventListener('change', (e) => this.testFile(e.target));
    this.form.addEventListener('submit', (e) => { e.preventDefault(); this.save(); });
  }

  // show loads the rules; ?edit=ID opens that rule's editor (a link from the Matches page).
  async show(params) {
    await this.reload();
    const id = params && params.get('edit');
    if (id && this.rules.some((r) => r.identifier === id)) this.edit(id);
  }

  async reload() {
    try {
      const [rules, areas, status] = await Promise.all([api.rules(), api.areas(), api.ruleStatus()]);
      this.rules = rules;
      this.areas = areas;
      this.status = new Map(status.map((s) => [s.identifier, s]));
      // The lists (for the watchlist conditions) and the mutes: the page works without them.
      [this.watchlists, this.mutes] = await Promise.all([api.watchlists().catch(() => []), api.mutes().catch(() => [])]);
      setWatchlists(this.watchlists);
    } catch (e) {
      message(`Rules could not be loaded: ${e.message}`, 'error');
      return;
    }
    this.render();
  }

  render() {
    const body = $('#rule-rows');
    body.replaceChildren();
    for (const r of this.rules) {
      body.append(h('tr', { dataset: { id: r.identifier } },
        h('td', {}, h('input', {
          type: 'checkbox', checked: Boolean(r.enabled), 'aria-label': `Enabled: ${r.identifier}`,
          onchange: (e) => this.toggle(r, e.target),
        })),
        h('td', { class: 'mono' }, r.identifier),
        h('td', {}, r.name, ' ', statusBadge(this.status.get(r.identifier)), extensionBadge(r, this.types)),
        h('td', { class: 'num' }, String((r.conditions || []).length)),
        h('td', {}, r.force_archive ? 'yes' : 'no'),
        h('td', { class: 'num' }, `${r.triggered_lifetime ?? 0} / ${r.triggered_last_30_days ?? 0}`),
        h('td', { class: 'notify-cell' }, this.muteCell(r), r.notify ? h('span', { class: 'hint notify-brief' }, notifySummary(r.notify)) : ''),
        h('td', {}, h('button', { type: 'button', onclick: () => this.edit(r.identifier), 'aria-label': `Edit rule ${r.identifier}` }, 'Edit'))));
    }
    $('#rule-empty').hidden = this.rules.length > 0;
  }

  // muteCell is a rule's mute: "Muted until 14:05" with Unmute, or a "Mute 1 h" button.
  muteCell(r) {
    const now = Date.now();
    const m = this.mutes.find((x) => (x.rule === r.identifier || x.rule === '*') && !x.icao_hex && Date.parse(x.until) > now);
    if (m) {
      const until = new Date(m.until).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
      const left = Math.max(1, Math.round((Date.parse(m.until) - now) / 60000));
      const countdown = left >= 120 ? `${Math.round(left / 60)} h left` : `${left} min left`;
      return h('span', { class: 'muted-note' },
        h('span', { class: 'badge muted-badge', title: m.rule === '*' ? 'Every rule is muted' : '' }, `Muted until ${until} (${countdown})`), ' ',
        m.rule === '*' ? '' : h('button', { type: 'button', onclick: () => this.setMute(r.identifier, 0), 'aria-label': `Unmute rule ${r.identifier}` }, 'Unmute'));
    }
    const aircraft = this.mutes.filter((x) => x.rule === r.identifier && x.icao_hex && Date.parse(x.until) > now).length;
    return h('span', {},
      h('button', { type: 'button', onclick: () => this.setMute(r.identifier, 60), 'aria-label': `Mute rule ${r.identifier} for 1 hour` }, 'Mute 1 h'),
      aircraft ? h('span', { class: 'hint' }, ` ${aircraft} aircraft muted`) : '');
  }

  async setMute(id, minutes) {
    try {
      if (minutes === 0) await api.unmute(id);
      else await api.mute(id, minutes);
    } catch (e) {
      message(`Rule ${id} not ${minutes ? 'muted' : 'unmuted'}: ${e.message}`, 'error');
      return;
    }
    message(minutes ? `Rule ${id} muted for ${minutes} minutes: its matches are held (still published, marked held).` : `Rule ${id} unmuted.`);
    await this.reload();
  }

  async toggle(rule, box) {
    const body = stripCounts({ ...rule, enabled: box.checked });
    try {
      await api.updateRule(rule.identifier, body);
      message(`Rule ${rule.identifier} ${box.checked ? 'enabled' : 'disabled'}.`);
    } catch (e) {
      box.checked = !box.checked;
      message(e.status === 412 ? 'Someone else changed the rules since this page loaded them; they have been reloaded.' : `Rule ${rule.identifier} not saved: ${e.message}`, 'error');
    }
    await this.reload();
  }

  edit(id) {
    const r = id === null ? null : this.rules.find((x) => x.identifier === id);
    this.editing = r ? r.identifier : null;
    const f = this.form;
    clearErrors(f);
    f.hidden = false;
    $('#rule-form-title').textContent = r ? `Rule ${r.identifier}` : 'New rule';
    $('#rule-identifier').value = r ? r.identifier : '';
    $('#rule-identifier').readOnly = Boolean(r);
    $('#rule-name').value = r ? r.name : '';
    $('#rule-description').value = r ? r.description : '';
    $('#rule-enabled').checked = r ? Boolean(r.enabled) : true;
    $('#rule-force-archive').checked = r ? Boolean(r.force_archive) : false;
    $('#rule-delete').hidden = !r;
    $('#rule-conditions').replaceChildren();
    this.rows = [];
    for (const c of (r ? r.conditions : [{ type: 'altitude', operator: 'maximum', value: '' }])) this.addRow(c);
    this.notify.set(r ? r.notify : undefined);
    this.markExtension();
    f.scrollIntoView({ block: 'nearest' });
    (r ? $('#rule-name') : $('#rule-identifier')).focus({ preventScroll: true });
  }

  closeForm() {
    this.form.hidden = true;
    this.editing = null;
    $('#rule-test-results').hidden = true;
  }

  // test runs the form as it stands (unsaved edits included) on the traffic the server kept
  // from the user's receiver; nothing is saved.
  async test(traffic, source) {
    const body = this.body();
    clearErrors(this.form);
    let got;
    try {
      got = await api.testRule(body, traffic);
    } catch (e) {
      return this.failed(e);
    }
    await this.showTest(got, source || 'the traffic of the last minutes');
  }

  // testFile tests the form on a file: JSON lines as tracker-rules replay reads them, or one
  // readsb aircraft.json.
  async testFile(input) {
    const file = input.files[0];
    input.value = '';
    if (!file) return;
    await this.test(await file.text(), file.name);
  }

  async showTest(got, source) {
    const box = $('#rule-test-results');
    box.hidden = false;
    const held = got.held ? ` ${got.held} of them would be held (not told on the phone).` : '';
    const summary = `${got.aircraft_matched} of ${got.aircraft} aircraft would match (${got.fired} notification${got.fired === 1 ? '' : 's'} on ${got.messages} messages of ${source}).${held}`;
    const id = $('#rule-identifier').value.trim();
    $('#rule-test-matches-link').replaceChildren(id ? h('a', { href: `#matches?rule=${encodeURIComponent(id)}` }, `Notifications of rule ${id} seen so far`) : '');
    $('#rule-test-summary').textContent = got.messages === 0
      ? `No traffic to test on: ${source === 'the traffic of the last minutes' ? 'the server keeps none yet (set CONFIG_UI_READSB_URL to your receiver\'s aircraft.json, or test on a file).' : 'the file holds no message.'}`
      : summary + (got.matches_truncated ? ` The first ${got.matches.length} are listed.` : '');
    $('#rule-test-matches tbody').replaceChildren(...got.matches.map((m) => h('tr', { dataset: { hex: m.icao_hex } },
      h('td', { class: 'mono' }, m.icao_hex),
      h('td', { class: 'mono' }, m.ident || ''),
      h('td', { class: 'mono' }, m.registration || ''),
      h('td', { class: 'model' }, m.manufacturer_model || m.type_designator || ''),
      h('td', { class: 'operator' }, m.operator ? (m.operator.name || m.operator.airline_designator) : '',
        m.registrant ? h('span', { class: 'registrant' }, `Registered to ${registrantText(m.registrant)}`) : ''),
      h('td', { class: 'route' }, routeText(m)),
      h('td', { class: 'watch' }, watchText(m.watchlist)),
      h('td', { class: 'when' }, h('time', { datetime: m.received_at, title: m.received_at }, m.received_at.replace('T', ' ').replace(/(\.\d+)?(\+00:00|Z)$/, ' UTC'))),
      h('td', { class: `delivery ${m.delivery ? m.delivery.state : 'sent'}` }, deliveryText(m.delivery)),
      h('td', {}, h('ul', { class: 'observed' }, ...m.conditions.map((c) => h('li', {}, `${c.type} ${c.operator} ${c.value}: ${observedText(c.observed)}`)))))));
    // Whose data the table shows: the aircraft database's licences, each watchlist's own.
    const lists = [...new Set(got.matches.filter((m) => m.watchlist).map((m) => watchAttribution(m.watchlist)))];
    const who = got.matches.some((m) => m.registration || m.manufacturer_model || m.operator) ? [getDataAttribution()] : [];
    const owners = [...new Set(got.matches.map((m) => registrantNotice(m.registrant)).filter(Boolean))]; // each record's own register
    $('#rule-test-attribution').textContent = [...who, ...owners, ...lists].filter(Boolean).join(' · ');
    $('#rule-test-matches').hidden = got.matches.length === 0;
    // When nothing matches, what each condition alone would have let through says why.
    $('#rule-test-conditions tbody').replaceChildren(...got.conditions.map((c) => h('tr', {},
      h('td', {}, `${c.type} ${c.operator} ${c.value}`),
      h('td', { class: 'num' }, String(c.messages_matching)))));
    $('#rule-test-conditions').hidden = got.fired > 0;
    await this.drawTest(got.matches);
    box.scrollIntoView({ block: 'nearest' });
  }

  // drawTest puts the matches where they fired on the results' map, with the areas.
  async drawTest(matches) {
    if (!this.testMap) {
      this.testMap = await createMap($('#rule-test-map'), this.config);
      this.testMarks = L.featureGroup().addTo(this.testMap.map);
      this.testAreas = L.featureGroup().addTo(this.testMap.map);
      this.testMap.control.addOverlay(this.testAreas, 'Areas');
      this.testMap.control.addOverlay(this.testMarks, 'Test matches');
    }
    const { map } = this.testMap;
    map.invalidateSize();
    this.testAreas.clearLayers();
    for (const a of this.areas) {
      if (a.geometry && a.geometry.type === 'Polygon') {
        L.polygon(L.GeoJSON.coordsToLatLngs(a.geometry.coordinates, 1), { color: '#3388ff', weight: 1, fillOpacity: 0.1, interactive: false }).addTo(this.testAreas);
      }
    }
    this.testMarks.clearLayers();
    for (const m of matches) {
      if (m.latitude === undefined || m.longitude === undefined) continue;
      aircraftMarker({ ...m, conditions: undefined }, 'match').addTo(this.testMarks);
    }
    const b = this.testMarks.getLayers().length ? this.testMarks.getBounds() : this.testAreas.getBounds();
    if (b.isValid()) map.fitBounds(b.pad(0.3), { maxZoom: 11 });
  }

  addRow(c) {
    const li = h('li', { class: 'condition' });
    const typeId = uid('type'), opId = uid('op');
    const typeKey0 = String(c.type || '').trim().toLowerCase();
    // Under REGISTRANT_DETAIL=none no registrant is made: an owner condition could never match,
    // so none is offered (one a stored rule already has stays, marked).
    const offered = [...this.types].filter(([k]) => !(this.ownersOff && OWNER_TYPES.has(k) && k !== typeKey0));
    const type = h('select', { id: typeId }, offered.map(([k, t]) => h('option', { value: k }, t.extension ? `${t.value.label} (extension)` : t.value.label)));
    const operator = h('select', { id: opId });
    const valueBox = h('div', { class: 'value' });
    const row = { li, type, operator, widget: null };
    const typeKey = String(c.type || '').trim().toLowerCase();
    type.value = this.types.has(typeKey) ? typeKey : 'altitude';
    const fill = (value) => {
      const t = type.value;
      const ops = (this.types.get(t) || {}).operators || ['equals'];
      const current = operator.value;
      operator.replaceChildren(...ops.map((o) => h('option', { value: o }, this.operatorLabels[o] || o)));
      if (ops.includes(current)) operator.value = current;
      row.widget = widgetFor(t, value, this);
      valueBox.replaceChildren(row.widget.el);
    };
    type.addEventListener('change', () => { fill(undefined); this.markExtension(); });
    fill(c.value);
    const op = String(c.operator || '').trim().toLowerCase();
    if ([...operator.options].some((o) => o.value === op)) operator.value = op;
    li.append(
      h('div', { class: 'cond-fields' },
        h('label', { for: typeId }, 'Type'), type,
        h('label', { for: opId }, 'Operator'), operator,
        h('span', { class: 'label' }, 'Value'), valueBox,
        h('button', { type: 'button', class: 'remove', onclick: () => this.removeRow(row) }, 'Remove')),
      h('div', { class: 'field-error', dataset: { loc: '' } }),
      h('div', { class: 'field-error', dataset: { loc: '' } }),
      h('div', { class: 'field-error', dataset: { loc: '' } }),
      h('div', { class: 'field-error', dataset: { loc: '' } }));
    this.rows.push(row);
    $('#rule-conditions').append(li);
    this.renumber();
  }

  removeRow(row) {
    row.li.remove();
    this.rows = this.rows.filter((r) => r !== row);
    this.renumber();
    this.markExtension();
  }

  // markExtension says when the rule uses a type the original processor does not know, naming
  // which (watchlist or owner conditions), and why an owner condition cannot match under none.
  markExtension() {
    const used = this.rows.map((r) => r.type.value);
    const kinds = extensionKinds(used, this.types);
    const note = $('#rule-extension-note');
    note.hidden = kinds.length === 0;
    note.textContent = kinds.length ? `This rule uses ${kinds.join(' and ')}, an extension of this project: the original message processor skips such a rule; tracker-rules watch evaluates it.` : '';
    $('#rule-owner-note').hidden = !this.ownersOff;
  }

  // renumber keeps each row's error slots on its index, as the API's loc paths name them.
  renumber() {
    this.rows.forEach((row, i) => {
      const slots = row.li.querySelectorAll(':scope > .field-error');
      const locs = [`conditions.${i}.type`, `conditions.${i}.operator`, `conditions.${i}.value`, `conditions.${i}`];
      slots.forEach((s, j) => { s.dataset.loc = locs[j]; });
      row.li.setAttribute('aria-label', `Condition ${i + 1}`);
    });
  }

  body() {
    const body = {
      identifier: $('#rule-identifier').value.trim(),
      name: $('#rule-name').value,
      description: $('#rule-description').value,
      enabled: $('#rule-enabled').checked,
      force_archive: $('#rule-force-archive').checked,
      conditions: this.rows.map((r) => ({ type: r.type.value, operator: r.operator.value, value: r.widget.get(r.operator.value) })),
    };
    const notify = this.notify.get();
    if (notify) body.notify = notify;
    return body;
  }

  async save() {
    for (const r of this.rows) { // an unknown operator or type code only when confirmed
      if (r.widget.check && !(await r.widget.check())) return;
    }
    const body = this.body();
    clearErrors(this.form);
    try {
      if (this.editing === null) await api.createRule(body);
      else await api.updateRule(this.editing, body);
    } catch (e) {
      return this.failed(e);
    }
    message(`Rule ${body.identifier} saved.`);
    this.closeForm();
    await this.reload();
  }

  async remove() {
    const id = this.editing;
    if (id === null || !window.confirm(`Delete rule ${id}?`)) return;
    try {
      await api.deleteRule(id);
    } catch (e) {
      return this.failed(e);
    }
    message(`Rule ${id} deleted.`);
    this.closeForm();
    await this.reload();
  }

  async failed(e) {
    if (!(e instanceof ApiError)) { message(e.message, 'error'); return; }
    showErrors(this.form, e);
    if (e.status === 412) {
      message('Someone else changed the rules since this page loaded them. The list has been reloaded; your changes are still in the form: check them and save again.', 'error');
      await this.reload();
    }
  }

  async exportRules() {
    try {
      download('rules.json', (await api.rules()).map(stripCounts));
    } catch (e) {
      message(`Export failed: ${e.message}`, 'error');
    }
  }

  importRules(input) {
    return importFile(input, 'rules', api.importRules, (set) => (Array.isArray(set) ? set.length : 0),
      async () => { this.closeForm(); await this.reload(); });
  }
}

// statusBadge says when a rule cannot fire: "Not enabled", or "Inactive" (its date
// conditions exclude now; why on hover), as the server's engine reads them.
function statusBadge(st) {
  if (!st) return null;
  if (!st.enabled) return h('span', { class: 'badge muted status', title: 'This rule is stored but never evaluated.' }, 'Not enabled');
  if (!st.active) return h('span', { class: 'badge status inactive', title: st.reason, 'aria-label': `Inactive: ${st.reason}` }, 'Inactive');
  return null;
}

// OWNER_TYPES are the registrant (owner) condition types; WATCH_TYPES the watchlist ones.
const OWNER_TYPES = new Set(['registrant_type', 'registrant_name']);
const WATCH_TYPES = new Set(['watchlist', 'watchlist_group', 'watchlist_category']);

// extensionKinds names the kinds of this project's own condition types among used.
function extensionKinds(used, types) {
  const ext = used.filter((t) => (types.get(String(t).toLowerCase()) || {}).extension).map((t) => String(t).toLowerCase());
  const kinds = [];
  if (ext.some((t) => WATCH_TYPES.has(t))) kinds.push('watchlist conditions');
  if (ext.some((t) => OWNER_TYPES.has(t))) kinds.push('owner (registrant) conditions');
  if (ext.some((t) => !WATCH_TYPES.has(t) && !OWNER_TYPES.has(t))) kinds.push('extension conditions');
  return kinds;
}

// extensionBadge marks a rule that uses this project's own condition types, naming which.
function extensionBadge(r, types) {
  const kinds = extensionKinds((r.conditions || []).map((c) => c.type), types);
  if (!kinds.length) return null;
  return h('span', { class: 'badge status extension', title: `Uses ${kinds.join(' and ')}: the original message processor skips this rule; tracker-rules watch evaluates it.` }, 'Extension');
}

// observedText is a condition's observed value as a short text.
function observedText(v) {
  if (v === null || v === undefined) return 'nothing';
  if (Array.isArray(v)) return v.length ? v.join(', ') : 'none';
  return String(v);
}

// listValue is a list of choices as an operator takes it: one value for equals, else a list.
function listValue(values, op) {
  return op === 'equals' && values.length <= 1 ? (values[0] ?? '') : values;
}

function stripCounts(r) {
  const { triggered_lifetime: _l, triggered_last_30_days: _d, ...rest } = r;
  return rest;
}

// lookupWidget is a code field with the database's suggestions as the user types ("EZY —
// Easyjet Uk"), the name of the code beside it, and a check before saving: an unknown code
// (a typo never matches) is saved only when the user confirms it.
function lookupWidget(t, input) {
  const operators = t.lookup === 'operators';
  const codeKey = operators ? 'airline_designator' : 'type_designator';
  const nameKey = operators ? 'name' : 'manufacturer_model';
  const list = h('datalist', { id: uid('suggest') });
  input.removeAttribute('maxlength'); // a name is searched too ("easy"); the API checks the code
  input.setAttribute('list', list.id);
  input.setAttribute('autocomplete', 'off');
  const name = h('span', { class: 'unit code-name', 'aria-live': 'polite' });
  const known = new Map(); // code → name, of every suggestion seen
  let seq = 0;
  const refresh = async () => {
    const q = input.value.trim();
    if (!q) { list.replaceChildren(); name.textContent = ''; return; }
    const mine = ++seq;
    let got;
    try { got = await api.lookup(t.lookup, q); } catch { return; }
    if (mine !== seq) return; // a newer keystroke's answer wins
    for (const g of got) known.set(g[codeKey], g[nameKey] || '');
    list.replaceChildren(...got.map((g) => h('option', { value: g[codeKey] }, `${g[codeKey]} — ${g[nameKey] || ''}`)));
    const code = q.toUpperCase();
    if (known.has(code)) name.textContent = known.get(code) || code;
    else name.textContent = code.length === t.maxlength ? `unknown ${operators ? 'operator' : 'type'} code` : '';
    name.classList.toggle('unknown', !known.has(code));
  };
  input.addEventListener('input', refresh);
  refresh();
  return {
    el: h('span', { class: 'inline' }, input, list, name),
    get: () => input.value,
    check: async () => {
      const code = input.value.trim().toUpperCase();
      if (!code) return true;
      if (!known.has(code)) await refresh();
      return known.has(code) || window.confirm(`${code} is not a known ${operators ? 'operator' : 'aircraft type'} code: a rule with it never matches. Save it anyway?`);
    },
  };
}

// widgetFor builds the value widget of a condition type from its row of the server's table:
// {el, get()}.
function widgetFor(type, value, page) {
  const t = page.types.get(type).value;
  switch (t.widget) {
    case 'number': {
      const id = uid('num');
      const unit = [t.unit, t.hint].filter(Boolean).join(', ');
      const input = h('input', { id, type: 'number', step: 1, min: t.min, max: t.max, value: value ?? '', 'aria-label': unit ? `${t.label} in ${unit}` : t.label });
      return {
        el: h('span', { class: 'inline' }, input, h('span', { class: 'unit' }, `${unit ? `${unit} ` : ''}(${t.min} to ${t.max})`)),
        get: () => (input.value === '' ? '' : Number(input.value)),
      };
    }
    case 'heading': {
      const [lo, hi] = String(value ?? '').split(',').map((s) => s.trim());
      const a = h('input', { type: 'number', min: t.min, max: t.max, step: 1, value: lo ?? '', 'aria-label': 'Heading from (degrees)' });
      const b = h('input', { type: 'number', min: t.min, max: t.max, step: 1, value: hi ?? '', 'aria-label': 'Heading to (degrees)' });
      return {
        el: h('span', { class: 'inline' }, 'from ', a, ' to ', b, h('span', { class: 'unit' }, `${t.unit} (${t.min} to ${t.max}; from > to wraps through north)`)),
        get: () => `${a.value},${b.value}`,
      };
    }
    case 'date': {
      const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:\d{2})?)?$/.exec(String(value ?? '').trim()) || [];
      const mode = h('select', { 'aria-label': 'Date or date and time' }, h('option', { value: 'date' }, 'date'), h('option', { value: 'datetime' }, 'date and time'));
      const date = h('input', { type: 'date', value: m[1] || '', 'aria-label': 'Date' });
      const time = h('input', { type: 'time', step: 1, value: m[2] || '', 'aria-label': 'Time' });
      const zone = h('input', { type: 'text', size: 6, value: m[3] || 'Z', placeholder: 'Z or +01:00', 'aria-label': 'Time zone (Z or ±HH:MM)' });
      const timeBox = h('span', { class: 'inline' }, ' at ', time, ' zone ', zone);
      mode.value = m[2] ? 'datetime' : 'date';
      const sync = () => { timeBox.hidden = mode.value !== 'datetime'; };
      mode.addEventListener('change', sync);
      sync();
      return {
        el: h('span', { class: 'inline' }, mode, ' ', date, timeBox, h('span', { class: 'unit' }, 'of the message (UTC date, or to the minute)')),
        get: () => (mode.value === 'datetime' ? `${date.value}T${time.value}${zone.value.trim()}` : date.value),
      };
    }
    case 'bool': {
      const sel = h('select', { 'aria-label': t.label }, h('option', { value: 'true' }, 'true'), h('option', { value: 'false' }, 'false'));
      sel.value = value === true || String(value).trim().toLowerCase() === 'true' ? 'true' : 'false';
      return { el: sel, get: () => sel.value === 'true' };
    }
    case 'select': {
      const sel = h('select', { 'aria-label': t.label }, t.options.map((o) => h('option', { value: o }, o)));
      if (value && t.options.includes(String(value).toLowerCase())) sel.value = String(value).toLowerCase();
      return { el: sel, get: () => sel.value };
    }
    case 'multi':
    case 'rules': {
      const options = t.widget === 'multi' ? t.options : page.rules.map((r) => r.identifier).filter((id) => id !== page.editing);
      const chosen = new Set(Array.isArray(value) ? value.map(String) : []);
      const boxes = options.map((o) => h('input', { type: 'checkbox', value: o, checked: chosen.has(o) }));
      const el = h('span', { class: 'multi', role: 'group', 'aria-label': t.label },
        options.length ? boxes.map((b) => h('label', { class: 'check' }, b, ' ', b.value)) : h('span', { class: 'unit' }, 'no other rules yet'));
      return { el, get: () => boxes.filter((b) => b.checked).map((b) => b.value) };
    }
    case 'watchlist': {
      const lists = page.watchlists;
      const chosen = new Set(Array.isArray(value) ? value.map(String) : (value ? [String(value)] : []));
      const boxes = lists.map((l) => h('input', { type: 'checkbox', value: l.id, checked: chosen.has(l.id) }));
      for (const id of chosen) {
        if (!lists.some((l) => l.id === id)) boxes.push(h('input', { type: 'checkbox', value: id, checked: true }));
      }
      const el = h('span', { class: 'multi', role: 'group', 'aria-label': t.label },
        boxes.length ? boxes.map((b) => {
          const l = lists.find((x) => x.id === b.value);
          return h('label', { class: 'check' }, b, ' ', l ? `${l.name} (${l.count.toLocaleString('en')})` : `${b.value} (not a stored list)`);
        }) : h('span', { class: 'unit' }, 'no watchlist yet: import one on the Watchlists page'));
      return { el, get: (op) => listValue(boxes.filter((b) => b.checked).map((b) => b.value), op) };
    }
    case 'watchgroup':
    case 'watchcategory': {
      // The groups or categories of the stored lists, with how many aircraft have each.
      const counts = new Map();
      for (const l of page.watchlists) {
        for (const [k, n] of Object.entries(t.widget === 'watchgroup' ? l.groups || {} : l.categories || {})) counts.set(k, (counts.get(k) || 0) + n);
      }
      const names = { civ: 'Civilian', mil: 'Military', pol: 'Police', gov: 'Government' };
      const options = t.widget === 'watchgroup' ? t.options : [...counts.keys()].sort((a, b) => a.localeCompare(b));
      const chosen = (Array.isArray(value) ? value : (value ? [value] : [])).map(String);
      const lower = new Set(chosen.map((v) => v.trim().toLowerCase()));
      const all = [...options, ...chosen.filter((v) => !options.some((o) => o.toLowerCase() === v.trim().toLowerCase()))];
      const boxes = all.map((o) => h('input', { type: 'checkbox', value: o, checked: lower.has(o.toLowerCase()) }));
      const el = h('span', { class: 'multi watch-options', role: 'group', 'aria-label': t.label },
        boxes.length ? boxes.map((b) => h('label', { class: 'check' }, b, ' ', `${names[b.value] || b.value} (${(counts.get(b.value) || 0).toLocaleString('en')})`))
          : h('span', { class: 'unit' }, 'no watchlist yet: import one on the Watchlists page'));
      return { el, get: (op) => listValue(boxes.filter((b) => b.checked).map((b) => b.value), op) };
    }
    case 'registranttype': {
      // The types the database's registers use, and any the rule names that it does not.
      const options = page.config.registrant_types || [];
      const chosen = (Array.isArray(value) ? value : (value ? [value] : [])).map(String);
      const lower = new Set(chosen.map((v) => v.trim().toLowerCase()));
      const all = [...options, ...chosen.filter((v) => !options.some((o) => o.toLowerCase() === v.trim().toLowerCase()))];
      const boxes = all.map((o) => h('input', { type: 'checkbox', value: o, checked: lower.has(o.toLowerCase()) }));
      const other = h('input', { type: 'text', placeholder: 'another type', 'aria-label': `${t.label}: another type`, spellcheck: 'false' });
      const el = h('span', { class: 'multi registrant-types', role: 'group', 'aria-label': t.label },
        boxes.map((b) => h('label', { class: 'check' }, b, ' ', b.value)), ' ', other,
        options.length ? '' : h('span', { class: 'unit' }, 'no registers in the aircraft database yet: tracker-rules db update adds them'));
      return { el, get: (op) => listValue([...boxes.filter((b) => b.checked).map((b) => b.value), ...(other.value.trim() ? [other.value.trim()] : [])], op) };
    }
    case 'registrantname': {
      const lines = Array.isArray(value) ? value.map(String) : (value ? [String(value)] : []);
      const area = h('textarea', { rows: Math.max(2, Math.min(lines.length + 1, 6)), cols: 40, maxlength: t.max_items * (t.maxlength + 1), 'aria-label': `${t.label} (one per line)`, spellcheck: 'false' }, lines.join('\n'));
      return {
        el: h('span', { class: 'inline' }, area, h('span', { class: 'unit' }, `one per line, at most ${t.max_items}, each at most ${t.maxlength} characters; ${t.hint}`)),
        get: () => area.value.split('\n').map((s) => s.trim()).filter(Boolean),
      };
    }
    case 'area': {
      const usable = page.areas.filter((a) => a.geometry && a.geometry.type === 'Polygon');
      const sel = h('select', { 'aria-label': t.label },
        h('option', { value: '' }, usable.length ? '(choose an area)' : '(no areas yet: draw one on the Areas page)'),
        usable.map((a) => h('option', { value: a.identifier }, a.name ? `${a.name} (${a.identifier})` : a.identifier)));
      const v = value === undefined ? '' : String(value).trim();
      if (v && !usable.some((a) => a.identifier === v)) sel.append(h('option', { value: v }, `${v} (not a stored polygon area)`));
      sel.value = v;
      return { el: sel, get: () => sel.value };
    }
    default: {
      const input = h('input', { type: 'text', value: value ?? '', placeholder: t.placeholder, maxlength: t.maxlength, pattern: t.pattern, 'aria-label': t.label, spellcheck: 'false' });
      if (!t.lookup || !page.config.lookups) return { el: input, get: () => input.value };
      return lookupWidget(t, input);
    }
  }
}
