// Package standing keeps where a student stands on each problem: the last
// verdict on each starter file they judged, per kit, in one file of the
// user's cache that -status reads.
package standing

import (
	"encoding/json"
	"os"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// An Entry is the last verdict on one problem's starter file.
type Entry struct {
	Verdict verdict.Verdict `json:"verdict"`
	Passed  int             `json:"passed"`
	Total   int             `json:"total"`
	When    time.Time       `json:"when"`
	// File and Language are what was judged: the starter, as the kit
	// names it, and its language (none in a file from before they were).
	File     string `json:"file,omitempty"`
	Language string `json:"language,omitempty"`
}

// A Store is the file the entries are kept in, a JSON object of entries
// by kit and problem; "" keeps none.
type Store struct{ Path string }

// key names p of kit k in the store.
func key(k problem.Kit, p *problem.Problem) string { return k.Root + "|" + p.Folder() }

// Entries are the entries kept, by kit and problem (Get reads them); a
// damaged or missing file has none.
type Entries map[string]Entry

// Load reads the entries kept.
func (s Store) Load() Entries {
	es := Entries{}
	if data, err := os.ReadFile(s.Path); s.Path != "" && err == nil {
		json.Unmarshal(data, &es) // a damaged file starts again
	}
	return es
}

// Get is the entry kept for p of kit k, if there is one.
func (es Entries) Get(k problem.Kit, p *problem.Problem) (Entry, bool) {
	e, ok := es[key(k, p)]
	return e, ok
}

// Record keeps rep, the report on p's starter file of kit k. Another
// judge may record its own at the same time: the file is read, changed
// and written under a lock. An entry not kept costs the student nothing.
func (s Store) Record(k problem.Kit, p *problem.Problem, rep *judging.Report) {
	if s.Path == "" {
		return
	}
	passed := 0
	for _, c := range rep.Cases {
		if c.Verdict == verdict.AC {
			passed++
		}
	}
	e := Entry{Verdict: rep.Verdict, Passed: passed, Total: len(rep.Cases) + len(rep.Skipped), When: time.Now(), File: rep.File, Language: rep.Language}
	atomicfile.Update(s.Path, 0o600, func(old []byte) ([]byte, error) {
		es := Entries{}
		json.Unmarshal(old, &es) // a damaged file starts again
		es[key(k, p)] = e
		return json.MarshalIndent(es, "", "  ")
	})
}
