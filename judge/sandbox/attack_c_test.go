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
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/nqueens-kit/nqueens/judge/sandbox/jail"
)

// The C attacker (testdata/attack.c), built once per test binary.
var (
	cAttackOnce sync.Once
	cAttackDir  string
	cAttackErr  error
)

// cAttacker builds testdata/attack.c with gcc, once; without gcc the test
// is skipped (CI has it).
func cAttacker(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc here to build the C attacker")
	}
	cAttackOnce.Do(func() {
		cAttackDir, cAttackErr = os.MkdirTemp("", "nqueens-attack-")
		if cAttackErr != nil {
			return
		}
		out, err := exec.Command("gcc", "-O0", "-pthread", "-o", filepath.Join(cAttackDir, "attack"), "testdata/attack.c").CombinedOutput()
		if err != nil {
			cAttackErr = &exec.ExitError{Stderr: out}
		}
	})
	require.NoError(t, cAttackErr)
	return filepath.Join(cAttackDir, "attack")
}

// cJailRun runs the C attacker in a jail at the Landlock ABI in
// LandlockEnv.
func cJailRun(t *testing.T, lim Limits, args ...string) *Result {
	t.Helper()
	bin := cAttacker(t)
	j := NewJail()
	if !j.Complete() {
		t.Skipf("no jail here: %v", j.Missing())
	}
	j.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"}
	r, err := j.RunProgram(context.Background(), t.TempDir(), Program{Path: bin}, args, lim)
	require.NoError(t, err)
	return r
}

// withAndWithoutLandlock runs f with the kernel's Landlock and with none:
// what the jail stops must be stopped by more than Landlock alone.
func withAndWithoutLandlock(t *testing.T, f func(t *testing.T)) {
	for _, abi := range []string{"kernel", "0"} {
		t.Run("Landlock "+abi, func(t *testing.T) {
			if abi != "kernel" {
				t.Setenv(LandlockEnv, abi)
			}
			f(t)
		})
	}
}

func TestJailKillsCallsThroughOtherSystemCallTables(t *testing.T) {
	i386 := takesI386Calls(t)
	for _, attack := range []string{"i386-fork", "i386-shmget", "x32-fork"} {
		t.Run(attack, func(t *testing.T) {
			r := cJailRun(t, limits(), attack)
			if !i386 && strings.HasPrefix(attack, "i386") {
				// The kernel ends the caller itself: there is no call
				// for the filter to stop, here.
				assert.Contains(t, []syscall.Signal{syscall.SIGSYS, syscall.SIGSEGV}, r.Signal, "it said %q", r.Answer)
			} else {
				assert.Equal(t, syscall.SIGSYS, r.Signal, "killed by the filter; it said %q", r.Answer)
			}
			assert.Empty(t, string(r.Answer), "the call did not return")
		})
	}
}

// takesI386Calls reports whether this kernel takes i386 calls (int $0x80)
// at all, from a harmless one (getpid) made outside the jail: a kernel
// built without IA32 emulation, or some hypervisors', ends the caller by
// SIGSEGV instead.
func takesI386Calls(t *testing.T) bool {
	t.Helper()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	cmd := exec.Command(cAttacker(t), "i386-getpid")
	cmd.ExtraFiles = []*os.File{null}
	err = cmd.Run()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGSEGV {
		t.Log("this kernel takes no i386 calls: int $0x80 ends the caller by SIGSEGV")
		return false
	}
	require.NoError(t, err)
	return true
}

func TestJailsRootHasNoCapabilities(t *testing.T) {
	withAndWithoutLandlock(t, func(t *testing.T) {
		r := cJailRun(t, limits(), "capabilities")
		assert.Equal(t, "capget: ok\neffective 0000000000000000, 0 in the bounding set\n", string(r.Answer))
		for attack, want := range map[string]string{
			"remount":   "remount: Operation not permitted\n",
			"tmpfs":     "tmpfs: Operation not permitted\n",
			"unshare":   "unshare: Operation not permitted\n",
			"pdeathsig": "pdeathsig: Operation not permitted\n",
			"memfd":     "memfd: Operation not permitted\n",
			"socket":    "socket: Operation not permitted\n",
		} {
			r := cJailRun(t, limits(), attack, "/usr/lib")
			assert.Equal(t, want, string(r.Answer), attack)
		}
	})
}

