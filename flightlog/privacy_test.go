package flightlog

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// owned is a log a watch at REGISTRANT_DETAIL=full wrote: a person, a company, a CASA owner
// without a type (a person's name), and one whose owner is a company by its words.
func owned(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "flights.db")
	l, err := Open(t.Context(), path, zerolog.Nop())
	require.NoError(t, err)
	rows := []Row{sample(0), sample(1), sample(2), sample(3)}
	rows[0].Registrant, rows[0].RegistrantType, rows[0].RegistrantSource, rows[0].Registration = "JOHN Q SMITH", "Individual", "faa", "N123AB"
	rows[1].Registrant, rows[1].RegistrantType, rows[1].RegistrantSource, rows[1].Registration = "ACME AIR CHARTER LLC", "LLC", "faa", "N456CD"
	rows[2].Registrant, rows[2].RegistrantSource, rows[2].Registration = "JANE MAREE DOE", "casa", "VH-ABC"
	rows[3].Registrant, rows[3].RegistrantSource, rows[3].Registration = "SKYLINE AVIATION PTY LTD", "casa", "VH-XYZ"
	require.NoError(t, l.Insert(t.Context(), rows))
	require.NoError(t, l.Close())
	return path
}

func readAs(t *testing.T, path string, p Privacy) *Log {
	t.Helper()
	l, err := OpenReadOnly(t.Context(), path, ReadOptions{Privacy: p})
	require.NoError(t, err)
	t.Cleanup(func() { _ = l.Close() })
	return l
}

// registrants is each row's registrant and type, by registration, as the reader answers.
func registrants(t *testing.T, l *Log, q string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, l.Each(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour), Q: q}, func(r *Row) error {
		out[r.Registration] = r.Registrant + "|" + r.RegistrantType
		return nil
	}))
	return out
}

// Every reader applies its own REGISTRANT_DETAIL to what a writer at full stored, in its
// answers and in q (CONTRACT.md 12.3: the stricter wins); an owner's opt-out hides the
// registrant of that aircraft's rows.
func TestReadersApplyTheirOwnRegistrantDetail(t *testing.T) {
	path := owned(t)

	standard := readAs(t, path, Privacy{Detail: model.DetailStandard})
	require.Equal(t, map[string]string{"N123AB": "Individual|Individual", "N456CD": "ACME AIR CHARTER LLC|LLC", "VH-ABC": "|",
		"VH-XYZ": "SKYLINE AVIATION PTY LTD|"}, registrants(t, standard, ""), "a person's name never; a company's kept")
	require.Empty(t, registrants(t, standard, "smith"), "an individual's name is not found by q")
	require.Empty(t, registrants(t, standard, "maree"), "nor a CASA owner's that is no company's")
	require.Len(t, registrants(t, standard, "acme air"), 1)
	require.Len(t, registrants(t, standard, "individual"), 1, "what is shown is what is found")

	none := readAs(t, path, Privacy{Detail: model.DetailNone})
	require.Equal(t, map[string]string{"N123AB": "|", "N456CD": "|", "VH-ABC": "|", "VH-XYZ": "|"}, registrants(t, none, ""))
	require.Empty(t, registrants(t, none, "acme"), "at none, no registrant is found either")
	require.Len(t, registrants(t, none, "n456"), 1, "the registration still is")

	full := readAs(t, path, Privacy{Detail: model.DetailFull})
	require.Equal(t, "JOHN Q SMITH|Individual", registrants(t, full, "")["N123AB"])
	require.Len(t, registrants(t, full, "smith"), 1)

	optedOut := readAs(t, path, Privacy{Detail: model.DetailFull, OptedOut: func(hex, reg string) bool { return reg == "N456CD" }})
	require.Equal(t, "|", registrants(t, optedOut, "")["N456CD"])
	require.Empty(t, registrants(t, optedOut, "acme"), "an opted-out owner is not found")

	var csv strings.Builder
	w, err := NewCSVWriter(&csv, time.UTC)
	require.NoError(t, err)
	require.NoError(t, standard.Each(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour)}, w.Write))
	require.NoError(t, w.Flush())
	require.NotContains(t, csv.String(), "SMITH")
	require.NotContains(t, csv.String(), "MAREE")
	require.Contains(t, csv.String(), "ACME AIR CHARTER LLC")
}

// q and operator fold case beyond ASCII.
func TestQAndOperatorFoldCaseBeyondASCII(t *testing.T) {
	l, _ := openTemp(t)
	rows := []Row{sample(0), sample(1), sample(2)}
	rows[0].Operator = &Operator{AirlineDesignator: "AUA", Name: "Österreichische Luftfahrt"}
	rows[1].Operator = &Operator{AirlineDesignator: "LOT", Name: "Polskie Linie Lotnicze ŁÓDŹ"}
	rows[2].Ident = "ΣΑΣ123"
	require.NoError(t, l.Insert(t.Context(), rows))
	count := func(f Filter) int {
		f.From, f.To = day, day.Add(24*time.Hour)
		n := 0
		require.NoError(t, l.Each(t.Context(), f, func(*Row) error { n++; return nil }))
		return n
	}
	require.Equal(t, 1, count(Filter{Q: "ÖSTERREICH"}))
	require.Equal(t, 1, count(Filter{Q: "österreichische luft"}))
	require.Equal(t, 1, count(Filter{Operator: "łódź"}))
	require.Equal(t, 1, count(Filter{Operator: "aua"}), "a code, any case")
	require.Equal(t, 1, count(Filter{Q: "σας"}), "final sigma folds with the others")
}

// max_nm compares the row's closest_nm exactly: every row answered is within it, every row
// within it answered.
func TestMaxNMComparesTheServedDistance(t *testing.T) {
	l, _ := openTemp(t)
	var rows []Row
	for _, nm := range []float64{4.9, 5.0, 5.1, 0.3} {
		r := sample(1)
		r.ClosestNM = &nm
		rows = append(rows, r)
	}
	require.NoError(t, l.Insert(t.Context(), rows))
	within := func(max float64) []float64 {
		var out []float64
		require.NoError(t, l.Each(t.Context(), Filter{From: day, To: day.Add(24 * time.Hour), MaxNM: &max}, func(r *Row) error {
			out = append(out, *r.ClosestNM)
			return nil
		}))
		return out
	}
	require.ElementsMatch(t, []float64{4.9, 0.3}, within(4.96), "5.0 is more than 4.96")
	require.ElementsMatch(t, []float64{4.9, 5.0, 0.3}, within(5))
	require.ElementsMatch(t, []float64{0.3}, within(0.3))
}
