package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/worker"
)

var update = flag.Bool("u", false, "update the expected output in testdata scripts")

func TestMain(m *testing.M) {
	worker.Serve()
	testscript.Main(m, map[string]func(){"judge": judgeMain, sandbox.HelperName: sandbox.HelperMain, "simulate": simulateMain, "swap": swapMain})
}

// TestScripts runs the judge's command-line tests in testdata/. Each script
// gets its own $TMPDIR, so that it can check the judge left nothing there,
// and all share one judge cache, so that builds and calibrations are reused.
func TestScripts(t *testing.T) {
	t.Run("grade_classroom_workflow", func(t *testing.T) {
		t.Parallel()
		classroomWorkflowScoresLikeGrade(t)
	})
	testscript.Run(t, scriptParams(t, nil))
}

// TestScriptsUnderLoad runs the scripts of testdata/load, which keep every
// core busy with burn: after TestScripts, so that no other script's timing
// runs beside them.
func TestScriptsUnderLoad(t *testing.T) {
	p := scriptParams(t, nil)
	p.Dir = "testdata/load"
	testscript.Run(t, p)
}

// TestAttackScriptsAtOlderLandlock runs the attack scripts, -strict and
// -grade (attackScripts) again (exhaustively) with the jail's Landlock held to older ABIs:
// GitHub's runners' 4 (Linux 6.8), Ubuntu 22.04's 1, 5 (Linux 6.11), and
// none (the namespaces and the minimal root alone). TestScripts runs the
// attack scripts at the machine's own ABI (the quick suite those of a
// single submission), and the Classroom workflow's test grades at ABI 4
// (exhaustively too).
func TestAttackScriptsAtOlderLandlock(t *testing.T) {
	queenstest.SkipUnlessLong(t)
	scripts := attackScripts(t)
	abis := []string{"4", "0", "1", "5"}
	for _, abi := range abis {
		t.Run("Landlock ABI "+abi, func(t *testing.T) {
			p := scriptParams(t, map[string]string{sandbox.LandlockEnv: abi})
			p.Dir, p.Files = "", scripts
			testscript.Run(t, p)
		})
	}
}

// TestAttackScriptsOnTheMachinesCoursesUse runs the attack scripts, -strict
// and -grade (attackScripts) again in the jail's other tiers (exhaustively; the quick
// suite has tiers.txtar): on Ubuntu 24.04 as it ships, simulated (the
// Landlock tier), at GitHub's runners' Landlock ABI 4; and on a kernel
// without Landlock (the namespaces tier, capabilities dropped).
func TestAttackScriptsOnTheMachinesCoursesUse(t *testing.T) {
	queenstest.SkipUnlessLong(t)
	if runtime.GOOS != "linux" {
		t.Skip("the jail's tiers are Linux's")
	}
	scripts := attackScripts(t)
	for _, machine := range []map[string]string{
		{simulateEnv: "ubuntu-24.04", sandbox.LandlockEnv: "4"},
		{simulateEnv: "no-landlock"},
	} {
		t.Run(machine[simulateEnv], func(t *testing.T) {
			p := scriptParams(t, machine)
			p.Dir, p.Files = "", scripts
			testscript.Run(t, p)
		})
	}
}

// attackScripts are the scripts the jail's other tiers and Landlock ABIs
// run again: the attack scripts, -strict, -grade, and -grade of a class
// folder holding what hostile students leave (FIFOs, a .git, names).
func attackScripts(t *testing.T) []string {
	var scripts []string
	for _, pattern := range []string{"testdata/attack_*.txtar", "testdata/hostile_grade_*.txtar"} {
		matched, err := filepath.Glob(pattern)
		require.NoError(t, err)
		scripts = append(scripts, matched...)
	}
	return append(scripts, "testdata/strict.txtar", "testdata/grade.txtar")
}

