package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// print writes one problem's report, as JSON Lines or for a person.
func (j *judge) print(rep *report) {
	if j.opts.JSON {
		data, _ := json.Marshal(rep)
		fmt.Fprintf(j.stdout, "%s\n", data)
		return
	}
	j.printHeader(rep)
	for _, c := range rep.Cases {
		j.printCase(rep, c)
	}
	j.printSummary(rep)
}

// printHeader names the problem and the file judged.
func (j *judge) printHeader(rep *report) {
	fmt.Fprintf(j.stdout, "%s  %s\n", j.bold(rep.Problem), rep.File)
}

// printCase writes one case's line, and why it failed.
func (j *judge) printCase(rep *report, c *caseResult) {
	w := j.stdout
	limit := ms(time.Duration(c.LimitMs) * time.Millisecond)
	if c.Relative {
		limit += fmt.Sprintf(" (%.0f× reference %s)", rep.Factor, ms(time.Duration(rep.Reference[c.Name])*time.Millisecond))
	}
	fmt.Fprintf(w, "  %s  %-12s %9s / %-30s %8s\n", j.paint(c.Verdict, fmt.Sprintf("%-3s", c.Verdict)), c.Name,
		ms(time.Duration(c.CPUms)*time.Millisecond), limit, kib(c.MaxRSSKB))
	if j.opts.Verbose && strings.TrimSpace(c.transcript) != "" {
		fmt.Fprintf(w, "%s\n", indent(strings.TrimSpace(c.transcript), "       : "))
	}
	if c.Verdict != AC {
		fmt.Fprintf(w, "%s\n", indent(c.Message, "       "))
		if c.Output != "" {
			fmt.Fprintf(w, "       your program printed:\n%s\n", indent(c.Output, "       | "))
		}
	}
}

// printSummary writes the overall verdict.
func (j *judge) printSummary(rep *report) {
	w := j.stdout
	var cpu int64
	for _, c := range rep.Cases {
		cpu += c.CPUms
	}
	switch {
	case rep.Verdict == AC:
		fmt.Fprintf(w, "%s: %d of %d cases, %s of CPU\n", j.paint(AC, AC.Long()), len(rep.Cases), len(rep.Cases), ms(time.Duration(cpu)*time.Millisecond))
	case len(rep.Cases) == 0:
		fmt.Fprintf(w, "%s\n%s\n", j.paint(rep.Verdict, rep.Verdict.Long()), indent(rep.Message, "  "))
	default:
		passed := 0
		for _, c := range rep.Cases {
			if c.Verdict == AC {
				passed++
			}
		}
		tail := ""
		if len(rep.Skipped) > 0 {
			tail = fmt.Sprintf("; %d not run (-all runs every case)", len(rep.Skipped))
		}
		fmt.Fprintf(w, "%s: passed %d of %d cases%s\n", j.paint(rep.Verdict, rep.Verdict.Long()), passed, len(rep.Cases)+len(rep.Skipped), tail)
	}
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}

func kib(k int64) string {
	if k == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f MiB", float64(k)/1024)
}

// Colour, only on a terminal and never when NO_COLOR is set.

func useColour(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	return isTerminal(w)
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

func (j *judge) paint(v verdict, s string) string {
	if !j.colour {
		return s
	}
	code := "31" // red
	switch v {
	case AC:
		code = "32" // green
	case TLE, MLE, OLE, NotWritten:
		code = "33" // yellow
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (j *judge) bold(s string) string {
	if !j.colour {
		return s
	}
	return "\x1b[1m" + s + "\x1b[0m"
}

// liveLine shows, on a terminal, what is running and for how long.
type liveLine struct {
	w       io.Writer
	on      bool
	mu      sync.Mutex
	stopped chan struct{}
	done    chan struct{}
}

func newLiveLine(w io.Writer) *liveLine { return &liveLine{w: w, on: isTerminal(w)} }

func (l *liveLine) start(what string) {
	if !l.on {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopped, l.done = make(chan struct{}), make(chan struct{})
	go func(stopped, done chan struct{}) {
		defer close(done)
		begin := time.Now()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stopped:
				fmt.Fprint(l.w, "\r\x1b[K")
				return
			case <-tick.C:
				fmt.Fprintf(l.w, "\r\x1b[K  running %s … %.1f s", what, time.Since(begin).Seconds())
			}
		}
	}(l.stopped, l.done)
}

func (l *liveLine) stop() {
	if !l.on {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped != nil {
		close(l.stopped)
		<-l.done
		l.stopped = nil
	}
}
