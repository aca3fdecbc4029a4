package lang

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/problem"
)

// findGCC finds gcc or g++ (see static for how programs are linked).
func findGCC(tool string) func() (*Toolchain, error) {
	return func() (*Toolchain, error) {
		path, err := lookPath(tool)
		if err != nil {
			return nil, err
		}
		v, err := output(path, "--version")
		if err != nil {
			return nil, err
		}
		major, err := output(path, "-dumpversion")
		if err != nil {
			return nil, err
		}
		first, _, _ := strings.Cut(strings.TrimSpace(major), ".")
		m, _ := strconv.Atoi(first)
		return &Toolchain{Version: firstLine(v), Tools: map[string]string{tool: path}, countsInMemory: m >= 12}, nil
	}
}

// gccFiles are what gcc and g++ read to build a program: the compilers,
// headers, libraries, assembler and linker, all under /usr (/lib and
// /lib64 lead there on merged systems). In the builder's jail they see
// nothing else of the machine: no home folder, no other student's file.
var gccFiles = []string{"/usr", "/lib", "/lib64", "/bin"}

// gccEnv is the environment of gcc, g++ and their tools (gcov, addr2line):
// messages in plain English, which the judge reads.
var gccEnv = []string{"PATH=/usr/bin:/bin", "LANG=C"}

// RunGCC runs a tool of gcc's (gcc, g++, gcov, addr2line) in dir as the
// builder runs a build's tools, seeing gcc's files and readOnly besides dir.
func RunGCC(ctx context.Context, b *build.Builder, dir string, readOnly []string, argv ...string) ([]byte, error) {
	return b.RunTool(ctx, dir, append(slices.Clone(gccFiles), readOnly...), gccEnv, argv...)
}

// static links a program statically where the system allows it (Linux):
// it then needs no library at run time, inside the jail or out.
func static() []string {
	if runtime.GOOS == "linux" {
		return []string{"-static"}
	}
	return nil
}

// cPrelude is what LeetCode's C environment includes for a solution.
const cPrelude = `#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
`

// cRecipe compiles the student's solution.c and the harness as two
// translation units, so that only the function LeetCode names joins them.
func cRecipe(t *Toolchain, s Submission) build.Recipe {
	want := "int totalNQueens(int n)"
	if s.Problem.Kind == problem.Boards {
		want = "char*** solveNQueens(int n, int* returnSize, int** returnColumnSizes)"
	}
	return build.Recipe{
		Files: map[string][]byte{
			"prelude.h":  []byte(cPrelude),
			"solution.c": s.Source,
			"harness.c":  []byte(cHarness(s.Problem)),
		},
		Commands: [][]string{append(append(append([]string{t.Tools["gcc"], "-std=gnu17", "-O2"}, static()...), wrapFailures()...), "-include", "prelude.h",
			"-o", "submission", "solution.c", "harness.c", "-lm")},
		Env:      gccEnv,
		ReadOnly: gccFiles,
		Message: func(out string) string {
			if strings.Contains(out, "undefined reference to `"+s.Problem.Func+"'") {
				return missingFunction(s, want)
			}
			if strings.Contains(out, "multiple definition of `main'") {
				return ownMain(s.Display, want)
			}
			if m, ok := ownName(s.Display, out); ok {
				return m
			}
			return relabel(out, "solution.c", s.Display, "harness.c", "collect2:")
		},
		Output: "submission",
	}
}

// cppPrelude is what LeetCode's C++ environment gives a solution.
const cppPrelude = `#include <bits/stdc++.h>
using namespace std;
`

