"""``giganten referee``: a whole refereed game on the simulated board through the console
script, with piped commands (the PIN on the line after each arbiter command), and
``--set-pin`` writing the hash into the config."""

from __future__ import annotations

import io
import json
import re
import tomllib
from pathlib import Path
from types import SimpleNamespace

import pytest

from commands.referee import set_pin, write_pin_hash
from companion.config import load_config
from companion.games.giganten.codec import game_from_json, game_to_json
from companion.ledger.record import verify
from companion.referee.desk import check_pin, hash_pin
from companion.table.session import Session
from hardware.simtable import sim_registry
from tests.cli_helpers import home, mode, run
from tests.test_cli_play import find_opening, script

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

SEED = 11
PIN = "k9t4"  # letters: never part of a path or a number in the output


def test_a_whole_refereed_game_on_the_simulated_board(tmp_path: Path) -> None:
    opening = find_opening(SEED)
    (a1, b1), (a2, b2), (a3, b3) = (opening.move(i) for i in range(3))
    pin_hash = hash_pin(PIN, iterations=1000)
    record = tmp_path / "record.json"
    commands = script(
        tmp_path / "referee.txt",
        "setup all", "clocks", "start yellow",
        f"move {a1} {b1}",
        # Orange's reader failed: the arbiter types the turn; the hands then put it right.
        f"enter {a2}-{b2} the {b2} reader failed", PIN, "fix",
        f"move {a3} {b3}", f"challenge {opening.target}",
        "dispute orange", "look 0000", "1111", f"look dispute about {opening.target}", PIN,
        "resume", PIN, "adjust orange +60 the dispute took long", PIN,
        "takeback 2 the challenge was on the wrong square", PIN, "fix", "auto 4",
        "draw offer yellow", "draw accept orange",
        f"export {record}", f"export {tmp_path / 'referee.json'} referee", "status")
    done = run("referee", "--old-session",
               "--sim", "--seed", SEED, "--time", "30+10", "--pin-hash", pin_hash,
               "--arbiter", "Ada", "--script", commands, "--log-dir", tmp_path / "logs")
    assert done.code == 0, done.err
    out = done.out
    assert "Time control 30+10 (minutes+seconds per turn); setup time 5:00." in out
    assert "Setup time left: 4:" in out
    assert f"The arbiter (Ada) entered the turn {a2}-{b2} (the {b2} reader failed)" in out
    assert f"Put the figure from {a2} back on {b2}" in out
    assert "Clocks: Yellow 30:" in out and "(running)" in out
    assert "Orange called the arbiter: paused the clocks (dispute)" in out
    assert "Wrong arbiter PIN (1 in a row): nothing was done" in out
    assert f"The arbiter looked at the position (dispute about {opening.target})" in out
    assert "view: arbiter" in out  # the full position, for the arbiter who asked
    assert "The arbiter gave Orange +60 s (the dispute took long)" in out
    assert ("The arbiter (Ada) took the game back to turn 2 (the challenge was on the wrong"
            " square)") in out
    assert "Game over: a draw (agreed draw [W3])" in out
    final = out.split("Game over: a draw (agreed draw [W3])\n")[1].splitlines()[0]
    assert final.startswith("Clocks: ") and "(running)" not in final  # stopped
    # The PINs are never echoed with the commands.
    assert f"> {PIN}" not in out and "> 1111" not in out and PIN not in out
    # The log: verifiable, with the corrections and the desk's entries, and it resumes
    # to the game that was exported.
    log = next((tmp_path / "logs").glob("game-*.log"))
    assert mode(log) == 0o600
    entries = verify(log)
    types = [e.type for e in entries]
    assert types.count("correction") == 2 and types[-1] == "referee" and "result" in types
    desk = [e.body["event"] for e in entries if e.type == "referee"]
    for event in ("clock_start", "clock", "dispute", "wrong_pin", "look", "resume", "adjust",
                  "draw_offer", "clock_stop"):
        assert event in desk, event
    resumed, _ = Session.resume(log, sim_registry())
    assert resumed.state is not None and resumed.result is not None
    assert resumed.result["result"] == "draw"
    full = json.loads(record.read_text("utf-8"))
    assert full["referee"]["result"]["result"] == "draw"  # the agreed draw [W3]
    exported = full["game"]
    assert game_to_json(resumed.state) == exported
    assert run("verify", record).code == 0  # the console's export verifies (finding 10)
    # The draw opened the commitments, as any end does, and the log verifies.
    assert "reveal" in types
    assert run("verify", log).code == 0
    # The referee record written at the table holds the corrections and verifies.
    referee = json.loads((tmp_path / "referee.json").read_text("utf-8"))
    assert [item["correction"] for item in referee["referee"]["course"]
            if "correction" in item] == ["enter", "takeback"]
    assert referee["referee"]["result"]["result"] == "draw"
    checked = run("verify", tmp_path / "referee.json")
    assert checked.code == 0, checked.out
    state = game_from_json(exported)
    assert len(state.history) == 2 + 4  # taken back to 2 turns, then four more
    assert [state.board.name(sq) for sq in state.history[1].turn.path] == [a2, b2]  # type: ignore[union-attr]


