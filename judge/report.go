// The report of one judged file, for a person or as JSON Lines.

package main

import (
	"encoding/json"
	"fmt"

	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/report"
)

// finish prints the whole of a report, as JSON or for a person.
func (j *judge) finish(rep *judging.Report) {
	if j.opts.JSON {
		data, _ := json.Marshal(rep)
		fmt.Fprintf(j.stdout, "%s\n", data)
		return
	}
	j.out().Whole(rep)
}

// out is the terminal's printer, as the options and the terminal ask.
func (j *judge) out() report.Printer {
	return report.Printer{W: j.stdout, Colour: j.colour, Verbose: j.opts.Verbose}
}
