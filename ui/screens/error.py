"""The error screen: what happened and what to do, in the UI's
language, over whatever screen was up; the window never closes on an unexpected error.

``install`` makes it Kivy's exception handler too, so that a surprise in a clock
callback or a redraw (outside a tapped action, which ``ui.widgets.common.safely`` guards)
lands here instead of ending the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.base import ExceptionHandler, ExceptionManager
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from ui.guard import CrashReport, crash_sinks, guarded
from ui.theme import TEXT
from ui.widgets.common import button, label
from ui.words import i18n


class ErrorPanel(ModalView):
    """The error screen: title, what happened, what to do, where the details are; Continue
    closes it, Home goes to the home screen (a game can be resumed from there)."""

    def __init__(self, go_home: Callable[[], object], **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.9, 0.9), **kwargs)
        self.go_home = go_home
        box = BoxLayout(orientation="vertical", padding=12, spacing=8)
        self.title = label(font_size="22sp", size_hint_y=None, height=44)
        self.what = label(size_hint_y=None, height=56)
        self.todo = label()
        self.details = label(font_size=TEXT, size_hint_y=None, height=44)
        row = BoxLayout(spacing=8, size_hint_y=None, height=60)
        self.carry_on = button("", self.dismiss_now)
        self.home = button("", self._home)
        row.add_widget(self.carry_on)
        row.add_widget(self.home)
        for widget in (self.title, self.what, self.todo, self.details, row):
            box.add_widget(widget)
        self.add_widget(box)

    def show(self, report: CrashReport) -> None:
        """Say ``report`` (open the panel unless it is open)."""
        self.title.text, self.what.text = report.title, report.what
        self.todo.text, self.details.text = report.todo, report.details
        self.carry_on.text, self.home.text = i18n.tr("crash_continue"), i18n.tr("home")
        if self.parent is None:
            self.open(animation=False)

    def dismiss_now(self) -> None:
        """Close the error screen."""
        self.dismiss(animation=False)

    def _home(self) -> None:
        self.dismiss_now()
        self.go_home()


class GuardHandler(ExceptionHandler):
    """Kivy's exception handler: every exception the event loop would die of is logged
    and shown; the loop goes on (``PASS``). Ctrl-C and exits still end the app."""

    def handle_exception(self, inst: BaseException) -> Any:
        """Log and show ``inst``; let the app run on."""
        if not isinstance(inst, Exception):
            return ExceptionManager.RAISE
        guarded(inst, "event loop")
        return ExceptionManager.PASS


def install(panel: ErrorPanel) -> GuardHandler:
    """Show crashes on ``panel`` and install the Kivy handler; return it (to remove)."""
    crash_sinks.append(panel.show)
    handler = GuardHandler()
    ExceptionManager.add_handler(handler)
    return handler


def uninstall(panel: ErrorPanel, handler: GuardHandler) -> None:
    """Undo ``install`` (the app stops)."""
    if panel.show in crash_sinks:
        crash_sinks.remove(panel.show)
    ExceptionManager.remove_handler(handler)
