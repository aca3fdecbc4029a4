// Finding a class's submissions in its three layouts.

package grading

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// A Submission is one student's file for one problem, or why there is none.
type Submission struct {
	Student string
	Problem *problem.Problem
	File    string // "" when there is none
	Missing string // why there is no file, for the row's message
	Note    string // said in the row beside the verdict's message (addNote)
	Root    string // the student's folder, which File must be inside of
	Entry   string // the class folder's entry it came from: bob, bob.py
	// Shown is File's path in the class folder when File is a copy of
	// it: the file as a commit before the deadline left it (-before).
	Shown string
	// Commit is the commit File was read from (-before), or nil.
	Commit *Commit
	// Failed is why the judge could not get the file, by its own failure:
	// the row is ERR, not the student's.
	Failed string
}

// addNote adds a line to the row's note.
func (s *Submission) addNote(line string) {
	s.Note = strings.TrimSpace(s.Note + "\n" + line)
}

// A Commit is the student's last commit before a deadline (-before).
type Commit struct {
	Hash string
	When time.Time
	Late bool // the student committed again at or after the deadline
}

// Find lists every student's file for each problem in dir; what
// it cannot make sense of is reported in skipped, not guessed at.
//
//   - a folder holding problems/ (a clone of the kit): the student's
//     problems/<folder>/solution.* for each problem, as the judge picks it
//     for the student (the one written; of several, the last committed or
//     saved);
//   - any other folder: one file per problem, named 52.go, 0052.go,
//     n-queens-ii.go or 0052-n-queens-ii.go, or the same with another
//     language's extension (52.java, …; of several, the last committed or
//     saved); with exactly one PROBLEM, a folder holding a single solution
//     file;
//   - a solution file: the student is its name (alice.go, bob.py), and the
//     problem the one PROBLEM, or the one whose function the file defines.
//
// DIR itself may be one student's clone or folder: then it is graded
// alone, named for the folder. keep, when set, chooses the entries of DIR
// to look into (Target.Entries).
//
// With a deadline (before, not zero), each student's folder is read as
// their last commit before it left it (studentBefore).
func Find(ctx context.Context, tempDir, dir string, ps []*problem.Problem, keep func(entry string) bool, before time.Time) (subs []Submission, skipped []string, err error) {
	studentFolder := studentFolder
	if !before.IsZero() {
		studentFolder = func(ctx context.Context, tempDir, student, dir string, ps []*problem.Problem) []Submission {
			return studentBefore(ctx, tempDir, student, dir, ps, before)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, judging.SetupErrorf("-grade: %v", err)
	}
	if isClone(dir) || isStudentFolder(entries, ps) {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil, nil, judging.SetupErrorf("-grade: %v", err)
		}
		return nameStudents(studentFolder(ctx, tempDir, filepath.Base(abs), dir, ps), filepath.Base(abs)), nil, nil
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || keep != nil && !keep(name) {
			continue
		}
		path := filepath.Join(dir, name)
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			// A link may lead to another student's work or the teacher's
			// files: refused, in the student's rows.
			student := strings.TrimSuffix(name, filepath.Ext(name))
			for _, p := range ps {
				subs = append(subs, Submission{Student: student, Problem: p, Entry: name, Missing: msg.Sprintf("%s is a link: -grade reads only regular files inside the class folder", printableName(name))})
			}
			continue
		}
		fi, err := os.Stat(path)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		switch {
		case fi.IsDir():
			subs = append(subs, nameStudents(studentFolder(ctx, tempDir, name, path, ps), name+"/")...)
		case fi.Mode().IsRegular() && isSource(name):
			one := singleFile(name, path, ps)
			if !before.IsZero() {
				for i := range one {
					one[i].addNote(msg.Sprintf("a single file: -before reads the history of a student's folder or clone; graded as it is now"))
				}
			}
			subs = append(subs, nameStudents(one, name)...)
		default:
			skipped = append(skipped, msg.Sprintf("%s: not a student's folder or solution file", printableName(name)))
		}
	}
	if len(subs) == 0 {
		return nil, skipped, judging.SetupErrorf("-grade %s: no submissions found (see go run ./judge -h for the layouts)", dir)
	}
	return distinctStudents(subs), skipped, nil
}

