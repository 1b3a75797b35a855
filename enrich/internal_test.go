package enrich

import (
	"math"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// trackDistances is the textbook form (bearings and haversine) of a point's cross-track distance from the great circle through a and b
// (absolute) and its along-track distance from a (signed: negative before a), in nm.
func trackDistances(aLat, aLon, bLat, bLon, pLat, pLon float64) (xt, at float64) {
	d13 := Distance(aLat, aLon, pLat, pLon) / EarthRadiusNM
	θ13 := Bearing(aLat, aLon, pLat, pLon) * rad
	θ12 := Bearing(aLat, aLon, bLat, bLon) * rad
	dxt := math.Asin(math.Max(-1, math.Min(1, math.Sin(d13)*math.Sin(θ13-θ12))))
	c := math.Cos(d13) / math.Cos(dxt)
	dat := math.Acos(math.Max(-1, math.Min(1, c)))
	if math.Cos(θ13-θ12) < 0 {
		dat = -dat
	}
	return math.Abs(dxt) * EarthRadiusNM, dat * EarthRadiusNM
}

// The vector form of the sanity check's distances agrees with the bearing formulas.
func TestGreatCircleDistancesAgreeWithTheFormulas(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for range 10000 {
		aLat, aLon := r.Float64()*160-80, r.Float64()*360-180
		bLat, bLon := r.Float64()*160-80, r.Float64()*360-180
		if Distance(aLat, aLon, bLat, bLon) < 1 {
			continue
		}
		// Points within 5,000 nm of the start: beyond, the formulas' along-track (acos) and
		// the vector form's (atan2) part ways near the antipode, where no leg is flown.
		pLat, pLon := aLat+r.Float64()*60-30, aLon+r.Float64()*60-30
		if pLat > 89 || pLat < -89 {
			continue
		}
		xt, at := trackDistances(aLat, aLon, bLat, bLon, pLat, pLon)
		vxt, vat := newGreatCircle(aLat, aLon, bLat, bLon).distances(pLat, pLon)
		require.InDelta(t, xt, vxt, 1e-6*EarthRadiusNM)
		require.InDelta(t, at, vat, 1e-6*EarthRadiusNM)
	}
}
