// Package catalog is the catalogue of every entity the monitor publishes (CONTRACT.md 4.3 to
// 4.5, and the rule event entities): per statistic its Home Assistant description (name,
// icon, classes, unit, topic, unique_id, device) and its Prometheus metric, side by side, so
// that one statistic is one entry. Entities are built once per process (static ones) or per
// queue, processor and receiver (dynamic ones), and the stages reuse the pointers.
package catalog

import (
	"fmt"
	"time"

	"github.com/tracker-adsb/tracker-core-health/model"
)

// Spec is one statistic: its Home Assistant description and its Prometheus metric.
type Spec struct {
	Field       string
	Component   model.Component
	Name        string
	Icon        string
	StateClass  string
	Unit        string
	DeviceClass string
	// Metric is its Prometheus metric (Help is filled from the entity's name).
	Metric *model.Metric
}

// Gauge is a Prometheus gauge of the catalogue.
func Gauge(name string, shape model.MetricShape, labels ...string) *model.Metric {
	return &model.Metric{Name: name, Shape: shape, Labels: labels}
}

// WithProblem declares which readings of m are one of the system's own problems (CONTRACT.md
// 10.7): the alerts sink tells them, and nothing else.
func WithProblem(m *model.Metric, p model.Problem) *model.Metric {
	m.Problem = &p
	return m
}

var problem = WithProblem

// Counter is a Prometheus counter (its name ends in _total).
func Counter(name string, labels ...string) *model.Metric {
	return &model.Metric{Name: name, Counter: true, Labels: labels}
}

// TextGauge is a string state as a gauge with the state in label (set to 1).
func TextGauge(name, label string, labels ...string) *model.Metric {
	return &model.Metric{Name: name, Shape: model.TextLabel, StateLabel: label, Labels: labels}
}

// gauge and textGauge: the catalogue's own, shorter.
var (
	gauge     = Gauge
	textGauge = TextGauge
)

// Specs readies a stage's list of statistics: each metric's help is its entity's Home
// Assistant name; a spec without a component is a sensor. Call it once, where the list is
// declared.
func Specs(list []Spec) []Spec {
	for i := range list {
		if list[i].Component == "" {
			list[i].Component = model.Sensor
		}
		if list[i].Metric != nil && list[i].Metric.Help == "" {
			list[i].Metric.Help = list[i].Name
		}
	}
	return list
}

// kind is the shared description of every entity of this spec in one lifecycle and loop.
func (s Spec) kind(l model.Lifecycle, loop string) *model.Kind {
	return internKind(model.Kind{
		Component: s.Component, Icon: s.Icon, DeviceClass: s.DeviceClass, StateClass: s.StateClass,
		Unit: s.Unit, Lifecycle: l, Loop: loop, Metric: s.Metric,
	})
}

// entity builds the static entity of this statistic.
func (s Spec) entity(uniqueID, topic string, dev model.Device, expire int) *model.Entity {
	return &model.Entity{Kind: s.kind(model.Static, ""), UniqueID: uniqueID, Name: s.Name, StateTopic: topic, Device: dev, ExpireAfter: expire}
}

// General statistics (CONTRACT.md 4.3): no expire_after.
const (
	StartedAt       = "started_at"
	BrokerConnected = "broker_connected"
	StoreConnected  = "store_connected"
	RulesVersion    = "rules_version"
	AreasVersion    = "areas_version"
)

var generalSpecs = Specs([]Spec{
	{Field: StartedAt, Component: model.Sensor, Name: "Start Time", Icon: "mdi:clock-start", DeviceClass: "timestamp",
		Metric: gauge("tracker_core_health_start_time_seconds", model.Number)},
	{Field: BrokerConnected, Component: model.BinarySensor, Name: "Broker Management API Connected", Icon: "mdi:rabbit", DeviceClass: "connectivity",
		Metric: problem(gauge("tracker_broker_connected", model.Number), model.Problem{When: model.ProblemWhenFalse,
			What: "the broker's management API is unreachable", Ended: "the broker's management API answers again"})},
	{Field: StoreConnected, Component: model.BinarySensor, Name: "Store Monitoring Connected", Icon: "mdi:database-check", DeviceClass: "connectivity",
		Metric: problem(gauge("tracker_store_connected", model.Number), model.Problem{When: model.ProblemWhenFalse,
			What: "the data store is unreachable", Ended: "the data store answers again"})},
	{Field: RulesVersion, Component: model.Sensor, Name: "Rules Version", Icon: "mdi:file-document-check",
		Metric: textGauge("tracker_config_rules_version_info", "version")},
	{Field: AreasVersion, Component: model.Sensor, Name: "Areas Version", Icon: "mdi:map-check",
		Metric: textGauge("tracker_config_areas_version_info", "version")},
})

// GeneralGroup names the general statistics (CONTRACT.md 4.3), the catalogue's own group:
// the broker and store loops and the monitor write them, on the Core device, with no
// expire_after.
const GeneralGroup = "general"

