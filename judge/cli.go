// The command line: flags, modes, usage and exit statuses.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/class"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/version"
)

var usage = msg.Mark(`usage: go run ./judge [flags] [PROBLEM...]

Judges your solution to each PROBLEM (all problems when none is named):
builds problems/<folder>/solution.* (the starter you wrote, in Go, Java,
C++, C or Python; of several, the last saved), runs it on every case in
testdata/<folder>/ under CPU-time, memory and output limits, and reports a
verdict per case: AC, WA, TLE, MLE, OLE, RE, CE or HC.

PROBLEM is a number (52), a slug (n-queens-ii) or a folder (0052-n-queens-ii).

Flags (they go before the problems):
  -file PATH     judge PATH instead of the starter file (needs exactly one PROBLEM);
                 any package clause, package main or none at all
  -json          print the report as JSON Lines, one object per problem
  -all           run every case; by default judging stops at the first failure
  -run REGEXP    run only the cases whose name matches REGEXP
  -v             show each case's script transcript and the judge's overhead
  -watch         judge again every time the file is saved (one PROBLEM); Ctrl-C stops
  -strict        refuse to run without a jail (in any of its tiers: for
                 grading other people's code; docs/judge.md, "Security")

Other modes (one at a time, instead of judging your file):
  -status        list each problem: not written yet, or its last verdict and when
  -verify        judge every reference and sample solution and check that each
                 gets the verdict it declares (//judge:verdict), with margins
  -calibrate     time the reference solution on this machine again
  -version       print which judge this is (its commit) and Go's version
  -bench         time every reference solution of a counting problem (52) for
                 n = 10..16, taking turns, with each one's ratio to the reference;
    -file PATH   your solution too, first ("yours"; run without the jail)
    -svg FILE    a chart of time against n, log scale, the limit dashed
  -update        rewrite the expected outputs in the case files from the
                 reference solution (for teachers; review the diff)
  -grade DIR     grade a class: DIR holds an entry per student, named for the
                 student: a clone of the kit, a folder with one file per problem
                 (52.go, n-queens-ii.go, ...), or, with one PROBLEM, a file
                 (alice.go). Every case runs; always -strict. With it:
    -csv FILE    write the grade sheet as CSV (- for stdout)
    -json        one JSON object per student and problem
    -p N         judge N submissions at once (default 1; docs/teachers.md)
    -feedback D  write a file per student into folder D (outside DIR): each
                 problem's points and full report, to hand back
    -html FILE   write the class on one page: the sheet, the verdicts per
                 problem, each student's report, a chart of CPU time against n
    -anonymous   on the -html page, number the students instead of naming them
                 (for showing the class its results)
    -only A,B    judge only these students of DIR (bob, or bob.py); the sheet
                 still holds the rest of the class, as last graded. DIR may
                 also be one student's file or folder in a class graded before
    -regrade     judge every file again; by default a file graded before is
                 judged again only when it, the cases, the calibration, the
                 judge or the jail changed (docs/teachers.md)
    -classroom   DIR is one student: print the results GitHub Classroom's
                 reporter reads, a line PROBLEM-SLUG=BASE64 per problem, with
                 the same points as the sheet, then runners=SLUG,... (the
                 problems graded: .github/workflows/classroom.yml)
    -before T    grade each student's last commit before the deadline T
                 (2026-12-24T23:59, local time, or with a zone: ...Z,
                 ...+08:00), marked late when they committed again after it
    -canvas FILE write a row per student as Canvas's gradebook import reads it
    -moodle FILE write a row per student for Moodle's CSV grade import
    -roster FILE the LMS's students (CSV: a column "student", the name on the
                 sheet, and the LMS's own: docs/teachers.md)

Exit status: 0 when everything judged is accepted (with -verify: when every
expectation holds; with -grade: every row of a sheet that has every student;
with -classroom: when the results are printed), 1 when not, 2 for usage or
setup errors (with -grade: also when a row could not be judged), 130 when
interrupted. Under
"go run" every non-zero status becomes 1: build the judge (go build -o
judge ./judge) when a script needs to tell them apart.
`)

// Exit statuses.
const (
	exitOK          = 0
	exitFailed      = 1
	exitSetup       = 2
	exitInterrupted = 130
)

// mode is what the judge was asked to do.
type mode string

const (
	modeJudge     mode = "judge"
	modeVerify    mode = "verify"
	modeCalibrate mode = "calibrate"
	modeBench     mode = "bench"
	modeUpdate    mode = "update"
	modeGrade     mode = "grade"
	modeStatus    mode = "status"
	modeVersion   mode = "version"
)

