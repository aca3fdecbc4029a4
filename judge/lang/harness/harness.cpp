// harness.cpp calls the student's class as LeetCode does, writes its
// answer on the judge's answer channel (file descriptor 3), and reports an
// exception that escapes it on the crash channel (4). It includes the
// student's solution.cpp: it needs the class.
//
// nqueens:judge

#include "solution.cpp"
#include "nqueens.h"
#include <string>
#include <vector>

static void nqueens_crash(const std::string &what) {
	std::string report = std::string(NQUEENS_CRASH_MARK) + what + "\n";
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
	nqueens_write(4, NQUEENS_CRASH_MARK NQUEENS_LIBRARY_CHECK "\n", sizeof NQUEENS_CRASH_MARK NQUEENS_LIBRARY_CHECK "\n" - 1);
	nqueens_in_library = 1;
	dup2(4, 2);
	__real__ZNK11__gnu_debug16_Error_formatter8_M_errorEv(self);
}

static void nqueens_on_abort(int) {
	if (!nqueens_in_library) {
		nqueens_write(4, NQUEENS_CRASH_MARK NQUEENS_ABORTED "\n", sizeof NQUEENS_CRASH_MARK NQUEENS_ABORTED "\n" - 1);
	}
	nqueens_frames();
	_exit(134);
}
#endif

int main(int argc, char **argv) {
	if (argc < 2) {
		return 2;
	}
	nqueens_install_where();
#ifdef NQUEENS_CHECKED
	signal(SIGABRT, nqueens_on_abort);
#endif
	int n = atoi(argv[1]);
#if NQUEENS_BOARDS
	std::vector<std::vector<std::string>> boards;
#else
	int got = 0;
#endif
	try {
#if NQUEENS_BOARDS
		boards = Solution().solveNQueens(n);
#else
		got = Solution().totalNQueens(n);
#endif
	} catch (const std::bad_alloc &e) {
		nqueens_crash(NQUEENS_OUT_OF_MEMORY);
	} catch (const std::exception &e) {
		nqueens_crash(std::string(NQUEENS_EXCEPTION) + e.what());
	} catch (...) {
		nqueens_crash(NQUEENS_EXCEPTION "of an unknown type");
	}
#ifdef NQUEENS_COUNTED
	if (nqueens_send_counts()) {
		return 0;
	}
#endif
#if NQUEENS_BOARDS
	nqueens_put("[", 1);
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
	nqueens_put("]\n", 2);
#else
	std::string answer = std::to_string(got) + "\n";
	nqueens_put(answer.data(), answer.size());
#endif
	nqueens_flush();
	return 0;
}
