// Areas in and out of files: the export of the set or of one area, the whole-set replacement,
// and the import into the set (every feature listed with what would become of it before one
// write with If-Match). The Areas page (areas.js) owns the areas; this module only reads them
// and asks the page to reload.
import { api, call } from './api.js';
import { $, h, message, download, importFile, readJSONFile } from './dom.js';
import * as geo from './geo.js';

// STYLE_KEYS are the style keys an area may carry (CONTRACT.md 8).
export const STYLE_KEYS = ['fill', 'stroke', 'fill-opacity', 'stroke-width', 'stroke-opacity', 'marker-color', 'marker-symbol', 'marker-size'];

export class AreaFiles {
  constructor(page) {
    this.page = page;
    this.pending = null; // the file being imported: {file, candidates}
    this.importRows = [];
  }

  exportOne() {
    const a = this.page.areas.find((x) => x.identifier === this.page.selected);
    if (a) download(`${a.identifier}.geojson`, toFeature(a));
  }

  async exportAreas() {
    try {
      const areas = await api.areas();
      download('areas.json', toCollection(areas));
    } catch (e) {
      message(`Export failed: ${e.message}`, 'error');
    }
  }

  // replaceAll is the whole-set import: checked first, then the set replaced once confirmed.
  replaceAll(input) {
    return importFile(input, 'areas', api.importAreas,
      (set) => (Array.isArray(set) ? set.length : (set.features || []).length),
      async () => { this.page.closeForm(); await this.page.reload(); });
  }

  // importInto reads a GeoJSON file (a FeatureCollection, one Feature, or a bare geometry) and
  // shows every feature and what would become of it before anything is written.
  async importInto(input) {
    const file = input.files[0];
    input.value = '';
    const err = $('#area-import-error');
    err.textContent = '';
    if (!file) return;
    let data;
    try {
      data = await readJSONFile(file);
    } catch (e) {
      err.textContent = e.message;
      return;
    }
    let candidates;
    try {
      candidates = geo.featuresOf(data).map(toFlat);
    } catch (e) {
      err.textContent = `${file.name}: ${e.message}`;
      return;
    }
    this.pending = { file: file.name, candidates };
    await this.page.reload();
    await this.showImport();
  }

  async showImport(note = '') {
    const { file, candidates } = this.pending;
    const stored = new Set(this.page.areas.map((a) => a.identifier));
    const taken = new Set(stored);
    // Missing identifiers: one proposed from the name (or the file's).
    for (const c of candidates) {
      if (!c.identifier) {
        c.proposed = true;
        c.identifier = freeIdentifier(geo.identifierFrom(c.name || file.replace(/\.[^.]*$/, '')), [...taken]);
      }
      taken.add(c.identifier);
    }
    let checks = [];
    try {
      checks = await call('POST', 'api/areas/check', candidates.map(({ proposed: _p, ...c }) => c));
    } catch (e) {
      $('#area-import-error').textContent = `The features could not be checked: ${e.message}`;
      return;
    }
    const rows = [];
    const seen = new Set();
    candidates.forEach((c, i) => {
      const problems = checks[i] ? checks[i].problems : [];
      const clash = stored.has(c.identifier) || seen.has(c.identifier);
      seen.add(c.identifier);
      const idInput = h('input', { type: 'text', value: c.identifier, 'aria-label': `Identifier of feature ${i + 1}`, spellcheck: 'false', class: 'import-id' });
      let action;
      if (problems.length) {
        action = h('span', { class: 'import-invalid' }, 'Not imported: invalid');
      } else if (clash) {
        action = h('select', { 'aria-label': `What to do with feature ${i + 1}`, class: 'import-action' },
          h('option', { value: 'skip' }, `Skip (keep the stored ${c.identifier})`),
          h('option', { value: 'replace' }, 'Replace the stored one'),
          h('option', { value: 'rename' }, 'Rename'));
        idInput.value = freeIdentifier(c.identifier, [...taken]);
        taken.add(idInput.value);
        idInput.hidden = true;
        action.addEventListener('change', () => { idInput.hidden = action.value !== 'rename'; });
      } else {
        action = h('span', {}, c.proposed ? 'New (identifier proposed from its name)' : 'New');
      }
      const row = h('tr', { dataset: { index: String(i), state: problems.length ? 'invalid' : clash ? 'clash' : 'new' } },
        h('td', {}, `${i + 1}. ${c.name || '(no name)'} · ${c.geometry && c.geometry.type ? c.geometry.type : 'no geometry'}`),
        h('td', {}, clash && !problems.length ? h('span', {}, h('span', { class: 'mono' }, c.identifier), idInput) : (problems.length ? h('span', { class: 'mono' }, c.identifier) : idInput)),
        h('td', {}, action),
        h('td', {}, problems.length ? h('ul', { class: 'import-problems' }, ...problems.map((p) => h('li', {}, p))) : ''));
      rows.push({ row, c, clash, problems, idInput, action });
    });
    this.importRows = rows;
    $('#import-table tbody').replaceChildren(...rows.map((r) => r.row));
    const n = rows.filter((r) => !r.problems.length).length;
    $('#import-intro').textContent = `${note}${file}: ${candidates.length} feature${candidates.length === 1 ? '' : 's'}. Nothing is written until you import; clashes are skipped unless you choose otherwise.`;
    $('#import-error').textContent = '';
    $('#import-confirm').disabled = n === 0;
    $('#import-dialog').hidden = false;
  }

