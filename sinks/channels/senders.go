package channels

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"mime"
	"net"
	"net/http"
	"net/smtp"
	"strconv"
	"strings"
	"time"

	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/chat/telegram"
	shoutrrrsmtp "github.com/nicholas-fedor/shoutrrr/pkg/services/email/smtp"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/specialized/generic"
	"github.com/nicholas-fedor/shoutrrr/pkg/services/specialized/logger"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"

	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
)

// newSender builds the sender of a channel's Shoutrrr URL: the library's service, as the URL
// configures it, sending each message on its own (CONTRACT.md 10.4 "Each message its own"), and
// every failure seen (10.4 "Failures"). Two services are sent by our own thin senders over the
// library's parsed configuration: Telegram (the library reports success when a failed answer
// has no JSON body) and e-mail (the library waits for a server's greeting without a deadline).
//
// The generic webhook is sent by our own sender too, byte for byte as the library sends it
// (genericSender), and the logger service, which logs to a discarded logger, by none: the
// library's Send of those two and of e-mail must stay out of the binary (sendFunc says why).
func newSender(rawURL string, client *http.Client) (Sender, error) {
	var r router.ServiceRouter
	svc, err := r.Locate(rawURL)
	if err != nil {
		return nil, err
	}
	switch s := svc.(type) {
	case *telegram.Service:
		return &telegramSender{config: *s.Config, client: client, api: telegramAPI}, nil
	case *shoutrrrsmtp.Service:
		return &smtpSender{config: *s.Config}, nil
	case *generic.Service:
		return detach(newGenericSender(s.Config)), nil
	case *logger.Service:
		return discardSender{}, nil
	}
	send := sendFunc(svc)
	if send == nil {
		return nil, fmt.Errorf("%w: '%s' service", errUnsupported, svc.GetID())
	}
	if _, ok := svc.(clientSetter); ok {
		return detach(&freshSender{url: rawURL, client: client}), nil
	}
	return detach(&serviceSender{send: send}), nil
}

// errUnsupported is a service the router knows and this package has no sender for (a newer
// library's: sendFunc's list lags it).
var errUnsupported = errors.New("service not supported by this build")

// detached runs a sender that cannot be cancelled (the library's sends take no context) in a
// goroutine of its own, one at a time: Send returns when ctx ends (a stop, the try's
// deadline) and the next try waits for the one still running, whose HTTP client's timeout
// bounds it.
type detached struct {
	inner Sender
	busy  chan struct{}
}

func detach(s Sender) Sender { return &detached{inner: s, busy: make(chan struct{}, 1)} }

// errStillSending is a try given up on while the previous one to the service still runs.
var errStillSending = errors.New("the previous message to this service is still being sent")

func (d *detached) Send(ctx context.Context, m Message) error {
	select {
	case d.busy <- struct{}{}:
	case <-ctx.Done():
		return errStillSending
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-d.busy }()
		done <- d.inner.Send(context.WithoutCancel(ctx), m)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("sending: %w", ctx.Err())
	}
}

// clientSetter is a service that takes an HTTP client: ntfy (and PagerDuty). Such a service
// keeps per-message state in its client (ntfy adds each message's title to headers it never
// clears, and sends the first one forever): it is made anew for each message, on the
// channel's own client.
type clientSetter interface {
	SetHTTPClient(c *http.Client)
}

// titled is a message's parameters: its title, and nothing a previous message set.
func titled(m Message) *types.Params {
	p := types.Params{"title": m.Title}
	return &p
}

// serviceSender sends through one library service kept for the channel's life (a service
// whose only per-message setting, the title, is set again by every message): its Send
// (sendFunc).
type serviceSender struct {
	send func(message string, params *types.Params) error
}

func (s *serviceSender) Send(_ context.Context, m Message) error {
	return s.send(m.Text, titled(m))
}

// freshSender makes the service anew for every message (clientSetter).
type freshSender struct {
	url    string
	client *http.Client
}

func (s *freshSender) Send(_ context.Context, m Message) error {
	var r router.ServiceRouter
	svc, err := r.Locate(s.url)
	if err != nil {
		return err
	}
	send := sendFunc(svc)
	if send == nil {
		return fmt.Errorf("%w: '%s' service", errUnsupported, svc.GetID())
	}
	svc.(clientSetter).SetHTTPClient(s.client)
	return send(m.Text, titled(m))
}

// discardSender is the logger service's: the library logs each message to the logger given
// to its router, which this package never sets, so it discards them and reports success.
type discardSender struct{}

func (discardSender) Send(context.Context, Message) error { return nil }

// genericSender sends to a generic webhook what the library's generic service sends (its
// Send, createSendParams, doSend and GetPayload): the message as a text/plain body, or with
// template=json a JSON object of the title (under titlekey), the message (under messagekey)
// and the URL's $extra fields; the URL's @Header fields as headers; the configured method;
// on http.DefaultClient. Any other template is one the library would look up among templates
// loaded into the service, and nothing here loads any: the library's error, as it gives it.
type genericSender struct {
	config         generic.Config
	headers, extra map[string]string
}

