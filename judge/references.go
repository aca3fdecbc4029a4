// Calibration: how long the reference solution takes on this machine.
//
// A case that separates fast solutions from slow ones says "limit cpu=2.9x":
// its CPU limit is 2.9 times the CPU time the problem's reference needs for
// that case here. For a counting problem the judge does not run the
// reference on the case itself (16-queens takes seconds): it times the
// reference on n = 13 and 14, best of several runs, fits a cost per call of
// its search, and multiplies by the search's known number of calls at the
// case's n (queens.Calls). The two fits must agree within modelFit, or the
// reference is timed on the case directly. Measured here, a cost per call
// fitted at n = 14 predicts the best direct times at n = 15 within 1.2 %
// and at n = 16 within 2–6 % (README, "Calibration"). The results are
// cached per machine, toolchain, jail, reference source and case text;
// -calibrate measures again.
//
// Each language has its own reference (solutions/<folder>/bitmask/<lang>/),
// timed the same way, at the n its Language names: a Java submission's
// limits are multiples of the Java reference's time on this machine.

package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/msg"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// ref names one reference: a problem's, in a language.
type ref struct {
	p *problem.Problem
	l *lang.Language
}

// Calibration settings. The cost per call is fitted at the language's
// FitSmall and FitLarge (13 and 14 for Go).
const (
	timingsOf   = 8    // runs of the reference at FitSmall and at n = 1; the best counts
	timingsOfN  = 4    // runs at FitLarge
	modelFit    = 0.15 // the two fitted costs per call must agree this closely (n = 13 alone varies 10 %)
	directTries = 3    // a case timed directly: best of this many while runs stay short
	probeTries  = 3    // runs at FitSmall that check a cached calibration
	// busierBy: a cached calibration this much slower than a probe now
	// was taken on a busier machine (timings at FitSmall vary about 10 %).
	busierBy = 1.15
)

// model is the reference's cost on this machine: a start-up time and a
// cost per call of its search.
type model struct {
	startup time.Duration
	perCall float64 // nanoseconds
	spread  float64 // (slowest - fastest) / fastest of the timings at FitLarge
	fits    bool    // the costs fitted at FitSmall and FitLarge agree
	small   float64 // the cost per call fitted at FitSmall, ns

	smallTime time.Duration // the best time at FitSmall, which a probe compares
}

// predict is the model's CPU time for solving each of ns once.
func (m model) predict(ns []int) (time.Duration, bool) {
	var total time.Duration
	for _, n := range ns {
		calls, ok := queens.Calls(n)
		if !ok {
			return 0, false
		}
		total += m.startup + time.Duration(m.perCall*float64(calls))
	}
	return total, true
}

// reference returns the reference's CPU time on case c of r's problem, in
// r's language: remembered from earlier in this invocation, from the cache,
// or measured now.
func (j *judge) reference(ctx context.Context, r ref, c *cases.Case) (time.Duration, error) {
	j.refMu.Lock()
	defer j.refMu.Unlock()
	name := r.p.Folder() + "/" + r.l.Name + "/" + c.Name
	if d, ok := j.refs[name]; ok {
		return d, nil
	}
	key, err := j.calibrationKey(r, c)
	if err != nil {
		return 0, err
	}
	e, cached := j.calib.Get(key)
	if cached {
		stale, err := j.calibrationStale(ctx, r, e)
		if err != nil {
			return 0, err
		}
		cached = !stale
	}
	if !cached {
		if e, err = j.measure(ctx, r, c); err != nil {
			return 0, err
		}
		j.calib.Put(key, e)
		if err := j.calib.Save(); err != nil {
			msg.Fprintf(j.stderr, "note: cannot keep the calibration (%v); it will be measured again next time\n", err)
		}
	}
	j.refs[name] = e.CPU()
	j.rates[r] = model{startup: e.Startup(), perCall: e.PerCallNs, fits: e.PerCallNs > 0}
	return e.CPU(), nil
}

