"""The UI test tools themselves, on small hand-made Kivy layouts drawn on Xvfb.

Each layout runs in its own Kivy process (``run_kivy_code``), which prints the
``snapshot`` of its widget tree back to the test.
"""

from __future__ import annotations

import os
import struct
import textwrap
import zlib
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import RunKivy, RunKivySource
from ui.probes.testing import RESULT_PREFIX, KivyResult, Xvfb, png_stats, run_kivy_source

PROGRAM = """
from kivy.app import App
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.recycleview import RecycleView
from kivy.uix.screenmanager import NoTransition, Screen, ScreenManager
from kivy.uix.textinput import TextInput
from kivy.lang import Builder

from ui.probes import testing

{body}

class Probe(App):
    def build(self):
        root = build_root()
        testing.after_frames(2, lambda: self.report(root))
        return root

    def report(self, root):
        testing.emit(testing.snapshot(root))
        self.stop()

Probe().run()
"""


def snapshot_of(run_kivy_code: RunKivySource, body: str, **options: Any) -> dict[str, Any]:
    result = run_kivy_code(PROGRAM.format(body=textwrap.dedent(body)), **options)
    data: dict[str, Any] = result.result()
    return data


CLEAN = """
Builder.load_string('''
<Rows@RecycleView>:
    viewclass: "Label"
    RecycleBoxLayout:
        default_size: None, 30
        default_size_hint: 1, None
        size_hint_y: None
        height: self.minimum_height
        orientation: "vertical"
''')
from kivy.factory import Factory
import kivy, os

def build_root():
    root = BoxLayout(orientation="vertical", padding=10, spacing=10)
    root.add_widget(Label(text="Yellow to move", font_size=24))
    root.add_widget(Label(text="[b]Challenge[/b] on e5", markup=True))
    root.add_widget(Button(text="Undo"))
    root.add_widget(TextInput(text="Anna", multiline=False))
    root.add_widget(Label(text="hidden", opacity=0))
    icon = os.path.join(os.path.dirname(kivy.__file__), "data", "logo", "kivy-icon-64.png")
    root.add_widget(Image(source=icon))
    rows = Factory.Rows()
    rows.data = [{"text": f"turn {i}"} for i in range(40)]
    root.add_widget(rows)
    return root
"""


