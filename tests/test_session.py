"""The physical turn, step by step: each case from the design's "A turn on the real board"
and the issue's list of wrong actions, with the message a player reads."""

from __future__ import annotations

from pathlib import Path

import pytest

import companion.ledger.record as record
from companion.events import (
    AdvanceDone,
    AdvanceOffer,
    BoardDiffers,
    Challenge,
    ChallengePrompt,
    GameOver,
    InHand,
    NoChallenge,
    ReadersTrouble,
    Refused,
    Resign,
    Stay,
    ToMove,
    TurnPlayed,
)
from companion.ledger.record import GameLog
from companion.reads import SensingProblem
from companion.registry import Figure
from companion.table.sensing import Snapshot
from companion.table.session import Session, SessionError
from companion.views import event_view
from tests.helpers import HOMES
from tests.session_helpers import Desk, uid_for

BASIC = {**HOMES, "e3": "yellow blitz", "e4": "yellow tri", "c5": "yellow flug",
         "f9": "orange dilo", "e6": "orange stego", "h9": "orange tri"}


def kinds(events: list[object]) -> list[str]:
    return [type(e).__name__ for e in events]


def only(events: list[object], kind: type) -> object:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def test_a_quiet_move_is_played_when_the_figure_comes_to_rest() -> None:
    desk = Desk(BASIC)
    assert kinds(desk.show()) == ["ToMove"]
    lifted = desk.lift("a1")
    assert isinstance(lifted[0], InHand) and lifted[0].squares == (desk.sq("a1"),)
    assert desk.text(lifted[0]) == "Yellow is moving the figure from a1"
    placed = desk.put("a2")
    played = only(placed, TurnPlayed)
    assert desk.state.ply == 1 and desk.state.figure_at(desk.sq("a2")) is not None
    assert placed[-1] == ToMove(1)
    assert "Yellow played a1-a2" in desk.text(played)


def test_lifting_and_putting_back_is_no_turn() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.lift("e4")
    assert kinds(desk.put("e4")) == ["ToMove"]
    assert desk.state.ply == 0


def test_blitz_forward_is_refused_with_the_rule_and_the_way_back() -> None:
    desk = Desk({**HOMES, "e3": "yellow blitz", "f9": "orange dilo"})
    desk.show()
    desk.lift("e3")
    event = only(desk.put("e4"), Refused)
    assert isinstance(event, Refused) and event.rule == "M4"
    assert desk.text(event, "yellow") == "Blitz never moves forward [M4]: put it back on e3"
    # Everyone else learns only that the move is not allowed: naming the rule would name
    # the Blitz [R22].
    assert desk.text(event, "orange") == "That is not allowed: put it back on e3"
    assert desk.text(event) == "That is not allowed: put it back on e3"
    assert desk.state.ply == 0
    desk.move("e4", "e3")
    assert desk.session.status == ToMove(0)
    desk.move("e3", "d3")  # sideways is fine [M4]
    assert desk.state.ply == 1


def test_the_player_not_to_move_is_told_to_put_the_figure_back() -> None:
    desk = Desk(BASIC)
    desk.show()
    event = only(desk.lift("f9"), Refused)
    assert isinstance(event, Refused) and event.rule == "M1" and event.put_back == desk.sq("f9")
    assert desk.text(event) == "Not your turn: Yellow is to move [M1]: put it back on f9"
    assert kinds(desk.put("f9")) == ["ToMove"]


def test_an_enemy_figure_moved_elsewhere_is_a_board_to_fix() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.lift("f9")
    event = only(desk.put("f8"), BoardDiffers)
    assert desk.text(event) == "Put the figure from f8 back on f9"


def test_an_unknown_tag_is_reported_and_nothing_is_judged() -> None:
    desk = Desk(BASIC)
    desk.show()
    event = only(desk.put("c3", "04FFFFFFFFFFFF"), ReadersTrouble)
    assert desk.text(event) == "Unknown tag on c3: take it off the board, or enrol it"
    desk.tags.pop("c3")
    assert kinds(desk.show()) == ["ToMove"]


def test_one_uid_on_two_squares_is_reported_not_guessed() -> None:
    desk = Desk(BASIC)
    desk.show()
    board = desk.state.board
    tags = {board.square(n): u for n, u in desk.tags.items()}
    tags[board.square("c3")] = desk.tags["e4"]
    problems = (SensingProblem("duplicate", tuple(sorted((board.square("c3"),
                                                          board.square("e4")))),
                               desk.tags["e4"]),)
    event = desk.session.on_snapshot(Snapshot(1.0, tags, problems=problems))[0]
    assert isinstance(event, ReadersTrouble)
    text = desk.text(event)
    assert "c3 and e4" in text and desk.tags["e4"] not in text  # the UID stays off screen
    assert desk.state.ply == 0


