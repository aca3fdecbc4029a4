// Results kept between gradings: a term of grading judges again only what
// changed.

package grading

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/judge/judging"
)

// A Store keeps the report of each judged submission in Dir, named by the
// key of everything that decided it (Grader.key: the file's name and
// content, and judging.Judge.Fingerprint: the cases, the calibration, the
// judge, the toolchain, the jail). A report is never reused for anything
// else; an entry unused for keptFor is removed.
type Store struct {
	Dir string // "" keeps nothing
}

// keptFor is how long an unused report stays in a Store: a term.
const keptFor = 120 * 24 * time.Hour

// stored is a Store's entry.
type stored struct {
	Version int             `json:"version"`
	Report  *judging.Report `json:"report"`
}

// storeVersion is the version of a Store's entries; another is not read.
const storeVersion = 1

// Get is the report kept under key, if there is one.
func (s Store) Get(key string) (*judging.Report, bool) {
	if s.Dir == "" {
		return nil, false
	}
	path := s.path(key)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var e stored
	if json.Unmarshal(data, &e) != nil || e.Version != storeVersion || e.Report == nil {
		return nil, false
	}
	for _, c := range e.Report.Cases {
		c.CPU = time.Duration(c.CPUms) * time.Millisecond
	}
	now := time.Now()
	os.Chtimes(path, now, now) // used: kept another term
	return e.Report, true
}

// Put keeps rep under key.
func (s Store) Put(key string, rep *judging.Report) error {
	if s.Dir == "" {
		return nil
	}
	data, err := json.Marshal(stored{storeVersion, rep})
	if err != nil {
		return err
	}
	return atomicfile.Write(s.path(key), data, 0o600)
}

// Prune removes the entries unused for keptFor.
func (s Store) Prune() {
	if s.Dir == "" {
		return
	}
	entries, _ := os.ReadDir(s.Dir)
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".json") && time.Since(fi.ModTime()) > keptFor {
			os.Remove(filepath.Join(s.Dir, e.Name()))
		}
	}
}

func (s Store) path(key string) string { return filepath.Join(s.Dir, key+".json") }
