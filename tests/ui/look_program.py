"""A Kivy program for ``test_board_look.py``: draws each board style and the reveal card from
views and emits what was drawn (texts, token faces and backs, the colours on the canvas).

Run as ``look_program.py WxH``; it emits one result: a dict by case name.
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
from kivy.graphics import Canvas  # noqa: E402
from kivy.uix.floatlayout import FloatLayout  # noqa: E402

from ui.board.tokens import STRATEGUS, draw_token  # noqa: E402
from ui.board.widget import BoardWidget  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes import look_samples, testing  # noqa: E402
from ui.probes.giganten_shots import giganten_scenario  # noqa: E402
from ui.widgets.reveal_card import RevealCard  # noqa: E402
from ui.words import i18n  # noqa: E402

LOGS = Path(tempfile.mkdtemp())
GAMES: Any = giganten_scenario("giganten-combat", LOGS)
"""A Giganten game on the games' controller just after a combat (``giganten shots``)."""


def view_for(audience: str) -> Any:
    """The game's board as ``audience`` (``public`` or ``yellow``) may see it."""
    return GAMES.board_view(-1 if audience == "public" else 0)


def colours(group: Any) -> list[list[float]]:
    """Every colour set in a canvas group, rounded (RGBA)."""
    found = []
    for instruction in group.children:
        rgba = getattr(instruction, "rgba", None)
        if rgba is not None and type(instruction).__name__ == "Color":
            found.append([round(c, 3) for c in rgba])
    return found


def board_case(board: BoardWidget, view: Any, **options: Any) -> dict[str, Any]:
    board.show(view, **options)
    board.redraw(force=True)
    return {"texts": list(board.drawn_texts), "tokens": dict(board.drawn_tokens),
            "terrain_colours": colours(board.terrain),
            "figure_colours": colours(board.canvas) + [
                c for drawing in board.token_drawings.values() for c in colours(drawing)],
            "cell": board.layout().cell, "needs_zoom": board.needs_zoom,
            "figures": view["figures"], "legal": list(board.drawn_legal)}


def elephant_texts(cell: float) -> list[str]:
    """The texts on Red's Strategus elephant drawn in a square of ``cell`` pixels."""
    texts: list[str] = []
    with Canvas():
        draw_token(STRATEGUS, "red", "elephant", 0, 0, cell, texts)
    return texts


def card_case(card: RevealCard, view: Any) -> dict[str, Any]:
    dismissed: list[bool] = []
    card.on_dismiss = lambda: dismissed.append(True)
    shown = card.show(view)
    labels = [w.text for w in (card.title, *card.sides, card.outcome, card.rule,
                               card.close_hint)]
    result = {"shown": shown, "showing": card.showing, "labels": labels,
              "tokens": list(card.duel.drawn_tokens), "texts": list(card.duel.drawn_texts),
              "height": card.height, "width": card.width,
              "colours": colours(card.duel.canvas)}

    class Touch:
        pos = (card.center_x, card.center_y)

    result["tap_taken"] = card.on_touch_down(Touch()) if shown else None
    result["after_tap"] = card.showing
    result["dismissed"] = dismissed
    return result


class Look(App):
    def build(self) -> Any:
        self.root_layout = FloatLayout()
        self.board = BoardWidget(Controller(log_dir=LOGS), size_hint=(0.6, 1),
                                 pos_hint={"x": 0, "y": 0})
        self.card = RevealCard(size_hint=(1, 1))
        self.root_layout.add_widget(self.board)
        self.root_layout.add_widget(self.card)
        testing.after_frames(3, self.report)
        return self.root_layout

    def report(self) -> None:
        testing.emit_or_error(self.cases)
        self.stop()

    @staticmethod
    def in_sight(board: Any) -> dict[str, Any]:
        """``keep_in_sight`` from the zoom on c3: a near turn (c3 to f3) is shown zoomed,
        one across the board (a1 to n14) on the whole board; each settles
        after one call of ``on_zoom`` (it used to call itself until Python gave up)."""
        calls: list[int] = []
        board.on_zoom = lambda: calls.append(1)
        board.keep_in_sight(["c3", "f3"])
        near = {"zoomed": board.zoomed, "calls": len(calls),
                "shown": [board.square_center(s) is not None for s in ("c3", "f3")]}
        calls.clear()
        board.keep_in_sight(["a1", "n14"])
        far = {"zoomed": board.zoomed, "calls": len(calls)}
        board.on_zoom = None
        board.zoom_to("c3")
        return {"near": near, "far": far, "window": board.window, "size": list(board.size)}

    def cases(self) -> dict[str, Any]:
        board, card = self.board, self.card
        out: dict[str, Any] = {}
        out["giganten_public"] = board_case(board, view_for("public"))
        out["giganten_yellow"] = board_case(board, view_for("yellow"),
                                            targets=["a9"])
        board.zoom_to("c3")
        out["giganten_zoomed"] = board_case(board, view_for("yellow"))
        out["in_sight"] = self.in_sight(board)
        board.zoom_out()
        out["strategus_red"] = board_case(board, look_samples.strategus_view("red"))
        out["elephant"] = {cell: elephant_texts(cell) for cell in (44, 80, 130)}
        out["gimmel"] = board_case(board, look_samples.gimmel_view())
        out["gimmel_8x18"] = board_case(board, look_samples.gimmel_view(18, 8))
        out["gimmel_legal"] = board_case(board, look_samples.gimmel_view() | {
            "legal": ["c3", "d4", "z99"]})
        out["off_board"] = board_case(board, look_samples.gimmel_view(18, 8) | {
            "last_turn": {"path": ["z99", "f10"]}})
        out["card_rulebook"] = card_case(card, look_samples.giganten_combat_view())
        out["card_outcome_only"] = card_case(
            card, look_samples.giganten_combat_view(swamp=False, kinds=False))
        out["card_none"] = card_case(card, view_for("public") | {"last_turn": None})
        i18n.set_language("de")
        out["card_german"] = card_case(card, look_samples.giganten_combat_view())
        out["strategus_german"] = board_case(board, look_samples.strategus_view("red"))
        out["elephant_german"] = elephant_texts(130)
        return out


Look().run()