def test_a_challenge_is_chosen_on_the_screen_and_the_loser_must_leave() -> None:
    desk = Desk(BASIC)
    desk.show()
    prompt = only(desk.move("e4", "e5"), ChallengePrompt)
    assert isinstance(prompt, ChallengePrompt)
    assert prompt.targets == (desk.sq("e6"),) and prompt.may_decline
    assert desk.state.ply == 0, "nothing is played before the challenge is chosen"
    events = desk.tap(Challenge(desk.sq("e6")))
    played = only(events, TurnPlayed)
    assert isinstance(played, TurnPlayed) and played.result.combat is not None
    assert played.result.removed  # Tri beats Stego on land [K1]
    fix = only(events, BoardDiffers)
    assert desk.text(fix) == "Take the figure off e6: it lost the challenge"
    offer = only(desk.lift("e6"), AdvanceOffer)
    assert isinstance(offer, AdvanceOffer) and offer.into == desk.sq("e6")
    assert "may advance from e5 to e6" in desk.text(offer)
    done = desk.move("e5", "e6")
    assert only(done, AdvanceDone) == AdvanceDone(0, desk.sq("e5"), desk.sq("e6"), True)
    assert desk.state.history[-1].advanced  # type: ignore[union-attr]
    assert desk.session.status == ToMove(1)


def test_the_winner_may_stay() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.move("e4", "e5")
    desk.tap(Challenge(desk.sq("e6")))
    desk.lift("e6")
    events = desk.tap(Stay())
    assert only(events, AdvanceDone) == AdvanceDone(0, desk.sq("e5"), desk.sq("e6"), False)
    assert events[-1] == ToMove(1)


def test_the_next_player_moving_declines_the_advance() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.move("e4", "e5")
    desk.tap(Challenge(desk.sq("e6")))
    desk.lift("e6")
    lifted = desk.lift("h9")
    assert isinstance(lifted[0], AdvanceDone) and not lifted[0].advanced
    assert isinstance(lifted[1], InHand)
    assert only(desk.put("h8"), TurnPlayed)
    assert desk.state.ply == 2


def test_no_challenge_ends_the_turn_and_a_wrong_target_is_refused() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.move("e4", "e5")
    refused = only(desk.tap(Challenge(desk.sq("h9"))), Refused)
    assert isinstance(refused, Refused) and refused.rule.startswith("C")
    events = desk.tap(NoChallenge())
    assert only(events, TurnPlayed) and events[-1] == ToMove(1)


def test_the_prompt_is_offered_to_a_blitz_too_so_it_gives_nothing_away() -> None:
    desk = Desk({**HOMES, "d5": "yellow blitz", "c6": "orange stego", "f9": "orange dilo"})
    desk.show()
    prompt = only(desk.move("d5", "c5"), ChallengePrompt)
    assert isinstance(prompt, ChallengePrompt) and prompt.targets == (desk.sq("c6"),)
    refused = only(desk.tap(Challenge(desk.sq("c6"))), Refused)
    assert isinstance(refused, Refused) and refused.rule == "C3"
    assert "Blitz" in desk.text(refused, "yellow")
    assert "Blitz" not in desk.text(refused, "orange") and "C3" not in desk.text(refused)
    assert only(desk.tap(NoChallenge()), TurnPlayed)


def test_a_scout_flight_must_challenge() -> None:
    desk = Desk({**BASIC, "c10": "orange stego"})
    desk.show()
    prompt = only(desk.move("c5", "c9"), ChallengePrompt)
    assert isinstance(prompt, ChallengePrompt) and not prompt.may_decline
    assert prompt.targets == (desk.sq("c10"),)
    refused = only(desk.tap(NoChallenge()), Refused)
    assert isinstance(refused, Refused) and refused.rule == "M7"


def test_a_figure_dropped_on_a_wrong_square_and_corrected() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.lift("a1")
    refused = only(desk.put("a3"), Refused)
    assert isinstance(refused, Refused) and refused.put_back == desk.sq("a1")
    desk.lift("a3")
    events = desk.put("a2")
    assert only(events, TurnPlayed) and desk.state.ply == 1


