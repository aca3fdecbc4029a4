// Package grading grades a class: it resolves what it was given (Resolve:
// a class, some of its students, or one), finds each student's submission
// for each problem in the class folder (Find: a clone of the kit, a folder
// of files named for the problems, or one file per student), judges them,
// several at once (Grader), reusing the report kept from an earlier
// grading when nothing that decides it changed (Store), and scores each
// report as a row of the grade sheet (Row.Score). Showing the rows (the
// table, CSV, JSON, feedback, the class page, GitHub Classroom's results)
// is the caller's.
package grading

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/safeopen"
	"github.com/nqueens-kit/nqueens/judge/build"
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
	Store    Store        // the reports kept from earlier gradings
	Regrade  bool         // judge every file, kept reports or not

	mu      sync.Mutex
	notKept error // the first report the store could not keep
}

// NotKept is the first failure to keep a report for the next grading, if
// one failed: such a file is judged again next time, which costs the
// student nothing, but the teacher should know why grading is not quicker.
func (g *Grader) NotKept() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.notKept
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

// A Split is a class's submissions parted for a grading (Grader.Split).
type Split struct {
	Judge []Submission // to judge now
	Kept  []Row        // the rest's rows kept from when they were last graded
	// Stale names the students of the rest whose file changed since they
	// were graded: their rows on the last sheet are kept, marked stale.
	Stale []string
	// Missing names those with neither (never graded): left off the sheet.
	Missing []string
}

// Split parts the class's subs for t: those to judge now, and, for the
// rest of the class, the rows kept from when they were last graded (Kept).
// A student of the rest with a row not kept (a file changed since) keeps
// the row of the class's last sheet (Store.LastRows), marked stale; one
// never graded is missing.
func (g *Grader) Split(ctx context.Context, t Target, subs []Submission) (Split, error) {
	var sp Split
	gone := map[string]bool{}
	for _, s := range subs {
		if t.Judges(s) {
			sp.Judge = append(sp.Judge, s)
			continue
		}
		row, ok, err := g.Kept(ctx, s)
		if err != nil {
			return Split{}, err
		}
		if !ok {
			gone[s.Student] = true
			continue
		}
		sp.Kept = append(sp.Kept, row)
	}
	sp.Kept = slices.DeleteFunc(sp.Kept, func(r Row) bool { return gone[r.Student] })
	last, graded := g.Store.LastRows(t.Sheet())
	stale := map[string]bool{}
	for _, r := range last {
		if gone[r.Student] {
			r.Stale, stale[r.Student] = true, true
			r.Message = strings.TrimSpace(msg.Sprintf("stale: kept from the grading of %s; the file changed since and was not judged now", graded[r.Student].Local().Format("2006-01-02 15:04")) + "\n" + r.Message)
			sp.Kept = append(sp.Kept, r)
		}
	}
	for s := range gone {
		if stale[s] {
			sp.Stale = append(sp.Stale, s)
		} else {
			sp.Missing = append(sp.Missing, s)
		}
	}
	slices.Sort(sp.Stale)
	slices.Sort(sp.Missing)
	return sp, nil
}

// Students counts the students of subs: each one's submissions.
func Students(subs []Submission) map[string]int {
	count := map[string]int{}
	for _, s := range subs {
		count[s.Student]++
	}
	return count
}

