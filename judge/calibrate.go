package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Time limits that mean the same on every machine.
//
// A case that separates fast solutions from slow ones says "limit cpu=4x":
// its CPU limit is 4 times the CPU time the reference bitmask solution needs
// for that case on this machine. The judge measures the reference once per
// machine, toolchain, reference and case (calibration), keeps the figure in
// the user's cache directory, and measures again with -calibrate.
//
// Why 4: bitmask solutions written in other styles run up to about 2 times
// the reference, and 4 leaves them twice the time they need (Kattis asks for
// 2×). The boolean-array method needs about 7 times the reference and the
// array method about 20 times, 1.75 and 5 times the limit (Kattis asks that
// rejected solutions exceed 1.5 times it).

// calibrations is the cache of reference times, stored as JSON.
type calibrations struct {
	path    string // "" when there is no cache directory
	machine string
	Entries map[string]calibration `json:"entries"`
}

type calibration struct {
	Case     string    `json:"case"`
	CPUms    float64   `json:"cpu_ms"`
	Measured time.Time `json:"measured"`
}

func loadCalibrations(cacheDir, goVersion string) *calibrations {
	c := &calibrations{Entries: map[string]calibration{}, machine: machineID() + "\n" + goVersion}
	if cacheDir == "" {
		return c
	}
	c.path = filepath.Join(cacheDir, "calibration.json")
	if data, err := os.ReadFile(c.path); err == nil {
		json.Unmarshal(data, c) // a damaged cache is measured again
		if c.Entries == nil {
			c.Entries = map[string]calibration{}
		}
	}
	return c
}

func (c *calibrations) save() error {
	if c.path == "" {
		return nil
	}
	data, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return err
	}
	// Write beside it and rename, so that judges running at once never see
	// half a file.
	tmp, err := os.CreateTemp(filepath.Dir(c.path), "calibration-*.json")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), c.path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// machineID names this machine for the cache: host, processor and cores.
func machineID() string {
	host, _ := os.Hostname()
	model := runtime.GOARCH
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s|%s|%d", host, model, runtime.NumCPU())
}

// reference is the solution that relative limits are measured against.
func (k kit) reference(p *problem) string {
	return filepath.Join(k.solutions(p), "bitmask", "solution.go")
}

// references returns the reference's CPU time for every case of p with a
// relative limit, measuring those not in the cache (or all, with force).
func (c *calibrations) references(ctx context.Context, j *judge, p *problem, cases []*testCase, force bool) (map[string]time.Duration, error) {
	refs := map[string]time.Duration{}
	refFile := j.kit.reference(p)
	var refSrc []byte
	var todo []*testCase
	keys := map[string]string{}
	for _, tc := range cases {
		if !tc.Relative() {
			continue
		}
		if refSrc == nil {
			var err error
			if refSrc, err = os.ReadFile(refFile); err != nil {
				return nil, setupErrorf("calibrate %s: %v", p.Folder(), err)
			}
		}
		script, err := os.ReadFile(tc.Path)
		if err != nil {
			return nil, err
		}
		key := c.key(refSrc, script)
		keys[tc.Name] = key
		if e, ok := c.Entries[key]; ok && !force {
			refs[tc.Name] = time.Duration(e.CPUms * float64(time.Millisecond))
			continue
		}
		todo = append(todo, tc)
	}
	if len(todo) == 0 {
		return refs, nil
	}

	var names []string
	for _, tc := range todo {
		names = append(names, tc.Name)
	}
	fmt.Fprintf(j.stderr, "calibrating %s: timing the reference bitmask solution on %s, once for this machine; later runs reuse it (-calibrate measures again)\n",
		p.Folder(), strings.Join(names, ", "))
	bin, err := j.builder.Build(ctx, j.spec(p, refFile, j.kit.rel(refFile)))
	if err != nil {
		return nil, fmt.Errorf("calibrate %s: build the reference: %w", p.Folder(), err)
	}
	for _, tc := range todo {
		best := time.Duration(0)
		// Short runs are noisy: take the best of up to three while they stay short.
		for try, spent := 0, time.Duration(0); try < 3 && (try == 0 || spent < time.Second); try++ {
			j.live.start(fmt.Sprintf("calibrating %s %s", p.Folder(), tc.Name))
			res, err := runCase(ctx, p, tc, caseParams{binary: bin, display: j.kit.rel(refFile), calibrating: true, update: j.opts.Update, tempDir: j.tempDir})
			j.live.stop()
			if err != nil {
				return nil, err
			}
			if res.Verdict != AC {
				return nil, setupErrorf("calibrate %s: the reference %s fails case %s: %s %s", p.Folder(), j.kit.rel(refFile), tc.Name, res.Verdict, res.Message)
			}
			if best == 0 || res.cpu < best {
				best = res.cpu
			}
			spent += res.cpu
		}
		best = max(best, time.Millisecond)
		refs[tc.Name] = best
		c.Entries[keys[tc.Name]] = calibration{
			Case:     p.Folder() + "/" + tc.Name,
			CPUms:    float64(best) / float64(time.Millisecond),
			Measured: time.Now().UTC().Truncate(time.Second),
		}
	}
	if err := c.save(); err != nil {
		fmt.Fprintf(j.stderr, "note: cannot keep the calibration (%v); it will be measured again next time\n", err)
	}
	return refs, nil
}

func (c *calibrations) key(refSrc, script []byte) string {
	h := sha256.New()
	for _, part := range [][]byte{[]byte(c.machine), refSrc, script} {
		fmt.Fprintf(h, "%d\n", len(part))
		h.Write(part)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// calibrate measures every problem's reference again and prints the limits
// that follow.
func (j *judge) calibrate(ctx context.Context, ps []*problem) error {
	for _, p := range ps {
		cases, err := j.kit.loadCases(p)
		if err != nil {
			return &setupError{err}
		}
		refs, err := j.calib.references(ctx, j, p, cases, true)
		if err != nil {
			return err
		}
		var b bytes.Buffer
		for _, tc := range cases {
			if ref, ok := refs[tc.Name]; ok {
				fmt.Fprintf(&b, "  %-10s reference %9s   limit %.0f× = %s\n", tc.Name, ms(ref), tc.Limits.Factor, ms(roundUp(time.Duration(tc.Limits.Factor*float64(ref)))))
			}
		}
		if b.Len() == 0 {
			fmt.Fprintf(j.stdout, "%s: no case with a relative limit\n", p.Folder())
			continue
		}
		fmt.Fprintf(j.stdout, "%s (CPU time on %s)\n%s", p.Folder(), machineID(), b.String())
	}
	return nil
}
