"""Looking at a Kivy screen from inside the Kivy process (the functions take a widget):
:func:`texts`, :func:`images`, :func:`text_widgets`, :func:`overlaps`, :func:`clipped`,
:func:`snapshot`, :func:`emit`, :func:`screenshot`, :func:`after_frames`, and synthetic
touches (:func:`tap`, :func:`touch`). They import Kivy when called.

Coordinates are window pixels, origin bottom left (Kivy's). A widget's box is
``[x, y, width, height]``; a text widget's *text box* is the rectangle its rendered text
covers: Kivy's Label draws its texture (``texture_size``) centred on the widget.
"""

from __future__ import annotations

import json
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

# Kivy's widgets carry no type information; inside this module a widget is just Any.
Widget = Any
Box = tuple[float, float, float, float]  # x, y, width, height in window pixels

RESULT_PREFIX = "UI-RESULT "
"""Marks a line of a Kivy process's stdout that :func:`emit` wrote (JSON follows)."""

_THEME_ATLAS = "atlas://data/images/defaulttheme"
_MARKUP_TAG = re.compile(r"\[/?[a-z_]+(?:=[^\]]*)?\]")
_MARKUP_ESCAPES = (("&bl;", "["), ("&br;", "]"), ("&amp;", "&"))
_TOLERANCE = 0.5  # pixels: sizes are floats, text is measured in whole pixels


# --------------------------------------------------------------------------- the widget tree


def walk(root: Widget, *, visible_only: bool = True) -> Iterator[Widget]:
    """``root`` and its descendants, parents before children, in drawing order.

    With ``visible_only`` a widget that is transparent (``opacity`` 0), has no area, or is
    ``disabled`` and hidden by its parent's opacity is left out together with its subtree.
    Screens a ScreenManager is not showing are not children, so they are never walked.
    """
    if visible_only and not _shows(root):
        return
    yield root
    # Kivy keeps children last-added first; they are drawn in reverse of that list.
    for child in reversed(list(root.children)):
        yield from walk(child, visible_only=visible_only)


def _shows(widget: Widget) -> bool:
    return bool(widget.opacity > 0 and widget.width > 0 and widget.height > 0)


def _is_text_widget(widget: Widget) -> bool:
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    return isinstance(widget, Label | TextInput)


def _is_recycle_view(widget: Widget) -> bool:
    # By name: Kivy's Factory imports kivy.uix.recycleview a second time (as
    # ``kivy.uix.recycleview.__init__``), so kv-made RecycleViews are another class object.
    return any(cls.__name__ == "RecycleViewBehavior" for cls in type(widget).__mro__)


def shown_text(widget: Widget) -> str:
    """The text a Label, Button or TextInput shows, markup tags removed."""
    text = str(widget.text)
    if getattr(widget, "markup", False):
        text = _MARKUP_TAG.sub("", text)
        for escape, char in _MARKUP_ESCAPES:
            text = text.replace(escape, char)
    if not text and hasattr(widget, "hint_text"):
        text = str(widget.hint_text)
    return text


def texts(root: Widget) -> list[str]:
    """Every non-empty text shown under ``root``, in drawing order.

    A RecycleView contributes the ``text`` of every row of its ``data`` (scrolled out of
    sight or not) instead of the few row widgets it happens to have made.
    """
    found: list[str] = []
    _collect_texts(root, found)
    return found


def _collect_texts(widget: Widget, found: list[str]) -> None:
    if not _shows(widget):
        return
    if _is_recycle_view(widget):
        for row in widget.data:
            text = row.get("text") if isinstance(row, Mapping) else None
            if text:
                found.append(str(text))
        return
    if _is_text_widget(widget):
        text = shown_text(widget)
        if text:
            found.append(text)
    # Widgets that draw text on their canvas (the board's kind labels) list it here.
    found.extend(str(text) for text in getattr(widget, "drawn_texts", ()) if text)
    for child in reversed(list(widget.children)):
        _collect_texts(child, found)


