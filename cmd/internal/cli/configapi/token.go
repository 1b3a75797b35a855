package configapi

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/rs/zerolog"

	"github.com/tracker-adsb/tracker-core-health/config"
	"github.com/tracker-adsb/tracker-core-health/internal/atomicfile"
)

// tokenBytes is the size of a token made at first start: 192 random bits (CONTRACT.md 8 asks
// for at least 128), 32 characters of base64url, which a URL carries as they are.
const tokenBytes = 24

// keptToken is the token in path, made (and kept there, 0600) when the file is absent or
// empty. A file others may read is made private again, with a warning; one that cannot be
// read or written is an error: the API never runs open by accident.
func keptToken(path string, log zerolog.Logger) (token string, made bool, err error) {
	b, err := os.ReadFile(path)
	switch {
	case err == nil && strings.TrimSpace(string(b)) != "":
		token = strings.TrimSpace(string(b))
		// One a person wrote there is theirs to choose, but held to what CONFIG_API_TOKEN is.
		if err := config.CheckToken(token); err != nil {
			return "", false, fmt.Errorf("CONFIG_API_TOKEN_FILE %s: %w; delete the file to have a new one made", path, err)
		}
		if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(path, 0o600); err != nil {
				return "", false, fmt.Errorf("CONFIG_API_TOKEN_FILE %s is readable by others and cannot be made private: %w", path, err)
			}
			log.Warn().Str("file", path).Str("was", fi.Mode().Perm().String()).Msg("the token file was readable by others: made private (0600)")
		}
		return token, false, nil
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return "", false, fmt.Errorf("CONFIG_API_TOKEN_FILE %s: %w", path, err)
	}
	raw := make([]byte, tokenBytes)
	if _, err := rand.Read(raw); err != nil {
		return "", false, fmt.Errorf("making a token: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(raw)
	if err := atomicfile.WritePrivate(path, []byte(token+"\n")); err != nil {
		return "", false, fmt.Errorf("CONFIG_API_TOKEN_FILE %s: the token made at first start cannot be kept there (set CONFIG_API_TOKEN_FILE to a writable file, or CONFIG_API_TOKEN): %w", path, err)
	}
	return token, true, nil
}