@pytest.fixture(scope="module")
def clean(display: Xvfb, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One run of the clean layout, shared by the tests that look at it."""
    source = PROGRAM.format(body=textwrap.dedent(CLEAN))
    result = run_kivy_source(source, display=display, workdir=tmp_path_factory.mktemp("clean"))
    data: dict[str, Any] = result.result()
    return data


def test_texts_are_every_text_shown_in_drawing_order(clean: dict[str, Any]) -> None:
    texts = clean["texts"]
    assert texts[:4] == ["Yellow to move", "Challenge on e5", "Undo", "Anna"]
    assert "hidden" not in texts  # opacity 0 is not shown


def test_texts_include_every_row_of_a_recycle_view(clean: dict[str, Any]) -> None:
    texts = clean["texts"]
    # all 40 rows, including those scrolled out of sight, once each
    assert texts[4:] == [f"turn {i}" for i in range(40)]


def test_images_are_the_image_sources_without_kivy_theme(clean: dict[str, Any]) -> None:
    assert [Path(p).name for p in clean["images"]] == ["kivy-icon-64.png"]


def test_a_clean_layout_has_no_overlaps_and_nothing_clipped(clean: dict[str, Any]) -> None:
    assert clean["window"] == [800, 480]
    assert clean["overlaps"] == []
    assert clean["box_overlaps"] == []
    assert clean["clipped"] == []
    shown = {w["text"]: w for w in clean["widgets"]}
    assert shown["Undo"]["type"] == "Button"
    assert shown["Undo"]["clipped"] is False
    x, y, width, height = shown["Undo"]["box"]
    assert x >= 0 and x + width <= 800 and y >= 0 and y + height <= 480


def test_overlapping_texts_are_reported_in_pairs(run_kivy_code: RunKivySource) -> None:
    snap = snapshot_of(run_kivy_code, """
        def build_root():
            root = FloatLayout()
            root.add_widget(Label(text="Orange wins", font_size=40,
                                  size_hint=(None, None), size=(400, 80), pos=(100, 200)))
            root.add_widget(Label(text="Draw offered", font_size=40,
                                  size_hint=(None, None), size=(400, 80), pos=(150, 220)))
            root.add_widget(Label(text="Far away", size_hint=(None, None), size=(200, 40),
                                  pos=(500, 20)))
            return root
    """)
    assert snap["overlaps"] == [["Orange wins", "Draw offered"]]
    assert snap["clipped"] == []


def test_boxes_that_overlap_with_texts_that_do_not_are_only_box_overlaps(
    run_kivy_code: RunKivySource,
) -> None:
    snap = snapshot_of(run_kivy_code, """
        def build_root():
            root = FloatLayout()
            root.add_widget(Label(text="left", size_hint=(None, None), size=(600, 200),
                                  pos=(0, 0)))
            root.add_widget(Label(text="right", size_hint=(None, None), size=(600, 200),
                                  pos=(200, 150)))
            return root
    """)
    assert snap["overlaps"] == []
    assert snap["box_overlaps"] == [["left", "right"]]


def test_aligned_texts_fill_their_text_size_and_can_overlap(
    run_kivy_code: RunKivySource,
) -> None:
    # Two full-window labels, their short texts at opposite corners: with text_size set the
    # texture is as big as the box, so Kivy draws them on top of each other.
    snap = snapshot_of(run_kivy_code, """
        def build_root():
            root = FloatLayout()
            root.add_widget(Label(text="top", text_size=(780, 460),
                                  halign="left", valign="top"))
            root.add_widget(Label(text="bottom", text_size=(780, 460),
                                  halign="right", valign="bottom"))
            return root
    """)
    assert snap["overlaps"] == [["top", "bottom"]]


def test_clipped_text_is_reported(run_kivy_code: RunKivySource) -> None:
    snap = snapshot_of(run_kivy_code, """
        def build_root():
            root = FloatLayout()
            # too long for its box
            root.add_widget(Label(text="Scout flight over three squares", font_size=30,
                                  size_hint=(None, None), size=(120, 40), pos=(10, 400)))
            # shortened with an ellipsis to fit
            root.add_widget(Label(text="A very long player name indeed", shorten=True,
                                  text_size=(90, None), size_hint=(None, None),
                                  size=(100, 40), pos=(10, 300)))
            # fits, but half of it is outside the window
            root.add_widget(Label(text="Edge", size_hint=(None, None), size=(100, 40),
                                  pos=(750, 100)))
            # fits
            root.add_widget(Label(text="Fine", size_hint=(None, None), size=(100, 40),
                                  pos=(300, 100)))
            return root
    """)
    assert snap["clipped"] == [
        "Scout flight over three squares",
        "A very long player name indeed",
        "Edge",
    ]
    assert snap["overlaps"] == []


def test_only_the_current_screen_is_looked_at(run_kivy_code: RunKivySource) -> None:
    snap = snapshot_of(run_kivy_code, """
        def build_root():
            manager = ScreenManager(transition=NoTransition())
            for name in ("setup", "play"):
                screen = Screen(name=name)
                screen.add_widget(Label(text=f"{name} screen"))
                manager.add_widget(screen)
            manager.current = "play"
            return manager
    """)
    assert snap["texts"] == ["play screen"]


def test_window_size_follows_the_size_argument(run_kivy_code: RunKivySource) -> None:
    snap = snapshot_of(run_kivy_code, """
        def build_root():
            return Label(text="Big")
    """, size=(1024, 600))
    assert snap["window"] == [1024, 600]
    assert snap["widgets"][0]["box"] == [0, 0, 1024, 600]


def test_screenshot_shows_what_was_drawn(run_kivy_code: RunKivySource, tmp_path: Path) -> None:
    target = tmp_path / "red.png"
    result = run_kivy_code(textwrap.dedent(f"""
        from kivy.app import App
        from kivy.uix.button import Button
        from ui.probes import testing

        class Shot(App):
            def build(self):
                testing.after_frames(1, self.shoot)
                return Button(text="Hello Giganten", font_size=48,
                              background_normal="", background_color=(0.8, 0, 0, 1))

            def shoot(self):
                testing.emit(str(testing.screenshot({str(target)!r})))
                self.stop()

        Shot().run()
    """), size=(320, 200))
    assert result.result() == str(target)
    stats = png_stats(target)
    assert stats["size"] == [320, 200]
    assert stats["colours"] > 2  # red, white text and the anti-aliased edges between
    assert stats["lit"] > 0.9  # a blank (black) capture would be 0


def test_the_display_fixture_is_a_running_x_server(display: Xvfb) -> None:
    assert display.number is not None
    assert Path(f"/tmp/.X11-unix/X{display.number}").exists()
    assert os.environ["DISPLAY"] == f":{display.number}"
    assert os.environ["KIVY_NO_ARGS"] == "1"


def test_run_kivy_reports_a_failing_program(run_kivy: RunKivy, tmp_path: Path) -> None:
    script = tmp_path / "broken.py"
    script.write_text("import kivy.uix.label\nraise SystemExit('no board here')\n")
    result = run_kivy(script)
    assert result.returncode == 1
    assert "no board here" in result.stderr
    with pytest.raises(AssertionError, match="no board here"):
        result.check()


def test_run_kivy_runs_modules_with_arguments(run_kivy: RunKivy) -> None:
    result = run_kivy("json.tool", "--help")
    assert result.returncode == 0
    assert "usage" in result.stdout


def test_run_kivy_fails_a_program_that_hangs(run_kivy: RunKivy, tmp_path: Path) -> None:
    script = tmp_path / "hang.py"
    script.write_text("import time\nprint('started', flush=True)\ntime.sleep(60)\n")
    with pytest.raises(pytest.fail.Exception, match="still running after 1"):
        run_kivy(script, timeout=1)


def test_results_are_read_back_from_stdout() -> None:
    result = KivyResult(["x"], 0, f"noise\n{RESULT_PREFIX}{{\"a\": 1}}\n{RESULT_PREFIX}[2]\n",
                        "", 0.1)
    assert result.results() == [{"a": 1}, [2]]
    with pytest.raises(AssertionError, match="expected one"):
        result.result()


def _png(width: int, height: int, pixel: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + body))
        return struct.pack(">I", len(body)) + kind + body + crc

    rows = b"".join(b"\0" + pixel * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_png_stats_tells_a_blank_picture(tmp_path: Path) -> None:
    black, red = tmp_path / "black.png", tmp_path / "red.png"
    black.write_bytes(_png(4, 3, b"\0\0\0"))
    red.write_bytes(_png(4, 3, b"\xff\0\0"))
    assert png_stats(black) == {"size": [4, 3], "colours": 1, "lit": 0.0}
    assert png_stats(red) == {"size": [4, 3], "colours": 1, "lit": 1.0}
