package aircraftdb

import "bufio"

// Each section's part: its count, its length, and how its records are written (through the
// layouts of format.go, the ones the lookups read).

func (e *encoding) metaPart() part {
	return part{1, len(e.metaJSON), func(w *bufio.Writer) { _, _ = w.Write(e.metaJSON) }}
}

func (e *encoding) stringsPart() part {
	return part{e.pool.n, len(e.pool.buf), func(w *bufio.Writer) { _, _ = w.Write(e.pool.buf) }}
}

// records is a part of n records of size bytes, each filled by fill(i, rec) (rec zeroed).
func records(n, size int, fill func(i int, rec []byte)) part {
	return part{n, n * size, func(w *bufio.Writer) {
		rec := make([]byte, size)
		for i := range n {
			clear(rec)
			fill(i, rec)
			_, _ = w.Write(rec)
		}
	}}
}

// u32s is a part of n u32s (count: the section's record count).
func u32s(n, count int, at func(i int) uint32) part {
	p := records(n, 4, func(i int, rec []byte) { le.PutUint32(rec, at(i)) })
	p.count = count
	return p
}

func (e *encoding) aircraftKeys() part {
	ac := e.b.aircraft
	return u32s(len(ac), len(ac), func(i int) uint32 { return ac[i].addr })
}

// refsAt are the string references of a run of records: of types, aircraft, operators or
// airports, per records' fields.
func (e *encoding) refsAt(skip, per int) func(i int) []uint32 {
	return func(i int) []uint32 { return e.refs[skip+i*per : skip+(i+1)*per] }
}

func (e *encoding) aircraftRecords() part {
	ac := e.b.aircraft
	refs := e.refsAt(2*len(e.typeKeys), 1)
	return records(len(ac), aircraftRec.size, func(i int, rec []byte) {
		a := ac[i]
		aircraftRec.reg.put(rec, refs(i)[0])
		if a.typ != 0 {
			aircraftRec.typ.put(rec, e.typeNo[e.b.typeNames[a.typ-1]])
		}
		if a.military {
			aircraftRec.flags.put(rec, flagMilitary)
		}
	})
}

func (e *encoding) typeRecords() part {
	refs := e.refsAt(0, 2)
	return records(len(e.typeKeys), typeRec.size, func(i int, rec []byte) {
		t := e.b.types[e.typeKeys[i]]
		typeRec.designator.put(rec, refs(i)[0])
		typeRec.model.put(rec, refs(i)[1])
		typeRec.desc.put(rec, t.desc[:])
		typeRec.engines.put(rec, byte(t.engines))
		typeRec.engineType.put(rec, t.engineType)
	})
}

func (e *encoding) operatorRecords() part {
	refs := e.refsAt(2*len(e.typeKeys)+len(e.b.aircraft), 3)
	return records(len(e.opKeys), operatorRec.size, func(i int, rec []byte) {
		k, _ := designatorKey(e.opKeys[i])
		operatorRec.key.put(rec, k)
		operatorRec.name.put(rec, refs(i)[0])
		operatorRec.country.put(rec, refs(i)[1])
		operatorRec.callsign.put(rec, refs(i)[2])
	})
}

func (e *encoding) airportRecords() part {
	refs := e.refsAt(2*len(e.typeKeys)+len(e.b.aircraft)+3*len(e.opKeys), 5)
	return records(len(e.b.apOrder), airportRec.size, func(i int, rec []byte) {
		a := e.b.airports[e.b.apOrder[i]]
		r := refs(i)
		for j, f := range []u32At{airportRec.code, airportRec.icao, airportRec.iata, airportRec.name, airportRec.city} {
			f.put(rec, r[j])
		}
		airportRec.country.putString(rec, a.country)
		if a.hasPos {
			airportRec.flags.put(rec, airportRec.flags.get(rec)|hasPosition)
			airportRec.lat.put(rec, a.lat)
			airportRec.lon.put(rec, a.lon)
		}
		if a.hasAlt {
			airportRec.flags.put(rec, airportRec.flags.get(rec)|hasAltitude)
			airportRec.alt.put(rec, uint32(a.alt)) //nolint:gosec // stored signed
		}
	})
}

func (e *encoding) routeKeys() part {
	return records(len(e.routes), 8, func(i int, rec []byte) { le.PutUint64(rec, e.routes[i].key) })
}

func (e *encoding) routeOffsets() part {
	at := uint32(0)
	return u32s(len(e.routes)+1, len(e.routes)+1, func(i int) uint32 {
		v := at
		if i < len(e.routes) {
			at += uint32(e.routes[i].stops)
		}
		return v
	})
}

func (e *encoding) routeStops() part {
	return part{e.stops, 2 * e.stops, func(w *bufio.Writer) {
		for _, r := range e.routes {
			for _, s := range e.b.stops[r.stopsFrom : r.stopsFrom+uint32(r.stops)] {
				_, _ = w.Write(le.AppendUint16(nil, s))
			}
		}
	}}
}

func (e *encoding) blockRecords() part {
	bl := e.b.blocks
	return records(len(bl), blockRec.size, func(i int, rec []byte) {
		blockRec.mask.put(rec, bl[i].mask)
		blockRec.sig.put(rec, bl[i].sig)
		if bl[i].military {
			blockRec.military.put(rec, 1)
		}
	})
}

func (e *encoding) registrantKeys() part {
	en := e.b.registrants.entries
	return u32s(len(en), len(en), func(i int) uint32 { return en[i].addr })
}

func (e *encoding) registrantOffsets() part {
	s, at := &e.b.registrants, uint32(0)
	return u32s(len(s.entries)+1, len(s.entries)+1, func(i int) uint32 {
		v := at
		if i < len(s.entries) {
			at += uint32(len(s.record(s.entries[i].at))) //nolint:gosec // checked: under 4 GiB
		}
		return v
	})
}

// registrantRecords copies each record from the build's chunks, in address order, its type
// renumbered to the sorted types'.
func (e *encoding) registrantRecords() part {
	s := &e.b.registrants
	return part{len(s.entries), s.size, func(w *bufio.Writer) {
		for _, en := range s.entries {
			rec := s.record(en.at)
			t := int(registrantRec.typ)
			_, _ = w.Write(rec[:t])
			_ = w.WriteByte(e.regRemap[rec[t]])
			_, _ = w.Write(rec[t+1:])
		}
	}}
}