// scriptParams are the parameters of the judge's command-line tests, with
// extra added to each script's environment.
func scriptParams(t *testing.T, extra map[string]string) testscript.Params {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	goEnv := map[string]string{}
	for _, name := range []string{"GOCACHE", "GOPATH", "GOMODCACHE"} {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", name, err)
		}
		goEnv[name] = strings.TrimSpace(string(out))
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	goBin := filepath.Dir(goCmd)
	cache := t.TempDir()
	return testscript.Params{
		Dir:                 "testdata",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *update,
		Setup: func(env *testscript.Env) error {
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("GOENV", "off")
			// A PATH with nothing but Go's tools and the script's commands.
			onlyGo := goBin
			for _, dir := range filepath.SplitList(env.Getenv("PATH")) {
				if _, err := os.Stat(filepath.Join(dir, "judge")); err == nil {
					onlyGo = dir + string(filepath.ListSeparator) + goBin
					break
				}
			}
			env.Setenv("GOBIN_ONLY", onlyGo)
			env.Setenv("NQUEENS_KIT", root)
			env.Setenv("XDG_CACHE_HOME", cache)
			tmp := filepath.Join(env.WorkDir, "tmp")
			env.Setenv("TMPDIR", tmp)
			for k, v := range extra {
				env.Setenv(k, v)
			}
			return os.Mkdir(tmp, 0o755)
		},
		// [long]: the checks that take minutes, on with NQUEENS_EXHAUSTIVE=1
		// (off under -race); [race]: under the race detector; [gcc12]: a
		// gcc whose counted builds send their counts from memory (12 and
		// later; Ubuntu 22.04's is 11); [gxx14]: a g++ that takes C++23's
		// explicit object parameter (14 and later; Debian 12's is 12).
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "long":
				return queenstest.Long(), nil
			case "race":
				return queenstest.RaceEnabled, nil
			case "gcc12":
				tc, err := lang.C.Toolchain()
				return err == nil && tc.CountsInMemory(), nil
			case "gxx14":
				tc, err := lang.CPP.Toolchain()
				return err == nil && tc.ExplicitSelf(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"emptydir":         cmdEmptydir,
			"noprocess":        cmdNoprocess,
			"signal":           cmdSignal,
			"status":           cmdStatus,
			"waitprocess":      cmdWaitprocess,
			"waitprogram":      cmdWaitprogram,
			"waitfor":          cmdWaitfor,
			"listen":           cmdListen,
			"burn":             cmdBurn,
			"scalecalibration": cmdScaleCalibration,
		},
	}
}

// status N PROGRAM ARGS... runs PROGRAM like exec and checks its exit status.
func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	got := 0
	err = ts.Exec(args[1], args[2:]...)
	// As exec does: what the command printed is in the log, which testscript
	// shows when the script fails (a -verify table, for one).
	for _, name := range []string{"stdout", "stderr"} {
		if out := ts.ReadFile(name); out != "" {
			ts.Logf("[%s]\n%s", name, out)
		}
	}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			ts.Fatalf("%v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// emptydir DIR fails if DIR holds anything.
func cmdEmptydir(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: emptydir dir")
	}
	entries, err := os.ReadDir(ts.MkAbs(args[0]))
	ts.Check(err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) > 0 {
		ts.Fatalf("%s is not empty: %s", args[0], strings.Join(names, ", "))
	}
}

// noprocess TEXT fails if a running process has TEXT in its command line.
func cmdNoprocess(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: noprocess text")
	}
	if p := findProcess(args[0]); p != "" {
		ts.Fatalf("process still runs: %s", p)
	}
}

// waitprocess TEXT waits, up to a minute, until a process has TEXT in its
// command line.
func cmdWaitprocess(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitprocess text")
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if findProcess(args[0]) != "" {
			return
		}
	}
	ts.Fatalf("no process with %q in its command line appeared", args[0])
}

// waitprogram waits, up to a minute, until a background command has a
// program running in the jail (its command line starts with /tmp/solution)
// that has lived for half a second, and puts its process ID in
// $PROGRAM_PID.
func cmdWaitprogram(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: waitprogram")
	}
	var roots []int
	for _, cmd := range ts.BackgroundCmds() {
		roots = append(roots, cmd.Process.Pid)
	}
	seen := map[int]time.Time{}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for _, pid := range descendants(roots) {
			cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
			if !strings.HasPrefix(string(cmdline), "/tmp/solution\x00") {
				continue
			}
			if _, ok := seen[pid]; !ok {
				seen[pid] = time.Now()
			}
			if time.Since(seen[pid]) >= 500*time.Millisecond {
				ts.Setenv("PROGRAM_PID", strconv.Itoa(pid))
				return
			}
		}
	}
	ts.Fatalf("no program ran in the jail for half a second")
}

// descendants lists the processes below roots, from /proc.
func descendants(roots []int) []int {
	children := map[int][]int{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := strings.LastIndexByte(string(data), ')')
		var pid, ppid int
		var state string
		fmt.Sscanf(string(data[:strings.IndexByte(string(data), ' ')]), "%d", &pid)
		if i < 0 || pid == 0 {
			continue
		}
		if _, err := fmt.Sscanf(string(data[i+1:]), " %s %d", &state, &ppid); err == nil {
			children[ppid] = append(children[ppid], pid)
		}
	}
	var out []int
	queue := slices.Clone(roots)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, c := range children[p] {
			out = append(out, c)
			queue = append(queue, c)
		}
	}
	return out
}

// listen starts a TCP listener on 127.0.0.1, for the script's lifetime,
// puts its port in $PORT, and counts the connections it accepts in the
// file accepted.txt: attacks on the network try to reach it.
func cmdListen(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: listen")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	ts.Defer(func() { l.Close() })
	ts.Setenv("PORT", strconv.Itoa(l.Addr().(*net.TCPAddr).Port))
	count := ts.MkAbs("accepted.txt")
	ts.Check(os.WriteFile(count, []byte("0\n"), 0o644))
	go func() {
		for n := 1; ; n++ {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
			os.WriteFile(count, []byte(strconv.Itoa(n)+"\n"), 0o644)
		}
	}()
}