  // confirmImport merges the chosen features into the set and writes it once, with If-Match:
  // when someone else saved meanwhile (412), the set is reloaded and the choice asked again.
  async confirmImport() {
    const merged = this.page.areas.map((a) => ({ ...a }));
    const ids = new Set(merged.map((a) => a.identifier));
    let added = 0;
    for (const r of this.importRows) {
      if (r.problems.length) continue;
      const { proposed: _p, ...c } = r.c;
      const act = r.clash ? r.action.value : 'new';
      if (act === 'skip') continue;
      if (act === 'replace') {
        const i = merged.findIndex((a) => a.identifier === c.identifier);
        if (i >= 0) merged[i] = c; else merged.push(c);
        added++;
        continue;
      }
      const id = r.idInput.value.trim();
      if (!id || /\s/.test(id) || ids.has(id)) {
        $('#import-error').textContent = `Feature ${Number(r.row.dataset.index) + 1}: the identifier “${id}” is empty, has spaces or is already used.`;
        r.idInput.focus();
        return;
      }
      ids.add(id);
      merged.push({ ...c, identifier: id });
      added++;
    }
    if (added === 0) {
      $('#import-dialog').hidden = true;
      message('Nothing imported: every feature was skipped.');
      return;
    }
    try {
      await api.importAreas(merged, false);
    } catch (e) {
      if (e.status === 412) {
        await this.page.reload();
        await this.showImport('Someone else changed the areas meanwhile: here is the import again, against the areas as they are now. ');
        return;
      }
      const problems = e.body && Array.isArray(e.body.problems) ? e.body.problems.join(' · ') : e.message;
      $('#import-error').textContent = `Not imported: ${problems}`;
      return;
    }
    $('#import-dialog').hidden = true;
    message(`Imported ${added} area${added === 1 ? '' : 's'} from ${this.pending.file}.`);
    this.page.closeForm();
    await this.page.reload();
  }
}

// freeIdentifier is id, or id-2, id-3… : the first not among taken.
export function freeIdentifier(id, taken) {
  const used = new Set(taken);
  const base = String(id || 'AREA').replace(/-\d+$/, '') || 'AREA';
  if (!used.has(id) && id) return id;
  for (let n = 2; ; n++) {
    if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

// toFeature is a flat area as a GeoJSON Feature (what the export of one area gives).
function toFeature({ geometry, ...props }) {
  return { type: 'Feature', properties: props, geometry };
}

// toFlat is a Feature as the API's flat area.
function toFlat(f) {
  const p = f.properties || {};
  const out = { identifier: typeof p.identifier === 'string' ? p.identifier.trim() : '', name: typeof p.name === 'string' ? p.name : '', geometry: f.geometry };
  if (p.locked === true) out.locked = true;
  for (const k of STYLE_KEYS) if (p[k] !== undefined && p[k] !== null) out[k] = p[k];
  return out;
}

// toCollection turns the flat areas of the API into the stored GeoJSON form (what
// tracker-rules --areas reads).
function toCollection(areas) {
  return { type: 'FeatureCollection', features: areas.map(toFeature) };
}
