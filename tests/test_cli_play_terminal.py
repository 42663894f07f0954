"""``giganten play`` and ``resume`` for Giganten at the terminal: the
tests of the old console (``tests/test_cli_play.py``, deleted with ``commands/play.py`` in
issue 13) whose meaning no test kept yet, ported with the console's words."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from tests.test_cli_play_game import only_log, script

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]


def test_help_in_the_game_lists_every_command(tmp_path: Path) -> None:
    done = run("play", "--sim", "--script", script(tmp_path / "s.txt", "help"))
    assert done.code == 0
    for command in ("place SQUARE", "lift SQUARE", "move FROM TO", "remove SQUARE",
                    "wait [SECONDS]", "challenge SQUARE", "nochallenge", "confirm", "stay",
                    "start [PLAYER]", "trap PLAYER SQUARE", "resign PLAYER",
                    "setup all|PLAYER", "auto [N]", "show [AUDIENCE]", "status",
                    "export FILE", "help", "quit"):
        assert command in done.out, command


def test_resigning_ends_the_game(tmp_path: Path, home: Path) -> None:
    done = run("play", "--sim", "--seed", 2, "--script",
               script(tmp_path / "s.txt", "setup all", "start", "resign orange", "show"))
    assert done.code == 0, done.err
    assert 'game over: resigned true, reason "resigned", winner "yellow"' in done.out
    log = only_log(home / "games")
    types = [json.loads(line)["type"] for line in log.read_text("utf-8").splitlines()]
    assert types[-2:] == ["resign", "end"]  # the end opens the setups' commitments
    assert run("verify", log).code == 0


def test_noisy_bus_readers_still_follow_the_game(tmp_path: Path, home: Path) -> None:
    """One SPI bus for the whole board (``--timing bus``) takes longer than one settling
    time to read every square: the console scans on until the readers see the board, so
    ``setup all`` and ``start`` work (they were refused: nothing seen yet)."""
    done = run("play", "--sim", "--seed", 6, "--timing", "bus", "--noise", "0.05",
               "--script", script(tmp_path / "s.txt", "setup all", "start yellow", "auto 6",
                                  "status"))
    assert done.code == 0, done.err
    assert 'setup: player "yellow", placed 24, expected 24' in done.out
    assert "play begins" in done.out and "turn 1: " in done.out
    assert run("verify", only_log(home / "games")).code == 0
    assert run("play", "--sim", "--noise", "2").code == 2


def _played_log(tmp_path: Path) -> Path:
    logs = tmp_path / "played"
    done = run("play", "--sim", "--seed", 3, "--log-dir", logs, "--script",
               script(tmp_path / "p.txt", "setup all", "start", "auto 2"))
    assert done.code == 0, done.err
    return only_log(logs)


def test_resume_picks_the_latest_log(tmp_path: Path) -> None:
    played = _played_log(tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy2(played, logs / "game-20000101-000000.log")
    shutil.copy2(played, logs / "game-20000101-000000-2.log")
    done = run("resume", "--sim", "--log-dir", logs, "--script",
               script(tmp_path / "s.txt", "status"))
    assert done.code == 0, done.err
    assert f"Resuming {logs / 'game-20000101-000000-2.log'}:" in done.out


@pytest.mark.parametrize("command", ["play", "resume"])
def test_a_backend_that_cannot_start_is_an_error_not_a_fallback(
        command: str, tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = [_played_log(tmp_path)] if command == "resume" else []
    done = run(command, *log, "--backend", "spi")
    assert done.code == 2
    # Named but not configured: the error says what the config file needs, and nothing
    # falls back to the simulation.
    assert done.err == (f"brettl {command}: backend 'spi' needs [reader.spi] address_pins"
                        " in the config (see config.example.toml)\n")
    assert done.out == ""
    assert not home.exists()  # nothing was made: no log, no registry
    unknown = run(command, *log, "--backend", "nfc-magic")
    assert unknown.code == 2
    assert "unknown backend 'nfc-magic' (backends: sim, spi, serial); use --sim" in unknown.err
    both = run(command, *log, "--sim", "--backend", "serial")
    assert both.code == 2 and "contradict" in both.err
    monkeypatch.setenv("GIGANTEN_BACKEND", "serial")
    configured = run(command, *log)
    assert configured.code == 2
    assert "backend 'serial' needs [[reader.serial.tiles]] in the config" in configured.err
    assert not home.exists()


def test_an_edited_log_is_refused_naming_the_line(tmp_path: Path) -> None:
    log = _played_log(tmp_path)
    lines = log.read_text("utf-8").split("\n")
    number = next(i for i, line in enumerate(lines) if '"type":"turn"' in line)
    entry = json.loads(lines[number])
    entry["turn"]["path"].reverse()  # the first move, played backwards
    lines[number] = json.dumps(entry, sort_keys=True, separators=(",", ":"))
    log.write_text("\n".join(lines), "utf-8")
    before = log.read_bytes()
    for command in (["resume", log, "--sim"], ["export", log]):
        done = run(*command)
        assert done.code == 2
        assert f"{log} line {number + 1} " in done.err
        assert done.err.count("\n") == 1 and "Traceback" not in done.err
        assert done.out == ""
        assert log.read_bytes() == before


def test_resume_on_an_empty_board_lists_the_squares_to_fill(tmp_path: Path) -> None:
    """``--empty-board``: the session lists the squares to fill and waits (``status``
    says so, nothing is played)."""
    log = _played_log(tmp_path)
    before = log.read_bytes()
    waiting = run("resume", log, "--sim", "--empty-board", "--script",
                  script(tmp_path / "look.txt", "status"))
    assert waiting.code == 0, waiting.err
    fix = next(line for line in waiting.out.splitlines() if line.startswith("fix board: "))
    assert fix.count("place yellow's piece") >= 20 and fix.count("place orange's piece") >= 20
    assert "2 turns played; yellow to move; the board must be fixed first" in waiting.out
    assert log.read_bytes() == before  # nothing was played
