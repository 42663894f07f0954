"""Fair-play commitments: what a commitment binds, and how the session publishes and opens
them (hashes for everyone from the start [I1], salts only at the end [I3])."""

from __future__ import annotations

import hashlib
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.events import GameOver, GameStarted, Resign
from companion.games.giganten.codec import game_to_json
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
from companion.table.session import Session
from companion.views import ARBITER, PUBLIC, event_view
from tests.record_helpers import finished_game, log_lines
from tests.sim_games import new_table, play_sim_game

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


@settings(max_examples=60, deadline=None)
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


def _started_table() -> tuple[Session, list[object]]:
    hands, setups, _ = new_table(3)
    hands.set_up(setups)
    events = hands.start(0)
    return hands.sim.session, list(events)


def test_the_start_publishes_each_sides_commitment_to_everyone_and_no_salt() -> None:
    session, events = _started_table()
    started = next(e for e in events if isinstance(e, GameStarted))
    state, seal = session.state, session.seal
    assert state is not None and seal is not None
    assert dict(started.commitments) == seal.commitments and started.game_id == seal.game_id
    for name, hashed in seal.commitments.items():
        side = side_setup(game_to_json(state), name, seal.game_id)
        assert commit(side, seal.salts[name]) == hashed
    for audience in (PUBLIC, "yellow", "orange", ARBITER):
        view = event_view(started, audience, board=state.board, players=state.players,
                          state=state)
        assert view is not None and view["commitments"] == seal.commitments
        assert not any(salt in str(view) for salt in seal.salts.values())
        for name, value in seal.commitments.items():  # the digits the players note
            assert f"{name.capitalize()} {value[:8]}" in view["text"]


def test_the_end_reveals_the_salts_in_the_log_and_in_the_game_over_event(
        tmp_path: Path) -> None:
    game, log = finished_game(tmp_path, seed=9)
    lines = log_lines(log)
    seal = game.session.seal
    assert seal is not None
    assert lines[0]["fairplay"] == seal.secret()
    assert [line["type"] for line in lines].count("reveal") == 1
    reveal = lines[-1]
    assert reveal["type"] == "reveal" and reveal["salts"] == seal.salts
    assert reveal["result"] == game_to_json(game.reference)["result"]
    over = [e for e in game.events if isinstance(e, GameOver)]
    assert len(over) == 1 and dict(over[0].salts) == seal.salts
    state = game.session.state
    assert state is not None
    view = event_view(over[0], PUBLIC, board=state.board, players=state.players, state=state)
    assert view is not None and view["salts"] == seal.salts


def test_before_the_end_the_log_holds_no_reveal_and_resigning_reveals(tmp_path: Path) -> None:
    game = play_sim_game(4, log_dir=tmp_path, max_plies=6)
    log = tmp_path / "game-4.log"
    assert not game.reference.is_over
    assert "reveal" not in [line["type"] for line in log_lines(log)]
    events = game.session.intent(Resign(0), 100.0)
    over = next(e for e in events if isinstance(e, GameOver))
    seal = game.session.seal
    assert seal is not None and dict(over.salts) == seal.salts
    assert log_lines(log)[-1]["type"] == "reveal"
    game.session.close()


def test_a_reveal_lost_to_a_power_cut_is_logged_when_the_game_is_resumed(
        tmp_path: Path) -> None:
    game, log = finished_game(tmp_path, seed=9)
    game.session.close()
    text = log.read_text("utf-8").splitlines(keepends=True)
    log.write_text("".join(text[:-1]), "utf-8")  # the cut came before the reveal entry
    session, _ = Session.resume(log, game.session.registry)
    session.close()
    lines = log_lines(log)
    assert session.revealed and lines[-1]["type"] == "reveal"
    assert lines[-1]["salts"] == lines[0]["fairplay"]["salts"]
