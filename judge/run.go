package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/judge/build"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailed      = 1
	exitSetup       = 2
	exitInterrupted = 130
)

// run is the whole judge; main only turns its result into an exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	started := time.Now()
	opts, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintf(stderr, "judge: %v\n\n%s", err, usage)
		return exitSetup
	}
	j, cleanup, err := newJudge(opts, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "judge: %v\n", err)
		return exitSetup
	}
	j.started = started
	defer cleanup()

	code, err := j.main(ctx)
	switch {
	case ctx.Err() != nil:
		j.live.stop()
		fmt.Fprintln(stderr, "judge: interrupted; the running program was stopped")
		return exitInterrupted
	case err != nil:
		fmt.Fprintf(stderr, "judge: %v\n", err)
		return exitSetup
	}
	return code
}

// newJudge finds the kit, the go command and the cache, and makes the
// judge's temporary directory; cleanup removes it.
func newJudge(opts options, stdout, stderr io.Writer) (*judge, func(), error) {
	k, err := findKit()
	if err != nil {
		return nil, nil, err
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, nil, fmt.Errorf("the go command is needed to build solutions: %w", err)
	}
	out, err := exec.Command(goCmd, "env", "GOVERSION").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOVERSION: %w", err)
	}
	goVersion := strings.TrimSpace(string(out))
	tempDir, err := os.MkdirTemp("", "nqueens-judge-")
	if err != nil {
		return nil, nil, err
	}
	cacheDir := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cacheDir = filepath.Join(dir, "nqueens-judge")
		if os.MkdirAll(cacheDir, 0o755) != nil {
			cacheDir = ""
		}
	}
	binCache := ""
	if cacheDir != "" {
		binCache = filepath.Join(cacheDir, "bin")
	}
	j := &judge{
		opts:    opts,
		kit:     k,
		builder: &build.Builder{Go: goCmd, GoVersion: goVersion, CacheDir: binCache, TempDir: tempDir},
		tempDir: tempDir,
		calib:   loadCalibrations(cacheDir, goVersion),
		stdout:  stdout,
		stderr:  stderr,
		live:    newLiveLine(stderr),
		colour:  useColour(stdout),
	}
	return j, func() { os.RemoveAll(tempDir) }, nil
}

// main does what the options ask and returns the exit status.
func (j *judge) main(ctx context.Context) (int, error) {
	var ps []*problem
	for _, name := range j.opts.Problems {
		p, err := findProblem(name)
		if err != nil {
			return 0, err
		}
		ps = append(ps, p)
	}
	if len(ps) == 0 {
		ps = problems
	}
	switch {
	case j.opts.Calibrate:
		return exitOK, j.calibrate(ctx, ps)
	case j.opts.Bench:
		return j.bench(ctx, ps)
	case j.opts.Verify:
		return j.verify(ctx, ps)
	case j.opts.Update:
		return j.update(ctx, ps)
	}

	code := exitOK
	var cpu time.Duration
	for _, p := range ps {
		file, display := j.kit.starter(p), ""
		if j.opts.File != "" {
			file, _ = filepath.Abs(j.opts.File)
			display = filepath.Clean(j.opts.File)
		}
		rep, err := j.judgeFile(ctx, p, file, display, judgeParams{scale: 1, all: j.opts.All, stream: !j.opts.JSON})
		if err != nil {
			return 0, err
		}
		for _, c := range rep.Cases {
			cpu += c.cpu
		}
		if rep.streamed {
			j.printSummary(rep)
		} else {
			j.print(rep)
		}
		if rep.Verdict != AC {
			code = exitFailed
		}
	}
	if j.opts.Verbose {
		wall := time.Since(j.started)
		fmt.Fprintf(j.stderr, "judge overhead: %s wall in all, %s of it in the solution's CPU time, %s for the judge\n",
			ms(wall), ms(cpu), ms(max(0, wall-cpu)))
	}
	return code, nil
}

// update rewrites the expected outputs of every case from the reference.
func (j *judge) update(ctx context.Context, ps []*problem) (int, error) {
	for _, p := range ps {
		rep, err := j.judgeFile(ctx, p, j.kit.reference(p), "", judgeParams{scale: 1, all: true})
		if err != nil {
			return 0, err
		}
		j.print(rep)
		if rep.Verdict != AC {
			return exitFailed, nil
		}
	}
	return exitOK, nil
}
