package lang

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/internal/safeopen"
	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// StarterWords begin the message of the line every starter's solution
// function holds (a panic, raise or throw), which the student deletes.
const StarterWords = "not written yet"

// StarterLine is the line number (from 1) of the first line of src that
// holds the starter's quoted message (StarterWords), 0 if none does.
func StarterLine(src []byte) int {
	line := 1
	for rest := src; len(rest) > 0; line++ {
		text, after, _ := bytes.Cut(rest, []byte("\n"))
		if bytes.Contains(text, []byte(`"`+StarterWords+": write ")) {
			return line
		}
		rest = after
	}
	return 0
}

// A Submission is a student's file to build.
//
// Make one with NewSubmission, once per file: it prepares the code once
// (Code), which every build, check and count of the file then shares.
type Submission struct {
	Problem *problem.Problem
	Lang    *Language
	Source  []byte // the file, byte for byte
	Display string // the file, as messages name it
	// Code is the file as the judge builds and reads it: for Go, as
	// build.Prepare makes it (a package clause, the student's own main
	// renamed; CodeErr is Prepare's error), for Java with its Unicode
	// escapes read as javac reads them (javaUnescaped), for the others
	// Source.
	Code    []byte
	CodeErr error
}

// NewSubmission is src, a solution to p in l that messages call display,
// with its code prepared.
func NewSubmission(p *problem.Problem, l *Language, src []byte, display string) Submission {
	s := Submission{Problem: p, Lang: l, Source: src, Display: display, Code: src}
	switch {
	case l.parsed:
		s.Code, s.CodeErr = build.Prepare(src)
	case l == Java:
		s.Code = javaUnescaped(src)
	}
	return s
}

// Build builds s with l's toolchain on this machine, or returns a
// *build.CompileError; a toolchain missing here is an error.
func (l *Language) Build(ctx context.Context, b *build.Builder, s Submission) (sandbox.Program, error) {
	t, err := l.Toolchain()
	if err != nil {
		return sandbox.Program{}, err
	}
	return t.Build(ctx, b, s)
}

// Build builds s into a program, or returns a *build.CompileError.
func (t *Toolchain) Build(ctx context.Context, b *build.Builder, s Submission) (sandbox.Program, error) {
	if t.Lang.build != nil {
		prog, err := t.Lang.build(ctx, b, s)
		prog.SaysWhere = t.Lang.SaysWhere // as Program says for the others
		return prog, err
	}
	r := t.recipe(s)
	t.precompile(ctx, b, &r)
	path, err := b.BuildRecipe(ctx, r)
	err = t.word(s, err)
	if err != nil {
		return sandbox.Program{}, err
	}
	return t.Program(path), nil
}

// word is err, a build's error, with a compiler's refusal of s worded in
// the student's terms (Language.message); any other error as it is.
func (t *Toolchain) word(s Submission, err error) error {
	var ce *build.CompileError
	if errors.As(err, &ce) && ce.Refused && t.Lang.message != nil {
		ce.Message = t.Lang.message(s, ce.Said)
	}
	return err
}

// recipe is how s is built with this toolchain, cached under its version.
func (t *Toolchain) recipe(s Submission) build.Recipe {
	return t.finish(t.Lang.recipe(t, s), s)
}

// finish gives r, a recipe for s, what every build with this toolchain
// carries: s's name for messages, the toolchain's version in its key, and
// the toolchain's probe.
func (t *Toolchain) finish(r build.Recipe, s Submission) build.Recipe {
	r.Display = s.Display
	r.Key = append(r.Key, t.Version)
	r.Probe = t.Probe
	return r
}

// Program is how the toolchain runs the built file path.
func (t *Toolchain) Program(path string) sandbox.Program {
	return sandbox.Program{Path: path, Runtime: t.Runtime, ReadOnly: t.ReadOnly, Threads: t.Threads, AddressSpace: t.AddressSpace, SaysWhere: t.Lang.SaysWhere}
}

