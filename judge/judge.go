// The judge of one invocation: its services, and judging the student's own files.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/activity"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// judge is one invocation of the command: its options, where it writes,
// and the services every mode shares. Judging a file is package
// judging's; the judge only shows what it reports.
type judge struct {
	opts     options
	kit      problem.Kit
	builder  *build.Builder
	machine  string                // calibrate.MachineID, read once
	cacheDir string                // the user's cache for the judge, or "" when there is none
	tempDir  string                // removed when the judge ends
	refs     *calibrate.References // each reference's time on this machine
	jail     *sandbox.Jail         // isolates every run of a submission or reference
	judging  *judging.Judge        // judges each file
	stdout   io.Writer
	stderr   io.Writer
	live     *activity.Line // nil unless stderr is a terminal
	colour   bool
	started  time.Time
}

// setupError is the judge's or the kit's problem, never the student's: it
// leads to exit status 2 (judging.SetupError).
type setupError = judging.SetupError

// setupErrorf is a setupError with a message of the catalogue.
var setupErrorf = judging.SetupErrorf

// newJudge finds the kit, the go command and the cache, and makes the
// judge's temporary directory; close removes it.
func newJudge(opts options, stdout, stderr io.Writer) (*judge, error) {
	k, err := problem.FindKit()
	if err != nil {
		return nil, err
	}
	goEnv, err := build.FindGo()
	if err != nil {
		return nil, err
	}
	removeStale()
	tempDir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", tempPrefix, os.Getpid()))
	if err != nil {
		return nil, err
	}
	cacheDir := ""
	if dir, err := os.UserCacheDir(); err == nil {
		cacheDir = filepath.Join(dir, "nqueens-judge")
		if os.MkdirAll(cacheDir, 0o700) != nil {
			cacheDir = ""
		}
	}
	binCache := ""
	if cacheDir != "" {
		binCache = filepath.Join(cacheDir, "bin")
	}
	now := &activity.Now{} // what runs, for the live line
	var live *activity.Line
	if isTerminal(stderr) {
		live = activity.Draw(stderr, now)
	}
	// Every print of the judge's clears the live line first.
	stdout, stderr = live.Writer(stdout), live.Writer(stderr)
	builder := &build.Builder{CacheDir: binCache, TempDir: tempDir, Activity: now}
	builder.UseGo(goEnv)
	// The jail's helper as a program of its own, where it can be built;
	// else the judge's own binary is the helper.
	if helper, err := builder.JailHelper(context.Background()); err == nil {
		sandbox.UseHelper(helper)
	}
	jail := sandbox.NewJail()
	builder.Jail = jail
	switch {
	case !jail.Isolates() && opts.Strict:
		live.Stop()
		os.RemoveAll(tempDir)
		return nil, msg.Errorf("-strict: this machine cannot isolate submissions (protection: %s); missing:\n  - %s", jail.Tier(), strings.Join(jail.Missing(), "\n  - "))
	case !jail.Isolates():
		msg.Fprintf(stderr, "note: submissions run with no jail here (protection: %s); missing:\n  - %s\n(-strict and -grade, for others' code, refuse to run like this)\n", jail.Tier(), strings.Join(jail.Missing(), "\n  - "))
	case !jail.Complete():
		msg.Fprintf(stderr, "note: submissions run in a jail with fewer protections here (protection: %s); missing:\n  - %s\n", jail.Tier(), strings.Join(jail.Missing(), "\n  - "))
	}
	j := &judge{
		opts:     opts,
		kit:      k,
		builder:  builder,
		machine:  calibrate.MachineID(),
		cacheDir: cacheDir,
		jail:     jail,
		tempDir:  tempDir,
		colour:   useColour(stdout),
		live:     live,
		stdout:   stdout,
		stderr:   stderr,
	}
	j.refs = &calibrate.References{
		Cache:    calibrate.Open(cacheDir),
		Machine:  j.machine,
		Kit:      k,
		Jail:     jail,
		TempDir:  tempDir,
		Builder:  j.builder,
		Notes:    j.stderr,
		Activity: now,
	}
	j.judging = judging.New(judging.Config{
		Kit: k, Builder: j.builder, Refs: j.refs, Jail: jail, TempDir: tempDir,
		Run: opts.Run, Update: opts.Mode == modeUpdate,
		Activity: now,
	})
	return j, nil
}

