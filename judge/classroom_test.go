package main

import (
	"bufio"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/nqueens-kit/nqueens/internal/queenstest"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
	"github.com/nqueens-kit/nqueens/judge/sheet"
)

// workflow is what the test reads of .github/workflows/classroom.yml.
type workflow struct {
	Env  map[string]string `yaml:"env"`
	Jobs map[string]struct {
		Steps []struct {
			Name string            `yaml:"name"`
			ID   string            `yaml:"id"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			Env  map[string]string `yaml:"env"`
			With map[string]any    `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// classroomWorkflowScoresLikeGrade runs the Classroom workflow's own
// commands as the runner runs a step (bash -e, here with nothing in the
// environment but PATH, HOME and GITHUB_OUTPUT), in a fresh student
// repository whose history has a Go attempt and, committed later, a Python
// answer that passes some cases; then it adds up the points the reporter
// would from the step's outputs and checks them against -grade's sheet of
// the same repository. The Grade step runs a second time with the jail's
// Landlock held to ABI 4, as on GitHub's Ubuntu 24.04 runners. TestScripts
// runs it beside the scripts, as grade_classroom_workflow: alone, it kept
// one core of two busy for seconds. Exhaustive: it took 13 s of the quick suite
// on a 2-core machine; CI runs it as an ordinary user too.
func classroomWorkflowScoresLikeGrade(t *testing.T) {
	queenstest.SkipUnlessLong(t)
	for _, tool := range []string{"git", "bash", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	if !sandbox.NewJail().Complete() {
		t.Skip("the jail is not complete here, and -grade is always strict")
	}
	data, err := os.ReadFile("../.github/workflows/classroom.yml")
	require.NoError(t, err)
	var wf workflow
	require.NoError(t, yaml.Unmarshal(data, &wf))
	steps := wf.Jobs["autograding"].Steps
	run := map[string]string{}
	var reporterEnv map[string]string
	var runners any
	for _, s := range steps {
		run[s.Name] = s.Run
		if strings.HasPrefix(s.Uses, "classroom-resources/autograding-grading-reporter@") {
			reporterEnv, runners = s.Env, s.With["runners"]
		}
	}
	require.NotEmpty(t, run["Build the judge"])
	require.NotEmpty(t, run["Grade"])
	for _, p := range problem.All {
		assert.Equal(t, "${{ steps.grade.outputs."+p.Slug+" }}", reporterEnv[strings.ToUpper(p.Slug)+"_RESULTS"], "the reporter reads %s", p.Folder())
	}
	// The runners are the problems the Grade step graded: the assignment's,
	// named once, in the workflow's PROBLEMS.
	assert.Equal(t, "${{ steps.grade.outputs."+sheet.RunnersOutput+" }}", runners)
	assignment := wf.Env["PROBLEMS"]
	require.NotEmpty(t, assignment, "the workflow names the assignment's problems")

	repo := studentRepository(t)
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}
	step := func(name string, extra ...string) string {
		out := filepath.Join(t.TempDir(), "output")
		require.NoError(t, os.WriteFile(out, nil, 0o644))
		cmd := exec.Command("bash", "-e", "-c", run[name])
		cmd.Dir = repo
		cmd.Env = append(append(env, "GITHUB_OUTPUT="+out), extra...)
		log, err := cmd.CombinedOutput()
		require.NoError(t, err, "step %q:\n%s", name, log)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		return string(data)
	}
	step("Build the judge")
	want := gradeSheet(t, repo, env)
	// Graded again at GitHub's runners' Landlock ABI 4 in the exhaustive
	// suite (as the attack scripts are).
	passes := [][]string{nil}
	if queenstest.Long() {
		passes = append(passes, []string{sandbox.LandlockEnv + "=4"})
	}
	for _, extra := range passes {
		got := reporterPoints(t, step("Grade", append(extra, "PROBLEMS="+assignment)...), reporterEnv)
		assert.Equal(t, want, got, "Classroom's points against -grade's, with %v", extra)
	}
	assert.Equal(t, [2]int{0, 12}, want["n-queens"], "51 is not written: nothing of 12")
	assert.Equal(t, [2]int{13, 18}, want["n-queens-ii"], "52 in Python: 13 of 18 (15 and 16 scored as 14, the same maximum as every language), wrong from n = 12")

	// An assignment of N-Queens II alone: only its runner, with -grade's
	// points for it (not 51's 0 of 12 beside them).
	got := reporterPoints(t, step("Grade", "PROBLEMS=52"), reporterEnv)
	assert.Equal(t, map[string][2]int{"n-queens-ii": want["n-queens-ii"]}, got)
}

// partialPython is a Python answer that passes 13 of the 18 cases: a
// bitmask search that gives up from n = 12 (WA, whatever the machine's
// speed).
const partialPython = `class Solution:
    def totalNQueens(self, n: int) -> int:
        if n >= 12:
            return 0
        full = (1 << n) - 1
        def place(cols, left, right):
            if cols == full:
                return 1
            count = 0
            free = full & ~(cols | left | right)
            while free:
                bit = free & -free
                free ^= bit
                count += place(cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1)
            return count
        return place(0, 0, 0)
`

// studentRepository makes a student's repository from the kit's tracked
// files: the template commit, a Go attempt, then a Python answer committed
// later that passes some cases.
func studentRepository(t *testing.T) string {
	repo := t.TempDir()
	files, err := exec.Command("git", "-C", "..", "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(files), "\x00"), "\x00") {
		src := filepath.Join("..", f)
		data, err := os.ReadFile(src)
		if err != nil {
			continue // deleted in the work tree
		}
		fi, err := os.Stat(src)
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Join(repo, filepath.Dir(f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(repo, f), data, fi.Mode().Perm()))
	}
	// None of the user's or the system's git settings (a global hooksPath,
	// signed commits): the student's repository as the runner makes it.
	home := t.TempDir()
	gitIn := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=student", "-c", "user.email=student@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		for _, a := range args {
			if date, ok := strings.CutPrefix(a, "--date="); ok {
				cmd.Env = append(cmd.Env, "GIT_COMMITTER_DATE="+date)
			}
		}
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	gitIn("init", "-q")
	gitIn("add", "-A")
	gitIn("commit", "-q", "-m", "template", "--date=2026-01-01T10:00:00")
	write := func(dst, src string) {
		data, err := os.ReadFile(filepath.Join("..", src))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(repo, dst), data, 0o644))
	}
	write("problems/0052-n-queens-ii/solution.go", "solutions/0052-n-queens-ii/array/solution.go")
	gitIn("commit", "-q", "-am", "first try, in Go", "--date=2026-01-02T10:00:00")
	require.NoError(t, os.WriteFile(filepath.Join(repo, "problems/0052-n-queens-ii/solution.py"), []byte(partialPython), 0o644))
	gitIn("add", "-A")
	gitIn("commit", "-q", "-m", "in Python", "--date=2026-01-03T10:00:00")
	// After a clone every file has the same modification time; the Go
	// attempt's is even the newest here.
	now := filepath.Join(repo, "problems/0052-n-queens-ii/solution.go")
	require.NoError(t, os.Chtimes(now, time.Now(), time.Now()))
	return repo
}

// gradeSheet is -grade's points and maximum per problem slug for repo.
func gradeSheet(t *testing.T, repo string, env []string) map[string][2]int {
	cmd := exec.Command(filepath.Join(repo, ".nqueens/judge"), "-grade", ".", "-csv", "-")
	cmd.Dir, cmd.Env = repo, env
	out, err := cmd.Output()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, "a partial answer is not accepted")
	require.Equal(t, 1, exit.ExitCode(), "graded, not every row accepted: %s", exit.Stderr)
	rows, err := csv.NewReader(strings.NewReader(string(out))).ReadAll()
	require.NoError(t, err)
	sheet := map[string][2]int{}
	for _, r := range rows[1:] {
		p, err := problem.Find(r[1])
		require.NoError(t, err)
		points, _ := strconv.Atoi(r[5])
		most, _ := strconv.Atoi(r[6])
		sheet[p.Slug] = [2]int{points, most}
		if p.Number == 52 {
			assert.Equal(t, "problems/0052-n-queens-ii/solution.py", r[8], "the file committed last")
			assert.Equal(t, "Python", r[9])
			assert.Contains(t, r[10], "several files for this problem (solution.py, solution.go): graded solution.py, the last committed or saved; the others were not judged")
		}
	}
	return sheet
}