// cppRecipe compiles the harness, which includes the student's
// solution.cpp, in one translation unit: the harness needs the class.
func cppRecipe(t *Toolchain, s Submission) build.Recipe {
	want := "Solution().totalNQueens(int n) returning int"
	if s.Problem.Kind == problem.Boards {
		want = "Solution().solveNQueens(int n) returning vector<vector<string>>"
	}
	return build.Recipe{
		Files: map[string][]byte{
			"prelude.hpp":  []byte(cppPrelude),
			"solution.cpp": s.Source,
			"harness.cpp":  []byte(cppHarness(s.Problem)),
		},
		// _GLIBCXX_ASSERTIONS checks every vector, array and string index,
		// as Java and Python do: an index past the end is RE, not
		// undefined behaviour that may pass.
		Commands: [][]string{append(append(append([]string{t.Tools["g++"], "-std=c++20", "-O2", "-D_GLIBCXX_ASSERTIONS"}, static()...), wrapFailures()...), "-include", "prelude.hpp",
			"-o", "submission", "harness.cpp")},
		Env:      gccEnv,
		ReadOnly: gccFiles,
		Message: func(out string) string {
			if strings.Contains(out, "harness.cpp") && !strings.Contains(out, "solution.cpp:") {
				return missingSolution(s, want)
			}
			if strings.Contains(out, "declaration of C function 'int main") || strings.Contains(out, "redefinition of 'int main") {
				return ownMain(s.Display, want)
			}
			if m, ok := ownName(s.Display, out); ok {
				return m
			}
			m := relabel(out, "solution.cpp", s.Display, "harness.cpp")
			if strings.Contains(out, "harness.cpp") && strings.Contains(out, "expected '}' at end of input") {
				// The class was left open: g++ read the harness, and the
				// headers it includes, into it. Only the student's lines
				// are theirs to mend.
				return unclosed(s) + "\n" + only(m, s.Display)
			}
			return m
		},
		Output: "submission",
	}
}

// precompile has r's g++ command include the C++ prelude precompiled:
// <bits/stdc++.h>, parsed once per toolchain and set of flags into a
// shared folder of the builder's cache (build.Builder.Shared) rather than
// in every build, where it costs about 1.5 s of the build's 2 s
// (docs/measurements.md). Where it cannot be made (no cache, or the
// compiler failed), r is left as it is: the build parses the prelude
// itself, which is slower, not wrong.
func (t *Toolchain) precompile(ctx context.Context, b *build.Builder, r *build.Recipe) {
	prelude, ok := t.preludeRecipe(*r)
	if !ok {
		return
	}
	dir, err := b.Shared(ctx, prelude)
	if err != nil || dir == "" {
		return
	}
	cmd := r.Commands[0]
	changed := slices.Clone(cmd)
	changed[slices.Index(cmd, "prelude.hpp")] = filepath.Join(dir, "prelude.hpp")
	r.Commands = [][]string{changed}
	r.ReadOnly = append(slices.Clone(r.ReadOnly), dir)
}

// preludeRecipe is the shared build of the C++ prelude that r's g++
// command can include, made with the options that decide what the prelude
// compiles to (a precompiled header made with others is not used). It is
// always made with -g: gcc uses such a header in a build without debug
// information too, and the program is the same to the byte, so the timed
// build and its twin with line tables share one (118 MiB and 6 s less).
// Keyed by the toolchain, not by r's own key: every submission shares it.
func (t *Toolchain) preludeRecipe(r build.Recipe) (build.Recipe, bool) {
	if t.Lang != CPP || len(r.Commands) != 1 || !slices.Contains(r.Commands[0], "prelude.hpp") {
		return build.Recipe{}, false
	}
	cmd := r.Commands[0]
	flags := []string{"-g"}
	for _, arg := range cmd[1:] {
		if strings.HasPrefix(arg, "-std=") || strings.HasPrefix(arg, "-O") || strings.HasPrefix(arg, "-D") || arg == "--coverage" || slices.Contains(sanitizerFlags, arg) {
			flags = append(flags, arg)
		}
	}
	return build.Recipe{
		Display:  "prelude.hpp",
		Key:      []string{t.Version},
		Files:    map[string][]byte{"prelude.hpp": []byte(cppPrelude)},
		Commands: [][]string{append(append([]string{cmd[0]}, flags...), "-x", "c++-header", "-o", "prelude.hpp.gch", "prelude.hpp")},
		Env:      gccEnv,
		ReadOnly: gccFiles,
	}, true
}

