// Package sandbox runs one program under limits on CPU time, memory, output
// and wall-clock time, and reports what it used and which limit, if any, it
// broke.
//
// The program runs in a process group of its own, so that it and every process
// it starts are killed together, at once, when a limit is reached or when it
// ends. CPU time is the user+sys time of the child as the kernel accounts it
// (rusage). A program that makes no progress (it sleeps, blocks or is
// stopped) is stopped after Limits.Idle; a program that only waits for a
// core on a busy machine keeps making progress and is never stopped for it.
package sandbox

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// Limits bound one run.
type Limits struct {
	CPU time.Duration // user+sys time of the program and its children, from the OS's accounting
	// Idle stops a program whose CPU time has not grown for this long
	// (sleeping, blocked, stopped); 0: never, where it is watched. Without
	// /proc to watch it, it is a wall-clock limit of CPU + Idle.
	Idle   time.Duration
	Memory int64 // peak resident bytes
	Output int64 // bytes the child may write to stdout and stderr together
	Answer int64 // bytes the child may write on its answer channel
	// Processes is how many threads, its own and its children's, it may
	// have at once; 0: DefaultProcesses (at least its Program's Threads).
	Processes int
	FileSize  int64 // the largest file it may write; 0: Output
}

// DefaultProcesses is the process limit when Limits.Processes is 0.
const DefaultProcesses = 16

// hardWall is the wall-clock time after which a program is stopped whatever
// it does: a backstop that can only fire on a machine so overloaded that
// the program gets less than 1/wallShare of a core.
func (l Limits) hardWall() time.Duration { return wallShare*l.CPU + l.Idle }

// wallShare: a program given less than 1/wallShare of a core is stopped at
// the hard wall, its machine too busy to time it.
const wallShare = 10

// unlimited is a channel's limit where only what is kept is bounded (the
// crash report).
const unlimited = 1 << 62

// Kill reasons: which limit stopped the program.
const (
	None   = ""
	CPU    = "cpu"
	Idle   = "idle" // no progress for Limits.Idle
	Wall   = "wall" // the hard wall-clock backstop
	Memory = "memory"
	Output = "output"
	Answer = "answer"
	// Processes: more threads at once than Limits.Processes.
	Processes = "processes"
	// Interrupted: the judge itself was asked to stop.
	Interrupted = "interrupted"
)

// Result is what one run used and produced.
type Result struct {
	CPU      time.Duration // user+sys time
	Wall     time.Duration
	MaxRSS   int64  // peak resident set, bytes
	Killed   string // the limit that stopped the program, or None
	ExitCode int    // -1 when ended by a signal
	Signal   syscall.Signal
	Output   []byte // stdout and stderr interleaved: the first KeepOutput bytes
	Tail     []byte // and the last KeepOutput bytes, when more was written
	Written  int64  // bytes written to stdout and stderr in all
	Lines    int64  // newlines written to stdout and stderr in all
	Answer   []byte // what the program wrote on its answer channel (fd 3)
	Crash    []byte // what the program wrote on its crash channel (fd 4), at most KeepOutput bytes

	peakCPU time.Duration // the largest CPU time of the whole tree seen while polling
	peakRSS int64         // the largest resident memory of the whole tree seen while polling, the kernel's peak of its root included
}

// ChannelEnv starts the name of the environment variable that holds, on
// Windows, the handle of a program's channel: ChannelEnv+"3" its answer,
// ChannelEnv+"4" its crash report. Elsewhere they are file descriptors 3
// and 4.
const ChannelEnv = "NQUEENS_FD"

// Channel opens, in a program the sandbox started, its channel fd (3 or
// 4): the file descriptor, or on Windows the handle named in ChannelEnv.
func Channel(fd int) *os.File {
	h := uint64(fd)
	if v, err := strconv.ParseUint(os.Getenv(ChannelEnv+strconv.Itoa(fd)), 10, 64); err == nil {
		h = v
	}
	return os.NewFile(uintptr(h), "channel")
}

// KeepOutput is how much of the program's own stdout and stderr a Result
// keeps to show the user; the rest is counted and dropped.
const KeepOutput = 16 << 10