// nameStudents records which entry of the class folder subs came from.
func nameStudents(subs []Submission, entry string) []Submission {
	for i := range subs {
		subs[i].Entry = entry
	}
	return subs
}

// distinctStudents gives each student a name fit for a sheet, a terminal
// and a file name (printableName), and keeps apart two entries that would
// be one student (bob/ beside bob.py, or names alike once escaped and
// cut): each is then named for its entry, so that both are graded and
// both get feedback.
func distinctStudents(subs []Submission) []Submission {
	entries := map[string]map[string]bool{} // each student's entries
	for i := range subs {
		subs[i].Student = printableName(subs[i].Student)
		if entries[subs[i].Student] == nil {
			entries[subs[i].Student] = map[string]bool{}
		}
		entries[subs[i].Student][subs[i].Entry] = true
	}
	taken := map[string]string{} // a name given → its entry
	for i := range subs {
		s := &subs[i]
		if len(entries[s.Student]) < 2 {
			continue
		}
		name := printableName(s.Entry)
		for k := 2; taken[name] != "" && taken[name] != s.Entry; k++ {
			name = fmt.Sprintf("%s #%d", printableName(s.Entry), k)
		}
		taken[name] = s.Entry
		s.Student = name
	}
	return subs
}

// printablePath is a file's path as the sheet shows it: each of its
// names as printableName shows it.
func printablePath(path string) string {
	parts := strings.Split(path, "/")
	for i, p := range parts {
		parts[i] = printableName(p)
	}
	return strings.Join(parts, "/")
}

// maxName is how many characters of a student's or a file's name a sheet
// shows.
const maxName = 64

// printableName is a name from the class folder as the sheet, the table,
// the feedback and the page show it: on one line, its control characters
// (ESC, a newline) escaped, at most maxName characters.
func printableName(name string) string {
	name = nameControls.Replace(format.Printable(name))
	if r := []rune(name); len(r) > maxName {
		return string(r[:maxName-1]) + "…"
	}
	return name
}

// nameControls escapes what format.Printable leaves in a text but a name
// must not hold: it is one cell, on one line.
var nameControls = strings.NewReplacer("\n", `\x0a`, "\t", `\x09`)

// outsideFolder says why file may not be graded: it is a link, or it lies
// outside root, the student's folder ("" for a single file); "" when it is
// a regular file inside.
func outsideFolder(file, root string) string {
	name := filepath.Base(file)
	if fi, err := os.Lstat(file); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return msg.Sprintf("%s is a link: -grade reads only regular files inside the student's folder", name)
	}
	if root == "" {
		return ""
	}
	real, err := filepath.EvalSymlinks(file)
	top, err2 := filepath.EvalSymlinks(root)
	if err != nil || err2 != nil {
		return ""
	}
	if rel, err := filepath.Rel(top, real); err != nil || !filepath.IsLocal(rel) {
		return msg.Sprintf("%s leads outside the student's folder: -grade reads only regular files inside it", name)
	}
	return ""
}

// isSource reports whether a file's name says it is a solution in a
// language the judge takes.
func isSource(name string) bool {
	_, ok := lang.ForFile(name)
	return ok
}

// isClone reports whether dir is a clone of the kit.
func isClone(dir string) bool {
	fi, err := os.Stat(filepath.Join(dir, "problems"))
	return err == nil && fi.IsDir()
}

// isStudentFolder reports whether entries are one student's files: no
// folders, and a file named for one of ps (52.py, n-queens-ii.go, …).
func isStudentFolder(entries []os.DirEntry, ps []*problem.Problem) bool {
	named := false
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if e.IsDir() {
			return false
		}
		for _, p := range ps {
			named = named || slices.Contains(problemFileNames(p), e.Name())
		}
	}
	return named
}

