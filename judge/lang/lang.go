// Package lang describes the languages a submission may be written in:
// Go, which the judge builds itself (package build), and Java, C++, C and
// Python, whose toolchains it finds on PATH. For each of these it writes a
// harness in the language that calls the student's function as LeetCode
// does and writes the answer on the judge's answer channel, builds the
// two with the language's compiler, and says how the result runs.
//
// A harness reports a crash on the judge's crash channel as CrashMark and
// what happened ("stack overflow", "out of memory", "exception …"),
// followed by "at line N in F" for the innermost frame in the student's
// file when the runtime gives it. A C or C++ program that crashes dies of
// a signal instead, which the sandbox reports.
package lang

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/lookup"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// A Language is one language submissions may be written in.
type Language struct {
	Name string   // "Java"
	Exts []string // file extensions; the first is its starters' and references'
	// Dir is the folder, inside a method's folder under solutions/, that
	// holds the method in this language: Go's package is the method's
	// folder itself (and the go command refuses C files in it).
	Dir     string
	Tools   []string // the commands it needs on PATH
	Install string   // what to install when one is missing
	// Headline is the largest n of 52 judged in this language: about where
	// its reference bitmask search takes HeadlineSearch or less. Larger cases are
	// skipped for it, with a note; its three largest are relative to its
	// reference (README, "Languages").
	Headline int
	// FitSmall and FitLarge are the n its reference's cost per call is
	// fitted at (see the judge's calibration); 0 times each relative case
	// directly: Java's cost per call changes as its JIT compiles the search,
	// and the fits disagree.
	FitSmall, FitLarge int
	Comments           lookup.Comments
	// Clock matches the calls that read a clock or the program's own CPU
	// time in this language: a solution needs none, and one that spins
	// until it has used enough CPU to look like a search needs one.
	Clock func() *regexp.Regexp
	// Reach matches what reaches into the judge's own side of a run: the
	// environment (which differs between a timed and a counted run), the
	// judge's channels and harness, the tracer that counts a Python
	// search, the sanitizers' and coverage's hooks. A solution needs none
	// of them, and one that reads or changes them can act differently
	// when it is counted or checked, or forge what the judge reads: HC,
	// naming the line.
	Reach func() *regexp.Regexp
	// Hides is text that hides code from the judge's checks and counters
	// wherever it stands, comments included: in Java an escaped line break
	// (\u000a), which ends a comment for javac and for no reader (see
	// javaUnescaped). Reported as Reach is.
	Hides func() *regexp.Regexp // nil: none
	// MethodRatios says what a submission's time over this language's
	// reference usually means: each method's ratio, measured in this
	// language when the kit was written (docs/measurements.md,
	// "Languages"). A TLE's report measures the ratios on the user's
	// machine (calibrate.References.Bands) and quotes these only where it
	// cannot.
	MethodRatios string

	// Counting is how a run that ran out of time is run once more,
	// counting, to say where the time went (package profile), and
	// CountBudget the largest CPU time of a passed case it counts at:
	// counting makes a run slower.
	Counting    Counting
	CountBudget time.Duration
	// WorkDecides: CPU time cannot tell the methods apart in this language
	// (Python: the interpreter's cost per step dominates), so a search's
	// counted work decides its relative cases as well as its time
	// (profile.TooMuchWork).
	WorkDecides bool
	// SaysWhere: its runtime answers SIGQUIT by writing where the program
	// is (sandbox.Program.SaysWhere): Go's stacks, Python's faulthandler
	// and a C or C++ harness's frames (harness/nqueens.h) on the crash channel, the
	// JVM's thread dump on stdout (SplitThreadDump). A run stopped at a
	// limit then names its line.
	SaysWhere bool

	find   func() (*Toolchain, error)
	recipe func(t *Toolchain, s Submission) build.Recipe
	// message words a compiler's refusal of a submission (what it said)
	// for the student: the student's file and lines, the function
	// LeetCode calls.
	message func(s Submission, said string) string
	// build, when set, builds a submission instead of a recipe: Go's,
	// which package build knows how to build.
	build func(ctx context.Context, b *build.Builder, s Submission) (sandbox.Program, error)
	// parsed: the judge parses this language's source (Go), so that the
	// source checks look only at code the solution can reach.
	parsed bool
}

