// -classroom: one student's grade in the form GitHub Classroom's grading
// reporter reads, so that Classroom gives the points -grade gives.

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// classroomResult is one runner's result for the reporter
// (classroom-resources/autograding-grading-reporter): it shows each test,
// and Classroom's points are the sum of the tests' scores out of
// max_score.
type classroomResult struct {
	Version  int             `json:"version"`
	Status   string          `json:"status"` // pass, fail
	MaxScore int             `json:"max_score"`
	Tests    []classroomTest `json:"tests"`
}

type classroomTest struct {
	Name     string `json:"name"`
	Status   string `json:"status"`
	Score    int    `json:"score"`
	Message  string `json:"message,omitempty"`
	Filename string `json:"filename,omitempty"`
	LineNo   int    `json:"line_no"`
}

// classroomVersion is the version of the reporter's format written.
const classroomVersion = 1

// writeClassroom writes a line SLUG=BASE64 for each row: a step output the
// workflow hands to the reporter as <SLUG>_RESULTS.
func writeClassroom(w io.Writer, rows []grading.Row, slugs map[string]string) error {
	for _, r := range rows {
		res := classroomResult{Version: classroomVersion, Status: "pass", MaxScore: r.MaxPoints, Tests: []classroomTest{}}
		for _, c := range r.Cases {
			t := classroomTest{Name: c.Name, Status: "pass", Score: c.Points, Filename: r.File}
			if c.Points != 1 {
				t.Name = msg.Sprintf("%s (%d points)", c.Name, c.Points)
			}
			if c.Verdict != verdict.AC {
				t.Status, t.Score = "fail", 0
				t.Message = oneLine(string(c.Verdict) + " " + c.Message)
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
	return nil
}
