"""The records of a refereed Giganten game with corrections, on the desk (issue
13: Giganten's old desk's record tests ported): the log and every record (full, referee,
public) verify and replay for every ending; an altered log is refused by its chain, a
forged one (chain recomputed) by its replay; a running game has a public record only,
which names no hidden kind; any one changed field of a record is caught.

The game is ``tests.referee_helpers.refereed_game`` (``giganten referee`` on the simulated
board): a take-back, a turn entered by hand, a wrong PIN, a look, then the ending."""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.archive.game_records import (
    RecordRefused,
    full_record,
    public_record,
    record_from_log,
    referee_record,
    verify_log,
    verify_record,
)
from companion.ledger.chain import LogError
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.table.game_session import OVER, PLAY, GameSession
from tests.cli_helpers import run
from tests.helpers import KIND_IDS
from tests.record_helpers import forge, leaf_paths, log_lines, tamper
from tests.referee_helpers import ENDINGS, PIN, PIN_HASH, Refereed, refereed_game

__all__ = ["refereed_game"]  # tests/test_fuzz_records.py imports it from here (for now)

KIND_WORDS = re.compile(r"\b(" + "|".join(sorted(KIND_IDS)) + r")\b", re.IGNORECASE)
DECLARED = {"draw": {"winner": None, "reason": "draw"},
            "time": {"winner": 1, "reason": "time"},
            "decide": {"winner": 1, "reason": "decision"},
            "both-lose": {"winner": None, "reason": "both-lose"}}


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Refereed:
    return refereed_game(tmp_path_factory.mktemp("drawn"), "draw")


def records(log: Path) -> dict[str, dict[str, Any]]:
    entries = read_log(log)
    return {"full": full_record(entries), "referee": referee_record(entries),
            "public": public_record(entries)}


def _write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                            for line in lines), "utf-8")
    return path


def _correction_line(lines: list[dict[str, Any]], kind: str) -> int:
    """The log line of the take-back (``kind`` "takeback") or of the entered turn (the
    turn logged just before the arbiter's ``enter`` note)."""
    if kind == "takeback":
        return next(i for i, line in enumerate(lines) if line["type"] == "correction")
    note = next(i for i, line in enumerate(lines)
                if line["type"] == "referee" and line.get("event") == "enter")
    return next(i for i in range(note, 0, -1) if lines[i]["type"] == "turn")


# --- Honest refereed games verify and replay in every form -----------------------------------

@pytest.mark.parametrize("ending", ENDINGS)
def test_a_corrected_refereed_game_verifies_and_replays_in_every_form(
        tmp_path: Path, ending: str) -> None:
    game = refereed_game(tmp_path, ending)
    types = [line["type"] for line in log_lines(game.log)]
    assert types.count("correction") == 1 and types.count("result") == 1
    verified = run("verify", game.log)
    assert verified.code == 0, verified.out + verified.err
    assert "1 take-back(s) by the arbiter" in verified.out
    assert "a result declared at the referee's desk" in verified.out
    made = records(game.log)
    for kind, record in made.items():
        verdict = verify_record(record)
        assert verdict.problems == [] and verdict.pending is None, (kind, verdict.summary())
        assert record["declared"] == DECLARED[ending], kind
        assert record["corrections"][0]["to"] == 3 and record["corrections"][0]["from"] == 6
    back = made["full"]["corrections"][0]
    assert back["reason"] == "reader c4 misread the turn" and back["by"]
    assert made["public"]["corrections"][0]["reason"] == "reader c4 misread the turn"
    desk = [note.get("event") for note in made["referee"]["desk"]]
    assert {"wrong_pin", "look", "enter"} <= set(desk), desk
    assert len(made["full"]["turns"]) == 4  # three that stood and the one entered
    # The log replays to the same end: a resumed game is over with the declared result.
    session, _ = GameSession.resume(game.log)
    try:
        assert session.phase == OVER and session.turns == 4
        assert session.declared == DECLARED[ending]
    finally:
        session.close()


def test_a_running_refereed_game_has_a_public_record_only(tmp_path: Path) -> None:
    game = refereed_game(tmp_path, finish=False)
    entries = read_log(game.log)
    assert verify_log(entries).problems == []
    public = public_record(entries)
    assert public["result"] is None and "reveal" not in public
    assert verify_record(public).pending is not None  # not verifiable before the end
    assert KIND_WORDS.search(json.dumps(public)) is None, "a kind before the end"
    assert "reason" not in public["corrections"][0]  # the arbiter's notes: after the end
    with pytest.raises(RecordRefused, match="not over"):
        record_from_log(game.log, "full")
    with pytest.raises(RecordRefused, match="not over"):
        record_from_log(game.log, "referee")
    session, _ = GameSession.resume(game.log)  # and it resumes where it stood
    try:
        assert session.phase == PLAY and session.turns == 4
    finally:
        session.close()


# --- Altered and forged logs are refused ------------------------------------------------------

@pytest.mark.parametrize(("kind", "field", "value"), [
    ("takeback", "reason", "nobody asked"),
    ("takeback", "by", "Mallory"),
    ("takeback", "to", 2),
    ("enter", "turn", {"path": ["a1", "a2"]}),
])
def test_an_altered_correction_in_the_log_is_rejected(drawn: Refereed, tmp_path: Path,
                                                      kind: str, field: str,
                                                      value: Any) -> None:
    lines = log_lines(drawn.log)
    number = _correction_line(lines, kind)
    lines[number][field] = value
    edited = _write_lines(tmp_path / "edited.log", lines)
    with pytest.raises(LogError, match="hash"):
        read_log(edited)
    verdict = run("verify", edited)
    assert verdict.code != 0 and "Traceback" not in verdict.err
    assert len((verdict.out + verdict.err).strip().splitlines()) == 1


