package sheet

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// lmsClass is a class of three graded students: ana accepted, ben with a
// row the judge could not judge (ERR), cal late.
func lmsClass(t *testing.T) ([]grading.Row, []*problem.Problem) {
	t.Helper()
	p51, err := problem.Find("51")
	require.NoError(t, err)
	p52, err := problem.Find("52")
	require.NoError(t, err)
	row := func(student string, p *problem.Problem, v verdict.Verdict, points int, late bool) grading.Row {
		return grading.Row{Student: student, Problem: p.Folder(), Verdict: v, Points: points, MaxPoints: 30, Late: late}
	}
	return []grading.Row{
		row("ana", p51, verdict.AC, 30, false), row("ana", p52, verdict.AC, 30, false),
		row("ben", p51, verdict.JudgeError, 0, false), row("ben", p52, verdict.WA, 12, false),
		row("cal", p51, verdict.TLE, 18, true), row("cal", p52, verdict.AC, 30, true),
	}, []*problem.Problem{p51, p52}
}

// writeRoster writes a roster file and reads it.
func writeRoster(t *testing.T, text string) *Roster {
	t.Helper()
	path := filepath.Join(t.TempDir(), "roster.csv")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	ro, err := ReadRoster(path)
	require.NoError(t, err)
	return ro
}

// canvasImport reads a file as Canvas's gradebook import does
// (GradebookImporter in canvas-lms: the header's student columns, the
// "Points Possible" row, a score per assignment column, blank or "-" for
// no score), and returns each student's scores by assignment, keyed by
// the column Canvas matches on first (ID, else SIS User ID, else name),
// and the points possible.
func canvasImport(t *testing.T, data []byte) (scores map[string]map[string]float64, possible map[string]string) {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	require.NoError(t, err)
	header := rows[0]
	require.Greater(t, len(header), 3)
	require.Contains(t, header[0], "Student")
	require.Contains(t, header[1], "ID")
	columns := 3
	if regexp.MustCompile(`SIS\s+User\s+ID`).MatchString(header[2]) && regexp.MustCompile(`SIS\s+Login\s+ID`).MatchString(header[3]) {
		columns += 2
	}
	require.Contains(t, header[columns-1], "Section", "the last student column is Section, or Canvas refuses the header")
	nonAssignment := regexp.MustCompile("Current Score|Current Points|Current Grade|Final Score|Final Points|Final Grade|Override")
	assignments := map[int]string{}
	for i, h := range header[columns:] {
		if !nonAssignment.MatchString(h) {
			assignments[columns+i] = h
		}
	}
	scores, possible = map[string]map[string]float64{}, map[string]string{}
	for _, row := range rows[1:] {
		if strings.Contains(row[0], "Points Possible") {
			for i, a := range assignments {
				possible[a] = row[i]
			}
			continue
		}
		key := row[1]
		if key == "" && columns == 5 {
			key = row[2]
		}
		if key == "" {
			key = row[0]
		}
		scores[key] = map[string]float64{}
		for i, a := range assignments {
			cell := strings.TrimSpace(row[i])
			if cell == "" || cell == "-" {
				continue // no score
			}
			f, err := strconv.ParseFloat(cell, 64)
			require.NoError(t, err, "%s's %s: Canvas takes a score, not %q", key, a, cell)
			scores[key][a] = f
		}
	}
	return scores, possible
}

// moodleImport reads a file as Moodle's CSV grade import does
// (gradeimport_csv_load_data) with the teacher's mapping: the column
// mapFrom to a user field, each column of grades to a grade item, the rest
// ignored. A user it does not know, or a grade that is not a number,
// fails the whole import, as in Moodle; an empty cell or "-" is no grade.
func moodleImport(data []byte, mapFrom string, users []string, grades []string) (map[string]map[string]float64, error) {
	rows, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	if err != nil {
		return nil, err
	}
	index := map[string]int{}
	for i, h := range rows[0] {
		index[strings.TrimSpace(h)] = i
	}
	from, ok := index[mapFrom]
	if !ok {
		return nil, fmt.Errorf("no column %s", mapFrom)
	}
	got := map[string]map[string]float64{}
	for _, row := range rows[1:] {
		if len(row) <= 1 {
			continue
		}
		user := strings.TrimSpace(row[from])
		if !slices.Contains(users, user) {
			return nil, fmt.Errorf("user mapping error: %q not found: the whole import is refused", user)
		}
		got[user] = map[string]float64{}
		for _, g := range grades {
			cell := strings.TrimSpace(row[index[g]])
			if cell == "" || cell == "-" {
				continue
			}
			f, err := strconv.ParseFloat(cell, 64)
			if err != nil {
				return nil, errors.New("badgrade: " + cell)
			}
			got[user][g] = f
		}
	}
	return got, nil
}