// options are the command line, parsed.
type options struct {
	Mode    mode
	File    string
	All     bool
	Run     *regexp.Regexp
	Verbose bool
	Watch   bool   // judge again on every save
	SVG     string // -bench: where the chart goes
	Strict  bool   // refuse to run submissions without a jail (sandbox.Jail.Isolates)
	Unnamed bool   // no PROBLEM was named: Problems are all of them
	// class.Config holds -grade's options (-grade's folder is its Path),
	// and the problems named and -json, which every mode reads.
	class.Config
}

// A flagSpec is one flag of the command line: the one place that says
// which flags there are, where each one's value goes, and which modes take
// it. The flag set, the checks of a command line and the usage's test
// (TestUsageDescribesEveryFlag) all read flags.
type flagSpec struct {
	name string
	// mode is the mode the flag selects, for a mode's own flag; modes are
	// the modes that take it, for the others.
	mode  mode
	modes []mode
	add   func(fs *flag.FlagSet, name string, o *options, run *string)
}

// flags is every flag, in the usage's order.
var flags = []flagSpec{
	{name: "file", modes: []mode{modeJudge, modeBench}, add: stringFlag(func(o *options) *string { return &o.File })},
	{name: "json", modes: []mode{modeJudge, modeGrade}, add: boolFlag(func(o *options) *bool { return &o.JSON })},
	{name: "all", modes: []mode{modeJudge}, add: boolFlag(func(o *options) *bool { return &o.All })},
	{name: "run", modes: []mode{modeJudge, modeVerify, modeUpdate, modeGrade}, add: func(fs *flag.FlagSet, name string, _ *options, run *string) {
		fs.StringVar(run, name, "", "")
	}},
	{name: "v", modes: []mode{modeJudge, modeVerify, modeUpdate}, add: boolFlag(func(o *options) *bool { return &o.Verbose })},
	{name: "watch", modes: []mode{modeJudge}, add: boolFlag(func(o *options) *bool { return &o.Watch })},
	{name: "strict", modes: []mode{modeJudge, modeVerify, modeGrade}, add: boolFlag(func(o *options) *bool { return &o.Strict })},
	{name: "status", mode: modeStatus},
	{name: "verify", mode: modeVerify},
	{name: "calibrate", mode: modeCalibrate},
	{name: "version", mode: modeVersion},
	{name: "bench", mode: modeBench},
	{name: "svg", modes: []mode{modeBench}, add: stringFlag(func(o *options) *string { return &o.SVG })},
	{name: "update", mode: modeUpdate},
	{name: "grade", mode: modeGrade, add: stringFlag(func(o *options) *string { return &o.Path })},
	{name: "csv", modes: []mode{modeGrade}, add: stringFlag(func(o *options) *string { return &o.CSV })},
	{name: "p", modes: []mode{modeGrade}, add: func(fs *flag.FlagSet, name string, o *options, _ *string) {
		fs.IntVar(&o.Parallel, name, class.DefaultParallel, "")
	}},
	{name: "feedback", modes: []mode{modeGrade}, add: stringFlag(func(o *options) *string { return &o.Feedback })},
	{name: "html", modes: []mode{modeGrade}, add: stringFlag(func(o *options) *string { return &o.HTML })},
	{name: "only", modes: []mode{modeGrade}, add: func(fs *flag.FlagSet, name string, o *options, _ *string) {
		fs.Func(name, "", func(v string) error {
			o.Only = append(o.Only, splitNames(v)...)
			return nil
		})
	}},
	{name: "regrade", modes: []mode{modeGrade}, add: boolFlag(func(o *options) *bool { return &o.Regrade })},
	{name: "anonymous", modes: []mode{modeGrade}, add: boolFlag(func(o *options) *bool { return &o.Anonymous })},
	{name: "classroom", modes: []mode{modeGrade}, add: boolFlag(func(o *options) *bool { return &o.Classroom })},
	{name: "canvas", modes: []mode{modeGrade}, add: stringFlag(func(o *options) *string { return &o.Canvas })},
	{name: "moodle", modes: []mode{modeGrade}, add: stringFlag(func(o *options) *string { return &o.Moodle })},
	{name: "roster", modes: []mode{modeGrade}, add: stringFlag(func(o *options) *string { return &o.Roster })},
	{name: "before", modes: []mode{modeGrade}, add: func(fs *flag.FlagSet, name string, o *options, _ *string) {
		fs.Func(name, "", func(v string) error {
			t, err := parseDeadline(v)
			o.Before = t
			return err
		})
	}},
}

// parseDeadline reads -before's time: a date and a time of day, local or
// with a zone. A date alone is refused: "the 24th" may mean its first
// minute or its last.
func parseDeadline(v string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", "2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"} {
		if t, err := time.ParseInLocation(layout, v, time.Local); err == nil {
			return t, nil
		}
	}
	if _, err := time.Parse("2006-01-02", v); err == nil {
		return time.Time{}, msg.Errorf("give the time of day too, as in %sT23:59: a date alone may mean its first minute or its last", v)
	}
	return time.Time{}, msg.Errorf("not a time: write it as 2026-12-24T23:59 (local time) or 2026-12-24T23:59+08:00")
}

