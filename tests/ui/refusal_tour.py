"""A Kivy program for the tests: a move the rules refuse dropped on the simulated board,
of every kind, in every game, by a synthetic drag; then dragged back.

``python refusal_tour.py LANGUAGE``

The refused drops: a Strategus trap moved [M5], a hare run diagonally [M2, M4]; a Gimmel
beetle two squares [M1], a falcon one square [M3]; a Giganten figure where no legal turn
goes. The person plays the first side against the computer (their own refusal's reason
is theirs to see).

After each drop and each way back it looks at the pixels the window shows, not at the
widget tree alone: every text widget of the right panel has ink in its box, every figure's
square differs from the bare board there, and the board's canvas holds no drawing of its
own (a figure's ``Fbo`` made inside ``with canvas:`` joins that canvas and wipes the frame).
It emits per drop: the game, the kind, the now line, the problems found.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)
from kivy.graphics import Fbo  # noqa: E402
from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels  # noqa: E402

from companion.games import get_game  # noqa: E402
from tests.ui.touches import Touches  # noqa: E402
from tests.ui.tour import run_frames  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.control.game import GAME_PLAY, GAME_SETUP, NewGame  # noqa: E402
from ui.control.referee import RefereeGameController  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes.testing import shown_text, text_widgets, window_box  # noqa: E402

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
controller.set_language(LANGUAGE)
games = RefereeGameController(log_dir=logs, budget=0.05)  # what the app builds
app = build_app(controller, games)
touches = Touches(app, lambda: None)
result: dict[str, Any] = {"drops": []}


def frame_pixels() -> tuple[int, int, bytes]:
    """The window as drawn now (RGB rows, bottom row first)."""
    Window.dispatch("on_draw")
    width, height = (int(v) for v in Window.size)
    return width, height, bytes(glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE))


def pixel(frame: tuple[int, int, bytes], x: int, y: int) -> bytes:
    width, _, data = frame
    at = (y * width + x) * 3
    return data[at:at + 3]


def ink(frame: tuple[int, int, bytes], box: list[float]) -> int:
    """Distinct colours in ``box`` (a text drawn on a plain ground has several)."""
    width, height, _ = frame
    x0, y0, w, h = (int(v) for v in box)
    seen = {pixel(frame, x, y) for x in range(max(0, x0), min(width, x0 + w), 2)
            for y in range(max(0, y0), min(height, y0 + h), 2)}
    return len(seen)


def figure_drawn(frame: tuple[int, int, bytes], board: Any, square: str) -> bool:
    """True if the square's middle differs from the bare board (the terrain texture)."""
    centre = board.square_center(square)
    terrain = board.terrain
    if centre is None or terrain is None:
        return False
    cell = board.layout().cell
    tex = terrain.texture
    plain = bytes(tex.pixels)  # RGBA rows of the terrain, bottom row first
    differ = total = 0
    step = max(1, int(cell / 12))
    for dx in range(-int(cell * 0.3), int(cell * 0.3) + 1, step):
        for dy in range(-int(cell * 0.3), int(cell * 0.3) + 1, step):
            x, y = int(centre[0] + dx), int(centre[1] + dy)
            tx, ty = int(x - board.x), int(y - board.y)
            if not (0 <= tx < tex.width and 0 <= ty < tex.height):
                continue
            at = (ty * tex.width + tx) * 4
            bare = plain[at:at + 3]
            shown = pixel(frame, x, y)
            total += 1
            differ += sum(abs(a - b) for a, b in zip(bare, shown, strict=True)) > 24
    return total > 0 and differ / total > 0.1


