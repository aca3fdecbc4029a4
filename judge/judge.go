package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/nqueens-kit/nqueens/judge/build"
)

// options are the command line, parsed.
type options struct {
	Problems  []string
	File      string
	JSON      bool
	All       bool
	Run       *regexp.Regexp
	Verify    bool
	Calibrate bool
	Bench     bool
	Update    bool
	Verbose   bool
}

// judge holds what every judged submission shares.
type judge struct {
	opts    options
	kit     kit
	builder *build.Builder
	tempDir string // removed when the judge ends
	calib   *calibrations
	stdout  io.Writer
	stderr  io.Writer
	live    *liveLine
	colour  bool
	started time.Time
}

// report is the outcome of judging one file for one problem.
type report struct {
	Problem string        `json:"problem"`
	File    string        `json:"file"`
	Verdict verdict       `json:"verdict"`
	Message string        `json:"message,omitempty"`
	Cases   []*caseResult `json:"cases"`
	Skipped []string      `json:"skipped,omitempty"` // cases not run because an earlier one failed
	// Reference is the calibrated CPU time of the reference bitmask solution
	// on each case with a relative limit, in ms.
	Reference map[string]int64 `json:"reference_ms,omitempty"`
	Factor    float64          `json:"limit_factor,omitempty"`

	streamed bool // the header and cases were printed as they ran
}

// notWrittenMarker is in every untouched starter file.
const notWrittenMarker = `panic("not written yet`

// setupError is the judge's or the kit's problem, never the student's: it
// leads to exit status 2.
type setupError struct{ err error }

func (e *setupError) Error() string { return e.err.Error() }
func (e *setupError) Unwrap() error { return e.err }

func setupErrorf(format string, args ...any) error {
	return &setupError{fmt.Errorf(format, args...)}
}

// judgeParams varies how a file is judged: verification scales relative
// limits and runs every case.
type judgeParams struct {
	scale  float64 // multiplies relative CPU limits; 1 normally
	all    bool
	stream bool // print the header and each case as it ends (human output)
}

// judgeFile judges file as a solution to p.
// display names the file in messages; "" names it relative to the kit.
func (j *judge) judgeFile(ctx context.Context, p *problem, file, display string, jp judgeParams) (*report, error) {
	if display == "" {
		display = j.kit.rel(file)
	}
	rep := &report{Problem: p.Folder(), File: display, Cases: []*caseResult{}}
	if filepath.Ext(file) != ".go" {
		return nil, setupErrorf("%s: not a Go file: the judge takes a .go file holding func %s", display, p.Func)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, setupErrorf("%s: no such file", display)
		}
		return nil, &setupError{err}
	}
	if bytes.Contains(src, []byte(notWrittenMarker)) {
		rep.Verdict = NotWritten
		rep.Message = fmt.Sprintf("nothing written yet: write %s in %s, then run\n"+
			"    go run ./judge %d\n"+
			"To see the judge at work first, judge one of the course's solutions:\n"+
			"    go run ./judge -file %s %d",
			p.Func, display, p.Number, filepath.Join("solutions", p.Folder(), "bitmask", "solution.go"), p.Number)
		return rep, nil
	}

	// Build while the cases are read and checked.
	type built struct {
		binary string
		err    error
	}
	buildDone := make(chan built, 1)
	go func() {
		bin, err := j.builder.Build(ctx, j.spec(p, file, display))
		buildDone <- built{bin, err}
	}()
	cases, caseErr := j.kit.loadCases(p)
	b := <-buildDone
	if caseErr != nil {
		return nil, &setupError{caseErr}
	}
	var ce *build.CompileError
	if errors.As(b.err, &ce) {
		rep.Verdict, rep.Message = CE, ce.Message
		return rep, nil
	}
	if b.err != nil {
		return nil, fmt.Errorf("build %s: %w", display, b.err)
	}
	if j.opts.Run != nil {
		var picked []*testCase
		for _, c := range cases {
			if j.opts.Run.MatchString(c.Name) {
				picked = append(picked, c)
			}
		}
		if len(picked) == 0 {
			return nil, setupErrorf("-run %s matches no case of %s", j.opts.Run, p.Folder())
		}
		cases = picked
	}

	if jp.stream {
		j.printHeader(rep)
		rep.streamed = true
	}
	rep.Verdict = AC
	var refs map[string]time.Duration
	for i, c := range cases {
		if c.Relative() && refs == nil {
			// Calibrate only when a relative case is reached: a submission
			// that fails early never waits for it.
			var err error
			if refs, err = j.calib.references(ctx, j, p, cases, false); err != nil {
				return nil, err
			}
			rep.Reference = map[string]int64{}
			for name, d := range refs {
				rep.Reference[name] = d.Milliseconds()
			}
		}
		ref := time.Duration(float64(refs[c.Name]) * jp.scale)
		if c.Relative() {
			rep.Factor = c.Limits.Factor
		}
		j.live.start(fmt.Sprintf("%s %s", p.Folder(), c.Name))
		res, err := runCase(ctx, p, c, caseParams{
			binary:  b.binary,
			display: display,
			ref:     ref,
			update:  j.opts.Update,
			verbose: j.opts.Verbose,
			tempDir: j.tempDir,
		})
		j.live.stop()
		if err != nil {
			return nil, err
		}
		rep.Cases = append(rep.Cases, res)
		if jp.stream {
			j.printCase(rep, res)
		}
		if res.Verdict != AC && rep.Verdict == AC {
			rep.Verdict, rep.Message = res.Verdict, res.Message
			if !jp.all {
				for _, rest := range cases[i+1:] {
					rep.Skipped = append(rep.Skipped, rest.Name)
				}
				break
			}
		}
	}
	return rep, nil
}

// spec describes the build of file as a solution to p.
func (j *judge) spec(p *problem, file, display string) build.Spec {
	return build.Spec{
		Source:  file,
		Display: display,
		Func:    p.Func,
		Params:  "int",
		Results: p.Results,
		Harness: p.Harness,
	}
}