// cWriter is C code the two harnesses share: writing on a channel, and a
// board list as JSON.
const cWriter = `
static void nqueens_write(int fd, const char *s, size_t len) {
	while (len > 0) {
		ssize_t w = write(fd, s, len);
		if (w <= 0) {
			_exit(3);
		}
		s += w;
		len -= (size_t)w;
	}
}

// The answer is written through a buffer: one system call per character
// would cost a board list more than the search.
static char nqueens_buf[1 << 16];
static size_t nqueens_used;

static void nqueens_flush(void) {
	nqueens_write(3, nqueens_buf, nqueens_used);
	nqueens_used = 0;
}

static void nqueens_put(const char *s, size_t len) {
	if (len > sizeof nqueens_buf - nqueens_used) {
		nqueens_flush();
	}
	if (len > sizeof nqueens_buf) {
		nqueens_write(3, s, len);
		return;
	}
	memcpy(nqueens_buf + nqueens_used, s, len);
	nqueens_used += len;
}

static void nqueens_json_string(const char *s) {
	if (s == NULL) {
		nqueens_put("null", 4);
		return;
	}
	nqueens_put("\"", 1);
	for (; *s; s++) {
		char esc[8];
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			nqueens_put(esc, 2);
		} else if (c < 0x20) {
			int k = snprintf(esc, sizeof esc, "\\u%04x", c);
			nqueens_put(esc, (size_t)k);
		} else {
			nqueens_put(s, 1);
		}
	}
	nqueens_put("\"", 1);
}

#ifdef NQUEENS_COUNTED
#ifdef NQUEENS_GCOV_INFO
#include <stdlib.h>
#ifdef __cplusplus
extern "C" {
#endif
#include <gcov.h>
// The counters of each file, which gcc puts in this section of the
// program (-fprofile-info-section) instead of writing them to files.
extern const struct gcov_info *const __start_nqueens_gcov[];
extern const struct gcov_info *const __stop_nqueens_gcov[];
#ifdef __cplusplus
}
#endif

// A file's counts as gcov reads them, gathered from memory: its name, with
// no folder, and its bytes.
static char nqueens_gcda_name[256];
static char nqueens_gcda[1 << 20];
static size_t nqueens_gcda_size;

static void nqueens_gcda_file(const char *name, void *arg) {
	const char *base = strrchr(name, '/');
	snprintf(nqueens_gcda_name, sizeof nqueens_gcda_name, "%s", base != NULL ? base + 1 : name);
	nqueens_gcda_size = 0;
}

static void nqueens_gcda_dump(const void *data, unsigned size, void *arg) {
	if (nqueens_gcda_size + size > sizeof nqueens_gcda) {
		_exit(3);
	}
	memcpy(nqueens_gcda + nqueens_gcda_size, data, size);
	nqueens_gcda_size += size;
}

static void *nqueens_gcda_allocate(unsigned size, void *arg) { return malloc(size); }

// A counted build's run sends its counts on the answer channel instead of
// its answer, each file's as its name, its length and its bytes: from
// memory, so that it writes no file and reads nothing in its environment
// (a counting run is a timed run's twin: the program cannot tell them
// apart).
static int nqueens_send_counts(void) {
	char head[512];
	for (const struct gcov_info *const *info = __start_nqueens_gcov; info < __stop_nqueens_gcov; info++) {
		__gcov_info_to_gcda(*info, nqueens_gcda_file, nqueens_gcda_dump, nqueens_gcda_allocate, NULL);
		int k = snprintf(head, sizeof head, "%s %zu\n", nqueens_gcda_name, nqueens_gcda_size);
		nqueens_write(3, head, (size_t)k);
		nqueens_write(3, nqueens_gcda, nqueens_gcda_size);
	}
	return 1;
}
#else
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#ifdef __cplusplus
extern "C"
#endif
void __gcov_dump(void);

// Before gcc 12 (no -fprofile-info-section), in a counting run
// (NQUEENS_PROFILE set), the counts go on the answer channel instead of
// the answer: gcc's runtime writes its .gcda files under GCOV_PREFIX, in
// the run's own folder; each is sent as its name, its length and its
// bytes.
static int nqueens_send_counts(void) {
	const char *dir = getenv("GCOV_PREFIX");
	if (getenv("NQUEENS_PROFILE") == NULL || dir == NULL) {
		return 0;
	}
	__gcov_dump();
	DIR *d = opendir(dir);
	if (d == NULL) {
		_exit(3);
	}
	static char data[1 << 20];
	char path[4096], head[512];
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 6 || strcmp(e->d_name + len - 5, ".gcda") != 0) {
			continue;
		}
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		int fd = open(path, O_RDONLY);
		if (fd < 0) {
			_exit(3);
		}
		size_t size = 0;
		ssize_t r;
		while (size < sizeof data && (r = read(fd, data + size, sizeof data - size)) > 0) {
			size += (size_t)r;
		}
		close(fd);
		int k = snprintf(head, sizeof head, "%s %zu\n", e->d_name, size);
		nqueens_write(3, head, (size_t)k);
		nqueens_write(3, data, size);
	}
	closedir(d);
	return 1;
}
#endif
#endif
`

