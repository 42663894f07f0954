"""Giganten's turns against the session's tag tracking (``tag_match``): a figure that
moves into the square another of its kind just left is the figure the board shows there,
not a swap, in a double move [V8] or the next turn; a trapped figure's own tag comes back
[V5c]; a real swap of two figures of one kind, or a captured figure put back, stays
refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.archive.game_records import full_record, public_record, verify_record
from companion.archive.verdict import EXIT_VERIFIED
from companion.archive.verifier import verify_path
from companion.game import PUBLIC, Piece
from companion.game_events import BoardRefused, IntentRefused, SetupChecked, TurnCommitted
from companion.games.giganten import GAME
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.figures import KINDS
from companion.games.giganten.generate import random_start
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.identities import sim_identities
from companion.ledger.record import verify
from companion.table.game_session import PLAY, GameSession
from companion.table.tag_match import WRONG_TAGS
from companion.views.games import event_view
from hardware.simgame import GameHands, SimGameTable
from tests.giganten_oracle import end_json
from tests.giganten_run import GigantenRun, replay_reference
from tests.kind_words import leaked_kinds
from tests.test_giganten_session import _trap_game


def _start(seed: int, variants: tuple[str, ...]) -> GameState:
    """A seeded start of Giganten with ``variants``, as ``tests.sim_games`` deals it."""
    rng = random.Random(seed)
    rules = RuleSet.of(variants)
    board = deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return GameState(board, position, first, rules, reserves=reserves, traps=traps)


def _refused(run: GigantenRun) -> list[BoardRefused]:
    return [e for e in run.sim.events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]


def test_a_second_figure_into_the_square_its_twin_just_left_is_a_double_move(
        tmp_path: Path) -> None:
    start = _start(3, ("V8",))
    position = start.position()
    turn = next(t for t in start.legal_turns() if t.second and t.challenge is None
                and t.second[-1] == t.path[0] and position[t.second[0]] == position[t.path[0]])
    run = GigantenRun.start(start, tmp_path / "v8.log", seed=3)
    first, twin = run.sim.board.tag_at(turn.path[0]), run.sim.board.tag_at(turn.second[0])
    run.play(turn, advanced=False)  # asserts the turn was committed
    assert not _refused(run), _refused(run)
    assert run.sim.board.tag_at(turn.path[-1]) == first
    assert run.sim.board.tag_at(turn.path[0]) == twin
    assert run.session.places.on[turn.path[0]] == twin
    assert run.session.places.on[turn.path[-1]] == first


def _twin_double(start: GameState) -> Turn:
    """A double move whose second figure steps into the square its twin just left [V8]."""
    position = start.position()
    return next(t for t in start.legal_turns() if t.second and t.challenge is None
                and t.second[-1] == t.path[0] and position[t.second[0]] == position[t.path[0]])


def test_the_next_turn_may_fill_the_square_a_twin_left(tmp_path: Path) -> None:
    start = _start(3, ("V8",))
    double = _twin_double(start)
    run = GigantenRun.start(start, tmp_path / "next.log", seed=3)
    mover = run.state.to_move
    run.play(Turn(double.path), advanced=False)  # one figure steps off, confirmed
    rules = run.state.rules_state
    while rules.to_move != mover:  # the others' turns: a quiet single step
        other = next(t for t in rules.legal_turns() if not t.second and not t.place
                     and len(t.path) == 2 and t.challenge is None)
        run.play(other, advanced=False)
    run.play(Turn(double.second), advanced=False)  # its twin steps in, a turn later
    assert not _refused(run), _refused(run)
    assert run.session.places.on[double.path[0]] == run.sim.board.tag_at(double.path[0])


def test_a_swap_of_twins_made_with_a_double_move_is_still_refused(tmp_path: Path) -> None:
    start = _start(3, ("V8",))
    turn = _twin_double(start)
    run = GigantenRun.start(start, tmp_path / "swap.log", seed=3)
    board = run.sim.board
    # The kinds the double move shows, but the twin at the end of the first figure's path
    # and the first figure back on its own square: neither moved as the turn says.
    first = board.lift(turn.path[0])
    run.sim.run_for()
    twin = board.lift(turn.second[0])
    run.sim.run_for()
    board.place(turn.path[-1], twin)
    run.sim.run_for()
    board.place(turn.path[0], first)
    events = run.sim.run_for()
    refused = [e for e in events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]
    assert refused and {step.square for step in refused[0].steps} == {turn.path[0], turn.path[-1]}
    assert run.session.turns == 0 and not any(isinstance(e, TurnCommitted) for e in events)
    board.lift(turn.path[-1])  # put right: each figure where the turn took it
    run.sim.run_for()
    board.lift(turn.path[0])
    run.sim.run_for()
    board.place(turn.path[-1], first)
    run.sim.run_for()
    board.place(turn.path[0], twin)
    run.sim.run_for()
    assert run.session.turns == 1, run.sim.events[-3:]


def test_a_trapped_figure_comes_back_with_its_own_tag_and_the_game_verifies(
        tmp_path: Path) -> None:
    """V5c: a figure a secret trap took off is set aside, not out of the game: its own tag
    comes back onto its owner's first rank (face down: the squares only, for everyone
    else [I3]); the game survives power cuts, one just before the figure comes back
    while a captured figure of its kind lies beside the board too (the log says which tag
    is out of the game, so the hands bring the trapped one), and its log and records
    verify."""
    frozen, start = _trap_game(4, ("V5", "V5c"))
    history = frozen.history()
    back = [a for a in history if a.turn.reenter]
    assert back, "a trapped figure came back [V5c]"
    run = GigantenRun.start(start, tmp_path / "v5c.log", seed=4)
    first = history.index(back[0])
    replay_reference(run, history[:first], cut_every=7, seed=4)
    reenter = back[0].turn.reenter
    assert reenter is not None
    square, kind = reenter
    piece = Piece(run.state.to_move, KINDS[kind].id)
    identities, gone = run.session.identities, run.session.places.gone
    beside = [uid for uid in run.hands.aside
              if Piece(identities[uid].owner, identities[uid].kind) == piece]
    trapped = [uid for uid in beside if uid not in gone]
    assert trapped and len(beside) > len(trapped), "a captured figure of its kind (seeded)"
    run.cut()  # where it matters: the session forgets nothing out of the game
    replay_reference(run, history[first:first + 1], seed=4)
    assert run.sim.board.tag_at(square) in trapped, "the trapped figure's own tag"
    replay_reference(run, history[first + 1:], cut_every=7, seed=4)
    assert run.cuts >= 2 and not _refused(run)
    assert end_json(run.state.rules_state)["history"] == frozen.end["history"]
    came = [e for e in run.sim.events if isinstance(e, TurnCommitted) and "reenter" in e.turn]
    assert len(came) == len(back)
    for event in came:
        assert set(event.public["turn"]["reenter"]) == set(event.turn["reenter"])
        for audience in (1 - event.player, PUBLIC):
            assert not leaked_kinds(event_view(GAME, event, audience, run.state.geometry))
    entries = verify(run.log_path, allow_cut_tail=False)
    assert verify_path(run.log_path).status == EXIT_VERIFIED
    for record in (full_record(entries), public_record(entries)):
        assert verify_record(json.loads(json.dumps(record))).status == EXIT_VERIFIED


def test_a_captured_figure_cannot_come_back_for_a_trapped_one(tmp_path: Path) -> None:
    """V5c lets the trapped figure's tag come back, not a captured figure's of its kind:
    that one is out of the game [tag_match], after a power cut too."""
    frozen, start = _trap_game(4, ("V5", "V5c"))
    history = frozen.history()
    index = next(i for i, a in enumerate(history) if a.turn.reenter)
    run = GigantenRun.start(start, tmp_path / "swap.log", seed=4)
    replay_reference(run, history[:index], seed=4)
    reenter = history[index].turn.reenter
    assert reenter is not None
    square, kind = reenter
    piece = Piece(run.state.to_move, KINDS[kind].id)
    identities = run.session.identities
    captured = [uid for uid in sorted(run.session.places.gone)
                if Piece(identities[uid].owner, identities[uid].kind) == piece]
    if not captured:
        raise AssertionError("no captured figure of the trapped one's kind (seeded)")
    run.cut()  # the log keeps it out of the game after a power cut too
    run.sim.board.place(square, captured[0])
    events = run.sim.run_for()
    refused = [e for e in events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]
    assert refused and [s.square for s in refused[0].steps] == [square, square]
    assert not any(isinstance(e, TurnCommitted) for e in events)


def test_the_agreed_reserve_is_checked_against_the_first_players(tmp_path: Path) -> None:
    """V6a: every player's reserve (the set's figures not set up) is the first player's,
    which stands for the agreement; a different one is said to its owner and the game
    does not start until it is put right [V6a, R14]."""
    start = _start(1, ("V6", "V6a"))
    options = {"board": start.board, "rules": start.rules, "first": start.to_move}
    tags = sim_identities(GAME, options)
    session, _ = GameSession.new(GAME, options, tags, tmp_path / "v6a.log", now=0.0)
    sim = SimGameTable(session, seed=1)
    hands = GameHands(sim, tags)
    wanted = {sq: Piece(player, KINDS[kind].id)
              for sq, (player, kind) in start.position().items()}
    kept = KINDS[start.fig_kind[start.reserve_of(1)[0]]].id
    # Orange sets up one agreed reserve figure and keeps back another kind instead.
    other = next(sq for sq, piece in sorted(wanted.items()) if piece.owner == 1
                 and piece.kind not in (kept, "nest", "blitz", "culak"))
    empty = next(sq for sq in sorted(GAME.setup_zone(1, options)) if sq not in wanted)
    wrong = {**{sq: p for sq, p in wanted.items() if sq != other}, empty: Piece(1, kept)}
    hands.show(wrong)
    refused = sim.intent({"start": True})
    assert isinstance(refused[0], IntentRefused) and session.phase != PLAY
    problems = {e.owner: [p.rule for p in e.problems] for e in refused
                if isinstance(e, SetupChecked)}
    assert problems == {1: ["V6a"]}, problems
    hands.show(wanted)  # the agreed reserve kept back
    started = sim.intent({"start": True})
    assert session.phase == PLAY, started


def test_a_game_with_the_agreed_reserve_verifies(tmp_path: Path) -> None:
    """V6a through the game interface: the reserves put down face down, the log and both
    records verify (``verify`` checks the setups through the same hooks) [V6a]."""
    frozen, start = _trap_game(1, ("V6", "V6a"))
    history = frozen.history()
    assert any(a.turn.place for a in history)
    run = GigantenRun.start(start, tmp_path / "v6a.log", seed=1)
    replay_reference(run, history, cut_every=19, seed=1)
    assert end_json(run.state.rules_state)["history"] == frozen.end["history"]
    entries = verify(run.log_path, allow_cut_tail=False)
    assert verify_path(run.log_path).status == EXIT_VERIFIED
    for record in (full_record(entries), public_record(entries)):
        assert verify_record(json.loads(json.dumps(record))).status == EXIT_VERIFIED
