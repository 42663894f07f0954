"""``giganten referee --game giganten --sim --variants V9``: four players in two teams
refereed through the desk (issue 13): four clocks in turn order A – c – B – d, a
take-back, a loss on time that gives the game to the other team [W3, V9], verified."""

from __future__ import annotations

from pathlib import Path

from companion.ledger.record import verify as read_log
from tests.cli_helpers import home, run
from tests.kind_words import KIND_WORDS
from tests.test_cli_referee_game import PIN, PIN_HASH, exported_and_verified, only_log, script

__all__ = ["home"]


def test_a_refereed_v9_game_with_four_clocks_a_takeback_and_a_flag(home: Path,
                                                                   tmp_path: Path) -> None:
    done = run("referee", "--game", "giganten", "--sim", "--seed", "2", "--time", "30+10",
               "--pin-hash", PIN_HASH, "--variants", "V9", "--policy", "outcome-only",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto 6",
                                  "clocks", "takeback 2 a figure was knocked over", PIN,
                                  "fix", "status", "result time orange2 the flag fell", PIN,
                                  "status"))
    out = done.out
    assert done.code == 0, done.err + out[-1500:]
    assert "variants V9" in out
    assert "clocks: yellow 30:00, orange 30:00, yellow2 30:00, orange2 30:00" in out
    assert "Giganten: 2 turns played; orange to move" in out
    assert 'reason "time", winner "yellow"' in out  # orange2's flag: Yellow's team wins
    assert "over after 2 turns; winner yellow (time, declared at the desk)" in out
    shown = out.split("game over:")[0]  # the public saw no kind [I2 outcome-only]
    assert not KIND_WORDS.search(shown.split("setups committed")[-1]), \
        KIND_WORDS.findall(shown)[:5]
    log = only_log(home / "games")
    assert read_log(log)[0].body["players"] == ["yellow", "orange", "yellow2", "orange2"]
    records = exported_and_verified(log, tmp_path)
    assert records["full"]["declared"] == {"winner": 0, "reason": "time"}


def test_the_arbiter_decides_for_a_team(home: Path, tmp_path: Path) -> None:
    done = run("referee", "--game", "giganten", "--sim", "--seed", "3", "--pin-hash",
               PIN_HASH, "--variants", "V9", "--audience", "orange2",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto 3",
                                  "result decision orange2 yellow left the table", PIN,
                                  "status"))
    assert done.code == 0, done.err + done.out[-1500:]
    assert "winner orange (decision, declared at the desk)" in done.out
    exported_and_verified(only_log(home / "games"), tmp_path)


def test_a_refereed_v9_game_resumes_with_its_four_clocks(home: Path, tmp_path: Path
                                                         ) -> None:
    first = run("referee", "--game", "giganten", "--sim", "--seed", "2", "--time", "30+10",
                "--pin-hash", PIN_HASH, "--variants", "V9",
                "--script", script(tmp_path / "s.txt", "setup all", "start", "auto 5"))
    assert first.code == 0, first.err
    log = only_log(home / "games")
    again = run("referee", "--resume", log, "--sim", "--seed", "2", "--pin-hash", PIN_HASH,
                "--audience", "yellow2",
                "--script", script(tmp_path / "r.txt", "status", "auto 2", "status"))
    assert again.code == 0, again.err + again.out[-1500:]
    assert "Giganten: 5 turns played" in again.out and "7 turns played" in again.out
    assert "orange2 30:" in again.out and "paused (the table restarted)" in again.out
    assert run("verify", log).code == 0