func newGenericSender(c *generic.Config) *genericSender {
	s := &genericSender{config: *c, headers: map[string]string{}, extra: map[string]string{}}
	// The headers and extra fields are unexported; the service URL the config gives back
	// carries them as @ and $ query fields (keys already normalised when parsed).
	for k, v := range c.GetURL().Query() {
		if len(k) <= 1 || len(v) == 0 {
			continue
		}
		switch k[0] {
		case generic.HeaderPrefixChar:
			s.headers[k[1:]] = v[0]
		case generic.ExtraPrefixChar:
			s.extra[k[1:]] = v[0]
		}
	}
	return s
}

func (s *genericSender) Send(ctx context.Context, m Message) error {
	if err := s.send(ctx, m); err != nil {
		return fmt.Errorf("%w: %s", generic.ErrSendFailed, err.Error())
	}
	return nil
}

func (s *genericSender) send(ctx context.Context, m Message) error {
	c := &s.config
	// The library's params: the title under the title key, the message under the message key
	// (its per-message config update from the params sets only Title, which it never sends).
	params := types.Params{c.TitleKey: m.Title}
	params[c.MessageKey] = m.Text
	var payload io.Reader
	switch c.Template {
	case "":
		payload = bytes.NewBufferString(params[c.MessageKey])
	case "json", generic.JSONTemplate:
		for k, v := range s.extra {
			params[k] = v
		}
		b, err := json.Marshal(params)
		if err != nil {
			return fmt.Errorf("marshaling params to JSON: %w", err)
		}
		payload = bytes.NewBuffer(b)
	default:
		return fmt.Errorf("%w: %q", generic.ErrTemplateNotLoaded, c.Template)
	}
	req, err := http.NewRequestWithContext(ctx, c.RequestMethod, c.WebhookURL().String(), payload)
	if err != nil {
		return fmt.Errorf("creating HTTP request: %w", err)
	}
	contentType := c.ContentType
	if c.Template == "" {
		contentType = "text/plain"
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept", contentType)
	for k, v := range s.headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("sending HTTP request: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body) // the library reads it for its (discarded) log
	if res.StatusCode >= http.StatusBadRequest {
		return fmt.Errorf("%w: %s", generic.ErrUnexpectedStatus, res.Status)
	}
	return nil
}

// telegramAPI is the Bot API's address (a test points a sender elsewhere).
const telegramAPI = "https://api.telegram.org"

// telegramSender sends to the Bot API's sendMessage for each chat of the URL, as the library
// does (the title in bold when there is one, HTML), and takes a message as delivered only when
// Telegram answered 2xx with {"ok": true}.
type telegramSender struct {
	config telegram.Config
	client *http.Client
	api    string
}

func (s *telegramSender) Send(ctx context.Context, m Message) error {
	for _, chat := range s.config.Chats {
		if err := s.sendTo(ctx, chat, m); err != nil {
			return err
		}
	}
	return nil
}

func (s *telegramSender) sendTo(ctx context.Context, chat string, m Message) error {
	payload := map[string]any{"chat_id": chat, "text": m.Text, "disable_notification": !s.config.Notification,
		"disable_web_page_preview": !s.config.Preview}
	if id, thread, ok := strings.Cut(chat, ":"); ok {
		if n, err := strconv.Atoi(thread); err == nil {
			payload["chat_id"], payload["message_thread_id"] = id, n
		}
	}
	mode := s.config.ParseMode.String()
	if s.config.ParseMode == telegram.ParseModes.None && m.Title != "" {
		mode = telegram.ParseModes.HTML.String()
		payload["text"] = html.EscapeString(m.Text) // plain text, shown as HTML
	}
	if mode != telegram.ParseModes.None.String() {
		payload["parse_mode"] = mode
	}
	if mode == telegram.ParseModes.HTML.String() && m.Title != "" {
		payload["text"] = "<b>" + html.EscapeString(m.Title) + "</b>\n" + payload["text"].(string)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.api+"/bot"+s.config.Token+"/sendMessage", bytes.NewReader(body))
	if err != nil {
		return errors.New("telegram: the bot token makes no URL")
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("telegram: %w", unwrapURL(err))
	}
	defer resp.Body.Close()
	var answer struct {
		OK          bool   `json:"ok"`
		Description string `json:"description"`
	}
	raw, _ := fetch.ReadLimited(resp.Body, 64<<10, "the answer") // longer: no Bot API answer
	jsonErr := json.Unmarshal(raw, &answer)
	switch {
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		if jsonErr == nil && answer.Description != "" {
			return fmt.Errorf("telegram answered HTTP %d: %s", resp.StatusCode, answer.Description)
		}
		return fmt.Errorf("telegram answered HTTP %d", resp.StatusCode)
	case jsonErr != nil:
		return fmt.Errorf("telegram answered HTTP %d with no Bot API answer", resp.StatusCode)
	case !answer.OK:
		return fmt.Errorf("telegram refused the message: %s", answer.Description)
	}
	return nil
}

// unwrapURL drops the *url.Error around a transport error: its text repeats the URL, and the
// Telegram URL holds the bot token.
func unwrapURL(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) {
		if inner := ue.Unwrap(); inner != nil {
			return inner
		}
	}
	return err
}

// smtpSender sends an e-mail as the library's URL configures it (host, port, from, to,
// encryption, StartTLS, authentication), with a deadline on the whole conversation: a server
// that accepts the connection and never greets costs one bounded try, not a goroutine and a
// socket kept forever.
type smtpSender struct{ config shoutrrrsmtp.Config }

func (s *smtpSender) Send(ctx context.Context, m Message) error {
	c := s.config
	deadline := time.Now().Add(SendTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	dctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	addr := net.JoinHostPort(c.Host, strconv.Itoa(int(c.Port)))
	implicit := c.Encryption == shoutrrrsmtp.EncMethods.ImplicitTLS ||
		c.Encryption == shoutrrrsmtp.EncMethods.Auto && c.Port == shoutrrrsmtp.ImplicitTLSPort
	tlsConfig := &tls.Config{ServerName: c.Host, MinVersion: tls.VersionTLS12, InsecureSkipVerify: c.SkipTLSVerify} //nolint:gosec // the user's setting
	var conn net.Conn
	var err error
	if implicit {
		conn, err = (&tls.Dialer{Config: tlsConfig}).DialContext(dctx, "tcp", addr)
	} else {
		conn, err = (&net.Dialer{}).DialContext(dctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("smtp: connecting: %w", err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) }) // a shutdown ends it now
	defer stop()
	client, err := smtp.NewClient(conn, c.Host)
	if err != nil {
		return fmt.Errorf("smtp: the server's greeting: %w", err)
	}
	defer client.Close() //nolint:errcheck // after Quit, or on an error already returned
	host := c.ClientHost
	if host == "" || host == "auto" {
		host = "localhost"
	}
	if err := client.Hello(host); err != nil {
		return fmt.Errorf("smtp: hello: %w", err)
	}
	if c.UseStartTLS && !implicit {
		if ok, _ := client.Extension("STARTTLS"); ok {
			if err := client.StartTLS(tlsConfig); err != nil {
				return fmt.Errorf("smtp: starttls: %w", err)
			}
		} else if c.RequireStartTLS {
			return errors.New("smtp: the server offers no STARTTLS, and it is required")
		}
	}
	if auth := s.auth(); auth != nil {
		if err := client.Auth(auth); err != nil {
			return fmt.Errorf("smtp: authenticating: %w", err)
		}
	}
	for _, to := range c.ToAddresses {
		if err := s.deliver(client, to, m); err != nil {
			return err
		}
	}
	return client.Quit()
}

func (s *smtpSender) auth() smtp.Auth {
	c := s.config
	switch c.Auth {
	case shoutrrrsmtp.AuthTypes.Plain:
		return smtp.PlainAuth("", c.Username, c.Password, c.Host)
	case shoutrrrsmtp.AuthTypes.CRAMMD5:
		return smtp.CRAMMD5Auth(c.Username, c.Password)
	case shoutrrrsmtp.AuthTypes.OAuth2:
		return shoutrrrsmtp.OAuth2Auth(c.Username, c.Password)
	case shoutrrrsmtp.AuthTypes.None:
		return nil
	}
	if c.Username != "" { // Unknown: as the library's URLs mean it when a user is given
		return smtp.PlainAuth("", c.Username, c.Password, c.Host)
	}
	return nil
}

func (s *smtpSender) deliver(client *smtp.Client, to string, m Message) error {
	c := s.config
	if err := client.Mail(c.FromAddress); err != nil {
		return fmt.Errorf("smtp: from: %w", err)
	}
	if err := client.Rcpt(to); err != nil {
		return fmt.Errorf("smtp: to: %w", err)
	}
	w, err := client.Data()
	if err != nil {
		return fmt.Errorf("smtp: data: %w", err)
	}
	from := c.FromAddress
	if c.FromName != "" {
		from = mime.QEncoding.Encode("utf-8", c.FromName) + " <" + c.FromAddress + ">"
	}
	subject := m.Title
	if subject == "" {
		subject = c.Subject
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n",
		from, to, mime.QEncoding.Encode("utf-8", subject), time.Now().Format(time.RFC1123Z))
	b.WriteString(strings.ReplaceAll(m.Text, "\n", "\r\n"))
	b.WriteString("\r\n")
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("smtp: writing: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp: the server refused the message: %w", err)
	}
	return nil
}
