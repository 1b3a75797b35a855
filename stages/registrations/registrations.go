// Package registrations keeps the table of self-registered components (Tracker/register/+)
// and publishes one Home Assistant update entity per component, nested under the device
// block of its registration, with the newest release the registry reported.
package registrations

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/catalog"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/pipeline"
)

// MaxPayload bounds one registration message.
const MaxPayload = 64 << 10

// Registration is one parsed, valid registration.
type Registration struct {
	Identifier string // the topic's last level
	Image      string
	Device     model.Device // the block, verbatim (compacted)
	DeviceID   string       // first of identifiers/ids
	DeviceName string
	Installed  string // sw_version without a trailing " (…)"
}

// ErrMalformed is wrapped by every ingest error.
var ErrMalformed = errors.New("malformed registration")

// Parse validates one registration payload (CONTRACT.md 4.7). An empty payload is not
// handled here: it means the component left.
func Parse(identifier string, payload []byte) (*Registration, error) {
	fail := func(why string) (*Registration, error) {
		return nil, errors.Join(ErrMalformed, errors.New(why))
	}
	if identifier == "" {
		return fail("empty identifier")
	}
	if len(payload) > MaxPayload {
		return nil, errors.Join(ErrMalformed, model.TooLarge("the payload", MaxPayload))
	}
	var msg map[string]json.RawMessage
	if err := json.Unmarshal(payload, &msg); err != nil || msg == nil {
		return fail("not a JSON object")
	}
	var image string
	if json.Unmarshal(msg["image"], &image) != nil || strings.TrimSpace(image) == "" {
		return fail("missing or empty image")
	}
	rawDev := msg["device"]
	var dev map[string]json.RawMessage
	if json.Unmarshal(rawDev, &dev) != nil || dev == nil {
		return fail("device is not an object")
	}
	var sw string
	if json.Unmarshal(dev["sw_version"], &sw) != nil || strings.TrimSpace(sw) == "" {
		return fail("device has no sw_version")
	}
	id := firstIdentifier(dev["identifiers"])
	if id == "" {
		id = firstIdentifier(dev["ids"])
	}
	if id == "" {
		return fail("device has no identifiers")
	}
	var name string
	_ = json.Unmarshal(dev["name"], &name)
	var compact bytes.Buffer
	if err := json.Compact(&compact, rawDev); err != nil {
		return fail("device is not valid JSON")
	}
	return &Registration{
		Identifier: identifier, Image: strings.TrimSpace(image), Device: model.Device(compact.String()),
		DeviceID: id, DeviceName: name, Installed: model.InstalledVersion(sw),
	}, nil
}

// firstIdentifier accepts a string or a list (first element).
func firstIdentifier(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil && len(list) > 0 {
		return strings.TrimSpace(list[0])
	}
	return ""
}

// Config of the stage.
type Config struct {
	Namespace          string // REGISTRY_NAMESPACE
	ReleaseURLTemplate string // placeholders {namespace}, {image}, {version}
}

type entry struct {
	reg    *Registration
	entity *model.Entity
}

// Stage owns the registration table and the last known latest version of every image.
type Stage struct {
	cfg     Config
	devices *pipeline.DeviceDirectory
	log     zerolog.Logger

	entries map[string]*entry
	latest  map[string]string // image → last known release tag
	images  []string          // last image set sent to the registry stage
	// imageSets is the stage's second output (made here, closed by the run): the image set
	// for the registry stage, which is made before this stage starts (it feeds it releases).
	imageSets chan []string
	// unusable holds the identifiers already logged as not making a valid topic.
	unusable map[string]bool
}

// NewStage builds the stage; devices receives the registered device blocks.
func NewStage(cfg Config, devices *pipeline.DeviceDirectory, log zerolog.Logger) *Stage {
	return &Stage{cfg: cfg, devices: devices, log: log, entries: map[string]*entry{}, latest: map[string]string{}, unusable: map[string]bool{},
		imageSets: make(chan []string, 1)}
}

// ImageSets is the sorted distinct image set on every change (latest wins: an unread older
// set is replaced), for the registry stage; closed when the stage's run ends.
func (s *Stage) ImageSets() <-chan []string { return s.imageSets }

// Start runs the stage on the registrations received and the registry's releases: its
// readings, and the function that ingests until both inputs close or ctx ends, then closes
// the readings and ImageSets.
func (s *Stage) Start(msgs <-chan model.Message, releases <-chan model.Releases) (<-chan pipeline.Shared[model.Batch], func(context.Context) error) {
	out := make(chan pipeline.Shared[model.Batch], 2)
	return out, func(ctx context.Context) error { return s.run(ctx, msgs, releases, out, s.imageSets) }
}

