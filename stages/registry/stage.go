package registry

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// Passer runs one registry pass.
type Passer interface {
	Pass(ctx context.Context, images []string) map[string]Result
}

// Stage runs a registry pass on every tick for the latest set of registered images and
// emits the results. It keeps the current image set (fed by the registrations stage).
type Stage struct {
	client Passer
	log    zerolog.Logger
}

// NewStage builds the registry stage.
func NewStage(c Passer, log zerolog.Logger) *Stage { return &Stage{client: c, log: log} }

// Start runs a pass on every tick for the latest image set (pipeline.Poll; images, from the
// registrations stage, may change at any time): the releases found, and the function that
// runs the loop until the ticks end and then closes them. A tick before any registered image
// asks nothing.
func (s *Stage) Start(ticks <-chan time.Time, images <-chan []string) (<-chan model.Releases, func(context.Context) error) {
	var current atomic.Pointer[[]string]
	out, poll := pipeline.Poll[model.Releases]{Cycle: func(ctx context.Context) (model.Releases, bool) {
		imgs := current.Load()
		if imgs == nil || len(*imgs) == 0 {
			s.log.Debug().Msg("registry pass: no registered image")
			return model.Releases{}, false
		}
		res := s.client.Pass(ctx, *imgs)
		rel := model.Releases{Latest: map[string]string{}}
		for img, r := range res {
			if r.Err != nil {
				s.log.Info().Err(r.Err).Str("image", img).Msg("registry lookup failed; keeping the last known version")
				continue
			}
			rel.Latest[img] = r.Latest
		}
		s.log.Info().Int("images", len(*imgs)).Int("found", len(rel.Latest)).Msg("registry pass done")
		return rel, true
	}}.Start(ticks, 1)
	return out, func(ctx context.Context) error {
		// The image sets are taken in beside the loop, so that a pass always asks for the
		// latest; taking them ends with the loop.
		return pipeline.Beside(ctx, func(ictx context.Context) {
			for {
				select {
				case <-ictx.Done():
					return
				case imgs, ok := <-images:
					if !ok {
						return
					}
					current.Store(&imgs)
				}
			}
		}, poll)
	}
}