func stringFlag(to func(*options) *string) func(*flag.FlagSet, string, *options, *string) {
	return func(fs *flag.FlagSet, name string, o *options, _ *string) { fs.StringVar(to(o), name, "", "") }
}

func boolFlag(to func(*options) *bool) func(*flag.FlagSet, string, *options, *string) {
	return func(fs *flag.FlagSet, name string, o *options, _ *string) { fs.BoolVar(to(o), name, false, "") }
}

// flagsOf lists the flags mode m takes besides its own.
func flagsOf(m mode) []string {
	var names []string
	for _, f := range flags {
		if slices.Contains(f.modes, m) {
			names = append(names, f.name)
		}
	}
	return names
}

// modeOf is the mode a flag selects, "" for the others.
func modeOf(name string) mode {
	for _, f := range flags {
		if f.name == name {
			return f.mode
		}
	}
	return ""
}

// splitNames splits -only's list at its commas; `\,` is a comma in a
// name (`Smith\, John`), and blanks around a name are not part of it.
func splitNames(v string) []string {
	var names []string
	var name strings.Builder
	flush := func() {
		if s := strings.TrimSpace(name.String()); s != "" {
			names = append(names, s)
		}
		name.Reset()
	}
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v) && v[i+1] == ',':
			name.WriteByte(',')
			i++
		case v[i] == ',':
			flush()
		default:
			name.WriteByte(v[i])
		}
	}
	flush()
	return names
}

// newFlagSet is the judge's flags, set into opts and runPattern.
func newFlagSet(opts *options, runPattern *string) *flag.FlagSet {
	fs := flag.NewFlagSet("judge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, f := range flags {
		if f.add != nil {
			f.add(fs, f.name, opts, runPattern)
		} else {
			fs.Bool(f.name, false, "")
		}
	}
	return fs
}

// flagsFirst is names, whose first flag is names[i], with the flags from
// there on (each with its value: -file X) moved before the problems.
func flagsFirst(names []string, i int) []string {
	var opts options
	var runPattern string
	fs := newFlagSet(&opts, &runPattern)
	if fs.Parse(names[i:]) != nil {
		return append([]string{names[i]}, slices.Delete(slices.Clone(names), i, i+1)...)
	}
	rest := fs.Args()
	flagPart := names[i : len(names)-len(rest)]
	return slices.Concat(flagPart, names[:i], rest)
}

// parseArgs parses the command line into options. Errors are usage errors;
// flag.ErrHelp means the usage was asked for.
func parseArgs(args []string) (options, error) {
	var opts options
	var runPattern string
	fs := newFlagSet(&opts, &runPattern)
	if err := fs.Parse(args); err != nil {
		return opts, err
	}
	names := fs.Args()
	if len(names) == 1 && (names[0] == "help" || names[0] == "h") {
		return opts, flag.ErrHelp
	}
	for i, a := range names {
		if strings.HasPrefix(a, "-") {
			return opts, selfExplained{msg.Errorf("flag %s comes after the problems; flags go first, as in: go run ./judge %s",
				a, strings.Join(flagsFirst(names, i), " "))}
		}
	}

	var set []string
	fs.Visit(func(f *flag.Flag) { set = append(set, f.Name) })
	if err := opts.pickMode(set); err != nil {
		return opts, err
	}
	if runPattern != "" {
		re, err := regexp.Compile(runPattern)
		if err != nil {
			return opts, msg.Errorf("-run: %v", err)
		}
		opts.Run = re
	}
	for _, name := range names {
		p, err := problem.Find(name)
		if err != nil {
			return opts, err
		}
		opts.Problems = append(opts.Problems, p)
	}
	if err := opts.check(); err != nil {
		return opts, err
	}
	if len(opts.Problems) == 0 {
		opts.Unnamed = true
		for _, p := range problem.All {
			if opts.Mode != modeBench || p.Kind == problem.Count {
				opts.Problems = append(opts.Problems, p)
			}
		}
	}
	return opts, nil
}

// pickMode sets opts.Mode from the flags set: one mode at a time, and only
// the flags it takes.
func (opts *options) pickMode(set []string) error {
	opts.Mode = modeJudge
	for _, name := range set {
		if m := modeOf(name); m != "" {
			if opts.Mode != modeJudge {
				return msg.Errorf("-%s and -%s cannot be used together: each is a mode of its own", opts.Mode, m)
			}
			opts.Mode = m
		}
	}
	for _, name := range set {
		if modeOf(name) != "" || slices.Contains(flagsOf(opts.Mode), name) {
			continue
		}
		if opts.Mode == modeJudge {
			var with []string
			for _, f := range flags {
				if f.mode != "" && slices.Contains(flagsOf(f.mode), name) {
					with = append(with, string(f.mode))
				}
			}
			slices.Sort(with)
			return msg.Errorf("-%s goes with %s", name, flagList(with))
		}
		return msg.Errorf("-%s and -%s cannot be used together: -%s takes %s", name, opts.Mode, opts.Mode, flagList(flagsOf(opts.Mode)))
	}
	return nil
}