func (j *judge) close() {
	j.live.Stop()
	os.RemoveAll(j.tempDir)
}

// tempPrefix starts the name of every judge's temporary directory, followed
// by its process ID.
const tempPrefix = "nqueens-judge-"

// removeStale removes the temporary directories of judges that were killed
// before they could (SIGKILL leaves them): those of this user whose process
// is gone.
func removeStale() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), tempPrefix+"*"))
	for _, dir := range dirs {
		pidText, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(dir), tempPrefix), "-")
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid == os.Getpid() {
			continue
		}
		fi, err := os.Lstat(dir)
		if err != nil || !fi.IsDir() || !ownedByMe(fi) {
			continue
		}
		if !alive(pid) {
			os.RemoveAll(dir)
		}
	}
}

// judgeAll judges the student's file for each problem and returns the exit status.
func (j *judge) judgeAll(ctx context.Context) (int, error) {
	j.problemHere()
	code := exitOK
	var cpu time.Duration
	for _, p := range j.opts.Problems {
		var file, display string
		if j.opts.File != "" {
			abs, err := filepath.Abs(j.opts.File)
			if err != nil {
				return 0, setupErrorf("-file %s: %v", j.opts.File, err)
			}
			file, display = abs, filepath.Clean(j.opts.File)
		} else {
			// Only without -file: the note on which starter was taken would
			// name a file that is not the one judged.
			file = j.starter(ctx, p)
		}
		jg, err := j.judging.Begin(ctx, p, file, display, judging.Params{All: j.opts.All, Teach: true})
		if err != nil {
			return 0, err
		}
		// A person sees each case as it ends, below the header.
		streamed := !j.opts.JSON && jg.Runs()
		if streamed {
			j.out().Header(jg.Report)
			for c := range jg.Cases(ctx) {
				j.out().Case(c)
			}
		}
		rep, err := jg.Finish(ctx)
		if err != nil {
			return 0, err
		}
		for _, c := range rep.Cases {
			cpu += c.CPU
		}
		if streamed {
			j.out().Summary(rep)
		} else {
			j.finish(rep)
		}
		j.recordStatus(p, rep)
		if rep.Verdict != verdict.AC {
			code = exitFailed
		}
	}
	if j.opts.Verbose {
		wall := time.Since(j.started)
		msg.Fprintf(j.stderr, "judge overhead: %s wall in all, %s of it in the solution's CPU time, %s for the judge\n",
			format.Duration(wall), format.Duration(cpu), format.Duration(max(0, wall-cpu)))
	}
	return code, nil
}

// problemHere narrows judging to one problem when none was named and the
// student runs the judge from that problem's folder
// (cd problems/0051-n-queens; go run ../../judge).
func (j *judge) problemHere() {
	if !j.opts.Unnamed || j.opts.File != "" {
		return
	}
	dir, err := os.Getwd()
	if err != nil {
		return
	}
	if p, ok := j.kit.ProblemAt(dir); ok {
		j.opts.Problems = []*problem.Problem{p}
		msg.Fprintf(j.stderr, "note: judging %s only, the problem of the folder you are in (name the problems to judge others: go run ../../judge 51 52)\n", p.Folder())
	}
}

// starter is judging.StarterFor in the student's own kit; it says which file it
// took when several are written.
func (j *judge) starter(ctx context.Context, p *problem.Problem) string {
	file, written := judging.StarterFor(ctx, j.tempDir, j.kit, p)
	for _, f := range judging.Untaken(j.kit, p) {
		msg.Fprintf(j.stderr, "note: %s is not judged: the judge takes %s; judging %s\n", j.kit.Rel(f), lang.Extensions(), j.kit.Rel(file))
	}
	if len(written) > 1 {
		var names []string
		for _, w := range written {
			names = append(names, filepath.Base(w))
		}
		msg.Fprintf(j.stderr, "note: judging %s, the most recently saved of the files you wrote (%s); -file judges another\n",
			j.kit.Rel(file), strings.Join(names, ", "))
	}
	return file
}
