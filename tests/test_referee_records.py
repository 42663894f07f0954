"""A refereed game with corrections and a referee's result, through the records: the log
verifies, every record kind verifies and replays step by step, an altered correction is
rejected, and the public record of a corrected game names no hidden kind.

The game is played through the simulated board (sensing, session, robot hands) for its
first turns; then the arbiter's desk takes it back, enters turns by hand (a reader
failed) and ends it by an agreed draw, a loss on time or a decision [W3]."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.archive.records import (
    FULL_KIND,
    KINDS,
    PUBLIC_KIND,
    REFEREE_KIND,
    LoggedGame,
    make_record,
    public_record,
)
from companion.archive.replay import Replay
from companion.archive.verifier import verify_document, verify_path
from companion.clock import TimeControl
from companion.config import RefereeConfig
from companion.games.giganten.codec import game_to_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.referee.desk import RefereeDesk, hash_pin
from companion.table.session import OVER, Session
from companion.views import PUBLIC, RULEBOOK, view_for
from hardware.simtable import sim_registry
from tests.record_helpers import forge, leaf_paths, log_lines, tamper
from tests.sim_games import leaked_kinds, play_sim_game

PIN = "2468"
PIN_HASH = hash_pin(PIN, iterations=1000)
SEED = 38  # a base game the demo bots do not finish in its first 6 plies
ENDINGS = ("draw", "time", "decide", "both-lose")


@dataclass
class Refereed:
    """A refereed game's log and what happened in it."""

    log: Path
    session: Session
    desk: RefereeDesk
    now: float
    taken_back_to: int = 0


def _typed(state: GameState, turn: Turn) -> str:
    name = state.board.name
    text = "-".join(name(sq) for sq in turn.path)
    return text + (f" x {name(turn.challenge)}" if turn.challenge is not None else "")


def _quiet(state: GameState) -> Turn:
    return next(t for t in state.legal_turns() if not t.second and not t.place
                and t.reenter is None and t.challenge is None)


def _challenge(state: GameState) -> Turn | None:
    """A legal challenge that does not end the game (so that the arbiter ends it)."""
    for turn in state.legal_turns():
        if turn.second or turn.place or turn.reenter is not None or turn.challenge is None:
            continue
        state.push(turn)
        ends = state.winner is not None
        state.pop()
        if not ends:
            return turn
    return None


def refereed_game(directory: Path, ending: str = "draw", *, finish: bool = True) -> Refereed:
    """Six plies on the simulated board, then the desk: a takeback to turn 3, a quiet turn
    and (if one is legal) a challenge entered by hand, an arbiter's look, a wrong PIN, and
    the ``ending``."""
    played = play_sim_game(SEED, log_dir=directory, max_plies=6)
    session = played.session
    assert session.phase != OVER and played.table is not None
    now = played.table.now
    config = RefereeConfig(pin_hash=PIN_HASH, arbiter="Ada",
                           time=TimeControl.parse("1+0" if ending == "time" else "30+10"))
    desk = RefereeDesk(session, config, now)
    desk.observe([], now)  # the clocks start with the game running
    game = Refereed(directory / f"game-{SEED}.log", session, desk, now)
    state = session.state
    assert state is not None and len(state.history) == 6
    desk.take_back(PIN, 3, "reader c4 misread the turn", now + 1)
    game.taken_back_to = 3
    desk.enter(PIN, _typed(state, _quiet(state)), "reader e5 dead", now + 2)
    fight = _challenge(state)
    if fight is not None:
        desk.enter(PIN, _typed(state, fight), "reader e5 still dead", now + 3)
    desk.authorise("0000", now + 4, "look")  # a wrong PIN: logged, nothing done
    desk.look(PIN, "dispute about a square", now + 5)
    game.now = now + 6
    if finish:
        end(game, ending)
    return game


def end(game: Refereed, ending: str) -> None:
    desk, now = game.desk, game.now
    if ending == "draw":
        desk.offer_draw(game.session.state.to_move, now)  # type: ignore[union-attr]
        desk.accept_draw(1 - game.session.state.to_move, now)  # type: ignore[union-attr]
    elif ending == "time":
        desk.tick(now + 61)  # one minute each: whoever is to move runs out [W3]
    else:
        desk.decide(PIN, "orange" if ending == "decide" else ending, "phone in play", now)
    assert game.session.phase == OVER
    game.session.close()


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> Refereed:
    return refereed_game(tmp_path_factory.mktemp("drawn"), "draw")


