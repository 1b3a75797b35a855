package registrations_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
	"github.com/tracker-adsb/tracker-core-health/sinks/mqtt"
	"github.com/tracker-adsb/tracker-core-health/stages/registrations"
)

const mp1 = `{"image":"tracker-message-processor","device":{"identifiers":["Tracker_message_processor_mp-1"],"name":"Tracker Message Processor mp-1","sw_version":"2026.09.10 (abc1234)","manufacturer":"Tracker"}}`

func msg(id, payload string) model.Message {
	return model.Message{Topic: "Tracker/register/" + id, Payload: []byte(payload), Retained: true}
}

func TestParseRejectsMalformedRegistrations(t *testing.T) {
	cases := map[string]string{
		"not JSON":           `{{`,
		"not an object":      `["image"]`,
		"null":               `null`,
		"no image":           `{"device":{"identifiers":["x"],"sw_version":"1"}}`,
		"empty image":        `{"image":"  ","device":{"identifiers":["x"],"sw_version":"1"}}`,
		"image not a string": `{"image":5,"device":{"identifiers":["x"],"sw_version":"1"}}`,
		"device not object":  `{"image":"i","device":"x"}`,
		"no sw_version":      `{"image":"i","device":{"identifiers":["x"]}}`,
		"blank sw_version":   `{"image":"i","device":{"identifiers":["x"],"sw_version":" "}}`,
		"no identifiers":     `{"image":"i","device":{"sw_version":"1"}}`,
		"empty identifiers":  `{"image":"i","device":{"identifiers":[],"sw_version":"1"}}`,
		"oversized":          `{"image":"i","device":{"identifiers":["x"],"sw_version":"1","pad":"` + strings.Repeat("x", 70000) + `"}}`,
	}
	for name, payload := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := registrations.Parse("c", []byte(payload))
			require.ErrorIs(t, err, registrations.ErrMalformed)
		})
	}
	_, err := registrations.Parse("c", []byte(cases["oversized"]))
	require.ErrorIs(t, err, model.ErrTooLarge)
	require.ErrorContains(t, err, "the payload is larger than the limit of 64 KiB (65536 bytes)")
	r, err := registrations.Parse("c", []byte(`{"image":"i","device":{"ids":"dev-1","sw_version":"dev","name":"N"}}`))
	require.NoError(t, err)
	require.Equal(t, "dev-1", r.DeviceID, "ids as a string is accepted")
	require.Equal(t, "dev", r.Installed)
}

func TestIngestPublishesUpdateEntityAndKeepsLastKnownLatest(t *testing.T) {
	devices := &pipeline.DeviceDirectory{}
	st := registrations.NewStage(registrations.Config{Namespace: "acme", ReleaseURLTemplate: "https://example.test/{namespace}/{image}/{version}"}, devices, zerolog.Nop())
	b := st.Ingest(msg("Tracker_message_processor_mp-1", mp1))
	require.Len(t, b, 1)
	r := b[0]
	require.Equal(t, model.StickyState, r.Kind)
	e := r.Entity
	require.Equal(t, model.Update, e.Component)
	require.Equal(t, "Tracker_message_processor_mp-1_update", e.UniqueID)
	require.Equal(t, "Tracker Message Processor mp-1 Update", e.Name)
	require.Equal(t, "Tracker/register/Tracker_message_processor_mp-1/update", e.StateTopic)
	require.Equal(t, "diagnostic", e.EntityCategory)
	require.JSONEq(t, `{"identifiers":["Tracker_message_processor_mp-1"],"name":"Tracker Message Processor mp-1","sw_version":"2026.09.10 (abc1234)","manufacturer":"Tracker"}`, string(e.Device))
	require.JSONEq(t, `{"installed_version":"2026.09.10","latest_version":"2026.09.10"}`, mqtt.Text(&r), "no release_url before the first lookup")
	require.Contains(t, devices.Load(), "Tracker_message_processor_mp-1", "the device block is shared with the other stages")
	require.Equal(t, []string{"tracker-message-processor"}, st.Images())

	require.Nil(t, st.Ingest(msg("Tracker_message_processor_mp-1", mp1)), "an unchanged registration publishes nothing")
	require.Nil(t, st.Ingest(msg("bad", `{"image":""}`)), "a malformed registration changes nothing")
	require.Nil(t, st.Ingest(model.Message{Topic: "Tracker/register/x/update", Payload: []byte(mp1)}))

	b = st.ApplyReleases(model.Releases{Latest: map[string]string{"tracker-message-processor": "2026.10.2"}})
	require.JSONEq(t, `{"installed_version":"2026.09.10","latest_version":"2026.10.2","release_url":"https://example.test/acme/tracker-message-processor/2026.10.2"}`, mqtt.Text(&b[0]))
	// A failed pass (image missing from the results) keeps the last known version.
	b = st.ApplyReleases(model.Releases{Latest: map[string]string{}})
	var blob struct {
		LatestVersion string `json:"latest_version"`
	}
	require.NoError(t, json.Unmarshal([]byte(mqtt.Text(&b[0])), &blob))
	require.Equal(t, "2026.10.2", blob.LatestVersion)
	require.Equal(t, "2026.10.2", b[0].Update().Latest)

	b = st.Ingest(msg("Tracker_message_processor_mp-1", ""))
	require.Len(t, b, 1)
	require.Equal(t, model.Removal, b[0].Kind)
	require.Equal(t, "Tracker_message_processor_mp-1_update", b[0].Entity.UniqueID)
	require.Empty(t, st.Images())
	require.NotContains(t, devices.Load(), "Tracker_message_processor_mp-1")
}

func TestOwnRegistration(t *testing.T) {
	_, ok := registrations.OwnRegistration("unknown", model.CoreDevice("1", ""))
	require.False(t, ok)
	_, ok = registrations.OwnRegistration("", model.CoreDevice("1", ""))
	require.False(t, ok)
	r, ok := registrations.OwnRegistration("tracker-core-health", model.CoreDevice("2026.01.1 (abc)", ""))
	require.True(t, ok)
	require.Equal(t, "Tracker/register/Tracker_Core", r.Topic())
	require.Equal(t, model.StickyMessage, r.Kind)
	parsed, err := registrations.Parse("Tracker_Core", []byte(r.Text()))
	require.NoError(t, err, "the monitor's own registration is a valid registration")
	require.Equal(t, "2026.01.1", parsed.Installed)
}

// FuzzParse: a registration payload from the broker, seeded with real ones and the malformed
// cases above. Whatever it holds: no panic; an accepted one has the fields the update entity
// needs, and its device block is compact JSON.
func FuzzParse(f *testing.F) {
	f.Add("Tracker_message_processor_mp-1", []byte(mp1))
	f.Add("c", []byte(`{"image":"i","device":{"ids":"dev-1","sw_version":"dev (abc)","name":"N"}}`))
	f.Add("c", []byte(`{"image":"i","device":{"identifiers":[1,"x"],"sw_version":"1"}}`))
	f.Add("x/#", []byte(`{"image":"../..","device":{"identifiers":["\u0000"],"sw_version":"\n"}}`))
	f.Fuzz(func(t *testing.T, id string, payload []byte) {
		r, err := registrations.Parse(id, payload)
		if err != nil {
			require.ErrorIs(t, err, registrations.ErrMalformed)
			return
		}
		require.Equal(t, id, r.Identifier)
		require.NotEmpty(t, strings.TrimSpace(r.Image))
		require.NotEmpty(t, r.DeviceID)
		require.NotEmpty(t, r.Installed)
		require.True(t, json.Valid([]byte(r.Device)), "%q", r.Device)
	})
}
