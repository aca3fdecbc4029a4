// -classroom: one student's grade in the form GitHub Classroom's grading
// reporter reads, so that Classroom gives the points -grade gives.

package sheet

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// ClassroomResult is one runner's result for the reporter
// (classroom-resources/autograding-grading-reporter): it shows each test,
// and Classroom's points are the sum of the tests' scores out of
// max_score.
type ClassroomResult struct {
	Version  int             `json:"version"`
	Status   string          `json:"status"` // pass, fail
	MaxScore int             `json:"max_score"`
	Tests    []ClassroomTest `json:"tests"`
}

// ClassroomTest is one test of a ClassroomResult: a case.
type ClassroomTest struct {
	Name     string `json:"name"`
	Status   string `json:"status"`
	Score    int    `json:"score"`
	Message  string `json:"message,omitempty"`
	Filename string `json:"filename,omitempty"`
	LineNo   int    `json:"line_no"`
}

// classroomVersion is the version of the reporter's format written.
const classroomVersion = 1

// RunnersOutput is the step output that lists the runners written, for
// the reporter's runners input: the problems graded, whichever they are.
const RunnersOutput = "runners"

// WriteClassroom writes a line SLUG=BASE64 for each row: a step output the
// workflow hands to the reporter as <SLUG>_RESULTS; then RunnersOutput,
// the slugs written, comma-separated.
func WriteClassroom(w io.Writer, rows []grading.Row, slugs map[string]string) error {
	var runners []string
	for _, r := range rows {
		runners = append(runners, slugs[r.Problem])
		res := ClassroomResult{Version: classroomVersion, Status: "pass", MaxScore: r.MaxPoints, Tests: []ClassroomTest{}}
		for _, c := range r.Cases {
			t := ClassroomTest{Name: c.Name, Status: "pass", Score: c.Points, Filename: r.File}
			if c.Points != 1 {
				t.Name = msg.Sprintf("%s (%d points)", c.Name, c.Points)
			}
			if c.Verdict != verdict.AC {
				t.Status, t.Score = "fail", 0
				t.Message = OneLine(string(c.Verdict) + " " + c.Message)
				res.Status = "fail"
			}
			res.Tests = append(res.Tests, t)
		}
		if len(res.Tests) == 0 {
			res.Status = "fail"
		}
		data, err := json.Marshal(res)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s=%s\n", slugs[r.Problem], base64.StdEncoding.EncodeToString(data)); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%s=%s\n", RunnersOutput, strings.Join(runners, ","))
	return err
}
