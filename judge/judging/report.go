// The report of one judged file.

package judging

import (
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
	"github.com/nqueens-kit/nqueens/judge/version"
)

// ReportVersion is the version of the JSON report's schema (docs/judge.md, "JSON").
const ReportVersion = 2

// Report is the outcome of judging one file for one problem.
type Report struct {
	Version int             `json:"version"`
	Problem string          `json:"problem"`
	File    string          `json:"file"`
	Verdict verdict.Verdict `json:"verdict"`
	Message string          `json:"message,omitempty"`
	Cases   []*cases.Result `json:"cases"`
	Skipped []string        `json:"skipped,omitempty"` // cases not run because an earlier one failed
	// Beyond are cases past the headline n of the file's language, not run
	// for it (README, "Languages").
	Beyond []string `json:"beyond_language,omitempty"`
	// Notes are remarks on the submission that are no verdict (it reads
	// the clock), for the student and the teacher.
	Notes []string `json:"notes,omitempty"`
	// Profile says where the time of a search that ran out of it goes:
	// its busiest lines and the size of its search (teach.go).
	Profile  string `json:"profile,omitempty"`
	Language string `json:"language"`
	Judge    string `json:"judge"` // which judge made the report (-version)
	// Protection is the jail's tier that ran the file, and what it lacks
	// (sandbox.Jail.Protection).
	Protection string `json:"protection"`
	// Work is the search's counted work, where it was counted (a count
	// problem, in a language that counts, once a relative case passed).
	Work *Work `json:"counted_work,omitempty"`

	// StoppedBy is, when judged for -grade, the verdict (TLE or MLE) of the
	// case after which the larger ones were scored as failed without
	// running (Skipped).
	StoppedBy verdict.Verdict `json:"stopped_by,omitempty"`
}

// SkipReason says why the cases in Skipped were scored as failed without
// running ("" when they were not: judging stopped at a first failure).
func (r *Report) SkipReason() string {
	switch r.StoppedBy {
	case verdict.TLE:
		return msg.Sprintf("scored as failed without running: a smaller case already ran out of time")
	case verdict.MLE:
		return msg.Sprintf("scored as failed without running: a smaller case already ran out of memory")
	}
	return ""
}

// newReport starts the report on file, a solution to p in l (the language
// the file was read as, whatever its display name says).
func (j *Judge) newReport(p *problem.Problem, l *lang.Language, file string) *Report {
	return &Report{Version: ReportVersion, Problem: p.Folder(), File: file, Language: l.Name, Judge: version.String(),
		Protection: j.Jail.Protection(), Cases: []*cases.Result{}}
}

// Work is a search's counted work at N: its busiest line (Line, in the
// student's file) ran Count times, PerPosition times per position of the
// reference search (Positions); a search over the free squares alone stays
// at or under Limit (profile.MaxWork).
type Work struct {
	N           int     `json:"n"`
	Line        int     `json:"line"`
	Count       int64   `json:"count"`
	Positions   int64   `json:"reference_positions"`
	PerPosition float64 `json:"per_position"`
	Limit       float64 `json:"limit"`
}
