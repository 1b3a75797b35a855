// The areas page: every area on a map (outline and fill from its style keys, its name as a
// label inside it) and in a list with the rules that use it. Draw a polygon (holes with "Cut
// hole"), a line or a point, or type its coordinates; edit vertices, rename, restyle, lock and
// unlock, duplicate, export one, delete. Import a GeoJSON file into the set (every feature
// shown, and decided on, before anything is written), or replace the whole set.
/* global L */
import { api, ApiError } from './api.js';
import { $, h, message, showErrors, clearErrors } from './dom.js';
import { createMap } from './map.js';
import * as geo from './geo.js';
import { AreaFiles, STYLE_KEYS, freeIdentifier } from './area-files.js';

const DEFAULT_STYLE = { fill: '#3388ff', stroke: '#3388ff', 'fill-opacity': 0.2, 'stroke-width': 2, 'stroke-opacity': 1, 'marker-color': '#3388ff', 'marker-size': 'medium' };
const KIND_NAMES = { Polygon: 'area', LineString: 'line', Point: 'point' };
const MARKER_RADIUS = { small: 5, medium: 7, large: 10 };

export class AreasPage {
  constructor(config) {
    this.config = config;
    this.areas = [];
    this.rules = [];
    this.layers = new Map(); // identifier → Leaflet layer
    this.selected = null; // identifier of the area in the form, or null for a new one
    this.kind = 'Polygon'; // geometry type of the form's area
    this.draft = null; // the layer being drawn or edited for the form
    this.form = $('#area-form');
    this.map = null;
    this.files = new AreaFiles(this); // import and export
    this.wire();
  }

  wire() {
    $('#area-new').addEventListener('click', () => this.startNew('Polygon'));
    $('#area-new-line').addEventListener('click', () => this.startNew('LineString'));
    $('#area-new-point').addEventListener('click', () => this.startNew('Point'));
    $('#area-export').addEventListener('click', () => this.files.exportAreas());
    $('#area-import').addEventListener('click', () => $('#area-import-file').click());
    $('#area-import-file').addEventListener('change', (e) => this.files.importInto(e.target));
    $('#area-replace').addEventListener('click', () => $('#area-replace-file').click());
    $('#area-replace-file').addEventListener('change', (e) => this.files.replaceAll(e.target));
    $('#area-cancel').addEventListener('click', () => this.closeForm());
    $('#area-delete').addEventListener('click', () => this.remove());
    $('#area-lock').addEventListener('click', () => this.toggleLock());
    $('#area-duplicate').addEventListener('click', () => this.duplicate());
    $('#area-export-one').addEventListener('click', () => this.files.exportOne());
    $('#area-edit-vertices').addEventListener('click', () => this.toggleVertices());
    $('#area-cut').addEventListener('click', () => this.cutHole());
    $('#area-coords').addEventListener('input', () => this.typedCoordinates());
    this.form.addEventListener('submit', (e) => { e.preventDefault(); this.save(); });
    for (const id of ['area-fill', 'area-stroke', 'area-fill-opacity', 'area-stroke-width', 'area-marker-color', 'area-marker-size']) {
      $(`#${id}`).addEventListener('input', () => this.restyleDraft());
      $(`#${id}`).addEventListener('change', () => this.restyleDraft());
    }
    $('#import-cancel').addEventListener('click', () => { $('#import-dialog').hidden = true; });
    $('#import-form').addEventListener('submit', (e) => { e.preventDefault(); this.files.confirmImport(); });
  }

  // show is called when the page becomes visible.
  async show() {
    if (!this.map) await this.initMap();
    this.map.invalidateSize();
    await this.reload();
  }