def test_two_figures_lifted_at_once_are_waited_for() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.lift("a1")
    first = desk.hand
    assert isinstance(desk.lift("e4")[0], InHand)
    second = desk.hand
    waiting = desk.put("a2", first)
    assert desk.state.ply == 0 and isinstance(waiting[0], InHand)
    assert waiting[0].squares == (desk.sq("e4"),)
    events = desk.put("e4", second)
    assert only(events, TurnPlayed) and desk.state.ply == 1


def test_the_wrong_figure_removed_after_a_challenge() -> None:
    desk = Desk(BASIC)
    desk.show()
    desk.move("e4", "e5")
    desk.tap(Challenge(desk.sq("e6")))
    desk.lift("e5")  # the winner taken off instead of the loser
    fix = desk.session.status
    assert isinstance(fix, BoardDiffers)
    assert desk.text(fix) == ("Put the figure back on e5; Take the figure off e6: it lost the"
                              " challenge")
    desk.put("e5")
    desk.lift("e6")
    assert isinstance(desk.session.status, AdvanceOffer)


def test_resignation_ends_the_game() -> None:
    desk = Desk(BASIC)
    desk.show()
    events = desk.tap(Resign(0))
    assert isinstance(events[-1], GameOver) and events[-1].winner == 1
    assert desk.text(events[-1]) == "Game over: Orange wins (resignation)"


def test_every_turn_is_logged_before_it_is_shown_and_resume_continues(tmp_path: Path) -> None:
    log = tmp_path / "games" / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()
    desk.move("a1", "a2")
    desk.move("h9", "h8")
    desk.move("e4", "e5")
    desk.tap(Challenge(desk.sq("e6")))
    desk.lift("e6")
    desk.move("e5", "e6")
    assert oct(log.stat().st_mode & 0o777) == "0o600"
    desk.session.close()
    resumed, notes = Session.resume(log, desk.registry)
    assert notes == []
    assert resumed.state is not None
    assert resumed.state.history == desk.state.history
    assert resumed.state.snapshot() == desk.state.snapshot()
    # The physical board still stands: it matches, and Orange is to move.
    board = desk.state.board
    snapshot = Snapshot(9.0, {board.square(n): u for n, u in desk.tags.items()})
    assert resumed.on_snapshot(snapshot) == [ToMove(1)]


