//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// Linux's numbers that x/sys/unix does not name.
const (
	fOwnerPID  = 1      // F_OWNER_PID
	fioSetOwn  = 0x8901 // FIOSETOWN
	sioSetPgrp = 0x8902 // SIOCSPGRP
)

// signalByOwner makes the kernel send SIGKILL to pid through route (F_SETOWN,
// F_SETOWN_EX or the FIOSETOWN or SIOCSPGRP ioctl on a pipe with O_ASYNC, F_SETSIG),
// and says what refused it.
func signalByOwner(route string, pid int) error {
	var p [2]int
	if err := unix.Pipe(p[:]); err != nil {
		return err
	}
	if route == "SIOCSPGRP" || route == "FIOSETOWN" { // a socket's ioctls
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
		if err != nil {
			return err
		}
		p = [2]int{fds[0], fds[1]}
	}
	if _, err := unix.FcntlInt(uintptr(p[0]), unix.F_SETSIG, int(unix.SIGKILL)); err != nil {
		return fmt.Errorf("F_SETSIG: %w", err)
	}
	var err error
	switch route {
	case "F_SETOWN":
		_, err = unix.FcntlInt(uintptr(p[0]), unix.F_SETOWN, pid)
	case "F_SETOWN_EX":
		owner := struct{ kind, pid int32 }{fOwnerPID, int32(pid)} // struct f_owner_ex
		_, _, errno := unix.Syscall(unix.SYS_FCNTL, uintptr(p[0]), unix.F_SETOWN_EX, uintptr(unsafe.Pointer(&owner)))
		if errno != 0 {
			err = errno
		}
	case "FIOSETOWN":
		err = unix.IoctlSetPointerInt(p[0], fioSetOwn, pid)
	case "SIOCSPGRP":
		err = unix.IoctlSetPointerInt(p[0], sioSetPgrp, pid)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", route, err)
	}
	flags, _ := unix.FcntlInt(uintptr(p[0]), unix.F_GETFL, 0)
	if _, err := unix.FcntlInt(uintptr(p[0]), unix.F_SETFL, flags|unix.O_ASYNC); err != nil {
		return fmt.Errorf("O_ASYNC: %w", err)
	}
	_, err = unix.Write(p[1], []byte("x"))
	return err
}

// TestMain lets this test binary be the jail's helper, and an attacker run
// inside the jail: "attack NAME ARGS..." (see attack).
func TestMain(m *testing.M) {
	Helper()
	if len(os.Args) > 1 && os.Args[1] == "attack" {
		attack(os.Args[2], os.Args[3:])
		os.Exit(0)
	}
	code := m.Run()
	if cAttackDir != "" {
		os.RemoveAll(cAttackDir)
	}
	os.Exit(code)
}