  async initMap() {
    const { map, control } = await createMap('map', this.config, { traffic: true, search: { id: 'map-search' } });
    this.map = map;
    this.areaGroup = L.featureGroup().addTo(map);
    this.labelGroup = L.layerGroup().addTo(map);
    control.addOverlay(this.areaGroup, 'Areas');
    control.addOverlay(this.labelGroup, 'Area names');
    this.map.pm.setGlobalOptions({ allowSelfIntersection: false, snappable: false, templineStyle: { color: '#d33' } });
    this.map.on('pm:create', (e) => this.created(e.layer));
    this.map.on('pm:cut', (e) => this.cut(e));
    this.map.on('zoomend', () => this.showLabels());
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
    this.labelGroup.clearLayers();
    const list = $('#area-list');
    list.replaceChildren();
    for (const a of this.areas) {
      const layer = areaLayer(a);
      if (layer) {
        layer.on('click', () => this.select(a.identifier));
        layer.bindTooltip(() => h('span', {}, a.name || a.identifier), { sticky: true }); // an element: Leaflet would parse a string as HTML
        layer.addTo(this.areaGroup);
        const shape = layer.getElement && layer.getElement();
        if (shape) shape.dataset.id = a.identifier; // for tests and styles: which area a path is
        this.layers.set(a.identifier, layer);
        const at = geo.labelPoint(a.geometry);
        if (at) {
          const el = h('span', { class: 'area-label', 'data-id': a.identifier }, a.name || a.identifier);
          const label = L.marker([at[1], at[0]], { icon: L.divIcon({ html: el, className: 'area-label-icon', iconSize: null }), interactive: false, keyboard: false, pmIgnore: true });
          label.areaBounds = layer.getBounds ? layer.getBounds() : null;
          label.addTo(this.labelGroup);
        }
      }
      const kind = a.geometry && a.geometry.type;
      const rules = this.usedBy(a.identifier);
      list.append(h('li', {},
        h('button', {
          type: 'button', class: 'item', dataset: { id: a.identifier }, 'aria-pressed': String(this.selected === a.identifier),
          onclick: () => this.select(a.identifier),
        },
        h('span', { class: 'item-name' }, a.name || a.identifier),
        h('span', { class: 'item-id' }, a.identifier),
        a.locked ? h('span', { class: 'badge' }, 'locked') : null,
        kind && kind !== 'Polygon' ? h('span', { class: 'badge muted' }, kind) : null,
        h('span', { class: 'item-uses' }, kind && kind !== 'Polygon' ? 'A line or a point: not usable in rules'
          : (rules.length ? `Used by: ${rules.join(', ')}` : 'Not used by any rule')))));
    }
    $('#area-empty').hidden = this.areas.length > 0;
    this.showLabels();
    if (this.selected !== null) {
      if (this.areas.some((a) => a.identifier === this.selected)) this.highlight(this.selected);
      else this.closeForm();
    }
    if (!this.fitted && this.layers.size > 0) {
      this.fitted = true;
      this.map.fitBounds(L.featureGroup([...this.layers.values()]).getBounds().pad(0.5), { maxZoom: 9 });
    }
  }

  // showLabels shows an area's name where the area is large enough on screen to carry it.
  showLabels() {
    for (const label of this.labelGroup.getLayers()) {
      const el = label.getElement();
      if (!el) continue;
      let visible = true;
      if (label.areaBounds && label.areaBounds.isValid()) {
        const ne = this.map.latLngToLayerPoint(label.areaBounds.getNorthEast());
        const sw = this.map.latLngToLayerPoint(label.areaBounds.getSouthWest());
        visible = Math.abs(ne.x - sw.x) >= 30 || Math.abs(ne.y - sw.y) >= 30;
      }
      el.classList.toggle('hidden-label', !visible);
    }
  }

  highlight(id) {
    for (const [lid, layer] of this.layers) {
      const a = this.areas.find((x) => x.identifier === lid);
      if (layer.setStyle) layer.setStyle(leafletStyle(styleOf(a), lid === id, a.geometry.type));
    }
    for (const b of document.querySelectorAll('#area-list .item')) b.setAttribute('aria-pressed', String(b.dataset.id === id));
  }

