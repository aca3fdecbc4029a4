package calibrate

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/queens"
	"github.com/nqueens-kit/nqueens/judge/activity"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Ref names one reference: a problem's, in a language.
type Ref struct {
	Problem *problem.Problem
	Lang    *lang.Language
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

// A Model is a reference's cost on this machine: a start-up time and a
// cost per call of its search.
type Model struct {
	Startup time.Duration
	PerCall float64 // nanoseconds
	Spread  float64 // (slowest - fastest) / fastest of the timings at FitLarge
	Fits    bool    // the costs fitted at FitSmall and FitLarge agree
	Small   float64 // the cost per call fitted at FitSmall, ns

	smallTime time.Duration // the best time at paceN, which a probe compares
}

// Predict is the model's CPU time for solving each of ns once.
func (m Model) Predict(ns []int) (time.Duration, bool) {
	var total time.Duration
	for _, n := range ns {
		calls, ok := queens.Calls(n)
		if !ok {
			return 0, false
		}
		total += m.Startup + time.Duration(m.PerCall*float64(calls))
	}
	return total, true
}

// References times each problem's reference, in each language, on this
// machine: from the cache when it holds a measurement that is still true,
// else by building and running the reference in the jail. It is safe for
// judges of several submissions at once (-grade -p N): one measures, the
// others wait for its figure.
type References struct {
	Cache   *Cache
	Machine string // MachineID
	Kit     problem.Kit
	Jail    *sandbox.Jail
	TempDir string         // where the reference runs
	Builder *build.Builder // builds the references, as it builds submissions
	// Notes is where calibrating says what it does (the judge's stderr);
	// Activity records the step under way (nil: nothing).
	Notes    io.Writer
	Activity *activity.Now

	mu      sync.Mutex
	times   map[string]time.Duration // by problem/language/case, once known
	sources map[Ref][]byte           // each reference, read once
	models  map[Ref]Model            // each reference's cost, as this invocation uses it
	fitted  map[Ref]bool             // whether that cost was measured now
	rates   map[Ref]Model            // the cost from the calibration: start-up, and per call when it fits
	stale   map[Ref]bool             // whether the cache was taken on a busier machine, once probed
}

// Time returns the reference's CPU time on case c of r's problem, in r's
// language: remembered from earlier, from the cache, or measured now.
func (rs *References) Time(ctx context.Context, r Ref, c *cases.Case) (time.Duration, error) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.init()
	name := r.Problem.Folder() + "/" + r.Lang.Name + "/" + c.Name
	if d, ok := rs.times[name]; ok {
		return d, nil
	}
	key, err := rs.key(r, c)
	if err != nil {
		return 0, err
	}
	e, cached := rs.Cache.Get(key)
	if cached {
		stale, err := rs.calibrationStale(ctx, r, e)
		if err != nil {
			return 0, err
		}
		cached = !stale
	}
	if !cached {
		if e, err = rs.measure(ctx, r, c); err != nil {
			return 0, err
		}
		rs.Cache.Put(key, e)
		if err := rs.Cache.Save(); err != nil {
			msg.Fprintf(rs.Notes, "note: cannot keep the calibration (%v); it will be measured again next time\n", err)
		}
	}
	rs.times[name] = e.CPU()
	rs.rates[r] = Model{Startup: e.Startup(), PerCall: e.PerCallNs, Fits: e.PerCallNs > 0,
		smallTime: time.Duration(e.SmallMs * float64(time.Millisecond))}
	return e.CPU(), nil
}

// A Pace compares the reference's time at its language's paceN now (Now)
// with the time the calibration in use took there (Then).
type Pace struct {
	N         int
	Now, Then time.Duration
}

// Slower is how many times slower the machine is now than when the
// calibration was taken: more than busierBy, else 1 (a quicker machine
// finds a stale calibration first: calibrationStale).
func (p Pace) Slower() float64 {
	if p.Then <= 0 || !busier(p.Now, p.Then) {
		return 1
	}
	return float64(p.Now) / float64(p.Then)
}

// Pace times r's reference again now, at its paceN (best of probeTries,
// a fraction of a second), against the calibration Time used.
// A machine whose other work takes its processor makes every program
// slower, and their CPU time grows with it (a host's neighbours, unseen
// from inside a virtual machine, can double it within minutes): a case
// stopped at its limit is then measured against the reference's pace now
// (judging's againAtPace). The zero Pace (Slower 1) where there is nothing
// to compare: no calibration yet, or a problem whose answer is boards
// (51), whose reference is not probed.
func (rs *References) Pace(ctx context.Context, r Ref) (Pace, error) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.init()
	return rs.probe(ctx, r, rs.rates[r].smallTime)
}

