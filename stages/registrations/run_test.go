package registrations_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/require"

	"github.com/tracker-adsb/tracker-core-health/internal/testenv"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/stages/registrations"
)

// The registrations stage's Run with channel fixtures: a registration gives its update
// entity's state and hands the image set to the registry stage (only when it changed); a
// registry pass gives every state again; the stage closes both outputs once both inputs are
// closed, and a stop never waits for a reader.
func TestRegistrationsRunFollowsMessagesAndReleases(t *testing.T) {
	st := registrations.NewStage(registrations.Config{Namespace: "acme", ReleaseURLTemplate: "u/{version}"}, nil, zerolog.Nop())
	msgs := make(chan model.Message)
	releases := make(chan model.Releases)
	out, run := st.Start(msgs, releases)
	images := st.ImageSets()
	done := make(chan error, 1)
	go func() { done <- run(t.Context()) }()

	msgs <- msg("Tracker_message_processor_mp-1", mp1)
	b := <-out
	require.Len(t, b.V, 1)
	require.Equal(t, "2026.09.10", b.V[0].Update().Latest, "no release known yet: latest is installed")
	require.Equal(t, []string{"tracker-message-processor"}, <-images)
	msgs <- msg("Tracker_message_processor_mp-1", mp1) // the retained copy again: nothing new
	msgs <- msg("bad", `{{`)                           // malformed: nothing
	// Over the size limit, for a registered component: ignored, its registration kept (the
	// pass below still gives its entity).
	msgs <- msg("Tracker_message_processor_mp-1", `{"image":"x","device":{"ids":"y","sw_version":"1","pad":"`+strings.Repeat("x", registrations.MaxPayload)+`"}}`)
	require.Empty(t, images, "the image set did not change")

	releases <- model.Releases{Latest: map[string]string{"tracker-message-processor": "2026.10.2"}}
	b = <-out
	require.Equal(t, "2026.10.2", b.V[0].Update().Latest)
	require.Equal(t, "u/2026.10.2", b.V[0].Update().ReleaseURL)
	require.Empty(t, out, "only the registration and the pass gave readings")

	close(msgs)
	close(releases)
	require.NoError(t, <-done)
	_, open := <-out
	require.False(t, open, "both outputs are closed once both inputs are")
	_, open = <-images
	require.False(t, open)
}

func TestRegistrationsRunNeverBlocksShutdown(t *testing.T) {
	st := registrations.NewStage(registrations.Config{}, nil, zerolog.Nop())
	ctx, cancel := context.WithCancel(t.Context())
	msgs := make(chan model.Message, 1)
	out, run := st.Start(msgs, make(chan model.Releases)) // nobody reads
	done := make(chan error, 1)
	go func() { done <- run(ctx) }()
	// The output's buffer fills, then a send waits: cancelled there.
	for i := range cap(out) + 1 {
		msgs <- msg(fmt.Sprintf("Tracker_message_processor_mp-%d", i), mp1)
	}
	testenv.WaitParked(t, "pipeline.Send[")
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(2 * time.Second):
		t.Fatal("Run is stuck behind a reader that is not reading")
	}
}