def images(root: Widget, *, include_theme: bool = False) -> list[str]:
    """Every image shown under ``root``: Image widgets' ``source`` and canvas sources.

    An Image with a texture but no source is reported as ``texture:<width>x<height>``.
    Kivy's own theme (button backgrounds and the like, ``atlas://data/images/defaulttheme``)
    is left out unless ``include_theme``.
    """
    from kivy.uix.image import Image

    found: list[str] = []
    for widget in walk(root):
        if isinstance(widget, Image):
            if widget.source:
                found.append(str(widget.source))
            elif widget.texture is not None:
                width, height = widget.texture.size
                found.append(f"texture:{width}x{height}")
        for canvas in (widget.canvas.before, widget.canvas, widget.canvas.after):
            found.extend(_canvas_sources(canvas))
    if not include_theme:
        found = [source for source in found if not source.startswith(_THEME_ATLAS)]
    return found


def _canvas_sources(group: Any) -> Iterator[str]:
    for instruction in getattr(group, "children", ()):
        source = getattr(instruction, "source", None)
        if source:
            yield str(source)
        yield from _canvas_sources(instruction)


def text_widgets(root: Widget) -> list[Widget]:
    """The visible Labels, Buttons and TextInputs under ``root`` that show some text."""
    return [w for w in walk(root) if _is_text_widget(w) and shown_text(w)]


# --------------------------------------------------------------------------- geometry


def window_box(widget: Widget) -> Box:
    """The widget's box in window coordinates (through scroll views, relative layouts)."""
    return _to_window_box(widget, float(widget.x), float(widget.y), widget.width, widget.height)


def text_box(widget: Widget) -> Box:
    """The window rectangle covered by the widget's rendered text.

    A Label's texture is drawn centred on the widget, whatever its ``halign`` and ``valign``
    (those act inside ``text_size``), and may stick out of it. A TextInput is its own box.
    """
    from kivy.uix.label import Label

    if not isinstance(widget, Label):
        return window_box(widget)
    tex_w, tex_h = (float(v) for v in widget.texture_size)
    x = widget.center_x - tex_w / 2
    y = widget.center_y - tex_h / 2
    return _to_window_box(widget, x, y, tex_w, tex_h)


def _to_window_box(widget: Widget, x: float, y: float, width: float, height: float) -> Box:
    corners = [widget.to_window(cx, cy) for cx in (x, x + width) for cy in (y, y + height)]
    xs = [float(c[0]) for c in corners]
    ys = [float(c[1]) for c in corners]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _intersection(a: Box, b: Box) -> float:
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return dx * dy if dx > _TOLERANCE and dy > _TOLERANCE else 0.0


def _ancestors(widget: Widget) -> Iterator[Widget]:
    """The widget's parents up to the window (whose parent is the window itself)."""
    seen = {id(widget)}
    parent = widget.parent
    while parent is not None and id(parent) not in seen:
        seen.add(id(parent))
        yield parent
        parent = parent.parent


def _visible_part(widget: Widget, box: Box) -> Box:
    """``box`` cut to what stencil views above the widget (scroll views) let show: text
    scrolled out of a scroll view is not on screen and overlaps nothing."""
    from kivy.uix.stencilview import StencilView

    for parent in _ancestors(widget):
        if isinstance(parent, StencilView) and parent is not widget:
            view = window_box(parent)
            left, bottom = max(box[0], view[0]), max(box[1], view[1])
            right = min(box[0] + box[2], view[0] + view[2])
            top = min(box[1] + box[3], view[1] + view[3])
            box = (left, bottom, max(right - left, 0.0), max(top - bottom, 0.0))
    return box


def _is_ancestor(a: Widget, b: Widget) -> bool:
    return any(parent is a for parent in _ancestors(b))


