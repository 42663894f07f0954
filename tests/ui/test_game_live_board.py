"""Strategus and Gimmel in the app on the REAL reader board (issues #14, #15): the pure
``GameController`` over the configured backend's reader (here emulated MFRC522 chips on a
decoded SPI bus, ``hardware.emulation``), the game's layout on the readers and the game's
enrolled registry. The hands move tags on the emulated readers; ``poll`` drains what the
reader's thread read, as the Kivy clock does. No simulation drawer, no helper that moves a
piece: the readers see what the hands did."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config import Config
from companion.game import Game, Piece
from companion.game_events import BoardMatches, NotComputerTurn, TurnCommitted
from companion.game_registry import GameRegistry
from companion.games import get_game
from companion.identities import Identity, sim_identities
from companion.reads import Uid
from companion.table.game_session import OVER, PLAY
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.layout import layout_for
from tests.hardware.test_backend_layouts import GameSquares
from tests.hardware.test_live_game import a_strategus_game_to_resume
from tests.ui.test_game_controller import assert_no_leak
from ui.control.game import GAME_PLAY, GAME_SETUP, GameController, NewGame
from ui.control.shell_state import ControllerError
from ui.words import i18n

LIMIT = 60.0
"""Real seconds a scan may take to show what the hands did (two cores, shared)."""


class Hands:
    """The emulated reader board under a controller, and the hands on the game's squares."""

    def __init__(self, game: Game, tmp_path: Path) -> None:
        self.game = game
        self.emulated = EmulatedBoard()
        self.squares = GameSquares(self.emulated.board,
                                   layout_for(Config(), game.name, game.geometry()))
        self.tags: dict[Uid, Identity] = dict(sim_identities(game))
        self.registry = tmp_path / f"registry-{game.name}.json"
        GameRegistry(game, dict(self.tags)).save(self.registry)
        self.box = sorted(self.tags)
        self.controller: GameController | None = None

    def open(self, tmp_path: Path, **given: Any) -> GameController:
        (tmp_path / "logs").mkdir(exist_ok=True)
        self.controller = GameController(log_dir=tmp_path / "logs",
                                         reader=self.emulated.reader(),
                                         registry=self.registry, budget=0.2,
                                         entropy=random.Random(3).randbytes, **given)
        return self.controller

    def until(self, done: Callable[[], bool], what: str) -> None:
        """Let the Kivy clock poll the controller until ``done``."""
        c = self.controller
        assert c is not None
        deadline = time.monotonic() + LIMIT
        while not done():
            assert time.monotonic() < deadline, f"{what}: {c.what_now()} {c.messages()[-3:]}"
            c.poll(0.05)
            time.sleep(0.02)

    def take(self, piece: Piece) -> Uid:
        """A tag of ``piece`` from beside the board."""
        uid = next(u for u in self.box
                   if Piece(self.tags[u].owner, self.tags[u].kind) == piece)
        self.box.remove(uid)
        return uid

    def show(self, before: dict[int, Piece], after: dict[int, Piece],
             held: dict[Uid, Piece] | None = None) -> None:
        """Move the tags from ``before`` to ``after`` as a person does: what leaves a square
        is lifted first (a captured stone goes beside the board), then what arrives is put
        down (the moved stone's own tag or one ``held`` beside the square, else one from
        beside the board)."""
        lifted: dict[Uid, Piece] = dict(held or {})
        for sq in sorted(before):
            if after.get(sq) != before[sq]:
                lifted[self.squares.lift(sq)] = before[sq]
        for sq in sorted(after):
            if before.get(sq) != after[sq]:
                uid = next((u for u, p in lifted.items() if p == after[sq]), None)
                if uid is None:
                    uid = self.take(after[sq])
                else:
                    del lifted[uid]
                self.squares.place(sq, uid)

    def play(self, turn: Any) -> None:
        """``turn`` of the player to move carried out on the readers."""
        c = self.controller
        assert c is not None
        state = c.session.state
        assert state is not None
        before = dict(state.pieces())
        state.push(turn)
        after = dict(state.pieces())
        state.pop()
        self.show(before, after)

    def close(self) -> None:
        if self.controller is not None:
            self.controller.close()
        self.emulated.close()


@pytest.fixture
def gimmel(tmp_path: Path) -> Iterator[Hands]:
    hands = Hands(get_game("gimmel"), tmp_path)
    yield hands
    hands.close()


@pytest.fixture
def strategus(tmp_path: Path) -> Iterator[Hands]:
    hands = Hands(get_game("strategus"), tmp_path)
    yield hands
    hands.close()


