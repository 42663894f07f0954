"""Declarations name the right player (the audit's finding 5): a turn declared on the
screen is committed for the player to move, so a declaration by the other player is
refused, never played as the mover's; and a refereed game resumed after a cut between a
turn and the clocks' switch runs the clock of the player to move, so a flag (a loss on
time declared by the desk [W3]) names the right loser."""

from __future__ import annotations

import random
from pathlib import Path

from companion.clock import TimeControl
from companion.game_events import GameEnded, IntentRefused, TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.referee.game_desk import GameDesk
from companion.referee.pin import hash_pin
from companion.table.game_session import GameSession
from hardware.simgame import GameHands, SimGameTable, laid_out

GIMMEL = get_game("gimmel")
STRATEGUS = get_game("strategus")
PIN_HASH = hash_pin("2468", iterations=1000)


def test_a_declaration_by_the_player_not_to_move_is_refused(tmp_path: Path) -> None:
    session, _ = GameSession.new(GIMMEL, {}, sim_identities(GIMMEL), tmp_path / "g.log",
                                 now=0.0)
    state = session.state
    assert state is not None and state.to_move == 0
    turn = GIMMEL.turn_to_json(state, next(iter(state.legal_turns())))
    events = session.intent({"declare": turn, "player": 1}, now=1.0)
    [refused] = events
    assert isinstance(refused, IntentRefused) and "white's turn" in refused.reason
    assert session.turns == 0
    events = session.intent({"declare": turn, "player": 0}, now=1.0)
    [committed] = [e for e in events if isinstance(e, TurnCommitted)]
    assert committed.player == 0
    session.close()


def test_a_flag_after_a_cut_between_a_turn_and_the_clocks_names_the_right_loser(
        tmp_path: Path) -> None:
    tags = sim_identities(STRATEGUS)
    session, _ = GameSession.new(STRATEGUS, {}, tags, tmp_path / "s.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    desk = GameDesk(session, PIN_HASH, "arbiter", TimeControl(60.0, 0.0))
    hands.set_up(STRATEGUS, {}, random.Random(2))
    sim.run_for()
    desk.observe(sim.intent({"start": True}), sim.now)
    state = session.state
    assert state is not None
    # Red's turn is logged; the power goes before the desk switches the clocks.
    hands.play(next(iter(state.legal_turns())))
    assert state.to_move == 1
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    desk, _ = GameDesk.after_restart(resumed, PIN_HASH, "arbiter", 0.0)
    assert desk.clock is not None and desk.clock.running == 1
    # The clocks run again only once the board matches the game (docs/referee.md).
    SimGameTable(resumed, board=laid_out(resumed)).run_for()
    assert not resumed.fixing
    desk.resume("2468", 0.0)
    [ended] = [e for e in desk.tick(1000.0) if isinstance(e, GameEnded)]
    assert ended.winner == 0 and ended.reason == "time"  # blue's flag fell: red wins
    resumed.close()