// PollEvery is how often the CPU time and memory of a running program are
// read from /proc at first (and how often the Go harness reads its own
// memory where there is no /proc). A program can overshoot a limit by
// about this much, or by pollAfter's interval later in a long run.
const PollEvery = 5 * time.Millisecond

// pollAfter is the interval between two polls of a program that has run
// for ran: PollEvery at first, then a fiftieth of the time it has run, up
// to pollAtMost. A poll reads a few files per process and thread from
// /proc; every 5 ms it cost the judge 0.13 s of CPU per second of the run
// on a VM where a system call is slow (BenchmarkWatch), while a limit a
// second or more away is overshot by 2 % at most this way. The kernel's peak of a
// process's memory is read at each poll, so a peak between two is still
// seen; RLIMIT_AS and RLIMIT_CPU stay the nets.
func pollAfter(ran time.Duration) time.Duration {
	return min(max(ran/50, PollEvery), pollAtMost)
}

// pollAtMost bounds the interval between two polls.
const pollAtMost = 25 * time.Millisecond

// jailSetupLimit bounds the jail's own set-up, before the program starts:
// past it the run is the judge's failure, never the program's.
const jailSetupLimit = 30 * time.Second

// drainGrace is how long Run keeps reading the pipes once the program has
// ended and its process group has been killed.
const drainGrace = time.Second

// Run runs argv[0] with the arguments argv[1:] in dir, under limits, with
// no jail. The program may write its answer to file descriptor 3 and a
// crash report to file descriptor 4. An error means the run could not be
// made at all; everything the program does is in Result.
func Run(ctx context.Context, dir string, argv []string, lim Limits) (*Result, error) {
	return NoJail.Run(ctx, dir, argv, lim)
}

// A Program is what a run starts: a native executable, or a file that a
// runtime (an interpreter or a virtual machine) runs.
type Program struct {
	Path string // the executable, or the file the runtime runs
	// Runtime is the runtime's command line, before Path: none for an
	// executable, ["/usr/bin/python3", "-I"] for a Python file.
	Runtime []string
	// ReadOnly are directories the runtime reads and executes from: the
	// jail lets the run read them.
	ReadOnly []string
	// Threads is how many threads and processes the run may have at once
	// (RLIMIT_NPROC in the jail); 0 means DefaultProcesses. A JVM starts a
	// dozen threads of its own.
	Threads int
	// AddressSpace is the RLIMIT_AS net, in bytes; 0 means the default,
	// memoryNet; Unlimited, none (the program bounds its data by
	// DataNetEnv).
	AddressSpace int64

	// Env is added to the program's environment (a later entry wins):
	// a tool's settings, or GOMAXPROCS=1 for -bench.
	Env []string

	// Writes marks a run that writes files in its own folder (a counting C
	// or C++ build's counts); every other run's folder is read-only to it,
	// so that it cannot fill the disk (in the landlock tier its folder is
	// on the user's disk).
	Writes bool

	// SaysWhere marks a program that answers SIGQUIT by writing where it
	// is (Go's stacks, Python's faulthandler, a C or C++ harness's frames,
	// a JVM's thread dump): stopped at a limit of its own (CPU, memory,
	// idle, output), it is sent it first, and killed once it has used
	// QuitGrace of CPU time more (or QuitWall has passed) if it has not
	// ended.
	SaysWhere bool

	// A tool (a compiler) rather than a submission: in the jail it runs
	// from where it is (InPlace, through ReadOnly) instead of a copy in its
	// /tmp, in Dir, may write Writable and may start processes (Tool).
	InPlace  bool
	Tool     bool
	Dir      string
	Writable []string

	setupDelay time.Duration // the jail's set-up made this much slower: for tests
	setupSpin  time.Duration // the jail's set-up used this much CPU time: for tests
}

// Unlimited as a Program's AddressSpace sets no address-space limit: for
// a program that reserves far more than it can use (AddressSanitizer's
// shadow memory, terabytes), whose memory is watched by resident size
// alone.
const Unlimited = -1