// run ingests registrations and registry results until both inputs close or ctx ends; it
// closes its outputs.
func (s *Stage) run(ctx context.Context, msgs <-chan model.Message, releases <-chan model.Releases, out chan<- pipeline.Shared[model.Batch], images chan []string) error {
	defer close(out)
	defer close(images)
	for msgs != nil || releases != nil {
		var b model.Batch
		select {
		case <-ctx.Done():
			return nil
		case m, ok := <-msgs:
			if !ok {
				msgs = nil
				continue
			}
			b = s.Ingest(m)
			s.sendImages(images)
		case r, ok := <-releases:
			if !ok {
				releases = nil
				continue
			}
			b = s.ApplyReleases(r)
		}
		if len(b) > 0 && !pipeline.Send(ctx, out, pipeline.Own(b)) {
			return nil
		}
	}
	return nil
}

// sendImages hands the image set to the registry stage when it changed. ch has a buffer of
// one and this stage is its only sender: an unread older set is replaced, never queued.
func (s *Stage) sendImages(ch chan []string) {
	imgs := s.Images()
	if slices.Equal(imgs, s.images) {
		return
	}
	s.images = imgs
	for {
		select {
		case ch <- imgs:
			return
		default:
			select {
			case <-ch:
			default:
			}
		}
	}
}

// Images is the sorted distinct set of registered images.
func (s *Stage) Images() []string {
	var out []string
	for _, e := range s.entries {
		out = append(out, e.reg.Image)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Ingest handles one message on Tracker/register/+.
func (s *Stage) Ingest(m model.Message) model.Batch {
	id, ok := strings.CutPrefix(m.Topic, model.RegisterTopicRoot+"/")
	if !ok || id == "" || strings.Contains(id, "/") {
		return nil
	}
	if len(m.Payload) == 0 {
		return s.remove(id)
	}
	reg, err := Parse(id, m.Payload)
	if err != nil {
		s.log.Debug().Err(err).Str("identifier", id).Msg("registration ignored")
		return nil
	}
	prev := s.entries[id]
	if prev != nil && *prev.reg == *reg {
		return nil // unchanged (e.g. the retained copy after a resubscribe)
	}
	e := &entry{reg: reg, entity: s.updateEntity(reg)}
	if p := e.entity.TopicsProblem(); p != "" {
		if !s.unusable[id] {
			if len(s.unusable) >= 1024 { // bounded: at worst, an old one is logged again
				clear(s.unusable)
			}
			s.unusable[id] = true
			s.log.Error().Str("identifier", model.Clip(id, 80)).Str("problem", p).
				Msg("registration ignored: its identifier does not make a valid MQTT topic (everything else carries on)")
		}
		return nil
	}
	s.entries[id] = e
	s.publishDevices()
	s.log.Info().Str("identifier", id).Str("image", reg.Image).Str("installed", reg.Installed).Msg("component registered")
	return model.Batch{s.state(e)}
}

func (s *Stage) remove(id string) model.Batch {
	e := s.entries[id]
	delete(s.entries, id)
	s.publishDevices()
	ent := catalog.RemovedUpdateEntity(id)
	if e != nil {
		ent = e.entity
		s.log.Info().Str("identifier", id).Msg("component left; update entity cleared")
	}
	return model.Batch{model.NewRemoval(ent)}
}

// publishDevices shares the registered device blocks with the stages that build entities on
// other components' devices.
func (s *Stage) publishDevices() {
	if s.devices == nil {
		return
	}
	d := make(model.Devices, len(s.entries))
	for _, e := range s.entries {
		d[e.reg.DeviceID] = e.reg.Device
	}
	s.devices.Store(d)
}

// ApplyReleases records a pass's results and republishes every state blob.
func (s *Stage) ApplyReleases(r model.Releases) model.Batch {
	for img, v := range r.Latest {
		s.latest[img] = v
	}
	ids := make([]string, 0, len(s.entries))
	for id := range s.entries {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	b := make(model.Batch, 0, len(ids))
	for _, id := range ids {
		b = append(b, s.state(s.entries[id]))
	}
	return b
}

func (s *Stage) updateEntity(r *Registration) *model.Entity {
	return catalog.UpdateEntity(r.Identifier, r.DeviceName, r.Image, r.Device)
}

// state is the update entity's state (CONTRACT.md 4.7): latest_version is the last known tag of
// the image, else the installed version; release_url is left out until the image's first
// successful lookup.
func (s *Stage) state(e *entry) model.Reading {
	u := model.UpdateState{Installed: e.reg.Installed, Latest: e.reg.Installed}
	if v, ok := s.latest[e.reg.Image]; ok {
		u.Latest = v
		u.ReleaseURL = strings.NewReplacer("{namespace}", s.cfg.Namespace, "{image}", e.reg.Image, "{version}", v).Replace(s.cfg.ReleaseURLTemplate)
	}
	return model.NewStickyUpdate(e.entity, u)
}

// OwnRegistration is the monitor's own retained registration, or false when its image is
// unknown.
func OwnRegistration(image string, core model.Device) (model.Reading, bool) {
	image = strings.TrimSpace(image)
	if image == "" || image == "unknown" {
		return model.Reading{}, false
	}
	b, _ := json.Marshal(struct {
		Image  string          `json:"image"`
		Device json.RawMessage `json:"device"`
	}{image, json.RawMessage(core)})
	return model.NewStickyMessage(model.RegisterTopicRoot+"/"+model.CoreDeviceID, string(b)), true
}
