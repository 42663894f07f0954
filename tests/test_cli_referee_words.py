"""The old referee desk's words on the desk (issue 13): ``draw offer|accept``,
``adjust PLAYER ±SECONDS REASON``, ``decide RESULT REASON`` and ``show PLAYER [REASON]``
behind the PIN, for Giganten refereed through the game interface; logged, verified."""

from __future__ import annotations

from pathlib import Path

from companion.ledger.record import verify as read_log
from tests.cli_helpers import home, run
from tests.test_cli_referee_game import PIN, PIN_HASH, exported_and_verified, only_log, script

__all__ = ["home"]


def referee(tmp_path: Path, *lines: str, code: int = 0) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    done = run("referee", "--game", "giganten", "--sim", "--seed", "2", "--time", "30+10",
               "--pin-hash", PIN_HASH, "--script", script(tmp_path / "s.txt", *lines))
    assert done.code == code, done.err + done.out[-1500:]
    return done.out + done.err


def _notes(home: Path) -> list[dict[str, object]]:
    return [entry.body for entry in read_log(only_log(home / "games"))
            if isinstance(entry.body, dict) and "event" in entry.body]


def test_a_draw_offered_and_accepted_ends_the_game_agreed(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start", "auto 2", "draw offer yellow",
                  "draw accept orange", "status")
    assert "yellow offers a draw" in out
    assert "over after 2 turns; winner nobody (draw, declared at the desk)" in out
    assert any(note.get("event") == "draw_offer" for note in _notes(home))
    records = exported_and_verified(only_log(home / "games"), tmp_path)
    assert records["full"]["declared"] == {"winner": None, "reason": "draw"}


def test_a_draw_offer_stands_until_the_next_turn_only(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start", "draw offer yellow", "auto 1",
                  "draw accept orange", code=2)
    assert "No draw is on offer" in out
    again = referee(tmp_path / "own", "setup all", "start", "draw offer yellow",
                    "draw accept yellow", code=2)
    assert "Only an opponent of Yellow can accept" in again


def test_the_arbiter_adjusts_a_clock_behind_the_pin(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start", "adjust orange +120 a penalty for yellow",
                  PIN, "clocks")
    assert "the arbiter gave orange +120 s: a penalty for yellow" in out
    assert "orange 32:00" in out
    assert any(note.get("event") == "adjust" and note.get("seconds") == 120.0
               for note in _notes(home))
    wrong = referee(tmp_path / "wrong", "setup all", "start", "adjust orange +120 why",
                    "9999", "clocks")
    assert "wrong arbiter PIN" in wrong and "orange 30:00" in wrong


def test_decide_is_the_arbiters_result(home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start", "auto 2",
                  "decide orange yellow left the table", PIN, "status")
    assert "winner orange (decision, declared at the desk)" in out


def test_show_a_players_view_during_the_game_needs_the_pin_and_is_told(
        home: Path, tmp_path: Path) -> None:
    out = referee(tmp_path, "setup all", "start", "auto 2", "show yellow checking a complaint",
                  PIN)
    assert "yellow's view (arbiter):" in out
    assert "the arbiter looked at the full position after 2 turns: yellow's view: checking" \
        in out
    assert any(note.get("event") == "look" and note.get("audience") == 0
               for note in _notes(home))


def test_the_arbiter_enters_a_turn_a_reader_missed(home: Path, tmp_path: Path) -> None:
    """``enter FROM TO REASON`` behind the PIN: the turn is played through the rules, the
    clocks switch, the hands put the board right (``fix``), and the log says why."""
    out = referee(tmp_path, "setup all", "start", "auto 1", "status")
    assert "1 turns played" in out
    log = only_log(home / "games")
    body = next(entry.body for entry in read_log(log) if entry.type == "turn")
    frm, to = body["turn"]["path"][0], body["turn"]["path"][-1]
    log.unlink()
    out = referee(tmp_path / "enter", "setup all", "start",
                  f"enter {frm} {to} the {to} reader failed", PIN, "fix", "status")
    assert "1 turns played" in out, out[-600:]
    entered = out.split("> enter")[1].split("> fix")[0]
    first = out.split("> start")[1].split("> enter")[0]
    running = [line for line in first.splitlines() if line.startswith("clocks: ")][-1]
    after = [line for line in entered.splitlines() if line.startswith("clocks: ")][-1]
    assert running.split("; ")[1] != after.split("; ")[1], "the clock passed on"
    assert any(note.get("event") == "enter" and note.get("reason") == f"the {to} reader failed"
               for note in _notes(home))
    refused = referee(tmp_path / "bad", "setup all", "start", "enter e4", code=2)
    assert "enter FROM TO REASON" in refused


def test_set_changes_the_time_and_the_policy_before_play_only(home: Path,
                                                              tmp_path: Path) -> None:
    out = referee(tmp_path, "set time 10+5", "set policy outcome-only", "setup all",
                  "start", "clocks")
    assert "set: time 10+5 (until play begins)" in out
    assert "clocks: yellow 10:00, orange 10:00" in out
    header = read_log(only_log(home / "games"))[0].body
    assert header["options"]["policy"] == "outcome-only"
    locked = referee(tmp_path / "locked", "setup all", "start", "set policy rulebook",
                     code=2)
    assert "set policy: the game's own settings are fixed once play begins" in locked
    for line, error in (("set policy loud", "set policy: "), ("set first 1", "set what?"),
                        ("set time soon", "set time: ")):
        refused = referee(tmp_path / line.replace(" ", "-"), line, code=2)
        assert error in refused and "Traceback" not in refused