// Counting is a way of counting where a program's time goes.
type Counting int

// The ways of counting: none, Go's coverage counters (go build -cover),
// the Python harness's tracing (sys.settrace, ProfileEnv), gcc's line
// counters read by gcov (Toolchain.BuildCounted), and counters the judge
// writes into a Java source (countJava: the JDK has no line counter cheap
// enough for a search of millions of steps).
const (
	NotCounted Counting = iota
	Coverage
	Tracing
	GCov
	Rewritten
)

// ProfileEnv, set in a run's environment, makes a counting run's harness
// send its counts on the answer channel instead of the answer (where a
// TLE's time went): Python's and a counted Java build's line and call
// counts as JSON, Go's coverage
// data (see build.WriteCoverData), gcc's count files (see WriteCounts).
// A counting run writes nothing the judge reads but that channel.
const ProfileEnv = "NQUEENS_PROFILE"

// HeadlineSearch is about the longest reference search a language's
// headline case asks for: past it, cases are not run in that language.
const HeadlineSearch = 10 * time.Second

// The languages, Go first.
var (
	Go = &Language{Name: "Go", Exts: []string{".go"}, Tools: []string{"go"}, Install: msg.Mark("Go (https://go.dev/dl/)"),
		Headline: 16, FitSmall: 13, FitLarge: 14, Comments: lookup.CStyle, find: findGoTools, build: buildGo, parsed: true, SaysWhere: true,
		Counting: Coverage, CountBudget: 500 * time.Millisecond, // coverage counters make a run 2–3 times slower
		Clock: lazy.Regexp(`\btime\.(Now|Since|Until|Tick|NewTicker|NewTimer)\b|\b(Getrusage|ClockGettime|Gettimeofday)\b`),
		Reach: lazy.Regexp(`\b(coverage\.\w+|debug\.(SetCrashOutput|ReadBuildInfo))\b`),
		MethodRatios: msg.Mark("about 17–19 times is the array method (an O(n) check per square), " +
			"about 9 times boolean arrays (an O(1) check), about 4 times boolean arrays with mirror symmetry; " +
			"bitmask searches run at 0.5–2 times")}
	Java = &Language{Name: "Java", Exts: []string{".java"}, Dir: "java", Tools: []string{"javac", "java"},
		Install:  msg.Mark("a JDK, 17 or later (Debian: apt-get install default-jdk-headless)"),
		Headline: 16, Comments: lookup.CStyle, find: findJava, recipe: javaRecipe, message: javaMessage, SaysWhere: true,
		Counting: Rewritten, CountBudget: 500 * time.Millisecond, // a search's loops each test a counter
		Clock: lazy.Regexp(`\bSystem\s*\.\s*(nanoTime|currentTimeMillis)\b|\b(Instant|LocalDateTime|Clock)\s*\.\s*(now|system\w*)\b|\bget(Current)?Thread(Cpu|User)Time\b|\bManagementFactory\b`),
		Reach: lazy.Regexp(`\bSystem\s*\.\s*(getenv|setOut|setErr)\b|\b(ProcessHandle|FileDescriptor|NQueensJudgeMain)\b` +
			`|\b(forName|loadClass|getDeclaredFields?|getFields?|getDeclaredMethods?|getMethods?|MethodHandles|StackWalker)\b|\bjava\s*\.\s*lang\s*\.\s*reflect\b`),
		Hides: lazy.Regexp(`\\u+000[aAdD]`),
		MethodRatios: msg.Mark("in Java's searches, the JVM's start-up left out, about 9–12 times is boolean arrays (an O(1) check) " +
			"and 20–25 times the array method (an O(n) check per square); at n = 14 the start-up, part of every run, makes each ratio smaller; " +
			"bitmask searches run at about 1 time")}
	CPP = &Language{Name: "C++", Exts: []string{".cpp", ".cc"}, Dir: "cpp", Tools: []string{"g++"},
		Install:  msg.Mark("g++ (Debian: apt-get install g++)"),
		Headline: 16, FitSmall: 13, FitLarge: 14, Comments: lookup.CStyle, find: findGCC("g++"), recipe: cppRecipe, message: cppMessage, SaysWhere: true,
		Counting: GCov, CountBudget: 200 * time.Millisecond, // unoptimised, with counters
		Clock: lazy.Regexp(`\b(clock|time|clock_gettime|gettimeofday|getrusage|times|timespec_get|__rdtsc|rdtsc)\s*\(|\bchrono\s*::`),
		Reach: cReach,
		MethodRatios: msg.Mark("in C++, about 11–12 times is boolean arrays in a vector<bool> (an O(1) check), " +
			"about 10–22 times the array method (an O(n) check per square); bitmask searches run at about 1 time")}
	C = &Language{Name: "C", Exts: []string{".c"}, Dir: "c", Tools: []string{"gcc"},
		Install:  msg.Mark("gcc (Debian: apt-get install gcc libc6-dev)"),
		Headline: 16, FitSmall: 13, FitLarge: 14, Comments: lookup.CStyle, find: findGCC("gcc"), recipe: cRecipe, message: cMessage, SaysWhere: true,
		Counting: GCov, CountBudget: 200 * time.Millisecond, // unoptimised, with counters
		Clock: lazy.Regexp(`\b(clock|time|clock_gettime|gettimeofday|getrusage|times|timespec_get|__rdtsc|rdtsc)\s*\(|\bchrono\s*::`),
		Reach: cReach,
		MethodRatios: msg.Mark("in C, about 8 times is boolean arrays (an O(1) check), " +
			"about 13–20 times the array method (an O(n) check per square); bitmask searches run at about 1 time")}
	Python = &Language{Name: "Python", Exts: []string{".py"}, Dir: "python", Tools: []string{"python3"},
		Install:  msg.Mark("Python 3 (Debian: apt-get install python3)"),
		Headline: 14, FitSmall: 11, FitLarge: 12, Comments: lookup.Hash, find: findPython, recipe: pythonRecipe, message: pythonMessage,
		Counting: Tracing, CountBudget: 100 * time.Millisecond, WorkDecides: true, SaysWhere: true, // tracing makes a run 10–30 times slower
		Clock: lazy.Regexp(`\b(time|perf_counter|process_time|thread_time|monotonic)(_ns)?\s*\(|\bgetrusage\s*\(|\bdatetime\s*\.\s*now\b`),
		Reach: lazy.Regexp(`\b(settrace|gettrace|setprofile|getprofile|_getframe|monitoring|faulthandler|ctypes)\b|\bos\s*\.\s*(environ|getenv)\b`),
		MethodRatios: msg.Mark("in Python, about 10–17 times is the array method (an O(n) check per square), about 4 times sets, " +
			"about 2 times boolean lists (an O(1) check), 1.0–1.1 times boolean lists with mirror symmetry; bitmask searches run at 0.5–1.1 times. " +
			"In Python the time alone cannot tell these apart: the counted work decides (README, \"Languages\")")}
)