// attack does one hostile thing and reports on the answer channel what
// happened. Every attack bounds itself: it is harmless if the jail fails.
func attack(name string, args []string) {
	answer := os.NewFile(3, "answer")
	say := func(format string, a ...any) { fmt.Fprintf(answer, format+"\n", a...) }
	switch name {
	case "whoami":
		say("pid %d ppid %d", os.Getpid(), os.Getppid())
	case "read":
		_, err := os.ReadFile(args[0])
		say("read: %v", err)
	case "write":
		err := os.WriteFile(args[0], []byte("written from the jail"), 0o644)
		say("write: %v", err)
	case "dial":
		c, err := net.DialTimeout("tcp", args[0], time.Second)
		if err == nil {
			c.Close()
		}
		say("dial: %v", err)
	case "unix":
		c, err := net.DialTimeout("unix", args[0], time.Second)
		if err == nil {
			c.Close()
		}
		say("unix: %v", err)
	case "list":
		entries, err := os.ReadDir(args[0])
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		say("list: %s %v", strings.Join(names, " "), err)
	case "signal":
		pid, _ := strconv.Atoi(args[0])
		say("signal: %v", syscall.Kill(pid, syscall.SIGTERM))
	case "owner":
		// Signals the kernel sends for a descriptor of the run's own: a
		// pipe whose owner is another process, SIGKILL on I/O.
		pid, _ := strconv.Atoi(args[1])
		say("owner %s: %v", args[0], signalByOwner(args[0], pid))
	case "spike":
		// Memory held for a moment and freed: 200 MiB, touched at once,
		// then either CPU work or an exit right after.
		mem, err := unix.Mmap(-1, 0, 200<<20, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANON|unix.MAP_POPULATE)
		if err == nil {
			err = unix.Munmap(mem)
		}
		switch args[0] {
		case "then-work":
			for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); {
			}
		case "then-wait":
			fmt.Println("spiked") // on stdout, for a test that polls it
			time.Sleep(10 * time.Second)
		}
		say("spike: %v", err)
	case "fill":
		// The disk: up to 100 files of 16 KiB each (under any file size
		// limit: their number is the attack), reserved at once, in
		// the run's own folder.
		made := 0
		var err error
		for ; made < 100; made++ {
			var f *os.File
			if f, err = os.Create(fmt.Sprintf("fill-%d", made)); err != nil {
				break
			}
			err = unix.Fallocate(int(f.Fd()), 0, 0, 16<<10)
			f.Close()
			if err != nil {
				break
			}
		}
		say("fill: %d files: %v", made, err)
	case "sendto":
		// A datagram to a named socket, without socket() or connect().
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_DGRAM, 0)
		if err == nil {
			err = unix.Sendto(fds[0], []byte("from the jail"), 0, &unix.SockaddrUnix{Name: args[0]})
		}
		say("sendto: %v", err)
	case "fds":
		// The Go runtime's own descriptors (epoll and its pipe) are opened
		// at start-up, after the jail: they come after 4.
		var fds []string
		var st syscall.Stat_t
		for fd := range 1024 {
			if syscall.Fstat(fd, &st) == nil && st.Mode&syscall.S_IFMT != 0 {
				fds = append(fds, strconv.Itoa(fd))
			}
		}
		say("fds: %s", strings.Join(fds, " "))
	case "escape":
		// A grandchild in a session of its own, meant to outlive the run.
		cmd := exec.Command("/tmp/solution", "attack", "sleep")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		say("escape: %v", cmd.Start())
	case "sleep":
		time.Sleep(30 * time.Second)
	case "forkbomb":
		// At most 200 children, each sleeping: a bounded bomb.
		started := 0
		var err error
		for range 200 {
			cmd := exec.Command("/tmp/solution", "attack", "sleep")
			if err = cmd.Start(); err != nil {
				break
			}
			started++
		}
		say("forkbomb: %d started, then %v", started, err)
	case "keyring":
		_, err := unix.KeyctlGetKeyringID(unix.KEY_SPEC_SESSION_KEYRING, false)
		_, err2 := unix.AddKey("user", "nqueens-jail-planted", []byte("x"), unix.KEY_SPEC_SESSION_KEYRING)
		say("keyring: %v, %v", err, err2)
	case "sysv":
		id, err := unix.SysvShmGet(unix.IPC_PRIVATE, 1<<20, unix.IPC_CREAT|0o600)
		if err == nil {
			unix.SysvShmCtl(id, unix.IPC_RMID, nil)
		}
		say("sysv: %v", err)
	case "forge":
		// The jail's own words on the crash channel, and its exit status.
		fmt.Fprintf(os.NewFile(4, "crash"), "nqueens-sandbox: mount /tmp: permission denied\n")
		os.Exit(125)
	case "shm":
		err := os.WriteFile("/dev/shm/"+args[0], make([]byte, 4<<20), 0o644)
		say("shm: %v", err)
	}
}

// jailRun runs this test binary as an attacker in a jail.
func jailRun(t *testing.T, lim Limits, args ...string) *Result {
	t.Helper()
	return jailRunProgram(t, Program{}, lim, args...)
}