def test_gimmel_against_the_computer_on_the_readers(gimmel: Hands, tmp_path: Path) -> None:
    c = gimmel.open(tmp_path)
    spoken: list[str] = []
    c.sounds.speech_listeners.append(spoken.append)
    c.new_game(NewGame("gimmel", computer="black", level="easy"))
    assert not c.live_board.simulated
    game, geometry = gimmel.game, gimmel.game.geometry()
    # The person (white) puts a beetle down: the readers see it, white's placement.
    gimmel.squares.place(geometry.parse("d4"), gimmel.take(Piece(0, "beetle")))
    gimmel.until(lambda: c.session.turns == 1, "white's placement read")
    assert c.screen == GAME_PLAY and c.physical() == {"d4": "white"}
    # The computer announces its turn; no helper carries it out on the real board.
    gimmel.until(lambda: c.session.chosen is not None, "the computer's announced turn")
    assert "carry it out on the board" in c.what_now()
    # Spoken once, in the public view's words (a person carries it out by ear).
    assert len(spoken) == 1 and spoken[0].startswith("Computer: ")
    assert spoken[0] in c.what_now()
    with pytest.raises(ControllerError, match="real board: move the pieces by hand"):
        c.pieces.carry_out()
    chosen = c.session.chosen
    assert chosen is not None and chosen.after is not None
    # Put down on a wrong square first: the way back, no turn.
    [(square, piece)] = [(sq, p) for sq, p in chosen.after.items()
                         if chosen.before.get(sq) != p]
    wrong = next(sq for sq in range(geometry.size) if sq not in chosen.after)
    stone = gimmel.take(piece)
    gimmel.squares.place(wrong, stone)
    gimmel.until(lambda: any(isinstance(e, NotComputerTurn) for e in c.sim.events  # type: ignore[union-attr]
                             ), "the way back for a wrong execution")
    assert c.session.turns == 1
    gimmel.squares.lift(wrong)
    gimmel.squares.place(square, stone)
    gimmel.until(lambda: c.session.turns == 2, "the computer's turn confirmed by the readers")
    # Play on until white captures (the person's capture, taken stone lifted first).
    captured = False
    for _ in range(40):  # the computer chooses from the OS: some games take longer
        state = c.session.state
        assert state is not None and state.to_move == 0
        pieces = state.pieces()
        turns = list(state.legal_turns())
        captures = [t for t in turns if (p := game.turn_to_json(state, t).get("path"))
                    and geometry.parse(p[-1]) in pieces]
        placements = [t for t in turns if "path" not in game.turn_to_json(state, t)]
        assert c.pieces.placeable(), "white's hand is shown as placeable"
        turn = captures[0] if captures else random.Random(len(pieces)).choice(placements)
        number = c.session.turns
        gimmel.play(turn)
        gimmel.until(lambda n=number: c.session.turns == n + 1, "white's turn read")
        if captures:
            captured = True
            assert c.counts()[0] != "" and any("white" in line.lower() or "weiß" in line.lower()
                                               for line in c.counts())
            break
        if c.session.phase == OVER:
            break
        gimmel.until(lambda: c.session.chosen is not None, "the computer's next turn")
        chosen = c.session.chosen
        assert chosen is not None and chosen.after is not None
        gimmel.show(dict(chosen.before), dict(chosen.after))
        gimmel.until(lambda n=number: c.session.turns == n + 2, "the computer's turn read")
    assert captured, c.messages()
    committed = [e for e in c.sim.events if isinstance(e, TurnCommitted)]  # type: ignore[union-attr]
    assert committed[-1].number == c.session.turns


def strategus_setup(game: Game, player: int, rng: random.Random) -> dict[int, Piece]:
    """A valid setup of ``player``'s 40 figures in the home rows."""
    zone = sorted(game.setup_zone(player, {}))
    kinds = [kind.id for kind in game.kinds({}) for _ in range(kind.count)]
    for _ in range(1000):
        rng.shuffle(zone)
        chosen = dict(zip(zone, kinds, strict=False))
        if not game.check_setup(player, chosen, {}):
            return {sq: Piece(player, kind) for sq, kind in chosen.items()}
    raise AssertionError("no valid setup")


