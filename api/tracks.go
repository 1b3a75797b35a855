package api

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/tracker-adsb/tracker-core-health/flightlog"
)

// The paths of the flights (CONTRACT.md 13.4): one flight's track as a GeoJSON Feature, and
// the filtered flights with a track as a GeoJSON FeatureCollection or a KML document, streamed
// as the CSV is. Every output is the rows as this server's privacy shows them (the reader's
// REGISTRANT_DETAIL and PRIVACY_LIST). Coordinates are [lon, lat, alt_m]; a path across the
// antimeridian is a MultiLineString split there (RFC 7946 3.1.9), each part within ±180.

func (s *Server) trackRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/flights/{id}/track", s.getTrack)
	mux.HandleFunc("GET /api/flights.geojson", s.getFlightsGeoJSON)
	mux.HandleFunc("GET /api/flights.kml", s.getFlightsKML)
	mux.HandleFunc("GET /api/coverage", s.getCoverage)
}

// trackFeature is a flight's path as GeoJSON.
type trackFeature struct {
	Type       string        `json:"type"`
	ID         int64         `json:"id"`
	Geometry   trackGeometry `json:"geometry"`
	Properties trackProps    `json:"properties"`
}

type trackGeometry struct {
	Type        string `json:"type"`
	Coordinates any    `json:"coordinates"`
}

// trackProps are the row without its track, and its closest point.
type trackProps struct {
	flightlog.Row
	Closest *closestPoint `json:"closest,omitempty"`
}

type closestPoint struct {
	Lon      float64    `json:"lon"`
	Lat      float64    `json:"lat"`
	Altitude *int       `json:"altitude,omitempty"`
	At       *time.Time `json:"at,omitempty"`
	NM       float64    `json:"nm"`
}

const metresPerFoot = 0.3048

func (s *Server) getTrack(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id < 1 {
		write422(w, []FieldError{{Loc: []any{"path", "id"}, Msg: "value must be a flight's id (a positive integer)", Type: "int_parsing"}})
		return
	}
	if s.flights == nil {
		writeDetail(w, http.StatusServiceUnavailable, noFlightLog)
		return
	}
	row, pts, err := s.flights.Track(r.Context(), id)
	switch {
	case errors.Is(err, flightlog.ErrNoFlight):
		writeDetail(w, http.StatusNotFound, "No flight "+strconv.FormatInt(id, 10)+" in the flight log")
	case errors.Is(err, flightlog.ErrNoTrack):
		writeDetail(w, http.StatusNotFound, "Flight "+strconv.FormatInt(id, 10)+" has no track: it had no position, or it is older than FLIGHT_LOG_TRACK_DAYS (its row is still in /api/flights)")
	case err != nil:
		s.flightLogError(w, err)
	default:
		writeJSON(w, http.StatusOK, featureOf(&row, pts))
	}
}

// featureOf is a row's path as a Feature.
func featureOf(r *flightlog.Row, pts []flightlog.TrackPoint) trackFeature {
	f := trackFeature{Type: "Feature", ID: r.ID, Properties: trackProps{Row: *r}}
	f.Properties.Track = nil
	if r.ClosestNM != nil && r.ClosestLat != nil && r.ClosestLon != nil {
		f.Properties.Closest = &closestPoint{Lon: *r.ClosestLon, Lat: *r.ClosestLat, Altitude: r.ClosestAltitude, At: r.ClosestAt, NM: *r.ClosestNM}
	}
	parts := splitAntimeridian(pts)
	coords := make([][][]float64, len(parts))
	for i, part := range parts {
		for _, p := range part {
			c := []float64{p.Lon, p.Lat}
			if p.Altitude != nil {
				c = append(c, math.Round(float64(*p.Altitude)*metresPerFoot*10)/10)
			}
			coords[i] = append(coords[i], c)
		}
	}
	switch {
	case len(coords) > 1:
		f.Geometry = trackGeometry{Type: "MultiLineString", Coordinates: coords}
	case len(pts) == 1: // one position: no line (RFC 7946 3.1.4 wants two)
		f.Geometry = trackGeometry{Type: "Point", Coordinates: coords[0][0]}
	default:
		f.Geometry = trackGeometry{Type: "LineString", Coordinates: coords[0]}
	}
	return f
}

