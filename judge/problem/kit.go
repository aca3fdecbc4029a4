package problem

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Kit is a checkout of the kit: problems/, solutions/ and testdata/ under
// one root.
type Kit struct {
	Root string
}

// RootEnv overrides where the kit is; tests use it.
const RootEnv = "NQUEENS_KIT"

// FindKit looks for the kit's root: $NQUEENS_KIT, or the current directory
// or one above it that holds problems/ and testdata/.
func FindKit() (Kit, error) {
	if dir := os.Getenv(RootEnv); dir != "" {
		return Kit{Root: dir}, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return Kit{}, err
	}
	for {
		if isDir(filepath.Join(dir, "problems")) && isDir(filepath.Join(dir, "testdata")) {
			return Kit{Root: dir}, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return Kit{}, msg.Errorf("cannot find the kit: run the judge inside the repository (it holds problems/ and testdata/)")
		}
		dir = parent
	}
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// ProblemAt is the problem whose folder dir is in (problems/, testdata/
// or solutions/<folder>, or below): where a student who runs the judge
// from there is working.
func (k Kit) ProblemAt(dir string) (*Problem, bool) {
	root, err := filepath.EvalSymlinks(k.Root)
	if err != nil {
		return nil, false
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, false
	}
	rel, err := filepath.Rel(root, real)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	if len(parts) < 2 || !slices.Contains([]string{"problems", "testdata", "solutions"}, parts[0]) {
		return nil, false
	}
	for _, p := range All {
		if p.Folder() == parts[1] {
			return p, true
		}
	}
	return nil, false
}

// Starter is the Go file a student edits.
func (k Kit) Starter(p *Problem) string { return k.StarterNamed(p, "solution.go") }

// StarterNamed is p's starter of that name: solution.java, …
func (k Kit) StarterNamed(p *Problem, name string) string {
	return filepath.Join(k.Root, "problems", p.Folder(), name)
}

// Cases is the folder of p's case files.
func (k Kit) Cases(p *Problem) string { return filepath.Join(k.Root, "testdata", p.Folder()) }

// Solutions is the folder of p's reference and sample solutions.
func (k Kit) Solutions(p *Problem) string { return filepath.Join(k.Root, "solutions", p.Folder()) }

// Reference is the Go solution that p's relative limits are measured against.
func (k Kit) Reference(p *Problem) string { return k.ReferenceIn(p, "", "solution.go") }

// ReferenceIn is p's reference in a language: the file name in the
// calibrator's folder dir ("" for Go, whose package is the folder itself).
func (k Kit) ReferenceIn(p *Problem, dir, name string) string {
	return filepath.Join(k.Solutions(p), p.Calibrator, dir, name)
}

// Rel names path relative to the kit's root when it is inside it.
func (k Kit) Rel(path string) string {
	if r, err := filepath.Rel(k.Root, path); err == nil && filepath.IsLocal(r) {
		return r
	}
	return path
}

// Command is how the student runs the judge from the folder they are in:
// "go run ../../judge" from a problem's folder, "go run ./judge" from the
// kit's root or from outside the kit (where the judge runs only from its
// root).
func (k Kit) Command() string {
	return strings.Join([]string{"go", "run", k.FromHere(filepath.Join(k.Root, "judge"))}, " ")
}

// FromHere is path, a file of the kit, as the student names it from the
// folder they are in: relative to it inside the kit ("../../judge",
// "./judge"), relative to the kit's root from outside it.
func (k Kit) FromHere(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return k.local(path)
	}
	inside, err := filepath.Rel(k.Root, wd)
	if err != nil || inside == "." || !filepath.IsLocal(inside) {
		return k.local(path)
	}
	r, err := filepath.Rel(wd, path)
	if err != nil {
		return k.local(path)
	}
	return filepath.ToSlash(r)
}

// local is path relative to the kit's root, "./" first.
func (k Kit) local(path string) string { return "./" + filepath.ToSlash(k.Rel(path)) }

// A Solution is a reference or sample solution and the verdict it declares.
type Solution struct {
	Path     string
	Declared verdict.Verdict
	// Thin marks a solution accepted with less room than -verify's margin
	// asks for, by design ("//judge:verdict AC thin"): it is checked at the
	// plain limits.
	Thin bool
}

// thinDirective declares a thin margin.
var thinDirective = lazy.Regexp(`(?m)^(?://|#)judge:verdict[ \t]+AC[ \t]+thin\b`)

// directive is the line that declares a solution's verdict:
//
//	//judge:verdict TLE
//
// (#judge:verdict in Python). godoc hides it; anything after the verdict,
// on the same line, is a note for the reader.
var directive = lazy.Regexp(`(?m)^(?://|#)judge:verdict(?:[ \t]+(\S+))?.*$`)

// Declared reads the verdict a solution's source declares. Exactly one
// directive must be there.
func Declared(src []byte) (verdict.Verdict, error) {
	m := directive().FindAllSubmatch(src, -1)
	switch {
	case len(m) == 0:
		return "", msg.Errorf("no //judge:verdict line declaring the verdict it should get")
	case len(m) > 1:
		return "", msg.Errorf("more than one //judge:verdict line")
	}
	return verdict.Parse(string(m[0][1]))
}

// SolutionFiles lists every solution file under p's solutions folder (a
// file named solution.* that isSolution takes), in name order, with the
// verdict each declares.
func (k Kit) SolutionFiles(p *Problem, isSolution func(name string) bool) ([]Solution, error) {
	var sols []Solution
	err := filepath.WalkDir(k.Solutions(p), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(d.Name(), "solution.") || !isSolution(d.Name()) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		v, err := Declared(src)
		if err != nil {
			return fmt.Errorf("%s: %w", k.Rel(path), err)
		}
		sols = append(sols, Solution{Path: path, Declared: v, Thin: thinDirective().Match(src)})
		return nil
	})
	sort.Slice(sols, func(i, j int) bool { return sols[i].Path < sols[j].Path })
	return sols, err
}