def overlaps(widgets: Widget | Iterable[Widget], *, boxes: str = "text") -> list[tuple[Any, Any]]:
    """Pairs of visible text widgets whose text boxes overlap on screen.

    ``widgets`` is a list of widgets, or one root whose :func:`text_widgets` are compared.
    ``boxes="widget"`` compares the widgets' whole boxes instead of their rendered text.
    Edges that touch do not count, and neither does a widget with one of its own descendants.
    """
    if boxes not in ("text", "widget"):
        raise ValueError(f"boxes must be 'text' or 'widget', not {boxes!r}")
    from kivy.uix.widget import Widget as KivyWidget

    if isinstance(widgets, KivyWidget):
        candidates = text_widgets(widgets)
    else:
        candidates = [w for w in widgets if _shows(w) and shown_text(w)]
    measure: Callable[[Widget], Box] = text_box if boxes == "text" else window_box
    measured = [(w, _visible_part(w, measure(w))) for w in candidates]
    pairs: list[tuple[Any, Any]] = []
    for i, (a, box_a) in enumerate(measured):
        for b, box_b in measured[i + 1 :]:
            if _is_ancestor(a, b) or _is_ancestor(b, a):
                continue
            if _intersection(box_a, box_b) > 0:
                pairs.append((a, b))
    return pairs


def clipped(widget: Widget) -> bool:
    """Whether the widget's text is not fully shown.

    True when the rendered text (``texture_size``) is wider or taller than the widget, when
    Kivy shortened it to fit (``shorten``, an ellipsis), when a multi-line TextInput's
    content is taller than the box, or when the widget lies partly outside the window.
    """
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    x, y, width, height = window_box(widget)
    if (
        x < -_TOLERANCE
        or y < -_TOLERANCE
        or x + width > Window.width + _TOLERANCE
        or y + height > Window.height + _TOLERANCE
    ):
        return True
    if isinstance(widget, Label):
        tex_w, tex_h = widget.texture_size
        if tex_w > widget.width + _TOLERANCE or tex_h > widget.height + _TOLERANCE:
            return True
        core = getattr(widget, "_label", None)
        return bool(getattr(core, "is_shortened", False)) or _lines_dropped(widget)
    if isinstance(widget, TextInput) and widget.multiline:
        return bool(widget.minimum_height > widget.height + _TOLERANCE)
    return False


def _lines_dropped(label: Widget) -> bool:
    """True when a label whose ``text_size`` is its box drops lines that do not fit: its
    texture is then no taller than the box, so only the text laid out again at the label's
    width with no height limit shows the cut."""
    from kivy.core.text import Label as CoreLabel

    width, height = getattr(label, "text_size", (None, None))
    if width is None or height is None or not label.text:
        return False
    core = CoreLabel(text=label.text, font_size=label.font_size, bold=label.bold,
                     font_name=label.font_name, halign=label.halign, markup=label.markup,
                     text_size=(width, None), padding=label.padding,
                     line_height=label.line_height)
    core.refresh()
    return bool(core.texture.size[1] > height + _TOLERANCE)


# --------------------------------------------------------------------------- summaries


def describe(widget: Widget) -> dict[str, Any]:
    """One widget as JSON-ready data: type, text, boxes and whether its text is clipped."""
    entry: dict[str, Any] = {
        "type": type(widget).__name__,
        "id": _widget_id(widget),
        "box": [round(v, 1) for v in window_box(widget)],
    }
    if _is_text_widget(widget):
        entry["text"] = shown_text(widget)
        entry["text_box"] = [round(v, 1) for v in text_box(widget)]
        entry["clipped"] = clipped(widget)
        entry["font_size"] = round(float(widget.font_size), 1)
    from kivy.uix.behaviors import ButtonBehavior

    if isinstance(widget, ButtonBehavior):  # drawn in the theme, or in Kivy's grey
        entry["kivy_look"] = bool(widget.background_normal)
    return entry


def _widget_id(widget: Widget) -> str | None:
    for parent in _ancestors(widget):
        for name, candidate in getattr(parent, "ids", {}).items():
            if candidate is widget or getattr(candidate, "__self__", None) is widget:
                return str(name)
    return None


