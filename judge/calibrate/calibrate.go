// Package calibrate keeps, per machine and toolchain, how much CPU time a
// problem's reference solution needs on each case with a relative limit,
// so that a limit such as "cpu=4x" means the same on every machine. The
// cache is a JSON file in the user's cache directory, written atomically.
//
// References measures: it builds and runs each reference in the jail (for
// a counting problem it fits a cost per call of the search at two small n
// and predicts the large ones), probes a cached figure once per invocation
// to find a calibration taken on a busier machine, and keeps what it
// measured in the Cache. A Java reference is timed on the case directly.
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
// and at n = 16 within 2–6 % (docs/judge.md, "Calibration"). The results are
// cached per machine, toolchain, jail, reference source and case text, and
// so is the fitted cost itself (without the case): a case added later is
// predicted from it, after the same probe; -calibrate measures again.
//
// Each language has its own reference (solutions/<folder>/bitmask/<lang>/),
// timed the same way, at the n its Language names: a Java submission's
// limits are multiples of the Java reference's time on this machine.
package calibrate

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
)

// A Cache holds measured reference times.
type Cache struct {
	path    string           // "" when there is no cache directory
	Entries map[string]Entry `json:"entries"`
}

// An Entry is one measurement.
type Entry struct {
	Case   string  `json:"case"`   // problem/case, for a reader of the file
	CPUms  float64 `json:"cpu_ms"` // the reference's CPU time
	Spread float64 `json:"spread"` // (slowest - fastest) / fastest of the timings taken
	// StartupMs is the CPU time the reference needs to start at all (n =
	// 1), the jail included: what every program pays before it searches.
	StartupMs float64 `json:"startup_ms"`
	// PerCallNs is the reference search's fitted cost per call, or 0 when
	// it was timed directly.
	PerCallNs float64 `json:"per_call_ns"`
	// SmallMs is the reference's best time at its language's pace n
	// (paceN: its FitSmall, 14 in Java), which a later probe compares to
	// tell a calibration taken on a busier machine, or a machine busier
	// now; 0 when none was taken.
	SmallMs float64 `json:"small_ms,omitempty"`
	// Ratio is, for a method's band (References.Bands), its search's time
	// over the reference's at the same n.
	Ratio    float64   `json:"ratio,omitempty"`
	Measured time.Time `json:"measured"`
}

// CPU is the entry's time as a duration.
func (e Entry) CPU() time.Duration { return time.Duration(e.CPUms * float64(time.Millisecond)) }

// Startup is the entry's start-up time as a duration.
func (e Entry) Startup() time.Duration {
	return time.Duration(e.StartupMs * float64(time.Millisecond))
}

// Open loads the cache in dir; "" means no cache (nothing is kept). A
// damaged file is ignored: everything is measured again.
func Open(dir string) *Cache {
	c := &Cache{Entries: map[string]Entry{}}
	if dir == "" {
		return c
	}
	c.path = filepath.Join(dir, "calibration.json")
	if data, err := os.ReadFile(c.path); err == nil {
		if json.Unmarshal(data, c) != nil || c.Entries == nil {
			c.Entries = map[string]Entry{}
		}
	}
	return c
}

// Get returns the entry for key.
func (c *Cache) Get(key string) (Entry, bool) {
	e, ok := c.Entries[key]
	return e, ok && (e.CPUms > 0 || e.Ratio > 0)
}

// Put records an entry.
func (c *Cache) Put(key string, e Entry) { c.Entries[key] = e }

// Save writes the cache beside its file and renames it into place, so that
// judges running at once never see half a file. What another judge saved
// since this one opened the file is kept: its entries are read again and
// merged under a lock (atomicfile.Update), this cache's own winning where
// both measured the same thing.
func (c *Cache) Save() error {
	if c.path == "" {
		return nil
	}
	return atomicfile.Update(c.path, 0o600, func(old []byte) ([]byte, error) {
		var saved Cache
		if json.Unmarshal(old, &saved) == nil {
			for key, e := range saved.Entries {
				if _, ok := c.Entries[key]; !ok {
					c.Entries[key] = e
				}
			}
		}
		return json.MarshalIndent(c, "", "  ")
	})
}

// MachineID names this machine for the cache: host, processor and cores.
func MachineID() string {
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
