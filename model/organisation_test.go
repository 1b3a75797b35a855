package model

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOrganisationNameIsWholeWordsOfTheList(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"QANTAS AIRWAYS LIMITED", true}, {"Smith Pty. Ltd.", true}, {"Acme Incorporated", true},
		{"royal flying doctor service", false}, {"ANNE SERVICE", false}, {"SMITH FAMILY TRUST", false},
		{"BOB JONES AVIATION", false}, {"JONES MARY", false}, {"CLUBB JOHN", false}, {"PTYCHO SMITH", false},
		// A hyphen (or an apostrophe) between letters joins one word: a double-barrelled surname
		// holding a word of the list is a person's.
		{"MARY INCORPORATED-SMITH", false}, {"CLUB-JONES ANNE", false}, {"JONES‑LTD PETER", false}, {"O'CLUB MARY", false},
		{"SMITH-JONES PTY LTD", true}, {"JONES - LTD", true}, {"ACME LTD-", true}, {"-CLUB", true}, {"AERO CLUB-", true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, OrganisationName(tt.name), tt.name)
	}
}

func TestIsOrganisationBySourceTypeAndName(t *testing.T) {
	tests := []struct {
		source, typ, name string
		want              bool
	}{
		{"faa", "Corporation", "ACME INC", true},
		{"faa", "Individual", "SMITH JOHN", false},
		{"faa", "Partnership", "SMITH AND JONES", false},
		{"faa", "Non-Citizen Co-Owned", "X", false},
		{"faa", "Government", "CITY OF X", true},
		{"tc", "Entity", "ACME", true},
		{"tc", "Individual", "SMITH", false},
		{"tc", "Partnership", "SMITH AND JONES", true}, // Transport Canada: anything not individual
		{"casa", "", "SMITH FAMILY TRUST", false},
		{"casa", "", "QANTAS AIRWAYS LIMITED", true},
		{"", "Individual", "JONES LTD", false}, // a type decides before the name
		{"", "", "JONES LTD", true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, IsOrganisation(tt.source, tt.typ, tt.name), "%+v", tt)
	}
}

func TestShownNameObeysEachReadersDetail(t *testing.T) {
	tests := []struct {
		d                 RegistrantDetail
		source, typ, name string
		want              string
	}{
		{DetailFull, "faa", "Individual", "SMITH JOHN", "SMITH JOHN"},
		{DetailStandard, "faa", "Individual", "SMITH JOHN", "Individual"},
		{DetailStandard, "faa", "Corporation", "ACME INC", "ACME INC"},
		{DetailStandard, "casa", "", "ANNE SERVICE", ""},
		{DetailNone, "faa", "Corporation", "ACME INC", ""},
		{DetailStandard, "faa", "Individual", "", "Individual"},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, ShownName(tt.d, tt.source, tt.typ, tt.name), "%+v", tt)
	}
}

func TestWhoIsAPersonAllocatesNothing(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_ = IsOrganisation("casa", "", "Qantas Airways Limited")
		_ = IsOrganisation("faa", "Non-Citizen Co-Owned", "X")
		_ = IsOrganisation("tc", "INDIVIDUAL", "X")
		_ = OrganisationName("Münchner Flugschule Verein")
	})
	require.Zero(t, allocs)
}
