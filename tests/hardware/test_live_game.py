"""Strategus and Gimmel on the real board's code path (``commands.play_game_live``), read by
emulated MFRC522 chips at the SPI level through the game's layout, in real time (the
reader's thread, the console's scans): a resumed game waits for the board to match and
then goes on; the computer opponent announces its turn, a person carries it out, the
readers confirm it, and a wrong execution gets the way back."""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from club.event_link import event_target, outbox_path
from club.game_feed import GameEventLink
from commands import play_game_live
from commands.opponent import Computer
from commands.play_game_live import (
    LiveCommands,
    LiveGameConsole,
    LiveGameTable,
    resumed_live,
)
from companion.config import Config
from companion.game import Game, Piece
from companion.game_events import BoardMatches, NotComputerTurn, TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.reads import Uid
from companion.table.game_session import PLAY, GameSession
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.layout import MappedReader, layout_for
from hardware.simgame import GameHands, SimGameTable
from tests.hardware.test_backend_layouts import GameSquares

LIMIT = 60.0
"""Real seconds a scan may take to show what the hands did (two cores, shared)."""


C = TypeVar("C", bound=LiveCommands)


class Live:
    """An emulated reader board under a live console, and the hands on its squares."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.emulated = EmulatedBoard()
        layout = layout_for(Config(), game.name, game.geometry())
        self.squares = GameSquares(self.emulated.board, layout)
        self.reader = MappedReader(self.emulated.reader(), layout)
        self.reader.open()
        self.lines: list[str] = []
        self.console: LiveCommands | None = None

    def attach(self, console: C) -> C:
        console.say = self.lines.append
        self.console = console
        return console

    @property
    def table(self) -> LiveGameTable:
        assert self.console is not None
        return self.console.sim  # type: ignore[return-value]

    def until(self, done: Callable[[], bool], what: str) -> None:
        """Let the console scan until ``done``."""
        assert self.console is not None
        deadline = time.monotonic() + LIMIT
        while not done():
            assert time.monotonic() < deadline, f"{what}: {self.lines[-5:]}"
            self.console.settle()

    def lay_out(self, pieces: dict[int, Piece], tags: dict[Uid, Any]) -> None:
        """Put ``pieces`` on the readers, any tag of each piece."""
        free = sorted(tags)
        for sq, piece in sorted(pieces.items()):
            uid = next(u for u in free if Piece(tags[u].owner, tags[u].kind) == piece)
            free.remove(uid)
            self.squares.place(sq, uid)

    def close(self) -> None:
        if self.console is not None:
            self.console.sim.close()
            self.console.session.close()
        self.emulated.close()


@pytest.fixture
def live_strategus() -> Iterator[Live]:
    live = Live(get_game("strategus"))
    yield live
    live.close()


@pytest.fixture
def live_gimmel() -> Iterator[Live]:
    live = Live(get_game("gimmel"))
    yield live
    live.close()


def args_for(tmp_path: Path, **given: Any) -> argparse.Namespace:
    script = tmp_path / "script.txt"
    script.write_text("status\nquit\n", "utf-8")
    values = {"script": str(script), "audience": "public", "pin_hash": None, "config": None,
              "computer": None, "level": "normal", "budget": 0.2, **given}
    return argparse.Namespace(**values)


def a_strategus_game_to_resume(tmp_path: Path, turns: int) -> Path:
    """A Strategus game played on the simulated board and left after ``turns`` turns."""
    game = get_game("strategus")
    tags = sim_identities(game)
    session, _ = GameSession.new(game, {}, tags, tmp_path / "cut.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    hands.set_up(game, {}, random.Random(4))
    sim.run_for()
    sim.intent({"start": True})
    state = session.state
    assert state is not None
    rng = random.Random(6)
    for _ in range(turns):
        hands.play(rng.choice(list(state.legal_turns())))
    assert session.phase == PLAY and session.turns == turns
    session.close()
    sim.close()
    return session.log_path


def test_a_strategus_game_resumes_on_the_readers_once_the_board_matches(
        live_strategus: Live, tmp_path: Path) -> None:
    live = live_strategus
    path = a_strategus_game_to_resume(tmp_path, turns=3)
    console, _ = resumed_live(args_for(tmp_path), path, live.reader)
    live.attach(console)
    session = console.session
    assert session.fixing and session.turns == 3
    live.until(lambda: any(line.startswith("fix board") for line in live.lines),
               "the steps to make the board match")
    state = session.state
    assert state is not None
    # A piece moved before the board matches is no turn: the game waits for the layout.
    live.lay_out(dict(state.pieces()), session.identities)
    live.until(lambda: not session.fixing, "the board matching the game")
    assert any(isinstance(e, BoardMatches) for e in live.table.events)
    assert session.turns == 3
    pieces = state.pieces()
    origin, target = next(t for t in state.legal_turns() if t[1] not in pieces)
    live.squares.place(target, live.squares.lift(origin))
    live.until(lambda: session.turns == 4, "the move read by the readers")
    [turn] = [e for e in live.table.events if isinstance(e, TurnCommitted)]
    assert turn.number == 4
    console.execute("status")
    assert any(line.startswith("Strategus: 4 turns played") for line in live.lines[-2:])
    kinds = [kind.id for kind in live.game.kinds()]
    assert not any(f'"{kind}"' in line for line in live.lines for kind in kinds)


def test_the_computer_plays_gimmel_on_the_readers_through_a_persons_hands(
        live_gimmel: Live, tmp_path: Path) -> None:
    live = live_gimmel
    game = live.game
    tags = sim_identities(game)
    session, events = GameSession.new(game, {}, tags, tmp_path / "g.log", now=0.0)
    computer = Computer(1, "easy", 0.2, random.Random(1))
    console = live.attach(LiveGameConsole(game, LiveGameTable(session, live.reader),
                                          0, computer))
    console.tell(events)
    geometry = game.geometry()
    box = sorted(tags)
    # The person (white) puts a beetle down; the readers see it: white's turn.
    uid = next(u for u in box if tags[u].owner == 0 and tags[u].kind == "beetle")
    box.remove(uid)
    live.squares.place(geometry.parse("d4"), uid)
    live.until(lambda: session.chosen is not None, "the computer's announced turn")
    chosen = session.chosen
    assert chosen is not None and session.turns == 1
    assert any(line.startswith("Computer") for line in live.lines), live.lines
    # Its stone put down on a wrong square: the way back, and no turn.
    after = chosen.after
    assert after is not None
    [(square, piece)] = [(sq, p) for sq, p in after.items() if chosen.before.get(sq) != p]
    stone = next(u for u in box if Piece(tags[u].owner, tags[u].kind) == piece)
    box.remove(stone)
    wrong = next(sq for sq in range(geometry.size) if sq not in after and sq != square)
    live.squares.place(wrong, stone)
    live.until(lambda: any(isinstance(e, NotComputerTurn) for e in live.table.events),
               "the way back for a wrong execution")
    assert session.turns == 1
    live.squares.lift(wrong)
    live.squares.place(square, stone)  # carried out as announced
    live.until(lambda: session.turns == 2, "the computer's turn confirmed by the readers")
    assert session.chosen is None and session.state is not None
    assert session.state.to_move == 0


def outbox_seqs(path: Path) -> list[int]:
    """The feed ``seq`` of every message in the outbox at ``path`` (``club.outbox``)."""
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()[1:]]
    return [line["seq"] for line in lines if line.get("seq") is not None]


def test_resume_with_a_backend_publishes_to_the_event(live_strategus: Live, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """``giganten resume LOG --event …`` of a game on the readers publishes to the club as
    a new game does (issue #13), and its outbox beside the log goes on where it stopped."""
    path = a_strategus_game_to_resume(tmp_path, turns=3)
    target = "localhost:9/spring/t4"
    game = live_strategus.game
    event = event_target(target, Config())
    assert event is not None
    link = GameEventLink(event, outbox_path(path), game, {})
    # The feed the game had before it was left (no broker answers: kept in the outbox).
    link.publisher.feed("note", "the game was left after 3 turns", None)
    link.close()
    before = outbox_seqs(outbox_path(path))

    def backend(args: argparse.Namespace, game: str, geometry: Any) -> Any:
        return live_strategus.reader

    monkeypatch.setattr(play_game_live, "open_game_backend", backend)
    args = args_for(tmp_path, event=target, backend="spi", sim=False, log=path)
    assert play_game_live.resume_command(args, path) == 0
    out = capsys.readouterr().out
    assert f"Resuming {path}: Strategus, 3 turns played, on the real board" in out, out
    assert "Publishing the public feed as table t4 of event spring" in out, out
    # The same outbox, reopened: nothing of the first feed lost, its numbers go on.
    assert outbox_seqs(outbox_path(path))[:len(before)] == before == [1]
    assert f"(outbox {outbox_path(path)})" in out, out
