// The Watchlists page (CONTRACT.md 11): the lists of aircraft people care about, each shown
// with its source and licence (a list is attributed wherever its entries are); import a CSV
// (Plane-Alert-DB's format) or JSON from a file or a URL, with what the import did; search
// and filter a list's entries by group and category; add or remove one aircraft.
import { api, ApiError } from './api.js';
import { $, h, message, webLink } from './dom.js';

// The community's list, offered as a preset (its source, its licence and its stable URL).
export const PLANE_ALERT = {
  id: 'plane-alert', name: 'Plane-Alert-DB', source: 'sdr-enthusiasts/plane-alert-db',
  licence: 'ODbL 1.0 / DbCL 1.0 (© SDR-Enthusiasts, Ramon F. Kolb and contributors)',
  url: 'https://raw.githubusercontent.com/sdr-enthusiasts/plane-alert-db/main/plane-alert-db.csv',
};

export const GROUP_NAMES = { civ: 'Civilian', mil: 'Military', pol: 'Police', gov: 'Government' };

const PAGE = 50;

// attribution is the line a list's entries carry wherever they show.
export function attribution(list) {
  if (!list) return '';
  return [list.source && `Source: ${list.source}`, list.licence && `Licence: ${list.licence}`].filter(Boolean).join(' · ');
}