func TestJailCountsThreads(t *testing.T) {
	r := cJailRun(t, limits(), "threads")
	if r.Killed == None {
		// RLIMIT_NPROC stopped the threads (an ordinary user's judge).
		started, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(string(r.Answer), "threads:")))
		require.NoError(t, err, "%q", r.Answer)
		assert.Less(t, started, DefaultProcesses)
	} else {
		// The watchdog counted them (root's judge: RLIMIT_NPROC binds no root).
		assert.Equal(t, Processes, r.Killed)
	}
}

func TestJailBoundsTheFilesOfItsTmp(t *testing.T) {
	r := cJailRun(t, limits(), "links")
	made, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(string(r.Answer), "links:")))
	require.NoError(t, err, "%q", r.Answer)
	assert.Less(t, made, jail.TmpInodes)
}

func TestJailPassesNoInheritedDescriptor(t *testing.T) {
	log := filepath.Join(t.TempDir(), "teacher.log")
	f, err := os.Create(log)
	require.NoError(t, err)
	defer f.Close()
	// Like a teacher's `judge … 9>>log`: a descriptor without close-on-exec.
	fd := inheritable(t, f)
	r := cJailRun(t, limits(), "write-fd", strconv.Itoa(fd))
	assert.Equal(t, "write-fd: Bad file descriptor\n", string(r.Answer))
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	assert.Empty(t, data)
}

func TestCloseInheritedMarksDescriptorsCloseOnExec(t *testing.T) {
	f, err := os.Open(os.DevNull)
	require.NoError(t, err)
	defer f.Close()
	fd := inheritable(t, f)
	flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
	require.NoError(t, err)
	require.Zero(t, flags&unix.FD_CLOEXEC, "F_DUPFD clears close-on-exec")
	CloseInherited()
	flags, err = unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0)
	require.NoError(t, err)
	assert.NotZero(t, flags&unix.FD_CLOEXEC)
}

// inheritable is a copy of f's descriptor that an exec would pass on, as a
// shell's redirection makes: the lowest free number from 9 on, above the
// jail's own channels. F_DUPFD never gives f's own number; dup2 to a fixed
// 9 failed with EINVAL when f already was 9, which depends on how many
// descriptors the test process inherited.
func inheritable(t *testing.T, f *os.File) int {
	t.Helper()
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD, 9)
	require.NoError(t, err)
	t.Cleanup(func() { unix.Close(fd) })
	return fd
}

// landlockTier is the jail as Ubuntu 24.04 as it ships leaves it: Landlock
// but no namespaces (its AppArmor rule gives a user namespace no
// capability, so no mount works in it). The judge's scripts simulate that
// rule itself with a seccomp filter (judge/main_test.go, "simulate").
func landlockTier(t *testing.T) *Jail {
	t.Helper()
	j := NewJail()
	if j.Landlock() == 0 {
		t.Skip("no Landlock on this kernel")
	}
	j.namespaces = false
	require.Equal(t, TierLandlock, j.Tier())
	j.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"}
	return j
}

// tierRun runs this test binary as an attacker through j.
func tierRun(t *testing.T, j *Jail, args ...string) *Result {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	r, err := j.RunProgram(context.Background(), t.TempDir(), Program{Path: self}, append([]string{"attack"}, args...), limits())
	require.NoError(t, err)
	return r
}