  select(id) {
    this.stopEditing();
    this.map.pm.disableDraw();
    if (this.selected === null && this.draft) this.draft.remove(); // an unsaved new one
    const a = this.areas.find((x) => x.identifier === id);
    if (!a) return;
    this.selected = id;
    this.kind = a.geometry.type;
    this.draft = this.layers.get(id) || null;
    this.highlight(id);
    if (this.draft && this.draft.getBounds) this.map.fitBounds(this.draft.getBounds().pad(0.5), { maxZoom: 9 }); // keep the coast in view
    else if (this.draft && this.draft.getLatLng) this.map.setView(this.draft.getLatLng(), Math.max(this.map.getZoom(), 9));
    this.openForm(a);
  }

  // openForm shows the form for a stored area, or for a new one (a: null; or a copy).
  openForm(a, isNew = a === null) {
    const f = this.form;
    clearErrors(f);
    f.hidden = false;
    const locked = !isNew && Boolean(a && a.locked);
    const kind = this.kind;
    const what = KIND_NAMES[kind];
    $('#area-form-title').textContent = isNew ? (a ? `New ${what} (a copy)` : `New ${what}`) : `${what[0].toUpperCase()}${what.slice(1)} ${a.name || a.identifier}`;
    $('#area-identifier').value = a ? a.identifier : '';
    $('#area-identifier').readOnly = !isNew;
    $('#area-name').value = a ? a.name || '' : '';
    const st = styleOf(a);
    $('#area-fill').value = colour(st.fill);
    $('#area-stroke').value = colour(st.stroke);
    $('#area-fill-opacity').value = st['fill-opacity'];
    $('#area-stroke-width').value = st['stroke-width'];
    $('#area-marker-color').value = colour(st['marker-color']);
    $('#area-marker-size').value = st['marker-size'] || 'medium';
    $('#area-fill-row').hidden = kind !== 'Polygon';
    $('#area-stroke-row').hidden = kind === 'Point';
    $('#area-marker-row').hidden = kind !== 'Point';
    $('#area-kind-note').hidden = kind === 'Polygon';
    $('#area-locked').hidden = !locked;
    $('#area-draw-hint').hidden = !isNew || this.draft !== null;
    $('#area-draw-hint').textContent = kind === 'Polygon'
      ? 'Click on the map to place the corners; click the first corner again to close the polygon. Or type the coordinates below.'
      : kind === 'LineString' ? 'Click on the map to place the points of the line; click the last one again to finish. Or type the coordinates below.'
        : 'Click on the map where the point goes. Or type its coordinates below.';
    for (const el of f.querySelectorAll('input, select, textarea')) if (el.id !== 'area-identifier') el.disabled = locked;
    $('#area-save').disabled = locked;
    $('#area-delete').disabled = locked || isNew;
    $('#area-delete').hidden = isNew;
    $('#area-lock').hidden = isNew;
    $('#area-lock').textContent = locked ? 'Unlock' : 'Lock';
    $('#area-duplicate').hidden = isNew;
    $('#area-export-one').hidden = isNew;
    $('#area-edit-vertices').disabled = locked || kind === 'Point' || this.draft === null;
    $('#area-cut').disabled = locked || kind !== 'Polygon' || this.draft === null;
    $('#area-cut').hidden = kind !== 'Polygon';
    $('#area-edit-vertices').setAttribute('aria-pressed', 'false');
    this.syncCoordinates();
    (isNew ? $('#area-identifier') : $('#area-name')).focus({ preventScroll: true });
  }

  closeForm() {
    this.stopEditing();
    this.map.pm.disableDraw();
    if (this.selected === null && this.draft) this.draft.remove(); // an unsaved new one
    this.draft = null;
    const wasSelected = this.selected;
    this.selected = null;
    this.form.hidden = true;
    if (wasSelected !== null) this.render(); // back to the stored shape and style
  }

