// The rules page: a table of rules (enabled toggle, counts) and an editor whose condition rows
// offer, for each type, only the operators it allows and a value widget that fits it.
import { api, ApiError } from './api.js';
import { $, h, message, showErrors, clearErrors, download, importFile } from './dom.js';

// The condition types, their operators and the limits of their values are the server's
// (/ui/config.json: the rules package's table, the same one that validates): the page repeats
// none of them.

let nextId = 0;
const uid = (p) => `${p}-${++nextId}`;

export class RulesPage {
  constructor(config) {
    // type → {operators, value: {widget, label, unit, hint, min, max, options, …}}, in order.
    this.types = new Map((config.conditions || []).map((c) => [c.type, c]));
    this.operatorLabels = config.operator_labels || {};
    this.rules = [];
    this.areas = [];
    this.editing = null; // identifier of the rule in the form, or null for a new one
    this.form = $('#rule-form');
    this.rows = []; // condition rows: {li, type, operator, widget}
    $('#rule-new').addEventListener('click', () => this.edit(null));
    $('#rule-export').addEventListener('click', () => this.exportRules());
    $('#rule-import').addEventListener('click', () => $('#rule-import-file').click());
    $('#rule-import-file').addEventListener('change', (e) => this.importRules(e.target));
    $('#rule-add-condition').addEventListener('click', () => { this.addRow({ type: 'altitude', operator: 'maximum', value: '' }); this.rows.at(-1).type.focus(); });
    $('#rule-cancel').addEventListener('click', () => this.closeForm());
    $('#rule-delete').addEventListener('click', () => this.remove());
    this.form.addEventListener('submit', (e) => { e.preventDefault(); this.save(); });
  }

  async show() { await this.reload(); }

  async reload() {
    try {
      const [rules, areas] = await Promise.all([api.rules(), api.areas()]);
      this.rules = rules;
      this.areas = areas;
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
        h('td', {}, r.name),
        h('td', { class: 'num' }, String((r.conditions || []).length)),
        h('td', {}, r.force_archive ? 'yes' : 'no'),
        h('td', { class: 'num' }, `${r.triggered_lifetime ?? 0} / ${r.triggered_last_30_days ?? 0}`),
        h('td', {}, h('button', { type: 'button', onclick: () => this.edit(r.identifier), 'aria-label': `Edit rule ${r.identifier}` }, 'Edit'))));
    }
    $('#rule-empty').hidden = this.rules.length > 0;
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
    f.scrollIntoView({ block: 'nearest' });
    (r ? $('#rule-name') : $('#rule-identifier')).focus({ preventScroll: true });
  }

  closeForm() {
    this.form.hidden = true;
    this.editing = null;
  }

  addRow(c) {
    const li = h('li', { class: 'condition' });
    const typeId = uid('type'), opId = uid('op');
    const type = h('select', { id: typeId }, [...this.types].map(([k, t]) => h('option', { value: k }, t.value.label)));
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
    type.addEventListener('change', () => fill(undefined));
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
    return {
      identifier: $('#rule-identifier').value.trim(),
      name: $('#rule-name').value,
      description: $('#rule-description').value,
      enabled: $('#rule-enabled').checked,
      force_archive: $('#rule-force-archive').checked,
      conditions: this.rows.map((r) => ({ type: r.type.value, operator: r.operator.value, value: r.widget.get() })),
    };
  }

  async save() {
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

function stripCounts(r) {
  const { triggered_lifetime: _l, triggered_last_30_days: _d, ...rest } = r;
  return rest;
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
      const a = h('input', { type: 'number', min: 0, max: 359, step: 1, value: lo ?? '', 'aria-label': 'Heading from (degrees)' });
      const b = h('input', { type: 'number', min: 0, max: 359, step: 1, value: hi ?? '', 'aria-label': 'Heading to (degrees)' });
      return {
        el: h('span', { class: 'inline' }, 'from ', a, ' to ', b, h('span', { class: 'unit' }, '° (0 to 359; from > to wraps through north)')),
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
      return { el: input, get: () => input.value };
    }
  }
}