// cReach is Reach in C and C++: the environment, the sanitizers' and
// gcov's hooks and feature macros, the judge's defines, the bounds of a
// section (a counted build's counts are in one of its own), and code set
// to run before the harness's first constructor (a constructor's
// priority, the start-up arrays).
var cReach = lazy.Regexp(`\b(getenv|secure_getenv|environ|__environ|__gcov_\w+|__sanitizer_\w+|__asan_\w+|__ubsan_\w+|__lsan_\w+|__SANITIZE_ADDRESS__|__SANITIZE_THREAD__|__has_feature|NQUEENS_\w+|__start_\w+|__stop_\w+|init_priority|\w*init_array)\b|\bconstructor\s*\(\s*\d+\s*\)`)

// All lists the languages, Go first.
var All = []*Language{Go, Java, CPP, C, Python}

// ForFile is the language of a file, by its extension.
func ForFile(name string) (*Language, bool) {
	ext := strings.ToLower(filepath.Ext(name))
	for _, l := range All {
		if slices.Contains(l.Exts, ext) {
			return l, true
		}
	}
	return nil, false
}

// Extensions lists every extension the judge takes, for messages.
func Extensions() string {
	var exts []string
	for _, l := range All {
		exts = append(exts, l.Exts...)
	}
	return strings.Join(exts, ", ")
}

