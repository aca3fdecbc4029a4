// -bench: every reference of a counting problem, timed side by side.

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/bench"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/chart"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// bench times every reference of a counting problem for n = 10..16, the
// programs taking turns within each round, and prints each one's time and
// its ratio to the problem's reference. With gcc installed, the bitmask
// search in C (-O2) runs too. parseArgs lets only counting problems through.
func (j *judge) bench(ctx context.Context) (int, error) {
	for _, p := range j.opts.Problems {
		entries, err := bench.Solutions(ctx, j.judging, p, j.opts.File, j.tempDir)
		if err != nil {
			return 0, err
		}
		b := &bench.Bench{Programs: entries, TempDir: j.tempDir, Activity: j.refs.Activity}
		base := slices.IndexFunc(entries, func(e *bench.Program) bool { return e.Name == p.Calibrator })
		if base < 0 {
			return 0, setupErrorf("bench %s: no reference %s/solution.go to compare with", p.Folder(), j.kit.Rel(filepath.Join(j.kit.Solutions(p), p.Calibrator)))
		}
		startLoad := loadAverage()
		msg.Fprintf(j.stdout, "%s on %s, GOMAXPROCS %d by default: CPU time of one run\n(median of %d alternating rounds when under %s; for fast, which uses several cores, wall time in brackets;\nruns predicted past %s left out, and stopped there)\n\n",
			p.Folder(), j.machine, runtime.NumCPU(), bench.Rounds, bench.Repeat, format.Duration(bench.Budget))
		fmt.Fprintf(j.stdout, "%-3s", "n")
		for _, e := range entries {
			fmt.Fprintf(j.stdout, "  %18s", e.Name)
		}
		fmt.Fprintln(j.stdout)
		all := make([]chart.Series, len(entries))
		for i, e := range entries {
			all[i] = chart.Series{Name: e.Name, Times: map[int]time.Duration{}}
		}
		msg.Fprintf(j.stderr, "bench: every solution at n = %d to %d, each n about %d times longer than the one before: a few minutes (5.5 min on a busy 2-core machine); after n = %d it says how long the rest should take\n",
			bench.From, bench.To, bench.Growth, bench.From)
		for n := bench.From; n <= bench.To; n++ {
			if err := j.benchN(ctx, b, n, base, all); err != nil {
				return 0, err
			}
			if left := b.Remaining(n); n < bench.To && left > 0 {
				msg.Fprintf(j.stderr, "bench: about %s more (n = %d to %d)\n", format.Minutes(left), n+1, bench.To)
			}
		}
		msg.Fprintf(j.stdout, "\nload average (1 min) %s at the start, %s at the end: on a busy machine CPU times grow too\n", startLoad, loadAverage())
		works, err := bench.CountedWork(ctx, j.judging, p, entries)
		if err != nil {
			return 0, err
		}
		j.printWork(entries, works)
		if j.opts.SVG != "" {
			if err := j.benchChart(p, all, all[base]); err != nil {
				return 0, err
			}
		}
	}
	return exitOK, nil
}

// benchN times every program at n and prints the row: each one's median
// CPU time and its ratio to the reference, b.Programs[base]; all gets
// the times.
func (j *judge) benchN(ctx context.Context, b *bench.Bench, n, base int, all []chart.Series) error {
	timings, err := b.Time(ctx, n)
	if err != nil {
		return err
	}
	baseCPU := timings[base].CPU
	fmt.Fprintf(j.stdout, "%-3d", n)
	for i, t := range timings {
		if !t.OK || !timings[base].OK {
			cell := "—"
			if t.Capped {
				cell = "> " + format.Short(bench.Budget)
			}
			fmt.Fprintf(j.stdout, "  %18s", cell)
			continue
		}
		all[i].Times[n] = t.CPU
		cell := fmt.Sprintf("%s %5.2f×", format.Short(t.CPU), float64(t.CPU)/float64(baseCPU))
		if b.Programs[i].AllCores {
			cell = fmt.Sprintf("%s [%s] %5.2f×", format.Short(t.CPU), format.Short(t.Wall), float64(t.CPU)/float64(baseCPU))
		}
		fmt.Fprintf(j.stdout, "  %18s", cell)
	}
	fmt.Fprintln(j.stdout)
	return nil
}

// printWork prints each program's counted work, where it was counted:
// what decides the verdict where the times are close.
func (j *judge) printWork(entries []*bench.Program, works []*judging.Work) {
	first := true
	for i, w := range works {
		if w == nil {
			continue
		}
		if first {
			msg.Fprintf(j.stdout, "\ncounted work at n = %d: how often each one's busiest line runs per position of the reference search (%s positions); the bitmask method's stays under %.1f, and a search over it fails the largest cases whatever its time\n",
				w.N, format.Thousands(w.Positions), w.Limit)
			first = false
		}
		verdict := msg.Sprintf("the bitmask method's work")
		if w.PerPosition > w.Limit {
			verdict = msg.Sprintf("not the bitmask method's work: TLE at the largest cases")
		}
		fmt.Fprintf(j.stdout, "  %-18s %6.1f  %s:%d, %s\n", entries[i].Name, w.PerPosition, entries[i].Sub.Display, w.Line, verdict)
	}
}

// benchChart writes the -svg chart: every solution timed, and the limit
// each n's case sets (relative limits from the reference's time here).
func (j *judge) benchChart(p *problem.Problem, all []chart.Series, ref chart.Series) error {
	cs, err := j.judging.Cases(p)
	if err != nil {
		return err
	}
	limit := chart.Series{Name: "limit", Times: map[int]time.Duration{}, Colour: "black", Dashed: true}
	for _, c := range cs {
		if len(c.Inputs) != 1 || c.Inputs[0] < bench.From {
			continue
		}
		n := c.Inputs[0]
		lim := c.Limits.Resolve(cases.Reference{}).CPU
		if c.Relative() {
			r, ok := ref.Times[n]
			if !ok {
				continue
			}
			// The bench times Go programs outside the jail, whose start-up
			// (about a millisecond) does not show on the chart's scale.
			lim = c.Limits.Resolve(cases.Reference{CPU: r}).CPU
			limit.Name = msg.Sprintf("limit (%s× ref.)", format.Factor(c.Limits.Factor))
		}
		limit.Times[n] = lim
	}
	f, err := os.Create(j.opts.SVG)
	if err != nil {
		return &setupError{Err: err}
	}
	defer f.Close()
	labels := chart.Labels{Title: msg.Sprintf("%s on this machine: one run of each solution", p.Folder()), Time: msg.Sprintf("CPU time of one run (log scale)")}
	if err := chart.Write(f, labels, bench.From, bench.To, append(all, limit)); err != nil {
		return err
	}
	msg.Fprintf(j.stderr, "chart written to %s\n", j.opts.SVG)
	return f.Close()
}

// loadAverage is the machine's load over the last minute, as /proc says;
// "unknown" elsewhere.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) > 0 {
		return f[0]
	}
	return msg.Sprintf("unknown")
}
