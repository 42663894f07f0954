"""A resumed game is played as it was started (issue 27): the mode is in the log's header
(``table``) and comes back with ``resume``, whatever the settings choose by then. A casual
game between people, one against the computer (its side and strength), a refereed one:
each resumed with referee mode switched the other way in the settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.ledger.record import verify as read_log
from companion.referee.pin import hash_pin
from tests.ui.conftest import RunKivySource
from ui.control.game import GAME_PLAY, NewGame
from ui.control.referee import RefereeChoice, RefereeGameController

REFEREE = RefereeChoice(hash_pin("4711", iterations=1000), "A. Schmidt", None)
MODES = {"casual": (None, "normal", False), "computer": ("black", "strong", False),
         "referee": (None, "normal", True)}


def controller(tmp_path: Path, referee: bool) -> RefereeGameController:
    return RefereeGameController(log_dir=tmp_path, budget=0.02,
                                 referee=lambda: REFEREE if referee else None)


def started(tmp_path: Path, name: str, mode: str) -> RefereeGameController:
    computer, level, referee = MODES[mode]
    if name == "strategus" and computer is not None:
        computer = "blue"
    c = controller(tmp_path, referee)
    c.new_game(NewGame(name, computer=computer, level=level))
    if c.screen != GAME_PLAY:
        c.setup_editor.set_up()
        c.start()
    assert c.screen == GAME_PLAY
    return c


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
@pytest.mark.parametrize("mode", sorted(MODES))
def test_resume_keeps_the_mode(tmp_path: Path, name: str, mode: str) -> None:
    computer, level, referee = MODES[mode]
    c = started(tmp_path, name, mode)
    side = c.computer.player if c.computer is not None else None
    log = c.log_path
    c.close()
    assert log is not None
    header = read_log(log)[0].body
    assert header["table"]["referee"] is referee
    # The settings now say the opposite of how the game was played.
    again = controller(tmp_path, not referee)
    again.resume()
    assert again.referee is referee, f"{mode}: referee mode {again.referee}"
    assert (again.computer is None) is (computer is None)
    if again.computer is not None:
        assert again.computer.player == side and again.computer.level == level
    if not referee:
        assert not any("illegal" in line for line in again.messages())
    again.close()


def test_no_side_file_beside_the_log(tmp_path: Path) -> None:
    """The header says the mode: nothing else beside the log to lose or to disagree."""
    c = started(tmp_path, "gimmel", "computer")
    c.close()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".app.json")] == []
    header = read_log(c.log_path)[0].body  # type: ignore[arg-type]
    assert json.loads(json.dumps(header["table"])) == {
        "computer": "black", "level": "strong", "legal": False, "referee": False}


HOME_PROBE = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from ui.probes.shots import configure_kivy
configure_kivy((800, 480))
from kivy.core.window import Window
from ui.control.referee import RefereeGameController
from ui.screens.home_choice import GameChoice
from ui.probes.testing import emit
games = RefereeGameController(log_dir=Path({logs!r}))
fresh = GameChoice(games)  # the home screen after a restart
seen = [fresh.name, fresh.computer, fresh.level]
fresh.choose("strategus")
fresh.resume()  # Resume, then Home: the resumed game is the choice
emit(seen + [fresh.name, fresh.computer, fresh.level])
"""


def test_the_home_screen_shows_the_latest_game(tmp_path: Path,
                                               run_kivy_code: RunKivySource) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    started(logs, "gimmel", "computer").close()
    root = str(Path(__file__).resolve().parents[2])
    shown = run_kivy_code(HOME_PROBE.format(root=root, logs=str(logs))).result()
    assert shown == ["gimmel", "black", "strong"] * 2
