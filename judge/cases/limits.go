package cases

import (
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// Default limits of a case that sets none, chosen from measurement: the
// slowest method the course teaches (the array method) needs about 0.75 s
// of CPU at n = 13, the largest n without a relative limit, so 2 s leaves it
// more than 2.5 times that and still names an endless loop within 2 s.
// Cases that must separate fast solutions from slow ones set a CPU limit
// relative to the reference instead.
const (
	DefaultCPU    = 2 * time.Second  // user+sys time of the solution's processes
	DefaultMemory = 512 << 20        // peak resident bytes
	DefaultOutput = 1 << 20          // the student's own prints, stdout and stderr together
	AnswerLimit   = 16 << 20         // the answer itself; 51 at n = 10 needs about 90 KB
	maxCPU        = 10 * time.Minute // the largest CPU limit a case may set
	calibrateCap  = 10 * time.Minute // the CPU a reference may use while being measured
	idleGrace     = 2 * time.Second  // a program making no progress is stopped this long after its CPU limit
	roundLimit    = 10 * time.Millisecond
)

// Limits is what a case's limit command says.
type Limits struct {
	CPU    time.Duration // absolute CPU limit, or 0
	Factor float64       // CPU limit as a multiple of the reference's time, or 0
	Idle   time.Duration // backstop for a program that makes no progress; 0: derived from the CPU limit
	Memory int64         // 0: the default
	Output int64         // 0: the default
}

// DefaultFactor is the factor of the kit's relative cases (docs/judge.md, "Time
// limits"), for a case made relative where the case file has none.
const DefaultFactor = 2.9

// VerifyMargin is the room -verify proves on each side of a relative
// limit: a solution declared AC must pass with the limit divided by it,
// one declared TLE must fail with the limit multiplied by it. (Kattis asks
// for 2 and 1.5; here the slowest bitmask style a beginner writes needs
// 2.1 times the reference and the fastest boolean-array search 4.0 times
// it, which leaves room for 1.3 on each side of 2.9 and no more:
// docs/judge.md, "Time limits".)
const VerifyMargin = 1.3

// CheckScale is what a checked build's run multiplies a case's CPU limit
// by: AddressSanitizer and the C++ library's debug mode slow a search by
// up to ten times (the boolean-array method's vector<bool> in C++ at
// n = 13: 3.0 s against 0.30 s; docs/measurements.md). The timed run came
// first, within the case's limit; a check stopped for time finds nothing,
// and the timed run's verdict stands.
const CheckScale = 10

// VerifyScale is what -verify multiplies a solution's relative limits by,
// for the verdict it declares: 1/VerifyMargin for AC, VerifyMargin for
// TLE, 1 for one borderline by design (thin) or declared otherwise.
func VerifyScale(declared verdict.Verdict, thin bool) float64 {
	switch {
	case declared == verdict.AC && thin:
		return 1
	case declared == verdict.AC:
		return 1 / VerifyMargin
	case declared == verdict.TLE:
		return VerifyMargin
	}
	return 1
}

// ParseLimits reads "cpu=2s", "cpu=4x", "wall=5s", "mem=256MiB", "out=64KiB".
func ParseLimits(args []string) (Limits, error) {
	var l Limits
	if len(args) == 0 {
		return l, msg.Errorf("usage: limit [cpu=DURATION|cpu=FACTORx] [wall=DURATION] [mem=SIZE] [out=SIZE]")
	}
	for _, a := range args {
		key, val, ok := strings.Cut(a, "=")
		if !ok {
			return l, msg.Errorf("limit %q: want key=value", a)
		}
		var err error
		switch key {
		case "cpu":
			if f, ok := strings.CutSuffix(val, "x"); ok {
				l.Factor, err = strconv.ParseFloat(f, 64)
				if err == nil && (l.Factor <= 1 || l.Factor > 100) {
					err = msg.Errorf("factor %s out of range (1, 100]", f)
				}
			} else {
				l.CPU, err = parseDuration(val)
			}
		case "wall":
			l.Idle, err = parseDuration(val)
		case "mem":
			l.Memory, err = parseSize(val, 16<<20, 8<<30)
		case "out":
			l.Output, err = parseSize(val, 1, 1<<30)
		default:
			return l, msg.Errorf("limit %q: unknown key %q (want cpu, wall, mem or out)", a, key)
		}
		if err != nil {
			return l, msg.Errorf("limit %q: %w", a, err)
		}
	}
	return l, nil
}

func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, err
	}
	if d <= 0 || d > maxCPU {
		return 0, msg.Errorf("duration %s out of range (0, %s]", s, maxCPU)
	}
	return d, nil
}

