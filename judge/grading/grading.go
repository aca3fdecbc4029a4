// Package grading grades a class: it finds each student's submission for
// each problem in a class folder (Find: a clone of the kit, a folder of
// files named for the problems, or one file per student), judges them,
// several at once (Grader), and scores each report as a row of the grade
// sheet (Row.Score). Showing the rows (the table, CSV, JSON, feedback, the
// class page, GitHub Classroom's results) is the caller's.
package grading

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"sync"

	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Grader grades the submissions of the class in Dir with Judge.
type Grader struct {
	Judge    *judging.Judge
	Dir      string       // the class folder: files are shown relative to it
	Tier     sandbox.Tier // the jail's, written in every row
	Parallel int          // submissions judged at once; 0 means 1
}

// Prepare reads the cases of ps and times their references once, before
// any student runs: every language in subs, so that no worker times a
// reference while another judges (the references are guarded too).
func (g *Grader) Prepare(ctx context.Context, subs []Submission, ps []*problem.Problem) error {
	var languages []*lang.Language
	for _, l := range lang.All {
		if slices.ContainsFunc(subs, func(s Submission) bool { sl, _ := lang.ForFile(s.File); return sl == l }) {
			languages = append(languages, l)
		}
	}
	for _, p := range ps {
		cs, err := g.Judge.Cases(p)
		if err != nil {
			return err
		}
		for _, l := range languages {
			if _, err := l.Toolchain(); err != nil {
				continue // its students' rows say what to install
			}
			run, _ := cases.ForLanguage(p, l, cs)
			for _, c := range run {
				if c.Relative() {
					if _, err := g.Judge.Refs.Time(ctx, calibrate.Ref{Problem: p, Lang: l}, c); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// All grades subs with g.Parallel workers and hands each row to done as it
// is finished, from one goroutine, in the order they finish. A row the
// judge could not judge is verdict.JudgeError, with why. On interruption
// it stops handing rows and returns ctx's error.
func (g *Grader) All(ctx context.Context, subs []Submission, done func(Row)) error {
	rows := make(chan Row)
	jobs := make(chan Submission)
	var workers sync.WaitGroup
	for range max(1, g.Parallel) {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for s := range jobs {
				row, err := g.One(ctx, s)
				if err != nil {
					row = Row{Student: s.Student, Problem: s.Problem.Folder(), Verdict: verdict.JudgeError, Message: err.Error()}
				}
				rows <- row
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, s := range subs {
			select {
			case jobs <- s:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		workers.Wait()
		close(rows)
	}()
	for row := range rows {
		if ctx.Err() == nil {
			done(row)
		}
	}
	return ctx.Err()
}

// One judges one submission, every case, and scores it. An error is the
// judge's or the kit's, never the student's.
func (g *Grader) One(ctx context.Context, s Submission) (Row, error) {
	cs, err := g.Judge.Cases(s.Problem)
	if err != nil {
		return Row{}, err
	}
	row := Row{Student: s.Student, Problem: s.Problem.Folder(), Total: len(cs), Protection: string(g.Tier)}
	for _, c := range cs {
		row.MaxPoints += c.Points
	}
	if s.File != "" {
		if why := outsideFolder(s.File, s.Root); why != "" {
			s.File, s.Missing = "", why
		}
	}
	if s.File == "" {
		row.Verdict, row.Message = verdict.NotWritten, s.Missing
		for _, c := range cs {
			row.Cases = append(row.Cases, ScoredCase{Name: c.Name, Points: c.Points, Message: s.Missing})
		}
		return row, nil
	}
	display, err := filepath.Rel(g.Dir, s.File)
	if err != nil {
		display = s.File
	}
	display = printablePath(filepath.ToSlash(display))
	row.File = display
	if l, ok := lang.ForFile(s.File); ok {
		row.Language = l.Name
	}
	rep, err := g.Judge.File(ctx, s.Problem, s.File, display, judging.Params{All: true, Grading: true})
	var unreadable *judging.SubmissionError
	if errors.As(err, &unreadable) {
		// The student's file itself: too large, not a regular file, …
		row.Verdict, row.Message = verdict.NotWritten, err.Error()
		return row, nil
	}
	if err != nil {
		// The judge's own failure, or the kit's: never the student's.
		row.Verdict, row.Message = verdict.JudgeError, err.Error()
		return row, nil
	}
	row.Score(rep, cs, s.Note)
	return row, nil
}