// launch is how a run is started: directly, or through the jail's helper.
type launch struct {
	path   string
	args   []string
	attr   *syscall.SysProcAttr
	files  []*os.File // from file descriptor 5 on (nil: closed)
	report *os.File   // the helper's report channel, read end; nil without a jail
	jailed bool
	// private: the run gets a folder of its own, made in the run's
	// directory and removed after it (the Landlock tier, which has no
	// /tmp of its own to give it); privateDir is that folder.
	private    bool
	privateDir string
}

// closeReport closes the read end of the helper's report channel, and
// removes the run's private folder.
func (l *launch) closeReport() {
	if l.report != nil {
		l.report.Close()
	}
	if l.privateDir != "" {
		removeAll(l.privateDir)
		l.privateDir = ""
	}
}

// removeAll removes a folder a program wrote in, whatever modes it left on
// the folders inside.
func removeAll(dir string) {
	if os.RemoveAll(dir) == nil {
		return
	}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			os.Chmod(path, 0o700)
		}
		return nil
	})
	os.RemoveAll(dir)
}

// close closes, once, the files the judge handed to the launch.
func (l *launch) close() {
	for i, f := range l.files {
		if f != nil {
			f.Close()
			l.files[i] = nil
		}
	}
}

// argv is the command line that runs the program with args.
func (p Program) argv(path string, args []string) []string {
	return append(append(append([]string{}, p.Runtime...), path), args...)
}

// Run runs argv as the package's Run does, inside the jail when j is not
// nil and this machine can build it; the program then starts in a /tmp of
// its own rather than in dir.
func (j *Jail) Run(ctx context.Context, dir string, argv []string, lim Limits) (*Result, error) {
	return j.RunProgram(ctx, dir, Program{Path: argv[0]}, argv[1:], lim)
}

// RunProgram runs prog with args as Run does: it opens the program's
// channels, starts it (through the jail's helper where there is one),
// reads what it writes, watches it against lim until it ends, and
// accounts for what it used.
func (j *Jail) RunProgram(ctx context.Context, dir string, prog Program, args []string, lim Limits) (*Result, error) {
	lim.Processes = max(cmp.Or(lim.Processes, DefaultProcesses), prog.Threads)
	prog.Env = append(slices.Clone(prog.Env), OutputEnv+"="+strconv.FormatInt(lim.Output, 10), DataNetEnv+"="+strconv.FormatInt(memoryNet(lim), 10))
	ch, err := openChannels()
	if err != nil {
		return nil, err
	}
	defer ch.closeReads()
	rn, err := j.start(dir, prog, args, lim, ch)
	if err != nil {
		return nil, err
	}
	defer rn.close()
	rn.read(ch)
	done := make(chan struct{})
	var watching sync.WaitGroup
	watching.Add(1)
	go func() {
		defer watching.Done()
		rn.watch(ctx, done)
	}()
	rn.g.ended()
	waitErr := rn.cmd.Wait()
	rn.r.Wall = time.Since(rn.began)
	close(rn.exited)
	close(done)
	watching.Wait()
	rn.drain(ch)
	return rn.account(waitErr)
}

// channels are the pipes a program writes to: stdout and stderr together,
// the answer, and the crash report; each a read end and a write end.
type channels struct {
	outR, outW, ansR, ansW, crashR, crashW *os.File
}

func openChannels() (*channels, error) {
	var ends [6]*os.File
	for i := 0; i < len(ends); i += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			for _, f := range ends[:i] {
				f.Close()
			}
			return nil, err
		}
		ends[i], ends[i+1] = r, w
	}
	return &channels{ends[0], ends[1], ends[2], ends[3], ends[4], ends[5]}, nil
}

// closeWrites closes the judge's copies of the write ends: the program
// has its own.
func (ch *channels) closeWrites() {
	ch.outW.Close()
	ch.ansW.Close()
	ch.crashW.Close()
}

func (ch *channels) closeReads() {
	ch.outR.Close()
	ch.ansR.Close()
	ch.crashR.Close()
}

