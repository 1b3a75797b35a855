package registry

import (
	"context"
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

// Run handles ticks and image sets until ticks closes; it closes out.
func (s *Stage) Run(ctx context.Context, ticks <-chan time.Time, images <-chan []string, out chan<- model.Releases) error {
	defer close(out)
	var current []string
	for {
		select {
		case imgs, ok := <-images:
			if !ok {
				images = nil
				continue
			}
			current = imgs
		case _, ok := <-ticks:
			if !ok {
				return nil
			}
			if len(current) == 0 {
				s.log.Debug().Msg("registry pass: no registered image")
				continue
			}
			res := s.client.Pass(ctx, current)
			rel := model.Releases{Latest: map[string]string{}, Passed: time.Now()}
			for img, r := range res {
				if r.Err != nil {
					s.log.Info().Err(r.Err).Str("image", img).Msg("registry lookup failed; keeping the last known version")
					continue
				}
				rel.Latest[img] = r.Latest
			}
			s.log.Info().Int("images", len(current)).Int("found", len(rel.Latest)).Msg("registry pass done")
			if ctx.Err() != nil || !pipeline.Send(ctx, out, rel) {
				return nil
			}
		}
	}
}