def look(game: str, what: str) -> None:
    """The panel's texts have ink, every figure is drawn, the board draws nothing odd."""
    screen = app.manager.current_screen
    board = screen.board
    frame = frame_pixels()
    problems = []
    for widget in text_widgets(screen.panel):
        text = shown_text(widget)
        if text.strip() and ink(frame, window_box(widget)) < 3:
            problems.append(f"no ink: {text[:40]!r}")
    if screen.now.text != games.what_now():
        problems.append(f"the line shown is not the controller's: {screen.now.text!r}")
    stray = [type(i).__name__ for i in board.canvas.children if isinstance(i, Fbo)]
    if stray:
        problems.append(f"drawings inside the board's canvas: {stray}")
    view = games.board_view()
    for figure in view["figures"]:
        square = str(figure["square"])
        if board.square_center(square) is None:
            continue
        if square not in board.drawn_tokens:
            problems.append(f"figure on {square} not drawn")
        elif not figure_drawn(frame, board, square):
            problems.append(f"figure on {square} not on the screen")
    result["drops"].append({"game": game, "what": what, "now": screen.now.text,
                            "problems": problems, "screen": app.manager.current})


def settle() -> Iterator[None]:
    games.settle()
    for _ in range(4):
        yield


def start(choice: NewGame, ready: Any = None) -> Iterator[None]:
    games.new_game(choice)
    yield from settle()
    if games.screen == GAME_SETUP:
        rng = random.Random(3)
        while True:
            games.setup_editor.set_up_with(rng)
            if ready is None or ready():
                break
            for square in list(games.physical()):
                games.pieces.remove(square)
        games.start()
    yield from settle()
    assert games.screen == GAME_PLAY, games.screen


def drop(game: str, what: str, origin: str, target: str) -> Iterator[None]:
    """Drag ``origin`` to ``target`` (refused), look; drag it back, look."""
    assert games.state() is not None
    turns = games.session.turns
    yield from touches.move(origin, target)
    yield from settle()
    look(game, what)
    result["drops"][-1]["refused"] = games.session.turns == turns
    yield from touches.move(target, origin)
    yield from settle()
    look(game, what + ", back")


def kind_on(kind: str, rank: int) -> str | None:
    """Red's square on ``rank`` holding ``kind`` with an empty square ahead, if any."""
    geometry = games.game.geometry(games.session.options)  # type: ignore[union-attr]
    for square, piece in games.session.board.items():
        _, row = geometry.coords(square)
        if piece.owner == 0 and piece.kind == kind and row == rank:
            return geometry.name(square)
    return None


def strategus() -> Iterator[None]:
    def front(kinds: tuple[str, ...]) -> bool:
        return all(kind_on(k, 3) is not None for k in kinds)

    yield from start(NewGame("strategus", computer="blue"), lambda: front(("trap", "hare")))
    trap, hare = kind_on("trap", 3), kind_on("hare", 3)
    assert trap is not None and hare is not None
    yield from drop("strategus", "trap", trap, trap[0] + "5")
    side = chr(ord(hare[0]) + (1 if hare[0] < "e" else -1))
    yield from drop("strategus", "hare diagonal", hare, side + "5")
    games.go_home()


def gimmel() -> Iterator[None]:
    yield from start(NewGame("gimmel", computer="black"))
    for square, kind in (("d4", "beetle"), ("h8", "beetle"), ("c3", "falcon"),
                         ("a8", "cat")):
        games.pieces.place(square, kind)
    yield from settle()
    yield from drop("gimmel", "beetle two squares", "d4", "d6")
    yield from drop("gimmel", "falcon one square", "c3", "c4")
    games.go_home()


def giganten() -> Iterator[None]:
    yield from start(NewGame("giganten", computer=get_game("giganten").players[1]))
    state, game = games.state(), games.game
    assert state is not None and game is not None
    geometry = state.geometry
    paths = [game.turn_to_json(state, t).get("path") or [] for t in state.legal_turns()]
    reached = {(path[0], path[-1]) for path in paths if path}
    board = app.manager.current_screen.board
    for square, piece in sorted(state.pieces().items()):
        if piece.owner != state.to_move:
            continue
        origin = geometry.name(square)
        for target in sorted(geometry.name(sq) for sq in geometry.squares()):
            if (target not in games.physical() and (origin, target) not in reached
                    and board.square_center(target) is not None
                    and board.square_center(origin) is not None):
                yield from drop("giganten", "no legal turn", origin, target)
                games.go_home()
                return
    raise AssertionError("no refused drop found in Giganten")


def tour() -> Iterator[None]:
    yield
    yield from strategus()
    yield from gimmel()
    yield from giganten()


run_frames(app, tour(), result)
