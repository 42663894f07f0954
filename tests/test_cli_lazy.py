"""The ``giganten`` command as a whole: a lazy parser (``--help`` and ``scenario`` load no
paho, kivy or gpiozero: issue 13 item 4), one catch-all per subcommand (one line, exit 70,
the traceback in a file: issue 18) and a closed pipe that ends quietly (finding 10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import commands.main as cli
from companion import cli as companion_cli
from companion.crash import EX_SOFTWARE
from tests.cli_helpers import home, mode, run

__all__ = ["home"]
pytestmark = pytest.mark.usefixtures("home")

GIGANTEN = Path(sys.executable).parent / "giganten"
HEAVY = ("paho", "kivy", "gpiozero")
SCENARIO = {"format": "giganten-scenario/1", "variants": [], "swamp": [],
            "figures": {"a1": "yellow tri", "n14": "orange tri", "b5": "yellow flug",
                        "g5": "orange dilo"},
            "to_move": "yellow", "turns": [{"path": ["b5", "f5"], "challenge": "g5"}]}

# Runs the console script's main in a fresh interpreter, then names the heavy packages loaded.
PROBE = f"""
import contextlib, io, json, sys
HEAVY = {HEAVY!r}
from commands.main import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        status = main(sys.argv[1:])
    except SystemExit as stop:
        status = stop.code
loaded = sorted({{name.split('.')[0] for name in sys.modules}} & set(HEAVY))
print(json.dumps({{"status": status, "loaded": loaded}}))
"""


def _probe(*args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True,
                          text=True, timeout=60, check=True)
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def test_help_loads_no_paho_kivy_or_gpiozero() -> None:
    assert _probe("--help") == {"status": 0, "loaded": []}


def test_scenario_loads_no_paho_kivy_or_gpiozero(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCENARIO), "utf-8")
    assert _probe("scenario", str(path)) == {"status": 0, "loaded": []}


def test_the_help_lines_of_lazy_commands_match_their_parsers() -> None:
    """The list of ``giganten --help`` comes from ``HELP`` without importing the modules;
    the parsers built in full say the same."""
    full = companion_cli.build_parser(cli.COMMANDS)
    action = next(a for a in full._actions if a.dest == "command")
    helps = {choice.dest: choice.help for choice in action._choices_actions}
    assert helps == {**companion_cli.HELP, **cli.HELP}
    listed = run("--help").out
    assert all(name in listed for name in helps)


def test_every_subcommand_still_parses_in_full() -> None:
    for name in [*companion_cli.HELP, *cli.HELP]:
        assert run(name, "--help").code == 0, name


def _boom(*args: object, **kwargs: object) -> None:
    raise RuntimeError("something\nunexpected")


@pytest.mark.parametrize(("argv", "target"), [
    (["deal", "--seed", "7"], "companion.deal.deal"),
    (["verify", "x.json"], "companion.archive.verifier.verify_path"),
    (["play", "--sim", "--seed", "3"], "commands.play_game_live.play_command"),
    (["event", "--broker", "localhost:1", "--event", "e"], "club.event.Dashboard"),
])
def test_a_crash_is_one_line_exit_70_and_a_traceback_in_the_crash_log(
        argv: list[str], target: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(target, _boom)
    done = run(*argv)
    assert done.code == EX_SOFTWARE  # never verify's 1 ("rejected")
    log = home / "crash.log"
    assert done.err == (f"giganten: internal error in {argv[0]}: RuntimeError: something"
                        f" unexpected; the full traceback is in {log}. Please report it.\n")
    assert "Traceback" in log.read_text("utf-8") and mode(log) == 0o600


@pytest.mark.parametrize("argv", [["deal", "--seed", "7"], ["demo", "--seed", "1"],
                                  ["scenario", "S"], ["--help"]])
def test_a_closed_pipe_ends_quietly(argv: list[str], tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SCENARIO), "utf-8")
    words = " ".join(str(path) if word == "S" else word for word in argv)
    done = subprocess.run(["bash", "-c", f"{GIGANTEN} {words} | head -1 >/dev/null;"
                                         " echo ${PIPESTATUS[0]}"],
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stderr == ""
    assert done.stdout == "0\n"


@pytest.mark.parametrize("argv", [["deal", "--seed", "1"], ["demo", "--seed", "1", "--quiet"],
                                  ["play", "--sim", "--seed", "1"],
                                  ["referee", "--sim", "--seed", "1", "--time", "none"]])
def test_a_broken_tiles_file_is_one_line_for_every_command(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 10: ``play``, ``demo`` and ``referee`` ended in a 37-line traceback."""
    tiles = tmp_path / "tiles.txt"
    tiles.write_text("[tile a]\n.......\n", "utf-8")
    monkeypatch.setenv("GIGANTEN_TILES", str(tiles))
    done = run(*argv)
    assert done.code == 2
    assert done.err.startswith(f"brettl {argv[0]}: {tiles}") and done.err.count("\n") == 1
    assert "unset GIGANTEN_TILES" in done.err


def test_demo_save_does_not_follow_a_planted_symlink(tmp_path: Path) -> None:
    """Finding 10: another user plants ``.game.json.tmp`` -> a file of the victim's; the
    demo wrote the whole game record (every secret) through it."""
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", "utf-8")
    (tmp_path / ".game.json.tmp").symlink_to(victim)
    done = run("demo", "--seed", "3", "--max-plies", "4", "--quiet", "--save",
               tmp_path / "game.json")
    assert done.code == 0, done.err
    assert victim.read_text("utf-8") == "keep me\n"
    assert mode(tmp_path / "game.json") == 0o600
    assert json.loads((tmp_path / "game.json").read_text("utf-8"))["turns"]


@pytest.mark.parametrize("command", [["ui"], ["shots", "DIR"]])
def test_without_kivy_ui_and_shots_say_so_in_one_line(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 10: both ended in ``ModuleNotFoundError``."""
    monkeypatch.setattr(cli, "kivy_installed", lambda: False)
    monkeypatch.setenv("DISPLAY", ":0")
    done = run(*(str(tmp_path) if word == "DIR" else word for word in command))
    assert done.code == 2 and done.err.count("\n") == 1
    assert "needs Kivy" in done.err and "scripts/setup ui" in done.err


def test_ui_without_a_display_says_so_instead_of_waiting(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Finding 10: ``giganten ui`` without a display hung silently."""
    for variable in cli.DISPLAY_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    done = subprocess.run([str(GIGANTEN), "ui"], capture_output=True, text=True, timeout=60,
                          env={k: v for k, v in os.environ.items()
                               if k not in cli.DISPLAY_VARIABLES}, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("brettl ui: no display") and done.stderr.count("\n") == 1


def test_the_readme_documents_the_exit_statuses() -> None:
    """Finding 11: a piped script stopping at its first bad line with 2 was undocumented;
    so was a crash's status."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text("utf-8")
    assert "a `--script` stops at its first failing line with 2" in readme
    assert "70 (`EX_SOFTWARE`)" in readme and "crash.log" in readme