def _records(log: Path) -> dict[str, dict[str, Any]]:
    logged = LoggedGame.read(log)
    return {kind: make_record(logged, kind) for kind in KINDS}


def _write(path: Path, record: Any) -> Path:
    path.write_text(json.dumps(record), "utf-8")
    return path


# --- Honest refereed games verify in every form ----------------------------------------------

@pytest.mark.parametrize("ending", ENDINGS)
def test_a_corrected_refereed_game_verifies_and_replays_in_every_form(
        tmp_path: Path, ending: str) -> None:
    game = refereed_game(tmp_path, ending)
    types = [line["type"] for line in log_lines(game.log)]
    assert types.count("correction") >= 2 and types.count("result") == 1
    # Any end opens the commitments: the salts are logged right after the result.
    assert types[types.index("result") + 1] == "reveal"
    verdict = verify_path(game.log)
    assert verdict.status == 0, verdict.summary()
    assert "correction(s) by the arbiter" in verdict.summary()
    assert "the referee's result" in verdict.summary()
    records = _records(game.log)
    for kind, record in records.items():
        checked = verify_document(record)
        assert checked.status == 0, f"{kind}: {checked.summary()}"
    # The full record carries the corrections with their time, reason and PIN holder.
    course = records[FULL_KIND]["referee"]["course"]
    back = next(item for item in course if item.get("correction") == "takeback")
    assert back["to"] == 3 and back["from"] == 6 and back["by"] == "Ada"
    assert back["reason"] == "reader c4 misread the turn" and back["time"] > 0
    result = records[FULL_KIND]["referee"]["result"]
    assert result["result"] == {"draw": "draw", "time": "win", "decide": "win",
                                "both-lose": "both_lose"}[ending]
    # Every form replays step by step: the steps as they happened (6 turns, the takeback,
    # the entered turns, the result), each takeback its own step.
    for kind in ("log", *KINDS):
        path = game.log if kind == "log" else _write(tmp_path / f"{kind}.json", records[kind])
        replay = Replay.load(path)
        assert len(replay) == 1 + len(course), kind
        lines = [step.what for step in replay.steps]
        assert lines[7] == ("The arbiter (Ada) took the game back to turn 3 (reader c4"
                            " misread the turn)"), kind
        assert lines[8].startswith("The arbiter (Ada) entered the turn"), kind
        assert lines[-1].startswith("Game over:"), kind
        # The view at the takeback is the game after its third turn.
        assert replay.view_at(7, PUBLIC) == replay.view_at(3, PUBLIC), kind
        assert replay.view_at(7, PUBLIC) != replay.view_at(6, PUBLIC), kind
    final = LoggedGame.read(game.log).state
    replay = Replay.load(game.log)
    assert replay.view_at(len(replay) - 1, "yellow") == view_for(final, "yellow", RULEBOOK)


def test_a_game_taken_back_after_its_end_is_revealed_again_at_its_new_end(
        tmp_path: Path) -> None:
    game = refereed_game(tmp_path, "draw", finish=False)
    game.desk.decide(PIN, "draw", "misunderstanding", game.now)
    game.desk.take_back(PIN, 4, "the draw was not agreed", game.now + 1)
    assert game.session.phase != OVER
    game.now += 2
    end(game, "decide")
    types = [line["type"] for line in log_lines(game.log)]
    assert types.count("reveal") == 2 and types.count("result") == 2
    verdict = verify_path(game.log)
    assert verdict.status == 0, verdict.summary()
    assert "taken back after its end" in verdict.summary()
    assert "orange wins (arbiter: phone in play)" in verdict.summary()
    for kind, record in _records(game.log).items():
        assert verify_document(record).status == 0, kind


def test_a_running_refereed_game_has_a_public_record_only(tmp_path: Path) -> None:
    game = refereed_game(tmp_path, finish=False)
    game.session.close()
    verdict = verify_path(game.log)
    assert verdict.status == 0 and "(the game is not over)" in verdict.summary()
    public = make_record(LoggedGame.read(game.log), PUBLIC_KIND)
    assert public["over"] is False and "reveal" not in public
    assert verify_document(public).status == 3  # not verifiable before the end