// burnFor bounds a burner's life even if nothing stops it.
const burnFor = 10 * time.Minute

// burn start|stop keeps every core busy with CPU-bound shells (start) until
// burn stop, the end of the script, or burnFor: how a script judges on a
// busy machine.
func cmdBurn(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 || (args[0] != "start" && args[0] != "stop") {
		ts.Fatalf("usage: burn start|stop")
	}
	if args[0] == "stop" {
		ts.Check(stopBurners(ts))
		return
	}
	var burners []*exec.Cmd
	for range runtime.NumCPU() {
		cmd := exec.Command("sh", "-c", "while :; do :; done") // a loop in the shell itself: no children
		ts.Check(cmd.Start())
		burners = append(burners, cmd)
	}
	stop := func() {
		for _, cmd := range burners {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}
	timer := time.AfterFunc(burnFor, stop)
	var once sync.Once
	ts.Setenv("BURNING", strconv.Itoa(len(burners)))
	ts.Defer(func() { once.Do(func() { timer.Stop(); stop() }) })
	burnersOf.Store(ts, func() { once.Do(func() { timer.Stop(); stop() }) })
}

// burnersOf holds each script's stop function for burn stop.
var burnersOf sync.Map

func stopBurners(ts *testscript.TestScript) error {
	stop, ok := burnersOf.LoadAndDelete(ts)
	if !ok {
		return fmt.Errorf("burn stop: no burners running")
	}
	stop.(func())()
	return nil
}

// waitfor FILE REGEXP waits, up to a minute, until FILE matches REGEXP.
func cmdWaitfor(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: waitfor file regexp")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, err := os.ReadFile(ts.MkAbs(args[0])); err == nil && re.Match(data) {
			return
		}
	}
	data, _ := os.ReadFile(ts.MkAbs(args[0]))
	ts.Fatalf("%s never matched %q; it holds:\n%s", args[0], args[1], data)
}

// findProcess returns the command line of a process that has text in it.
func findProcess(text string) string {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		cmdline := strings.ReplaceAll(string(data), "\x00", " ")
		if strings.Contains(cmdline, text) {
			return filepath.Base(filepath.Dir(p)) + ": " + cmdline
		}
	}
	return ""
}

// signal TERM|INT sends a signal to every background command.
func cmdSignal(ts *testscript.TestScript, neg bool, args []string) {
	sigs := map[string]syscall.Signal{"TERM": syscall.SIGTERM, "INT": syscall.SIGINT}
	if neg || len(args) != 1 || sigs[args[0]] == 0 {
		ts.Fatalf("usage: signal TERM|INT")
	}
	for _, cmd := range ts.BackgroundCmds() {
		ts.Check(cmd.Process.Signal(sigs[args[0]]))
	}
	fmt.Fprintf(ts.Stdout(), "sent SIG%s\n", args[0])
}

// TestProcessScriptsSkipWithoutProc: the commands that watch processes read
// /proc, so every script that uses them must skip itself elsewhere.
func TestProcessScriptsSkipWithoutProc(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	uses := regexp.MustCompile(`(?m)^(noprocess|waitprocess|waitprogram|signal)( |$)`)
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		if uses.Match(data) && !strings.Contains(string(data), "[!linux] skip") {
			t.Errorf("%s watches processes through /proc but does not skip itself off Linux: add [!linux] skip", s)
		}
	}
}

// scalecalibration FACTOR multiplies every time in the script's calibration
// cache by FACTOR: a calibration as a busier (FACTOR > 1) or quieter
// machine would have taken it. The cache must be the script's own (under
// $WORK): the suite's scripts share one, and a judge in another script
// that saves it puts its own figures back.
func cmdScaleCalibration(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: scalecalibration factor")
	}
	f, err := strconv.ParseFloat(args[0], 64)
	ts.Check(err)
	if !strings.HasPrefix(ts.Getenv("XDG_CACHE_HOME"), ts.Getenv("WORK")+string(filepath.Separator)) {
		ts.Fatalf("scalecalibration: the cache is the suite's, which other scripts save as they run: set XDG_CACHE_HOME=$WORK/cache first")
	}
	path := filepath.Join(ts.Getenv("XDG_CACHE_HOME"), "nqueens-judge", "calibration.json")
	data, err := os.ReadFile(path)
	ts.Check(err)
	var c struct {
		Entries map[string]map[string]any `json:"entries"`
	}
	ts.Check(json.Unmarshal(data, &c))
	for _, e := range c.Entries {
		for _, k := range []string{"cpu_ms", "startup_ms", "per_call_ns", "small_ms"} {
			if v, ok := e[k].(float64); ok {
				e[k] = v * f
			}
		}
	}
	data, err = json.Marshal(c)
	ts.Check(err)
	ts.Check(os.WriteFile(path, data, 0o644))
}