// jailRunProgram runs this test binary as prog, an attacker, in a jail.
func jailRunProgram(t *testing.T, prog Program, lim Limits, args ...string) *Result {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	j := NewJail()
	if !j.Complete() {
		t.Skipf("no jail here: %v", j.Missing())
	}
	// This test binary is linked against the C library (package net).
	j.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"}
	prog.Path = self
	r, err := j.RunProgram(context.Background(), t.TempDir(), prog, append([]string{"attack"}, args...), lim)
	require.NoError(t, err)
	return r
}

func TestJailIsItsOwnPIDNamespace(t *testing.T) {
	r := jailRun(t, limits(), "whoami")
	assert.Equal(t, "pid 1 ppid 0\n", string(r.Answer), "%s", r.Output)
}

// landlockABIs are the Landlock ABIs the jail is tested at: none (with the
// namespaces and the minimal root alone), Ubuntu 22.04's 1, GitHub's
// runners' 4 and 5, and this kernel's own.
var landlockABIs = []string{"0", "1", "4", "5", "kernel"}

// userFiles makes, outside any /tmp, a folder like a user's: a secret file
// and a listening Unix socket (a D-Bus or an agent); it counts connections.
// accepted waits for no clock: it connects once itself, and a socket
// accepts in order, so when its own connection is accepted every one made
// before it (by a run that has ended) has been counted.
func userFiles(t *testing.T) (dir string, accepted func() int) {
	home, err := os.UserHomeDir()
	require.NoError(t, err)
	dir, err = os.MkdirTemp(home, "nqueens-jail-test-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.WriteFile(filepath.Join(dir, "secret"), []byte("ssh key"), 0o644))
	bus := filepath.Join(dir, "bus")
	l, err := net.Listen("unix", bus)
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	counted := make(chan int) // the count so far, when the test's own connection is accepted
	go func() {
		n := 0
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			// The test's own connection says so; a run's, ended, says
			// nothing (or not that) and reads as closed.
			mark := make([]byte, len(selfMark))
			k, _ := io.ReadFull(c, mark)
			c.Close()
			if k == len(selfMark) && string(mark) == selfMark {
				counted <- n
				continue
			}
			n++
		}
	}()
	return dir, func() int {
		c, err := net.Dial("unix", bus)
		require.NoError(t, err)
		_, err = c.Write([]byte(selfMark))
		require.NoError(t, err)
		c.Close()
		return <-counted
	}
}

// selfMark is what the test's own connection to a user's socket writes.
const selfMark = "the test itself"

func TestJailHidesTheUsersFilesAtEveryLandlockABI(t *testing.T) {
	dir, accepted := userFiles(t)
	secret, bus := filepath.Join(dir, "secret"), filepath.Join(dir, "bus")
	for _, abi := range landlockABIs {
		t.Run("Landlock "+abi, func(t *testing.T) {
			if abi != "kernel" {
				t.Setenv(LandlockEnv, abi)
			}
			r := jailRun(t, limits(), "read", secret)
			assert.Equal(t, "read: open "+secret+": no such file or directory\n", string(r.Answer), "the user's folder is not in the root")

			r = jailRun(t, limits(), "write", filepath.Join(dir, "planted"))
			assert.Contains(t, string(r.Answer), "write: open ")
			assert.NoFileExists(t, filepath.Join(dir, "planted"))

			for _, f := range []string{"/etc/passwd", "/planted", "/usr/lib/planted"} {
				r = jailRun(t, limits(), "write", f)
				assert.NotEqual(t, "write: <nil>\n", string(r.Answer), f)
			}
			r = jailRun(t, limits(), "read", "/etc/passwd")
			assert.Contains(t, string(r.Answer), "no such file or directory", "/etc is not in a run's root")

			r = jailRun(t, limits(), "unix", bus)
			assert.Contains(t, string(r.Answer), "unix: dial unix "+bus)
			assert.Zero(t, accepted(), "a connection from the jail reached the user's socket")

			r = jailRun(t, limits(), "list", "/")
			if NewJail().Landlock() == 0 {
				assert.Equal(t, "list: dev lib lib64 proc tmp usr <nil>\n", string(r.Answer), "the root holds only what the run needs")
			} else {
				assert.Equal(t, "list:  open /: permission denied\n", string(r.Answer), "Landlock grants no reading of the root itself")
			}
		})
	}
}

