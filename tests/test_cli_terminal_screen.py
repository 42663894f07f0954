"""When the terminal clears its screen [I4, Strategus H2]: only after a turn that showed
what its moment only may (a combat's kinds to the players), at the next turn; after the
arbiter's look, before the next command; never after a turn that revealed nothing,
never in a game that hides nothing, never for the public that saw no kind. The screen is
cleared before the scrollback (tmux keeps a cleared screen in its history)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from commands.console_screen import CLEAR_SCREEN, CLEAR_SCREEN_AND_SCROLLBACK, CLEAR_SCROLLBACK
from tests.cli_helpers import board_rows, home, run_on_terminal, shows_kind
from tests.test_cli_play_game import script
from tests.test_cli_referee_game import PIN, PIN_HASH

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

TURN = re.compile(r"^turn (\d+): ")


def _clears_before_turns(out: str) -> tuple[list[int], list[int]]:
    """The turns a clear came before (the recent lines told again after it), and the
    turns whose line revealed kinds."""
    cleared, revealed, pending, last = [], [], False, 0
    for line in out.splitlines():
        if CLEAR_SCREEN_AND_SCROLLBACK in line:
            pending = True
        found = TURN.match(line.split(CLEAR_SCREEN_AND_SCROLLBACK)[-1])
        if found is None or int(found.group(1)) <= last:  # none, or told again
            continue
        number = last = int(found.group(1))
        if pending:
            cleared.append(number)
            pending = False
        if "revealed" in line:
            revealed.append(number)
    return cleared, revealed


def test_the_screen_is_cleared_only_after_a_combat_s_reveal(tmp_path: Path) -> None:
    done = run_on_terminal("play", "--game", "strategus", "--sim", "--seed", "5",
                           "--audience", "red", "--script",
                           script(tmp_path / "s.txt", "setup all", "start", "auto 80"))
    assert done.code == 0, done.err
    cleared, revealed = _clears_before_turns(done.out)
    assert revealed, "some combat in 80 turns"
    turns = max(int(number) for number in re.findall(r"^turn (\d+): ", done.out, re.M))
    assert cleared == [number + 1 for number in revealed if number < turns], \
        (cleared, revealed)
    assert len(cleared) < turns // 2, "not after every turn"
    assert CLEAR_SCROLLBACK + CLEAR_SCREEN not in done.out  # never the scrollback first
    assert done.out.count(CLEAR_SCREEN) == done.out.count(CLEAR_SCREEN_AND_SCROLLBACK)


@pytest.mark.parametrize(("game", "audience"), [("strategus", "public"),
                                                ("gimmel", "white")])
def test_nothing_revealed_nothing_cleared(game: str, audience: str, tmp_path: Path) -> None:
    lines = ("setup all", "start", "auto 60") if game == "strategus" else ("auto 60",)
    done = run_on_terminal("play", "--game", game, "--sim", "--seed", "5", "--audience",
                           audience, "--script", script(tmp_path / "s.txt", *lines))
    assert done.code == 0, done.err
    assert "\x1b[" not in done.out


def test_the_arbiter_s_look_leaves_the_screen_before_the_next_command(
        tmp_path: Path) -> None:
    done = run_on_terminal("referee", "--game", "strategus", "--sim", "--seed", "5",
                           "--pin-hash", PIN_HASH, "--script",
                           script(tmp_path / "s.txt", "setup all", "start", "auto 2",
                                  "look a player asked", PIN, "status"))
    assert done.code == 0, done.err
    looked, _, after = done.out.partition("The full position (arbiter):")
    assert shows_kind(board_rows(after.split("> status")[0]), "rb"), "the look shows all"
    look, _, status = after.partition("> status")
    assert CLEAR_SCREEN not in looked + look
    assert CLEAR_SCREEN_AND_SCROLLBACK in status.split("Strategus: 2 turns played")[0]
    retold = status.split(CLEAR_SCREEN_AND_SCROLLBACK)[-1]  # before the command runs
    assert not shows_kind(board_rows(retold), "rb"), "the look is not told again"
    assert "Strategus: 2 turns played" in retold