// Reused counts the rows of a sheet whose report was kept from an earlier
// grading, of those with a file.
func Reused(rows []Row) (reused, files int) {
	for _, r := range rows {
		if r.Reused {
			reused++
		}
		if r.File != "" {
			files++
		}
	}
	return reused, files
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

// One grades one submission, every case, and scores it: judged, or, when
// nothing that decides its report changed since it was last judged (and
// not g.Regrade), its kept report scored again (Row.Reused). An error is
// the judge's or the kit's, never the student's.
func (g *Grader) One(ctx context.Context, s Submission) (Row, error) {
	r, err := g.read(ctx, s)
	if err != nil || r.final {
		return r.row, err
	}
	if r.keyed && !g.Regrade {
		if row, ok := g.kept(r, s); ok {
			return row, nil
		}
	}
	rep, err := g.Judge.Source(ctx, s.Problem, r.lang, r.src, r.row.File, params)
	r.row.Judged = time.Now().Truncate(time.Second)
	if err != nil {
		// The judge's own failure, or the kit's: never the student's.
		r.row.Verdict, r.row.Message = verdict.JudgeError, err.Error()
		return r.row, nil
	}
	if r.keyed && ctx.Err() == nil && unchanged(s, r.row.File, r.src) {
		// Not kept is judged again next time: no harm to the student. A
		// file that changed while it was judged is judged again too.
		if err := g.Store.Put(r.key, rep, r.row.Judged); err != nil {
			g.mu.Lock()
			g.notKept = cmp.Or(g.notKept, err)
			g.mu.Unlock()
		}
	}
	r.row.Score(rep, r.cases, s.Note)
	return r.row, nil
}

// Kept is s's row when it needs no judging: no file to judge, or a report
// kept from an earlier grading of the same file under the same cases,
// calibration, judge and jail. ok is false when s would have to be judged.
func (g *Grader) Kept(ctx context.Context, s Submission) (row Row, ok bool, err error) {
	r, err := g.read(ctx, s)
	switch {
	case err != nil:
		return Row{}, false, err
	case r.final:
		return r.row, !r.unkeyed, nil
	case !r.keyed:
		return r.row, false, nil
	}
	row, ok = g.kept(r, s)
	return row, ok, nil
}

// params is how -grade judges a file: every case, the larger ones scored
// as failed after a TLE or an MLE, and where the time goes for the
// feedback.
var params = judging.Params{All: true, Grading: true, Teach: true}

// submitted is a submission read once and keyed, its row filled in as
// far as it goes without judging.
type submitted struct {
	row   Row
	cases []*cases.Case
	lang  *lang.Language
	src   []byte
	key   string
	keyed bool // the key promises the report
	// final: the row is all there is (no file, one that cannot be read,
	// a judge that cannot key it); unkeyed: because of the last, which
	// One reports and Kept leaves to be judged.
	final, unkeyed bool
}

// read reads s's file once, beneath the student's folder without
// following a link (its key, its judging and its report are of these
// bytes, whatever the folder holds by then), and keys it.
func (g *Grader) read(ctx context.Context, s Submission) (submitted, error) {
	cs, err := g.Judge.Cases(s.Problem)
	if err != nil {
		return submitted{}, err
	}
	r := submitted{cases: cs, row: Row{Student: s.Student, Problem: s.Problem.Folder(), Total: len(cs), Protection: string(g.Tier)}}
	for _, c := range cs {
		r.row.MaxPoints += c.Points
	}
	if s.File != "" {
		if why := outsideFolder(s.File, s.Root); why != "" {
			s.File, s.Missing = "", why
		}
	}
	if s.Failed != "" {
		// The judge's own failure: never the student's 0.
		r.row.Verdict, r.row.Message, r.final = verdict.JudgeError, s.Failed, true
		return r, nil
	}
	if s.File == "" {
		r.row.Verdict, r.row.Message, r.final = verdict.NotWritten, s.Missing, true
		for _, c := range cs {
			r.row.Cases = append(r.row.Cases, ScoredCase{Name: c.Name, Points: c.Points, Message: s.Missing})
		}
		return r, nil
	}
	display, err := filepath.Rel(g.Dir, cmp.Or(s.Shown, s.File))
	if err != nil {
		display = cmp.Or(s.Shown, s.File)
	}
	display = printablePath(filepath.ToSlash(display))
	r.row.File = display
	if l, ok := lang.ForFile(s.File); ok {
		r.row.Language = l.Name
	}
	r.lang, r.src, err = readOnce(s, display)
	var unreadable *judging.SubmissionError
	if errors.As(err, &unreadable) {
		// The student's file itself: too large, not a regular file, …
		r.row.Verdict, r.row.Message, r.final = verdict.NotWritten, err.Error(), true
		return r, nil
	}
	if err != nil {
		r.row.Verdict, r.row.Message, r.final = verdict.JudgeError, err.Error(), true
		return r, nil
	}
	r.row.Source = r.src
	sum := sha256.Sum256(r.src)
	r.row.SHA256 = hex.EncodeToString(sum[:])
	if s.Commit != nil {
		r.row.Commit, r.row.Committed, r.row.Late = s.Commit.Hash, s.Commit.When, s.Commit.Late
	}
	r.key, r.keyed, err = g.key(ctx, s.Problem, r.lang, r.src, display)
	if err != nil {
		r.row.Verdict, r.row.Message, r.final, r.unkeyed = verdict.JudgeError, err.Error(), true, true
	}
	return r, nil
}

// kept is r's row from the report kept under its key, if there is one.
func (g *Grader) kept(r submitted, s Submission) (Row, bool) {
	rep, judged, ok := g.Store.Get(r.key)
	if !ok {
		return r.row, false
	}
	r.row.Score(rep, r.cases, s.Note)
	r.row.Reused, r.row.Judged = true, judged
	return r.row, true
}

// key names a report by everything that decides it: the file's name as
// shown and its content, src, and the judging's fingerprint. keyed is
// false when nothing can be promised.
func (g *Grader) key(ctx context.Context, p *problem.Problem, l *lang.Language, src []byte, display string) (key string, keyed bool, err error) {
	fp, ok, err := g.Judge.Fingerprint(ctx, p, l, params)
	if err != nil || !ok {
		return "", false, err
	}
	return build.Key(fp, display, string(src)), true, nil
}

// readOnce reads s's file beneath the student's folder (safeopen.ReadBeneath):
// a link on the way, or a file that is not regular, is the student's
// *judging.SubmissionError; its language and bytes otherwise.
func readOnce(s Submission, display string) (*lang.Language, []byte, error) {
	root := cmp.Or(s.Root, filepath.Dir(s.File))
	rel, err := filepath.Rel(root, s.File)
	if err != nil {
		return nil, nil, &judging.SubmissionError{Err: err}
	}
	src, err := safeopen.ReadBeneath(root, rel, judging.MaxSource)
	switch {
	case errors.Is(err, safeopen.ErrLink), errors.Is(err, safeopen.ErrOutside):
		return nil, nil, &judging.SubmissionError{Err: msg.Errorf("%s is a link, or in a linked folder, or outside the student's folder: -grade reads only regular files inside it", display)}
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, &judging.SubmissionError{Err: msg.Errorf("%s: no such file", display)}
	case err != nil:
		return nil, nil, &judging.SubmissionError{Err: msg.Errorf("%s: %w", display, err)}
	}
	return judging.SubmissionOf(s.Problem, s.File, display, src)
}

// unchanged reports whether s's file still holds src once judged: a report
// is kept for reuse only for the bytes it judged, and a file that changed
// meanwhile is judged again next time.
func unchanged(s Submission, display string, src []byte) bool {
	_, now, err := readOnce(s, display)
	return err == nil && bytes.Equal(now, src)
}