# --- Altered corrections and results are rejected ---------------------------------------------

def _correction_line(lines: list[dict[str, Any]], kind: str) -> int:
    return next(i for i, line in enumerate(lines)
                if line["type"] == "correction" and line["correction"] == kind)


@pytest.mark.parametrize(("kind", "field", "value"), [
    ("takeback", "reason", "nobody asked"),
    ("takeback", "by", "Mallory"),
    ("takeback", "to", 2),
    ("enter", "reason", "reader fine"),
    ("enter", "by", "Mallory"),
    ("enter", "turn", {"path": ["a1", "a2"]}),
])
def test_an_altered_correction_in_the_log_is_rejected(drawn: Refereed, tmp_path: Path,
                                                      kind: str, field: str,
                                                      value: Any) -> None:
    lines = log_lines(drawn.log)
    number = _correction_line(lines, kind)
    lines[number][field] = value
    edited = _write_lines(tmp_path / "edited.log", lines)
    verdict = verify_path(edited)
    assert verdict.status == 1
    assert f"log line {number + 1}" in verdict.summary()
    assert "does not match its hash" in verdict.summary()
    # The referee record holds the log with its chain: the same edit there is caught too.
    referee = _records(drawn.log)[REFEREE_KIND]
    referee["log"][number][field] = value
    assert verify_document(referee).status == 1


def _write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line, sort_keys=True, separators=(",", ":")) + "\n"
                            for line in lines), "utf-8")
    return path


@pytest.mark.parametrize(("change", "says"), [
    ("to", "takeback"),
    ("turn", "not a legal turn"),
    ("no reason", "without its reason"),
    ("no holder", "without its by"),
    ("turn after result", "after the game ended by a result"),
    ("result of the reveal", "the log says the result is"),
])
def test_a_forged_log_of_a_corrected_game_is_rejected_by_its_replay(
        drawn: Refereed, tmp_path: Path, change: str, says: str) -> None:
    """A forger who recomputes the chain: the game's own checks still catch it."""
    lines = log_lines(drawn.log)
    back, entered = _correction_line(lines, "takeback"), _correction_line(lines, "enter")
    if change == "to":
        lines[back]["from"] = 5  # the game had 6 turns when it was taken back
    elif change == "turn":
        path = lines[entered]["turn"]["path"]
        lines[entered]["turn"] = {"path": path[::-1]}  # from the square it went to
    elif change == "no reason":
        lines[back]["reason"] = " "
    elif change == "no holder":
        del lines[entered]["by"]
    elif change == "turn after result":
        result = next(i for i, line in enumerate(lines) if line["type"] == "result")
        turn = next(line for line in lines if line["type"] == "turn")
        lines.insert(result + 1, dict(turn))
    else:
        reveal = next(line for line in lines if line["type"] == "reveal")
        reveal["result"] = {**reveal["result"], "result": "both_lose"}
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    verdict = verify_path(forged)
    assert verdict.status == 1, verdict.summary()
    assert says in verdict.summary()


def test_an_altered_course_in_a_full_record_is_rejected(drawn: Refereed) -> None:
    records = _records(drawn.log)
    for field, value in (("to", 2), ("reason", "other"), ("by", "Mallory"), ("time", 1.0)):
        full = json.loads(json.dumps(records[FULL_KIND]))
        back = next(item for item in full["referee"]["course"]
                    if item.get("correction") == "takeback")
        back[field] = value
        if field in ("reason", "by", "time"):
            # A full record has no chain: its course is checked by its replay only, so a
            # changed word passes there; the referee record's log catches it.
            referee = json.loads(json.dumps(records[REFEREE_KIND]))
            next(item for item in referee["referee"]["course"]
                 if item.get("correction") == "takeback")[field] = value
            assert verify_document(referee).status == 1, field
        else:
            assert verify_document(full).status == 1, field
    public = json.loads(json.dumps(records[PUBLIC_KIND]))
    step = next(s for s in public["steps"] if "correction" in s)
    step["correction"]["reason"] = "other"
    assert verify_document(public).status == 1


# --- The public record of a corrected game hides every kind until the end ------------------