func TestCanvasReadsTheSheetAsGraded(t *testing.T) {
	rows, ps := lmsClass(t)
	ro := writeRoster(t, "Student,ID,SIS User ID,SIS Login ID,Section,student\n"+
		"\"Ana, A\",101,s101,ana@u.edu,Sec 1,ana\n\"Ben, B\",102,s102,ben@u.edu,Sec 1,ben\n\"Cal, C\",103,s103,cal@u.edu,Sec 2,cal\n\"Dee, D\",104,s104,dee@u.edu,Sec 2,dee\n")
	path := filepath.Join(t.TempDir(), "canvas.csv")
	absent, err := WriteCanvas(path, rows, ps, ro)
	require.NoError(t, err)
	assert.Equal(t, []string{"dee"}, absent, "in the roster, not graded")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	scores, possible := canvasImport(t, data)
	assert.Equal(t, map[string]string{"0051-n-queens": "30", "0052-n-queens-ii": "30"}, possible)
	assert.Equal(t, map[string]map[string]float64{
		"101": {"0051-n-queens": 30, "0052-n-queens-ii": 30},
		"102": {"0052-n-queens-ii": 12}, // ERR: no score, not 0
		"103": {"0051-n-queens": 18, "0052-n-queens-ii": 30},
		"104": {},
	}, scores)
	assert.NotContains(t, string(data), "late", "any column past Section is an assignment to Canvas")
}

func TestCanvasWithoutARosterMatchesByName(t *testing.T) {
	rows, ps := lmsClass(t)
	path := filepath.Join(t.TempDir(), "canvas.csv")
	_, err := WriteCanvas(path, rows, ps, nil)
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	scores, _ := canvasImport(t, data)
	assert.Equal(t, float64(30), scores["ana"]["0052-n-queens-ii"])
}

func TestMoodleReadsTheSheetAsGraded(t *testing.T) {
	rows, ps := lmsClass(t)
	ro := writeRoster(t, "student,email\nana,ana@u.edu\nben,ben@u.edu\ncal,cal@u.edu\n")
	path := filepath.Join(t.TempDir(), "moodle.csv")
	_, err := WriteMoodle(path, rows, ps, ro)
	require.NoError(t, err)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	got, err := moodleImport(data, "email", []string{"ana@u.edu", "ben@u.edu", "cal@u.edu"}, []string{"0051-n-queens", "0052-n-queens-ii", "total"})
	require.NoError(t, err)
	assert.Equal(t, map[string]map[string]float64{
		"ana@u.edu": {"0051-n-queens": 30, "0052-n-queens-ii": 30, "total": 60},
		"ben@u.edu": {"0052-n-queens-ii": 12}, // ERR: no grade, and no total
		"cal@u.edu": {"0051-n-queens": 18, "0052-n-queens-ii": 30, "total": 48},
	}, got)
	recs, err := csv.NewReader(strings.NewReader(string(data))).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"student", "email", "0051-n-queens", "0052-n-queens-ii", "total", "late"}, recs[0])
	assert.Equal(t, "late", recs[3][5], "cal committed after the deadline")
	_, err = moodleImport(data, "email", []string{"ana@u.edu", "ben@u.edu", "cal@u.edu"}, []string{"late"})
	assert.Error(t, err, "the late column is text: mapped to a grade item, Moodle refuses it (docs say to leave it unmapped)")
}

func TestReadRosterNamesTheFileAndLine(t *testing.T) {
	dir := t.TempDir()
	for text, want := range map[string]string{
		"email\nana@u.edu\n":                          "roster.csv:1: no column \"student\"",
		"student,email\nana,a@u.edu\nana,b@u.edu\n":   "roster.csv:3: ana is in the roster twice",
		"student,email\nana,a@u.edu\n\"ben,b@u.edu\n": "roster.csv:3:",
		"student,email\nana,a@u.edu,extra\n":          "roster.csv:2:",
		"student,email\n,a@u.edu\n":                   "roster.csv:2: no name in its \"student\" column",
		"":                                            "roster.csv:1: empty",
	} {
		path := filepath.Join(dir, "roster.csv")
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
		_, err := ReadRoster(path)
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), want, text)
	}
	ro := writeRoster(t, utf8BOM+"Student,student\nAna,ana\n")
	assert.Equal(t, []string{"Student"}, ro.Columns, "a byte order mark (Excel's) is not part of the first column's name")
	assert.Equal(t, []string{"zed"}, ro.Missing([]string{"ana", "zed"}))
}