// calibrationStale reports whether the cached calibration e of r was taken
// on a busier machine than this one is now: the reference, timed again at
// its FitSmall (best of probeTries, a fraction of a second), runs faster
// by more than busierBy. Then every case of r is measured again. A probe
// slower than the cache means this machine is busy now, and the cache
// stays: the calibration keeps the quieter figure, whenever it was taken.
// Java, timed directly (no FitSmall), is not probed. Decided once per
// reference and invocation.
func (j *judge) calibrationStale(ctx context.Context, r ref, e calibrate.Entry) (bool, error) {
	if stale, ok := j.stale[r]; ok {
		return stale, nil
	}
	if r.l.FitSmall == 0 || e.SmallMs <= 0 || r.p.Kind != problem.Count {
		j.stale[r] = false
		return false, nil
	}
	prog, err := j.referenceProgram(ctx, r)
	if err != nil {
		return false, err
	}
	probe, _, err := j.timeN(ctx, r, prog, r.l.FitSmall, probeTries)
	if err != nil {
		return false, err
	}
	cached := time.Duration(e.SmallMs * float64(time.Millisecond))
	stale := busier(cached, probe)
	if stale {
		msg.Fprintf(j.stderr, "calibrating %s: the reference in %s needs %s at n = %d now against %s when it was calibrated (%s): that machine was busier; measuring again\n",
			r.p.Folder(), r.l.Name, format.Duration(probe), r.l.FitSmall, format.Duration(cached), e.Measured.Local().Format("2006-01-02 15:04"))
	}
	j.stale[r] = stale
	return stale, nil
}

// busier reports whether a calibration that timed the reference at cached
// was taken on a busier machine than the one that times it at probe now.
func busier(cached, probe time.Duration) bool { return float64(cached) > busierBy*float64(probe) }

// rate is r's reference's cost from the calibration, as far as it is known.
func (j *judge) rate(r ref) model {
	j.refMu.Lock()
	defer j.refMu.Unlock()
	return j.rates[r]
}

// calibrationKey names a measurement by the machine, the toolchain, the
// reference's source, the case's text, and how runs are isolated (the jail
// costs each run a few milliseconds).
func (j *judge) calibrationKey(r ref, c *cases.Case) (string, error) {
	src, err := j.referenceSource(r)
	if err != nil {
		return "", err
	}
	version := j.goVersion
	if r.l != lang.Go {
		t, err := r.l.Toolchain()
		if err != nil {
			return "", &setupError{err}
		}
		version = r.l.Name + ": " + t.Version
	}
	how := fmt.Sprintf("calibration v3, jail %t", j.jail.Complete()) // untranslated: part of a cache key
	return calibrate.Key([]byte(j.machine), []byte(version), []byte(how), src, c.Data), nil
}

// referenceFile is the file of r's reference.
func (j *judge) referenceFile(r ref) string {
	if r.l == lang.Go {
		return j.kit.Reference(r.p)
	}
	return j.kit.ReferenceIn(r.p, r.l.Dir, r.l.File())
}

// referenceSource reads r's reference once per invocation.
func (j *judge) referenceSource(r ref) ([]byte, error) {
	if src, ok := j.refSrc[r]; ok {
		return src, nil
	}
	src, err := os.ReadFile(j.referenceFile(r))
	if err != nil {
		return nil, setupErrorf("calibrate %s: %v", r.p.Folder(), err)
	}
	j.refSrc[r] = src
	return src, nil
}

// referenceProgram builds r's reference from the source read once.
func (j *judge) referenceProgram(ctx context.Context, r ref) (sandbox.Program, error) {
	src, err := j.referenceSource(r)
	if err != nil {
		return sandbox.Program{}, err
	}
	file := j.kit.Rel(j.referenceFile(r))
	prog, err := j.build(ctx, r, src, file)
	if err != nil {
		return sandbox.Program{}, setupErrorf("calibrate %s: build the reference %s: %v", r.p.Folder(), file, err)
	}
	return prog, nil
}

