// The areas page: every area on a map (outline and fill from its style keys) and in a list
// with the rules that use it; draw a new polygon (holes with "Cut hole"), edit its vertices,
// rename, restyle, delete. Locked areas are shown but cannot be changed here.
/* global L, topojson */
import { api, ApiError } from './api.js';
import { $, h, message, showErrors, clearErrors, download, importFile } from './dom.js';

const DEFAULT_STYLE = { fill: '#3388ff', stroke: '#3388ff', 'fill-opacity': 0.2, 'stroke-width': 2, 'stroke-opacity': 1 };
const STYLE_KEYS = ['fill', 'stroke', 'fill-opacity', 'stroke-width', 'stroke-opacity', 'marker-color', 'marker-symbol', 'marker-size'];

export class AreasPage {
  constructor(config) {
    this.config = config;
    this.areas = [];
    this.rules = [];
    this.layers = new Map(); // identifier → Leaflet layer
    this.selected = null; // identifier of the area in the form, or null for a new one
    this.draft = null; // the layer being drawn or edited for the form
    this.form = $('#area-form');
    this.map = null;
    this.wire();
  }

  wire() {
    $('#area-new').addEventListener('click', () => this.startNew());
    $('#area-export').addEventListener('click', () => this.exportAreas());
    $('#area-import').addEventListener('click', () => $('#area-import-file').click());
    $('#area-import-file').addEventListener('change', (e) => this.importAreas(e.target));
    $('#area-cancel').addEventListener('click', () => this.closeForm());
    $('#area-delete').addEventListener('click', () => this.remove());
    $('#area-edit-vertices').addEventListener('click', () => this.toggleVertices());
    $('#area-cut').addEventListener('click', () => this.cutHole());
    this.form.addEventListener('submit', (e) => { e.preventDefault(); this.save(); });
    for (const id of ['area-fill', 'area-stroke', 'area-fill-opacity', 'area-stroke-width']) {
      $(`#${id}`).addEventListener('input', () => { if (this.draft) this.draft.setStyle(leafletStyle(this.formStyle(), true)); });
    }
  }

  // show is called when the page becomes visible.
  async show() {
    if (!this.map) await this.initMap();
    this.map.invalidateSize();
    await this.reload();
  }