// probe times r's reference at its paceN now (best of probeTries, a
// fraction of a second) against then, a calibration's time there: the
// zero Pace where there is nothing to compare (no figure then). rs.mu is
// held.
func (rs *References) probe(ctx context.Context, r Ref, then time.Duration) (Pace, error) {
	if then <= 0 || r.Problem.Kind != problem.Count {
		return Pace{}, nil
	}
	prog, err := rs.program(ctx, r)
	if err != nil {
		return Pace{}, err
	}
	n := paceN(r.Lang)
	now, _, err := rs.timeN(ctx, r, prog, n, probeTries)
	if err != nil {
		return Pace{}, err
	}
	return Pace{N: n, Now: now, Then: then}, nil
}

// Rate is r's reference's cost from the calibration, as far as Time has
// learnt it.
func (rs *References) Rate(r Ref) Model {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return rs.rates[r]
}

// Fitted is r's reference's cost as measured in this invocation, if it was.
func (rs *References) Fitted(r Ref) (Model, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	m, ok := rs.models[r]
	return m, ok && rs.fitted[r]
}

// Remeasure times r's reference on c again, whatever the cache holds, and
// keeps the figure (Cache.Save writes it).
func (rs *References) Remeasure(ctx context.Context, r Ref, c *cases.Case) (Entry, error) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.init()
	if r.Problem.Kind == problem.Count {
		if _, err := rs.fit(ctx, r); err != nil {
			return Entry{}, err
		}
	}
	e, err := rs.measure(ctx, r, c)
	if err != nil {
		return e, err
	}
	key, err := rs.key(r, c)
	if err != nil {
		return e, err
	}
	rs.Cache.Put(key, e)
	return e, nil
}

