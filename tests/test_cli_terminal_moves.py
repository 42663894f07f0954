"""Typed moves on the simulated board raise no reader warning (its reads are exact: a
figure moved in an instant is a move, never one tag on two squares), in whole games of
every game, and ``setup all`` tells each player's progress in one line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from commands import play_start
from commands.play_game import GameConsole
from commands.play_source import Source
from companion.table.game_session import OVER, SETUP
from tests.cli_helpers import home, run
from tests.test_cli_play_game import script
from ui.words.play_strings import PLAY_STRINGS

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

READER_WORDS = PLAY_STRINGS["gm_now_readers"]["en"].split(":")[0]
"""How the terminal starts the readers' warning: "The readers cannot be sure"."""

TURNS = 120
"""Typed turns before the player to move resigns (a random game may wander on)."""


def typed_turns(consoles: list[GameConsole], seed: int) -> Iterator[str]:
    """What a person types through a whole game: the setups, then each turn as a typed
    move or placement where one line says it (a figure onto an empty square, a stone from
    the hand), the open choice answered; other turns (a capture, an attack) by ``auto
    1``, the simulated hands; after ``TURNS`` turns the player to move resigns."""
    rng = random.Random(seed)
    while True:
        console = consoles[0]
        session, game = console.session, console.game
        if session.phase == SETUP:
            yield "setup all"
            yield "start"
            continue
        state = session.state
        if session.phase == OVER or state is None:
            yield "status"
            return
        if session.choices:
            yield f"choose {rng.randrange(len(session.choices))}"
            continue
        if session.turns >= TURNS:
            yield f"resign {game.players[state.to_move]}"
            continue
        turn = rng.choice(list(state.legal_turns()))
        data = game.turn_to_json(state, turn)
        path = data.get("path")
        if "place" in data and len(data) == 1:
            ((square, kind),) = data["place"].items()
            yield f"place {square} {game.players[state.to_move]} {kind}"
        elif (isinstance(path, list) and len(path) == 2 and len(data) == 1
              and console.sim.board.tag_at(console.geometry.parse(path[1])) is None):
            yield f"move {path[0]} {path[1]}"
        else:
            yield "auto 1"


def test_typed_moves_raise_no_reader_warning(tmp_path: Path) -> None:
    done = run("play", "--game", "gimmel", "--sim", "--seed", "3", "--script",
               script(tmp_path / "s.txt", "place g7 white beetle 1", "place a1 black beetle 1",
                      "move g7 g8", "move a1 a2", "move g8 g7", "status"))
    assert done.code == 0, done.err
    assert READER_WORDS not in done.out and "table.readers" not in done.out, done.out
    assert "Gimmel: 5 turns played" in done.out


@pytest.mark.parametrize("game", ["giganten", "strategus", "gimmel"])
def test_a_whole_typed_game_raises_no_reader_warning(game: str, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    consoles: list[GameConsole] = []
    made = GameConsole.__init__

    def kept(console: GameConsole, *args: object, **options: object) -> None:
        made(console, *args, **options)  # type: ignore[arg-type]
        consoles.append(console)

    monkeypatch.setattr(GameConsole, "__init__", kept)
    monkeypatch.setattr(play_start, "_source",
                        lambda _: Source(typed_turns(consoles, 5), True, "typed"))
    done = run("play", "--game", game, "--sim", "--seed", "5")
    assert done.code == 0, done.err
    console = consoles[0]  # (the club feed's console wraps it: the same table)
    assert console.session.phase == OVER, done.out[-2000:]
    typed = done.out.count("> move ") + done.out.count("> place ")
    assert typed >= 20, f"{typed} typed turns"
    assert READER_WORDS not in done.out, [line for line in done.out.splitlines()
                                          if READER_WORDS in line][:5]
    assert not [e for e in console.sim.events if getattr(e, "rule", None) == "table.readers"]


def test_setup_all_says_each_side_once(tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "3", "--script",
               script(tmp_path / "s.txt", "setup all"))
    assert done.code == 0, done.err
    after = done.out.split("> setup all")[1].splitlines()
    setups = [line for line in after if line.startswith("setup: ")]
    assert setups == ['setup: player "red", placed 40, expected 40',
                      'setup: player "blue", placed 40, expected 40'], setups