// check refuses what the mode's flags and problems cannot do together.
func (opts *options) check() error {
	if opts.Mode == modeGrade {
		opts.Strict = true // others' code: a jail, or nothing runs
		if opts.Parallel < 1 {
			return msg.Errorf("-p %d: want at least 1", opts.Parallel)
		}
		if opts.Classroom && (opts.JSON || opts.CSV == "-") {
			return msg.Errorf("-classroom prints its results on stdout: it cannot share it with -json or -csv -")
		}
		if opts.Classroom && len(opts.Only) > 0 {
			return msg.Errorf("-classroom grades the one student DIR is: it cannot take -only")
		}
		if opts.Roster != "" && opts.Canvas == "" && opts.Moodle == "" {
			return msg.Errorf("-roster maps the students to an LMS's: it goes with -canvas FILE or -moodle FILE")
		}
		if opts.Classroom && !opts.Before.IsZero() {
			return msg.Errorf("-classroom grades the commit just pushed: it cannot take -before (the assignment's deadline is Classroom's)")
		}
		if opts.Anonymous && opts.HTML == "" {
			return msg.Errorf("-anonymous numbers the students on the class page: it needs -html FILE")
		}
	}
	if opts.Watch && len(opts.Problems) != 1 {
		return msg.Errorf("-watch follows one problem's file: name exactly one, as in: go run ./judge -watch 52")
	}
	if opts.File != "" && len(opts.Problems) != 1 {
		return msg.Errorf("-file judges one problem: name exactly one, as in: go run ./judge -file %s 52", opts.File)
	}
	if opts.Mode == modeBench {
		for _, p := range opts.Problems {
			if p.Kind != problem.Count {
				return msg.Errorf("-bench times counting problems only: %s returns boards (try: go run ./judge -bench 52)", p.Folder())
			}
		}
	}
	return nil
}

func flagList(names []string) string {
	if len(names) == 0 {
		return msg.Sprintf("no other flag")
	}
	var b strings.Builder
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("-" + n)
	}
	return b.String()
}

// selfExplained is a usage error that already shows how to write the
// command: it is said without the whole usage after it.
type selfExplained struct{ error }

// run is the whole judge; main only turns its result into an exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	started := time.Now()
	opts, err := parseArgs(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, msg.Tr(usage))
		return exitOK
	}
	var short selfExplained
	if errors.As(err, &short) {
		msg.Fprintf(stderr, "judge: %v\n(go run ./judge -h lists every flag)\n", err)
		return exitSetup
	}
	if err != nil {
		msg.Fprintf(stderr, "judge: %v\n\n%s", err, msg.Tr(usage))
		return exitSetup
	}
	if opts.Mode == modeVersion {
		fmt.Fprintln(stdout, "judge", version.String())
		msg.Fprintf(stdout, "source %s (its Go files, modules and Go release: what -grade's kept reports are keyed by)\n", version.Build()[:12])
		if k, err := problem.FindKit(); err == nil && !version.Recorded() {
			if commit, ok := judging.HeadCommit(k.Root); ok {
				msg.Fprintf(stdout, "the build recorded no commit (go build -buildvcs=false?); the kit it runs from has %s checked out\n", commit[:12])
			}
		}
		return exitOK
	}
	j, err := newJudge(opts, stdout, stderr)
	if err != nil {
		msg.Fprintf(stderr, "judge: %v\n", err)
		return exitSetup
	}
	j.started = started
	defer j.close()

	var code int
	switch opts.Mode {
	case modeCalibrate:
		err = j.calibrate(ctx)
	case modeBench:
		code, err = j.bench(ctx)
	case modeVerify:
		code, err = j.verify(ctx)
	case modeUpdate:
		code, err = j.update(ctx)
	case modeGrade:
		code, err = j.grade(ctx)
	case modeStatus:
		code, err = j.status(ctx)
	case modeJudge:
		if opts.Watch {
			code, err = j.watch(ctx)
		} else {
			code, err = j.judgeAll(ctx)
		}
	}
	switch {
	case ctx.Err() != nil:
		j.live.Stop()
		msg.Fprintf(stderr, "judge: interrupted; the running program was stopped\n")
		return exitInterrupted
	case err != nil:
		msg.Fprintf(stderr, "judge: %v\n", err)
		return exitSetup
	}
	return code
}