func TestLandlockTierStopsTheHostileFile(t *testing.T) {
	j := landlockTier(t)
	dir, accepted := userFiles(t)
	secret := filepath.Join(dir, "secret")

	r := tierRun(t, j, "whoami")
	assert.Regexp(t, fmt.Sprintf(`^pid \d+ ppid %d\n$`, os.Getpid()), string(r.Answer), "no PID namespace: the judge is its parent; %s", r.Output)

	r = tierRun(t, j, "read", secret)
	assert.Equal(t, "read: open "+secret+": permission denied\n", string(r.Answer))
	r = tierRun(t, j, "write", filepath.Join(dir, "planted"))
	assert.Contains(t, string(r.Answer), "permission denied")
	assert.NoFileExists(t, filepath.Join(dir, "planted"))

	r = tierRun(t, j, "unix", filepath.Join(dir, "bus"))
	assert.Contains(t, string(r.Answer), "operation not permitted")
	assert.Zero(t, accepted(), "a connection from the run reached the user's socket")

	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	r = tierRun(t, j, "dial", l.Addr().String())
	assert.Contains(t, string(r.Answer), "operation not permitted")

	// Another process of the same user.
	other := exec.Command("sleep", "30")
	require.NoError(t, other.Start())
	defer other.Process.Kill()
	r = tierRun(t, j, "signal", strconv.Itoa(other.Process.Pid))
	assert.Equal(t, "signal: operation not permitted\n", string(r.Answer))
	assert.NoError(t, other.Process.Signal(syscall.Signal(0)), "the other process lives")

	r = tierRun(t, j, "escape")
	assert.Contains(t, string(r.Answer), "operation not permitted", "no process of its own")
}

// inBothTiers runs f in the full tier and in the landlock tier at
// Ubuntu 24.04's ABI (4: no Landlock scope for signals and abstract
// sockets, ABI 6, to fall back on).
func inBothTiers(t *testing.T, f func(t *testing.T, j *Jail)) {
	for _, tier := range []string{"full", "landlock"} {
		t.Run(tier, func(t *testing.T) {
			j := NewJail()
			if tier == "landlock" {
				t.Setenv(LandlockEnv, "4")
				j = landlockTier(t)
			} else if !j.Complete() {
				t.Skipf("no jail here: %v", j.Missing())
			} else {
				j.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"}
			}
			f(t, j)
		})
	}
}

// signalRoutes are the ways a run could make the kernel signal another
// process with a descriptor of its own (kill, tgkill, rt_sigqueueinfo and
// pidfds are TestLandlockTierStopsTheHostileFile's and the filter's).
var signalRoutes = []string{"F_SETOWN", "F_SETOWN_EX", "FIOSETOWN", "SIOCSPGRP"}

func TestNoSignalLeavesARunInAnyTier(t *testing.T) {
	// The target is a process of the judge's user, as the judge itself,
	// the teacher's shell or a classmate's run would be; the signal is
	// SIGKILL, which would end it (only it) if a route were open.
	inBothTiers(t, func(t *testing.T, j *Jail) {
		for _, route := range signalRoutes {
			other := exec.Command("sleep", "30")
			require.NoError(t, other.Start())
			r := tierRun(t, j, "owner", route, strconv.Itoa(other.Process.Pid))
			assert.Regexp(t, "^owner "+route+": [A-Z_]+: operation not permitted\n$", string(r.Answer), "%s", r.Output)
			// The run's signal, had it been sent, came first: the
			// other process ends by the test's own.
			require.NoError(t, other.Process.Signal(syscall.SIGTERM))
			_ = other.Wait()
			ws := other.ProcessState.Sys().(syscall.WaitStatus)
			assert.Equal(t, syscall.SIGTERM, ws.Signal(), "%s: the run's signal reached another process", route)
		}
	})
}

func TestNoDatagramLeavesARunInAnyTier(t *testing.T) {
	inBothTiers(t, func(t *testing.T, j *Jail) {
		// A user's datagram socket (journald's, /dev/log, a service's).
		path := filepath.Join(t.TempDir(), "log")
		l, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
		require.NoError(t, err)
		defer l.Close()
		r := tierRun(t, j, "sendto", path)
		assert.Equal(t, "sendto: operation not permitted\n", string(r.Answer), "%s", r.Output)
		// What reached it, in order, up to the test's own datagram.
		c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: path, Net: "unixgram"})
		require.NoError(t, err)
		_, err = c.Write([]byte(selfMark))
		require.NoError(t, err)
		c.Close()
		buf := make([]byte, 64)
		n, err := l.Read(buf)
		require.NoError(t, err)
		assert.Equal(t, selfMark, string(buf[:n]), "a datagram from the run reached the user's socket")
	})
}

