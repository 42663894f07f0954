"""A Kivy program for ``test_board_zoom.py``: each game's board laid out as on the game
screen (``ui.screens.game``: 56 % of the width beside the panel), zoomed onto its corners
and its middle; emits, per game and square, the part shown and its squares' size.

Run as ``zoom_program.py``; it emits one result: a dict by game name.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from kivy.app import App  # noqa: E402
from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from companion.game import Geometry  # noqa: E402
from ui.board.widget import BoardWidget  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes import look_samples, testing  # noqa: E402
from ui.probes.giganten_shots import giganten_scenario  # noqa: E402

LOGS = Path(tempfile.mkdtemp())


def views() -> dict[str, Any]:
    """A view of each game's board (Giganten's from a real game; four players' 28 × 14 as
    its geometry only)."""
    giganten = giganten_scenario("giganten-combat", LOGS).board_view(0)
    return {"giganten": giganten, "strategus": look_samples.strategus_view(),
            "gimmel": look_samples.gimmel_view(),
            "giganten_four": {**look_samples.gimmel_view(), "game": "giganten",
                              "board": {"files": 28, "ranks": 14}}}


def squares(names: Geometry) -> list[str]:
    """The corners, the middle and the square beside it."""
    files, ranks = names.files, names.ranks
    return [names.name(names.square(file, rank))
            for file, rank in ((0, 0), (files - 1, 0), (0, ranks - 1), (files - 1, ranks - 1),
                               (files // 2, ranks // 2), (files // 2 - 1, ranks // 2 - 1))]


class Zoom(App):
    def build(self) -> Any:
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(Controller(log_dir=LOGS), size_hint_x=0.56)
        root.add_widget(self.board)
        root.add_widget(Widget(size_hint_x=0.44))
        testing.after_frames(3, self.report)
        return root

    def report(self) -> None:
        testing.emit_or_error(self.cases)
        self.stop()

    def cases(self) -> dict[str, Any]:
        board = self.board
        out: dict[str, Any] = {}
        for game, view in views().items():
            board.show(view)
            board.zoom_out()
            files, ranks = view["board"]["files"], view["board"]["ranks"]
            zooms = []
            for square in squares(Geometry(files, ranks)):
                board.zoom_to(square)
                zooms.append({"square": square,
                              "window": list(board.window or (0, 0, files, ranks)),
                              "cell": board.layout().cell,
                              "visible": board.square_center(square) is not None})
            out[game] = {"files": files, "ranks": ranks, "needs_zoom": board.needs_zoom,
                         "size": list(board.size), "zooms": zooms}
        return out


if __name__ == "__main__":
    Zoom().run()
