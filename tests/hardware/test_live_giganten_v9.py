"""Giganten's four players [V9] on the real board's code path (``giganten play --game
giganten --variants V9`` and ``giganten referee --game giganten --variants V9`` with a
backend), read by emulated MFRC522 chips at the SPI level: the readers are opened for the
seated game's board (28 × 14: the readers' whole board), the figures are the four sets of
Giganten's own registry (``giganten enrol --owner yellow2`` …), and a turn made by hand
is read by the readers."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from commands import play_game_live
from commands.referee_game_live import referee_live
from companion.config import Config
from companion.game import Game, Geometry, joint_setup_problems, seated
from companion.game_events import TurnCommitted
from companion.games import get_game
from companion.games.giganten.ruleset import RuleSet
from companion.identities import Identity
from companion.reads import Uid, parse_uid
from companion.registry import Registry, full_set
from companion.table.game_session import PLAY, GameSession
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.layout import MappedReader, layout_for
from hardware.mfrc522_matrix import MatrixSettings
from hardware.sim import SimBoard
from tests.hardware.test_backend_layouts import GameSquares
from tests.hardware.test_live_game import Live
from tests.hardware.test_live_giganten import giganten_args, one_step
from tests.hardware.test_live_referee import DESK

V9 = RuleSet.of(["V9"])
OWNERS = ("yellow", "orange", "yellow2", "orange2")


def four_sets(path: Path) -> Path:
    """A club's registry of V9: four full sets, each figure under a tag of its own."""
    rng = random.Random(19)  # the tags' UIDs: arbitrary, public in a test
    registry = Registry()
    for owner in OWNERS:
        for figure in full_set(owner):
            registry.enrol(parse_uid("04" + rng.randbytes(6).hex()), figure)
    registry.save(path)
    return path


class WideLive(Live):
    """``Live`` on a reader board of V9's size: 28 × 14 emulated chips, selected by nine
    address lines (eight select at most 256 readers)."""

    def __init__(self, game: Game, files: int = 28, ranks: int = 14) -> None:
        self.game = game
        settings = MatrixSettings(wake_ms=0.5, address_pins=(5, 6, 12, 13, 16, 19, 20, 21,
                                                             17))
        self.emulated = EmulatedBoard(SimBoard(files, ranks), settings=settings)
        layout = layout_for(Config(files=files, ranks=ranks), game.name,
                            Geometry(files, ranks))
        self.squares = GameSquares(self.emulated.board, layout)
        self.reader = MappedReader(self.emulated.reader(), layout)
        self.reader.open()
        self.lines: list[str] = []
        self.console = None


@pytest.fixture
def wide() -> Iterator[WideLive]:
    live = WideLive(get_game("giganten"))
    yield live
    live.close()


def v9_args(tmp_path: Path, **given: Any) -> argparse.Namespace:
    return giganten_args(tmp_path, variants=V9, registry=four_sets(tmp_path / "four.json"),
                         **given)


def set_up_four(live: Live, game: Game, options: dict[str, Any],
                tags: dict[Uid, Identity]) -> None:
    """The four players put down valid setups [S1-S4], the partners' Nests apart [R13]."""
    rng = random.Random(5)
    setups: dict[int, dict[int, str]] = {}
    taken: set[int] = set()
    for player in range(len(game.players)):
        zone = sorted(set(game.setup_zone(player, options)) - taken)
        mine = sorted(uid for uid, piece in tags.items() if piece.owner == player)
        for _ in range(1000):
            rng.shuffle(zone)
            chosen = dict(zip(zone, mine, strict=False))
            setups[player] = {sq: tags[uid].kind for sq, uid in chosen.items()}
            if not game.check_setup(player, setups[player], options) and \
                    not joint_setup_problems(game, setups, options).get(player):
                break
        else:
            raise AssertionError(f"no setup for {game.players[player]}")
        taken |= set(chosen)
        for square, uid in sorted(chosen.items()):
            live.squares.place(square, uid)


def test_play_opens_the_readers_for_the_seated_games_board(
        wide: WideLive, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``giganten play --game giganten --variants V9 --backend spi``: the readers of V9's
    28 × 14 board, the four enrolled sets."""
    opened: list[tuple[str, int, int]] = []

    def backend(args: argparse.Namespace, game: str, geometry: Geometry) -> Any:
        opened.append((game, geometry.files, geometry.ranks))
        return wide.reader

    monkeypatch.setattr(play_game_live, "open_game_backend", backend)
    args = v9_args(tmp_path, game="giganten", sim=False, backend="spi", seed=None,
                   level="normal", budget=0.2)
    assert play_game_live.play_command(args) == 0
    out = capsys.readouterr().out
    assert opened == [("giganten", 28, 14)]
    assert "Giganten on the real board (spi); pieces from" in out, out


def test_four_players_refereed_on_the_readers(wide: WideLive, tmp_path: Path) -> None:
    """The refereed V9 game on the readers: the four sets set up, read, started; a step
    by hand is read as the first player's turn."""
    bare = get_game("giganten")
    console, _ = referee_live(v9_args(tmp_path), bare, wide.reader, DESK)
    wide.attach(console)
    session: GameSession = console.session
    game = seated(bare, session.options)
    assert game.players == OWNERS and session.game.players == OWNERS
    assert len(session.identities) == 4 * 24  # four sets, the blank figures in the box
    set_up_four(wide, game, session.options, dict(session.identities))

    def started() -> bool:
        console.execute("start")
        return session.phase == PLAY

    wide.until(started, "four setups read, the game started")
    one_step(wide, session)
    wide.until(lambda: session.turns == 1, "the step read by the readers")
    assert any(isinstance(e, TurnCommitted) for e in wide.table.events)