// running is one program under way: what started it, what it wrote, what
// the watchdog saw.
type running struct {
	cmd   *exec.Cmd
	l     *launch
	g     *group
	lim   Limits
	began time.Time // when it was started (the jail's set-up included)
	r     *Result
	once  sync.Once

	out, ans, crash, report bytes.Buffer
	tail                    tailBuffer
	readers                 sync.WaitGroup
	started                 chan struct{} // closed when the program itself starts
	setup                   time.Duration // the jail's helper's own CPU time, once started is closed
	setupErr                error         // the helper's report of it could not be read
	exited                  chan struct{} // closed when it has ended
	saysWhere               bool          // Program.SaysWhere
	setupStalled            bool
	judgePeak               int64 // the judge's own peak resident memory when it started the run
}

// start starts prog through its launch (the jail's helper, or directly)
// with ch as its channels, and puts it in a group the watchdog can poll.
func (j *Jail) start(dir string, prog Program, args []string, lim Limits, ch *channels) (*running, error) {
	l, err := j.jailCommand(prog, args, lim)
	if err != nil {
		ch.closeWrites()
		return nil, err
	}
	if l.private {
		if l.privateDir, err = os.MkdirTemp(dir, "run-"); err != nil {
			ch.closeWrites()
			l.close()
			l.closeReport()
			return nil, err
		}
		dir = l.privateDir
	}
	cmd := &exec.Cmd{Path: l.path, Args: l.args, Dir: dir, SysProcAttr: l.attr}
	cmd.Env = programEnv(dir, lim)
	if !l.jailed {
		cmd.Env = append(cmd.Env, prog.Env...) // the jail's helper sets it inside
	}
	cmd.Stdout = ch.outW
	cmd.Stderr = ch.outW
	cmd.ExtraFiles = l.files
	if err := passChannels(cmd, ch.ansW, ch.crashW); err != nil {
		ch.closeWrites()
		l.close()
		l.closeReport()
		return nil, err
	}
	judgePeak := ownPeak() // the most a child forked now can inherit
	began := time.Now()
	err = cmd.Start()
	ch.closeWrites()
	l.close() // the helper has its own copies
	if err != nil {
		l.closeReport()
		return nil, msg.Errorf("start %s: %w", l.args[0], err)
	}
	g, err := newGroup(cmd, prog, lim, l.jailed)
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		l.closeReport()
		return nil, err
	}
	return &running{cmd: cmd, l: l, g: g, lim: lim, began: began, judgePeak: judgePeak, r: &Result{}, started: make(chan struct{}), exited: make(chan struct{}), saysWhere: prog.SaysWhere}, nil
}

// close releases what start acquired.
func (rn *running) close() {
	rn.g.close()
	rn.l.closeReport()
}

// QuitGrace is how much CPU time a program that says where it is
// (Program.SaysWhere) has to write it once stopped at a limit, and
// QuitWall how long it may take on the wall clock: Go's runtime writes its
// stacks and exits in a few milliseconds of CPU, which a busy machine
// spreads over far more wall time (with four other busy processes on two
// cores, a 200 ms wall grace cut a Go program's stacks short).
const (
	QuitGrace = 200 * time.Millisecond
	QuitWall  = 2 * time.Second
)

// kill stops the program's whole group, once, for reason; a program that
// says where it is, stopped at a limit of its own, first writes where.
func (rn *running) kill(reason string) {
	rn.once.Do(func() {
		rn.r.Killed = reason
		switch reason {
		case CPU, Memory, Idle, Output, Answer:
			if rn.saysWhere && rn.g.quit() {
				go rn.graceThenKill()
				return
			}
		}
		rn.g.kill()
	})
}

// graceThenKill kills the group once the program, sent SIGQUIT, has used
// QuitGrace of CPU time since, or QuitWall has passed, unless it ended.
func (rn *running) graceThenKill() {
	wall := time.NewTimer(QuitWall)
	defer wall.Stop()
	tick := time.NewTicker(PollEvery)
	defer tick.Stop()
	start := time.Duration(-1)
	for {
		select {
		case <-rn.exited:
			return
		case <-wall.C:
			rn.g.kill()
			return
		case <-tick.C:
			t, ok := rn.g.stat()
			if !ok {
				continue // ended, or nothing to poll: the wall clock decides
			}
			if start < 0 {
				start = t.cpu
			}
			if t.cpu-start >= QuitGrace {
				rn.g.kill()
				return
			}
		}
	}
}

