// Reading a submission, and what its source says before it runs.

package judging

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/lookup"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

// notWrittenMarker is in every untouched starter file.
const notWrittenMarker = `"` + lang.StarterWords

// StarterFor picks the student's file for p in kit k among p's starters,
// one per language: the one written, the most recently saved of several,
// or, with none written, the Go starter. written lists those written.
// When each was saved is SavedAt's answer (tempDir: its workers').
func StarterFor(ctx context.Context, tempDir string, k problem.Kit, p *problem.Problem) (file string, written []string) {
	type saved struct {
		file string
		when time.Time
	}
	var ws []saved
	for _, l := range lang.All {
		f := k.StarterNamed(p, l.File())
		src, err := ReadSource(f, f)
		if err != nil || IsStarter(src, p.Func) {
			continue
		}
		ws = append(ws, saved{f, SavedAt(ctx, tempDir, f)})
	}
	if len(ws) == 0 {
		return k.Starter(p), nil
	}
	slices.SortStableFunc(ws, func(a, b saved) int { return b.when.Compare(a.when) })
	for _, w := range ws {
		written = append(written, w.file)
	}
	return written[0], written
}

// Untaken lists the files in p's problem folder of k named like a starter
// (solution.js, solution.rs) in a language the judge does not take: a
// student who saved one there expects it judged.
func Untaken(k problem.Kit, p *problem.Problem) []string {
	files, _ := filepath.Glob(k.StarterNamed(p, "solution.*"))
	var untaken []string
	for _, f := range files {
		if _, ok := lang.ForFile(f); !ok {
			untaken = append(untaken, f)
		}
	}
	return untaken
}

// MaxSource is the largest submission the judge reads: the longest
// reference is under 20 KiB.
const MaxSource = 1 << 20

// ReadSubmission reads a student's file, once, and names its language; a
// missing or unsuitable file is a setup error (exit 2), not a verdict. It
// must be a regular file of at most MaxSource bytes: it is opened without
// blocking, so that a FIFO or a device is refused at once instead of read
// without end.
func ReadSubmission(p *problem.Problem, file, display string) (*lang.Language, []byte, error) {
	if _, err := languageOf(p, file, display); err != nil {
		return nil, nil, err
	}
	src, err := ReadSource(file, display)
	if err != nil {
		return nil, nil, &SubmissionError{Err: err}
	}
	return SubmissionOf(p, file, display, src)
}

// SubmissionOf is ReadSubmission for a file already read (src): -grade
// reads each file once, beneath the student's folder, and keys, judges and
// reports those bytes.
func SubmissionOf(p *problem.Problem, file, display string, src []byte) (*lang.Language, []byte, error) {
	l, err := languageOf(p, file, display)
	if err != nil {
		return nil, nil, err
	}
	// Some Windows editors start a UTF-8 file with a byte order mark, which
	// javac and Python's compile refuse: it goes, the lines stay.
	return l, bytes.TrimPrefix(src, []byte("\ufeff")), nil
}

// languageOf is the language of file, named by its extension.
func languageOf(p *problem.Problem, file, display string) (*lang.Language, error) {
	l, ok := lang.ForFile(file)
	if !ok {
		return nil, SetupErrorf("%s: not a solution file: the judge takes a file ending in %s, holding %s", display, lang.Extensions(), p.Func)
	}
	return l, nil
}

// SubmissionError is a submission file the judge cannot read (gone, not a
// regular file, too large): in -grade the student's row says so (NONE),
// elsewhere the judge exits with it.
type SubmissionError struct{ Err error }

func (e *SubmissionError) Error() string { return e.Err.Error() }
func (e *SubmissionError) Unwrap() error { return e.Err }

// ReadSource reads a solution file as ReadSubmission describes.
func ReadSource(file, display string) ([]byte, error) {
	f, err := openSubmission(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, SetupErrorf("%s: no such file", display)
	}
	if err != nil {
		return nil, &SetupError{Err: err}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &SetupError{Err: err}
	}
	switch {
	case !fi.Mode().IsRegular():
		return nil, SetupErrorf("%s: not a regular file (%s): the judge reads a source file", display, fi.Mode().Type())
	case fi.Size() > MaxSource:
		return nil, SetupErrorf("%s: %d bytes is too large for a solution (at most %d KiB)", display, fi.Size(), MaxSource>>10)
	}
	src, err := io.ReadAll(io.LimitReader(f, MaxSource+1))
	if err != nil {
		return nil, &SetupError{Err: err}
	}
	if len(src) > MaxSource {
		return nil, SetupErrorf("%s: too large for a solution (at most %d KiB)", display, MaxSource>>10)
	}
	return src, nil
}

// notWritten says where to write, and which of the course's solutions in
// the starter's own language shows the judge at work.
func notWritten(k problem.Kit, p *problem.Problem, l *lang.Language, display string) string {
	run := k.Command()
	example := strings.TrimPrefix(k.FromHere(filepath.Join(k.Root, "solutions", p.Folder(), p.Calibrator, l.Dir, l.File())), "./")
	return msg.Sprintf("nothing written yet: write %s in %s, then run\n"+
		"    %s %d\n"+
		"(or in Java, C++, C or Python: the starters beside it, solution.java, .cpp, .c, .py)\n"+
		"To see the judge at work first, judge one of the course's solutions:\n"+
		"    %s -file %s %d",
		p.Func, display, run, p.Number, run, example, p.Number)
}