// problemFileNames are the names a file solving p may have in a student's
// folder.
func problemFileNames(p *problem.Problem) []string {
	var names []string
	for _, base := range []string{strconv.Itoa(p.Number), fmt.Sprintf("%04d", p.Number), p.Slug, p.Folder()} {
		for _, l := range lang.All {
			names = append(names, base+l.Exts[0])
		}
	}
	return names
}

// singleFile is a student who handed in one file (alice.go): it solves the
// one PROBLEM, or, of several, the one whose function it defines; every
// other problem asked is a row saying so.
func singleFile(name, path string, ps []*problem.Problem) []Submission {
	student := strings.TrimSuffix(name, filepath.Ext(name))
	if len(ps) == 1 {
		return []Submission{{Student: student, Problem: ps[0], File: path}}
	}
	src, _ := judging.ReadSource(path, name)
	var subs []Submission
	for _, p := range ps {
		s := Submission{Student: student, Problem: p}
		if bytes.Contains(src, []byte(p.Func)) {
			s.File = path
		} else {
			s.Missing = msg.Sprintf("no solution file: %s does not define %s", name, p.Func)
		}
		subs = append(subs, s)
	}
	return subs
}

// studentFolder finds one student's files, one per problem (tempDir: the
// workers' that read a clone's history).
func studentFolder(ctx context.Context, tempDir, student, dir string, ps []*problem.Problem) []Submission {
	var subs []Submission
	if isClone(dir) {
		clone := problem.Kit{Root: dir}
		for _, p := range ps {
			file, written := judging.StarterFor(ctx, tempDir, clone, p)
			s := Submission{Student: student, Problem: p, File: file, Root: dir}
			if _, err := os.Stat(s.File); err != nil {
				s.File, s.Missing = "", msg.Sprintf("no solution file (problems/%s/solution.*)", p.Folder())
			}
			if len(written) == 0 {
				if stray := strayFile(dir, filepath.Join("problems", p.Folder())); stray != "" {
					s.File, s.Missing = "", msg.Sprintf("no solution file written: found %s; the judge grades problems/%s/solution.<language>", stray, p.Folder())
				}
			}
			if len(written) > 1 && s.File != "" {
				s.Note = severalFiles(written, s.File)
			}
			subs = append(subs, s)
		}
		return subs
	}
	var sources []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if _, ok := lang.ForFile(e.Name()); ok && !e.IsDir() {
			sources = append(sources, filepath.Join(dir, e.Name()))
		}
	}
	for _, p := range ps {
		s := Submission{Student: student, Problem: p, Root: dir}
		names := problemFileNames(p)
		var latest time.Time
		var found []string
		for _, n := range names {
			f := filepath.Join(dir, n)
			if fi, err := os.Stat(f); err == nil && !fi.IsDir() {
				found = append(found, f)
				if at := judging.SavedAt(ctx, tempDir, f); at.After(latest) {
					s.File, latest = f, at
				}
			}
		}
		if len(found) > 1 {
			s.Note = severalFiles(found, s.File)
		}
		if s.File == "" && len(ps) == 1 && len(sources) == 1 {
			s.File = sources[0]
		}
		if s.File == "" {
			s.Missing = msg.Sprintf("no solution file (looked for %s)", strings.Join(names, ", "))
			if stray := strayFile(dir, "."); stray != "" {
				s.Missing = msg.Sprintf("no solution file: found %s; the judge grades %d.<language> (or %s.<language>)", stray, p.Number, p.Slug)
			}
		}
		subs = append(subs, s)
	}
	return subs
}