// read starts the readers of the program's channels, each of which kills
// the group when its limit is passed, and of the jail's report channel:
// in the jail the program starts when the helper execs it, which closes
// that channel, so the jail's set-up (mounts, which can wait in the kernel
// under load) is not the program's time.
func (rn *running) read(ch *channels) {
	rn.readers.Add(3)
	go func() {
		defer rn.readers.Done()
		rn.r.Written = drain(io.TeeReader(ch.outR, &rn.tail), &rn.out, KeepOutput, rn.lim.Output, func() { rn.kill(Output) })
	}()
	go func() {
		defer rn.readers.Done()
		drain(ch.ansR, &rn.ans, rn.lim.Answer, rn.lim.Answer, func() { rn.kill(Answer) })
	}()
	go func() {
		defer rn.readers.Done()
		drain(ch.crashR, &rn.crash, KeepOutput, unlimited, func() {})
	}()
	if rn.l.report == nil {
		close(rn.started)
		return
	}
	go func() {
		defer close(rn.started)
		io.Copy(&rn.report, io.LimitReader(rn.l.report, KeepOutput))
		rn.setup, rn.setupErr = setupCPU(rn.report.Bytes())
	}()
}

// setupCPU is the CPU time the jail's helper used before it became the
// program, from its report (jail.SetupMark); 0 when it did not get that
// far (it failed, or was stopped).
func setupCPU(report []byte) (time.Duration, error) {
	_, line, ok := bytes.Cut(report, []byte(jail.SetupMark))
	if !ok {
		return 0, nil
	}
	line, _, _ = bytes.Cut(line, []byte("\n"))
	ns, err := strconv.ParseInt(string(line), 10, 64)
	if err != nil || ns < 0 {
		return 0, msg.Errorf("sandbox: read the set-up's CPU time %q: %v", line, err)
	}
	return time.Duration(ns), nil
}

// ownCPU is the program's share of cpu, its process tree's CPU time: the
// jail's helper's set-up taken out; none before the program started.
func (rn *running) ownCPU(cpu time.Duration) time.Duration {
	select {
	case <-rn.started:
		return max(cpu-rn.setup, 0)
	default:
		return 0
	}
}

// watch polls the program's CPU, memory and processes until done, and
// watches for progress: it stops the program at a limit, when it makes no
// progress for lim.Idle, at the hard wall, or when ctx ends.
func (rn *running) watch(ctx context.Context, done <-chan struct{}) {
	lim := rn.lim
	tick := time.NewTimer(PollEvery)
	defer tick.Stop()
	wall := time.NewTimer(lim.hardWall())
	defer wall.Stop()
	lastCPU, lastProgress := time.Duration(-1), time.Now()
	var began time.Time // when the program started: after the jail's set-up
	polled := false     // the program's usage was read at least once
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			rn.kill(Interrupted)
			return
		case <-wall.C:
			select {
			case <-rn.started:
				rn.kill(Wall)
				return
			default: // still setting up: the program's clock has not started
				wall.Reset(lim.hardWall())
				continue
			}
		case now := <-tick.C:
			tick.Reset(PollEvery)
			select {
			case <-rn.started:
			default:
				if now.Sub(rn.began) > jailSetupLimit {
					rn.setupStalled = true
					rn.kill(Wall)
					return
				}
				lastProgress = now
				continue
			}
			if began.IsZero() {
				// The program's own clocks start now, the hard wall too.
				began = now
				wall.Reset(lim.hardWall())
			}
			tick.Reset(pollAfter(now.Sub(began)))
			t, ok := rn.g.stat()
			t.cpu = rn.ownCPU(t.cpu)
			if !ok {
				if polled {
					// It has ended: Wait reports how (a program that
					// answers at once after a slow set-up is not idle:
					// its clock starts after the set-up).
					continue
				}
				// Nothing to watch: the idle limit is a wall clock.
				if now.Sub(began) > lim.CPU+lim.Idle {
					rn.kill(Idle)
					return
				}
				continue
			}
			polled = true
			if t.cpu != lastCPU {
				lastCPU, lastProgress = t.cpu, now
			}
			rn.r.peakCPU = max(rn.r.peakCPU, t.cpu)
			rn.r.peakRSS = max(rn.r.peakRSS, t.rss, t.peak)
			switch {
			case t.cpu > lim.CPU:
				rn.kill(CPU)
			case max(t.rss, t.peak) > lim.Memory:
				rn.kill(Memory)
			case t.procs > lim.Processes:
				rn.kill(Processes)
			case lim.Idle == 0 || now.Sub(lastProgress) <= lim.Idle:
				continue
			case rn.g.waiting():
				// No CPU time for a while, but runnable or in the disk's
				// queue: a busy machine (CI's burners, a stalled disk), not
				// an idle program. The hard wall still bounds it.
				lastProgress = now
				continue
			default:
				rn.kill(Idle)
			}
			return
		}
	}
}

