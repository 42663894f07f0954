"""``brettl demo`` without ``--seed``: the setups and the computer's choices come from the
OS (the printed seed once gave both away, and ``--seed`` replayed them); the printed seed
deals only what is public (Giganten's landscape). A seed asked for still replays a game
exactly (demonstrations, tests)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.game_demo import new_demo, play_demo
from companion.games import get_game
from tests.cli_helpers import home, run

__all__ = ["home"]


def test_the_landscape_comes_from_the_seed_the_setups_from_the_os() -> None:
    game = get_game("giganten")
    asked = new_demo(game, 7)
    first, second = (new_demo(game, 7, hidden=random.SystemRandom()) for _ in range(2))
    assert first.header["options"] == asked.header["options"] == second.header["options"]
    assert first.header["setup"] != asked.header["setup"] != second.header["setup"]
    assert new_demo(game, 7).header["setup"] == asked.header["setup"]  # a replay


@pytest.mark.parametrize("name", ["giganten", "strategus", "gimmel"])
def test_the_demos_draw_setups_and_moves_from_the_os(name: str) -> None:
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


@pytest.mark.parametrize("name", ["giganten", "strategus"])
def test_a_demo_without_a_seed_prints_none_that_tells_its_setups(name: str, tmp_path: Path,
                                                                 home: Path) -> None:
    setups = []
    for number in range(2):
        saved = tmp_path / f"demo{number}.json"
        done = run("demo", "--game", name, "--max-plies", "1", "--quiet", "--save", saved)
        assert done.code == 0, done.err
        assert "drawn from the OS" in done.out and "Seed " not in done.out
        setups.append(json.loads(saved.read_text("utf-8"))["setup"])
    assert setups[0] != setups[1]
