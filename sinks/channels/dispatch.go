package channels

import (
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/discord"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/googlechat"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/lark"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/matrix"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/mattermost"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/rocketchat"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/signal"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/slack"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/teams"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/wecom"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/zulip"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/incident/opsgenie"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/incident/pagerduty"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/bark"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/gotify"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/ifttt"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/join"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/ntfy"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/pushbullet"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/push/pushover"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/specialized/notifiarr"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"
)

// sendFunc is the library's own Send of a located service, called on its concrete type, or
// nil for a service this package sends by its own sender (newSender) or does not know.
//
// Never through the types.Service interface: a call of an interface's Send keeps every
// service's Send in the binary, and those of the e-mail, generic-webhook and logger services
// reach text/template, whose reflective method calls make the linker keep every exported
// method of every type (the whole Redis command builder, protobuf's reflection): the monitor's
// binary was 24 MB instead of 12, and its code pages most of its resident memory beyond the
// heap (docs/decisions.md, "The monitor at 1,000 queues"). A test holds this list to the
// router's.
func sendFunc(svc types.Service) func(message string, params *types.Params) error {
	switch s := svc.(type) {
	case *bark.Service:
		return s.Send
	case *discord.Service:
		return s.Send
	case *googlechat.Service:
		return s.Send
	case *gotify.Service:
		return s.Send
	case *ifttt.Service:
		return s.Send
	case *join.Service:
		return s.Send
	case *lark.Service:
		return s.Send
	case *matrix.Service:
		return s.Send
	case *mattermost.Service:
		return s.Send
	case *notifiarr.Service:
		return s.Send
	case *ntfy.Service:
		return s.Send
	case *opsgenie.Service:
		return s.Send
	case *pagerduty.Service:
		return s.Send
	case *pushbullet.Service:
		return s.Send
	case *pushover.Service:
		return s.Send
	case *rocketchat.Service:
		return s.Send
	case *signal.Service:
		return s.Send
	case *slack.Service:
		return s.Send
	case *teams.Service:
		return s.Send
	case *wecom.Service:
		return s.Send
	case *zulip.Service:
		return s.Send
	}
	return nil
}