  async initMap() {
    this.map = L.map('map', { worldCopyJump: true, zoomSnap: 0.5, attributionControl: true }).setView([30, 0], 2);
    this.map.attributionControl.setPrefix(false);
    if (this.config.tile_url) {
      // Leaflet takes attributions as HTML: the configured text is escaped, shown as text.
      L.tileLayer(this.config.tile_url, { attribution: escapeHTML(this.config.tile_attribution || ''), maxZoom: 19 }).addTo(this.map);
    }
    // Country and coast outlines shipped in the binary: the map works with no internet.
    try {
      const resp = await fetch('/ui/vendor/world-atlas/countries-50m.json');
      const topo = await resp.json();
      L.geoJSON(unwrapAntimeridian(topojson.feature(topo, topo.objects.countries)), {
        interactive: false, pmIgnore: true,
        style: { color: '#7d8a96', weight: 0.6, fillColor: '#f4f1e8', fillOpacity: this.config.tile_url ? 0 : 1 },
      }).addTo(this.map);
      this.map.attributionControl.addAttribution('Outlines: Natural Earth');
    } catch (e) {
      message(`The offline base map could not be loaded: ${e.message}`, 'error');
    }
    this.map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false, templineStyle: { color: '#d33' } });
    this.map.on('pm:create', (e) => this.created(e.layer));
    this.map.on('pm:cut', (e) => this.cut(e));
  }

  async reload() {
    try {
      const [areas, rules] = await Promise.all([api.areas(), api.rules()]);
      this.areas = areas;
      this.rules = rules;
    } catch (e) {
      message(`Areas could not be loaded: ${e.message}`, 'error');
      return;
    }
    this.render();
  }

  // usedBy lists the rules (enabled or not) with an area condition on id, as the API's 409 does.
  usedBy(id) {
    return this.rules
      .filter((r) => (r.conditions || []).some((c) => String(c.type).trim().toLowerCase() === 'area' && String(c.value).trim() === id))
      .map((r) => r.identifier);
  }

  render() {
    for (const layer of this.layers.values()) layer.remove();
    this.layers.clear();
    const list = $('#area-list');
    list.replaceChildren();
    for (const a of this.areas) {
      const layer = areaLayer(a);
      if (layer) {
        layer.on('click', () => this.select(a.identifier));
        layer.bindTooltip(() => h('span', {}, a.name || a.identifier), { sticky: true }); // an element: Leaflet would parse a string as HTML
        layer.addTo(this.map);
        this.layers.set(a.identifier, layer);
      }
      const rules = this.usedBy(a.identifier);
      list.append(h('li', {},
        h('button', {
          type: 'button', class: 'item', dataset: { id: a.identifier }, 'aria-pressed': String(this.selected === a.identifier),
          onclick: () => this.select(a.identifier),
        },
        h('span', { class: 'item-name' }, a.name || a.identifier),
        h('span', { class: 'item-id' }, a.identifier),
        a.locked ? h('span', { class: 'badge' }, 'locked') : null,
        a.geometry && a.geometry.type !== 'Polygon' ? h('span', { class: 'badge muted' }, a.geometry.type) : null,
        h('span', { class: 'item-uses' }, rules.length ? `Used by: ${rules.join(', ')}` : 'Not used by any rule'))));
    }
    $('#area-empty').hidden = this.areas.length > 0;
    if (this.selected !== null) {
      if (this.areas.some((a) => a.identifier === this.selected)) this.highlight(this.selected);
      else this.closeForm();
    }
    if (!this.fitted && this.layers.size > 0) {
      this.fitted = true;
      this.map.fitBounds(L.featureGroup([...this.layers.values()]).getBounds().pad(0.5), { maxZoom: 9 });
    }
  }

  highlight(id) {
    for (const [lid, layer] of this.layers) {
      const a = this.areas.find((x) => x.identifier === lid);
      if (layer.setStyle) layer.setStyle(leafletStyle(styleOf(a), lid === id));
    }
    for (const b of document.querySelectorAll('#area-list .item')) b.setAttribute('aria-pressed', String(b.dataset.id === id));
  }

  select(id) {
    this.stopEditing();
    const a = this.areas.find((x) => x.identifier === id);
    if (!a) return;
    this.selected = id;
    this.draft = this.layers.get(id) || null;
    this.highlight(id);
    if (this.draft && this.draft.getBounds) this.map.fitBounds(this.draft.getBounds().pad(0.5), { maxZoom: 9 }); // keep the coast in view
    this.openForm(a);
  }

  openForm(a) {
    const f = this.form;
    clearErrors(f);
    f.hidden = false;
    const isNew = a === null;
    const locked = !isNew && a.locked;
    const polygon = isNew || (a.geometry && a.geometry.type === 'Polygon');
    $('#area-form-title').textContent = isNew ? 'New area' : `Area ${a.name || a.identifier}`;
    $('#area-identifier').value = isNew ? '' : a.identifier;
    $('#area-identifier').readOnly = !isNew;
    $('#area-name').value = isNew ? '' : a.name || '';
    const st = styleOf(a);
    $('#area-fill').value = colour(st.fill);
    $('#area-stroke').value = colour(st.stroke);
    $('#area-fill-opacity').value = st['fill-opacity'];
    $('#area-stroke-width').value = st['stroke-width'];
    $('#area-locked').hidden = !locked;
    $('#area-draw-hint').hidden = !isNew || this.draft !== null;
    for (const el of f.querySelectorAll('input')) if (el.id !== 'area-identifier') el.disabled = locked;
    $('#area-save').disabled = locked;
    $('#area-delete').disabled = locked || isNew;
    $('#area-delete').hidden = isNew;
    $('#area-edit-vertices').disabled = locked || !polygon || this.draft === null;
    $('#area-cut').disabled = locked || !polygon || this.draft === null;
    $('#area-edit-vertices').setAttribute('aria-pressed', 'false');
    (isNew ? $('#area-identifier') : $('#area-name')).focus({ preventScroll: true });
  }

  closeForm() {
    this.stopEditing();
    this.map.pm.disableDraw();
    if (this.selected === null && this.draft) this.draft.remove(); // an unsaved new polygon
    this.draft = null;
    const wasSelected = this.selected;
    this.selected = null;
    this.form.hidden = true;
    if (wasSelected !== null) this.render(); // back to the stored shape and style
  }

  startNew() {
    this.closeForm();
    this.selected = null;
    this.draft = null;
    this.highlight(null);
    this.openForm(null);
    this.map.pm.enableDraw('Polygon', { allowSelfIntersection: false, snappable: false, pathOptions: leafletStyle(DEFAULT_STYLE, true) });
    message('Click on the map to place the corners of the new area; click the first corner again to close it.');
  }

  created(layer) {
    if (this.selected !== null || this.form.hidden) { layer.remove(); return; } // only while "New area" is open
    if (this.draft) this.draft.remove();
    this.draft = layer;
    layer.setStyle(leafletStyle(this.formStyle(), true));
    $('#area-draw-hint').hidden = true;
    $('#area-edit-vertices').disabled = false;
    $('#area-cut').disabled = false;
    $('#area-identifier').focus();
  }

  toggleVertices() {
    if (!this.draft || !this.draft.pm) return;
    const on = !this.draft.pm.enabled();
    if (on) this.draft.pm.enable({ allowSelfIntersection: false, snappable: false });
    else this.draft.pm.disable();
    $('#area-edit-vertices').setAttribute('aria-pressed', String(on));
  }

  stopEditing() {
    if (this.draft && this.draft.pm && this.draft.pm.enabled()) this.draft.pm.disable();
    if (this.map) this.map.pm.disableGlobalCutMode();
  }

  cutHole() {
    if (!this.draft) return;
    this.stopEditing();
    this.map.pm.enableGlobalCutMode({ allowSelfIntersection: false, snappable: false, layersToCut: [this.draft] });
    message('Draw the hole inside the area; click its first corner again to cut it out.');
  }

  cut(e) {
    if (e.originalLayer !== this.draft) return;
    this.draft = e.layer;
    this.draft.setStyle(leafletStyle(this.formStyle(), true));
    if (this.selected !== null) this.layers.set(this.selected, this.draft);
    this.map.pm.disableGlobalCutMode();
  }

  formStyle() {
    return {
      fill: $('#area-fill').value, stroke: $('#area-stroke').value,
      'fill-opacity': numberOr($('#area-fill-opacity').value, DEFAULT_STYLE['fill-opacity']),
      'stroke-width': numberOr($('#area-stroke-width').value, DEFAULT_STYLE['stroke-width']),
    };
  }

  // body is the flat area the form describes: the stored one's other keys are kept (a style
  // key left out of a PUT is cleared).
  body() {
    const stored = this.areas.find((a) => a.identifier === this.selected) || {};
    const out = { ...stored, identifier: $('#area-identifier').value.trim(), name: $('#area-name').value, ...this.formStyle() };
    out.locked = Boolean(stored.locked);
    if (this.draft && this.draft.toGeoJSON) out.geometry = this.draft.toGeoJSON().geometry;
    return out;
  }

  async save() {
    const f = this.form;
    clearErrors(f);
    if (this.selected === null && !this.draft) {
      f.querySelector('[data-loc="geometry"]').textContent = 'Draw the area on the map first.';
      return;
    }
    const body = this.body();
    if (body.geometry && body.geometry.type === 'MultiPolygon') {
      f.querySelector('[data-loc="geometry"]').textContent = 'The area fell apart into several pieces: a hole must lie inside the area.';
      return;
    }
    this.stopEditing();
    try {
      if (this.selected === null) await api.createArea(body);
      else await api.updateArea(this.selected, body);
    } catch (e) {
      return this.failed(e);
    }
    if (this.selected === null && this.draft) this.draft.remove();
    message(`Area ${body.identifier} saved.`);
    this.selected = body.identifier;
    await this.reload();
    this.select(body.identifier);
  }

  async remove() {
    const id = this.selected;
    if (id === null || !window.confirm(`Delete area ${id}?`)) return;
    try {
      await api.deleteArea(id);
    } catch (e) {
      return this.failed(e);
    }
    message(`Area ${id} deleted.`);
    this.selected = null;
    this.closeForm();
    await this.reload();
  }

  async failed(e) {
    if (!(e instanceof ApiError)) { message(e.message, 'error'); return; }
    showErrors(this.form, e);
    if (e.status === 412) {
      message('Someone else changed the areas since this page loaded them. They have been reloaded; your changes are still in the form: check them and save again.', 'error');
      const keep = this.draft;
      await this.reload();
      if (keep && this.selected === null) keep.addTo(this.map);
    }
  }

  async exportAreas() {
    try {
      const areas = await api.areas();
      download('areas.json', toCollection(areas));
    } catch (e) {
      message(`Export failed: ${e.message}`, 'error');
    }
  }

  importAreas(input) {
    return importFile(input, 'areas', api.importAreas,
      (set) => (Array.isArray(set) ? set.length : (set.features || []).length),
      async () => { this.closeForm(); await this.reload(); });
  }
}