// reporterPoints is what Classroom's reporter does with a Grade step's
// outputs: for each runner its runners input lists, it reads the variable
// its env maps to the runner's output, and adds up that runner's points,
// the sum of its tests' scores out of its max_score. A runner without its
// results fails the test, as it fails the reporter.
func reporterPoints(t *testing.T, outputs string, reporterEnv map[string]string) map[string][2]int {
	values := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(outputs))
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), "=")
		require.True(t, ok, "an output line: %q", sc.Text())
		values[name] = value
	}
	runners := values[sheet.RunnersOutput]
	require.NotEmpty(t, runners, "the Grade step names its runners")
	points := map[string][2]int{}
	for _, runner := range strings.Split(runners, ",") {
		output, ok := strings.CutPrefix(reporterEnv[strings.ToUpper(runner)+"_RESULTS"], "${{ steps.grade.outputs.")
		require.True(t, ok, "the reporter's env has %s's results", runner)
		value := values[strings.TrimSuffix(output, " }}")]
		require.NotEmpty(t, value, "%s's results", runner)
		data, err := base64.StdEncoding.DecodeString(value)
		require.NoError(t, err)
		var res sheet.ClassroomResult
		require.NoError(t, json.Unmarshal(data, &res))
		got := 0
		for _, test := range res.Tests {
			got += test.Score
			assert.Equal(t, test.Score > 0, test.Status == "pass", fmt.Sprintf("%s: %+v", runner, test))
		}
		points[runner] = [2]int{got, res.MaxScore}
	}
	return points
}
