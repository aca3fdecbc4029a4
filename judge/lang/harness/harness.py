# harness.py runs the student's file as solution.py, with the names
# LeetCode's Python 3 provides, calls the method, and writes its answer on
# the judge's answer channel (file descriptor 3), or what went wrong on its
# crash channel (4). The judge writes its block below: the protocol's words
# (_NQUEENS_CRASH_MARK, ...) from lang's constants, the method's name, the
# kind of answer, and the student's file (base64).
import base64 as _nqueens_base64, json as _nqueens_json, os as _nqueens_os, sys as _nqueens_sys, traceback as _nqueens_tb
import faulthandler as _nqueens_faulthandler, io as _nqueens_io, signal as _nqueens_signal

# nqueens:judge

# A print of Chinese, or of any text, works whatever the run's locale: under
# the C locale Python 3.6 (CentOS 7 and 8) writes ASCII and raised
# UnicodeEncodeError, an RE, where LeetCode prints UTF-8 (3.7 and later
# turn that locale into UTF-8 themselves). sys.__stdout__ keeps the old
# wrappers, and with them the file descriptors, open.
for _nqueens_name in ("stdout", "stderr"):
    _nqueens_stream = getattr(_nqueens_sys, _nqueens_name)
    if _nqueens_stream is not None and _nqueens_stream.encoding.lower().replace("-", "") != "utf8":
        setattr(_nqueens_sys, _nqueens_name, _nqueens_io.TextIOWrapper(
            _nqueens_stream.buffer, encoding="utf-8", errors="backslashreplace",
            line_buffering=_nqueens_stream.line_buffering))

# Stopped at a limit, the judge asks where the program is (SIGQUIT): the
# stack goes on the crash channel, then the program ends.
try:
    _nqueens_signal.signal(_nqueens_signal.SIGQUIT, lambda signum, frame: _nqueens_os._exit(3))
    _nqueens_faulthandler.register(_nqueens_signal.SIGQUIT, file=open(4, "w", closefd=False), all_threads=False, chain=True)
except OSError:
    pass  # no crash channel: run by hand

_nqueens_source = _nqueens_base64.b64decode(_NQUEENS_SOURCE).decode("utf-8")

LEETCODE = """
from typing import *
import collections, math, heapq, bisect, itertools, functools, string, re, random
from collections import *
from functools import *
from itertools import *
from heapq import *
from bisect import *
"""


def _nqueens_crash(what, e):
    lines = [_NQUEENS_CRASH_MARK + what.replace("\n", " ")]
    frames = [f for f in _nqueens_tb.extract_tb(e.__traceback__) if f.filename == "solution.py"]
    if frames:
        lines.append((_NQUEENS_AT_LINE % (frames[-1].lineno, frames[-1].name)).rstrip("\n"))
    _nqueens_sys.stdout.flush()
    _nqueens_os.write(4, ("\n".join(lines) + "\n").encode())
    _nqueens_os._exit(1)


def _nqueens_counted():
    """Counts each line of solution.py run, and the calls of its recursive
    functions, until the function it returns is called: that returns the
    counts as JSON."""
    lines, calls, recursive = {}, {}, set()

    def trace(frame, event, arg):
        code = frame.f_code
        if code.co_filename != "solution.py":
            return None
        if event == "call":
            calls[code] = calls.get(code, 0) + 1
            if frame.f_back is not None and frame.f_back.f_code is code:
                recursive.add(code)
        elif event == "line":
            lines[frame.f_lineno] = lines.get(frame.f_lineno, 0) + 1
        return trace

    _nqueens_sys.settrace(trace)

    def done():
        _nqueens_sys.settrace(None)
        return _nqueens_json.dumps({"lines": {str(k): v for k, v in lines.items()},
                                    "calls": max([calls[c] for c in recursive] or [0])})
    return done


def _nqueens_main():
    n = int(_nqueens_sys.argv[1])
    names = {"__name__": "solution", "__builtins__": __builtins__}
    exec(LEETCODE, names)
    try:
        exec(compile(_nqueens_source, "solution.py", "exec"), names)
        solution = names["Solution"]()
        profile = _nqueens_os.environ.get(_NQUEENS_PROFILE_ENV)
        if profile:
            counts = _nqueens_counted()
        got = getattr(solution, _NQUEENS_FUNC)(n)
        if profile:
            answer = counts()
        else:
            answer = _nqueens_json.dumps(got, default=str) + "\n" if _NQUEENS_BOARDS else str(got) + "\n"
    except RecursionError as e:
        _nqueens_crash(_NQUEENS_STACK_OVERFLOW, e)
    except MemoryError as e:
        _nqueens_crash(_NQUEENS_OUT_OF_MEMORY, e)
    except SystemExit:
        raise
    except BaseException as e:
        _nqueens_crash(_NQUEENS_EXCEPTION + "%s: %s" % (type(e).__name__, e), e)
    _nqueens_sys.stdout.flush()
    _nqueens_os.write(3, answer.encode())


_nqueens_main()