// drain ends the run: where the group's accounting outlives the program (a
// Windows job) its final totals count; whatever the program started dies
// with it; and the channels are read to their end, or for drainGrace when
// a process that left the group (setsid) still holds them open.
func (rn *running) drain(ch *channels) {
	if t, ok := rn.g.stat(); ok {
		rn.r.peakCPU = max(rn.r.peakCPU, rn.ownCPU(t.cpu))
		rn.r.peakRSS = max(rn.r.peakRSS, t.rss, t.peak)
	}
	rn.g.kill()
	drained := make(chan struct{})
	go func() {
		rn.readers.Wait()
		close(drained)
	}()
	select {
	case <-drained:
	case <-time.After(drainGrace):
		ch.closeReads()
		<-drained
	}
}

// account fills in the result from the kernel's accounting and what was
// read, and reports the jail's own failures as errors.
func (rn *running) account(waitErr error) (*Result, error) {
	r, cmd, lim := rn.r, rn.cmd, rn.lim
	if cmd.ProcessState == nil {
		return nil, msg.Errorf("wait %s: %w", rn.l.args[0], waitErr)
	}
	// The helper's report is read to its end once the process has ended
	// (nothing else holds the channel): its set-up is not the program's.
	<-rn.started
	if rn.setupErr != nil {
		return nil, rn.setupErr
	}
	r.CPU = max(cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime()-rn.setup, 0)
	// The kernel's record (rusage) counts what the process held before it
	// became the program too: the judge's memory, for a child forked by it.
	kernelPeak := peakRSS(cmd.ProcessState)
	r.MaxRSS = kernelPeak
	// Processes that left the tree before it ended (a double fork) are not
	// in rusage: the polled peak of the whole tree counts them. Where it
	// was watched, the polled peak memory is the program's own; rusage of
	// a child forked by a Go program can include the judge's own peak.
	r.CPU = max(r.CPU, r.peakCPU)
	watched := r.peakRSS > 0
	if watched {
		r.MaxRSS = r.peakRSS
	}
	r.ExitCode = cmd.ProcessState.ExitCode()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.Signal = ws.Signal()
	}
	r.Output = rn.out.Bytes()
	r.Lines = rn.tail.lines
	if r.Written > KeepOutput {
		r.Tail = rn.tail.bytes()
	}
	r.Answer = rn.ans.Bytes()
	r.Crash = rn.crash.Bytes()
	if rn.setupStalled {
		return nil, msg.Errorf("sandbox: the jail was not ready after %s", jailSetupLimit)
	}
	if rn.l.report != nil && r.ExitCode == jail.Failed {
		// Whatever the helper wrote came before the program, if any, started.
		if err := helperError(rn.report.Bytes()); err != nil {
			return nil, err
		}
	}
	// The kernel's own accounting is the final word on the limits the
	// watchdog polls for; it may also have stopped the program itself.
	switch {
	case r.Killed != None:
	case r.CPU > lim.CPU || r.Signal == sigCPU:
		r.Killed = CPU
	case !watched && r.MaxRSS > lim.Memory:
		// Only where nothing was polled: rusage's peak can include the
		// judge's own, which a Go-forked child inherits.
		r.Killed = Memory
	case watched && kernelPeak > max(lim.Memory, rn.judgePeak):
		// A peak after the last poll (the program freed it and ended):
		// the kernel's record of the run's whole life, which holds the
		// judge's own peak at the fork too, counts only above it.
		r.Killed, r.MaxRSS = Memory, kernelPeak
	}
	return r, nil
}

