// What -grade was given: a class, some of its students, or one student.

package grading

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/atomicfile"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// A Target is what -grade was given, resolved: the class folder, and the
// students of it to judge.
type Target struct {
	Class string // the folder whose entries are the students, or one student's folder
	// Only names the students to judge (an entry of Class: bob, bob.py,
	// or the name the sheet gives); nil judges all.
	Only []string
	// Merge puts the rest of the class on the sheet too, from the reports
	// kept when they were last graded: Class was graded as a whole before.
	Merge bool
	// Before, when set, is the deadline: each student is graded as their
	// last commit before it left their folder (Find).
	Before time.Time
}

// Sheet names t's grade sheet in the Store: the class folder's, and one
// of its own for each deadline.
func (t Target) Sheet() string { return SheetOf(t.Class, t.Before) }

// SheetOf is Target.Sheet for class and before.
func SheetOf(class string, before time.Time) string {
	if before.IsZero() {
		return class
	}
	return class + "\x00before " + before.UTC().Format(time.RFC3339)
}

// Resolve makes a Target of -grade's PATH and -only's names:
//
//   - a solution file (class/hugo.go) is that student of the folder it is
//     in;
//   - a student's folder or clone (class/ines) is that student of the
//     folder it is in, when that folder was graded as a class before
//     (graded), else a class of one, as with -classroom;
//   - any other folder is the class, of which only names are judged.
//
// A student judged alone is merged into the rest of the class's sheet when
// the class was graded before.
func Resolve(path string, only []string, ps []*problem.Problem, graded func(class string) bool) (Target, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return Target{}, judging.SetupErrorf("-grade: %v", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return Target{}, judging.SetupErrorf("-grade: %v", err)
	}
	// The folder it is in, by name: "." has one too (cd class/ines;
	// judge -grade .).
	parent, name := filepath.Dir(abs), filepath.Base(abs)
	if !filepath.IsAbs(path) && filepath.IsLocal(filepath.Clean(path)) && filepath.Dir(filepath.Clean(path)) != "." {
		parent = filepath.Dir(filepath.Clean(path)) // as the teacher wrote it: class/hugo.go is in class
	}
	switch {
	case fi.Mode().IsRegular():
		if !isSource(name) || len(only) > 0 {
			return Target{}, judging.SetupErrorf("-grade %s: give a class folder, one student's folder, or one student's solution file (without -only or -classroom)", path)
		}
		return Target{Class: parent, Only: []string{name}, Merge: graded(parent)}, nil
	case !fi.IsDir():
		return Target{}, judging.SetupErrorf("-grade %s: not a folder or a solution file", path)
	case len(only) > 0:
		return Target{Class: path, Only: only, Merge: true}, nil
	}
	if isOneStudent(path, ps) && graded(parent) {
		return Target{Class: parent, Only: []string{name}, Merge: true}, nil
	}
	return Target{Class: path}, nil
}

// ResolveClassroom makes the Target of -grade PATH -classroom: the folder
// or clone PATH is one student, graded alone, whatever else was graded.
func ResolveClassroom(path string) (Target, error) {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return Target{}, judging.SetupErrorf("-grade: %v", err)
	case !fi.IsDir():
		return Target{}, judging.SetupErrorf("-grade %s: give a class folder, one student's folder, or one student's solution file (without -only or -classroom)", path)
	}
	return Target{Class: path}, nil
}

// isOneStudent reports whether dir is one student's clone or folder.
func isOneStudent(dir string, ps []*problem.Problem) bool {
	entries, err := os.ReadDir(dir)
	return err == nil && (isClone(dir) || isStudentFolder(entries, ps))
}

// Judges reports whether s is one of the students t judges.
func (t Target) Judges(s Submission) bool {
	return t.Only == nil || slices.ContainsFunc(t.Only, func(name string) bool { return names(s, name) })
}

// names reports whether name is how a teacher may name s's student: the
// entry of the class folder (bob, bob/, bob.py), without its extension,
// or the name on the sheet.
func names(s Submission, name string) bool {
	entry := strings.TrimSuffix(s.Entry, "/")
	return name == entry || name == strings.TrimSuffix(entry, filepath.Ext(entry)) || name == s.Student
}

// Entries is the filter Find takes: every entry of the class when the
// rest of it is merged, else only those t judges.
func (t Target) Entries() func(entry string) bool {
	if t.Only == nil || t.Merge {
		return nil
	}
	return func(entry string) bool {
		return slices.ContainsFunc(t.Only, func(name string) bool { return names(Submission{Entry: entry}, name) })
	}
}

// Whole reports whether t grades the class of subs as a whole: every
// student, more than one. Then one of them may be graded alone next time,
// merged into it (Store.MarkGraded).
func (t Target) Whole(subs []Submission) bool {
	return t.Only == nil && len(Students(subs)) > 1
}

// Unmatched are the names in t.Only that name no student of subs.
func (t Target) Unmatched(subs []Submission) []string {
	var none []string
	for _, name := range t.Only {
		if !slices.ContainsFunc(subs, func(s Submission) bool { return names(s, name) }) {
			none = append(none, name)
		}
	}
	return none
}

// classesFile lists, in a Store, the class folders graded as a whole.
const classesFile = "classes.json"

// Graded reports whether class was graded as a whole before.
func (s Store) Graded(class string) bool {
	abs, err := filepath.Abs(class)
	if s.Dir == "" || err != nil {
		return false
	}
	data, _ := os.ReadFile(filepath.Join(s.Dir, classesFile))
	return slices.Contains(parseClasses(data), abs)
}

// MarkGraded records that class was graded as a whole.
func (s Store) MarkGraded(class string) error {
	abs, err := filepath.Abs(class)
	if s.Dir == "" || err != nil {
		return err
	}
	return atomicfile.Update(filepath.Join(s.Dir, classesFile), 0o600, func(old []byte) ([]byte, error) {
		classes := parseClasses(old)
		if !slices.Contains(classes, abs) {
			classes = append(classes, abs)
		}
		return json.Marshal(classes)
	})
}

// parseClasses reads the list of classes graded as a whole (none from
// nil or a damaged file).
func parseClasses(data []byte) []string {
	var classes []string
	json.Unmarshal(data, &classes)
	return classes
}
