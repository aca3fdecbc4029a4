package lang

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/build"
)

// findJava finds javac and java, and the Java home the JVM reads.
// jvmThreads is how many threads a Java run may have: the JVM starts a
// dozen or two of its own (compiler, collector, signal handling).
const jvmThreads = 64

func findJava() (*Toolchain, error) {
	javac, err := lookPath("javac")
	if err != nil {
		return nil, err
	}
	java, err := lookPath("java")
	if err != nil {
		return nil, err
	}
	// javac answers on stdout (on stderr before JDK 9), java on stderr:
	// each is read there first.
	cvOut, cvErr, err := output(javac, "-J"+noPerfData, "-version")
	if err != nil {
		return nil, err
	}
	rvOut, rvErr, err := output(java, noPerfData, "-version")
	if err != nil {
		return nil, err
	}
	home := filepath.Dir(filepath.Dir(java))
	ro := append([]string{home}, systemLibraries...)
	// Debian's JDK keeps its configuration under /etc, linked from home.
	etc, _ := filepath.Glob("/etc/java-*")
	ro = append(ro, etc...)
	return &Toolchain{
		Version: versionLine(cvOut+"\n"+cvErr) + "; " + versionLine(rvErr+"\n"+rvOut),
		Tools:   map[string]string{"javac": javac, "java": java},
		// One serial collector thread and small reserved areas: the JVM
		// reserves far more address space than it uses. Its JIT and
		// collector threads count in the CPU time, as they do for the Java
		// reference the limits are measured against.
		Runtime: []string{java, "-XX:+UseSerialGC", "-Xmx384m", "-XX:CompressedClassSpaceSize=64m",
			"-XX:ReservedCodeCacheSize=64m", noPerfData, "-Xshare:auto", "-jar"},
		ReadOnly:     ro,
		Threads:      jvmThreads,
		AddressSpace: 8 << 30,
		Probe:        append(append([]string{javac}, javacQuick...), "-version"),
	}, nil
}

// javacQuick starts javac's own JVM for one short compile: its first JIT
// tier alone, one collector thread, no performance file. A compile then
// takes about two thirds of the CPU time (0.65 s instead of 1.0 s here).
var javacQuick = []string{"-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J" + noPerfData, "-J-Xshare:auto"}

// noPerfData keeps a JVM from writing its performance file: every JVM the
// judge starts (a probe, javac, a run) takes it, since one without it
// leaves /tmp/hsperfdata_<user> behind, whatever TMPDIR says.
const noPerfData = "-XX:-UsePerfData"

// javaImports are LeetCode's usual imports, which the judge writes on the
// first line of the student's file, so that its lines keep their numbers.
const javaImports = "import java.util.*; import java.util.function.*; import java.util.stream.*; "

// studentsLines makes javac's messages about display the student's own: a
// quoted first line loses the imports the judge wrote on it (its caret
// moved with it), and the count of errors is of those shown.
func studentsLines(out, display string) string {
	lines := strings.Split(out, "\n")
	errors := 0
	for i, l := range lines {
		if strings.HasPrefix(l, display+":") && strings.Contains(l, ": error: ") {
			errors++
		}
		if !strings.HasPrefix(l, javaImports) {
			continue
		}
		lines[i] = strings.TrimPrefix(l, javaImports)
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], strings.Repeat(" ", len(javaImports))) && strings.TrimSpace(lines[i+1]) == "^" {
			lines[i+1] = lines[i+1][len(javaImports):]
		}
	}
	if last := len(lines) - 1; errors > 0 && javacCount().MatchString(lines[last]) {
		lines[last] = fmt.Sprintf("%d error", errors)
		if errors > 1 {
			lines[last] += "s"
		}
	}
	return strings.Join(lines, "\n")
}

// javacCount is javac's last line, how many errors it found.
var javacCount = lazy.Regexp(`^\d+ errors?$`)

// javaPackage is a package declaration, which a class LeetCode compiles
// does not have.
var javaPackage = lazy.Regexp(`(?m)^\s*package\s+[\w.]+\s*;`)

// javaRecipe compiles Solution.java, holding the student's class with
// LeetCode's imports added on its first line, beside the harness, and packs
// both into an archive the JVM runs. A class of another name that has the
// method is called instead (JavaClass). In a file without class Solution
// the "public" of every top-level type is blanked (javaPublics): a public
// class must be in a file of its own name.
func javaRecipe(t *Toolchain, s Submission) build.Recipe { return javaBuild(t, s, false) }

// javaBuild is javaRecipe, with counters written into the student's file
// when counted (countJava). javac looks for no source but the two it is
// given (an empty -sourcepath): a file with no class Solution would
// otherwise be read again as Solution.java, and each of its classes be
// "duplicate", hiding what is missing.
func javaBuild(t *Toolchain, s Submission, counted bool) build.Recipe {
	class := JavaClass(s.Code, s.Problem)
	code := slices.Clone(s.Code)
	for _, at := range javaPublics(code) {
		copy(code[at:], strings.Repeat(" ", len("public"))) // no line or column moves
	}
	var counters javaCounted
	if counted {
		counters = countJava(code)
		code = counters.Source
	}
	src := append([]byte(javaImports), blankLines(code, javaPackage())...)
	call := "new " + class + "()." + s.Problem.Func + "(n)"
	return build.Recipe{
		Files: map[string][]byte{
			"Solution.java":         src,
			"NQueensJudgeMain.java": []byte(javaHarness(s.Problem, call, counters)),
		},
		Commands: [][]string{append(append([]string{t.Tools["javac"]}, javacQuick...), "-encoding", "UTF-8", "-nowarn", "-sourcepath", "", "-d", "classes", "Solution.java", "NQueensJudgeMain.java")},
		Env:      []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8"},
		ReadOnly: t.ReadOnly,
		Output:   "submission.jar",
		Jar:      &build.Jar{Classes: "classes", Main: "NQueensJudgeMain"},
	}
}

// javaMessage is what javac's refusal of s (out) says to the student: the
// method LeetCode calls missing, or javac's words on the student's lines.
func javaMessage(s Submission, out string) string {
	if strings.Contains(out, "NQueensJudgeMain.java") && !strings.Contains(out, "Solution.java") {
		return missingSolution(s, fmt.Sprintf("new Solution().%s(int n)", s.Problem.Func))
	}
	// Methods pasted without their class, or a helper pasted below it:
	// javac says the same of every line of them ("class, interface, enum,
	// or record expected"; before Java 16 "class, interface, or enum
	// expected"); one line says what to do.
	if name, line := javaStrayMethod(s); line > 0 && strings.Contains(out, ": error: class, interface, ") {
		return msg.Sprintf("%s:%d: error: %s is outside any class: put your methods inside %s, as in the starter; LeetCode's editor starts with it", s.Display, line, name, leetCodeClass(s.Lang))
	}
	return studentsLines(relabel(out, "Solution.java", s.Display, "NQueensJudgeMain.java", "Note: "), s.Display)
}