// cFailures is C code the two harnesses share: assert() and the C++
// library's assertions fail here instead of in the C library, through the
// linker's --wrap (wrapFailures), writing their report on the crash
// channel: the judge never reads the program's own prints for it. The
// line is the student's when the failure is in the solution's file; when
// it is the library's, a checked C++ build adds the frames, for the judge
// to find the student's line.
var cFailures = `
#include <string.h>
#if defined(__cplusplus) && defined(NQUEENS_CHECKED)
#include <execinfo.h>
#endif
#ifdef __cplusplus
extern "C" {
#endif
#if defined(__cplusplus) && defined(NQUEENS_CHECKED)
// nqueens_frames writes the return addresses of the frames, after the
// frames mark.
static void nqueens_frames(void) {
	void *frames[64];
	int n = backtrace(frames, 64);
	char line[32];
	nqueens_write(4, "` + FramesMark + `", ` + fmt.Sprint(len(FramesMark)) + `);
	for (int i = 0; i < n; i++) {
		int len = snprintf(line, sizeof line, " %p", frames[i]);
		nqueens_write(4, line, (size_t)len);
	}
	nqueens_write(4, "\n", 1);
}
#else
static void nqueens_frames(void) {}
#endif

// nqueens_name is a function's name alone, out of __PRETTY_FUNCTION__
// ("int Solution::totalNQueens(int)": totalNQueens).
static void nqueens_name(const char *pretty, char *name, size_t size) {
	size_t end = strcspn(pretty, "(");
	size_t start = end;
	while (start > 0 && pretty[start - 1] != ' ' && pretty[start - 1] != ':') {
		start--;
	}
	snprintf(name, size, "%.*s", (int)(end - start), pretty + start);
}

static void nqueens_fail(const char *what, const char *detail, const char *file, unsigned int line, const char *fn) {
	char report[4096];
	const char *base = strrchr(file, '/');
	base = base ? base + 1 : file;
	int k;
	int theirs = strcmp(base, "solution.c") == 0 || strcmp(base, "solution.cpp") == 0;
	if (theirs) {
		char name[256];
		nqueens_name(fn, name, sizeof name);
		k = snprintf(report, sizeof report, "` + CrashMark + `%s%s\n` + strings.NewReplacer("%d", "%u", "\n", `\n`).Replace(AtLine) + `", what, detail, line, name);
	} else {
		k = snprintf(report, sizeof report, "` + CrashMark + `%s%s\n", what, detail);
	}
	nqueens_write(4, report, k < (int)sizeof report ? (size_t)k : sizeof report - 1);
	if (!theirs) {
		nqueens_frames(); // the library's line: the frames lead to the student's
	}
	_exit(134);
}

void __wrap___assert_fail(const char *expr, const char *file, unsigned int line, const char *fn) {
	nqueens_fail("` + AssertionFailed + `", expr, file, line, fn);
}
#ifdef __cplusplus
}

// std::__glibcxx_assert_fail: a check of _GLIBCXX_ASSERTIONS (an index
// past the end of a vector, an array or a string).
extern "C" void __wrap__ZSt21__glibcxx_assert_failPKciS0_S0_(const char *file, int line, const char *fn, const char *cond) {
	nqueens_fail("` + LibraryCheck + `: ", cond, file, (unsigned int)line, fn);
}
#endif
`

