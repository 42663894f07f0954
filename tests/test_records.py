"""Public, full and referee records of Giganten's own format (``giganten-record/1``), and
their step-by-step replay, from the logs the old path wrote (frozen fixtures: the records
of games played through the interface are ``companion.archive.game_records``')."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.archive.records import (
    FULL_KIND,
    PUBLIC_KIND,
    REFEREE_KIND,
    LoggedGame,
    RecordRefused,
    make_record,
    public_record,
    raw_entries,
)
from companion.archive.replay import Replay
from companion.archive.verifier import verify_document
from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Resignation
from companion.ledger.fairplay import Seal
from companion.ledger.record import GameLog, canonical_json
from companion.views import ARBITER, OUTCOME_ONLY, POLICIES, PUBLIC, RULEBOOK, view_for
from tests.kind_words import leaked_kinds
from tests.record_helpers import log_lines, old_log, old_record


def test_the_records_of_a_finished_game(tmp_path: Path) -> None:
    log = old_log(tmp_path, "rulebook-78")
    logged = LoggedGame.read(log)
    seal = Seal.from_json(log_lines(log)[0]["fairplay"])
    assert logged.seal == seal and logged.state.is_over and logged.state.ply == 17
    full = make_record(logged, FULL_KIND)
    assert full["format"] == "giganten-record/1" and full["kind"] == FULL_KIND
    assert full["game"] == game_to_json(logged.state) == old_record("rulebook-78", "full")["game"]
    assert full["fairplay"] == seal.secret()
    referee = make_record(logged, REFEREE_KIND)
    assert referee["kind"] == REFEREE_KIND and referee["game"] == full["game"]
    # The log passes through exactly: every line of the file, in order.
    assert [canonical_json(line) for line in referee["log"]] == \
        log.read_text("utf-8").splitlines()
    public = make_record(logged, PUBLIC_KIND)
    assert public["fairplay"] == seal.public() and public["over"] is True
    assert len(public["steps"]) == logged.state.ply + 1
    assert public["reveal"]["salts"] == seal.salts
    assert public["reveal"]["setup"] == full["game"]["setup"]


def test_a_running_game_has_only_a_public_record(tmp_path: Path) -> None:
    logged = LoggedGame.read(old_log(tmp_path, "running-38"))
    assert not logged.over and logged.state.ply == 5
    for kind in (FULL_KIND, REFEREE_KIND):
        with pytest.raises(RecordRefused, match=r"not over.*\[I3\].*--kind public"):
            make_record(logged, kind)
    public = make_record(logged, PUBLIC_KIND)
    assert public["over"] is False and "reveal" not in public
    assert all(step["view"]["policy"] == OUTCOME_ONLY for step in public["steps"])
    seal = logged.seal
    assert seal is not None
    text = json.dumps(public)
    assert not any(salt in text for salt in seal.salts.values())
    assert leaked_kinds(public) == []


def _plies(logged: LoggedGame) -> list[GameState]:
    """The logged game after each of its turns, as it stood then."""
    header = logged.entries[0].body["game"]
    state = game_from_json({**header, "actions": [], "result": None})
    after = []
    for action in logged.state.history:
        if isinstance(action, Resignation):
            state.resign(action.player)
        else:
            state.play(action.turn)
        after.append(game_from_json(game_to_json(state)))  # a copy, as it stood
    return after


def _check_public_record(state: GameState, policy: str, seal: Seal) -> None:
    """The public record after a turn must name no kind at all, and after the end only
    what the rules revealed."""
    record = public_record(state, policy, seal)
    text = json.dumps(record)
    assert not any(salt in text for salt in seal.salts.values()) or state.is_over
    if not state.is_over:
        assert "reveal" not in record
        assert leaked_kinds(record) == [], f"ply {state.ply}: {leaked_kinds(record)[:3]}"
    else:
        # After the end: the steps as they were shown, the reveal, and the reason of the
        # end (a taken Nest is public [W1, I1]).
        allowed = frozenset({"reveal", "reason", "kinds", "challenger_kind",
                             "challenged_kind"}) if policy == RULEBOOK \
            else frozenset({"reveal", "reason"})
        assert leaked_kinds(record["steps"], allowed) == []


@pytest.mark.parametrize("policy", POLICIES)
def test_no_public_record_shows_an_unrevealed_kind(policy: str, tmp_path: Path) -> None:
    checked = 0
    for name in ("rulebook-9", "rulebook-78", "v5-38"):  # secret traps too [V5]
        logged = LoggedGame.read(old_log(tmp_path, name))
        assert logged.seal is not None and logged.over
        for state in _plies(logged):
            _check_public_record(state, policy, logged.seal)
            checked += 1
    assert checked == 8 + 17 + 50  # every turn of three whole games
    # The check is not empty: it catches the arbiter's view.
    assert leaked_kinds(view_for(logged.state, ARBITER, policy))


def test_a_referee_record_passes_entries_it_does_not_know_through(tmp_path: Path) -> None:
    log = old_log(tmp_path, "rulebook-9")
    with GameLog.open(log)[0] as open_log:
        open_log.append("arbiter-look", {"by": "arbiter", "reason": "dispute"}, time=99.0)
    referee = make_record(LoggedGame.read(log), REFEREE_KIND)
    assert referee["log"][-1]["type"] == "arbiter-look"
    assert referee["log"][-1]["reason"] == "dispute"
    assert Replay.from_document(referee).log[-1]["type"] == "arbiter-look"
    assert verify_document(referee).summary().startswith("verified:")  # and still honest


def test_raw_entries_rebuild_the_lines_of_the_log(tmp_path: Path) -> None:
    log = old_log(tmp_path, "rulebook-9")
    logged = LoggedGame.read(log)
    assert [canonical_json(e) for e in raw_entries(logged.entries)] == \
        log.read_text("utf-8").splitlines()


@pytest.mark.parametrize("kind", ["log", PUBLIC_KIND, FULL_KIND, REFEREE_KIND])
def test_every_kind_replays_step_by_step(tmp_path: Path, kind: str) -> None:
    log = old_log(tmp_path, "rulebook-78")
    path = log
    if kind != "log":
        path = tmp_path / f"{kind}.json"
        path.write_text(json.dumps(make_record(LoggedGame.read(log), kind)), "utf-8")
    replay = Replay.load(path)
    reference = LoggedGame.read(log).state
    assert len(replay) == reference.ply + 1 == len(replay.steps)
    assert replay.steps[0].what.startswith("The game begins:")
    assert "wins" in replay.steps[-1].what
    assert all(step.what for step in replay.steps)
    # The views are the views of the game at that step (stepping back and forth).
    history = list(reference.history)
    for step in (5, 0, len(replay) - 1, 3):
        while len(reference.history) > step:
            reference.pop()
        for action in history[len(reference.history):step]:
            reference.play(action.turn)  # type: ignore[union-attr]
        # A finished game's public record tells every step as it was shown (rulebook).
        assert replay.view_at(step, PUBLIC) == view_for(reference, PUBLIC, RULEBOOK)
        if kind == PUBLIC_KIND:
            with pytest.raises(ValueError, match="only what spectators saw"):
                replay.view_at(step, "yellow")
        else:
            assert replay.view_at(step, "yellow") == view_for(reference, "yellow", RULEBOOK)
            assert replay.view_at(step, ARBITER) == view_for(reference, ARBITER, RULEBOOK)
    with pytest.raises(IndexError):
        replay.view_at(len(replay), PUBLIC)


def test_a_file_that_is_no_record_is_refused_with_the_reason(tmp_path: Path) -> None:
    from companion.archive.replay import ReplayError

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something"}', "utf-8")
    with pytest.raises(ReplayError, match="not a game record"):
        Replay.load(bad)
    with pytest.raises(ReplayError, match="cannot read"):
        Replay.load(tmp_path / "missing.json")


# --- Records of games through the interface (``companion.archive.game_records``) -----------

def test_a_running_generic_games_public_record_names_no_combatants_kind(
        tmp_path: Path) -> None:
    """While the game runs its public record is history: a list of every combatant ever
    shown would be the memory aid that [I4] forbids (as Giganten's own records, above).
    Once it is over the turns are told as they were shown."""
    from companion.archive.game_records import public_record as generic_public
    from companion.ledger.record import verify as read_log
    from tests.generic_runs import played_run

    run, played = played_run(tmp_path / "running", 3, max_plies=20)
    assert not played.is_over and played.ply == 20
    run.session.close()
    record = generic_public(read_log(run.log_path))
    assert record["result"] is None and leaked_kinds(record) == []
    assert any("challenge" in turn["public"] for turn in record["turns"])
    over, _ = played_run(tmp_path / "over", 3)
    over.session.close()
    shown = generic_public(read_log(over.log_path))
    assert leaked_kinds(shown["turns"], frozenset({"reason"}))  # as they were shown
