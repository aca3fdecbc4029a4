//go:build linux

package sandbox

import (
	"cmp"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// maxrssUnit is the unit of Rusage.Maxrss: KiB on Linux.
const maxrssUnit = 1024

// sysProcAttr puts the program in a process group of its own, and has the
// kernel kill it should the judge itself die.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// maxTree bounds how many processes of a tree one poll reads; a tree that
// large is over any process limit anyway.
const maxTree = 4096

// treeStat sums the CPU time and resident memory of a process and of its
// descendants, so that work or memory handed to a child process counts too,
// and counts them. files keeps the files it reads open from one poll to
// the next (nil: each is opened and closed).
func treeStat(pid int, files *procFiles) (t tree, ok bool) {
	files.begin()
	defer files.end()
	queue := []int{pid}
	for len(queue) > 0 && t.procs < maxTree {
		p := queue[0]
		queue = queue[1:]
		c, r, threads, alive := procStat(p, files)
		if !alive {
			if p == pid {
				return tree{}, false
			}
			continue
		}
		t.cpu += c
		t.rss += r
		t.procs += threads
		if p == pid {
			t.peak = statusPeak(p, files)
		}
		queue = append(queue, children(p, files)...)
	}
	return t, true
}

// procFiles keeps the /proc files a watchdog reads at every poll open,
// and reads each with one pread: opened anew each time, a file cost five
// system calls (open, fstat, two reads, close), and a poll of a program
// with six threads took half a millisecond of the judge's CPU on a VM
// where system calls are slow. A file held open stays its own process's:
// once that process has ended it reads nothing, and is opened anew, in
// case a new process has the same number. A nil *procFiles opens and
// closes each file.
type procFiles struct {
	mu     sync.Mutex
	open   map[string]*os.File
	used   map[string]bool // read since begin
	buf    []byte
	closed bool // by close: a late poll opens and closes its files
}

func newProcFiles() *procFiles {
	return &procFiles{open: map[string]*os.File{}, used: map[string]bool{}, buf: make([]byte, 4<<10)}
}

// begin starts a poll; no other poll runs until its end.
func (p *procFiles) begin() {
	if p != nil {
		p.mu.Lock()
		clear(p.used)
	}
}

// end closes the files this poll did not read (ended threads and
// processes) and lets the next poll begin.
func (p *procFiles) end() {
	if p == nil {
		return
	}
	for path, f := range p.open {
		if !p.used[path] {
			f.Close()
			delete(p.open, path)
		}
	}
	p.mu.Unlock()
}

// close closes every file held; a poll after it holds none.
func (p *procFiles) close() {
	p.begin()
	p.closed = true
	p.end()
}

// read reads a /proc file whole; the bytes are valid until the next read.
func (p *procFiles) read(path string) ([]byte, bool) {
	if p == nil || p.closed {
		b, err := os.ReadFile(path)
		return b, err == nil
	}
	if f := p.open[path]; f != nil {
		if b, ok := p.readAt(path, f); ok {
			return b, true
		}
		// Its process has ended: a new one may have its number.
		f.Close()
		delete(p.open, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	p.open[path] = f
	return p.readAt(path, f)
}

// readAt reads f, held open for path, whole from its start.
func (p *procFiles) readAt(path string, f *os.File) ([]byte, bool) {
	p.used[path] = true
	for {
		n, err := f.ReadAt(p.buf, 0)
		switch {
		case err != nil && err != io.EOF:
			return nil, false
		case n < len(p.buf):
			return p.buf[:n], true
		}
		p.buf = make([]byte, 2*len(p.buf))
	}
}

// treeWaiting reports whether a thread of pid's tree is runnable (waiting
// for a core, or on one) or waiting in the kernel uninterruptibly (on the
// disk): the machine is slow, the program is not idle. A thread that
// sleeps, blocks on a pipe or a lock, or is stopped is none of these.
func treeWaiting(pid int) bool {
	queue := []int{pid}
	for seen := 0; len(queue) > 0 && seen < maxTree; seen++ {
		p := queue[0]
		queue = queue[1:]
		tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(p) + "/task")
		for _, t := range tasks {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/task/" + t.Name() + "/stat")
			if err != nil {
				continue
			}
			s := string(b)
			if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) && (s[i+2] == 'R' || s[i+2] == 'D') {
				return true
			}
		}
		queue = append(queue, children(p, nil)...)
	}
	return false
}

// children lists the child processes of every thread of pid.
func children(pid int, files *procFiles) []int {
	tasks, _ := os.ReadDir("/proc/" + strconv.Itoa(pid) + "/task")
	var kids []int
	for _, t := range tasks {
		b, ok := files.read("/proc/" + strconv.Itoa(pid) + "/task/" + t.Name() + "/children")
		if !ok {
			continue
		}
		for _, f := range strings.Fields(string(b)) {
			if k, err := strconv.Atoi(f); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids
}

// procStat reads the CPU time (user+sys, all threads), resident memory and
// number of threads of a live process from /proc.
func procStat(pid int, files *procFiles) (cpu time.Duration, rss int64, threads int, ok bool) {
	b, ok := files.read("/proc/" + strconv.Itoa(pid) + "/stat")
	if !ok {
		return 0, 0, 0, false
	}
	// The command name, in parentheses, may hold spaces: fields start after it.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, 0, false
	}
	f := strings.Fields(s[i+1:])
	// After the name: state is f[0], utime f[11], stime f[12], threads
	// f[17], rss f[21] (pages). A process that has ended and waits to be
	// reaped (a zombie) is not running: its CPU time grows no more, which
	// the watchdog must not take for an idle program.
	if len(f) < 22 || f[0] == "Z" || f[0] == "X" {
		return 0, 0, 0, false
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	pages, _ := strconv.ParseInt(f[21], 10, 64)
	threads, _ = strconv.Atoi(f[17])
	return time.Duration(utime+stime) * time.Second / clockTicks, pages * int64(os.Getpagesize()), max(threads, 1), true
}

// clockTicks is the unit of utime and stime in /proc (USER_HZ), 100 on Linux.
const clockTicks = 100

// setSafetyLimits sets kernel limits on a started process that is not in
// the jail (the jail's helper sets them on itself before the program
// starts), as a net under the watchdog: should polling fall behind, the
// kernel still stops a runaway.
func setSafetyLimits(pid int, prog Program, lim Limits, jailed bool) error {
	if jailed {
		return nil
	}
	for _, l := range []struct {
		resource int
		value    uint64
	}{
		{unix.RLIMIT_CPU, cpuNet(lim.CPU)},
		{unix.RLIMIT_AS, addressSpace(prog, lim)},
		{unix.RLIMIT_FSIZE, uint64(max(cmp.Or(lim.FileSize, lim.Output), 1))},
	} {
		rl := unix.Rlimit{Cur: l.value, Max: l.value}
		if err := unix.Prlimit(pid, l.resource, &rl, nil); err != nil {
			return msg.Errorf("set limit %d: %w", l.resource, err)
		}
	}
	return nil
}

// cpuNet is RLIMIT_CPU for a CPU limit, in whole seconds: twice the limit
// and two seconds more, so that the watchdog's own kill comes first. The
// kernel holds a program to RLIMIT_CPU by its own count of clock ticks,
// which runs ahead of the CPU time that /proc and rusage report (what the
// watchdog and the verdict read) on a busy machine: a loop stopped at 1 s
// had used 0.85-0.99 s by rusage on a 2-core VM beside other work. With
// the net two seconds over, a C search out of time at a 21.4 s limit was
// killed by the kernel at 21.38 s by rusage, before the watchdog saw it
// pass the limit, and was told it crashed (killed by SIGKILL).
func cpuNet(cpu time.Duration) uint64 { return uint64((2*cpu + 3*time.Second - 1) / time.Second) }

// addressSpace is RLIMIT_AS for a run: prog's, or the memory net.
func addressSpace(prog Program, lim Limits) uint64 {
	if prog.AddressSpace == Unlimited {
		return unix.RLIM_INFINITY
	}
	return uint64(cmp.Or(prog.AddressSpace, memoryNet(lim)))
}

// programEnv is the whole environment a program runs with.
func programEnv(dir string, lim Limits) []string {
	return jail.Env(dir)
}

// statusPeak is a live process's peak resident memory since its exec
// (VmHWM in /proc/PID/status), in bytes; 0 if it cannot be read.
func statusPeak(pid int, files *procFiles) int64 {
	b, ok := files.read("/proc/" + strconv.Itoa(pid) + "/status")
	if !ok {
		return 0
	}
	_, rest, ok := strings.Cut(string(b), "\nVmHWM:")
	if !ok {
		return 0
	}
	kb, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	n, _ := strconv.ParseInt(kb, 10, 64)
	return n << 10
}

// ownPeak is the judge's own peak resident memory so far.
func ownPeak() int64 { return statusPeak(os.Getpid(), nil) }

// ended waits until the program has ended, without reaping it: what is
// left of its group is killed while the program's number is still its own
// (an unreaped program holds it), and kill does nothing afterwards.
func (g *group) ended() {
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, g.proc.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	g.kill()
	g.mu.Lock()
	g.reaped = true
	g.mu.Unlock()
}
