package redact

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"strings"
)

// Mask replaces every redacted span.
const Mask = "***"

// minSecret is the shortest named secret that is replaced: shorter ones
// would match ordinary words and say little about the key.
const minSecret = 6

var (
	// userInfo is the user info of a URL in free text: the password
	// (after ':') is masked, a lone user name is kept.
	userInfo = regexp.MustCompile(`(?i)\b([a-z][a-z0-9+.\-]{1,31}://[^\s/:@"'<>]*):([^\s/@"'<>]*)@`)
	// keyShaped are the forms of provider keys and bearer credentials.
	keyShaped = []*regexp.Regexp{
		// OpenAI (sk-, sk-proj-, sk-svcacct-, sk-admin-), Anthropic
		// (sk-ant-api03-…), and OpenAI-compatible gateways.
		regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{12,}`),
		// Google API keys.
		regexp.MustCompile(`\bAIza[0-9A-Za-z_\-]{20,}`),
		// GitHub, Hugging Face, Groq, xAI, Slack, AWS access key ids.
		regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|hf_[A-Za-z0-9]{20,}|gsk_[A-Za-z0-9]{20,}|xai-[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9\-]{10,}|AKIA[0-9A-Z]{16})`),
	}
	// bearer is an Authorization credential in free text.
	bearer = regexp.MustCompile(`(?i)\b(bearer|basic)(\s+)[A-Za-z0-9._~+/\-]{8,}=*`)
	// credParam is a credential-named parameter, header or JSON field
	// followed by its value: "api_key=…", "?key=…", "x-api-key: …",
	// "\"apiKey\": \"…\"".
	credParam = regexp.MustCompile(`(?i)\b((?:x-)?(?:goog-)?(?:api[_-]?key|apikey|access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|secret|password|passwd|token|key|sig|signature)["']?\s*[=:]\s*["']?)([^\s"'&,;<>)\]}]{6,})`)
)

// String returns s with URL passwords, credential parameters, key-shaped
// strings and the named secrets masked. Empty or very short secrets are
// ignored.
func String(s string, secrets ...string) string {
	s = Secrets(s, secrets...)
	// One pass can make another match: "x://:key=/secret&@" holds no URL
	// password until "key=/secret" is masked, and then "key=***&" is one.
	// Every pass only masks, so a few reach the fixed point.
	for range maxPasses {
		next := patterns(s)
		if next == s {
			break
		}
		s = next
	}
	return s
}

// maxPasses bounds String's passes; two have sufficed for every input
// the fuzzer found.
const maxPasses = 4

// patterns masks, once, what String's patterns match in s.
func patterns(s string) string {
	if strings.Contains(s, "@") {
		s = userInfo.ReplaceAllString(s, "$1:"+Mask+"@")
	}
	for _, re := range keyShaped {
		s = re.ReplaceAllString(s, Mask)
	}
	s = bearer.ReplaceAllString(s, "$1$2"+Mask)
	s = credParam.ReplaceAllStringFunc(s, func(m string) string {
		g := credParam.FindStringSubmatch(m)
		if g[2] == Mask || strings.HasPrefix(g[2], Mask) {
			return m
		}
		return g[1] + Mask
	})
	return s
}

// Secrets returns s with each named secret masked, as written and in the
// encodings it may take on the way to an error message: URL query and path
// escaping, standard and URL-safe base64 (padded or not), and JSON string
// escaping.
func Secrets(s string, secrets ...string) string {
	for _, sec := range secrets {
		if len(sec) < minSecret {
			continue
		}
		for _, form := range encodings(sec) {
			if form != "" && strings.Contains(s, form) {
				s = strings.ReplaceAll(s, form, Mask)
			}
		}
	}
	return s
}

func encodings(sec string) []string {
	j, _ := json.Marshal(sec)
	return []string{
		sec,
		url.QueryEscape(sec),
		url.PathEscape(sec),
		base64.StdEncoding.EncodeToString([]byte(sec)),
		base64.RawStdEncoding.EncodeToString([]byte(sec)),
		base64.URLEncoding.EncodeToString([]byte(sec)),
		base64.RawURLEncoding.EncodeToString([]byte(sec)),
		strings.Trim(string(j), `"`),
	}
}

// URL returns raw with the password of its user info masked
// ("https://user:***@host/v1") and credential query parameters masked. A
// string that does not parse is redacted as free text by String.
func URL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return String(raw)
	}
	if u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), Mask)
		}
	}
	if u.RawQuery != "" {
		u.RawQuery = String(u.RawQuery)
	}
	// url.URL.String escapes the mask's '*' in user info; write it back.
	return strings.Replace(u.String(), ":%2A%2A%2A@", ":"+Mask+"@", 1)
}

// Error returns err with its message redacted by String, or err itself
// when nothing needed masking (so that a nil stays nil). The result
// unwraps to err, so errors.Is and errors.As still see every cause; only
// the message changes, and a cause reached by unwrapping keeps its own
// message. Scrub secrets where they enter (Transport does so for provider
// error bodies) and use Error where the message is written. A *url.Error anywhere in the chain is rewritten
// with a redacted URL, since callers print its URL field.
func Error(err error, secrets ...string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := String(msg, secrets...)
	if clean == msg {
		return err
	}
	var ue *url.Error
	if errors.As(err, &ue) && err == error(ue) {
		return &url.Error{Op: ue.Op, URL: URL(String(ue.URL, secrets...)), Err: Error(ue.Err, secrets...)}
	}
	return &redacted{msg: clean, err: err}
}

// redacted is an error whose message was scrubbed; it unwraps to the
// original.
type redacted struct {
	msg string
	err error
}

func (e *redacted) Error() string { return e.msg }
func (e *redacted) Unwrap() error { return e.err }
