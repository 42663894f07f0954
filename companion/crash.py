"""The ``giganten`` command's catch-all: an unexpected exception ends a command with one
line and exit status 70, its traceback kept in a file (never a traceback).

``EX_SOFTWARE`` (70, from BSD's sysexits) is "an internal software error": distinct from
2 (bad input, said in one line) and from ``brettl verify``'s 0/1/2/3 verdicts.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path

EX_SOFTWARE = 70
"""The exit status of a crash (sysexits.h: internal software error)."""
EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""
CRASH_LOG = "crash.log"


def crash_log_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where tracebacks go: ``$GIGANTEN_HOME/crash.log``, else
    ``$XDG_STATE_HOME/giganten/crash.log``, else ``~/.local/state/giganten/crash.log``."""
    env = os.environ if environ is None else environ
    home = env.get("GIGANTEN_HOME", "")
    if home:
        return Path(home).expanduser() / CRASH_LOG
    state = env.get("XDG_STATE_HOME", "")
    if state and os.path.isabs(state):
        return Path(state) / "giganten" / CRASH_LOG
    return Path.home() / ".local" / "state" / "giganten" / CRASH_LOG


def keep_traceback(error: BaseException, command: str, now: datetime) -> Path:
    """Append ``error``'s traceback to the crash log (mode 0600: a traceback may quote a
    secret) under a line naming ``command`` and ``now``; return the log's path. Raises
    ``OSError`` when it cannot be written. The touchscreen app keeps its crashes here too."""
    path = crash_log_path()
    text = "".join(traceback.format_exception(error))
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(descriptor, "a", encoding="utf-8") as out:
        out.write(f"--- {now.isoformat(timespec='seconds')} brettl {command}\n{text}")
    return path


def _keep(error: BaseException, command: str, now: datetime) -> str:
    """Keep the traceback; return where it went, or why it could not be written."""
    try:
        path = keep_traceback(error, command, now)
    except OSError as err:
        return f"it could not be kept ({crash_log_path()}: {err.strerror or err})"
    return f"the full traceback is in {path}"


def _quiet_stdout() -> None:
    """The reader of standard output went away (``giganten deal | head -1``): point the
    descriptor at /dev/null so that Python's final flush raises nothing either."""
    with contextlib.suppress(OSError, ValueError):  # stdout may have no descriptor
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run_guarded(command: str, run: Callable[[], int]) -> int:
    """Run one subcommand: its own status, or one line on stderr and ``EX_SOFTWARE`` for an
    unexpected exception, 0 quietly for a closed pipe on stdout, 130 for Ctrl-C."""
    try:
        return run()
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except KeyboardInterrupt:
        print(f"brettl {command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # the catch-all itself: anything else is a bug
        where = _keep(error, command, datetime.now(UTC))
        message = " ".join(str(error).split())  # one line, whatever the exception says
        print(f"giganten: internal error in {command}: {type(error).__name__}: {message};"
              f" {where}. Please report it.", file=sys.stderr)
        return EX_SOFTWARE


__all__ = ["EXIT_INTERRUPTED", "EX_SOFTWARE", "crash_log_path", "keep_traceback", "run_guarded"]
