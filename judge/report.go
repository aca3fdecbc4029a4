// The report of one judged file, for a person or as JSON Lines.

package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// reportVersion is the version of the JSON report's schema (docs/judge.md, "JSON").
const reportVersion = 2

// report is the outcome of judging one file for one problem.
type report struct {
	Version int             `json:"version"`
	Problem string          `json:"problem"`
	File    string          `json:"file"`
	Verdict verdict.Verdict `json:"verdict"`
	Message string          `json:"message,omitempty"`
	Cases   []*cases.Result `json:"cases"`
	Skipped []string        `json:"skipped,omitempty"` // cases not run because an earlier one failed
	// Beyond are cases past the headline n of the file's language, not run
	// for it (README, "Languages").
	Beyond []string `json:"beyond_language,omitempty"`
	// Notes are remarks on the submission that are no verdict (it reads
	// the clock), for the student and the teacher.
	Notes []string `json:"notes,omitempty"`
	// Profile says where the time of a search that ran out of it goes:
	// its busiest lines and the size of its search (teach.go).
	Profile  string `json:"profile,omitempty"`
	Language string `json:"language"`
	Judge    string `json:"judge"` // which judge made the report (-version)

	streamed bool // the header and cases were printed as they ran
	graded   bool // judged by -grade: a case after a TLE is scored as failed
}

func newReport(p *problem.Problem, file string) *report {
	l, _ := lang.ForFile(file)
	return &report{Version: reportVersion, Problem: p.Folder(), File: file, Language: cmp.Or(l, lang.Go).Name, Judge: version(), Cases: []*cases.Result{}}
}

// finish prints a report: the rest of it if its cases were streamed, else
// the whole of it, as JSON or for a person.
func (j *judge) finish(rep *report) {
	switch {
	case j.opts.JSON:
		data, _ := json.Marshal(rep)
		fmt.Fprintf(j.stdout, "%s\n", data)
	case rep.streamed:
		j.out().summary(rep)
	default:
		j.out().whole(rep)
	}
}

// reportOut is where a report is printed for a person, and how: the
// terminal, or a student's feedback file (-feedback).
type reportOut struct {
	w       io.Writer
	colour  bool
	verbose bool // each case's transcript too
}

func (j *judge) out() reportOut { return reportOut{j.stdout, j.colour, j.opts.Verbose} }

// whole prints the header, every case and the summary.
func (o reportOut) whole(rep *report) {
	o.header(rep)
	for _, c := range rep.Cases {
		o.caseLine(c)
	}
	o.summary(rep)
}

// header names the problem and the file judged.
func (o reportOut) header(rep *report) {
	fmt.Fprintf(o.w, "%s  %s\n", o.bold(rep.Problem), rep.File)
}

// caseLine writes one case's line, and why it failed.
func (o reportOut) caseLine(c *cases.Result) {
	w := o.w
	limit := format.Duration(ms(c.LimitMs))
	if c.Relative() {
		limit += msg.Sprintf(" (%s× reference %s)", factor(c.Factor), format.Duration(ms(c.RefMs)))
	}
	fmt.Fprintf(w, "  %s  %-12s %9s / %-30s %8s\n", o.paint(c.Verdict, fmt.Sprintf("%-3s", c.Verdict)), c.Name,
		format.Duration(ms(c.CPUms)), limit, format.KiB(c.MaxRSSKB))
	if o.verbose && strings.TrimSpace(c.Transcript) != "" {
		fmt.Fprintf(w, "%s\n", indent(format.Printable(strings.TrimSpace(c.Transcript)), "       : "))
	}
	if c.Close {
		msg.Fprintf(w, "       close to the limit: may differ between runs\n")
	}
	if c.Verdict != verdict.AC {
		fmt.Fprintf(w, "%s\n", indent(format.Printable(c.Message), "       "))
		if c.Output != "" {
			msg.Fprintf(w, "       your program printed:\n%s\n", indent(format.Printable(c.Output), "       | "))
		}
	}
}

func ms(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

// factor prints a limit factor without needless decimals: 4, 1.5.
func factor(f float64) string { return strings.TrimSuffix(fmt.Sprintf("%.2g", f), ".0") }

// summary writes the overall verdict.
func (o reportOut) summary(rep *report) {
	w := o.w
	var cpu time.Duration
	passed := 0
	for _, c := range rep.Cases {
		cpu += c.CPU
		if c.Verdict == verdict.AC {
			passed++
		}
	}
	switch {
	case rep.Verdict == verdict.AC:
		msg.Fprintf(w, "%s: %d of %d cases, %s of CPU\n", o.paint(verdict.AC, verdict.AC.Long()), len(rep.Cases), len(rep.Cases), format.Duration(cpu))
	case len(rep.Cases) == 0:
		fmt.Fprintf(w, "%s\n%s\n", o.paint(rep.Verdict, rep.Verdict.Long()), indent(format.Printable(rep.Message), "  "))
	default:
		tail := ""
		switch {
		case len(rep.Skipped) > 0 && rep.graded:
			tail = msg.Sprintf("; %d scored as failed without running: a smaller case already ran out of time", len(rep.Skipped))
		case len(rep.Skipped) > 0:
			tail = msg.Sprintf("; %d not run (-all runs every case)", len(rep.Skipped))
		}
		msg.Fprintf(w, "%s: passed %d of %d cases%s\n", o.paint(rep.Verdict, rep.Verdict.Long()), passed, len(rep.Cases)+len(rep.Skipped), tail)
	}
	if rep.Profile != "" {
		fmt.Fprintln(w, rep.Profile)
	}
	for _, note := range rep.Notes {
		fmt.Fprintln(w, note)
	}
	if len(rep.Beyond) > 0 {
		msg.Fprintf(w, "note: %s not run for %s: its reference search needs more than about %.0f s there (README, \"Languages\")\n",
			strings.Join(rep.Beyond, ", "), rep.Language, lang.HeadlineSearch.Seconds())
	}
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}