// File is the name of this language's starters and references: solution.java.
func (l *Language) File() string { return "solution" + l.Exts[0] }

// A Toolchain is a language's tools as found on this machine, and how its
// programs run.
type Toolchain struct {
	Lang    *Language
	Version string            // the tools' own words, for cache keys and reports
	Tools   map[string]string // command name → path
	// How a built program runs: see sandbox.Program.
	Runtime      []string
	ReadOnly     []string
	Threads      int
	AddressSpace int64
	// Probe shows the tools run at all, as a build's do (build.Recipe).
	Probe []string

	// countsInMemory: gcc 12 or later, whose counted builds keep their
	// counts in memory (-fprofile-info-section) for the harness to send.
	countsInMemory bool
	// std: gcc's and g++'s flag for the language's standard (findGCC).
	std string
	// explicitSelf: g++ 14 or later, which takes C++23's explicit object
	// parameter (a lambda's "this auto&& dfs").
	explicitSelf bool
}

// ExplicitSelf reports whether the toolchain takes C++23's explicit object
// parameter, as LeetCode's compiler and g++ 14 and later do.
func (t *Toolchain) ExplicitSelf() bool { return t.explicitSelf }

// CountsInMemory reports whether the toolchain's counted builds send their
// counts from memory (gcc 12 and later), so that a counting run is a timed
// run's twin; before gcc 12 a counting run has a folder it may write.
func (t *Toolchain) CountsInMemory() bool { return t.countsInMemory }

var (
	found   sync.Mutex
	toolsOf = map[*Language]func() (*Toolchain, error){}
)

// Toolchain finds the language's tools on PATH, once per process, found or
// not: a missing or broken tool is an error that says what to install,
// given again without asking again. Languages are probed each on its own:
// one language's slow probe (a JVM starting) holds no other back.
func (l *Language) Toolchain() (*Toolchain, error) {
	found.Lock()
	find, ok := toolsOf[l]
	if !ok {
		find = sync.OnceValues(l.probe)
		toolsOf[l] = find
	}
	found.Unlock()
	return find()
}

// probe finds the language's tools: on PATH, then what they say of
// themselves.
func (l *Language) probe() (*Toolchain, error) {
	for _, tool := range l.Tools {
		if _, err := exec.LookPath(tool); err != nil {
			return nil, msg.Errorf("%s submissions need %s on PATH: install %s", l.Name, tool, msg.Tr(l.Install))
		}
	}
	if l.find == nil {
		return &Toolchain{Lang: l}, nil
	}
	// Asking a tool its version runs it: on a machine short of memory or
	// processes for a moment that can fail once (a -verify row of CI's
	// read "not run" with every toolchain installed); only a tool that
	// fails every time is broken.
	t, err := l.find()
	for try := 1; err != nil && try < findTries; try++ {
		time.Sleep(findPause)
		t, err = l.find()
	}
	if err != nil {
		return nil, msg.Errorf("%s: %v (install %s)", l.Name, err, msg.Tr(l.Install))
	}
	t.Lang = l
	return t, nil
}

// How often, and how far apart, Toolchain asks a tool its version before
// taking it for broken.
const (
	findTries = 3
	findPause = 300 * time.Millisecond
)

// OnPath reports whether every command l needs is on PATH: without one,
// its submissions cannot be judged here at all (a machine with only Go).
func (l *Language) OnPath() bool {
	for _, tool := range l.Tools {
		if _, err := exec.LookPath(tool); err != nil {
			return false
		}
	}
	return true
}