// unwrapAntimeridian makes each ring's longitudes continuous (a ring that crosses ±180° would
// otherwise be drawn with an edge straight across the map).
function unwrapAntimeridian(fc) {
  const ring = (pts) => {
    for (let i = 1; i < pts.length; i++) {
      const d = pts[i][0] - pts[i - 1][0];
      if (d > 180) pts[i] = [pts[i][0] - 360, pts[i][1]];
      else if (d < -180) pts[i] = [pts[i][0] + 360, pts[i][1]];
    }
  };
  for (const f of fc.features) {
    const g = f.geometry;
    if (!g) continue;
    if (g.type === 'Polygon') g.coordinates.forEach(ring);
    if (g.type === 'MultiPolygon') g.coordinates.forEach((p) => p.forEach(ring));
  }
  return fc;
}

function escapeHTML(s) {
  const d = document.createElement('div');
  d.textContent = s;
  return d.innerHTML;
}

function numberOr(v, d) {
  const n = Number(v);
  return v === '' || Number.isNaN(n) ? d : n;
}

function colour(c) {
  return /^#[0-9a-fA-F]{6}$/.test(c || '') ? c : DEFAULT_STYLE.fill;
}

function styleOf(a) {
  const out = { ...DEFAULT_STYLE };
  if (a) for (const k of STYLE_KEYS) if (a[k] !== undefined) out[k] = a[k];
  if (a && a.fill === undefined && a.stroke !== undefined) out.fill = a.stroke;
  return out;
}