// sourceChecks is what the source says before it runs: an answer written
// into it (HC), and where it reads a clock (a note).
type sourceChecks struct {
	Lookup    lookup.Finding `json:"lookup"`
	HasLookup bool           `json:"hasLookup"`
	ReachLine int            `json:"reachLine"`
	ReachCall string         `json:"reachCall"`
	Reach     bool           `json:"reach"`
	ClockLine int            `json:"clockLine"`
	ClockCall string         `json:"clockCall"`
	Clock     bool           `json:"clock"`
}

// sourceRequest is what the worker checks.
type sourceRequest struct {
	File    string         `json:"file"` // the language's file name: solution.go
	Func    string         `json:"func"`
	Code    []byte         `json:"code"`
	Answers lookup.Answers `json:"answers"`
}

// sourceTask is the worker's name for checkSource.
const sourceTask = "source-checks"

func init() {
	worker.Handle(sourceTask, func(r sourceRequest) (any, error) {
		l, ok := lang.ForFile(r.File)
		if !ok {
			return nil, msg.Errorf("%s: not a solution file", r.File)
		}
		return checkSource(l, r.Code, r.Func, r.Answers), nil
	})
}

// checkSource looks for an answer written into code, the source (prepared,
// in Go): in Go, in code the solution function can reach; in other
// languages, anywhere outside comments. And likewise for a clock read.
func checkSource(l *lang.Language, code []byte, fn string, ans lookup.Answers) sourceChecks {
	var c sourceChecks
	c.Lookup, c.HasLookup = l.FindAnswer(code, fn, ans)
	c.ClockLine, c.ClockCall, c.Clock = l.ReadsClock(code, fn)
	c.ReachLine, c.ReachCall, c.Reach = l.ReachesJudge(code, fn)
	return c
}

// answers are the values that, written into a solution to p, are a lookup.
func answers(p *problem.Problem) lookup.Answers {
	ans := lookup.Answers{Boards: p.Kind == problem.Boards, Counts: map[int64]int{}}
	for n := p.LookupFrom; p.LookupFrom > 0 && n <= queens.MaxKnown; n++ {
		c, _ := queens.Count(n)
		ans.Counts[c] = n
	}
	return ans
}

// checkSourceBounded runs checkSource in a worker under its limits: Go's
// checks type-check the student's source (go/types), which nested generic
// types can make endless, and no file may stop the judge. A check stopped
// at its limits is a *worker.Stopped.
func (j *Judge) checkSourceBounded(ctx context.Context, p *problem.Problem, l *lang.Language, code []byte) (sourceChecks, error) {
	var c sourceChecks
	err := worker.Call(ctx, j.TempDir, sourceTask, sourceRequest{File: l.File(), Func: p.Func, Code: code, Answers: answers(p)}, &c)
	return c, err
}

// clockNote marks a solution that reads a clock or its own CPU time: no
// search needs one, and a spin that makes a looked-up answer cost as much
// CPU as a search does. It is a note for the teacher rather than a
// verdict: timing one's own code is not cheating, and the run-time checks
// (1/50 of the search, growth with n) decide HC from what the run did.
func clockNote(c sourceChecks, display string) string {
	if !c.Clock {
		return ""
	}
	return msg.Sprintf("note: %s:%d: %s reads the clock. A solution needs none (the judge times it); a program that spins until it has used the CPU of a search, to hide a looked-up answer, needs one", display, c.ClockLine, c.ClockCall)
}

// IsStarter reports whether the solution function fn in src still has a
// starter's own body: the starters' marker, with nothing before it in the
// function but comments, blank lines and (Python) a docstring, and nothing
// after it but the function's end (C's abort(); too). A marker left
// anywhere else, such as an unreachable panic after a solution, or the
// starter's line left above a solution written under it, does not count:
// that file is written, and judged (the line's message then names it).
// One pass over the file, however many markers it holds.
func IsStarter(src []byte, fn string) bool {
	def := regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\s*\(.*[{:]$`)
	lastCode := "" // the last line of code seen: not a comment, blank or docstring
	docstring := false
	defIndent := 0 // the indent of fn's last header seen
	// marked: a marker just after fn's header; colon: that header is
	// Python's, whose function ends where the code is indented no deeper.
	marked, colon := false, false
	for _, line := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(line)
		if strings.Contains(t, notWrittenMarker) && def.MatchString(lastCode) {
			marked, colon, lastCode = true, strings.HasSuffix(lastCode, ":"), t
			continue
		}
		switch {
		case strings.Count(t, `"""`)%2 == 1:
			docstring = !docstring
		case docstring || strings.Contains(t, `"""`) || t == "" || isComment(t):
		case marked && t == "abort();":
		case marked:
			// The function ends here: the starter's body alone. Anything
			// else is the student's code, written under the starter's line.
			if strings.HasPrefix(t, "}") || colon && indent(line) <= defIndent {
				return true
			}
			marked, lastCode = false, t
		default:
			if def.MatchString(t) {
				defIndent = indent(line)
			}
			lastCode = t
		}
	}
	return marked
}

// indent is the width of line's leading blanks.
func indent(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// isComment reports whether a trimmed line is a comment in one of the
// kit's languages, or the inside of a block comment.
func isComment(t string) bool {
	return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*")
}