  startNew(kind) {
    this.closeForm();
    this.selected = null;
    this.kind = kind;
    this.draft = null;
    this.highlight(null);
    this.openForm(null);
    const shape = { Polygon: 'Polygon', LineString: 'Line', Point: 'CircleMarker' }[kind];
    this.map.pm.enableDraw(shape, { allowSelfIntersection: false, snappable: false, pathOptions: leafletStyle(this.formStyle(), true, kind) });
    message(`Click on the map to draw the new ${KIND_NAMES[kind]}, or type its coordinates in the form.`);
  }

  created(layer) {
    if (this.selected !== null || this.form.hidden) { layer.remove(); return; } // only while a new one's form is open
    if (this.draft) this.draft.remove();
    this.setDraft(layer);
    $('#area-draw-hint').hidden = true;
    this.map.pm.disableDraw();
  }

  // setDraft makes layer the form's shape: styled, kept in step with the coordinates box.
  setDraft(layer) {
    this.draft = layer;
    layer.addTo(this.map);
    if (layer.setStyle) layer.setStyle(leafletStyle(this.formStyle(), true, this.kind));
    layer.on('pm:edit pm:markerdragend pm:vertexremoved', () => this.syncCoordinates());
    $('#area-edit-vertices').disabled = this.kind === 'Point';
    $('#area-cut').disabled = this.kind !== 'Polygon';
    this.syncCoordinates();
  }

  restyleDraft() {
    if (this.draft && this.draft.setStyle) this.draft.setStyle(leafletStyle(this.formStyle(), true, this.kind));
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
    const layer = e.layer;
    this.draft = null;
    this.setDraft(layer);
    if (this.selected !== null) this.layers.set(this.selected, layer);
    this.map.pm.disableGlobalCutMode();
  }

  // geometry is the form's shape as GeoJSON (null when there is none yet).
  geometry() {
    if (!this.draft || !this.draft.toGeoJSON) return null;
    return this.draft.toGeoJSON().geometry;
  }

  // syncCoordinates writes the shape into the coordinates box and shows its size.
  syncCoordinates() {
    const g = this.geometry();
    const box = $('#area-coords');
    if (document.activeElement !== box) box.value = g ? geo.formatCoordinates(g) : '';
    const slot = this.form.querySelector('[data-loc="coordinates"]');
    slot.textContent = '';
    box.removeAttribute('aria-invalid');
    $('#area-measure').textContent = g ? geo.describeSize(g) : '';
  }

  // typedCoordinates draws what the box says; a typo is shown next to the box, naming its line,
  // and the shape stays as it was.
  typedCoordinates() {
    const box = $('#area-coords');
    const slot = this.form.querySelector('[data-loc="coordinates"]');
    let g;
    try {
      g = geo.parseCoordinates(box.value, this.kind);
    } catch (e) {
      slot.textContent = e.message;
      box.setAttribute('aria-invalid', 'true');
      return;
    }
    slot.textContent = '';
    box.removeAttribute('aria-invalid');
    if (!g) return;
    this.map.pm.disableDraw();
    const layer = areaLayer({ geometry: g, ...this.formStyle() });
    if (this.draft) this.draft.remove();
    this.setDraft(layer);
    if (this.selected !== null) this.layers.set(this.selected, layer);
    $('#area-draw-hint').hidden = true;
    if (layer.getBounds) this.map.fitBounds(layer.getBounds().pad(0.5), { maxZoom: 12 });
    else this.map.setView(layer.getLatLng(), Math.max(this.map.getZoom(), 9));
  }

  formStyle() {
    const st = {
      stroke: $('#area-stroke').value,
      'stroke-width': numberOr($('#area-stroke-width').value, DEFAULT_STYLE['stroke-width']),
    };
    if (this.kind === 'Polygon') {
      st.fill = $('#area-fill').value;
      st['fill-opacity'] = numberOr($('#area-fill-opacity').value, DEFAULT_STYLE['fill-opacity']);
    }
    if (this.kind === 'Point') {
      st['marker-color'] = $('#area-marker-color').value;
      st['marker-size'] = $('#area-marker-size').value;
    }
    return st;
  }

