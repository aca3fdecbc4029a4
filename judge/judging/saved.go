// When a student last changed a file: the commit that last changed it in a
// git clone, else the file's modification time.

package judging

import (
	"bytes"
	"context"
	"crypto/sha1"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// gitTimeout bounds each git command the judge runs in a student's clone.
const gitTimeout = 5 * time.Second

// SavedAt is when file was last changed by its author: in a git clone, the
// time of the last commit that changed it, unless the file now differs
// from that commit (uncommitted work, which counts from its modification
// time). After a fresh clone every file has the same modification time,
// so without this the language listed first would always win.
func SavedAt(file string) time.Time {
	fi, err := os.Stat(file)
	if err != nil {
		return time.Time{}
	}
	if t, ok := committedAt(file); ok {
		return t
	}
	return fi.ModTime()
}

// committedAt is the time of the last commit that changed file, when file
// is in a git work tree and holds what that commit holds. It runs only
// git's plumbing and log, with everything that could run a program the
// clone's own configuration names turned off (a student's clone is not
// trusted): no pager, no signature check, no work-tree scan.
func committedAt(file string) (time.Time, bool) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return time.Time{}, false
	}
	dir := filepath.Dir(abs)
	top, err := git(dir, "rev-parse", "--show-toplevel") // untranslated: a command
	if err != nil {
		return time.Time{}, false
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return time.Time{}, false
	}
	rel = filepath.ToSlash(rel)
	blob, err := git(top, "rev-parse", "--verify", "--quiet", "HEAD:"+rel) // untranslated: a command
	if err != nil {
		return time.Time{}, false // not committed
	}
	data, err := os.ReadFile(abs)
	if err != nil || blobID(data) != blob {
		return time.Time{}, false // changed since: uncommitted work
	}
	out, err := git(top, "log", "-1", "--no-show-signature", "--format=%ct", "HEAD", "--", rel) // untranslated: a command
	if err != nil {
		return time.Time{}, false
	}
	secs, err := strconv.ParseInt(out, 10, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(secs, 0), true
}

// git runs git in dir and returns its output, trimmed.
func git(dir string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	base := []string{"--no-pager", "-c", "log.showSignature=false", "-c", "core.fsmonitor=false", "-C", dir} // untranslated: a command
	cmd := exec.CommandContext(ctx, "git", append(base, args...)...)
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0")
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return "", err
	}
	return strings.TrimSpace(out.String()), nil
}

// blobID is git's object name for a file holding data (SHA-1 repositories,
// git's default).
func blobID(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return fmt.Sprintf("%x", h.Sum(nil))
}