// cWhere is C code the two harnesses share: a program stopped at a limit
// is first sent SIGQUIT (sandbox.Program.SaysWhere), and says where it is:
// the return addresses of its frames, read by libgcc's unwinder (which
// steps over the signal's frame, where glibc's backtrace stops), after
// the frames mark; Locate finds the student's line in the line tables of
// the same build made with -g (BuildWithLines: debug information changes
// no code, so the addresses are the same).
//
// The handler may interrupt the student's code anywhere, malloc included,
// so it does only what is safe there: write(2), _exit(2) and the unwinder,
// whose lazy set-up (it may allocate) was done at start-up by a first walk
// (nqueens_warm_unwinder); addresses are written in hex by hand, not by
// snprintf.
const cWhere = `
#include <signal.h>
#include <stdint.h>
#include <unwind.h>

static _Unwind_Reason_Code nqueens_frame(struct _Unwind_Context *ctx, void *arg) {
	int *k = (int *)arg;
	char line[24];
	int before = 0;
	// Locate takes every address for a return address and looks one byte
	// back; the frame the signal interrupted has its own instruction's
	// address (before is set): one more, so that it finds that one.
	uintptr_t ip = (uintptr_t)_Unwind_GetIPInfo(ctx, &before) + (before != 0);
	int len = sizeof line;
	do {
		line[--len] = "0123456789abcdef"[ip & 15];
		ip >>= 4;
	} while (ip != 0);
	line[--len] = 'x';
	line[--len] = '0';
	line[--len] = ' ';
	nqueens_write(4, line + len, sizeof line - (size_t)len);
	return ++*k < 64 ? _URC_NO_REASON : _URC_END_OF_STACK;
}

static _Unwind_Reason_Code nqueens_skip_frame(struct _Unwind_Context *ctx, void *arg) {
	(void)ctx;
	(void)arg;
	return _URC_NO_REASON;
}

static void nqueens_warm_unwinder(void) {
	_Unwind_Backtrace(nqueens_skip_frame, NULL);
}

// nqueens_say_where writes mark (len bytes: a crash mark, a line, and
// the frames mark), the frames, and ends the program with status.
static void nqueens_say_where(const char *mark, size_t len, int status) {
	int k = 0;
	nqueens_write(4, mark, len);
	_Unwind_Backtrace(nqueens_frame, &k);
	nqueens_write(4, "\n", 1);
	_exit(status);
}

static void nqueens_on_quit(int sig) {
	(void)sig;
	nqueens_say_where("` + CrashMark + Stopped + `\n` + FramesMark + `", ` + "%d" + `, 3);
}

// The program is pid 1 of its jail, where a signal it sends itself with
// no handler is dropped: abort() would end in SIGSEGV, reported as a
// segmentation fault. This handler says "abort" and where, as the quit's
// does. (A checked C++ build installs its own, which knows the library's
// checks.)
static void nqueens_on_abort_signal(int sig) {
	(void)sig;
	nqueens_say_where("` + CrashMark + `abort\n` + FramesMark + `", ` + "%d" + `, 134);
}
`

// whereHooks is cWhere, complete, and the call that installs it.
var (
	whereHooks   = fmt.Sprintf(cWhere, len(CrashMark+Stopped+"\n"+FramesMark), len(CrashMark+"abort\n"+FramesMark))
	installWhere = "nqueens_warm_unwinder(); signal(SIGQUIT, nqueens_on_quit); signal(SIGABRT, nqueens_on_abort_signal);"
)

// wrapFailures are the linker's flags that send assert() and the C++
// library's checks to cFailures, where the linker is GNU ld (Linux).
func wrapFailures() []string {
	if runtime.GOOS != "linux" {
		return nil
	}
	return []string{"-Wl,--wrap=__assert_fail", "-Wl,--wrap=_ZSt21__glibcxx_assert_failPKciS0_S0_",
		"-Wl,--wrap=_ZNK11__gnu_debug16_Error_formatter8_M_errorEv"}
}

// cHarness calls the student's C function as LeetCode does.
func cHarness(p *problem.Problem) string {
	if p.Kind == problem.Count {
		return `// Code generated by the judge. DO NOT EDIT.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
` + cWriter + cFailures + sanitizerHooks + whereHooks + `
int totalNQueens(int n);

int main(int argc, char **argv) {
	if (argc < 2) {
		return 2;
	}
	` + installWhere + `
	int got = totalNQueens(atoi(argv[1]));
#ifdef NQUEENS_COUNTED
	if (nqueens_send_counts()) {
		return 0;
	}
#endif
	char buf[32];
	int k = snprintf(buf, sizeof buf, "%d\n", got);
	nqueens_put(buf, (size_t)k);
	nqueens_flush();
	return 0;
}
`
	}
	return `// Code generated by the judge. DO NOT EDIT.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
` + cWriter + cFailures + sanitizerHooks + whereHooks + `
char ***solveNQueens(int n, int *returnSize, int **returnColumnSizes);

int main(int argc, char **argv) {
	if (argc < 2) {
		return 2;
	}
	` + installWhere + `
	int size = 0;
	int *cols = NULL;
	char ***boards = solveNQueens(atoi(argv[1]), &size, &cols);
#ifdef NQUEENS_COUNTED
	if (nqueens_send_counts()) {
		return 0;
	}
#endif
	if (boards == NULL) {
		nqueens_put("null\n", 5);
		nqueens_flush();
		return 0;
	}
	if (size > 0 && cols == NULL) {
		nqueens_write(4, "` + CrashMark + NoColumnSizes + `\n", ` + fmt.Sprint(len(CrashMark+NoColumnSizes)+1) + `);
		_exit(134);
	}
	nqueens_put("[", 1);
	for (int i = 0; i < size; i++) {
		if (i > 0) {
			nqueens_put(",", 1);
		}
		nqueens_put("[", 1);
		for (int j = 0; cols != NULL && j < cols[i]; j++) {
			if (j > 0) {
				nqueens_put(",", 1);
			}
			nqueens_json_string(boards[i][j]);
		}
		nqueens_put("]", 1);
	}
	nqueens_put("]\n", 2);
	nqueens_flush();
	return 0;
}
`
}