// splitAntimeridian cuts a path (longitudes unwrapped: past ±180 across the antimeridian)
// where it crosses the antimeridian, each part's longitudes within [-180, 180], the crossing
// point (interpolated) ending one part and starting the next.
func splitAntimeridian(pts []flightlog.TrackPoint) [][]flightlog.TrackPoint {
	var parts [][]flightlog.TrackPoint
	var cur []flightlog.TrackPoint
	world := func(lon float64) float64 { return math.Floor((lon + 180) / 360) } // which copy of the world
	for i, p := range pts {
		if i > 0 {
			prev := pts[i-1]
			for w0, w1 := world(prev.Lon), world(p.Lon); w0 != w1; {
				step := math.Copysign(1, w1-w0)
				edge := w0*360 + step*180 // the antimeridian between copy w0 and the next one

				t := (edge - prev.Lon) / (p.Lon - prev.Lon)
				x := flightlog.TrackPoint{Lon: edge, Lat: prev.Lat + t*(p.Lat-prev.Lat), Offset: prev.Offset + int(math.Round(t*float64(p.Offset-prev.Offset)))}
				if prev.Altitude != nil && p.Altitude != nil {
					a := *prev.Altitude + int(math.Round(t*float64(*p.Altitude-*prev.Altitude)))
					x.Altitude = &a
				}
				cur = append(cur, shifted(x, w0))
				parts, cur = append(parts, cur), []flightlog.TrackPoint{shifted(x, w0+step)}
				w0 += step
			}
		}
		cur = append(cur, shifted(p, world(p.Lon)))
	}
	return append(parts, cur)
}

// shifted is p moved from copy w of the world into [-180, 180].
func shifted(p flightlog.TrackPoint, w float64) flightlog.TrackPoint {
	p.Lon -= w * 360
	return p
}

// getFlightsGeoJSON streams the filtered flights with a track as a FeatureCollection.
func (s *Server) getFlightsGeoJSON(w http.ResponseWriter, r *http.Request) {
	s.exportTracks(w, r, "application/geo+json", "geojson", &geoJSONWriter{})
}

// getFlightsKML streams the filtered flights with a track as a KML document.
func (s *Server) getFlightsKML(w http.ResponseWriter, r *http.Request) {
	s.exportTracks(w, r, "application/vnd.google-earth.kml+xml", "kml", &kmlWriter{zone: s.zone()})
}

// trackFormat writes an export: its head, one flight at a time, its tail.
type trackFormat interface {
	head(w io.Writer) error
	flight(w io.Writer, r *flightlog.Row) error
	tail(w io.Writer) error
}

// exportTracks streams the filter's flights with a track in tf's format (streamExport).
func (s *Server) exportTracks(w http.ResponseWriter, r *http.Request, mime, ext string, tf trackFormat) {
	s.streamExport(w, r, mime, ext, func(l *flightlog.Log, f flightlog.Filter, out io.Writer) error {
		bw := bufio.NewWriterSize(out, 32<<10)
		err := tf.head(bw)
		if err == nil {
			err = l.EachTrack(r.Context(), f, func(row *flightlog.Row) error { return tf.flight(bw, row) })
		}
		if err == nil {
			err = tf.tail(bw)
		}
		if err == nil {
			err = bw.Flush()
		}
		return err
	})
}

// geoJSONWriter writes a FeatureCollection, a Feature a flight.
type geoJSONWriter struct{ n int }

func (g *geoJSONWriter) head(w io.Writer) error {
	_, err := io.WriteString(w, `{"type":"FeatureCollection","features":[`)
	return err
}