def snapshot(root: Widget) -> dict[str, Any]:
    """What ``root`` shows, as JSON-serialisable data for a test to check.

    Keys: ``window`` (``[width, height]``), ``texts``, ``images``, ``widgets`` (every
    visible text widget, see :func:`describe`), ``overlaps`` (pairs of texts whose text
    boxes overlap), ``box_overlaps`` (pairs whose whole widget boxes overlap: touch targets
    on top of each other) and ``clipped`` (texts not fully shown).
    """
    from kivy.core.window import Window

    shown = text_widgets(root)
    return {
        "window": [int(Window.width), int(Window.height)],
        "texts": texts(root),
        "images": images(root),
        "widgets": [describe(w) for w in shown],
        "overlaps": [[shown_text(a), shown_text(b)] for a, b in overlaps(shown)],
        "box_overlaps": [
            [shown_text(a), shown_text(b)] for a, b in overlaps(shown, boxes="widget")
        ],
        "clipped": [shown_text(w) for w in shown if clipped(w)],
    }


def emit(data: Any) -> None:
    """Print ``data`` as one JSON line that :meth:`KivyResult.results` reads back."""
    sys.stdout.write(RESULT_PREFIX + json.dumps(data, sort_keys=True) + "\n")
    sys.stdout.flush()


def emit_or_error(cases: Callable[[], Any]) -> None:
    """``emit`` what ``cases`` returns; if it raises, emit ``{"error": traceback}``, so the
    test reads the traceback instead of waiting for its time-out."""
    try:
        emit(cases())
    except Exception:  # any failure of a probe program is the test's to report
        emit({"error": traceback.format_exc()})


# --------------------------------------------------------------------------- frames


def after_frames(count: int, callback: Callable[[], Any]) -> None:
    """Call ``callback`` once ``count`` more frames have been drawn.

    It runs inside the frame, after the window is drawn and before the buffers are swapped,
    which is when :func:`screenshot` can read the pixels. Kivy draws only when something
    changed, so this asks for a redraw each time.
    """
    from kivy.clock import Clock
    from kivy.core.window import Window

    remaining = [count]

    def on_flip(*_: Any) -> None:
        remaining[0] -= 1
        if remaining[0] <= 0:
            Window.unbind(on_flip=on_flip)
            callback()
        else:
            Window.canvas.ask_update()

    Window.bind(on_flip=on_flip)
    Clock.schedule_once(lambda _dt: Window.canvas.ask_update(), 0)


def screenshot(path: str | os.PathLike[str]) -> Path:
    """Draw the window now and save what it shows as a PNG at ``path``.

    ``Window.screenshot`` reads the back buffer whenever it is called; between frames that
    buffer holds whatever the last swap left (black, under Xvfb and llvmpipe). Drawing
    first makes the picture the current state, whenever this is called.
    """
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    Window.dispatch("on_draw")
    width, height = (int(v) for v in Window.size)
    data = glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE)
    Window._win.save_bytes_in_png(str(target), data, width, height)
    return target


# --------------------------------------------------------------------------- synthetic touches


def window_center(widget: Widget) -> tuple[float, float]:
    """The middle of ``widget`` in window coordinates."""
    x, y = widget.to_window(*widget.center)
    return float(x), float(y)


def touch(start: tuple[float, float], end: tuple[float, float] | None = None, *,
          steps: int = 4) -> None:
    """One finger: down at ``start``, moved in ``steps`` to ``end`` (if given), up.

    The touch goes through the window's real input dispatch (``EventLoop``), as one from
    the touchscreen does, so every widget on the way sees it."""
    from kivy.tests.common import UnitTestTouch

    finger = UnitTestTouch(*start)
    finger.touch_down()
    if end is not None:
        for step in range(1, steps + 1):
            finger.touch_move(start[0] + (end[0] - start[0]) * step / steps,
                              start[1] + (end[1] - start[1]) * step / steps)
    finger.touch_up()


def tap(widget: Widget) -> None:
    """Touch ``widget`` in its middle and let go."""
    touch(window_center(widget))


def find_button(root: Widget, text: str) -> Widget | None:
    """The visible button under ``root`` whose text is ``text`` (None if there is none)."""
    from kivy.uix.button import Button

    for widget in walk(root):
        if isinstance(widget, Button) and shown_text(widget) == text:
            return widget
    return None