@pytest.mark.parametrize(("change", "says"), [
    ("to", "take"),
    ("from", "the game had 6 turns"),
    ("no reason", "without its reason"),
    ("blank reason", "without its reason"),
    ("no holder", "without who did it"),
    ("turn", "the rules refuse the turn"),
    ("turn after result", ""),
    ("declared", "declared result"),
])
def test_a_forged_log_of_a_corrected_game_is_rejected_by_its_replay(
        drawn: Refereed, tmp_path: Path, change: str, says: str) -> None:
    """A forger who recomputes the chain: the game's own checks still catch it."""
    lines = log_lines(drawn.log)
    back, entered = _correction_line(lines, "takeback"), _correction_line(lines, "enter")
    if change == "to":
        lines[back]["to"] = 9  # the game had 6 turns when it was taken back
    elif change == "from":
        lines[back]["from"] = 5  # the game had 6 turns when it was taken back
    elif change == "no reason":
        del lines[back]["reason"]
    elif change == "blank reason":
        lines[back]["reason"] = " "
    elif change == "no holder":
        del lines[back]["by"]
    elif change == "turn":
        path = lines[entered]["turn"]["path"]
        lines[entered]["turn"] = {"path": path[::-1]}  # from the square it went to
    elif change == "turn after result":
        result = next(i for i, line in enumerate(lines) if line["type"] == "result")
        lines.insert(result + 1, dict(lines[entered]))
    else:
        result = next(line for line in lines if line["type"] == "result")
        result["reason"] = "a coin toss"
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    read_log(forged)  # the chain holds
    verdict = verify_log(read_log(forged))
    assert verdict.problems, f"{change} still verified"
    assert says.lower() in verdict.summary().lower(), verdict.summary()


# --- Records: a changed field is caught -------------------------------------------------------

def test_an_altered_declared_result_in_a_record_is_rejected(drawn: Refereed) -> None:
    for kind, record in records(drawn.log).items():
        forged = copy.deepcopy(record)
        forged["declared"] = {"winner": 0, "reason": "decision"}
        assert verify_record(forged).problems, kind


@settings(max_examples=60, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), kind=st.sampled_from(["full", "public"]))
def test_any_single_change_of_a_turn_setup_or_result_is_detected(
        drawn: Refereed, data: st.DataObject, kind: str) -> None:
    """The fields the replay checks: the turns, the setups (under their commitments), the
    declared result and the result. (The corrections of a record and the referee record's
    desk notes are the arbiter's words, which no chain covers in a record: the log's chain
    covers them, above.)"""
    record = copy.deepcopy(_records_of(drawn)[kind])
    checked = ("turns", "setup", "declared", "result", "reveal")
    leaves = [p for p in leaf_paths(record) if p[0] in checked
              and not (p[0] == "turns" and p[-1] == "time")]
    path = data.draw(st.sampled_from(leaves))
    tamper(record, path)
    try:
        verdict = verify_record(record)
    except (ValueError, TypeError, KeyError, AttributeError):
        return  # refused as unreadable: detected too
    assert verdict.problems or verdict.pending, f"{path} changed and still verified"


_CACHE: dict[Path, dict[str, dict[str, Any]]] = {}


def _records_of(game: Refereed) -> dict[str, dict[str, Any]]:
    if game.log not in _CACHE:
        _CACHE[game.log] = records(game.log)
    return _CACHE[game.log]


# --- Any mix of corrections keeps the log and its records verifiable ------------------------

@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Refereed:
    return refereed_game(tmp_path_factory.mktemp("running"), finish=False)


@settings(max_examples=12, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1,
                      max_size=8),
       ending=st.sampled_from(["draw", "time orange", "decision yellow", "both-lose"]))
def test_corrections_in_any_order_verify_in_every_form(
        running: Refereed, tmp_path_factory: pytest.TempPathFactory,
        steps: list[tuple[bool, int]], ending: str) -> None:
    """After a power cut (the desk rebuilt from the log), take-backs and entered turns in
    any order: the log verifies after each, and every record at the end."""
    log = Path(shutil.copy(running.log, tmp_path_factory.mktemp("mix") / running.log.name))
    session, _ = GameSession.resume(log)
    desk, _ = GameDesk.after_restart(session, PIN_HASH, "Ada", 100.0)
    now = 100.0
    try:
        for back, pick in steps:
            now += 1
            state = session.state
            assert state is not None
            if back and session.turns and session.phase == PLAY:
                desk.take_back(PIN, pick % session.turns, "check", now)
            elif session.phase == PLAY:
                turns = [session.game.turn_to_json(state, t) for t in state.legal_turns()]
                desk.enter(PIN, turns[pick % len(turns)], "test", now)
            verdict = verify_log(read_log(log))
            assert verdict.problems == [], verdict.summary()
        if session.phase == PLAY:
            desk.decide(PIN, ending, "the end", now + 1)
    finally:
        session.close()
    assert verify_log(read_log(log)).problems == []
    for kind, record in records(log).items():
        verdict = verify_record(record)
        assert verdict.problems == [] and verdict.pending is None, (kind, verdict.summary())
