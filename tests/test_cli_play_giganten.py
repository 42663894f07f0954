"""``giganten play --game giganten --sim``: Giganten at the terminal through the generic
table path (issue 13 item 2), to its end, verified, exported, resumed after a kill; the
default ``giganten play`` is the same path (``--old-session``: Giganten's own console)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from tests.sim_games import KIND_WORDS
from tests.test_cli_play_game import only_log, power_cut_and_resume, script

__all__ = ["home"]


@pytest.mark.parametrize("policy", ["rulebook", "outcome-only"])
def test_a_whole_game_is_played_verified_and_exported(policy: str, home: Path,
                                                      tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--seed", "4", "--policy", policy,
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto",
                                  "status", "show"))
    assert done.code == 0, done.err
    assert "Giganten on the simulated board" in done.out
    assert re.search(r"over after \d+ turns; winner (yellow|orange|nobody)", done.out), \
        done.out[-800:]
    log = only_log(home / "games")
    verified = run("verify", log)
    assert verified.code == 0, verified.out + verified.err
    assert "turns replayed through Giganten's rules" in verified.out
    for kind in ("full", "public"):
        record = tmp_path / f"{kind}.json"
        assert run("export", log, "--kind", kind, "-o", record).code == 0
        assert run("verify", record).code == 0
    if policy == "outcome-only":  # the public sees no combatant's kind [I2 ruling]
        turns = [line for line in done.out.splitlines() if line.startswith("turn ")]
        assert turns and not any(KIND_WORDS.search(line) for line in turns)


def test_an_unsupported_variant_gets_one_line(home: Path, tmp_path: Path) -> None:
    done = run("play", "--game", "giganten", "--sim", "--variants", "V6", "--script",
               script(tmp_path / "s.txt", "status"))
    assert done.code == 2
    assert "V6" in done.err and "Traceback" not in done.err
    assert len(done.err.strip().splitlines()) == 1


def test_plain_play_is_giganten_through_the_interface_and_old_session_its_own_console(
        home: Path, tmp_path: Path) -> None:
    done = run("play", "--sim", "--seed", "3", "--script", script(tmp_path / "s.txt", "quit"))
    assert done.code == 0, done.err
    assert "Giganten on the simulated board; seed 3." in done.out  # commands.play_game
    old = run("play", "--old-session", "--sim", "--seed", "3", "--script",
              script(tmp_path / "s.txt", "quit"))
    assert old.code == 0, old.err
    assert "reveal policy rulebook" in old.out  # commands.play's greeting


def test_a_power_cut_then_resume_continues_the_game(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    log, resumed = power_cut_and_resume(tmp_path, monkeypatch, "giganten",
                                        "setup all\nstart\nauto 12\n")
    assert resumed.code == 0, resumed.err
    assert re.search(r"Resuming .*: Giganten, 1[2-9] turns played", resumed.out), \
        resumed.out[:600]
    assert "over after" in resumed.out
    assert run("verify", log).code == 0
