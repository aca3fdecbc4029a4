//go:build windows

package sandbox

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// group is a started program and every process it starts: on Windows, a
// Job Object. The job caps the CPU time, committed memory and number of
// processes of the whole tree, and kills the tree when its handle closes,
// even if the judge itself dies.
type group struct {
	job windows.Handle
}

// sigCPU: Windows has no signals; a job stops a program at its CPU limit
// by ending it, which Run sees from the job's accounting.
const sigCPU = syscall.Signal(-1)

// basicAccounting is JOBOBJECT_BASIC_ACCOUNTING_INFORMATION.
type basicAccounting struct {
	TotalUserTime             int64 // 100 ns units
	TotalKernelTime           int64
	ThisPeriodTotalUserTime   int64
	ThisPeriodTotalKernelTime int64
	TotalPageFaultCount       uint32
	TotalProcesses            uint32
	ActiveProcesses           uint32
	TotalTerminatedProcesses  uint32
}

// passChannels hands the answer and crash channels to the program as
// inherited handles, named in its environment (NQUEENS_FD3, NQUEENS_FD4):
// Windows has no file descriptors 3 and 4 to pass.
func passChannels(cmd *exec.Cmd, files ...*os.File) error {
	for i, f := range files {
		h := windows.Handle(f.Fd())
		if err := windows.SetHandleInformation(h, windows.HANDLE_FLAG_INHERIT, windows.HANDLE_FLAG_INHERIT); err != nil {
			return msg.Errorf("pass channel %d: %w", 3+i, err)
		}
		cmd.SysProcAttr.AdditionalInheritedHandles = append(cmd.SysProcAttr.AdditionalInheritedHandles, syscall.Handle(h))
		cmd.Env = append(cmd.Env, ChannelEnv+strconv.Itoa(3+i)+"="+strconv.FormatUint(uint64(h), 10))
	}
	return nil
}

// programEnv is the whole environment a program runs with.
func programEnv(dir string, lim Limits) []string {
	return []string{"SYSTEMROOT=" + os.Getenv("SYSTEMROOT"), "PATH=" + os.Getenv("SYSTEMROOT") + `\System32`,
		"USERPROFILE=" + dir, "TMP=" + dir, "TEMP=" + dir, "GOTRACEBACK=single"}
}

// newGroup puts the program, started suspended, in a new Job Object with
// the run's limits, and only then lets it run. The job's own CPU and
// memory caps sit above the limits as a net; the watchdog, polling the
// job's accounting, stops the program at the limits themselves.
func newGroup(cmd *exec.Cmd, prog Program, lim Limits, jailed bool) (*group, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return nil, msg.Errorf("create job object: %w", err)
	}
	g := &group{job: job}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_JOB_TIME | windows.JOB_OBJECT_LIMIT_JOB_MEMORY |
		windows.JOB_OBJECT_LIMIT_ACTIVE_PROCESS | windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	info.BasicLimitInformation.PerJobUserTimeLimit = int64((lim.CPU + 2*time.Second) / 100)
	info.BasicLimitInformation.ActiveProcessLimit = uint32(lim.Processes)
	info.JobMemoryLimit = uintptr(max(2*lim.Memory, 1<<30))
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		g.close()
		return nil, msg.Errorf("limit job object: %w", err)
	}
	pid := uint32(cmd.Process.Pid)
	proc, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, pid)
	if err != nil {
		g.close()
		return nil, msg.Errorf("open process %d: %w", pid, err)
	}
	defer windows.CloseHandle(proc)
	if err := windows.AssignProcessToJobObject(job, proc); err != nil {
		g.close()
		return nil, msg.Errorf("assign process %d to its job: %w", pid, err)
	}
	if err := resume(pid); err != nil {
		g.close()
		return nil, err
	}
	return g, nil
}

// resume starts the threads of a process created suspended.
func resume(pid uint32) error {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return msg.Errorf("list threads: %w", err)
	}
	defer windows.CloseHandle(snap)
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := 0
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != pid {
			continue
		}
		t, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return msg.Errorf("open thread %d: %w", te.ThreadID, err)
		}
		_, err = windows.ResumeThread(t)
		windows.CloseHandle(t)
		if err != nil {
			return msg.Errorf("resume thread %d: %w", te.ThreadID, err)
		}
		resumed++
	}
	if resumed == 0 {
		return msg.Errorf("resume process %d: no thread found", pid)
	}
	return nil
}

// stat reads the job's accounting: the CPU time of every process that was
// ever in it, its peak committed memory, and the processes in it now.
// waiting cannot tell, on Windows, a program waiting for a core from an
// idle one: the CPU time's growth alone decides.
func (g *group) waiting() bool { return false }

func (g *group) stat() (tree, bool) {
	var acct basicAccounting
	if err := windows.QueryInformationJobObject(g.job, windows.JobObjectBasicAccountingInformation,
		uintptr(unsafe.Pointer(&acct)), uint32(unsafe.Sizeof(acct)), nil); err != nil {
		return tree{}, false
	}
	var ext windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	if err := windows.QueryInformationJobObject(g.job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&ext)), uint32(unsafe.Sizeof(ext)), nil); err != nil {
		return tree{}, false
	}
	return tree{
		cpu:   time.Duration(acct.TotalUserTime+acct.TotalKernelTime) * 100,
		rss:   int64(ext.PeakJobMemoryUsed),
		procs: int(acct.ActiveProcesses),
	}, true
}

func (g *group) kill() bool { return windows.TerminateJobObject(g.job, 1) == nil }

// ended: a job's handle is the judge's own, never another's; nothing to do.
func (g *group) ended() {}

// quit is not possible on Windows, which has no SIGQUIT: the program is
// killed without saying where it was.
func (g *group) quit() bool { return false }

func (g *group) close() { windows.CloseHandle(g.job) }

// peakRSS: Windows reports a job's peak memory, which stat reads.
func peakRSS(ps *os.ProcessState) int64 { return 0 }

// ownPeak is not needed here: rusage's peak is not compared on Windows.
func ownPeak() int64 { return 0 }