// cppHarness calls the student's class as LeetCode does, and reports an
// exception that escapes it on the crash channel.
func cppHarness(p *problem.Problem) string {
	result, call := "int got = 0;", "got = Solution().totalNQueens(n);"
	answer := `std::string answer = std::to_string(got) + "\n";
	nqueens_put(answer.data(), answer.size());`
	if p.Kind == problem.Boards {
		result, call = "std::vector<std::vector<std::string>> boards;", "boards = Solution().solveNQueens(n);"
		answer = `nqueens_put("[", 1);
	for (size_t i = 0; i < boards.size(); i++) {
		nqueens_put(i > 0 ? ",[" : "[", i > 0 ? 2 : 1);
		for (size_t j = 0; j < boards[i].size(); j++) {
			if (j > 0) {
				nqueens_put(",", 1);
			}
			nqueens_json_string(boards[i][j].c_str());
		}
		nqueens_put("]", 1);
	}
	nqueens_put("]\n", 2);`
	}
	return fmt.Sprintf(`// Code generated by the judge. DO NOT EDIT.
#include "solution.cpp"
#include <unistd.h>
%s
static void nqueens_crash(const std::string &what) {
	std::string report = std::string("%s") + what + "\n";
	nqueens_write(4, report.data(), report.size());
	_exit(1);
}

#ifdef NQUEENS_CHECKED
#include <signal.h>
// A failed check of the library's debug mode reports itself on stderr,
// then aborts: the report goes on the crash channel instead, after the
// mark, and the abort adds the frames, which the judge turns into the
// student's line (the program, pid 1 of its jail, would otherwise end by
// SIGSEGV without a word). Any other abort says so, with the frames.
static volatile sig_atomic_t nqueens_in_library;

extern "C" void __real__ZNK11__gnu_debug16_Error_formatter8_M_errorEv(const void *self);
extern "C" void __wrap__ZNK11__gnu_debug16_Error_formatter8_M_errorEv(const void *self) {
	nqueens_write(4, "%s\n", %d);
	nqueens_in_library = 1;
	dup2(4, 2);
	__real__ZNK11__gnu_debug16_Error_formatter8_M_errorEv(self);
}

static void nqueens_on_abort(int) {
	if (!nqueens_in_library) {
		nqueens_write(4, "%sabort\n", %d);
	}
	nqueens_frames();
	_exit(134);
}
#endif

int main(int argc, char **argv) {
	if (argc < 2) {
		return 2;
	}
	`+installWhere+`
#ifdef NQUEENS_CHECKED
	signal(SIGABRT, nqueens_on_abort);
#endif
	int n = atoi(argv[1]);
	%s
	try {
		%s
	} catch (const std::bad_alloc &e) {
		nqueens_crash("out of memory");
	} catch (const std::exception &e) {
		nqueens_crash(std::string("exception ") + e.what());
	} catch (...) {
		nqueens_crash("exception of an unknown type");
	}
#ifdef NQUEENS_COUNTED
	if (nqueens_send_counts()) {
		return 0;
	}
#endif
	%s
	nqueens_flush();
	return 0;
}
`, cWriter+cFailures+sanitizerHooks+whereHooks, CrashMark, CrashMark+LibraryCheck, len(CrashMark)+len(LibraryCheck)+1, CrashMark, len(CrashMark)+len("abort\n"), result, call, answer)
}
