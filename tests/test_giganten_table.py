"""The physical turn of Giganten, step by step, through the ``GameSession``: each
case from the design's "A turn on the real board" and the issue's list of wrong actions,
with what a player is told (ported from the old ``Session``'s tests, issue 13).

Where each test of the old ``tests/test_session.py``, ``test_session_setup.py``,
``test_session_faults.py`` and ``test_session_sim.py`` went (``here`` = this file; ``gg`` =
``tests/test_giganten_session.py``; ``ggt``/``gg9`` = its ``_tags``/``_v9`` files):

- quiet move played at rest; lifting and putting back; Blitz forward refused with the rule
  and the way back; the player not to move; an enemy figure moved; an unknown tag; one UID
  on two squares; a challenge chosen and the loser taken off; the winner stays; the next
  player moving declines; no challenge / a wrong target; the prompt offered to a Blitz; a
  scout flight must challenge; a figure dropped on a wrong square; two figures lifted; the
  wrong figure removed; resignation; logged and resumed; the open advance after a resume;
  a board differing after a resume; a log cut mid-write; an edited log; a log that cannot
  be written; a full disk: ``here``, one test each (same names, the session's events);
- uid_for unique: pinned the old helper only (gone with ``tests/session_helpers.py``);
- the three V6 reserve tests: ``gg::test_reserves_go_down_face_down_...`` (placed, moved
  on, face down to the others), ``tests/ui/test_giganten_app_variants.py`` (placed alone,
  confirmed with "Done"), ``tests/games/giganten/test_variants_play.py`` (too early [V6]);
- a running game read for an export: ``tests/test_cli_giganten_words.py`` (``export``);
- a past challenge no longer shows the kinds [I4]: ``here`` (the board's view after the
  next turn);
- setup: each side complete and valid, problems to their owner only: ``here``
  (``test_each_side_is_reported_and_problems_go_to_their_owner_only``), and
  ``ggt::test_the_agreed_reserve_is_checked_against_the_first_players``;
- faults: a dead reader, a flickering square, two tags with one UID, an unknown tag named
  by its square: ``here`` (the readers' problems in the snapshot);
- sim: whole games with noise equal the engine's, the variant games, pulling the plug:
  ``gg::test_a_whole_game_to_its_end_with_power_cuts_is_logged_and_verified``,
  ``gg::test_the_same_turns_end_as_through_gigantens_own_session`` (V1–V8, 21 cases),
  ``gg9`` (V9), ``ggt::test_a_trapped_figure_comes_back_...`` (cuts); the single-bus model:
  ``tests/hardware/`` (the readers' own tests); no event shows an unrevealed kind:
  ``gg::test_no_view_shows_an_audience_more_than_gigantens_own`` and
  ``gg::test_the_variants_show_no_audience_more_than_gigantens_own``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.game import PUBLIC
from companion.game_events import (
    BoardMatches,
    BoardRefused,
    ChoiceNeeded,
    FixBoard,
    GameEnded,
    GameEvent,
    IntentRefused,
    NextToMove,
    PieceInHand,
    TurnCommitted,
)
from companion.ledger.chain import LogError
from companion.ledger.record import verify
from companion.reads import SensingProblem
from companion.table.game_session import OVER
from companion.views.games import game_view
from tests.giganten_table import Table
from tests.helpers import HOMES

BASIC = {**HOMES, "e3": "yellow blitz", "e4": "yellow tri", "c5": "yellow flug",
         "f9": "orange dilo", "e6": "orange stego", "h9": "orange tri"}


@pytest.fixture
def table(tmp_path: Path) -> Table:
    """BASIC on the board, Yellow to move."""
    return _table(tmp_path, BASIC)


def _table(tmp_path: Path, figures: dict[str, str]) -> Table:
    table = Table(figures, tmp_path / "g.log")
    assert table.show() == [BoardMatches()]
    return table


def only(events: list[GameEvent], kind: type) -> Any:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def _steps(table: Table, event: GameEvent, audience: int = PUBLIC) -> list[tuple[str, str]]:
    view = table.view(event, audience)
    assert view is not None
    return [(step["action"], step["square"]) for step in view["steps"]]


def test_a_quiet_move_is_played_when_the_figure_comes_to_rest(table: Table) -> None:
    lifted = table.lift("a1")
    assert lifted == [PieceInHand(table.sq("a1"))]
    assert table.view(lifted[0]) == {"event": "in hand", "square": "a1"}
    placed = table.put("a2")
    played = only(placed, TurnCommitted)
    assert table.state.rules_state.ply == 1 and table.sq("a2") in table.state.pieces()
    assert placed[-1] == NextToMove(1)
    assert played.turn == {"path": ["a1", "a2"]} and played.player == 0


def test_lifting_and_putting_back_is_no_turn(table: Table) -> None:
    assert table.lift("e4") == [PieceInHand(table.sq("e4"))]
    table.put("e4")
    assert not [e for e in table.events if isinstance(e, TurnCommitted | BoardRefused)]
    assert table.state.rules_state.ply == 0 and table.session.turns == 0


def test_blitz_forward_is_refused_with_the_rule_and_the_way_back(tmp_path: Path) -> None:
    table = _table(tmp_path, {**HOMES, "e3": "yellow blitz", "f9": "orange dilo"})
    table.lift("e3")
    event = only(table.put("e4"), BoardRefused)
    assert event.rule == "M4" and "Blitz never moves forward" in event.reason
    assert _steps(table, event, 0) == [("remove", "e4"), ("place", "e3")]
    # Everyone else learns only that the move is not allowed and the way back: naming the
    # rule would name the Blitz [R22].
    for audience in (1, PUBLIC):
        shown = table.view(event, audience)
        assert shown is not None and "rule" not in shown and "reason" not in shown
        assert _steps(table, event, audience) == [("remove", "e4"), ("place", "e3")]
    assert table.state.rules_state.ply == 0
    table.move("e4", "e3")
    table.move("e3", "d3")  # sideways is fine [M4]
    assert table.state.rules_state.ply == 1


def test_the_player_not_to_move_is_told_to_put_the_figure_back(table: Table) -> None:
    table.lift("f9")
    event = only(table.put("f8"), BoardRefused)
    assert event.rule == "M1" and "Yellow's turn" in event.reason
    assert _steps(table, event) == [("remove", "f8"), ("place", "f9")]
    table.move("f8", "f9")
    assert table.session.turns == 0 and not table.session.fixing


def test_an_enemy_figure_moved_elsewhere_is_a_board_to_fix(table: Table) -> None:
    table.move("a1", "a2")  # Orange to move now: Yellow's figure moves out of turn
    event = only(table.move("e4", "d4"), BoardRefused)
    assert event.rule == "M1"
    assert _steps(table, event) == [("remove", "d4"), ("place", "e4")]
    assert table.session.turns == 1


def test_an_unknown_tag_is_reported_and_nothing_is_judged(table: Table) -> None:
    event = only(table.put("c3", "04FFFFFFFFFFFF"), BoardRefused)
    assert event.player == PUBLIC and "c3: take it off" in event.reason
    assert len(event.reason.splitlines()) == 1
    table.tags.pop("c3")
    table.show()
    assert table.session.turns == 0 and table.state.rules_state.ply == 0


def test_one_uid_on_two_squares_is_reported_not_guessed(table: Table) -> None:
    tags = {table.sq(n): u for n, u in table.tags.items()}
    tags[table.sq("c3")] = table.tags["e4"]
    snapshot = table.snapshot(problems=(SensingProblem(
        "duplicate", tuple(sorted((table.sq("c3"), table.sq("e4")))), table.tags["e4"]),))
    event = only(table.session.on_snapshot(snapshot.__class__(snapshot.time, tags,
                                                              problems=snapshot.problems)),
                 BoardRefused)
    assert "c3, e4" in event.reason and table.tags["e4"] not in event.reason  # no UID shown
    assert table.state.rules_state.ply == 0


def test_a_challenge_is_chosen_on_the_screen_and_the_loser_must_leave(table: Table) -> None:
    asked = only(table.move("e4", "e5"), ChoiceNeeded)
    assert {"path": ["e4", "e5"], "challenge": "e6"} in asked.choices
    assert {"path": ["e4", "e5"]} in asked.choices  # it may decline [C1]
    assert table.session.turns == 0, "nothing is played before the challenge is chosen"
    events = table.choose(challenge="e6")
    played = only(events, TurnCommitted)
    assert played.public["challenge"]["outcome"] == "challenger_wins"  # Tri beats Stego [K1]
    assert played.removed == (table.sq("e6"),)
    fix = only(events, FixBoard)
    assert _steps(table, fix) == [("remove", "e6")]
    offer = only(table.lift("e6"), ChoiceNeeded)
    assert offer.choices == ({"advance": True}, {"advance": False})
    assert table.state.offer is not None and table.state.offer.into == table.sq("e6")
    done = only(table.move("e5", "e6"), TurnCommitted)
    assert done.public == {"advance": True, "from": "e5", "into": "e6"}
    assert table.state.rules_state.history[-1].advanced  # type: ignore[union-attr]
    assert table.events[-1] == NextToMove(1)


def test_the_winner_may_stay(table: Table) -> None:
    table.move("e4", "e5")
    table.choose(challenge="e6")
    table.lift("e6")
    events = table.choose(advance=False)
    assert only(events, TurnCommitted).public == {"advance": False, "from": "e5",
                                                  "into": "e6"}
    assert events[-1] == NextToMove(1)


def test_the_next_player_moving_declines_the_advance(table: Table) -> None:
    table.move("e4", "e5")
    table.choose(challenge="e6")
    table.lift("e6")
    table.lift("h9")
    stayed, moved = [e for e in table.put("h8") if isinstance(e, TurnCommitted)]
    assert stayed.turn == {"advance": False} and moved.turn == {"path": ["h9", "h8"]}
    logged = [e.body["turn"] for e in verify(table.log_path) if e.type == "turn"]
    assert logged[1:] == [{"advance": False}, {"path": ["h9", "h8"]}]
    assert table.state.rules_state.ply == 2


def test_no_challenge_ends_the_turn_and_a_wrong_target_is_refused(table: Table) -> None:
    table.move("e4", "e5")
    refused = only(table.tap({"choose": 7}), IntentRefused)
    assert len(refused.reason.splitlines()) == 1 and table.session.turns == 0
    events = table.choose(path=["e4", "e5"])
    assert only(events, TurnCommitted).turn == {"path": ["e4", "e5"]}
    assert events[-1] == NextToMove(1)


def test_the_prompt_is_offered_to_a_blitz_too_so_it_gives_nothing_away(tmp_path: Path
                                                                        ) -> None:
    table = _table(tmp_path, {**HOMES, "d5": "yellow blitz", "c6": "orange stego",
                              "f9": "orange dilo"})
    asked = only(table.move("d5", "c5"), ChoiceNeeded)
    assert {"path": ["d5", "c5"], "challenge": "c6"} in asked.choices
    refused = only(table.choose(challenge="c6"), IntentRefused)
    assert refused.rule == "C3" and "Blitz" in refused.reason
    mine, theirs = table.view(refused, 0), table.view(refused, 1)
    assert mine is not None and "Blitz" in mine["reason"]
    assert theirs == {"event": "intent refused"}  # nothing of the Blitz or C3 [I3]
    assert only(table.choose(path=["d5", "c5"]), TurnCommitted)


def test_a_scout_flight_must_challenge(tmp_path: Path) -> None:
    table = _table(tmp_path, {**BASIC, "c10": "orange stego"})
    asked = only(table.move("c5", "c9"), ChoiceNeeded)
    assert asked.choices == ({"path": ["c5", "c9"], "challenge": "c10"},)  # no "none" [M7]
    assert table.session.turns == 0


def test_a_figure_dropped_on_a_wrong_square_and_corrected(table: Table) -> None:
    table.lift("a1")
    refused = only(table.put("a3"), BoardRefused)
    assert _steps(table, refused) == [("remove", "a3"), ("place", "a1")]
    table.lift("a3")
    only(table.put("a2"), TurnCommitted)
    assert table.state.rules_state.ply == 1


def test_two_figures_lifted_at_once_are_waited_for(table: Table) -> None:
    table.lift("a1")
    first = table.hand
    assert table.lift("e4") == []  # both in the hand: waited for
    second = table.hand
    waiting = table.put("a2", first)
    assert table.state.rules_state.ply == 0 and not any(
        isinstance(e, TurnCommitted) for e in waiting)
    events = table.put("e4", second)
    only(events, TurnCommitted)
    assert table.state.rules_state.ply == 1


def test_the_wrong_figure_removed_after_a_challenge(table: Table) -> None:
    table.move("e4", "e5")
    table.choose(challenge="e6")
    fix = only(table.lift("e5"), FixBoard)  # the winner taken off instead of the loser
    assert _steps(table, fix) == [("remove", "e6"), ("place", "e5")]
    table.put("e5")
    assert only(table.lift("e6"), ChoiceNeeded).choices[0] == {"advance": True}


def test_resignation_ends_the_game(table: Table) -> None:
    ended = only(table.tap({"resign": 0}), GameEnded)
    assert ended.winner == 1 and ended.resigned and table.session.phase == OVER
    shown = table.view(ended)
    assert shown is not None and shown["winner"] == "orange" and shown["resigned"]


def _play_a_challenge(table: Table) -> None:
    table.move("a1", "a2")
    table.move("h9", "h8")
    table.move("e4", "e5")
    table.choose(challenge="e6")
    table.lift("e6")
    table.move("e5", "e6")


def test_every_turn_is_logged_before_it_is_shown_and_resume_continues(table: Table) -> None:
    _play_a_challenge(table)
    assert oct(table.log_path.stat().st_mode & 0o777) == "0o600"
    before = table.state.rules_state.history
    assert [e.type for e in verify(table.log_path)].count("turn") == table.session.turns == 4
    assert table.resume() == [NextToMove(1)]
    assert table.state.rules_state.history == before
    # The physical board still stands: it matches, and Orange is to move.
    assert table.show() == [BoardMatches()]
    assert table.state.to_move == 1 and not table.session.fixing


def test_resume_with_an_open_advance_offers_it_again(table: Table) -> None:
    table.move("e4", "e5")
    table.choose(challenge="e6")
    table.resume()
    fix = only(table.show(), FixBoard)  # the loser is still standing
    assert _steps(table, fix) == [("remove", "e6")]
    offer = only(table.lift("e6"), ChoiceNeeded)
    assert offer.choices == ({"advance": True}, {"advance": False})


def test_a_board_that_differs_after_resume_says_where(table: Table) -> None:
    table.move("a1", "a2")
    table.resume()
    table.tags["a1"] = table.tags.pop("a2")  # knocked back meanwhile
    fix = only(table.show(), FixBoard)
    assert _steps(table, fix) == [("remove", "a1"), ("place", "a2")]
    table.move("a1", "a2")
    assert table.session.fixing is False


def test_a_log_cut_off_mid_write_is_repaired_on_resume(table: Table) -> None:
    table.move("a1", "a2")
    table.move("h9", "h8")
    table.session.close()
    data = table.log_path.read_bytes()
    table.log_path.write_bytes(data[:-7])  # the power went in the middle of the last entry
    table.resume()
    assert table.session.turns == 1 and table.state.rules_state.ply == 1
    assert [e.type for e in verify(table.log_path)].count("turn") == 1


def test_an_edited_log_is_refused(table: Table) -> None:
    table.move("a1", "a2")
    table.move("h9", "h8")
    table.session.close()
    lines = table.log_path.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('"a2"', '"a3"')
    table.log_path.write_text("".join(lines))
    with pytest.raises(LogError, match="line 2"):
        table.resume()


def test_a_log_that_cannot_be_written_takes_the_turn_back(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk refuses the write: the turn is not played, nothing is shown, and the log
    still holds only what was committed."""
    def no_space(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", no_space)
    table.lift("a1")
    with pytest.raises(LogError, match="No space left"):
        table.put("a2")
    assert table.state.rules_state.ply == 0 and table.session.turns == 0
    assert not [e for e in table.events if isinstance(e, TurnCommitted)]
    monkeypatch.undo()
    table.session.close()
    assert [entry.type for entry in verify(table.log_path)] == ["start"]


def test_a_past_challenge_no_longer_shows_the_kinds(table: Table) -> None:
    """I4: once the next turn is played, the last challenge's kinds leave the screen."""
    table.move("e4", "e5")
    played = only(table.choose(challenge="e6"), TurnCommitted)
    shown = game_view(table.session.game, table.state, 1, last_turn=played.public)
    assert "stego" in str(shown) and "tri" in str(shown).lower()
    table.lift("e6")
    table.choose(advance=False)
    table.move("h9", "h8")
    now = game_view(table.session.game, table.state, 1)
    mine = {f["square"]: f.get("kind") for f in now["figures"]}
    assert mine.get("e5") is None, "the Tri's kind is no longer shown to Orange [I4]"
    assert "K1" not in str(now)


def _a_whole_challenge(table: Table, cut_after: int) -> None:
    """Yellow's Tri challenges and advances, Orange moves; the power goes after step
    ``cut_after`` (a lift, a put or a tap) and the session comes back from its log. A
    turn half made on the board when the power went is not in the log: the session asks
    for the board as logged (``FixBoard``), and the players make that turn again."""
    steps = [lambda: table.lift("e4"), lambda: table.put("e5"),
             lambda: table.choose(challenge="e6"), lambda: table.lift("e6"),
             lambda: table.lift("e5"), lambda: table.put("e6"),
             lambda: table.lift("h9"), lambda: table.put("h8")]
    logged_at = (0, 3, 4, 6, 8)  # the steps after which the board is what the log says
    boards, turns = {}, {}
    number = 0
    while number < len(steps):
        boards[number], turns[number] = dict(table.tags), table.session.turns
        steps[number]()
        if number == cut_after:
            cut_after = -1  # one power cut
            table.resume()
            again = max(n for n in logged_at if n <= number + 1)
            fix = [e for e in table.show() if isinstance(e, FixBoard)]
            if again <= number:  # a turn half made: put back as logged, made again
                assert fix and table.session.turns == turns[again] and not table.session.choices
                table.tags = boards[again]
                table.show()
                assert not table.session.fixing
                number = again
                continue
        number += 1


@pytest.mark.parametrize("cut_after", range(8))
def test_pulling_the_plug_between_any_two_steps_loses_nothing(cut_after: int,
                                                              tmp_path: Path) -> None:
    table = _table(tmp_path, BASIC)
    _a_whole_challenge(table, cut_after)
    logged = [e.body["turn"] for e in verify(table.log_path) if e.type == "turn"]
    assert logged == [{"path": ["e4", "e5"], "challenge": "e6"}, {"advance": True},
                      {"path": ["h9", "h8"]}]
    assert not table.session.fixing and table.state.to_move == 0
