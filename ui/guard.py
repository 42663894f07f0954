"""Never a silent exit: an unexpected exception anywhere in the app
becomes an error screen in the UI's language (what happened, what to do) and its
traceback goes to the crash log of ``companion.crash`` (``$GIGANTEN_HOME/crash.log``).

Kivy-free: ``ui.widgets.common.safely`` sends every tapped action's surprise here, and
``ui.app`` installs ``guarded`` as Kivy's exception handler for the rest (the clock's
callbacks, drawing). ``crash_sinks`` show the report; the window stays open.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from companion.crash import crash_log_path, keep_traceback
from ui.words import i18n


@dataclass(frozen=True)
class CrashReport:
    """What the error screen says, every line in the UI's language."""

    title: str
    what: str
    todo: str
    details: str


crash_sinks: list[Callable[[CrashReport], None]] = []
"""Who shows a crash (the app's error screen); without any, it is only logged."""

reports: list[CrashReport] = []
"""Every crash of this run, the latest last (the tests read it)."""

_last: list[tuple[str, str, str]] = []
"""The latest crash's place and error: a callback failing every tick is logged once."""


def crash_report(error: BaseException, where: str,
                 now: Callable[[], datetime] = lambda: datetime.now(UTC)) -> CrashReport:
    """Keep ``error``'s traceback in the crash log and word the error screen for it."""
    name = type(error).__name__
    try:
        path = keep_traceback(error, f"ui {where}", now())
    except OSError as err:
        problem = f"{crash_log_path()}: {err.strerror or err}"
        details = i18n.tr("crash_not_kept", problem=problem)
    else:
        details = i18n.tr("crash_kept", error=name, path=path)
    return CrashReport(i18n.tr("crash_title"), i18n.tr("crash_what"), i18n.tr("crash_todo"),
                       details)


def guarded(error: BaseException, where: str) -> None:
    """An unexpected exception: log it, tell ``crash_sinks``; never raise again (a sink
    that fails is the last thing to bring the window down)."""
    key = (where, type(error).__name__, str(error))
    if reports and _last == [key]:
        report = reports[-1]  # the same failure again (a clock callback): logged once
    else:
        report = crash_report(error, where)
        reports.append(report)
        _last[:] = [key]
    for sink in list(crash_sinks):
        try:
            sink(report)
        except Exception as failed:  # the error screen itself failed: keep it in the log
            with contextlib.suppress(OSError):
                keep_traceback(failed, "ui error screen", datetime.now(UTC))


__all__ = ["CrashReport", "crash_report", "crash_sinks", "guarded", "reports"]
