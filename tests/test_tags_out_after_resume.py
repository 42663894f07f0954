"""Tags out of the game survive a power cut: a figure captured before the cut and put
back on the board after it is told as such, with the same line as before the cut
(``companion.table.tag_match``'s refusal), for every game whose tags leave the game
(Giganten's captures and combats, Strategus's combats, Gimmel's captures).

Each test plays a whole game on the simulated board through the real session: a
capture, the captured tag put back (refused), a power cut (a new session resumed from
the log file) with the captured tag put back during the cut or after it (refused with
the same line), the board put right, the game played on to its end and its log
verified: nothing lost."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.archive.verdict import EXIT_VERIFIED
from companion.archive.verifier import verify_path
from companion.game import Game, Square
from companion.game_events import BoardMatches, BoardRefused, GameEvent, TurnCommitted
from companion.games import get_game
from companion.games.giganten.state import GameState as GigantenRules
from companion.games.giganten.turns import TurnResult
from companion.identities import sim_identities
from companion.ledger import game_log
from companion.reads import Uid
from companion.table.game_session import OVER, PLAY, GameSession
from companion.table.tag_match import WRONG_TAGS
from hardware.simgame import GameHands, SimGameTable
from tests.giganten_bots import make_bots, take_turn
from tests.giganten_run import GigantenRun, reference_game


def _refusals(events: list[GameEvent]) -> list[BoardRefused]:
    return [e for e in events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]


def _captured_with_twin(session: GameSession, board: dict[Square, Uid]
                        ) -> tuple[Uid, Square] | None:
    """A captured tag and the square of a figure of its kind still on the board."""
    for uid in sorted(session.places.gone):
        lost = session.identities[uid]
        for square, other in sorted(board.items()):
            there = session.identities[other]
            if (there.owner, there.kind) == (lost.owner, lost.kind):
                return uid, square
    return None


def _swap_in(sim: SimGameTable, square: Square, uid: Uid) -> tuple[Uid, list[GameEvent]]:
    """The captured tag ``uid`` put in place of the figure on ``square``."""
    twin = sim.board.lift(square)
    sim.run_for()
    sim.board.place(square, uid)
    return twin, sim.run_for()


def _put_back(sim: SimGameTable, square: Square, twin: Uid) -> list[GameEvent]:
    sim.board.lift(square)
    sim.run_for()
    sim.board.place(square, twin)
    return sim.run_for()


def _cut_with_swap(sim: SimGameTable, square: Square, uid: Uid) -> tuple[Uid, GameSession,
                                                                          list[GameEvent]]:
    """A power cut during which the captured tag is put in place of ``square``'s figure:
    the session is closed, resumed from its log file, and reads the board afresh."""
    sim.session.close()
    twin = sim.board.lift(square)
    sim.board.place(square, uid)
    resumed, _ = GameSession.resume(sim.session.log_path)
    sim.restart(resumed)
    return twin, resumed, sim.run_for()


def _told_the_same_after_a_cut(sim: SimGameTable, found: tuple[Uid, Square]) -> None:
    """The captured tag put back before the cut and during it: the same refusal, then the
    board put right and nothing lost (turns, position, the tags out of the game)."""
    uid, square = found
    session = sim.session
    twin, events = _swap_in(sim, square, uid)
    [before] = _refusals(events)
    assert square in {step.square for step in before.steps}
    assert not _refusals(_put_back(sim, square, twin))
    turns, gone, state = session.turns, session.places.gone, session.state
    assert state is not None
    pieces = dict(state.pieces())
    twin, resumed, events = _cut_with_swap(sim, square, uid)
    assert _refusals(events) == [before], events  # the same line as before the cut
    assert not any(isinstance(e, (BoardMatches, TurnCommitted)) for e in events)
    assert resumed.fixing and resumed.places.gone == gone
    events = _put_back(sim, square, twin)
    assert any(isinstance(e, BoardMatches) for e in events), events
    assert resumed.state is not None and not resumed.fixing
    assert resumed.turns == turns and dict(resumed.state.pieces()) == pieces


def _play_out(sim: SimGameTable, hands: GameHands, rng: random.Random, turns: int) -> None:
    """Random legal turns by hand until the game ends (or the player to move resigns)."""
    session = sim.session
    state = session.state
    assert state is not None
    for _ in range(turns):
        if session.phase != PLAY:
            break
        hands.play(rng.choice(list(state.legal_turns())))
    if session.phase == PLAY:
        sim.intent({"resign": state.to_move})
    assert session.phase == OVER
    session.close()
    assert verify_path(session.log_path).status == EXIT_VERIFIED


def _table(game: Game, tmp_path: Path, seed: int) -> tuple[SimGameTable, GameHands]:
    """``game`` on the simulated board, set up at random (``seed``) and started."""
    tags = sim_identities(game)
    session, _ = GameSession.new(game, {}, tags, tmp_path / f"{game.name}.log", now=0.0)
    sim = SimGameTable(session, seed=seed)
    hands = GameHands(sim, tags)
    if session.phase != PLAY:
        hands.set_up(game, {}, random.Random(seed))
        sim.run_for()
        sim.intent({"start": True})
        sim.run_for()
    assert session.phase == PLAY
    return sim, hands


def _until_captured(sim: SimGameTable, hands: GameHands, rng: random.Random
                    ) -> tuple[Uid, Square]:
    state = sim.session.state
    assert state is not None
    for _ in range(600):
        found = _captured_with_twin(sim.session, sim.board.tags())
        if found is not None:
            return found
        hands.play(rng.choice(list(state.legal_turns())))
        assert sim.session.phase == PLAY, "the game ended before a capture (seeded)"
    raise AssertionError("no captured figure with a twin on the board (seeded)")


def test_strategus_a_defeated_figure_put_back_during_a_power_cut_is_told(
        tmp_path: Path) -> None:
    """Strategus: the combat's loser swapped in for a figure of its kind during the cut
    (nobody sees kinds on the board [R12]) is refused after the resume."""
    sim, hands = _table(get_game("strategus"), tmp_path, 3)
    rng = random.Random(1)
    _told_the_same_after_a_cut(sim, _until_captured(sim, hands, rng))
    _play_out(sim, hands, rng, 600)


def test_gimmel_a_captured_stone_put_back_during_a_power_cut_is_told(tmp_path: Path) -> None:
    sim, hands = _table(get_game("gimmel"), tmp_path, 0)
    rng = random.Random(0)
    _told_the_same_after_a_cut(sim, _until_captured(sim, hands, rng))
    _play_out(sim, hands, rng, 600)


def test_gimmel_a_captured_stone_placed_after_a_power_cut_is_told(tmp_path: Path) -> None:
    """Gimmel: a captured stone put down on an empty square as if from the hand, whose
    owner still holds its kind (the rules alone would take it as a placement [S4]),
    refused before the cut and after it with the same line."""
    sim, hands = _table(get_game("gimmel"), tmp_path, 0)
    session = sim.session
    state: Any = session.state
    tags = session.identities
    rng = random.Random(0)
    for _ in range(400):
        captured = [uid for uid in sorted(session.places.gone)
                    if tags[uid].owner == state.to_move
                    and state.hand(state.to_move).get(tags[uid].kind, 0) > 0]
        if captured:
            break
        hands.play(rng.choice(list(state.legal_turns())))
        assert session.phase == PLAY
    else:
        raise AssertionError("no captured stone whose owner could place its kind (seeded)")
    uid = captured[0]
    empty = next(sq for sq in range(state.geometry.size) if sq not in state.pieces())
    turns = session.turns
    sim.board.place(empty, uid)
    [before] = _refusals(sim.run_for())
    sim.board.lift(empty)
    sim.run_for()
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    sim.restart(resumed)
    assert any(isinstance(e, BoardMatches) for e in sim.run_for())
    sim.board.place(empty, uid)
    events = sim.run_for()
    assert _refusals(events) == [before], events
    assert resumed.turns == turns and not any(isinstance(e, TurnCommitted) for e in events)
    sim.board.lift(empty)
    sim.run_for()
    _play_out(sim, hands, rng, 600)


def _bots_history(seed: int) -> tuple[GigantenRules, list[TurnResult]]:
    _, start = reference_game(seed)
    played = GigantenRules(start.board, start.position(), start.to_move, start.rules)
    bots = make_bots(played, seed)
    while not played.is_over and played.ply < 400:
        take_turn(played, bots)
    return start, [a for a in played.history if isinstance(a, TurnResult)]


def test_giganten_a_captured_figure_put_back_during_a_power_cut_is_told(
        tmp_path: Path) -> None:
    """Giganten: a figure a combat took off [K6] swapped in for one of its kind during
    the cut is refused after the resume; the bots' game then goes on to its end."""
    start, history = _bots_history(6)
    run = GigantenRun.start(start, tmp_path / "giganten.log", seed=6)
    told = False
    for action in history:
        run.play(action.turn, advanced=action.advanced)
        found = _captured_with_twin(run.session, run.sim.board.tags())
        if not told and found is not None and run.state.offer is None:
            _told_the_same_after_a_cut(run.sim, found)
            told = True
    assert told, "no captured figure with a twin on the board (seeded)"
    if run.session.phase == PLAY:
        run.sim.intent({"resign": run.state.to_move})
    run.session.close()
    assert verify_path(run.log_path).status == EXIT_VERIFIED



