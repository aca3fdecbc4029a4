// -status: where a student stands on each problem, like rustlings' list.

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// statusEntry is the last verdict on one problem's starter file.
type statusEntry struct {
	Verdict verdict.Verdict `json:"verdict"`
	Passed  int             `json:"passed"`
	Total   int             `json:"total"`
	When    time.Time       `json:"when"`
	// File and Language are what was judged: the starter, as the kit
	// names it, and its language (none in a file from before they were).
	File     string `json:"file,omitempty"`
	Language string `json:"language,omitempty"`
}

// statusFile keeps the last verdicts, per kit and problem, in the user's cache.
func (j *judge) statusFile() string {
	if j.cacheDir == "" {
		return ""
	}
	return filepath.Join(j.cacheDir, "status.json")
}

func statusKey(k problem.Kit, p *problem.Problem) string { return k.Root + "|" + p.Folder() }

func (j *judge) loadStatus() map[string]statusEntry {
	st := map[string]statusEntry{}
	if data, err := os.ReadFile(j.statusFile()); err == nil {
		json.Unmarshal(data, &st) // a damaged file starts again
	}
	return st
}

// recordStatus keeps the verdict of a judged starter file.
func (j *judge) recordStatus(p *problem.Problem, rep *judging.Report) {
	if j.statusFile() == "" || j.opts.File != "" {
		return
	}
	passed := 0
	for _, c := range rep.Cases {
		if c.Verdict == verdict.AC {
			passed++
		}
	}
	e := statusEntry{Verdict: rep.Verdict, Passed: passed, Total: len(rep.Cases) + len(rep.Skipped), When: time.Now(), File: rep.File, Language: rep.Language}
	// Another judge may record its own at the same time: read, change and
	// write under a lock. A status not kept costs the student nothing.
	atomicfile.Update(j.statusFile(), 0o600, func(old []byte) ([]byte, error) {
		st := map[string]statusEntry{}
		json.Unmarshal(old, &st) // a damaged file starts again
		st[statusKey(j.kit, p)] = e
		return json.MarshalIndent(st, "", "  ")
	})
}

// status lists each problem: not written, or its last verdict and when.
// Ctrl-C stops it (looking for a starter may start a worker).
func (j *judge) status(ctx context.Context) (int, error) {
	st := j.loadStatus()
	for _, p := range j.opts.Problems {
		file, _ := judging.StarterFor(ctx, j.tempDir, j.kit, p)
		if ctx.Err() != nil {
			return exitInterrupted, ctx.Err()
		}
		line := ""
		src, err := os.ReadFile(file)
		e, judged := st[statusKey(j.kit, p)]
		switch {
		case err != nil:
			line = msg.Sprintf("no file (%s)", j.kit.Rel(file))
		case judging.IsStarter(src, p.Func):
			line = msg.Sprintf("not written yet")
		case !judged:
			line = msg.Sprintf("written, not judged yet: %s %d", j.kit.Command(), p.Number)
		default:
			line = msg.Sprintf("%s %s, %d of %d cases, %s", j.paint(e.Verdict, string(e.Verdict)), e.Verdict.Long(), e.Passed, e.Total, e.When.Local().Format("2006-01-02 15:04"))
			if e.File != "" {
				line += msg.Sprintf(", %s in %s", e.Language, filepath.Base(e.File))
			}
			if fi, err := os.Stat(file); e.File != "" && e.File != j.kit.Rel(file) {
				line += msg.Sprintf(" (%s is the file judged now)", filepath.Base(file))
			} else if err == nil && fi.ModTime().After(e.When) {
				line += msg.Sprintf(" (changed since)")
			}
		}
		fmt.Fprintf(j.stdout, "%-18s %s\n", p.Folder(), line)
	}
	if j.cacheDir != "" {
		msg.Fprintf(j.stdout, "\ncache: %s in %s (the programs built for you and C++'s precompiled headers, kept under about %s; deleting it is safe: it is made again)\n",
			format.Bytes(build.Size(j.cacheDir)), j.cacheDir, format.Bytes(build.CacheBound))
	}
	return exitOK, nil
}