func TestJailUsesTheLandlockABIItIsGiven(t *testing.T) {
	t.Setenv(LandlockEnv, "") // the kernel's own, whatever the suite runs at
	kernel := NewJail().Landlock()
	if kernel == 0 {
		t.Skip("no Landlock on this kernel")
	}
	for _, abi := range []int{0, 1, 4, 5} {
		t.Setenv(LandlockEnv, strconv.Itoa(abi))
		assert.Equal(t, min(abi, kernel), NewJail().Landlock())
	}
	t.Setenv(LandlockEnv, "")
	assert.Equal(t, min(kernel, jail.LandlockUpTo), NewJail().Landlock())
}

func TestJailHasNoNetwork(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	accepted := make(chan struct{}, 1)
	go func() {
		if c, err := l.Accept(); err == nil {
			c.Close()
			accepted <- struct{}{}
		}
	}()
	r := jailRun(t, limits(), "dial", l.Addr().String())
	assert.Contains(t, string(r.Answer), "dial: dial tcp")
	assert.NotEqual(t, "dial: <nil>\n", string(r.Answer))
	select {
	case <-accepted:
		t.Fatal("a connection from the jail reached the listener")
	case <-time.After(100 * time.Millisecond):
	}
}

func TestJailCannotSignalTheJudge(t *testing.T) {
	// The seccomp filter refuses a signal to any process but the run's
	// own; the PID namespace would not find the judge either.
	r := jailRun(t, limits(), "signal", strconv.Itoa(os.Getpid()))
	assert.Equal(t, "signal: operation not permitted\n", string(r.Answer))
}

func TestJailHasOnlyItsOwnFileDescriptors(t *testing.T) {
	r := jailRun(t, limits(), "fds")
	// 0-4, then whatever the Go runtime opened for itself in the jail.
	assert.Regexp(t, `^fds: 0 1 2 3 4( \d+)*\n$`, string(r.Answer))
	assert.NotContains(t, string(r.Answer), " 5 ", "the binary handed over on 5 is closed before the program runs")
}

func TestJailRefusesProcessesKeyringsAndSysVIPC(t *testing.T) {
	r := jailRun(t, limits(), "escape")
	assert.Equal(t, "escape: fork/exec /tmp/solution: operation not permitted\n", string(r.Answer), "threads only: a child's CPU time could hide")
	r = jailRun(t, limits(), "keyring")
	assert.Equal(t, "keyring: operation not permitted, operation not permitted\n", string(r.Answer))
	r = jailRun(t, limits(), "sysv")
	assert.Equal(t, "sysv: operation not permitted\n", string(r.Answer), "shared memory shows in no process's memory")
}

func TestJailSetUpIsNotTheProgramsTime(t *testing.T) {
	t.Parallel() // it waits 5 s, beside the other tests that wait
	// The idle and wall clocks start with the program, not with the jail's
	// set-up: a program that answers at once is not "no progress for
	// 4000 ms" while the jail's mounts wait in a busy kernel.
	lim := limits()
	// The set-up's delay is longer than the hard wall (4 s) and the idle
	// limit; the idle limit is long enough for a start-up on a busy machine
	// and for this binary built with -race, which waits about 1 s in the
	// jail before it runs.
	lim.CPU, lim.Idle = 100*time.Millisecond, 3*time.Second
	delay := 5 * time.Second
	if queenstest.RaceEnabled {
		// Built with -race, this binary's start takes more than 100 ms of
		// CPU where a page fault is slow: the hard wall (8 s) stays below
		// the delay.
		lim.CPU, delay = 500*time.Millisecond, 9*time.Second
	}
	r := jailRunProgram(t, Program{setupDelay: delay}, lim, "whoami")
	assert.Equal(t, None, r.Killed)
	assert.Equal(t, "pid 1 ppid 0\n", string(r.Answer))
}

