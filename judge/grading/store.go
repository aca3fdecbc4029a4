// Results kept between gradings: a term of grading judges again only what
// changed.

package grading

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/judge/build"
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
	Judged  time.Time       `json:"judged,omitzero"` // when the report was made
}

// storeVersion is the version of a Store's entries; another is not read.
const storeVersion = 1

// Get is the report kept under key, if there is one, and when it was
// made (zero for a report kept before the time was).
func (s Store) Get(key string) (*judging.Report, time.Time, bool) {
	if s.Dir == "" {
		return nil, time.Time{}, false
	}
	path := s.path(key)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, time.Time{}, false
	}
	var e stored
	if json.Unmarshal(data, &e) != nil || e.Version != storeVersion || e.Report == nil {
		return nil, time.Time{}, false
	}
	for _, c := range e.Report.Cases {
		c.CPU = time.Duration(c.CPUms) * time.Millisecond
	}
	now := time.Now()
	os.Chtimes(path, now, now) // used: kept another term
	return e.Report, e.Judged, true
}

// Put keeps rep, made at judged, under key.
func (s Store) Put(key string, rep *judging.Report, judged time.Time) error {
	if s.Dir == "" {
		return nil
	}
	data, err := json.Marshal(stored{storeVersion, rep, judged})
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

// A lastSheet is a Store's record of a class's rows as its sheet last
// showed them: a student not judged now, whose file changed since, keeps
// that row, marked stale, instead of vanishing from the sheet.
type lastSheet struct {
	Version int                  `json:"version"`
	Rows    []Row                `json:"rows"`
	Graded  map[string]time.Time `json:"graded"` // when each student's rows were graded
}

// KeepRows records rows as class's last sheet: each student's rows replace
// that student's rows kept before; the other students' stay, and so do the
// rows a stale row stands for. The file is updated under its lock, as the
// list of classes is (MarkGraded): two gradings at once lose no row.
func (s Store) KeepRows(class string, rows []Row) error {
	if s.Dir == "" {
		return nil
	}
	now := time.Now().UTC().Truncate(time.Minute)
	return atomicfile.Update(s.sheetPath(class), 0o600, func(old []byte) ([]byte, error) {
		last := parseLastSheet(old)
		if last.Graded == nil {
			last.Graded = map[string]time.Time{}
		}
		var graded []Row
		fresh := map[string]bool{}
		for _, r := range rows {
			if !r.Stale {
				graded = append(graded, r)
				fresh[r.Student] = true
				last.Graded[r.Student] = now
			}
		}
		last.Rows = slices.DeleteFunc(last.Rows, func(r Row) bool { return fresh[r.Student] })
		return json.Marshal(lastSheet{storeVersion, append(last.Rows, graded...), last.Graded})
	})
}

// LastRows is class's last sheet as KeepRows recorded it, and when each
// student's rows were graded; nothing when there is none.
func (s Store) LastRows(class string) ([]Row, map[string]time.Time) {
	if s.Dir == "" {
		return nil, nil
	}
	data, _ := os.ReadFile(s.sheetPath(class))
	last := parseLastSheet(data)
	return last.Rows, last.Graded
}

// parseLastSheet reads a last sheet (nothing from nil, a damaged file or
// another version).
func parseLastSheet(data []byte) lastSheet {
	var last lastSheet
	if json.Unmarshal(data, &last) != nil || last.Version != storeVersion {
		return lastSheet{}
	}
	return last
}

// sheetPath is where class's last sheet is kept: named by the class
// folder's absolute path.
func (s Store) sheetPath(class string) string {
	abs, err := filepath.Abs(class)
	if err != nil {
		abs = class
	}
	return filepath.Join(s.Dir, "sheet-"+build.Key("last-sheet", abs)+".json")
}
