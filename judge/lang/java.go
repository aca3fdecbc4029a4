package lang

import (
	"archive/zip"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/sandbox"
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
	cv, err := output(javac, "-version")
	if err != nil {
		return nil, err
	}
	rv, err := output(java, "-version")
	if err != nil {
		return nil, err
	}
	home := filepath.Dir(filepath.Dir(java))
	ro := append([]string{home}, systemLibraries...)
	// Debian's JDK keeps its configuration under /etc, linked from home.
	etc, _ := filepath.Glob("/etc/java-*")
	ro = append(ro, etc...)
	return &Toolchain{
		Version: firstLine(cv) + "; " + firstLine(rv),
		Tools:   map[string]string{"javac": javac, "java": java},
		// One serial collector thread and small reserved areas: the JVM
		// reserves far more address space than it uses. Its JIT and
		// collector threads count in the CPU time, as they do for the Java
		// reference the limits are measured against.
		Runtime: []string{java, "-XX:+UseSerialGC", "-Xmx384m", "-XX:CompressedClassSpaceSize=64m",
			"-XX:ReservedCodeCacheSize=64m", "-XX:-UsePerfData", "-Xshare:auto", "-jar"},
		ReadOnly:     ro,
		Threads:      jvmThreads,
		AddressSpace: 8 << 30,
	}, nil
}

// javacQuick starts javac's own JVM for one short compile: its first JIT
// tier alone, one collector thread, no performance file. A compile then
// takes about two thirds of the CPU time (0.65 s instead of 1.0 s here).
var javacQuick = []string{"-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-XX:-UsePerfData", "-J-Xshare:auto"}

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
	if last := len(lines) - 1; errors > 0 && javacCount.MatchString(lines[last]) {
		lines[last] = fmt.Sprintf("%d error", errors)
		if errors > 1 {
			lines[last] += "s"
		}
	}
	return strings.Join(lines, "\n")
}

// javacCount is javac's last line, how many errors it found.
var javacCount = regexp.MustCompile(`^\d+ errors?$`)

// javaPackage is a package declaration, which a class LeetCode compiles
// does not have.
var javaPackage = regexp.MustCompile(`(?m)^\s*package\s+[\w.]+\s*;`)

// javaRecipe compiles Solution.java, holding the student's class with
// LeetCode's imports added on its first line, beside the harness, and packs
// both into an archive the JVM runs. A class of another name that has the
// method is called instead (JavaClass), its "public" blanked: a public
// class must be in a file of its own name.
func javaRecipe(t *Toolchain, s Submission) build.Recipe {
	class, public := javaEntry(s.Source, s.Problem)
	code := s.Source
	if public >= 0 {
		end := public + len("public")
		code = append(append(append([]byte{}, code[:public]...), strings.Repeat(" ", end-public)...), code[end:]...)
	}
	src := append([]byte(javaImports), blankLines(code, javaPackage)...)
	call := "new " + class + "()." + s.Problem.Func + "(n)"
	return build.Recipe{
		Files: map[string][]byte{
			"Solution.java":         src,
			"NQueensJudgeMain.java": []byte(javaHarness(s.Problem, call)),
		},
		Commands: [][]string{append(append([]string{t.Tools["javac"]}, javacQuick...), "-encoding", "UTF-8", "-nowarn", "-d", "classes", "Solution.java", "NQueensJudgeMain.java")},
		Env:      []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8"},
		ReadOnly: t.ReadOnly,
		Message: func(out string) string {
			if strings.Contains(out, "NQueensJudgeMain.java") && !strings.Contains(out, "Solution.java") {
				return missingSolution(s, fmt.Sprintf("new Solution().%s(int n)", s.Problem.Func))
			}
			return studentsLines(relabel(out, "Solution.java", s.Display, "NQueensJudgeMain.java", "Note: "), s.Display)
		},
		Output: "submission.jar",
		Pack:   packJar,
	}
}