// parseSize reads a byte count with an optional KiB, MiB or GiB suffix.
func parseSize(s string, lo, hi int64) (int64, error) {
	mult := int64(1)
	for suffix, m := range map[string]int64{"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30} {
		if v, ok := strings.CutSuffix(s, suffix); ok {
			s, mult = v, m
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, msg.Errorf("bad size %q", s)
	}
	n *= mult
	if n < lo || n > hi {
		return 0, msg.Errorf("size %d out of range [%d, %d]", n, lo, hi)
	}
	return n, nil
}

// A Reference is what a relative CPU limit is relative to: the reference's
// CPU time on the case, and how much of it went into starting its programs
// (once per solve), which no method can shorten.
type Reference struct {
	CPU, Startup time.Duration
}

// Search is the reference's CPU time in its search: start-up left out.
func (r Reference) Search() time.Duration { return max(r.CPU-r.Startup, 0) }

// RelativeCPU is a relative CPU limit: the reference's start-up plus factor
// times its search, rounded up to the next 10 ms. Taking the start-up out
// keeps a method's ratio the same in every language: in Java the JVM's
// start-up, the same for every method, would otherwise make a slow
// search's whole run look closer to the reference's (docs/judge.md, "Time
// limits").
//
// A search measured as less than a tenth of the reference's run counts as
// that tenth (minSearchShare): the start-up and the case are timed apart,
// and where the start-up is nearly the whole run their difference is
// within its jitter, not the search. Beside `go test -race`, on a busy
// machine, a Go start-up was measured within 0.3 ms of the reference's
// 112 ms on 12-queens: the limit at 30× was 120 ms, and masks tested
// column by column (141 ms) were TLE there.
func RelativeCPU(factor float64, ref Reference) time.Duration {
	startup := min(ref.Startup, ref.CPU)
	search := max(ref.Search(), ref.CPU/minSearchShare)
	return RoundUp(startup + time.Duration(factor*float64(search)))
}

// minSearchShare is the smallest share of the reference's run a relative
// limit takes as its search: see RelativeCPU.
const minSearchShare = 10

// Resolve turns a case's limits into the limits of one run; ref is the
// reference's time on the case, for a relative limit.
func (l Limits) Resolve(ref Reference) sandbox.Limits {
	cpu := DefaultCPU
	switch {
	case l.Factor > 0:
		cpu = RelativeCPU(l.Factor, ref)
	case l.CPU > 0:
		cpu = l.CPU
	}
	return l.with(cpu)
}

// Calibration is the limits of a run of the reference while it is being
// measured: a relative CPU limit becomes a generous cap.
func (l Limits) Calibration() sandbox.Limits {
	if l.Factor > 0 {
		return l.with(calibrateCap)
	}
	return l.Resolve(Reference{})
}

// with is the limits of a run with CPU limit cpu.
func (l Limits) with(cpu time.Duration) sandbox.Limits {
	lim := sandbox.Limits{CPU: cpu, Memory: DefaultMemory, Output: DefaultOutput, Answer: AnswerLimit}
	lim.Idle = lim.CPU + idleGrace
	if l.Idle > 0 {
		lim.Idle = l.Idle
	}
	if l.Memory > 0 {
		lim.Memory = l.Memory
	}
	if l.Output > 0 {
		lim.Output = l.Output
	}
	return lim
}

// RoundUp rounds a CPU limit up to the next 10 ms.
func RoundUp(d time.Duration) time.Duration {
	return (d + roundLimit - 1) / roundLimit * roundLimit
}
