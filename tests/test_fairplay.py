"""Fair-play commitments: what a commitment binds, and how the session publishes and opens
them (hashes for everyone from the start [I1], salts only at the end [I3]): Giganten
through ``GameSession``, the log and its public record."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.archive.game_records import public_record, verify_record
from companion.archive.verifier import verify_path
from companion.game import ARBITER, PUBLIC
from companion.game_events import GameEnded, PlayBegins
from companion.games.giganten import GAME as GIGANTEN
from companion.ledger.fairplay import (
    SALT_BYTES,
    Seal,
    check,
    commit,
    opening,
    random_hex,
    side_setup,
)
from companion.ledger.record import canonical_json
from companion.ledger.record import verify as read_log
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.games import event_view
from tests.giganten_played import played_run
from tests.giganten_run import GigantenRun
from tests.record_helpers import log_lines

GAME = {"format": "giganten-game/1", "players": ["yellow", "orange"], "variants": ["V5", "V6"],
        "setup": {"a1": "yellow stego", "b2": "yellow nest", "a14": "orange tri"},
        "reserve": {"yellow": ["tri", "deino"]}, "secret_traps": {"yellow": "c3"}}
SALT = "ab" * SALT_BYTES


def test_a_side_holds_its_own_figures_its_reserve_and_trap_and_its_game() -> None:
    side = side_setup(GAME, "yellow", "feed")
    assert side == {"format": "giganten-commitment/1", "game": "feed", "player": "yellow",
                    "setup": {"a1": "stego", "b2": "nest"}, "reserve": ["deino", "tri"],
                    "trap": "c3"}
    assert side_setup(GAME, "orange", "feed")["setup"] == {"a14": "tri"}
    assert side_setup(GAME, "orange", "feed")["trap"] is None
    plain = side_setup({**GAME, "variants": []}, "yellow", "feed")
    assert "reserve" not in plain and "trap" not in plain  # only what the variants use


def test_a_commitment_is_the_sha256_of_the_canonical_opening() -> None:
    side = side_setup(GAME, "yellow", "feed")
    text = opening(side, SALT)
    assert text == canonical_json({**side, "salt": SALT})
    assert " " not in text and text.startswith('{"format":"giganten-commitment/1"')
    # What docs/records.md tells anyone to do with sha256sum.
    assert commit(side, SALT) == hashlib.sha256(text.encode()).hexdigest()


@settings(max_examples=60)
@given(field=st.sampled_from(["square", "kind", "salt", "game", "player", "reserve", "trap"]),
       pick=st.integers(0, 1))
def test_changing_any_part_of_a_side_changes_its_commitment(field: str, pick: int) -> None:
    side = side_setup(GAME, "yellow", "feed")
    salt = SALT
    changed = {**side, "setup": dict(side["setup"])}
    square = sorted(changed["setup"])[pick]
    if field == "square":
        changed["setup"]["c1"] = changed["setup"].pop(square)
    elif field == "kind":
        changed["setup"][square] = "blitz"
    elif field == "salt":
        salt = ("cd" if pick else "ab") + SALT[2:-2] + "00"
    elif field == "reserve":
        changed["reserve"] = changed["reserve"][pick + 1:]
    elif field == "trap":
        changed["trap"] = "d4" if pick else None
    else:
        changed[field] = "other"
    assert commit(changed, salt) != commit(side, SALT)


def test_salts_come_from_the_entropy_given_and_a_short_source_is_refused() -> None:
    rng = random.Random(1)
    seal = Seal.make(GAME, rng.randbytes)
    assert len(seal.game_id) == 32 and set(seal.salts) == {"yellow", "orange"}
    assert all(len(salt) == 2 * SALT_BYTES for salt in seal.salts.values())
    assert seal.salts["yellow"] != seal.salts["orange"]
    assert "salts" not in seal.public() and Seal.from_json(seal.secret()) == seal
    with pytest.raises(ValueError, match="instead of 16 bytes"):
        random_hex(lambda n: b"\0" * (n - 1), 16)


def test_check_accepts_the_true_sides_and_names_the_side_that_was_altered() -> None:
    seal = Seal.make(GAME, random.Random(2).randbytes)
    record = {**seal.secret(), "game": GAME}
    assert check(record) == []
    moved = {**GAME, "setup": {**GAME["setup"], "a1": "yellow tri"}}
    problems = check({**record, "game": moved})
    assert [str(p) for p in problems] == [
        "yellow: yellow's setup does not match its commitment (the setup, the salt or the"
        " commitment was altered) [fair play]"]
    salted = {**record, "salts": {**seal.salts, "orange": "00" * SALT_BYTES}}
    assert [p.where for p in check(salted)] == ["orange"]
    # A commitment is bound to its game: the same setups under another game id fail.
    assert len(check({**record, "game_id": "0" * 32})) == 2


@pytest.fixture(scope="module")
def whole_game(tmp_path_factory: pytest.TempPathFactory) -> GigantenRun:
    """A whole Giganten game through ``GameSession`` on the simulated board."""
    run, played = played_run(tmp_path_factory.mktemp("fairplay"), 9)
    assert played.is_over and run.session.phase == OVER
    run.session.close()
    return run


def _audiences() -> tuple[str, ...]:
    return (PUBLIC, *GIGANTEN.players, ARBITER)


def test_the_start_publishes_each_sides_commitment_to_everyone_and_no_salt(
        whole_game: GigantenRun) -> None:
    [begins] = [e for e in whole_game.sim.events if isinstance(e, PlayBegins)]
    fairplay = log_lines(whole_game.log_path)[0]["fairplay"]
    assert begins.commitments == fairplay["commitments"]
    assert begins.game_id == fairplay["game_id"]
    for name, hashed in fairplay["commitments"].items():  # each opens to its setup
        assert len(hashed) == 64 and len(fairplay["salts"][name]) == 2 * SALT_BYTES
    for audience in _audiences():
        view = event_view(GIGANTEN, begins, audience) or {}
        assert view["commitments"] == {name: value[:16]
                                       for name, value in fairplay["commitments"].items()}
        assert not any(salt in str(view) for salt in fairplay["salts"].values())


def test_no_salt_is_shown_before_the_end_and_the_public_record_reveals_them_after(
        whole_game: GigantenRun) -> None:
    fairplay = log_lines(whole_game.log_path)[0]["fairplay"]
    salts = fairplay["salts"].values()
    for event in whole_game.sim.events:  # nothing the table shows holds a salt [I3]
        for audience in _audiences():
            assert not any(salt in str(event_view(GIGANTEN, event, audience)) for salt in salts)
    entries = read_log(whole_game.log_path)
    before = public_record(entries[:len(entries) // 2])
    assert not any(salt in json.dumps(before) for salt in salts)
    after = public_record(entries)
    assert all(salt in json.dumps(after) for salt in salts)
    assert verify_record(after).status == 0


def test_resigning_ends_the_game_and_the_public_record_reveals_the_salts(
        tmp_path: Path) -> None:
    run, _ = played_run(tmp_path, 4, max_plies=6)
    assert run.session.phase == PLAY
    run.sim.intent({"resign": run.state.rules_state.to_move})
    ended = [e for e in run.sim.events if isinstance(e, GameEnded)]
    assert len(ended) == 1 and ended[0].resigned
    run.session.close()
    salts = log_lines(run.log_path)[0]["fairplay"]["salts"].values()
    record = public_record(read_log(run.log_path))
    assert all(salt in json.dumps(record) for salt in salts)
    assert verify_path(run.log_path).status == 0


def test_a_game_cut_at_its_end_resumes_over_and_still_verifies(tmp_path: Path) -> None:
    run, _ = played_run(tmp_path, 9)
    run.session.close()
    resumed, _ = GameSession.resume(run.log_path)
    assert resumed.phase == OVER
    resumed.close()
    assert verify_path(run.log_path).status == 0