// packJar packs the compiled classes into submission.jar, with the harness
// as its main class.
func packJar(dir string) (string, error) {
	out := filepath.Join(dir, "submission.jar")
	f, err := os.Create(out)
	if err != nil {
		return "", err
	}
	defer f.Close() // on the error returns; closed and checked at the end
	z := zip.NewWriter(f)
	w, err := z.Create("META-INF/MANIFEST.MF")
	if err != nil {
		return "", err
	}
	fmt.Fprintf(w, "Manifest-Version: 1.0\r\nMain-Class: NQueensJudgeMain\r\n\r\n")
	classes := filepath.Join(dir, "classes")
	err = filepath.WalkDir(classes, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(classes, path)
		w, err := z.Create(filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err != nil {
		return "", err
	}
	if err := z.Close(); err != nil {
		return "", err
	}
	return out, f.Close()
}

// javaHarness calls the student's method and writes its answer, or what
// went wrong, on the judge's channels (through /proc/self/fd, or /dev/fd).
func javaHarness(p *problem.Problem, call string) string {
	answer := `String.valueOf(` + call + `) + "\n"`
	if p.Kind == problem.Boards {
		answer = `json(` + call + `) + "\n"`
	}
	return `// Code generated by the judge. DO NOT EDIT.
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

final class NQueensJudgeMain {
	public static void main(String[] args) throws Exception {
		int n = Integer.parseInt(args[0]);
		System.setOut(counted(FileDescriptor.out));
		System.setErr(counted(FileDescriptor.err));
		String answer;
		try {
			answer = ` + answer + `;
		} catch (StackOverflowError e) {
			crash("stack overflow", e);
			return;
		} catch (OutOfMemoryError e) {
			crash("out of memory", e);
			return;
		} catch (Throwable e) {
			crash("exception " + e, e);
			return;
		}
		System.out.flush();
		try (OutputStream out = new FileOutputStream(channel(3))) {
			out.write(answer.getBytes(StandardCharsets.UTF_8));
		}
	}

	// The prints are counted: past the output limit (` + sandbox.OutputEnv + `),
	// where the print that crossed it came from goes on the crash channel,
	// once, before the judge stops the program.
	static final long limit = outputLimit();
	static long written;
	static boolean told;

	static long outputLimit() {
		try {
			return Long.parseLong(System.getenv("` + sandbox.OutputEnv + `"));
		} catch (RuntimeException e) {
			return Long.MAX_VALUE;
		}
	}

	static PrintStream counted(FileDescriptor fd) {
		OutputStream out = new FileOutputStream(fd) {
			@Override
			public void write(int b) throws IOException {
				count(1);
				super.write(b);
				stopIfTold();
			}

			@Override
			public void write(byte[] b, int off, int len) throws IOException {
				count(len);
				super.write(b, off, len);
				stopIfTold();
			}
		};
		return new PrintStream(new BufferedOutputStream(out, 8192), false);
	}

	static synchronized void count(int len) {
		written += len;
		if (written <= limit || told) {
			return;
		}
		told = true;
		for (StackTraceElement f : new Throwable().getStackTrace()) {
			if ("Solution.java".equals(f.getFileName())) {
				String at = "at line " + f.getLineNumber() + " in " + f.getMethodName() + "\n";
				try (OutputStream crash = new FileOutputStream(channel(4))) {
					crash.write(at.getBytes(StandardCharsets.UTF_8));
				} catch (IOException ignored) {
				}
				return;
			}
		}
	}

	// stopIfTold waits, once past the limit, for the judge to stop the
	// program: printing on would be counted and dropped.
	static void stopIfTold() {
		while (told) {
			try {
				Thread.sleep(Long.MAX_VALUE);
			} catch (InterruptedException ignored) {
			}
		}
	}

	static String channel(int fd) {
		return new File("/proc/self/fd").isDirectory() ? "/proc/self/fd/" + fd : "/dev/fd/" + fd;
	}

	static void crash(String what, Throwable e) {
		StringBuilder b = new StringBuilder("` + CrashMark + `").append(what.replace('\n', ' ')).append('\n');
		for (StackTraceElement f : e.getStackTrace()) {
			if ("Solution.java".equals(f.getFileName())) {
				b.append("at line ").append(f.getLineNumber()).append(" in ").append(f.getMethodName()).append('\n');
				break;
			}
		}
		System.out.flush();
		try (OutputStream out = new FileOutputStream(channel(4))) {
			out.write(b.toString().getBytes(StandardCharsets.UTF_8));
		} catch (IOException ignored) {
		}
		System.exit(1);
	}

	static String json(List<List<String>> boards) {
		if (boards == null) {
			return "null";
		}
		StringBuilder b = new StringBuilder("[");
		for (int i = 0; i < boards.size(); i++) {
			List<String> board = boards.get(i);
			b.append(i > 0 ? "," : "");
			if (board == null) {
				b.append("null");
				continue;
			}
			b.append('[');
			for (int j = 0; j < board.size(); j++) {
				b.append(j > 0 ? "," : "");
				String row = board.get(j);
				if (row == null) {
					b.append("null");
					continue;
				}
				b.append('"');
				for (char c : row.toCharArray()) {
					if (c == '"' || c == '\\') {
						b.append('\\').append(c);
					} else if (c < 0x20) {
						b.append(String.format("\\u%04x", (int) c));
					} else {
						b.append(c);
					}
				}
				b.append('"');
			}
			b.append(']');
		}
		return b.append(']').toString();
	}
}
`
}

// threadDump starts the JVM's answer to SIGQUIT, which it prints on stdout.
const threadDump = "Full thread dump "

// SplitThreadDump separates what a program printed from a JVM's thread
// dump at its end, which a run stopped at a limit asked for
// (Language.SaysWhere).
func SplitThreadDump(prints string) (kept, dump string) {
	i := strings.LastIndex(prints, threadDump)
	if i < 0 || i > 0 && prints[i-1] != '\n' {
		return prints, ""
	}
	// The dump's first line is the time it was taken.
	if start := strings.LastIndexByte(strings.TrimSuffix(prints[:i], "\n"), '\n') + 1; dumpTime.MatchString(prints[start:i]) {
		i = start
	}
	return prints[:i], prints[i:]
}

// dumpTime is the line a JVM's thread dump starts with.
var dumpTime = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n$`)