def test_a_refereed_game_resumes_with_its_clocks_paused(tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    first = run("referee", "--old-session",
                "--sim", "--seed", SEED, "--time", "10+0", "--pin-hash", pin_hash,
                "--script", script(tmp_path / "a.txt", "setup all", "start yellow", "auto 3",
                                   "wait 30"),
                "--log-dir", tmp_path / "logs")
    assert first.code == 0, first.err
    log = next((tmp_path / "logs").glob("game-*.log"))
    then = run("referee", "--resume", log, "--sim", "--pin-hash", pin_hash, "--script",
               script(tmp_path / "b.txt", "wait 100", "clocks", "resume", PIN, "auto 1"))
    assert then.code == 0, then.err
    assert f"Resuming the refereed game {log}: 3 turns" in then.out
    assert "The clocks are paused: the arbiter lets them run with resume." in then.out
    paused = [line for line in then.out.splitlines() if "paused: the table restarted" in line]
    assert len(paused) == 2  # on resuming, and after 100 s the same time
    assert paused[0] == paused[1]
    assert "The arbiter let the clocks run again" in then.out
    assert len([e for e in verify(log) if e.type == "turn"]) == 4


def test_the_referee_terminal_never_shows_the_arbiter_view_without_the_pin(
        tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    done = run("referee", "--old-session", "--sim", "--seed", 3, "--pin-hash", pin_hash, "--script",
               script(tmp_path / "s.txt", "setup all", "start", "show arbiter"),
               "--log-dir", tmp_path / "logs")
    assert done.code == 2
    assert "the full position is behind the arbiter PIN: look REASON" in done.err
    refused = run("referee", "--sim", "--pin-hash", pin_hash, "--audience", "arbiter")
    assert refused.code == 2 and "look (behind the PIN)" in refused.err


def test_referee_mode_needs_a_pin(tmp_path: Path) -> None:
    done = run("referee", "--sim", "--config", _config(tmp_path, ""))
    assert done.code == 2
    assert "no arbiter PIN is set: set one with giganten referee --set-pin" in done.err


def test_a_wrong_pin_in_a_script_does_nothing_and_a_missing_one_stops_it(
        tmp_path: Path) -> None:
    pin_hash = hash_pin(PIN, iterations=1000)
    done = run("referee", "--sim", "--seed", 3, "--pin-hash", pin_hash, "--script",
               script(tmp_path / "s.txt", "setup all", "start yellow", "decide orange cheat"),
               "--log-dir", tmp_path / "logs")
    assert done.code == 2
    assert "s.txt line 3: the arbiter PIN is missing" in done.err


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
    assert done.err == ("giganten referee: an arbiter PIN has at least 4 characters: nothing"
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