  // body is the flat area the form describes: the stored one's other keys are kept (a style
  // key left out of a PUT is cleared), the copied one's for a duplicate.
  body() {
    const base = this.selected !== null ? this.areas.find((a) => a.identifier === this.selected) || {} : this.copyOf || {};
    const out = { ...base, identifier: $('#area-identifier').value.trim(), name: $('#area-name').value, ...this.formStyle() };
    out.locked = this.selected !== null ? Boolean(base.locked) : false;
    const g = this.geometry();
    if (g) out.geometry = g;
    return out;
  }

  async save() {
    const f = this.form;
    clearErrors(f);
    if (!this.geometry()) {
      f.querySelector('[data-loc="geometry"]').textContent = `Draw the ${KIND_NAMES[this.kind]} on the map, or type its coordinates, first.`;
      return;
    }
    const body = this.body();
    if (body.geometry.type === 'MultiPolygon') {
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
    this.draft = null;
    this.copyOf = null;
    message(`Area ${body.identifier} saved.`);
    this.selected = body.identifier;
    await this.reload();
    this.select(body.identifier);
  }

  // toggleLock locks the area at once; unlocking asks first: a lock is there to be deliberate.
  async toggleLock() {
    const a = this.areas.find((x) => x.identifier === this.selected);
    if (!a) return;
    if (a.locked && !window.confirm(`Unlock area ${a.identifier}? It can then be edited and deleted.`)) return;
    try {
      await api.updateArea(a.identifier, { ...a, locked: !a.locked });
    } catch (e) {
      return this.failed(e);
    }
    message(`Area ${a.identifier} ${a.locked ? 'unlocked' : 'locked'}.`);
    const id = a.identifier;
    this.selected = null;
    this.draft = null;
    await this.reload();
    this.select(id);
  }

  // duplicate opens a copy of the area as a new one (a free identifier, "… (copy)"), saved
  // only when the user saves it.
  duplicate() {
    const a = this.areas.find((x) => x.identifier === this.selected);
    if (!a) return;
    this.stopEditing();
    this.selected = null;
    this.kind = a.geometry.type;
    this.copyOf = { ...a };
    const copy = { ...a, identifier: freeIdentifier(a.identifier, this.areas.map((x) => x.identifier)), name: `${a.name || a.identifier} (copy)`, locked: false };
    this.render(); // the original drawn as stored again
    this.highlight(null);
    this.draft = null;
    this.openForm(copy, true);
    this.setDraft(areaLayer(copy));
    message(`A copy of ${a.identifier}: change it and save it, or cancel.`);
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

function leafletStyle(st, selected, kind = 'Polygon') {
  const s = { ...DEFAULT_STYLE, ...st };
  if (kind === 'Point') {
    return { color: '#fff', weight: 2, fillColor: s['marker-color'], fillOpacity: 1, radius: MARKER_RADIUS[s['marker-size']] || 7, dashArray: selected ? '3 2' : null };
  }
  return {
    color: s.stroke, fillColor: s.fill, fillOpacity: kind === 'Polygon' ? Number(s['fill-opacity']) : 0,
    weight: Number(s['stroke-width']) + (selected ? 2 : 0), opacity: Number(s['stroke-opacity'] ?? 1),
    dashArray: selected ? '6 4' : null,
  };
}

// areaLayer draws an area: a polygon (with holes), a line or a point.
function areaLayer(a) {
  const g = a.geometry;
  if (!g || !Array.isArray(g.coordinates)) return null;
  const style = leafletStyle(styleOf(a), false, g.type);
  switch (g.type) {
    case 'Polygon':
      return L.polygon(L.GeoJSON.coordsToLatLngs(g.coordinates, 1), { ...style, pmIgnore: false });
    case 'LineString':
      return L.polyline(L.GeoJSON.coordsToLatLngs(g.coordinates, 0), { ...style, pmIgnore: false });
    case 'Point':
      return L.circleMarker(L.GeoJSON.coordsToLatLng(g.coordinates), { ...style, pmIgnore: false });
  }
  return null;
}