export class WatchlistsPage {
  constructor(config) {
    this.config = config;
    this.lists = [];
    this.open = null; // id of the list whose entries are shown
    this.offset = 0;
    $('#wl-new').addEventListener('click', () => this.importForm({}));
    $('#wl-preset').addEventListener('click', () => this.importForm(PLANE_ALERT, true));
    $('#wl-import-cancel').addEventListener('click', () => { $('#wl-import').hidden = true; });
    $('#wl-import').addEventListener('submit', (e) => { e.preventDefault(); this.doImport(); });
    for (const r of document.querySelectorAll('input[name="wl-from"]')) r.addEventListener('change', () => this.syncFrom());
    let timer = null;
    $('#wl-q').addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => { this.offset = 0; this.entries(); }, 250); });
    $('#wl-group').addEventListener('change', () => { this.offset = 0; this.entries(); });
    $('#wl-category').addEventListener('change', () => { this.offset = 0; this.entries(); });
    $('#wl-prev').addEventListener('click', () => { this.offset = Math.max(0, this.offset - PAGE); this.entries(); });
    $('#wl-next').addEventListener('click', () => { this.offset += PAGE; this.entries(); });
    $('#wl-add').addEventListener('submit', (e) => { e.preventDefault(); this.addEntry(); });
    $('#wl-delete').addEventListener('click', () => this.remove());
  }

  // show loads the lists; ?open=ID shows that list's entries, ?add=HEX opens the add form
  // with that aircraft (the traffic card's "Add to a watchlist").
  async show(params) {
    await this.reload();
    const add = params && params.get('add');
    const id = (params && params.get('open')) || (add && (this.lists[0] || {}).id);
    if (id && this.lists.some((l) => l.id === id)) await this.openList(id);
    if (add) this.prefill(params);
    else if (!this.lists.length) $('#wl-add-box').hidden = true;
  }

  async reload() {
    try {
      this.lists = await api.watchlists();
    } catch (e) {
      message(`Watchlists could not be loaded: ${e.message}`, 'error');
      return;
    }
    this.render();
  }

  render() {
    $('#wl-empty').hidden = this.lists.length > 0;
    $('#wl-lists').replaceChildren(...this.lists.map((l) => h('li', { class: 'wl-card', dataset: { id: l.id } },
      h('div', { class: 'wl-head' },
        h('button', { type: 'button', class: 'item', 'aria-pressed': String(this.open === l.id), onclick: () => this.openList(l.id) },
          h('span', { class: 'item-name' }, l.name), h('span', { class: 'item-id' }, l.id)),
        h('span', { class: 'wl-count' }, `${l.count.toLocaleString('en')} aircraft`)),
      h('p', { class: 'wl-attribution' }, attribution(l) || 'No source or licence given.'),
      h('p', { class: 'hint' }, `Imported ${new Date(l.imported_at).toLocaleString()}`),
      h('p', { class: 'wl-groups' }, ...Object.entries(l.groups).map(([g, n]) => h('span', { class: `chip group-${g}` }, `${GROUP_NAMES[g] || g} ${n}`))),
      h('button', { type: 'button', onclick: () => this.importForm({ ...l, url: '' }) }, 'Update…'))));
    const sel = $('#wl-add-list');
    sel.replaceChildren(...this.lists.map((l) => h('option', { value: l.id }, l.name)), h('option', { value: '' }, 'a new list…'));
  }

  importForm(preset, url) {
    const f = $('#wl-import');
    f.hidden = false;
    $('#wl-import-result').textContent = '';
    $('#wl-import-error').textContent = '';
    $('#wl-id').value = preset.id || '';
    $('#wl-name').value = preset.name || '';
    $('#wl-source').value = preset.source || '';
    $('#wl-licence').value = preset.licence || '';
    $('#wl-url').value = preset.url || '';
    $('#wl-file').value = '';
    $(url ? '#wl-from-url' : '#wl-from-file').checked = true;
    this.syncFrom();
    f.scrollIntoView({ block: 'nearest' });
    $('#wl-id').focus({ preventScroll: true });
  }

  syncFrom() {
    const url = $('#wl-from-url').checked;
    $('#wl-file-row').hidden = url;
    $('#wl-url-row').hidden = !url;
  }

  // doImport sends the file (or asks the server to download the URL) and says what the
  // import did: imported, repaired, skipped and duplicate rows.
  async doImport() {
    const id = $('#wl-id').value.trim();
    const meta = { name: $('#wl-name').value.trim(), source: $('#wl-source').value.trim(), licence: $('#wl-licence').value.trim() };
    const byURL = $('#wl-from-url').checked;
    const err = $('#wl-import-error');
    err.textContent = '';
    let text = '', url = '';
    if (byURL) {
      url = $('#wl-url').value.trim();
      if (!url) { err.textContent = 'Enter the URL of a CSV or JSON list.'; return; }
    } else {
      const file = $('#wl-file').files[0];
      if (!file) { err.textContent = 'Choose a CSV or JSON file.'; return; }
      text = await file.text();
      if (!meta.source) meta.source = file.name;
    }
    $('#wl-import-go').disabled = true;
    let got;
    try {
      got = await api.importWatchlist(id, meta, text, url);
    } catch (e) {
      err.textContent = e instanceof ApiError && e.fieldErrors.size ? [...e.fieldErrors.values()].join(' · ') : e.message;
      return;
    } finally {
      $('#wl-import-go').disabled = false;
    }
    $('#wl-import-result').textContent = `${got.count.toLocaleString('en')} aircraft imported into ${got.id}: ${got.repaired} repaired, ${got.skipped} skipped, ${got.duplicates} duplicate${got.duplicates === 1 ? '' : 's'}.`;
    message(`Watchlist ${got.id} imported.`);
    await this.reload();
    await this.openList(got.id);
  }

  async openList(id) {
    this.open = id;
    this.offset = 0;
    $('#wl-q').value = '';
    $('#wl-group').value = '';
    const l = this.lists.find((x) => x.id === id);
    $('#wl-category').replaceChildren(h('option', { value: '' }, 'Every category'),
      ...Object.entries(l.categories || {}).sort((a, b) => a[0].localeCompare(b[0])).map(([c, n]) => h('option', { value: c }, `${c} (${n})`)));
    $('#wl-add-list').value = id;
    this.render();
    await this.entries();
  }

  async entries() {
    const l = this.lists.find((x) => x.id === this.open);
    if (!l) return;
    const box = $('#wl-entries');
    box.hidden = false;
    $('#wl-add-box').hidden = false;
    $('#wl-entries-title').textContent = `${l.name} (${l.id})`;
    $('#wl-entries-attribution').textContent = attribution(l) || 'No source or licence given.';
    const params = { limit: PAGE, offset: this.offset };
    for (const [k, el] of [['q', '#wl-q'], ['group', '#wl-group'], ['category', '#wl-category']]) {
      const v = $(el).value.trim();
      if (v) params[k] = v;
    }
    let got;
    try {
      got = await api.watchlist(l.id, params);
    } catch (e) {
      message(`Watchlist ${l.id} could not be read: ${e.message}`, 'error');
      return;
    }
    $('#wl-total').textContent = got.total === 0 ? 'No aircraft match.'
      : `Aircraft ${this.offset + 1}–${this.offset + got.entries.length} of ${got.total.toLocaleString('en')}`;
    $('#wl-prev').disabled = this.offset === 0;
    $('#wl-next').disabled = this.offset + got.entries.length >= got.total;
    $('#wl-rows').replaceChildren(...got.entries.map((e) => h('tr', { dataset: { hex: e.icao_hex } },
      h('td', { class: 'mono', 'data-label': 'ICAO' }, e.icao_hex),
      h('td', { class: 'mono', 'data-label': 'Registration' }, e.registration || ''),
      h('td', { 'data-label': 'Operator' }, e.operator || ''),
      h('td', { 'data-label': 'Type' }, [e.type, e.type_designator && `(${e.type_designator})`].filter(Boolean).join(' ')),
      h('td', { 'data-label': 'Group' }, e.group ? h('span', { class: `chip group-${e.group}` }, GROUP_NAMES[e.group] || e.group) : ''),
      h('td', { 'data-label': 'Category' }, e.category || ''),
      h('td', { 'data-label': 'Tags' }, (e.tags || []).join(', ')),
      h('td', { 'data-label': 'Link' }, webLink(e.link) ? h('a', { href: webLink(e.link), target: '_blank', rel: 'noopener noreferrer' }, 'link') : ''),
      h('td', {}, h('button', { type: 'button', class: 'danger', 'aria-label': `Remove ${e.icao_hex}`, onclick: () => this.removeEntry(l.id, e.icao_hex) }, 'Remove')))));
  }

  prefill(params) {
    $('#wl-add-box').hidden = false;
    $('#wl-add-hex').value = params.get('add') || '';
    $('#wl-add-registration').value = params.get('registration') || '';
    $('#wl-add-operator').value = params.get('operator') || '';
    $('#wl-add-type').value = params.get('type') || '';
    $('#wl-add-box').scrollIntoView({ block: 'nearest' });
    $('#wl-add-category').focus({ preventScroll: true });
  }

  async addEntry() {
    let id = $('#wl-add-list').value;
    if (!id) {
      id = (window.prompt('The new list\'s id (a-z, 0-9, - and _):', 'mine') || '').trim();
      if (!id) return;
    }
    const entry = { icao_hex: $('#wl-add-hex').value.trim() };
    for (const [k, el] of [['registration', '#wl-add-registration'], ['operator', '#wl-add-operator'], ['type', '#wl-add-type'],
      ['group', '#wl-add-group'], ['category', '#wl-add-category']]) {
      const v = $(el).value.trim();
      if (v) entry[k] = v;
    }
    const err = $('#wl-add-error');
    err.textContent = '';
    try {
      await api.addWatchlistEntry(id, entry);
    } catch (e) {
      err.textContent = e instanceof ApiError && e.fieldErrors.size ? [...e.fieldErrors.values()].join(' · ') : e.message;
      return;
    }
    message(`${entry.icao_hex.toUpperCase()} added to ${id}.`);
    $('#wl-add').reset();
    await this.reload();
    await this.openList(id);
  }

  async removeEntry(id, hex) {
    try {
      await api.removeWatchlistEntry(id, hex);
    } catch (e) {
      message(`${hex} not removed: ${e.message}`, 'error');
      return;
    }
    message(`${hex} removed from ${id}.`);
    await this.reload();
    await this.entries();
  }

  async remove() {
    const id = this.open;
    if (!id || !window.confirm(`Delete watchlist ${id} and every aircraft on it?`)) return;
    try {
      await api.deleteWatchlist(id);
    } catch (e) {
      message(e.message, 'error'); // 409: the rules that use it are named
      return;
    }
    message(`Watchlist ${id} deleted.`);
    this.open = null;
    $('#wl-entries').hidden = true;
    await this.reload();
  }
}
