"""The printed seed does not give Giganten's simulated setups away (docs/security.md).

The audit's finding: on the simulated board Giganten's ``setup`` (the terminal's command, the
app's simulation drawer, the club's simulated tables) laid out both sides from the game's
seed, which every front end prints or shows: anyone replaying the seed knew every kind
[I1]. Now the setups come from the OS unless the seed was given on purpose, and a seed given
on purpose still replays them exactly (demonstrations, tests).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from commands.game_table_runner import SimulatedGameTable
from companion.games.giganten.position import RULEBOOK
from companion.ledger.record import verify as read_log
from tests.cli_helpers import home, run
from tests.test_cli_play_game import only_log, script
from ui.control.game import GameController
from ui.control.shell import Controller
from ui.control.shell_state import GameOptions
from ui.giganten.handover import confirm_landscape

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]


def _club_setup(log: Path, seed: int, *, secret: bool) -> dict[int, tuple[int, str]]:
    """A club's simulated table (``commands.game_table_runner``) lays out both sides on the
    simulated board and taps Start; the owner and kind on each square (the tag ids come
    from the OS either way)."""
    table = SimulatedGameTable(log, seed, RULEBOOK, secret_setup=secret)
    try:
        table.set_up_and_start()
        figures = table.session.identities
        return {sq: (figures[uid].owner, figures[uid].kind)
                for sq, uid in table.sim.board.tags().items()}
    finally:
        table.sim.close()


def test_a_setup_without_a_seed_comes_from_the_os(tmp_path: Path) -> None:
    replayed = [_club_setup(tmp_path / f"seeded-{n}.log", 11, secret=False) for n in range(2)]
    secret = [_club_setup(tmp_path / f"secret-{n}.log", 11, secret=True) for n in range(2)]
    assert replayed[0] == replayed[1] and len(replayed[0]) == 48
    assert secret[0] != secret[1], "the same seed, but the setups come from the OS"


def _logged_setup(tmp_path: Path, name: str, *seed: str) -> tuple[str, object]:
    """``setup all`` and ``start`` at the terminal; the printed seed and the logged setup."""
    games = tmp_path / name
    done = run("play", "--sim", *seed, "--log-dir", games, "--script",
               script(tmp_path / f"{name}.txt", "setup all", "start yellow", "quit"))
    assert done.code == 0, done.err
    printed = re.search(r"seed (\d+)\.", done.out)
    assert printed is not None, done.out[:400]
    setup = read_log(only_log(games))[0].body["setup"]
    assert isinstance(setup, dict) and len(setup) == 48  # both sides' figures
    return printed.group(1), setup


def test_the_terminal_does_not_lay_out_the_printed_seeds_setups(tmp_path: Path) -> None:
    printed, secret = _logged_setup(tmp_path, "secret")
    _, replayed = _logged_setup(tmp_path, "replayed", "--seed", printed)
    assert replayed != secret
    _, again = _logged_setup(tmp_path, "again", "--seed", printed)
    assert again == replayed


def _app_setup(tmp_path: Path, seed: int | None) -> tuple[int, dict[int, object]]:
    """The app's simulation drawer sets up both sides (every Giganten game on the games'
    controller); the shown seed and the figures."""
    shell, games = Controller(log_dir=tmp_path), GameController(log_dir=tmp_path)
    shell.new_game(GameOptions(seed=seed))
    assert shell.game is not None
    shown = shell.game.seed
    confirm_landscape(shell, games)
    games.setup_editor.set_up()
    board = dict(games.session.board)
    games.close()
    return shown, board


def test_the_apps_drawer_does_not_lay_out_the_shown_seeds_setups(tmp_path: Path) -> None:
    shown, secret = _app_setup(tmp_path / "a", None)
    again, other = _app_setup(tmp_path / "b", shown)
    assert again == shown and len(secret) == len(other) == 48
    assert secret != other, "the setups come from the OS, not from the shown seed"


def test_a_club_table_does_not_lay_out_its_printed_seeds_setups(tmp_path: Path) -> None:
    logs = [tmp_path / name for name in ("secret.log", "replay-0.log", "replay-1.log")]
    tables = [SimulatedGameTable(logs[0], 7, RULEBOOK)]
    tables += [SimulatedGameTable(log, 7, RULEBOOK, secret_setup=False) for log in logs[1:]]
    setups = []
    for table, log in zip(tables, logs, strict=True):
        table.set_up_and_start()
        table.sim.close()
        started = [r.body for r in read_log(log) if "setup" in r.body]
        assert len(started) == 1 and len(started[0]["setup"]) == 48, started
        setups.append(started[0]["setup"])
    secret, replayed, again = setups
    assert replayed == again
    assert secret != replayed