func TestJailSetUpCPUIsNotTheProgramsTime(t *testing.T) {
	// The kernel counts a process's CPU time across exec: the helper's
	// own (its Go runtime's start, the mounts; here a second of it) would
	// be the program's. A program that answers at once is not out of
	// its 500 ms, and is charged a small part of them (its own start).
	lim := limits()
	lim.CPU = 500 * time.Millisecond
	r := jailRunProgram(t, Program{setupSpin: time.Second}, lim, "whoami")
	assert.Equal(t, None, r.Killed)
	assert.Equal(t, "pid 1 ppid 0\n", string(r.Answer))
	assert.Less(t, r.CPU, lim.CPU)
}

func TestSetupCPUIsReadFromTheHelpersReport(t *testing.T) {
	d, err := setupCPU([]byte(jail.SetupMark + "20500000\n"))
	require.NoError(t, err)
	assert.Equal(t, 20500*time.Microsecond, d)
	d, err = setupCPU([]byte(jail.Mark + "mount /tmp: permission denied\n"))
	require.NoError(t, err, "a helper that failed reports no set-up")
	assert.Zero(t, d)
	_, err = setupCPU([]byte(jail.SetupMark + "-5\n"))
	assert.ErrorContains(t, err, "set-up's CPU time")
}

func TestJailFailureCannotBeForged(t *testing.T) {
	r := jailRun(t, limits(), "forge")
	assert.Equal(t, 125, r.ExitCode, "the program's own exit status, not the jail's failure")
	assert.Contains(t, string(r.Crash), "nqueens-sandbox: mount /tmp")
}

// UseHelper's program is what starts every jailed run: here one that
// only says, on the report channel, that it ran and could not build the
// jail, which the run then fails with.
func TestUseHelperStartsEveryRunWithIt(t *testing.T) {
	j := NewJail()
	if !j.Isolates() {
		t.Skipf("no jail here: %v", j.Missing())
	}
	fake := filepath.Join(t.TempDir(), "helper")
	script := fmt.Sprintf("#!/bin/sh\necho '%sa helper of the test ran' >&%d\nexit %d\n", jail.Mark, jail.ReportFD, jail.Failed)
	require.NoError(t, os.WriteFile(fake, []byte(script), 0o755))
	UseHelper(fake)
	t.Cleanup(func() { UseHelper("") })
	self, err := os.Executable()
	require.NoError(t, err)
	_, err = j.Run(context.Background(), t.TempDir(), []string{self, "attack", "escape"}, limits())
	assert.ErrorContains(t, err, "a helper of the test ran")
}

func TestJailRunsAToolInPlaceWithItsBuildDirectory(t *testing.T) {
	j := NewJail()
	if !j.Complete() {
		t.Skipf("no jail here: %v", j.Missing())
	}
	self, err := os.Executable()
	require.NoError(t, err)
	dir := t.TempDir() // under the machine's /tmp, hidden from runs but for this bind
	prog := Program{Path: self, InPlace: true, Tool: true, Dir: dir, Writable: []string{dir}, ReadOnly: []string{"/lib", "/lib64", "/usr/lib"}}
	r, err := j.RunProgram(context.Background(), dir, prog, []string{"attack", "write", filepath.Join(dir, "out.o")}, limits())
	require.NoError(t, err)
	assert.Equal(t, "write: <nil>\n", string(r.Answer), "%s", r.Output)
	assert.FileExists(t, filepath.Join(dir, "out.o"))

	r, err = j.RunProgram(context.Background(), dir, prog, []string{"attack", "read", "/etc/passwd"}, limits())
	require.NoError(t, err)
	assert.NotEqual(t, "read: <nil>\n", string(r.Answer), "a tool sees only its toolchain and its build directory")
}

func TestJailLeavesNothingBehind(t *testing.T) {
	start := time.Now()
	r := jailRunProgram(t, Program{Tool: true}, limits(), "escape")
	assert.Equal(t, "escape: <nil>\n", string(r.Answer), "a tool may start processes")
	assert.Less(t, time.Since(start), notWaited, "the escaped grandchild must not hold the run open")
	assert.Empty(t, leftOver("solution attack sleep"), "a process of the run outlived it")
}

