// nqueens.h: C code the C and C++ harnesses share (harness.c,
// harness.cpp), which include it after the judge's block: the protocol's
// words as macros (NQUEENS_CRASH_MARK, ...), written from lang's constants
// (protocol.go).
//
// Writing on a channel, and a board list as JSON.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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
	(void)arg;
	const char *base = strrchr(name, '/');
	snprintf(nqueens_gcda_name, sizeof nqueens_gcda_name, "%s", base != NULL ? base + 1 : name);
	nqueens_gcda_size = 0;
}

static void nqueens_gcda_dump(const void *data, unsigned size, void *arg) {
	(void)arg;
	if (nqueens_gcda_size + size > sizeof nqueens_gcda) {
		_exit(3);
	}
	memcpy(nqueens_gcda + nqueens_gcda_size, data, size);
	nqueens_gcda_size += size;
}

static void *nqueens_gcda_allocate(unsigned size, void *arg) {
	(void)arg;
	return malloc(size);
}

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

// assert() and the C++ library's assertions fail here instead of in the C
// library, through the linker's --wrap (lang's wrapFailures), writing their
// report on the crash channel: the judge never reads the program's own
// prints for it. The line is the student's when the failure is in the
// solution's file; when it is the library's, a checked C++ build adds the
// frames, for the judge to find the student's line.
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
	nqueens_write(4, NQUEENS_FRAMES_MARK, sizeof NQUEENS_FRAMES_MARK - 1);
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
		k = snprintf(report, sizeof report, NQUEENS_CRASH_MARK "%s%s\n" NQUEENS_AT_LINE, what, detail, line, name);
	} else {
		k = snprintf(report, sizeof report, NQUEENS_CRASH_MARK "%s%s\n", what, detail);
	}
	nqueens_write(4, report, k < (int)sizeof report ? (size_t)k : sizeof report - 1);
	if (!theirs) {
		nqueens_frames(); // the library's line: the frames lead to the student's
	}
	_exit(134);
}

void __wrap___assert_fail(const char *expr, const char *file, unsigned int line, const char *fn) {
	nqueens_fail(NQUEENS_ASSERTION_FAILED, expr, file, line, fn);
}
#ifdef __cplusplus
}

// std::__glibcxx_assert_fail: a check of _GLIBCXX_ASSERTIONS (an index
// past the end of a vector, an array or a string).
extern "C" void __wrap__ZSt21__glibcxx_assert_failPKciS0_S0_(const char *file, int line, const char *fn, const char *cond) {
	nqueens_fail(NQUEENS_LIBRARY_CHECK ": ", cond, file, (unsigned int)line, fn);
}
#endif

// For a sanitized build: the sanitizers' settings, and their hooks, called
// before they print a report, which mark the crash channel and send the
// report there instead of stderr, where the student's own prints go.
//
// The settings are compiled in (the sanitizers read the environment
// through /proc/self/environ, which a program in the jail cannot read): no
// leak check (it needs ptrace, and LeetCode does not report leaks), no
// symbolizer (it would start addr2line inside the jail: the judge runs it
// outside, like a build's tool), no allocation stacks (a stack walk per
// allocation; the report names the access, not the allocation), a small
// quarantine of freed memory (the default keeps 256 MiB of it resident,
// counted against the memory limit), an allocator that returns NULL at the
// data bound as malloc does at the timed build's address-space net (not a
// report of its own), and UndefinedBehaviorSanitizer's frames, for the
// student's function.
#if defined(NQUEENS_CHECKED) && defined(__SANITIZE_ADDRESS__)
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#ifdef __cplusplus
extern "C" {
#endif
// nqueens_bound_data bounds the program's data (its writable private
// memory: heap, globals, what it maps) at what it holds now, the
// sanitizer's shadow memory reserved at start among it, plus the run's
// memory net: a bound the kernel enforces whatever the watchdog sees,
// where no address-space limit is possible. It runs before any code of
// the student's (the first constructor; none of theirs may set a
// priority: lang's reach rules).
__attribute__((constructor(101))) static void nqueens_bound_data(void) {
	const char *net = getenv(NQUEENS_DATA_NET_ENV);
	FILE *maps = fopen("/proc/self/maps", "r");
	if (net == NULL || maps == NULL) {
		return;
	}
	// What the kernel counts as data: mappings writable and private,
	// but the stack.
	unsigned long long data = 0, from, to;
	char perms[8], line[512];
	while (fgets(line, sizeof line, maps) != NULL) {
		if (sscanf(line, "%llx-%llx %7s", &from, &to, perms) == 3 && perms[1] == 'w' && perms[3] == 'p' && strstr(line, "[stack]") == NULL) {
			data += to - from;
		}
	}
	fclose(maps);
	struct rlimit bound;
	bound.rlim_cur = bound.rlim_max = data + strtoull(net, NULL, 10);
	setrlimit(RLIMIT_DATA, &bound);
}
const char *__asan_default_options(void) {
	return "detect_leaks=0:symbolize=0:malloc_context_size=0:quarantine_size_mb=16:allocator_may_return_null=1:print_legend=0:print_summary=0";
}
const char *__ubsan_default_options(void) {
	return "symbolize=0:print_stacktrace=1:print_summary=0";
}
static void nqueens_sanitizer_report(void) {
	static int marked;
	if (!marked) {
		marked = 1;
		nqueens_write(4, NQUEENS_CRASH_MARK NQUEENS_SANITIZER_MARK "\n", sizeof NQUEENS_CRASH_MARK NQUEENS_SANITIZER_MARK "\n" - 1);
		dup2(4, 2);
	}
}
void __asan_on_error(void) { nqueens_sanitizer_report(); }
void __ubsan_on_report(void) { nqueens_sanitizer_report(); }
#ifdef __cplusplus
}
#endif
#endif

// A program stopped at a limit is first sent SIGQUIT, and says where it
// is: the return addresses of its frames, read by libgcc's unwinder (which
// steps over the signal's frame, where glibc's backtrace stops), after the
// frames mark; the judge finds the student's line in the line tables of
// the same build made with -g (debug information changes no code, so the
// addresses are the same).
//
// The handler may interrupt the student's code anywhere, malloc included,
// so it does only what is safe there: write(2), _exit(2) and the unwinder,
// whose lazy set-up (it may allocate) was done at start-up by a first walk
// (nqueens_warm_unwinder); addresses are written in hex by hand, not by
// snprintf.
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
	nqueens_say_where(NQUEENS_CRASH_MARK NQUEENS_STOPPED "\n" NQUEENS_FRAMES_MARK, sizeof NQUEENS_CRASH_MARK NQUEENS_STOPPED "\n" NQUEENS_FRAMES_MARK - 1, 3);
}

// The program is pid 1 of its jail, where a signal it sends itself with
// no handler is dropped: abort() would end in SIGSEGV, reported as a
// segmentation fault. This handler says "abort" and where, as the quit's
// does. (A checked C++ build installs its own, which knows the library's
// checks.)
static void nqueens_on_abort_signal(int sig) {
	(void)sig;
	nqueens_say_where(NQUEENS_CRASH_MARK NQUEENS_ABORTED "\n" NQUEENS_FRAMES_MARK, sizeof NQUEENS_CRASH_MARK NQUEENS_ABORTED "\n" NQUEENS_FRAMES_MARK - 1, 134);
}

// nqueens_install_where readies the unwinder and installs the handlers of
// the judge's quit and of abort().
static void nqueens_install_where(void) {
	nqueens_warm_unwinder();
	signal(SIGQUIT, nqueens_on_quit);
	signal(SIGABRT, nqueens_on_abort_signal);
}
