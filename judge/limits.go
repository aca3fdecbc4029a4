package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// Default limits of a case that sets none. Generous on purpose: no correct
// solution of either problem comes near them for n <= 13. Cases that must
// separate fast solutions from slow ones set a CPU limit relative to the
// reference (see calibrate.go).
const (
	defaultCPU    = 10 * time.Second // user+sys time of the solution's process
	defaultMemory = 512 << 20        // peak resident bytes
	defaultOutput = 1 << 20          // the student's own prints, stdout and stderr together
	answerLimit   = 16 << 20         // the answer itself; 51 at n = 10 needs about 90 KB
	maxCPU        = 10 * time.Minute // the largest CPU limit a case may set
	calibrateCap  = 10 * time.Minute // the CPU a reference may use while being measured
	minWall       = 1 * time.Second  // added to twice the CPU limit for the wall-clock backstop
	roundLimit    = 10 * time.Millisecond
)

// wallFor is the wall-clock backstop for a CPU limit: twice the CPU time and a
// second more, so that a busy machine never turns a CPU-bound run into a TLE.
func wallFor(cpu time.Duration) time.Duration { return 2*cpu + minWall }

func defaultLimits() sandbox.Limits {
	return sandbox.Limits{
		CPU:    defaultCPU,
		Wall:   wallFor(defaultCPU),
		Memory: defaultMemory,
		Output: defaultOutput,
		Answer: answerLimit,
	}
}

// caseLimits is what a case's limit command says.
type caseLimits struct {
	CPU    time.Duration // absolute CPU limit, or 0
	Factor float64       // CPU limit as a multiple of the reference's time, or 0
	Wall   time.Duration // 0: derived from the CPU limit
	Memory int64         // 0: the default
	Output int64         // 0: the default
}

// parseLimits reads "cpu=2s", "cpu=4x", "wall=5s", "mem=256MiB", "out=64KiB".
func parseLimits(args []string) (caseLimits, error) {
	var l caseLimits
	if len(args) == 0 {
		return l, fmt.Errorf("usage: limit [cpu=DURATION|cpu=FACTORx] [wall=DURATION] [mem=SIZE] [out=SIZE]")
	}
	for _, a := range args {
		key, val, ok := strings.Cut(a, "=")
		if !ok {
			return l, fmt.Errorf("limit %q: want key=value", a)
		}
		var err error
		switch key {
		case "cpu":
			if f, ok := strings.CutSuffix(val, "x"); ok {
				l.Factor, err = strconv.ParseFloat(f, 64)
				if err == nil && (l.Factor <= 1 || l.Factor > 100) {
					err = fmt.Errorf("factor %s out of range (1, 100]", f)
				}
			} else {
				l.CPU, err = parseDuration(val)
			}
		case "wall":
			l.Wall, err = parseDuration(val)
		case "mem":
			l.Memory, err = parseSize(val, 16<<20, 8<<30)
		case "out":
			l.Output, err = parseSize(val, 1, 1<<30)
		default:
			return l, fmt.Errorf("limit %q: unknown key %q (want cpu, wall, mem or out)", a, key)
		}
		if err != nil {
			return l, fmt.Errorf("limit %q: %w", a, err)
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
		return 0, fmt.Errorf("duration %s out of range (0, %s]", s, maxCPU)
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
		return 0, fmt.Errorf("bad size %q", s)
	}
	n *= mult
	if n < lo || n > hi {
		return 0, fmt.Errorf("size %d out of range [%d, %d]", n, lo, hi)
	}
	return n, nil
}

// resolve turns a case's limits into the limits of one run. ref is the
// reference's calibrated CPU time for the case (0 when calibrating).
func (l caseLimits) resolve(ref time.Duration, calibrating bool) sandbox.Limits {
	lim := defaultLimits()
	switch {
	case l.Factor > 0 && calibrating:
		lim.CPU = calibrateCap
	case l.Factor > 0:
		lim.CPU = roundUp(time.Duration(l.Factor * float64(ref)))
	case l.CPU > 0:
		lim.CPU = l.CPU
	}
	lim.Wall = wallFor(lim.CPU)
	if l.Wall > 0 {
		lim.Wall = l.Wall
	}
	if l.Memory > 0 {
		lim.Memory = l.Memory
	}
	if l.Output > 0 {
		lim.Output = l.Output
	}
	return lim
}

func roundUp(d time.Duration) time.Duration {
	return (d + roundLimit - 1) / roundLimit * roundLimit
}