func (g *geoJSONWriter) flight(w io.Writer, r *flightlog.Row) error {
	b, err := json.Marshal(featureOf(r, r.Track))
	if err != nil {
		return err
	}
	if g.n > 0 {
		b = append([]byte{',', '\n'}, b...)
	}
	g.n++
	_, err = w.Write(b)
	return err
}

func (g *geoJSONWriter) tail(w io.Writer) error {
	_, err := io.WriteString(w, "]}\n")
	return err
}

// kmlWriter writes a KML document: per flight a placemark with its path and one with its
// closest point, names escaped, times in zone.
type kmlWriter struct{ zone *time.Location }

func (k *kmlWriter) head(w io.Writer) error {
	_, err := io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Flights</name>`+"\n")
	return err
}

func (k *kmlWriter) tail(w io.Writer) error {
	_, err := io.WriteString(w, "</Document></kml>\n")
	return err
}

func (k *kmlWriter) flight(w io.Writer, r *flightlog.Row) error {
	var b strings.Builder
	name := flightName(r)
	b.WriteString("<Placemark><name>")
	escape(&b, name)
	b.WriteString("</name><TimeSpan><begin>" + r.FirstSeen.Format(time.RFC3339) + "</begin><end>" + r.LastSeen.Format(time.RFC3339) + "</end></TimeSpan>")
	parts := splitAntimeridian(r.Track)
	if len(parts) > 1 {
		b.WriteString("<MultiGeometry>")
	}
	for _, part := range parts {
		kmlLine(&b, part)
	}
	if len(parts) > 1 {
		b.WriteString("</MultiGeometry>")
	}
	b.WriteString("</Placemark>\n")
	if r.ClosestLat != nil && r.ClosestLon != nil && r.ClosestNM != nil {
		label := name + " closest: " + strconv.FormatFloat(*r.ClosestNM, 'f', 1, 64) + " nm"
		mode, alt := "clampToGround", ""
		if r.ClosestAltitude != nil {
			label += ", " + strconv.Itoa(*r.ClosestAltitude) + " ft"
			mode, alt = "absolute", ","+strconv.FormatFloat(float64(*r.ClosestAltitude)*metresPerFoot, 'f', 1, 64)
		}
		if r.ClosestAt != nil {
			label += ", " + r.ClosestAt.In(k.zone).Format("2006-01-02 15:04:05 MST")
		}
		b.WriteString("<Placemark><name>")
		escape(&b, label)
		b.WriteString("</name><Point><altitudeMode>" + mode + "</altitudeMode><coordinates>" + coord(*r.ClosestLon) + "," + coord(*r.ClosestLat) + alt +
			"</coordinates></Point></Placemark>\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// kmlLine is a LineString (a Point for a single position): altitudes absolute when every
// point has one, else on the ground.
func kmlLine(b *strings.Builder, pts []flightlog.TrackPoint) {
	withAlt := true
	for _, p := range pts {
		withAlt = withAlt && p.Altitude != nil
	}
	kind, mode := "LineString", "clampToGround"
	if len(pts) == 1 {
		kind = "Point"
	}
	if withAlt {
		mode = "absolute"
	}
	b.WriteString("<" + kind + "><altitudeMode>" + mode + "</altitudeMode><coordinates>")
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(coord(p.Lon) + "," + coord(p.Lat))
		if withAlt {
			b.WriteString("," + strconv.FormatFloat(float64(*p.Altitude)*metresPerFoot, 'f', 1, 64))
		}
	}
	b.WriteString("</coordinates></" + kind + ">")
}

func coord(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// flightName is how a flight is named: its ident, registration or address.
func flightName(r *flightlog.Row) string {
	name := r.Ident
	if name == "" {
		name = r.Registration
	}
	if name == "" {
		name = r.IcaoHex
	}
	if r.Registration != "" && r.Registration != name {
		name += " (" + r.Registration + ")"
	}
	return name
}

// escape writes s as XML text (no control character from the feed gets through).
func escape(b *strings.Builder, s string) {
	_ = xml.EscapeText(b, []byte(strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' {
			return -1
		}
		return r
	}, s)))
}
