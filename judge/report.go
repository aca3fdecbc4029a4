// The report of one judged file, for a person or as JSON Lines.

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// finish prints a report: the rest of it if its cases were streamed, else
// the whole of it, as JSON or for a person.
func (j *judge) finish(rep *judging.Report) {
	switch {
	case j.opts.JSON:
		data, _ := json.Marshal(rep)
		fmt.Fprintf(j.stdout, "%s\n", data)
	case rep.Streamed:
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
func (o reportOut) whole(rep *judging.Report) {
	o.header(rep)
	for _, c := range rep.Cases {
		o.caseLine(c)
	}
	o.summary(rep)
}

// header names the problem and the file judged.
func (o reportOut) header(rep *judging.Report) {
	fmt.Fprintf(o.w, "%s  %s  %s\n", o.bold(rep.Problem), rep.File, msg.Sprintf("(protection: %s)", tierWord(rep.Protection)))
}

// caseLine writes one case's line, and why it failed.
func (o reportOut) caseLine(c *cases.Result) {
	w := o.w
	limit := format.Duration(format.Millis(c.LimitMs))
	if c.Relative() {
		limit += msg.Sprintf(" (%s× reference %s)", format.Factor(c.Factor), format.Duration(format.Millis(c.RefMs)))
	}
	fmt.Fprintf(w, "  %s  %-12s %9s / %-30s %8s\n", o.paint(c.Verdict, fmt.Sprintf("%-3s", c.Verdict)), c.Name,
		format.Duration(format.Millis(c.CPUms)), limit, format.KiB(c.MaxRSSKB))
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

// summary writes the overall verdict.
func (o reportOut) summary(rep *judging.Report) {
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
		case len(rep.Skipped) > 0 && rep.Graded:
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

// tierWord is the tier's word alone of a report's protection ("landlock"
// of "landlock (missing: …)"): the stderr note at start says the rest.
func tierWord(protection string) string {
	word, _, _ := strings.Cut(protection, " ")
	return word
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}