// strayFile finds, below dir/under, a source file in a language the judge
// takes that is not a starter or a file named for a problem: a solution in
// the wrong place, to name in the row. It looks at most strayLimit entries.
func strayFile(dir, under string) string {
	const strayLimit = 2000
	seen := 0
	found := ""
	filepath.WalkDir(filepath.Join(dir, under), func(path string, d os.DirEntry, err error) error {
		seen++
		if err != nil || seen > strayLimit {
			return filepath.SkipAll
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != filepath.Join(dir, under) {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && isSource(d.Name()) && !isExpectedName(d.Name()) && found == "" {
			if rel, err := filepath.Rel(dir, path); err == nil {
				found = filepath.ToSlash(rel)
			}
		}
		return nil
	})
	return found
}

// isExpectedName reports whether name is where the judge looks for a
// solution already (a starter, a file named for a problem) or a Go test.
func isExpectedName(name string) bool {
	if strings.HasPrefix(name, "solution.") || strings.HasSuffix(name, "_test.go") {
		return true
	}
	for _, p := range problem.All {
		if slices.Contains(problemFileNames(p), name) {
			return true
		}
	}
	return false
}

// severalFiles is the note on a student who wrote several files for one
// problem: which were found, and which was graded.
func severalFiles(found []string, graded string) string {
	return msg.Sprintf("several files for this problem (%s): graded %s, the last committed or saved; the others were not judged", baseNames(found), filepath.Base(graded))
}

// baseNames lists files by their base names.
func baseNames(files []string) string {
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	return strings.Join(names, ", ")
}

// studentBefore is studentFolder for dir as the student's last commit
// before the deadline left it (judging.VersionBefore): its files are
// copied out of the history into a folder of the judge's (under tempDir)
// and found there; each submission names its file as it is in dir, and
// the commit. A folder with no history is graded as it is, and says so;
// one with no commit before the deadline has nothing to grade.
func studentBefore(ctx context.Context, tempDir, student, dir string, ps []*problem.Problem, deadline time.Time) []Submission {
	none := func(why string) []Submission {
		var subs []Submission
		for _, p := range ps {
			subs = append(subs, Submission{Student: student, Problem: p, Root: dir, Missing: why})
		}
		return subs
	}
	failed := func(err error) []Submission {
		subs := none("")
		for i := range subs {
			subs[i].Failed = msg.Sprintf("-before: the judge could not read %s's history: %v", student, err)
		}
		return subs
	}
	v, err := judging.VersionBefore(ctx, tempDir, dir, deadline)
	if err != nil {
		return failed(err)
	}
	if v.Unreadable != "" {
		return none(msg.Sprintf("its git history could not be read (%s): -before grades the last commit before the deadline", v.Unreadable))
	}
	if !v.History {
		subs := studentFolder(ctx, tempDir, student, dir, ps)
		noHistory(subs)
		return subs
	}
	switch {
	case v.Commit == "" && v.First.IsZero():
		return none(msg.Sprintf("no commit yet: -before grades the last commit before the deadline"))
	case v.Commit == "":
		return none(msg.Sprintf("no commit before the deadline: the first is of %s", v.First.Local().Format("2006-01-02 15:04")))
	}
	copied, err := os.MkdirTemp(tempDir, "before-")
	if err == nil {
		err = judging.WriteVersion(v, copied)
	}
	if err != nil {
		return failed(err)
	}
	subs := studentFolder(ctx, tempDir, student, copied, ps)
	for i := range subs {
		s := &subs[i]
		s.Root, s.Commit = copied, &Commit{Hash: v.Commit, When: v.When, Late: v.Late}
		if s.File != "" {
			if rel, err := filepath.Rel(copied, s.File); err == nil {
				s.Shown = filepath.Join(dir, rel)
			}
		}
		if len(v.Left) > 0 {
			s.addNote(msg.Sprintf("left out of the commit, too large together: %s", strings.Join(v.Left, ", ")))
		}
	}
	return subs
}

// noHistory notes on subs that their folder has no git history: -before
// grades them as they are now.
func noHistory(subs []Submission) {
	for i := range subs {
		subs[i].addNote(msg.Sprintf("no git history: graded as it is now, whatever the deadline"))
	}
}