// output runs a tool and returns what it wrote, stdout and stderr apart,
// each trimmed. A tool's answer is read from the stream it writes it to:
// a wrapper script writes its own warnings to stderr (bash under a locale
// the system lacks: "setlocale: LC_ALL: cannot change locale", once for
// each of a pyenv shim's scripts), and so does a JVM ("Picked up
// _JAVA_OPTIONS"). An error holds both. A tool that has not answered in
// probeTimeout is stopped: a wrapper that runs itself again and again
// (two compiler caches that each find the other first on PATH) would
// otherwise hold the judge forever.
func output(argv ...string) (stdout, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), probeTimeout)
	defer cancel()
	var out, errOut bytes.Buffer
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = time.Second // a child that keeps the pipes open
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = msg.Errorf("no answer in %s", probeTimeout)
		}
		said := strings.TrimSpace(out.String() + "\n" + errOut.String())
		return "", "", fmt.Errorf("%s: %w: %s", strings.Join(argv, " "), err, said)
	}
	return strings.TrimSpace(out.String()), strings.TrimSpace(errOut.String()), nil
}

// probeTimeout bounds a toolchain's answer about itself: a JVM's start
// takes about a second on a busy machine, far less than this.
var probeTimeout = 30 * time.Second

// versionLine is the first line of s that is not a notice a wrapper or the
// JVM adds before a tool's own answer ("bash: warning: ...", "Picked up
// JAVA_TOOL_OPTIONS: ..."). A version names the toolchain in a report and
// in the keys of its builds, so a notice must not stand for it.
func versionLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "Picked up ") && !strings.Contains(line, ": warning: ") {
			return line
		}
	}
	return ""
}

// systemLibraries are where a dynamically linked runtime's libraries are.
var systemLibraries = []string{"/lib", "/lib64", "/usr/lib", "/usr/lib64"}

// lookPath is exec.LookPath with symbolic links resolved. A compiler cache
// or distributor on PATH in the compiler's name (ccache's
// /usr/lib/ccache, as Debian's docs set it up; distcc's, icecc's) is
// passed over for the next tool of that name: the judge compiles in its
// jail, where the wrapper finds neither its cache nor its network, and
// keeps its own cache of built programs. It was "ccache does not run in
// the judge's jail", and no C or C++ file could be judged.
func lookPath(tool string) (string, error) {
	first, err := exec.LookPath(tool)
	if err != nil {
		return "", err
	}
	resolved := func(p string) string {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
		return p
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if !filepath.IsAbs(dir) {
			continue // LookPath refuses a tool found through "." too
		}
		p, err := exec.LookPath(filepath.Join(dir, tool))
		if err != nil {
			continue
		}
		if real := resolved(p); !compilerWrappers[strings.TrimSuffix(filepath.Base(real), ".exe")] {
			return real, nil
		}
	}
	return resolved(first), nil
}

// compilerWrappers are programs that stand on PATH in a compiler's name.
var compilerWrappers = map[string]bool{"ccache": true, "distcc": true, "icecc": true, "sccache": true}

// FindAnswer looks for an answer of ans written into code (Code's): in a
// language the judge parses, in code the solution function fn can reach;
// in the others, anywhere outside comments.
func (l *Language) FindAnswer(code []byte, fn string, ans lookup.Answers) (lookup.Finding, bool) {
	if l.parsed {
		return lookup.Find(code, fn, ans)
	}
	return lookup.FindInText(code, l.Comments, ans)
}

// ReadsClock reports where code (Code's) reads a clock or its own CPU time
// (l.Clock), where fn can reach it as FindAnswer says.
func (l *Language) ReadsClock(code []byte, fn string) (line int, call string, ok bool) {
	return l.calls(code, fn, l.Clock())
}

// ReachesJudge reports where code (Code's) reaches into the judge (l.Reach),
// where fn can reach it as FindAnswer says.
func (l *Language) ReachesJudge(code []byte, fn string) (line int, call string, ok bool) {
	if l.Hides != nil {
		if at := l.Hides().FindIndex(code); at != nil {
			return bytes.Count(code[:at[0]], []byte("\n")) + 1, string(code[at[0]:at[1]]), true
		}
	}
	return l.calls(code, fn, l.Reach())
}

// calls is the first call (or name) of code matching re, where fn can
// reach it.
func (l *Language) calls(code []byte, fn string, re *regexp.Regexp) (line int, call string, ok bool) {
	if re == nil {
		return 0, "", false
	}
	if l.parsed {
		return lookup.ReadsClock(code, fn, re)
	}
	return lookup.ReadsClockInText(code, l.Comments, re)
}