// CalibratedBefore reports whether the cache holds a time of r's reference
// on one of cs (and its toolchain is still there).
func (rs *References) CalibratedBefore(r Ref, cs []*cases.Case) bool {
	if _, err := r.Lang.Toolchain(); err != nil {
		return false
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.init()
	for _, c := range cs {
		if key, err := rs.key(r, c); err == nil && c.Relative() {
			if _, ok := rs.Cache.Get(key); ok {
				return true
			}
		}
	}
	return false
}

// File is the file of r's reference.
func (rs *References) File(r Ref) string {
	return rs.Kit.ReferenceIn(r.Problem, r.Lang.Dir, r.Lang.File())
}

func (rs *References) init() {
	if rs.times == nil {
		rs.times, rs.sources = map[string]time.Duration{}, map[Ref][]byte{}
		rs.models, rs.rates, rs.stale, rs.fitted = map[Ref]Model{}, map[Ref]Model{}, map[Ref]bool{}, map[Ref]bool{}
	}
}

// progress records what runs, while it runs.
func (rs *References) progress(what string) func() { return rs.Activity.Start(what) }

// calibrationStale reports whether the cached calibration e of r was taken
// on a busier machine than this one is now: the reference, timed again at
// its paceN (best of probeTries, a fraction of a second), runs faster by
// more than busierBy. Then every case of r is measured again. A probe
// slower than the cache means this machine is busy now, and the cache
// stays: the calibration keeps the quieter figure, whenever it was taken.
// Decided once per reference and invocation.
func (rs *References) calibrationStale(ctx context.Context, r Ref, e Entry) (bool, error) {
	if stale, ok := rs.stale[r]; ok {
		return stale, nil
	}
	p, err := rs.probe(ctx, r, time.Duration(e.SmallMs*float64(time.Millisecond)))
	if err != nil {
		return false, err
	}
	stale := busier(p.Then, p.Now)
	if stale {
		msg.Fprintf(rs.Notes, "calibrating %s: the reference in %s needs %s at n = %d now against %s when it was calibrated (%s): that machine was busier; measuring again\n",
			r.Problem.Folder(), r.Lang.Name, format.Duration(p.Now), p.N, format.Duration(p.Then), e.Measured.Local().Format("2006-01-02 15:04"))
	}
	rs.stale[r] = stale
	return stale, nil
}

// busier reports whether a calibration that timed the reference at cached
// was taken on a busier machine than the one that times it at probe now.
func busier(cached, probe time.Duration) bool { return float64(cached) > busierBy*float64(probe) }

// key names a measurement by the machine, the toolchain, the reference's
// source, the case's text, and how runs are isolated (the jail costs each
// run a few milliseconds).
func (rs *References) key(r Ref, c *cases.Case) (string, error) {
	return rs.keyOf(r, fmt.Sprintf("calibration v5, jail %s", rs.Jail.Tier()), string(c.Data))
}

// modelKey names r's reference's fitted cost as key names a case's time,
// without the case.
func (rs *References) modelKey(r Ref) (string, error) {
	return rs.keyOf(r, fmt.Sprintf("model-v2/jail-%s", rs.Jail.Tier()))
}

// keyOf is the cache's key for what how names of r's reference on this
// machine and toolchain, and of its source, then of the rest.
func (rs *References) keyOf(r Ref, how string, rest ...string) (string, error) {
	src, err := rs.source(r)
	if err != nil {
		return "", err
	}
	version, err := rs.version(r)
	if err != nil {
		return "", err
	}
	return build.Key(append([]string{rs.Machine, version, how, string(src)}, rest...)...), nil
}

// version names the toolchain r's reference is timed with, for the cache's
// keys.
func (rs *References) version(r Ref) (string, error) {
	t, err := r.Lang.Toolchain()
	if err != nil {
		return "", err
	}
	return r.Lang.Name + ": " + t.Version, nil
}

// source reads r's reference once.
func (rs *References) source(r Ref) ([]byte, error) {
	if src, ok := rs.sources[r]; ok {
		return src, nil
	}
	src, err := os.ReadFile(rs.File(r))
	if err != nil {
		return nil, msg.Errorf("calibrate %s: %v", r.Problem.Folder(), err)
	}
	rs.sources[r] = src
	return src, nil
}

// program builds r's reference from the source read once.
func (rs *References) program(ctx context.Context, r Ref) (sandbox.Program, error) {
	src, err := rs.source(r)
	if err != nil {
		return sandbox.Program{}, err
	}
	file := rs.Kit.Rel(rs.File(r))
	prog, err := r.Lang.Build(ctx, rs.Builder, lang.NewSubmission(r.Problem, r.Lang, src, file))
	if err != nil {
		return sandbox.Program{}, msg.Errorf("calibrate %s: build the reference %s: %w", r.Problem.Folder(), file, err)
	}
	return prog, nil
}

// measure times the reference on c, through the model when it fits, else
// directly.
func (rs *References) measure(ctx context.Context, r Ref, c *cases.Case) (Entry, error) {
	p := r.Problem
	e := Entry{Case: p.Folder() + "/" + r.Lang.Name + "/" + c.Name, Measured: time.Now().UTC().Truncate(time.Second)}
	if p.Kind == problem.Count {
		m, err := rs.model(ctx, r)
		if err != nil {
			return e, err
		}
		e.StartupMs, e.SmallMs = millis(m.Startup), millis(m.smallTime)
		if m.Fits {
			e.PerCallNs = m.PerCall
		}
		if d, ok := m.Predict(c.Inputs); ok && m.Fits {
			e.CPUms, e.Spread = millis(d), m.Spread
			return e, nil
		}
	}
	d, spread, err := rs.timeCase(ctx, r, c)
	e.CPUms, e.Spread = millis(d), spread
	return e, err
}

// model is r's reference's cost: the one this invocation already uses;
// else the one the cache keeps, unless the machine was busier when it was
// fitted than it is now (calibrationStale); else fitted now. A case the
// cache has no time for is then predicted without fitting again.
func (rs *References) model(ctx context.Context, r Ref) (Model, error) {
	if m, ok := rs.models[r]; ok {
		return m, nil
	}
	key, err := rs.modelKey(r)
	if err != nil {
		return Model{}, err
	}
	if e, ok := rs.Cache.Get(key); ok && e.SmallMs > 0 {
		stale, err := rs.calibrationStale(ctx, r, e)
		if err != nil {
			return Model{}, err
		}
		if !stale {
			m := newModel(r, e.Startup(), ms(e.SmallMs), e.CPU(), e.Spread)
			rs.models[r] = m
			return m, nil
		}
	}
	return rs.fit(ctx, r)
}

// fit measures r's reference's cost, once per invocation, and keeps it in
// the cache (Cache.Save writes it).
func (rs *References) fit(ctx context.Context, r Ref) (Model, error) {
	if rs.fitted[r] {
		return rs.models[r], nil
	}
	msg.Fprintf(rs.Notes, "calibrating %s: timing the reference %s solution in %s on this machine (a few seconds, once; -calibrate measures again)\n",
		r.Problem.Folder(), r.Problem.Calibrator, r.Lang.Name)
	prog, err := rs.program(ctx, r)
	if err != nil {
		return Model{}, err
	}
	startup, _, err := rs.timeN(ctx, r, prog, 1, timingsOf)
	if err != nil {
		return Model{}, err
	}
	m := Model{Startup: startup}
	if r.Lang.FitSmall > 0 {
		small, _, err := rs.timeN(ctx, r, prog, r.Lang.FitSmall, timingsOf)
		if err != nil {
			return Model{}, err
		}
		large, spread, err := rs.timeN(ctx, r, prog, r.Lang.FitLarge, timingsOfN)
		if err != nil {
			return Model{}, err
		}
		m = newModel(r, startup, small, large, spread)
		key, err := rs.modelKey(r)
		if err != nil {
			return Model{}, err
		}
		rs.Cache.Put(key, Entry{Case: r.Problem.Folder() + "/" + r.Lang.Name + "/model", StartupMs: millis(startup),
			SmallMs: millis(small), CPUms: millis(large), PerCallNs: m.PerCall, Spread: spread, Measured: time.Now().UTC().Truncate(time.Second)})
	} else {
		// Timed directly (Java): no cost per call, but the pace a
		// probe compares, as for every language.
		if m.smallTime, _, err = rs.timeN(ctx, r, prog, paceN(r.Lang), probeTries); err != nil {
			return Model{}, err
		}
	}
	rs.models[r], rs.fitted[r] = m, true
	return m, nil
}

// newModel is the cost of r's reference that starts in startup and needs
// small at its language's FitSmall and large at its FitLarge.
func newModel(r Ref, startup, small, large time.Duration, spread float64) Model {
	perCall := func(d time.Duration, n int) float64 {
		calls, _ := queens.Calls(n)
		return float64(max(d-startup, time.Microsecond)) / float64(calls)
	}
	m := Model{Startup: startup, PerCall: perCall(large, r.Lang.FitLarge), Small: perCall(small, r.Lang.FitSmall), Spread: spread, smallTime: small}
	m.Fits = math.Abs(m.Small/m.PerCall-1) <= modelFit
	return m
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func ms(f float64) time.Duration { return time.Duration(f * float64(time.Millisecond)) }

// timeN runs the reference on n, tries times, and returns the fastest CPU
// time and the spread of all.
func (rs *References) timeN(ctx context.Context, r Ref, prog sandbox.Program, n, tries int) (time.Duration, float64, error) {
	p := r.Problem
	want, _ := queens.Count(n)
	var ts []time.Duration
	for range tries {
		stop := rs.progress(msg.Sprintf("calibrating %s n=%d", p.Folder(), n))
		res, err := rs.Jail.RunProgram(ctx, rs.TempDir, prog, []string{strconv.Itoa(n)}, cases.Limits{Factor: 2}.Calibration())
		stop()
		if err != nil {
			return 0, 0, err
		}
		if ctx.Err() != nil {
			return 0, 0, ctx.Err()
		}
		if got := strings.TrimSpace(string(res.Answer)); p.Kind == problem.Count && got != strconv.FormatInt(want, 10) {
			return 0, 0, msg.Errorf("calibrate %s: the reference %s answers %q for n = %d, want %d", p.Folder(), rs.Kit.Rel(rs.File(r)), got, n, want)
		}
		ts = append(ts, res.CPU)
	}
	best, worst := slices.Min(ts), slices.Max(ts)
	return best, float64(worst-best) / float64(max(best, time.Microsecond)), nil
}

// timeCase runs the reference on the case itself: best of directTries while
// the runs stay under a second.
func (rs *References) timeCase(ctx context.Context, r Ref, c *cases.Case) (time.Duration, float64, error) {
	p := r.Problem
	msg.Fprintf(rs.Notes, "calibrating %s: timing the reference on %s directly, once for this machine\n", p.Folder(), c.Name)
	prog, err := rs.program(ctx, r)
	if err != nil {
		return 0, 0, err
	}
	file := rs.Kit.Rel(rs.File(r))
	var ts []time.Duration
	for try, spent := 0, time.Duration(0); try < directTries && (try == 0 || spent < time.Second); try++ {
		stop := rs.progress(msg.Sprintf("calibrating %s %s", p.Folder(), c.Name))
		res, err := cases.Run(ctx, p, c, cases.Params{Program: prog, Display: file, Limits: c.Limits.Calibration(), TempDir: rs.TempDir, Jail: rs.Jail})
		stop()
		if err != nil {
			return 0, 0, err
		}
		if res.Verdict != verdict.AC {
			return 0, 0, msg.Errorf("calibrate %s: the reference %s fails case %s: %s %s", p.Folder(), file, c.Name, res.Verdict, res.Message)
		}
		ts = append(ts, res.CPU)
		spent += res.CPU
	}
	best, worst := slices.Min(ts), slices.Max(ts)
	return max(best, time.Millisecond), float64(worst-best) / float64(max(best, time.Microsecond)), nil
}

// A Band is how much slower than the reference a method runs on this
// machine, at N.
type Band struct {
	Method problem.Method
	N      int
	Ratio  float64
}

// paceN is the n a reference is timed at again to compare the machine's
// pace now with its calibration's (Pace, calibrationStale): its language's
// FitSmall, or 14 where its cases are timed directly (Java: 0.40 s here,
// the JVM's start-up 0.19 s of it, best of 3 within 1 %; at n = 13 the
// start-up would be most of the run).
func paceN(l *lang.Language) int { return cmp.Or(l.FitSmall, 14) }

// bandN is the n a language's bands are measured at: its FitSmall (a
// fraction of a second for the reference, a few for the array method), or
// 13 where there is none (Java).
func bandN(l *lang.Language) int { return cmp.Or(l.FitSmall, 13) }

// Bands measures, once per machine and toolchain (then cached), the course's
// methods a report compares with (problem.Method.Ratio) in r's language
// against r's reference: each one's CPU time over the reference's at
// bandN, best of three. A method the kit has no file for in that language
// is left out. Nothing it fails at is the student's: it returns what it
// could.
func (rs *References) Bands(ctx context.Context, r Ref) []Band {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	rs.init()
	if r.Problem.Kind != problem.Count {
		return nil
	}
	n := bandN(r.Lang)
	var bands []Band
	var ref time.Duration // the reference's search at n, measured once
	refSrc, err := rs.source(r)
	if err != nil {
		return nil
	}
	version, err := rs.version(r)
	if err != nil {
		return nil
	}
	for _, method := range problem.Methods {
		if method.Ratio == "" {
			continue // a method a report does not compare with
		}
		file := filepath.Join(rs.Kit.Solutions(r.Problem), method.Folder, r.Lang.Dir, r.Lang.File())
		src, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		key := build.Key(rs.Machine, version, "band v3", fmt.Sprint(n), string(refSrc), string(src))
		if e, ok := rs.Cache.Get(key); ok && e.Ratio > 0 {
			bands = append(bands, Band{method, n, e.Ratio})
			continue
		}
		stop := rs.progress(msg.Sprintf("measuring what a ratio means in %s (once)", r.Lang.Name))
		ratio, err := rs.measureBand(ctx, r, &ref, src, file, n)
		stop()
		if err != nil {
			continue
		}
		rs.Cache.Put(key, Entry{Case: r.Problem.Folder() + "/" + r.Lang.Name + "/" + method.Folder, Ratio: ratio, Measured: time.Now().UTC().Truncate(time.Second)})
		if err := rs.Cache.Save(); err != nil {
			msg.Fprintf(rs.Notes, "note: cannot keep the calibration (%v); it will be measured again next time\n", err)
		}
		bands = append(bands, Band{method, n, ratio})
	}
	return bands
}

// measureBand times the method in src (file) and, once (*ref), the
// reference, at n, and returns the ratio of their searches, the start-up
// every run pays left out, as a TLE's report compares a submission's (a
// JVM's start-up would make every ratio at a small n smaller).
func (rs *References) measureBand(ctx context.Context, r Ref, ref *time.Duration, src []byte, file string, n int) (float64, error) {
	prog, err := r.Lang.Build(ctx, rs.Builder, lang.NewSubmission(r.Problem, r.Lang, src, rs.Kit.Rel(file)))
	if err != nil {
		return 0, err
	}
	method, _, err := rs.timeN(ctx, r, prog, n, probeTries)
	if err != nil {
		return 0, err
	}
	if *ref == 0 {
		refProg, err := rs.program(ctx, r)
		if err != nil {
			return 0, err
		}
		if *ref, _, err = rs.timeN(ctx, r, refProg, n, probeTries); err != nil {
			return 0, err
		}
	}
	startup := rs.rates[r].Startup
	if startup >= *ref || startup >= method {
		startup = 0
	}
	return float64(method-startup) / float64(max(*ref-startup, time.Millisecond)), nil
}