// leftOver waits for the processes whose command line holds pattern to be
// gone, as a run's end kills them, and returns those still there after
// notWaited: none when the jail left nothing behind.
func leftOver(pattern string) string {
	var out []byte
	for deadline := time.Now().Add(notWaited); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		out, _ = exec.Command("pgrep", "-f", pattern).Output()
		if len(strings.TrimSpace(string(out))) == 0 {
			return ""
		}
	}
	return strings.TrimSpace(string(out))
}

func TestJailBoundsAForkBomb(t *testing.T) {
	// Memory out of the way: under -race each copy of this test binary
	// holds tens of MiB, and sixteen of them once passed 256 MiB before the
	// process count was seen (CI, -race stage). The test is of the process
	// limit.
	lim := limits()
	lim.Memory = 2 << 30
	r := jailRun(t, lim, "forkbomb")
	if r.Killed == None {
		assert.Contains(t, string(r.Answer), "then fork/exec", "the process limit stops the forks")
	} else {
		assert.Equal(t, Processes, r.Killed)
	}
	assert.Empty(t, leftOver("solution attack sleep"))
}

func TestJailShmVanishes(t *testing.T) {
	name := fmt.Sprintf("nqueens-jail-%d", os.Getpid())
	// The program's answer says what happened (a test that only looked at
	// the host passed too when nothing was written at all): with Landlock
	// the write is refused; without it, the file is created in the run's
	// own /dev/shm, which goes with the run.
	for _, abi := range []string{"kernel", "0"} {
		t.Run("Landlock "+abi, func(t *testing.T) {
			if abi != "kernel" {
				t.Setenv(LandlockEnv, abi)
			}
			r := jailRun(t, limits(), "shm", name)
			if NewJail().Landlock() == 0 {
				// Created there, and cut at the run's file-size cap.
				assert.Equal(t, "shm: write /dev/shm/"+name+": file too large\n", string(r.Answer), "written in the jail's own /dev/shm")
			} else {
				assert.Equal(t, "shm: open /dev/shm/"+name+": permission denied\n", string(r.Answer))
			}
			assert.NoFileExists(t, "/dev/shm/"+name)
		})
	}
}

// A thread that is runnable (or in the disk's queue) waits for the
// machine, and a run of it is not idle however long it goes without CPU
// time; one that sleeps or is stopped is idle. Each state is held until
// seen: nothing here depends on timing.
func TestTreeWaitingIsRunnableThreadsOnly(t *testing.T) {
	needsProc(t)
	for _, tt := range []struct {
		name, script string
		waiting      bool
	}{
		{"a loop", "while :; do :; done", true},
		{"a parent whose child loops", "(while :; do :; done) & wait", true},
		{"a sleeper", "sleep 60", false},
		{"a program stopped", "kill -STOP $$", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command("/bin/sh", "-c", tt.script)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			require.NoError(t, cmd.Start())
			defer func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); cmd.Wait() }()
			assert.Eventually(t, func() bool { return treeWaiting(cmd.Process.Pid) == tt.waiting }, notWaited, 10*time.Millisecond)
		})
	}
}

// A run's group is killed once its program has ended and before it is
// reaped, while the program's number, the group's, is still its own; after
// the reap that number may be another group's (another judge's run), and
// kill sends nothing. Bounded: the process left behind sleeps a minute.
func TestAGroupIsNotSignalledOnceItsProgramIsReaped(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sleep 60 & echo $!")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var left int
	_, err = fmt.Fscan(out, &left)
	require.NoError(t, err)
	g := &group{proc: cmd.Process}
	g.ended()
	require.NoError(t, cmd.Wait())
	assert.Eventually(t, func() bool {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", left))
		return err != nil || strings.Contains(string(stat), ") Z ")
	}, 5*time.Second, 10*time.Millisecond, "the process left in the group is killed")
	assert.False(t, g.kill(), "no signal to a number that may be another group's")
}