// Group is one stage's statistics as data: the seam a new telemetry stage plugs into. Each
// stage package declares its own (with exported field constants); catalog.New builds the
// entities, Static and Metrics list them, and the sinks need nothing more.
type Group struct {
	Name string // the loop's name
	// UniqueID and TopicBase prefix each field's unique_id and state topic (one entity per
	// field on the Core device); for a per-device group they come with each device instead.
	UniqueID, TopicBase string
	// Interval is the loop's: expire_after = 3 intervals (0: none, as the general group).
	Interval time.Duration
	Specs    []Spec
	// PerDevice groups have their entities made for each device the stage sees
	// (DeviceEntities), e.g. one receiver each; they are not static.
	PerDevice bool
}

// General is the general statistics' group.
func General() Group {
	return Group{Name: GeneralGroup, UniqueID: "Tracker_core_health_", TopicBase: model.MonitorRoot + "/statistic/", Specs: generalSpecs}
}

type built struct {
	Group
	entities map[string]*model.Entity // static groups
	kinds    []*model.Kind            // per-device groups: one kind a spec
}

// Catalog holds the groups of a process and the static entities of the Core device.
type Catalog struct {
	CoreDevice model.Device
	groups     []*built
	byName     map[string]*built
}

// New builds the catalogue of the general group and the given groups, in that order.
func New(core model.Device, groups ...Group) *Catalog {
	c := &Catalog{CoreDevice: core, byName: map[string]*built{}}
	for _, g := range append([]Group{General()}, groups...) {
		b := &built{Group: g, entities: map[string]*model.Entity{}}
		for _, s := range g.Specs {
			if g.PerDevice {
				b.kinds = append(b.kinds, s.kind(model.Dynamic, g.Name))
				continue
			}
			b.entities[s.Field] = s.entity(g.UniqueID+s.Field, g.TopicBase+s.Field, core, c.expire(g))
		}
		c.groups = append(c.groups, b)
		c.byName[g.Name] = b
	}
	return c
}

func (c *Catalog) expire(g Group) int {
	if g.Interval <= 0 {
		return 0
	}
	return ExpireAfter(g.Interval)
}

// ExpireAfter is three poll intervals, in whole seconds (at least 1).
func ExpireAfter(interval time.Duration) int {
	return max(int((3*interval+time.Second-1)/time.Second), 1)
}

// Entity is a static group's entity of field. An unknown group or field is a programming
// error (a reading of it would vanish): said at once, naming it.
func (c *Catalog) Entity(group, field string) *model.Entity {
	e := c.group(group).entities[field]
	if e == nil {
		panic(fmt.Sprintf("catalog: group %q has no statistic %q (a field without a catalog.Spec)", group, field))
	}
	return e
}

// group is a registered group; an unregistered one is a stage that was never registered
// (stages/all): a programming error, said at once rather than its readings lost in silence.
func (c *Catalog) group(name string) *built {
	b := c.byName[name]
	if b == nil {
		panic(fmt.Sprintf("catalog: group %q is not registered (a stage's Group must be in stages/all)", name))
	}
	return b
}

// General returns a general statistic's entity.
func (c *Catalog) General(field string) *model.Entity { return c.Entity(GeneralGroup, field) }

// Interval is a group's loop interval (0 for an unknown group).
func (c *Catalog) Interval(group string) time.Duration {
	if b := c.byName[group]; b != nil {
		return b.Interval
	}
	return 0
}

// ExpireAfterOf is expire_after of a group's entities.
func (c *Catalog) ExpireAfterOf(group string) int {
	if b := c.byName[group]; b != nil {
		return c.expire(b.Group)
	}
	return 0
}

// Groups lists the groups, general first.
func (c *Catalog) Groups() []Group {
	out := make([]Group, len(c.groups))
	for i, b := range c.groups {
		out[i] = b.Group
	}
	return out
}

// DeviceEntities builds a per-device group's entities for one device, in spec order: unique_id
// uniqueID+field, state topic topicBase+field, expire_after of the group, labels on each.
func (c *Catalog) DeviceEntities(group string, dev model.Device, uniqueID, topicBase string, labels []model.Label) []*model.Entity {
	b := c.group(group)
	if !b.PerDevice {
		panic(fmt.Sprintf("catalog: group %q has no per-device entities", group))
	}
	ents := make([]model.Entity, len(b.Specs)) // one allocation for the device's entities
	out := make([]*model.Entity, len(b.Specs))
	for i, s := range b.Specs {
		ents[i] = model.Entity{Kind: b.kinds[i], UniqueID: uniqueID + s.Field, Name: s.Name, StateTopic: topicBase + s.Field,
			Device: dev, ExpireAfter: c.expire(b.Group), Labels: labels}
		out[i] = &ents[i]
	}
	return out
}

// Static lists every static entity, group by group in spec order.
func (c *Catalog) Static() []*model.Entity {
	var out []*model.Entity
	for _, b := range c.groups {
		if b.PerDevice {
			continue
		}
		for _, s := range b.Specs {
			out = append(out, b.entities[s.Field])
		}
	}
	return out
}