def test_strategus_set_up_in_the_home_rows_and_played_on_the_readers(
        strategus: Hands, tmp_path: Path) -> None:
    c = strategus.open(tmp_path)
    c.new_game(NewGame("strategus"))
    game = strategus.game
    assert c.screen == GAME_SETUP
    rng = random.Random(5)
    for player in (0, 1):
        strategus.show({}, strategus_setup(game, player, rng))
    strategus.until(lambda: all(side["ready"] for side in c.setup_progress()),
                    "both setups read and checked")
    assert c.what_now() == i18n.tr("gm_now_setup_ready")
    assert_no_leak(c)
    c.start()
    assert c.session.phase == PLAY
    for number in range(1, 4):
        state = c.session.state
        assert state is not None
        pieces = state.pieces()
        turn = next(t for t in state.legal_turns() if t[1] not in pieces)
        strategus.play(turn)
        strategus.until(lambda n=number: c.session.turns == n, "the move read")
        assert_no_leak(c)
    assert len(c.physical()) == 80
    # Forward until an attack: the attacker held beside the square, the turn declared by
    # the drag on the screen, its result put down as the screen says.
    forward = 1 if min(game.setup_zone(0, {})) < 50 else -1
    for _ in range(40):
        state = c.session.state
        assert state is not None
        pieces, mover = dict(state.pieces()), state.to_move
        turns = list(state.legal_turns())
        attacks = [t for t in turns if t[1] in pieces and pieces[t[1]].owner != mover]
        if attacks:
            break
        sign = forward if mover == 0 else -forward
        turn = max(turns, key=lambda t: sign * (t[1] // 10 - t[0] // 10))
        number = c.session.turns
        strategus.play(turn)
        strategus.until(lambda n=number: c.session.turns == n + 1, "the move read")
    else:
        raise AssertionError("no attack came up")
    origin, target = attacks[0][0], attacks[0][1]
    geometry = game.geometry()
    number = c.session.turns
    held = {strategus.squares.lift(origin): pieces[origin]}
    strategus.until(lambda: origin not in c.session.board, "the attacker held beside")
    with pytest.raises(ControllerError, match="real board"):
        c.pieces.move(geometry.name(origin), geometry.name(next(
            sq for sq in range(geometry.size) if sq not in pieces)))
    c.pieces.move(geometry.name(origin), geometry.name(target))
    assert c.session.turns == number + 1  # the board waits for the result if it changed
    assert_no_leak(c)
    after = dict(state.pieces())
    before = {sq: p for sq, p in pieces.items() if sq != origin}
    strategus.show(before, after, held)
    strategus.until(lambda: not c.session.fixing and c.session.board == after,
                    "the combat's result put down")
    assert_no_leak(c)


def test_a_resumed_strategus_game_waits_for_the_board_to_match(
        strategus: Hands, tmp_path: Path) -> None:
    path = a_strategus_game_to_resume(tmp_path, turns=3)
    c = strategus.open(tmp_path)
    c.resume(path)
    session = c.session
    assert session.fixing and session.turns == 3
    assert c.what_now() == i18n.tr("gm_now_match")
    strategus.until(lambda: c.what_now().startswith("Make the board match"),
                    "the steps to make the board match")
    assert_no_leak(c)  # the steps name squares and owners, never a kind
    state = session.state
    assert state is not None
    strategus.tags = dict(session.identities)
    strategus.box = sorted(session.identities)
    strategus.show({}, dict(state.pieces()))
    strategus.until(lambda: not session.fixing, "the board matching the game")
    assert any(isinstance(e, BoardMatches) for e in c.sim.events)  # type: ignore[union-attr]
    assert session.turns == 3
    pieces = state.pieces()
    strategus.play(next(t for t in state.legal_turns() if t[1] not in pieces))
    strategus.until(lambda: session.turns == 4, "the move read by the readers")
    assert_no_leak(c)


def test_a_real_board_without_enrolled_pieces_says_so_in_one_line(
        strategus: Hands, tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    c = GameController(log_dir=tmp_path / "logs", reader=strategus.emulated.reader(),
                       registry=tmp_path / "nowhere.json")
    for language, words in (("en", "Not every piece of Strategus is enrolled"),
                            ("de", "Nicht alle Figuren von Strategus sind angemeldet")):
        i18n.set_language(language)
        try:
            with pytest.raises(ControllerError) as raised:
                c.new_game(NewGame("strategus"))
        finally:
            i18n.set_language("en")
        assert str(raised.value).startswith(words) and "\n" not in str(raised.value)
    assert not any((tmp_path / "logs").iterdir())
    # Half a set enrolled: the same line, nothing started.
    half = dict(list(strategus.tags.items())[:40])
    GameRegistry(strategus.game, half).save(tmp_path / "half.json")
    c.live_board.registry = tmp_path / "half.json"
    with pytest.raises(ControllerError, match="brettl enrol --game strategus"):
        c.new_game(NewGame("strategus"))
    assert c.game is None


def test_readers_that_cannot_serve_the_game_say_so_and_start_nothing(
        strategus: Hands, tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    c = GameController(log_dir=tmp_path / "logs", reader=strategus.emulated.reader(),
                       registry=strategus.registry,
                       config=Config(layouts={"strategus": (10, 10)}))
    with pytest.raises(ControllerError) as raised:
        c.new_game(NewGame("strategus"))
    line = str(raised.value)
    assert line.startswith("The readers cannot be used (strategus: a 10×10 board from k11")
    assert "\n" not in line and line.endswith("then try again")
    assert c.game is None and c.sim is None
    assert not any((tmp_path / "logs").iterdir())