// TestCPUNetHoldsByTheKernelsCount: the kernel holds a program to
// RLIMIT_CPU by its own count of clock ticks, which can run ahead of the
// CPU time rusage and /proc report (what the watchdog and the verdict
// read). The test measures, once, the time reported when the kernel stops
// a loop at 1 s, and checks that at every CPU limit the kit uses the
// net's kill would be reported past the limit with half the limit to
// spare: the watchdog stops a run out of time first, or the kernel's kill
// reads as the CPU limit, never as a crash.
func TestCPUNetHoldsByTheKernelsCount(t *testing.T) {
	t.Parallel() // beside the tests that wait
	cmd := exec.Command("/bin/sh", "-c", "while :; do :; done")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	one := unix.Rlimit{Cur: 1, Max: 1}
	if err := unix.Prlimit(cmd.Process.Pid, unix.RLIMIT_CPU, &one, nil); err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("set RLIMIT_CPU: %v", err)
	}
	cmd.Wait()
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	require.True(t, ws.Signaled(), "the kernel stopped the loop")
	reportedPerSecond := (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	t.Logf("the kernel's 1 s of CPU time: %.3f s by rusage", reportedPerSecond)
	ratio := min(reportedPerSecond, 1)
	for _, limit := range []time.Duration{300 * time.Millisecond, 2 * time.Second, 21390 * time.Millisecond, 60 * time.Second} {
		reported := float64(cpuNet(limit)) * ratio
		assert.GreaterOrEqual(t, reported, 1.5*limit.Seconds(), "the net for a %v limit is reached at %.2f s by rusage", limit, reported)
	}
}

// A program that has ended but is not reaped yet (a zombie) is not
// running: the watchdog must not read its CPU time, which grows no more,
// as an idle program's (an answered, exited run was once stopped by "idle"
// beside CI's burners).
func TestAnEndedProgramIsNotWatched(t *testing.T) {
	cmd := exec.Command("/bin/true")
	require.NoError(t, cmd.Start())
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	_, ok := treeStat(cmd.Process.Pid, nil)
	assert.False(t, ok, "ended, not yet reaped")
	require.NoError(t, cmd.Wait())
}

// Limits.Idle 0 is no idle limit where the program is watched: a program
// that sleeps before it answers is not stopped at the first poll.
func TestNoIdleLimitWhenIdleIsZero(t *testing.T) {
	lim := Limits{CPU: 2 * time.Second, Memory: 64 << 20, Output: 1 << 10, Answer: 1 << 10}
	res, err := Run(context.Background(), t.TempDir(), []string{"/bin/sh", "-c", "sleep 0.2; echo 2 >&3"}, lim)
	require.NoError(t, err)
	assert.Equal(t, None, res.Killed)
	assert.Equal(t, "2\n", string(res.Answer))
}

// The files a watchdog holds open between polls read anew at each poll: a
// child started after the first poll is seen, and its CPU time grows; an
// ended program is not watched; close leaves no file open.
func TestHeldProcFilesFollowTheTree(t *testing.T) {
	before := queenstest.OpenFiles(t)
	cmd := exec.Command("/bin/sh", "-c", "read x; /bin/sh -c 'while :; do :; done' & wait")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // the loop dies with its group
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	files := newProcFiles()
	first, ok := treeStat(cmd.Process.Pid, files)
	require.True(t, ok)
	assert.Equal(t, 1, first.procs, "the shell alone, waiting to read")
	require.Greater(t, queenstest.OpenFiles(t), before, "the poll's files are held")
	in.Write([]byte("go\n"))
	assert.Eventually(t, func() bool {
		now, ok := treeStat(cmd.Process.Pid, files)
		return ok && now.procs == 2 && now.cpu > first.cpu
	}, notWaited, 10*time.Millisecond, "the child and its CPU time, read through the held files")
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	var info unix.Siginfo
	for unix.Waitid(unix.P_PID, cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil) == unix.EINTR {
	}
	_, ok = treeStat(cmd.Process.Pid, files)
	assert.False(t, ok, "ended")
	files.close()
	in.Close()
	cmd.Wait() // and the pidfd os.Process holds
	assert.Equal(t, before, queenstest.OpenFiles(t), "no file left open")
}
