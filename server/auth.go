package server

import (
	"bufio"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"unicode"
)

// Principal is who a request acts for (a plain value): every query, history read,
// feedback, upload and delete is scoped to its Tenant and Projects.
type Principal struct {
	// ID names the caller in logs and rate limits; it must not be the
	// secret itself (Keys uses "key@LINE").
	ID string
	// Tenant is the tenant every request is confined to. The empty tenant
	// is the single-tenant (open) mode: it sees every tenant's data, as
	// the library's empty Filter.TenantID does.
	Tenant string
	// Projects are the projects the caller may use; empty means every
	// project of the tenant.
	Projects []string
}

// allowsProject reports whether the principal may use project.
func (p Principal) allowsProject(project string) bool {
	return len(p.Projects) == 0 || slices.Contains(p.Projects, project)
}

// owns reports whether data stored under tenant and project belongs to
// the principal.
func (p Principal) owns(tenant, project string) bool {
	return (p.Tenant == "" || tenant == p.Tenant) && p.allowsProject(project)
}

// project resolves the project a request names: one it may not use is
// not found (never "forbidden": a caller learns nothing about projects
// that are not its own); none named is the key's only project, or every
// project when the key is not restricted.
func (p Principal) project(requested string) (string, error) {
	switch {
	case requested != "":
		if !p.allowsProject(requested) {
			return "", errorf(http.StatusNotFound, CodeNotFound, "project %q not found", requested)
		}
		return requested, nil
	case len(p.Projects) == 1:
		return p.Projects[0], nil
	case len(p.Projects) > 1:
		return "", errorf(http.StatusBadRequest, CodeProjectRequired, "this key allows several projects; set project_id")
	}
	return "", nil
}

// ErrUnauthenticated is returned by an Authenticator for a request
// without valid credentials; the server answers 401.
var ErrUnauthenticated = errors.New("server: unauthenticated")

// Authenticator maps a request to its Principal. It must be safe for
// concurrent use and must not read the body. Any error other than
// ErrUnauthenticated is logged and answered with 500.
type Authenticator interface {
	Authenticate(r *http.Request) (Principal, error)
}

// AuthenticatorFunc adapts a function to Authenticator; it is safe for
// concurrent use when the function is.
type AuthenticatorFunc func(r *http.Request) (Principal, error)

// Authenticate calls f.
func (f AuthenticatorFunc) Authenticate(r *http.Request) (Principal, error) { return f(r) }

// MinKeyLength is the shortest API key Keys accepts, in bytes: shorter
// keys can be guessed.
const MinKeyLength = 16

// Keys authenticates "Authorization: Bearer KEY" against a fixed set of
// API keys. It is safe for concurrent use.
//
// A keys file (ParseKeys, LoadKeys) has one key per line:
//
//	# comment
//	KEY TENANT [PROJECT,PROJECT,…]
//
// KEY is at least MinKeyLength printable characters, TENANT a non-empty
// tenant id, and the optional third field the projects the key may use
// (absent or "*": all of the tenant's). Fields are separated by spaces or
// tabs; blank lines and lines starting with # are ignored.
type Keys struct {
	keys []keyEntry
}

type keyEntry struct {
	sum       [sha256.Size]byte
	principal Principal
}

// LoadKeys reads a keys file (see Keys).
func LoadKeys(path string) (*Keys, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("server: keys: %w", err)
	}
	defer f.Close()
	k, err := ParseKeys(f)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, path)
	}
	return k, nil
}

// ParseKeys reads keys in the keys-file format (see Keys). Errors name
// the line, never the key.
func ParseKeys(r io.Reader) (*Keys, error) {
	k := &Keys{}
	seen := map[[sha256.Size]byte]int{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || len(f) > 3 {
			return nil, fmt.Errorf("server: keys line %d: want KEY TENANT [PROJECTS]", n)
		}
		key := f[0]
		if len(key) < MinKeyLength || strings.ContainsFunc(key, func(r rune) bool { return !unicode.IsPrint(r) || r > unicode.MaxASCII }) {
			return nil, fmt.Errorf("server: keys line %d: a key must be at least %d printable ASCII characters", n, MinKeyLength)
		}
		sum := sha256.Sum256([]byte(key))
		if prev, dup := seen[sum]; dup {
			return nil, fmt.Errorf("server: keys line %d: same key as line %d", n, prev)
		}
		seen[sum] = n
		p := Principal{ID: fmt.Sprintf("key@%d", n), Tenant: f[1]}
		if len(f) == 3 && f[2] != "*" {
			for _, proj := range strings.Split(f[2], ",") {
				if proj == "" {
					return nil, fmt.Errorf("server: keys line %d: empty project name", n)
				}
				p.Projects = append(p.Projects, proj)
			}
		}
		k.keys = append(k.keys, keyEntry{sum: sum, principal: p})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("server: keys: %w", err)
	}
	if len(k.keys) == 0 {
		return nil, errors.New("server: keys: no keys")
	}
	return k, nil
}

// Len is the number of keys.
func (k *Keys) Len() int { return len(k.keys) }

// Authenticate implements Authenticator. Every key is compared, in
// constant time over their SHA-256 digests, so timing tells nothing about
// which key or how much of it matched.
func (k *Keys) Authenticate(r *http.Request) (Principal, error) {
	auth := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return Principal{}, ErrUnauthenticated
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(token)))
	found := -1
	for i := range k.keys {
		if subtle.ConstantTimeCompare(sum[:], k.keys[i].sum[:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Principal{}, ErrUnauthenticated
	}
	p := k.keys[found].principal
	p.Projects = slices.Clone(p.Projects)
	return p, nil
}