// withCPULimit runs argv through /bin/sh with RLIMIT_CPU set (whole
// seconds, rounded up, and one more): the kernel then stops the program at
// about its CPU limit with SIGXCPU, which Run reports as the CPU limit.
// Where /proc can be polled the watchdog stops it sooner.
func withCPULimit(argv []string, cpu time.Duration) []string {
	secs := int64((cpu+time.Second-1)/time.Second) + 1
	return append([]string{"/bin/sh", "-c", fmt.Sprintf(`ulimit -t %d && exec "$0" "$@"`, secs)}, argv...)
}

// tailBuffer keeps the last KeepOutput bytes written to it, and counts
// newlines.
type tailBuffer struct {
	buf   []byte
	lines int64
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.lines += int64(bytes.Count(p, []byte{'\n'}))
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - KeepOutput; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) bytes() []byte { return t.buf }

// tree is what one poll saw of a program and its descendants.
type tree struct {
	cpu   time.Duration
	rss   int64
	procs int
	// peak is the kernel's own peak resident memory of the tree's root
	// since it became the program (VmHWM: exec starts it anew), which a
	// peak between two polls, or while the judge was slow, cannot hide
	// from; 0 where the system does not say.
	peak int64
}

// drain copies r into keep, up to max bytes, counting everything, and calls
// over once when more than limit bytes have come.
func drain(r io.Reader, keep *bytes.Buffer, max, limit int64, over func()) int64 {
	var total int64
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			if room := max - int64(keep.Len()); room > 0 {
				keep.Write(buf[:min(int64(n), room)])
			}
			total += int64(n)
			if total > limit {
				over()
			}
		}
		if err != nil {
			return total
		}
	}
}

// RunProcsEnv is a test hook: when the judge's environment sets it, every
// judged Go program's environment sets GOMAXPROCS to its value (GoProcsEnv;
// a Program's own later entry still wins), so that a 2-core machine runs
// them as a machine with that many cores would by default (lang's Go
// harness bounds them). The judge's own worker and tools keep theirs.
const RunProcsEnv = "NQUEENS_RUN_GOMAXPROCS"

// GoProcsEnv is what a judged Go program's environment starts with:
// GOMAXPROCS as RunProcsEnv asks, or nothing.
func GoProcsEnv() []string {
	if v := os.Getenv(RunProcsEnv); v != "" {
		return []string{"GOMAXPROCS=" + v}
	}
	return nil
}

// OutputEnv is set in every run to its output limit in bytes: a harness
// that counts its prints (Java's, whose thread dump on stdout would be
// lost among them) writes where the print that crossed it came from.
const OutputEnv = "NQUEENS_OUTPUT"

// DataNetEnv is set in every run to its memory net in bytes (memoryNet): a
// program that no address-space limit can bound (a checked C or C++
// build, whose sanitizer reserves terabytes for its shadow memory) bounds
// its data by it instead, above what it reserved at start. Every build of
// a case gets the same value: it does not tell runs apart.
const DataNetEnv = "NQUEENS_DATA_NET"

// memoryNet is how much memory the kernel lets a run reserve, as a net
// under the watchdog's limit: generous on purpose, four times the memory
// limit and at least 2 GiB (a Go program reserves far more address space
// than it uses, and a cap near 512 MiB kills it at start-up).
func memoryNet(lim Limits) int64 { return max(4*lim.Memory, 2<<30) }

// MemoryEnv is set, where the sandbox cannot watch a running program's
// memory, to the memory limit in bytes: a program that can watch its own
// (the Go harness) stops itself there, writing MemoryLimitReport on its
// crash channel.
const MemoryEnv = "NQUEENS_MEMORY"

// MemoryLimitReport starts what a program that stopped itself at
// MemoryEnv writes on its crash channel.
const MemoryLimitReport = "judge: memory limit exceeded"