function leafletStyle(st, selected) {
  return {
    color: st.stroke, fillColor: st.fill, fillOpacity: Number(st['fill-opacity']),
    weight: Number(st['stroke-width']) + (selected ? 2 : 0), opacity: Number(st['stroke-opacity'] ?? 1),
    dashArray: selected ? '6 4' : null,
  };
}

// areaLayer draws a stored area: a polygon (with holes), a line or a point.
function areaLayer(a) {
  const g = a.geometry;
  if (!g || !Array.isArray(g.coordinates)) return null;
  const style = leafletStyle(styleOf(a), false);
  switch (g.type) {
    case 'Polygon':
      return L.polygon(L.GeoJSON.coordsToLatLngs(g.coordinates, 1), { ...style, pmIgnore: false });
    case 'LineString':
      return L.polyline(L.GeoJSON.coordsToLatLngs(g.coordinates, 0), { ...style, pmIgnore: true });
    case 'Point':
      return L.circleMarker(L.GeoJSON.coordsToLatLng(g.coordinates), { ...style, radius: 7, pmIgnore: true });
  }
  return null;
}

// toCollection turns the flat areas of the API into the stored GeoJSON form (what
// tracker-rules --areas reads).
function toCollection(areas) {
  return {
    type: 'FeatureCollection',
    features: areas.map(({ geometry, ...props }) => ({ type: 'Feature', properties: props, geometry })),
  };
}
