"""Looking at a Kivy screen from a test: what it shows, and whether it is laid out well.

Two halves, neither of which knows the app's screens:

* **Inside a Kivy process** (the functions take a widget): :func:`texts`, :func:`images`,
  :func:`text_widgets`, :func:`overlaps`, :func:`clipped`, :func:`snapshot`, :func:`emit`,
  :func:`screenshot` and :func:`after_frames`. They import Kivy when called.
* **Outside it** (the test process, the benchmarks): :class:`Xvfb`, a virtual screen, and
  :func:`run_kivy`, which runs a Kivy program in a fresh process on that screen and reads
  back what it :func:`emit`-ted. One Kivy ``App`` per process: a second ``App.run()`` in the
  same interpreter is not reliable, and a crash must not take the test run with it.

Coordinates are window pixels, origin bottom left (Kivy's). A widget's box is
``[x, y, width, height]``; a text widget's *text box* is the rectangle its rendered text
covers: Kivy's Label draws its texture (``texture_size``) centred on the widget.

The two halves live in ``ui.probes.screen_probe`` and ``ui.probes.kivy_process``; this module
gathers them.
"""

from __future__ import annotations

from ui.probes.kivy_process import (
    XVFB_MISSING,
    DisplayUnavailable,
    KivyResult,
    Xvfb,
    kivy_env,
    png_stats,
    run_kivy,
    run_kivy_source,
)
from ui.probes.screen_probe import (
    RESULT_PREFIX,
    Box,
    Widget,
    after_frames,
    clipped,
    describe,
    emit,
    emit_or_error,
    find_button,
    images,
    overlaps,
    screenshot,
    shown_text,
    snapshot,
    tap,
    text_box,
    text_widgets,
    texts,
    touch,
    walk,
    window_box,
    window_center,
)

__all__ = [
    "RESULT_PREFIX",
    "XVFB_MISSING",
    "Box",
    "DisplayUnavailable",
    "KivyResult",
    "Widget",
    "Xvfb",
    "after_frames",
    "clipped",
    "describe",
    "emit",
    "emit_or_error",
    "find_button",
    "images",
    "kivy_env",
    "overlaps",
    "png_stats",
    "run_kivy",
    "run_kivy_source",
    "screenshot",
    "shown_text",
    "snapshot",
    "tap",
    "text_box",
    "text_widgets",
    "texts",
    "touch",
    "walk",
    "window_box",
    "window_center",
]