def test_resume_with_an_open_advance_offers_it_again(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()
    desk.move("e4", "e5")
    desk.tap(Challenge(desk.sq("e6")))
    desk.session.close()
    resumed, _ = Session.resume(log, desk.registry)
    board = desk.state.board
    snapshot = Snapshot(9.0, {board.square(n): u for n, u in desk.tags.items()})
    events = resumed.on_snapshot(snapshot)
    assert isinstance(events[0], BoardDiffers)  # the loser is still standing
    del desk.tags["e6"]
    events = resumed.on_snapshot(Snapshot(9.5, {board.square(n): u
                                               for n, u in desk.tags.items()}))
    assert isinstance(events[0], AdvanceOffer)


def test_a_board_that_differs_after_resume_says_where(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()
    desk.move("a1", "a2")
    desk.session.close()
    resumed, _ = Session.resume(log, desk.registry)
    board = desk.state.board
    tags = {board.square(n): u for n, u in desk.tags.items()}
    tags[board.square("a1")] = tags.pop(board.square("a2"))  # knocked back meanwhile
    event = resumed.on_snapshot(Snapshot(9.0, tags))[0]
    assert isinstance(event, (BoardDiffers, Refused))
    assert isinstance(event, BoardDiffers)
    assert desk.text(event) == "Put the figure from a1 back on a2"


def test_a_log_cut_off_mid_write_is_repaired_on_resume(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()
    desk.move("a1", "a2")
    desk.move("h9", "h8")
    data = log.read_bytes()
    log.write_bytes(data[:-7])  # the power went in the middle of the last entry
    desk.session.close()
    resumed, notes = Session.resume(log, desk.registry)
    assert resumed.state is not None and resumed.state.ply == 1
    assert notes and "cut off" in str(notes[0])


def test_an_edited_log_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()
    desk.move("a1", "a2")
    desk.move("h9", "h8")
    lines = log.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('"a2"', '"a3"')
    log.write_text("".join(lines))
    desk.session.close()
    with pytest.raises(ValueError, match="line 2"):
        Session.resume(log, desk.registry)


def test_a_log_that_cannot_be_written_takes_the_turn_back(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(GameLog, "append", full)
    desk.lift("a1")
    with pytest.raises(SessionError, match="could not be written"):
        desk.put("a2")
    assert desk.state.ply == 0


def test_a_full_disk_under_the_log_takes_the_turn_back(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk itself refuses the write (the log's own error, not the OS's), the turn is
    taken back, and the log still holds only what was committed."""
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()

    def no_space(fd: int, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record, "_write_all", no_space)
    desk.lift("a1")
    with pytest.raises(SessionError, match="could not be written"):
        desk.put("a2")
    assert desk.state.ply == 0
    monkeypatch.undo()
    desk.session.close()
    assert [entry.type for entry in record.verify(log)] == ["start"]


def test_uid_for_is_unique_per_figure() -> None:
    assert len({uid_for(o, k, n) for o in ("yellow", "orange") for k in ("tri", "stego")
                for n in (1, 2, 3)}) == 12


def test_a_reserve_figure_is_placed_and_may_move_on_in_the_same_turn() -> None:
    desk = Desk(BASIC, variants=("V6",), reserve={"yellow": ["tri"]},
                turns_made={"yellow": 2, "orange": 2})
    reserve_tag = uid_for("yellow", "tri", 3)
    desk.registry.enrol(reserve_tag, Figure("yellow", "tri", 3))
    desk.show()
    prompt = only(desk.put("c1", reserve_tag), ChallengePrompt)
    assert isinstance(prompt, ChallengePrompt) and prompt.may_continue and not prompt.targets
    assert desk.state.ply == 0
    desk.lift("c1")
    events = desk.put("c2")
    played = only(events, TurnPlayed)
    assert isinstance(played, TurnPlayed)
    board = desk.state.board
    assert played.result.turn.place == ((board.square("c1"), desk.state.fig_kind[
        desk.state.occ[board.square("c2")]]),)
    assert played.result.turn.path == (board.square("c1"), board.square("c2"))
    # Orange sees where the figure came on, not what it is [I3, R19].
    assert "tri" not in str(desk.view(played, "orange")).lower()


def test_a_reserve_figure_placed_alone_is_confirmed_on_the_screen() -> None:
    desk = Desk(BASIC, variants=("V6",), reserve={"yellow": ["tri"]},
                turns_made={"yellow": 2, "orange": 2})
    reserve_tag = uid_for("yellow", "tri", 3)
    desk.registry.enrol(reserve_tag, Figure("yellow", "tri", 3))
    desk.show()
    desk.put("n1", reserve_tag)
    events = desk.tap(NoChallenge())
    assert only(events, TurnPlayed) and desk.state.reserve_of(0) == []


def test_a_reserve_figure_too_early_is_refused() -> None:
    desk = Desk(BASIC, variants=("V6",), reserve={"yellow": ["tri"]})
    reserve_tag = uid_for("yellow", "tri", 3)
    desk.registry.enrol(reserve_tag, Figure("yellow", "tri", 3))
    desk.show()
    event = only(desk.put("n1", reserve_tag), Refused)
    assert isinstance(event, Refused) and event.rule == "V6"


def test_a_running_game_can_be_read_for_an_export(tmp_path: Path) -> None:
    log = tmp_path / "g.log"
    desk = Desk(BASIC, log_path=log)
    desk.show()
    desk.move("a1", "a2")
    copy = Session.read(log, desk.registry)  # the playing session still holds the log
    assert copy.state is not None and copy.state.history == desk.state.history
    desk.move("h9", "h8")
    assert desk.state.ply == 2, "reading did not disturb the game"


def test_a_past_challenge_no_longer_shows_the_kinds() -> None:
    """I4: once the next turn is played, the last challenge's kinds leave the screen."""
    desk = Desk(BASIC)
    desk.show()
    desk.move("e4", "e5")
    played = only(desk.tap(Challenge(desk.sq("e6"))), TurnPlayed)
    now = desk.view(played)
    assert now is not None and now["action"]["combat"]["challenged_kind"] == "stego"
    view = event_view(played, "orange", board=desk.state.board, players=desk.state.players,
                      state=desk.state, past=True)
    assert view is not None
    combat = view["action"]["combat"]
    assert "challenger_kind" not in combat and "rule" not in combat
    assert "Tri" not in view["text"] and "K1" not in view["text"]
    mine = event_view(played, "yellow", board=desk.state.board, players=desk.state.players,
                      state=desk.state, past=True)
    assert mine is not None and mine["action"]["combat"]["challenger_kind"] == "tri"