// measure times the reference on c, through the model when it fits, else
// directly.
func (j *judge) measure(ctx context.Context, r ref, c *cases.Case) (calibrate.Entry, error) {
	p := r.p
	e := calibrate.Entry{Case: p.Folder() + "/" + r.l.Name + "/" + c.Name, Measured: time.Now().UTC().Truncate(time.Second)}
	if p.Kind == problem.Count {
		m, err := j.model(ctx, r)
		if err != nil {
			return e, err
		}
		e.StartupMs = float64(m.startup) / float64(time.Millisecond)
		e.SmallMs = float64(m.smallTime) / float64(time.Millisecond)
		if m.fits {
			e.PerCallNs = m.perCall
		}
		if d, ok := m.predict(c.Inputs); ok && m.fits {
			e.CPUms, e.Spread = float64(d)/float64(time.Millisecond), m.spread
			return e, nil
		}
	}
	d, spread, err := j.timeCase(ctx, r, c)
	e.CPUms, e.Spread = float64(d)/float64(time.Millisecond), spread
	return e, err
}

// model fits r's reference's cost once per invocation.
func (j *judge) model(ctx context.Context, r ref) (model, error) {
	if m, ok := j.models[r]; ok {
		return m, nil
	}
	msg.Fprintf(j.stderr, "calibrating %s: timing the reference %s solution in %s on this machine (a few seconds, once; -calibrate measures again)\n",
		r.p.Folder(), r.p.Calibrator, r.l.Name)
	prog, err := j.referenceProgram(ctx, r)
	if err != nil {
		return model{}, err
	}
	startup, _, err := j.timeN(ctx, r, prog, 1, timingsOf)
	if err != nil {
		return model{}, err
	}
	if r.l.FitSmall == 0 {
		m := model{startup: startup}
		j.models[r] = m
		return m, nil
	}
	small, _, err := j.timeN(ctx, r, prog, r.l.FitSmall, timingsOf)
	if err != nil {
		return model{}, err
	}
	large, spread, err := j.timeN(ctx, r, prog, r.l.FitLarge, timingsOfN)
	if err != nil {
		return model{}, err
	}
	perCall := func(d time.Duration, n int) float64 {
		calls, _ := queens.Calls(n)
		return float64(max(d-startup, time.Microsecond)) / float64(calls)
	}
	m := model{startup: startup, perCall: perCall(large, r.l.FitLarge), small: perCall(small, r.l.FitSmall), spread: spread, smallTime: small}
	m.fits = math.Abs(m.small/m.perCall-1) <= modelFit
	j.models[r] = m
	return m, nil
}

// timeN runs the reference on n, tries times, and returns the fastest CPU
// time and the spread of all.
func (j *judge) timeN(ctx context.Context, r ref, prog sandbox.Program, n, tries int) (time.Duration, float64, error) {
	p := r.p
	want, _ := queens.Count(n)
	var ts []time.Duration
	for range tries {
		j.live.start(msg.Sprintf("calibrating %s n=%d", p.Folder(), n))
		res, err := j.jail.RunProgram(ctx, j.tempDir, prog, []string{strconv.Itoa(n)}, cases.Limits{Factor: 2}.Resolve(0, true))
		j.live.stop()
		if err != nil {
			return 0, 0, err
		}
		if ctx.Err() != nil {
			return 0, 0, ctx.Err()
		}
		if got := strings.TrimSpace(string(res.Answer)); p.Kind == problem.Count && got != strconv.FormatInt(want, 10) {
			return 0, 0, setupErrorf("calibrate %s: the reference %s answers %q for n = %d, want %d", p.Folder(), j.kit.Rel(j.referenceFile(r)), got, n, want)
		}
		ts = append(ts, res.CPU)
	}
	best, worst := slices.Min(ts), slices.Max(ts)
	return best, float64(worst-best) / float64(max(best, time.Microsecond)), nil
}

