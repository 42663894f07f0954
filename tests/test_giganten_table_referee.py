"""Giganten's referee rules [W3] at the table, through the ``GameSession``: a
repetition refused to its owner only, the turn limit's draw kept over a power cut, the log
keeping the rules. Ported from the old ``Session``'s tests of
``tests/games/giganten/test_referee_rules.py`` (issue 13); the rules themselves are tested
there on hand-made states."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import full_record, public_record, verify_record
from companion.game import PUBLIC
from companion.game_events import (
    BoardRefused,
    ChoiceNeeded,
    GameEnded,
    GameEvent,
    IntentRefused,
    TurnCommitted,
)
from companion.games.giganten import GAME
from companion.games.giganten.choices import moved_board, pending_choices
from companion.games.giganten.legality import check_turn
from companion.games.giganten.position import GigantenState
from companion.games.giganten.referee_options import TURN_LIMIT, RefereeOptions
from companion.games.giganten.turns import IllegalTurn, Turn
from companion.ledger.record import verify as read_log
from companion.table.game_session import OVER
from tests.cli_helpers import home, run
from tests.games.giganten.test_referee_rules import (
    RING,
    ROUND,
    SHUTTLE,
    TINY,
    TWO_TRIS,
    _chasing_pick,
)
from tests.giganten_table import Table
from tests.helpers import make_state, turn
from tests.test_cli_referee_game import PIN, exported_and_verified, only_log
from tests.test_cli_referee_giganten import referee

__all__ = ["home"]


def only(events: list[GameEvent], kind: type) -> Any:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def decline(table: Table, origin: str, target: str) -> list[GameEvent]:
    """Choose "no challenge": the open choice that is the move alone."""
    for number, choice in enumerate(table.session.choices):
        if GAME.turn_to_json(table.state, choice) == {"path": [origin, target]}:
            return table.tap({"choose": number})
    raise AssertionError(f"no plain move among {table.session.choices}")


def test_W3_a_sixth_shuttle_is_refused_and_only_its_owner_reads_why(tmp_path: Path) -> None:
    """[R22, R24] The refusal names the Tri: Yellow reads it, the public and Orange do not;
    everyone gets the way back."""
    table = Table(TWO_TRIS, tmp_path / "game.log", referee=RefereeOptions())
    table.show()
    for origin, target in SHUTTLE:
        only(table.move(origin, target), TurnCommitted)
    refused = only(table.move("e5", "e4"), BoardRefused)
    assert refused.rule == "W3" and refused.player == 0
    mine = table.view(refused, 0)
    assert mine is not None and "two-squares rule" in mine["reason"]
    for audience in (PUBLIC, 1):
        shown = table.view(refused, audience)
        assert shown is not None and "rule" not in shown and "reason" not in shown
        assert "tri" not in str(shown).lower()
    assert table.state.rules_state.ply == len(SHUTTLE)
    table.move("e4", "e5")  # put back: the game goes on
    assert table.session.turns == len(SHUTTLE)


def test_W3_the_log_keeps_the_referee_rules_and_resume_restores_them(tmp_path: Path) -> None:
    options = RefereeOptions(two_squares=4, no_challenge_limit=30)
    table = Table(TWO_TRIS, tmp_path / "game.log", referee=options)
    table.show()
    for origin, target in SHUTTLE[:7]:
        table.move(origin, target)
    before = table.state.rules_state
    table.resume()
    after = table.state.rules_state
    assert after.rules.referee == options and after.rules == before.rules
    assert after.snapshot() == before.snapshot()
    assert turn(after, "j10", "j9") not in after.legal_turns()  # 4 in a row


def test_W3_a_session_game_ends_drawn_at_the_turn_limit(tmp_path: Path) -> None:
    table = Table(TWO_TRIS, tmp_path / "game.log", referee=RefereeOptions(turn_limit=3))
    table.show()
    table.move("e4", "e5")
    table.move("j10", "j9")
    ended = only(table.move("e5", "e4"), GameEnded)
    assert (ended.winner, ended.reason) == (None, TURN_LIMIT)
    table.resume()
    assert table.session.phase == OVER and table.state.rules_state.is_drawn


def test_W3_no_challenge_after_a_chasing_move_is_refused_with_the_chasing_rule(
        tmp_path: Path) -> None:
    """[R25] On the board the challenge is offered; declining it is refused (W3), told to
    the chaser only (it names no figure to anyone else)."""
    table = Table(RING, tmp_path / "game.log", referee=RefereeOptions())
    table.show()
    for origin, target in ROUND:
        if any(isinstance(e, ChoiceNeeded) for e in table.move(origin, target)):
            only(decline(table, origin, target), TurnCommitted)
    assert table.session.turns == len(ROUND)
    only(table.move("e6", "e5"), ChoiceNeeded)
    refused = only(decline(table, "e6", "e5"), IntentRefused)
    assert refused.rule == "W3" and "chasing rule" in refused.reason
    assert table.view(refused, 1) == {"event": "intent refused"}
    assert table.session.turns == len(ROUND)
    only(table.choose(challenge="f5"), TurnCommitted)  # challenging is fine


def test_W3_a_drawn_game_on_the_simulated_board_verifies(home: Path, tmp_path: Path) -> None:
    """A whole refereed game on the simulated board ends drawn at the turn limit; the draw
    reveals the salts like any end, and ``giganten verify`` follows the log to it."""
    out = referee(tmp_path, "setup all", "start", "auto 20", "status",
                  extra=("--rules", "turn_limit=14"))
    assert "over after 14 turns; winner nobody (a draw) (turn limit)" in out, out[-800:]
    log = only_log(home / "games")
    verified = run("verify", log)
    assert verified.code == 0, verified.out + verified.err
    assert "14 turns replayed" in verified.out, verified.out
    # The records keep the referee rules and the draw; the public one reveals the setups.
    entries = read_log(log)
    full, public = full_record(entries), public_record(entries)
    assert full["options"]["rules"]["referee"]["turn_limit"] == 14
    for record in (full, public):
        assert record["result"] == {"winner": None, "reason": TURN_LIMIT}
        assert verify_record(record).problems == []
    assert len(public["turns"]) == 14 and public["reveal"]["setup"]


def test_the_closing_line_of_a_refereed_game_resumes_it_at_the_desk(
        home: Path, tmp_path: Path) -> None:
    """After ``giganten referee`` the console says how to go on with the clocks and the
    desk: ``giganten referee --resume LOG`` (``giganten resume`` has no desk)."""
    out = referee(tmp_path, "setup all", "start", "auto 2")
    log = only_log(home / "games")
    assert out.rstrip().splitlines()[-1] == (
        f"The game is logged in {log}; continue it with: brettl referee --resume {log}")


@pytest.mark.parametrize("words", ["result both-lose", "decide both-lose"])
def test_the_arbiter_decides_that_both_lose(home: Path, tmp_path: Path, words: str) -> None:
    """ISF 4.3, the old desk's ``decide both-lose``: no winner and no draw; logged as a
    declared result, verified and exported in every form."""
    out = referee(tmp_path, "setup all", "start", "auto 2",
                  f"{words} both players broke the rules", PIN, "status")
    assert "over after 2 turns; winner nobody (both-lose, declared at the desk)" in out
    records = exported_and_verified(only_log(home / "games"), tmp_path)
    assert records["full"]["declared"] == {"winner": None, "reason": "both-lose"}
    assert records["public"]["declared"] == {"winner": None, "reason": "both-lose"}


def _chase_without_a_challenge() -> tuple[GigantenState, Turn]:
    """A random chase on the tiny board (``test_referee_rules.TINY``) where the chaser's
    step is refused by the chasing rule [R25] and no challenge from there is legal (a
    Blitz never challenges [C3]): the state and the refused step."""
    for seed in range(200):
        state = make_state(TINY, files=4, ranks=4, referee=RefereeOptions(two_squares=None))
        rng = random.Random(seed)
        while not state.is_over and state.ply < 150:
            legal = state.legal_turns()
            for step in sorted(set(state.rulebook_turns()) - set(legal)):
                if not any(t.path == step.path and t.challenge is not None for t in legal):
                    return GigantenState(state), step
            state.play(_chasing_pick(state, legal, rng))
    raise AssertionError("no such chase in 200 random games")


def test_W3_a_chasing_step_with_no_legal_challenge_is_asked_like_any_other() -> None:
    """[I3] The board shows a chasing step the chasing rule refuses, by a figure that may
    not challenge: the screen asks "challenge or not?" as for any step next to an enemy
    (it did not: the refusal then named no question, which a figure that may challenge
    would have been asked), and every answer is refused to its owner only."""
    state, step = _chase_without_a_challenge()
    choices = pending_choices(state, moved_board(state, step))
    assert step in choices and any(c.challenge is not None for c in choices), choices
    for choice in choices:
        with pytest.raises(IllegalTurn):
            check_turn(state.rules_state, choice)
