"""``giganten referee`` on the desk: a refereed game resumed with its clocks paused,
the arbiter's view only behind the PIN, the PIN required, and ``--set-pin`` writing the
hash into the config (``commands.referee_config``)."""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from commands.referee_config import set_pin, write_pin_hash
from companion.config import load_config
from companion.ledger.record import verify
from companion.referee.pin import check_pin, hash_pin
from tests.cli_helpers import home, run
from tests.test_cli_play_game import script

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

SEED = 11
PIN = "k9t4"  # letters: never part of a path or a number in the output


def test_a_refereed_game_resumes_with_its_clocks_paused(tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    first = run("referee",
                "--sim", "--seed", SEED, "--time", "10+0", "--pin-hash", pin_hash,
                "--script", script(tmp_path / "a.txt", "setup all", "start yellow", "auto 3",
                                   "wait 30"),
                "--log-dir", tmp_path / "logs")
    assert first.code == 0, first.err
    log = next((tmp_path / "logs").glob("game-*.log"))
    then = run("referee", "--resume", log, "--sim", "--pin-hash", pin_hash, "--script",
               script(tmp_path / "b.txt", "wait 100", "clocks", "resume", PIN, "auto 1"))
    assert then.code == 0, then.err
    assert f"Resuming the refereed game {log}: Giganten, 3 turns" in then.out
    assert "The clocks are paused: the arbiter lets them run with resume." in then.out
    paused = [line for line in then.out.splitlines() if "paused (the table restarted)" in line]
    assert len(paused) == 2  # on resuming, and after 100 s the same time
    assert paused[0] == paused[1]
    assert "clocks running again" in then.out
    assert len([e for e in verify(log) if e.type == "turn"]) == 4


def test_the_referee_terminal_never_shows_the_arbiter_view_without_the_pin(
        tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    done = run("referee", "--sim", "--seed", 3, "--pin-hash", pin_hash, "--script",
               script(tmp_path / "s.txt", "setup all", "start", "show arbiter"),
               "--log-dir", tmp_path / "logs")
    assert done.code == 2
    assert "show arbiter: this terminal shows what public may see" in done.err
    refused = run("referee", "--sim", "--pin-hash", pin_hash, "--audience", "arbiter")
    assert refused.code == 2 and "look (behind the PIN)" in refused.err


def test_a_refereed_game_ends_drawn_at_the_turn_limit_verifies_and_resumes_so(
        tmp_path: Path) -> None:
    """[W3] The referee rules go into the game's rules: ``turn_limit=3`` draws the game at
    the third turn; the log verifies to that result and a resume restores it."""
    pin_hash = hash_pin(PIN, iterations=1000)
    done = run("referee", "--sim", "--seed", 2, "--rules", "turn_limit=3", "--pin-hash",
               pin_hash, "--log-dir", tmp_path / "logs", "--script",
               script(tmp_path / "a.txt", "setup all", "start", "auto 6", "status"))
    assert done.code == 0, done.err
    assert 'game over: resigned false, reason "turn limit", winner null' in done.out
    assert "over after 3 turns; winner nobody (a draw) (turn limit)" in done.out
    log = next((tmp_path / "logs").glob("game-*.log"))
    checked = run("verify", log)
    assert checked.code == 0 and "3 turns replayed" in checked.out, checked.out
    again = run("referee", "--resume", log, "--sim", "--pin-hash", pin_hash, "--script",
                script(tmp_path / "b.txt", "status"))
    assert again.code == 0, again.err
    assert "over after 3 turns; winner nobody (a draw) (turn limit)" in again.out


def test_referee_mode_needs_a_pin(tmp_path: Path) -> None:
    done = run("referee", "--sim", "--config", _config(tmp_path, ""))
    assert done.code == 2
    assert "no arbiter PIN is set: set one with brettl referee --set-pin" in done.err


def test_a_wrong_pin_in_a_script_does_nothing_and_a_missing_one_stops_it(
        tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    done = run("referee", "--sim", "--seed", 3, "--pin-hash", pin_hash, "--script",
               script(tmp_path / "s.txt", "setup all", "start yellow", "decide orange cheat"),
               "--log-dir", tmp_path / "logs")
    assert done.code == 2
    assert "s.txt line 3: the arbiter PIN is missing" in done.err
    assert done.err.startswith("brettl referee: ")  # the command typed, not "play"


def test_set_pin_writes_the_hash_into_the_referee_section(tmp_path: Path) -> None:
    config = _config(tmp_path, '[board]\nfiles = 14\n\n[referee]\narbiter = "Ada"\n'
                               'time_control = "30+10"\n')
    args = SimpleNamespace(config=str(config))
    assert set_pin(args, io.StringIO("97531\n")) == 0  # type: ignore[arg-type]
    data = tomllib.loads(config.read_text("utf-8"))
    assert data["board"] == {"files": 14}
    assert data["referee"]["arbiter"] == "Ada"
    stored = data["referee"]["pin_hash"]
    assert "97531" not in config.read_text("utf-8")
    assert check_pin("97531", stored) and not check_pin("97532", stored)
    loaded = load_config(config)
    assert loaded.referee.pin_hash == stored and str(loaded.referee.time) == "30+10"
    # Setting it again replaces the one line.
    write_pin_hash(config, hash_pin("1357", iterations=1000))
    text = config.read_text("utf-8")
    assert text.count("pin_hash") == 1 and check_pin("1357", re.findall(r'"(pbkdf2[^"]+)"',
                                                                         text)[0])


def test_a_short_pin_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = _config(tmp_path, "[board]\nfiles = 14\n")
    before = config.read_text("utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("12\n"))
    done = run("referee", "--set-pin", "--config", config)
    assert done.code == 2
    assert done.err == ("brettl referee: an arbiter PIN has at least 4 characters: nothing"
                        " was changed\n")
    assert config.read_text("utf-8") == before


def test_the_referee_section_of_the_config_is_checked(tmp_path: Path) -> None:
    config = _config(tmp_path, '[referee]\npin_hash = "1234"\ntime_control = "thirty"\n'
                               "illegal_loss_after = -1\n")
    done = run("referee", "--sim", "--config", config)
    assert done.code == 2
    assert "referee.pin_hash: is not a PIN hash" in done.err
    assert "referee.time_control: 'thirty' is not a time control" in done.err
    assert "referee.illegal_loss_after: -1 is out of range" in done.err


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, "utf-8")
    return path
