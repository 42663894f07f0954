"""``giganten demo`` without ``--seed``: the setups and the computer's choices come from the
OS (issue 26, finding 8: the printed seed gave both away, and ``--seed`` replayed them); the
printed seed deals only Giganten's landscape, which is public. A seed asked for still
replays a game exactly (demonstrations, tests)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.demo import make_bots, new_game
from companion.game_demo import new_demo, play_demo
from companion.games import get_game
from companion.games.giganten.codec import game_to_json
from companion.games.giganten.state import GameState
from tests.cli_helpers import home, run

__all__ = ["home"]


def _setup(state: GameState) -> str:
    """Every figure of a game's setup, as its record writes them (comparable)."""
    return json.dumps(game_to_json(state)["setup"], sort_keys=True)


def test_the_landscape_comes_from_the_seed_the_setups_from_the_os() -> None:
    asked, first, second = (new_game(7), new_game(7, hidden=random.SystemRandom()),
                            new_game(7, hidden=random.SystemRandom()))
    assert first.board == asked.board == second.board  # the landscape: public
    assert _setup(first) != _setup(asked) and _setup(first) != _setup(second)
    assert _setup(new_game(7)) == _setup(asked)  # a seed asked for replays


def test_the_giganten_bots_choose_from_the_generator_they_are_given() -> None:
    state = new_game(3)
    system = random.SystemRandom()
    assert all(bot.rng is system for bot in make_bots(state, 3, system))
    seeded = make_bots(state, 3)
    assert [bot.rng.random() for bot in seeded] == [bot.rng.random()
                                                    for bot in make_bots(state, 3)]


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_the_game_demos_draw_setups_and_moves_from_the_os(name: str) -> None:
    game = get_game(name)
    games = []
    for _ in range(2):
        demo = new_demo(game, 4, hidden=random.SystemRandom())
        turns = [turn.words for turn in play_demo(demo, 4, 6, random.SystemRandom())]
        games.append((demo.header["setup"], turns))
    assert games[0] != games[1]
    replays = []
    for _ in range(2):
        demo = new_demo(game, 4)
        replays.append((demo.header["setup"], [t.words for t in play_demo(demo, 4, 6)]))
    assert replays[0] == replays[1]


def test_a_demo_without_a_seed_prints_none_that_tells_its_setups(tmp_path: Path,
                                                                 home: Path) -> None:
    setups = []
    for number in range(2):
        saved = tmp_path / f"demo{number}.json"
        done = run("demo", "--game", "strategus", "--max-plies", "1", "--quiet", "--save",
                   saved)
        assert done.code == 0, done.err
        assert "drawn from the OS" in done.out and "Seed " not in done.out
        setups.append(json.loads(saved.read_text("utf-8"))["setup"])
    assert setups[0] != setups[1]
    giganten = run("demo", "--max-plies", "1", "--quiet")
    assert "Landscape seed" in giganten.out and "drawn from the OS" in giganten.out
