"""The readers' focus (``companion.table.game_focus``): for every game,
a lifted figure puts its square and the squares its legal turns reach first, and the
simulated reader then reads them first."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import games
from companion.deal import deal
from companion.game import Game, Square
from companion.games import get_game
from companion.games.giganten.ruleset import RuleSet
from companion.identities import sim_identities
from companion.table.game_focus import reading_focus
from companion.table.game_session import PLAY, GameSession
from hardware.simgame import GameHands, SimGameTable

GAMES = ("giganten", "strategus", "gimmel", "toy")


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game (``tests/toy_game.py``) is known by name for these tests only."""
    monkeypatch.setitem(games.GAME_MODULES, "toy", "tests.toy_game")


def started(name: str, tmp_path: Path, order: Any = "focus") -> tuple[SimGameTable, GameHands]:
    """A game of ``name`` on the simulated board, set up and started; Gimmel (which starts
    empty) a few turns in, so that stones stand on the board."""
    game = get_game(name)
    options: dict[str, Any] = {"board": deal(3, RuleSet()), "first": 0} \
        if name == "giganten" else {}
    tags = sim_identities(game, options)
    session, _ = GameSession.new(game, options, tags, tmp_path / f"{name}.log", now=0.0,
                                 entropy=lambda n: bytes(n))
    sim = SimGameTable(session, order=order)
    hands = GameHands(sim, tags)
    rng = random.Random(4)
    if session.phase != PLAY:
        hands.set_up(game, session.options, rng)
        sim.settle()
        sim.intent({"start": True})
        sim.settle()
    state = session.state
    assert session.phase == PLAY and state is not None
    while name == "gimmel" and session.turns < 6:
        hands.play(rng.choice(list(state.legal_turns())))
        sim.settle()
    return sim, hands


def squares_named(game: Game, options: Any, data: Any) -> Iterator[Square]:
    """Every square a turn's JSON names (its path, a challenge, a placement)."""
    geometry = game.geometry(options)
    if isinstance(data, str):
        try:
            yield geometry.parse(data)
        except (ValueError, KeyError):
            return
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from squares_named(game, options, key)
            yield from squares_named(game, options, value)
    elif isinstance(data, list):
        for value in data:
            yield from squares_named(game, options, value)


def landings(sim: SimGameTable, origin: Square) -> tuple[set[Square], set[Square]]:
    """Where the legal turns from ``origin`` put the figure down (the last square of their
    path), and every square they name."""
    session = sim.session
    state = session.state
    assert state is not None
    land: set[Square] = set()
    named: set[Square] = set()
    for turn in state.legal_turns():
        data = session.game.turn_to_json(state, turn)
        path = data.get("path") if isinstance(data, dict) else None
        if path and session.game.geometry(session.options).parse(path[0]) == origin:
            land.add(session.game.geometry(session.options).parse(path[-1]))
            named |= set(squares_named(session.game, session.options, data))
    return land, named


def movable(sim: SimGameTable) -> Square:
    """A square of the mover's figure that has a legal turn with a path."""
    state = sim.session.state
    assert state is not None
    for sq, piece in sorted(state.pieces().items()):
        if piece.owner == state.to_move and landings(sim, sq)[0]:
            return sq
    raise AssertionError("no figure of the mover can move")


@pytest.mark.parametrize("name", GAMES)
def test_a_lifted_figure_puts_the_squares_its_legal_turns_reach_first(
        name: str, tmp_path: Path) -> None:
    sim, _ = started(name, tmp_path)
    origin = movable(sim)
    land, named = landings(sim, origin)
    sim.board.lift(origin)
    sim.settle()
    focus = reading_focus(sim.session, sim.sensing.snapshot())
    assert focus[0] == origin
    reach = focus[1:1 + len(named)]
    assert land <= set(reach), (focus, land)
    # Nothing but the squares those turns name comes before them: not the other figures.
    first = focus[1:1 + max(reach.index(sq) for sq in land) + 1]
    assert set(first) <= named, (first, named)
    assert sim.focus._sent == focus, "the table passed it to the reader"


@pytest.mark.parametrize("name", GAMES)
def test_with_nothing_lifted_the_movers_movable_figures_are_read_first(
        name: str, tmp_path: Path) -> None:
    sim, _ = started(name, tmp_path)
    state = sim.session.state
    assert state is not None
    focus = reading_focus(sim.session, sim.sensing.snapshot())
    origins = {sq for sq in state.pieces() if landings(sim, sq)[0]}
    assert origins and origins <= set(focus)
    assert all(state.pieces()[sq].owner == state.to_move for sq in focus
               if sq in state.pieces())


def test_gimmels_placements_from_the_hand_are_in_the_focus(tmp_path: Path) -> None:
    sim, _ = started("gimmel", tmp_path)
    session = sim.session
    state = session.state
    assert state is not None
    geometry = session.game.geometry(session.options)
    placements = {geometry.parse(next(iter(data["place"])))
                  for data in (session.game.turn_to_json(state, t) for t in state.legal_turns())
                  if "place" in data}
    assert placements
    assert placements <= set(reading_focus(session, sim.sensing.snapshot()))


def test_a_refused_board_puts_its_way_back_in_the_focus(tmp_path: Path) -> None:
    sim, _ = started("toy", tmp_path)
    state = sim.session.state
    assert state is not None
    origin = movable(sim)
    empty = next(sq for sq in range(state.geometry.size) if sq not in state.pieces()
                 and sq not in landings(sim, origin)[0])
    sim.board.move(origin, empty)  # no legal turn shows this
    sim.settle()
    focus = reading_focus(sim.session, sim.sensing.snapshot())
    assert set(focus[:2]) == {origin, empty}, focus  # the square to clear, the one to refill


@pytest.mark.parametrize("name", ["giganten", "strategus"])
def test_the_simulated_reader_reads_the_focused_squares_first(name: str,
                                                              tmp_path: Path) -> None:
    """After a lift, the squares where the figure may land are read within the next few
    reads of their scanner; the naive sweep reaches them only in its own time."""
    seen: dict[str, int] = {}
    focused = 0
    for order in ("focus", "naive"):
        sim, _ = started(name, tmp_path / order, order=order)
        origin = movable(sim)
        land, _ = landings(sim, origin)
        sim.board.lift(origin)
        sim.run_for(0.05)
        sim.settle()
        focused = len(reading_focus(sim.session, sim.sensing.snapshot()))
        reads = sim.reader.reads()
        missing, count = set(land), 0
        while missing and count < 2000:
            missing.discard(next(reads).square)
            count += 1
        seen[order] = count
    assert seen["focus"] < seen["naive"], seen
    # Four scanners, three reads in four to their focus squares: each focus square comes
    # round within about 4 / 0.75 reads per square of the focus.
    assert seen["focus"] <= 6 * focused, (seen, focused)