def test_after_a_take_back_the_figures_still_beside_the_board_stay_out_of_the_game(
        tmp_path: Path) -> None:
    """The arbiter takes back a turn [W3] after a power cut; once the board matches, the
    figures captured before it and still beside the board are out of the game again (the
    log's ``"tags"`` entry), so one put back during the next power cut is told."""
    sim, hands = _table(get_game("strategus"), tmp_path, 3)
    rng = random.Random(1)
    found = _until_captured(sim, hands, rng)
    state = sim.session.state
    assert state is not None
    stand = sim.session.turns
    hands.play(rng.choice(list(state.legal_turns())))  # one more turn, then the cut
    sim.session.close()
    resumed, _ = GameSession.resume(sim.session.log_path)
    sim.restart(resumed)
    assert any(isinstance(e, BoardMatches) for e in sim.run_for())
    assert resumed.state is not None
    resumed.take_back(stand, {"reason": "a misread", "by": "arbiter"}, sim.now)
    assert resumed.turns == stand and resumed.pool is not None
    hands.show(dict(resumed.state.pieces()))  # the arbiter puts the game back
    assert not resumed.fixing and resumed.pool is None
    assert found[0] in resumed.places.gone
    _told_the_same_after_a_cut(sim, found)
    _play_out(sim, hands, rng, 600)


def test_a_log_whose_tags_out_are_malformed_is_refused_in_one_line(tmp_path: Path) -> None:
    sim, _ = _table(get_game("gimmel"), tmp_path, 0)
    sim.session.log_entry(game_log.TAGS, {game_log.OUT: [5]}, sim.now)
    sim.session.close()
    with pytest.raises(game_log.ReplayError) as refused:
        GameSession.resume(sim.session.log_path)
    assert str(refused.value) == ("log line 2: the tags out of the game are malformed (a list"
                                  " of UIDs)")