// timeCase runs the reference on the case itself: best of directTries while
// the runs stay under a second.
func (j *judge) timeCase(ctx context.Context, r ref, c *cases.Case) (time.Duration, float64, error) {
	p := r.p
	msg.Fprintf(j.stderr, "calibrating %s: timing the reference on %s directly, once for this machine\n", p.Folder(), c.Name)
	prog, err := j.referenceProgram(ctx, r)
	if err != nil {
		return 0, 0, err
	}
	file := j.kit.Rel(j.referenceFile(r))
	var ts []time.Duration
	for try, spent := 0, time.Duration(0); try < directTries && (try == 0 || spent < time.Second); try++ {
		j.live.start(msg.Sprintf("calibrating %s %s", p.Folder(), c.Name))
		res, err := cases.Run(ctx, p, c, cases.Params{Program: prog, Display: file, Calibrating: true, TempDir: j.tempDir, Jail: j.jail})
		j.live.stop()
		if err != nil {
			return 0, 0, err
		}
		if res.Verdict != verdict.AC {
			return 0, 0, setupErrorf("calibrate %s: the reference %s fails case %s: %s %s", p.Folder(), file, c.Name, res.Verdict, res.Message)
		}
		ts = append(ts, res.CPU)
		spent += res.CPU
	}
	best, worst := slices.Min(ts), slices.Max(ts)
	return max(best, time.Millisecond), float64(worst-best) / float64(best), nil
}

// calibrate measures every problem's reference again and prints the limits
// that follow, with the spread of the timings behind them: Go's, and each
// other language's that this machine has calibrated before (its toolchain
// still there).
func (j *judge) calibrate(ctx context.Context) error {
	for _, p := range j.opts.Problems {
		all, err := j.loadCases(p)
		if err != nil {
			return err
		}
		for _, l := range lang.All {
			r := ref{p, l}
			cs, _ := cases.ForLanguage(r.p, r.l, all)
			if l != lang.Go && !j.calibratedBefore(r, cs) {
				continue
			}
			if err := j.recalibrate(ctx, r, cs); err != nil {
				return err
			}
		}
	}
	if err := j.calib.Save(); err != nil {
		return msg.Errorf("keep the calibration: %w", err)
	}
	return nil
}

// calibratedBefore reports whether the cache holds a time of r's reference
// on one of cs.
func (j *judge) calibratedBefore(r ref, cs []*cases.Case) bool {
	if _, err := r.l.Toolchain(); err != nil {
		return false
	}
	for _, c := range cs {
		if key, err := j.calibrationKey(r, c); err == nil && c.Relative() {
			if _, ok := j.calib.Get(key); ok {
				return true
			}
		}
	}
	return false
}

// recalibrate measures r's reference on each relative case of cs again, and
// prints the limits that follow.
func (j *judge) recalibrate(ctx context.Context, r ref, cs []*cases.Case) error {
	p := r.p
	var rows []string
	for _, c := range cs {
		if !c.Relative() {
			continue
		}
		e, err := j.measure(ctx, r, c)
		if err != nil {
			return err
		}
		key, err := j.calibrationKey(r, c)
		if err != nil {
			return err
		}
		j.calib.Put(key, e)
		rows = append(rows, msg.Sprintf("  %-10s reference %9s   limit %s× = %-9s  (timings spread %.0f %%)",
			c.Name, format.Duration(e.CPU()), factor(c.Limits.Factor), format.Duration(cases.RoundUp(time.Duration(c.Limits.Factor*float64(e.CPU())))), 100*e.Spread))
	}
	if len(rows) == 0 {
		msg.Fprintf(j.stdout, "%s: no case with a relative limit\n", p.Folder())
		return nil
	}
	name := p.Folder()
	if r.l != lang.Go {
		name += " (" + r.l.Name + ")"
	}
	msg.Fprintf(j.stdout, "%s (CPU time on %s)\n%s\n", name, j.machine, strings.Join(rows, "\n"))
	if m, ok := j.models[r]; ok && r.l.FitSmall > 0 {
		fit := msg.Sprintf("fits")
		if !m.fits {
			fit = msg.Sprintf("does not fit: the cases were timed directly")
		}
		msg.Fprintf(j.stdout, "  cost per call of the search: %.2f ns at n = %d, %.2f ns at n = %d (%s); start-up %s\n",
			m.small, r.l.FitSmall, m.perCall, r.l.FitLarge, fit, format.Duration(m.startup))
	}
	return nil
}