func TestARunWritesNoFileInAnyTier(t *testing.T) {
	// In the landlock tier the run's folder is on the user's disk, where
	// file sizes are capped and their number is not.
	inBothTiers(t, func(t *testing.T, j *Jail) {
		r := tierRun(t, j, "fill")
		assert.Equal(t, "fill: 0 files: open fill-0: permission denied\n", string(r.Answer), "%s", r.Output)
	})
}

// A peak held for a moment between two polls, or just before the end, is
// still over the limit: the kernel's record of the peak decides, in every
// run (each run here is one chance for a poll to miss it).
func TestMemoryAMomentOverTheLimitIsOverIt(t *testing.T) {
	j := NewJail()
	if !j.Complete() {
		t.Skipf("no jail here: %v", j.Missing())
	}
	j.ReadOnly = []string{"/lib", "/lib64", "/usr/lib"}
	lim := limits()
	lim.Memory = 64 << 20
	self, err := os.Executable()
	require.NoError(t, err)
	// No address-space net: the peak decides here, not RLIMIT_AS (which a
	// -race binary's shadow memory would reach before the spike did).
	prog := Program{Path: self, AddressSpace: Unlimited}
	for _, then := range []string{"then-work", "then-exit"} {
		for range 5 {
			r, err := j.RunProgram(context.Background(), t.TempDir(), prog, []string{"attack", "spike", then}, lim)
			require.NoError(t, err)
			assert.Equal(t, Memory, r.Killed, "%s: %s %s", then, r.Answer, r.Output)
			assert.Greater(t, r.MaxRSS, lim.Memory, then)
		}
	}
}

func TestAPollReadsTheKernelsPeakNotOnlyTheMemoryHeldNow(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self, "attack", "spike", "then-wait")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	buf := make([]byte, len("spiked\n"))
	_, err = io.ReadFull(out, buf) // the event: freed, and waiting
	require.NoError(t, err)
	tr, ok := treeStat(cmd.Process.Pid, nil)
	require.True(t, ok)
	assert.GreaterOrEqual(t, tr.peak, int64(200<<20), "the 200 MiB it held a moment")
	assert.Less(t, tr.rss, int64(100<<20), "and holds no more")
}

func TestLandlockTierLeavesTheRunNoPrivilege(t *testing.T) {
	j := landlockTier(t)
	bin := cAttacker(t)
	run := func(args ...string) string {
		r, err := j.RunProgram(context.Background(), t.TempDir(), Program{Path: bin}, args, limits())
		require.NoError(t, err)
		return string(r.Answer)
	}
	// The run is the judge's own user here: root's capabilities are
	// dropped, bounding set too; an ordinary user has none to drop.
	want := "capget: ok\neffective 0000000000000000, 0 in the bounding set\n"
	if os.Getuid() != 0 {
		want = `^capget: ok\neffective 0000000000000000, \d+ in the bounding set\n$`
	}
	assert.Regexp(t, want, run("capabilities"))
	assert.Equal(t, "remount: Operation not permitted\n", run("remount", "/usr/lib"))
	assert.Equal(t, "pdeathsig: Operation not permitted\n", run("pdeathsig"))
	assert.Equal(t, "socket: Operation not permitted\n", run("socket"))
}

func TestChannelIsTheHandleTheEnvironmentNames(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	fd, err := unix.Dup(int(w.Fd()))
	require.NoError(t, err)
	w.Close()
	// As on Windows: the answer's handle named in the environment.
	t.Setenv(ChannelEnv+"3", strconv.Itoa(fd))
	ch := Channel(3)
	_, err = ch.WriteString("42\n")
	require.NoError(t, err)
	ch.Close()
	got := make([]byte, 8)
	n, _ := r.Read(got)
	assert.Equal(t, "42\n", string(got[:n]))
}