def test_the_public_record_of_a_corrected_game_leaks_no_hidden_kind(tmp_path: Path) -> None:
    game = refereed_game(tmp_path, finish=False)
    state, seal = game.session.state, game.session.seal
    assert state is not None and seal is not None
    logged = LoggedGame.read(game.log)
    running = public_record(state, RULEBOOK, seal, logged.course)
    assert running["over"] is False and "reveal" not in running
    assert leaked_kinds(running) == []
    text = json.dumps(running)
    assert not any(salt in text for salt in seal.salts.values())
    steps = running["steps"]
    back = next(s for s in steps if s.get("correction", {}).get("correction") == "takeback")
    assert back["what"] == ("The arbiter (Ada) took the game back to turn 3 (reader c4"
                            " misread the turn)")
    assert back["view"] == steps[3]["view"]
    # After the end: the steps as shown, the reveal, no kind beyond what the rules showed.
    end(game, "draw")
    public = make_record(LoggedGame.read(game.log), PUBLIC_KIND)
    assert public["over"] is True and public["reveal"]["salts"] == seal.salts
    allowed = frozenset({"reveal", "reason", "kinds", "challenger_kind", "challenged_kind"})
    assert leaked_kinds(public["steps"], allowed) == []
    assert public["steps"][-1]["what"] == "Game over: a draw (agreed draw [W3])"
    assert public["steps"][-1]["result"]["by"] == "players"


def test_the_full_record_is_refused_while_the_refereed_game_runs(tmp_path: Path) -> None:
    game = refereed_game(tmp_path, finish=False)
    game.session.close()
    logged = LoggedGame.read(game.log)
    assert not logged.over
    with pytest.raises(ValueError, match=r"not over.*\[I3\]"):
        make_record(logged, FULL_KIND)
    resumed, _ = Session.resume(game.log, sim_registry())
    assert resumed.state is not None
    assert game_to_json(resumed.state) == game_to_json(logged.state)


# --- Any single change of a refereed game's record is caught --------------------------------

@settings(max_examples=120, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data(), kind=st.sampled_from([REFEREE_KIND, PUBLIC_KIND]))
def test_any_single_field_change_of_a_refereed_record_is_detected(
        drawn: Refereed, data: st.DataObject, kind: str) -> None:
    record = copy.deepcopy(_records_of(drawn)[kind])
    leaves = leaf_paths(record)
    if kind == PUBLIC_KIND:
        # A public record has no chain: the time of a correction or result, and who
        # declared a result, are told in no line and derived from nothing it can check
        # (docs/records.md); the reason and the arbiter's name are in the step's line.
        free = {("correction", "time"), ("result", "time"), ("result", "by")}
        leaves = [p for p in leaves if not (len(p) == 4 and tuple(p[2:]) in free)]
    path = data.draw(st.sampled_from(leaves))
    tamper(record, path)
    try:
        verdict = verify_document(record)
    except ValueError:
        return  # refused as unreadable: detected too
    assert verdict.status != 0, f"{path} changed and still verified"


_CACHE: dict[Path, dict[str, dict[str, Any]]] = {}


def _records_of(game: Refereed) -> dict[str, dict[str, Any]]:
    if game.log not in _CACHE:
        _CACHE[game.log] = _records(game.log)
    return _CACHE[game.log]


# --- Any mix of corrections keeps the log and its records verifiable ------------------------

@settings(max_examples=12, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1,
                      max_size=8),
       ending=st.sampled_from(ENDINGS))
def test_corrections_in_any_order_verify_in_every_form(
        tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[bool, int]],
        ending: str) -> None:
    game = refereed_game(tmp_path_factory.mktemp("mix"), ending, finish=False)
    state = game.session.state
    assert state is not None
    for back, pick in steps:
        game.now += 1
        if back and state.history:
            game.desk.take_back(PIN, pick % len(state.history), "check", game.now)
        elif game.session.phase != OVER:
            turns = [t for t in state.legal_turns() if not t.second and not t.place
                     and t.reenter is None]
            game.desk.enter(PIN, _typed(state, turns[pick % len(turns)]), "test", game.now)
        verdict = verify_path(game.log)
        assert verdict.status == 0, verdict.summary()
    if game.session.phase != OVER:
        end(game, ending)
    else:
        game.session.close()
    assert verify_path(game.log).status == 0
    for kind, record in _records(game.log).items():
        assert verify_document(record).status == 0, kind
        assert len(Replay.from_document(record)) == len(Replay.load(game.log))
