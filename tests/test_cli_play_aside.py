"""``giganten play --game ... --sim``: ``show`` gives the figures off the board [Giganten
K6] as the audience may see them; ``reveal`` the setups once the game is over only
(Strategus R12, Giganten's fair play), refused in one line before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from tests.test_cli_play_game import script

__all__ = ["home"]


def _shown(out: str, prefix: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(prefix)]


@pytest.mark.parametrize(("policy", "named"), [("rulebook", True), ("outcome-only", False)])
def test_giganten_shows_its_figures_off_the_board_and_the_setups_after_the_end(
        policy: str, named: bool, home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--seed", "4", "--policy", policy,
               "--script", script(tmp_path / "s.txt", "setup all", "start", "show",
                                  "auto", "show", "reveal"))
    assert done.code == 0, done.err
    aside = _shown(done.out, "off_board: ")
    assert len(aside) == 2, done.out[-800:]
    last = json.loads(aside[-1].removeprefix("off_board: "))
    assert set(last) == {"yellow", "orange"} and any(e["count"] for e in last.values())
    # The public audience: the kinds face up under rulebook only [K6, I2].
    assert all(("kinds" in entry) == named for entry in last.values()), last
    revealed = _shown(done.out, "setup of ")
    assert [line.split(" (")[0] for line in revealed] == ["setup of yellow",
                                                          "setup of orange"]
    assert done.out.index(revealed[0]) > done.out.rindex("auto"), "only after the end"
    assert len(json.loads(revealed[0].split(": ", 1)[1])) >= 10


def test_strategus_reveals_its_setups_after_a_resignation_only(home: Path,
                                                              tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "2",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "show",
                                  "resign red", "show", "reveal"))
    assert done.code == 0, done.err
    assert not _shown(done.out, "off_board: ")  # every enemy figure face down [R12]
    revealed = _shown(done.out, "setup of ")
    assert [line.split(" (")[0] for line in revealed] == ["setup of red", "setup of blue"]
    assert done.out.index(revealed[0]) > done.out.index("resign"), done.out[-600:]
    assert re.search(r'"[a-j]\d+": "\w+"', revealed[0])


@pytest.mark.parametrize("game", ["giganten", "strategus"])
def test_reveal_before_the_end_is_refused_in_one_line(game: str, home: Path,
                                                       tmp_path: Path) -> None:
    done = run("play", "--game", game, "--sim", "--seed", "2",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "reveal"))
    assert done.code == 2
    assert "revealed only after the game" in done.err and "Traceback" not in done.err
    assert len(done.err.strip().splitlines()) == 1
    assert "setup of" not in done.out