// relabel makes a compiler's output speak of the student's file: name is
// the file's name in the build directory. A message about the harness (a
// line naming one of drop) is dropped with the lines of source and carets
// indented under it, and so are the compiler's notes on where a file was
// included.
func relabel(out, name, display string, drop ...string) string {
	var lines []string
	dropping := false
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		indented := strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")
		if !indented || !dropping {
			dropping = strings.HasPrefix(l, "In file included from") || containsAny(l, drop)
		}
		if dropping {
			continue
		}
		lines = append(lines, strings.ReplaceAll(l, name, display))
	}
	return strings.Join(lines, "\n")
}

// only keeps, of a compiler's messages, those about file display, each with
// the lines of source and carets indented under it.
func only(out, display string) string {
	var lines []string
	keeping := false
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "\t") {
			keeping = strings.HasPrefix(l, display+":")
		}
		if keeping {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// unclosed says, for a compiler's message that the input ended before a
// brace was closed, that the student's file is where it ended: the
// harness that follows it is not the student's to mend.
func unclosed(s Submission) string {
	lines := strings.Split(strings.TrimRight(string(s.Source), " \t\r\n"), "\n")
	last := strings.TrimRight(lines[len(lines)-1], "\r")
	return msg.Sprintf("%s:%d: error: your file ends here with a '{' still open: a '}' is missing\n%5d | %s", s.Display, len(lines), len(lines), last)
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// missingSolution explains a harness that found nothing to call: the
// student's file lacks the class or function LeetCode's shape has (or
// spells its name in another case).
func missingSolution(s Submission, want string) string {
	return msg.Sprintf("%s: the judge calls %s, as LeetCode does: your file has no such method, or gives it another signature", s.Display, want) +
		caseHint(s) + renamedHint(s) + classHint(s)
}

// missingFunction is missingSolution for C, whose answer is a function.
func missingFunction(s Submission, want string) string {
	return msg.Sprintf("%s: the judge calls %s, as LeetCode does: your file has no such function, or gives it another signature", s.Display, want) +
		caseHint(s) + renamedHint(s)
}

// caseHint names the solution's name spelt in another case, if the source
// has it.
func caseHint(s Submission) string {
	if name := otherCase(s.Source, s.Problem.Func); name != "" {
		return msg.Sprintf("\n(found %s: names are case-sensitive)", name)
	}
	return ""
}

// renamedHint names the solution's name with more after it
// (build.RenamedNote), if the source has such a name and not the name
// itself.
func renamedHint(s Submission) string {
	return build.RenamedNote(renamed(s.Source, s.Problem.Func), s.Problem.Func)
}

// renamed lists the names in src that are fn with more after it, in
// order, each once; none when src has fn itself as a word.
func renamed(src []byte, fn string) []string {
	if regexp.MustCompile(`\b` + regexp.QuoteMeta(fn) + `\b`).Match(src) {
		return nil
	}
	var names []string
	for _, m := range regexp.MustCompile(`\b`+regexp.QuoteMeta(fn)+`\w+`).FindAll(src, -1) {
		if !slices.Contains(names, string(m)) {
			names = append(names, string(m))
		}
	}
	return names
}

// classHint says where s defines its solution's method outside any class,
// if it does, and the class to put it in, LeetCode's.
func classHint(s Submission) string {
	line := outsideClass(s)
	if line == 0 {
		return ""
	}
	return msg.Sprintf("\n(line %d defines %s outside any class: put your methods inside %s, as in the starter; LeetCode's editor starts with it)", line, s.Problem.Func, leetCodeClass(s.Lang))
}

// outsideClass is the line where s defines its solution's method outside
// any class, 0 if it does not: the course's notes print methods alone, and
// students paste them so. Java and C++ by their braces (not counting
// comments and literals), Python by a def at the start of a line.
func outsideClass(s Submission) int {
	// By name: the languages' messages call this, so their variables
	// cannot be named here.
	switch s.Lang.Name {
	case "Python":
		if at := pythonTopDef(s.Problem.Func).FindIndex(s.Source); at != nil {
			return 1 + bytes.Count(s.Source[:at[0]], []byte("\n"))
		}
	case "Java", "C++":
		toks := javaTokens(s.Code)
		for _, k := range topLevel(toks) {
			if toks[k].text == s.Problem.Func && k+1 < len(toks) && toks[k+1].text == "(" && (k == 0 || toks[k-1].text != "::") {
				return toks[k].line
			}
		}
	}
	return 0
}

// pythonTopDef is a def of name at the start of a line: a function of the
// module, in no class.
func pythonTopDef(name string) *regexp.Regexp {
	return regexp.MustCompile(`(?m)^(?:async[ \t]+)?def[ \t]+` + regexp.QuoteMeta(name) + `[ \t]*\(`)
}

// leetCodeClass is the class LeetCode's editor starts with in l, as a
// message shows it.
func leetCodeClass(l *Language) string {
	switch l.Name {
	case "C++":
		return cppEditorClass
	case "Python":
		return msg.Sprintf("`class Solution:`, indented")
	}
	return javaEditorClass
}

// The classes of LeetCode's editor, in code.
const (
	javaEditorClass = "`class Solution { … }`"
	cppEditorClass  = "`class Solution { public: … };`"
)

// otherCase finds, in src, fn spelt in other cases (totalNqueens for
// totalNQueens); "" when there is none.
func otherCase(src []byte, fn string) string {
	for _, m := range regexp.MustCompile(`(?i)\b`+regexp.QuoteMeta(fn)+`\b`).FindAll(src, -1) {
		if string(m) != fn {
			return string(m)
		}
	}
	return ""
}

// ownMain explains a C or C++ file with a main function of its own.
func ownMain(display, want string) string {
	return msg.Sprintf("%s: your file defines main, which a LeetCode answer does not: the judge calls %s itself; delete your main", display, want)
}

// ownName is the message for a file that defines a name the harness
// defines too (a sanitizer's hook, nqueens_write): the linker's words name
// the harness's file, which relabel drops.
func ownName(display, out string) (string, bool) {
	m := multipleDefinition().FindStringSubmatch(out)
	if m == nil {
		return "", false
	}
	return msg.Sprintf("%s: your file defines %s, a name the judge's harness defines too (LeetCode's build has names of its own): rename it", display, m[1]+m[2]), true
}

// multipleDefinition is the linker's message for a name defined twice, or
// g++'s, for a name the harness defines after the student's file did.
var multipleDefinition = lazy.Regexp("multiple definition of `([^']+)'|(?:harness\\.cpp|nqueens\\.h):\\d+:\\d+: error: redefinition of '([^']+)'")

// blankLines replaces every match of re in src with spaces, keeping lines in place.
func blankLines(src []byte, re *regexp.Regexp) []byte {
	return re.ReplaceAllFunc(src, func(m []byte) []byte {
		return []byte(strings.Map(func(r rune) rune {
			if r == '\n' {
				return r
			}
			return ' '
		}, string(m)))
	})
}

// BuildCounted builds s in dir with counters on each line (gcc's
// --coverage, unoptimised so that lines count as written) for a language
// gcov reads, C or C++, or written into its source (Java); ok is false
// for the others. A run of the program
// sends its counts on the answer channel instead of its answer, in the
// environment and the read-only folder of a timed run (gcc 12 and later);
// WriteCounts writes them into dir and Count reads them.
//
// In Java (Rewritten) the counters are written into the source
// (countJava), and a run asked for its counts (ProfileEnv) sends them as
// Python's harness does (profile.Traced).
func (t *Toolchain) BuildCounted(ctx context.Context, b *build.Builder, s Submission, dir string) (prog sandbox.Program, ok bool, err error) {
	switch t.Lang.Counting {
	case Rewritten:
		path, err := b.BuildIn(ctx, dir, t.finish(javaBuild(t, s, true), s))
		err = t.word(s, err)
		if err != nil {
			return sandbox.Program{}, true, err
		}
		return t.Program(path), true, nil
	case GCov:
	default:
		return sandbox.Program{}, false, nil
	}
	r := t.recipe(s)
	flags := []string{"--coverage", "-DNQUEENS_COUNTED"}
	if t.countsInMemory {
		flags = append(flags, "-fprofile-info-section=nqueens_gcov", "-DNQUEENS_GCOV_INFO")
	}
	withFlags(&r, flags, map[string]string{"-O2": "-O0"})
	t.precompile(ctx, b, &r)
	path, err := b.BuildIn(ctx, dir, r)
	err = t.word(s, err)
	if err != nil {
		return sandbox.Program{}, true, err
	}
	prog = t.Program(path)
	if !t.countsInMemory {
		// Before gcc 12 the counts go to files, in a folder of the run's
		// own, all folders of the build's path stripped; the harness sends
		// them back when asked (ProfileEnv). The run differs from a timed
		// one: its environment, and a folder it may write.
		prog.Env = append(prog.Env, "GCOV_PREFIX="+countsDir, "GCOV_PREFIX_STRIP=255", ProfileEnv+"=1")
		prog.Writes = true
	}
	return prog, true, nil
}

// countsDir is where a counted C or C++ run writes its .gcda files,
// relative to its working directory (its own /tmp in the jail).
const countsDir = "gcov-counts"

// gcdaName is the name of a count file a counting run may send.
var gcdaName = lazy.Regexp(`^[A-Za-z0-9_.+-]+\.gcda$`)

// WriteCounts writes into dir, beside the build's .gcno files, the count
// files a counted C or C++ run's harness sent: each as its name, a
// space, its length and a newline, then its bytes. What the program sent
// is data: names are checked, no file is written twice, and nothing
// outside dir is touched.
func WriteCounts(dir string, sent []byte) error {
	wrote := false
	for len(sent) > 0 {
		head, rest, ok := bytes.Cut(sent, []byte("\n"))
		name, size, ok2 := strings.Cut(string(head), " ")
		n, err := strconv.Atoi(size)
		if !ok || !ok2 || err != nil || n < 0 || n > len(rest) || !gcdaName().MatchString(name) {
			return msg.Errorf("gcov: the counting run sent something else than counts")
		}
		if err := build.WriteNew(filepath.Join(dir, name), rest[:n]); err != nil {
			return err
		}
		wrote, sent = true, rest[n:]
	}
	if !wrote {
		return msg.Errorf("gcov: the counting run sent no counts")
	}
	return nil
}

// Count runs gcov on the counts a counted program left in dir and returns
// its JSON (one document per file of counts; gcov writes them gzipped
// beside the counts, being too long to keep from its output).
func (t *Toolchain) Count(ctx context.Context, b *build.Builder, dir string) ([]byte, error) {
	gcov, err := lookPath("gcov")
	if err != nil {
		return nil, err
	}
	counts, err := filepath.Glob(filepath.Join(dir, "*.gcda"))
	if err != nil || len(counts) == 0 {
		return nil, msg.Errorf("no counts in %s", dir)
	}
	argv := append([]string{gcov, "--json-format", "-o", dir}, counts...)
	if _, err := RunGCC(ctx, b, dir, nil, argv...); err != nil {
		return nil, err
	}
	docs, err := filepath.Glob(filepath.Join(dir, "*.gcov.json.gz"))
	if err != nil {
		return nil, err
	}
	var all bytes.Buffer
	for _, doc := range docs {
		if err := gunzip(&all, doc); err != nil {
			return nil, err
		}
	}
	return all.Bytes(), nil
}

// maxCounts bounds what Count reads: gcov's JSON of a C++ file and the
// library headers it includes is about 80 KiB.
const maxCounts = 64 << 20

// gunzip appends the gzipped file path to w, up to maxCounts. gcov wrote
// it, from counts a student's program made: it is opened as safeopen
// does.
func gunzip(w *bytes.Buffer, path string) error {
	f, err := safeopen.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, io.LimitReader(z, maxCounts-int64(w.Len())))
	return err
}

// Checked reports whether l's submissions get a checked build for the cases
// with absolute limits: C++, whose library checks bitset, iterator and
// container use in its debug mode (GCC 12's assertions leave bitset out),
// and C and C++ on Linux, where the checked build runs under gcc's
// sanitizers (sanitizerFlags).
func (l *Language) Checked() bool { return l == CPP || l == C && runtime.GOOS == "linux" }

// BuildChecked builds s for the small cases with line tables (-g), still
// optimised (-O1), under AddressSanitizer and UndefinedBehaviorSanitizer on
// Linux (sanitizerFlags), as LeetCode builds C and C++, and for C++ with the
// library's debug mode (-D_GLIBCXX_DEBUG): an index past the end of an
// array or a bitset, a signed overflow, undefined behaviour that may pass
// in the timed build, is then an error whose report Locate turns into the
// student's line. Cached like any build.
func (t *Toolchain) BuildChecked(ctx context.Context, b *build.Builder, s Submission) (sandbox.Program, error) {
	r := t.recipe(s)
	r.Key = append(r.Key, "checked")
	// -O1, as AddressSanitizer advises: the check's time is not timed, and
	// the build is 0.8 s quicker for C++ than at -O2.
	add, replace := []string{"-g", "-DNQUEENS_CHECKED"}, map[string]string{"-O2": "-O1"}
	if t.Lang == CPP {
		add = append(add, "-D_GLIBCXX_DEBUG")
		replace["-D_GLIBCXX_ASSERTIONS"] = ""
	}
	sanitized := runtime.GOOS == "linux"
	if sanitized {
		add = append(add, sanitizerFlags...)
		// The sanitizers' runtime is a shared library; the program is
		// still at a fixed address, for Locate to read its frames.
		replace["-static"] = "-no-pie"
	}
	withFlags(&r, add, replace)
	t.precompile(ctx, b, &r)
	path, err := b.BuildRecipe(ctx, r)
	err = t.word(s, err)
	if err != nil {
		return sandbox.Program{}, err
	}
	prog := t.Program(path)
	if sanitized {
		sanitizedProgram(&prog)
	}
	return prog, nil
}

// BuildWithLines builds s as Build does, with line tables (-g), for Locate
// to read the frames of a run of the build without them: gcc's debug
// information changes no code, so the addresses are the same (the timed
// build leaves it out: it costs C++ half a second a build). Only C and C++
// have one; for another language it returns "".
func (t *Toolchain) BuildWithLines(ctx context.Context, b *build.Builder, s Submission) (string, error) {
	if t.Lang != C && t.Lang != CPP {
		return "", nil
	}
	r := t.linesRecipe(s)
	t.precompile(ctx, b, &r)
	path, err := b.BuildRecipe(ctx, r)
	return path, t.word(s, err)
}

// linesRecipe is the timed build's recipe with line tables.
func (t *Toolchain) linesRecipe(s Submission) build.Recipe {
	r := t.recipe(s)
	r.Key = append(r.Key, "lines")
	withFlags(&r, []string{"-g"}, nil)
	return r
}

// withFlags changes each of r's compiler commands: add after the compiler,
// and each argument in replace by its value ("" leaves it out).
func withFlags(r *build.Recipe, add []string, replace map[string]string) {
	for i, c := range r.Commands {
		changed := append([]string{c[0]}, add...)
		for _, arg := range c[1:] {
			if with, ok := replace[arg]; ok {
				arg = with
			}
			if arg != "" {
				changed = append(changed, arg)
			}
		}
		r.Commands[i] = changed
	}
}
