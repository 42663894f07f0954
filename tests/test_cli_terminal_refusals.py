"""A refused turn says why to every audience that may know it (``companion.views.games``):
in Gimmel, which hides nothing [S4], to all of them, the spectators included, with the
rule's words and its id (``[M1]``); in Strategus only to the mover and the arbiter, for a
reason can tell what the moved figure is (a Trap never moves [M5]): the opponent and the
public see that it was refused and the way back, never why [H1]."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.game import ARBITER, PUBLIC, Game
from companion.game_events import BoardRefused, IntentRefused
from companion.games import get_game
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.ruleset import RuleSet
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.views.games import event_view
from hardware.simgame import GameHands, SimGameTable
from tests.cli_helpers import home
from tests.test_cli_event_words import event_lines, play, words

__all__ = ["home", "words"]

AUDIENCES = (0, 1, PUBLIC, ARBITER)


def told(out: str) -> list[str]:
    """The event lines of a terminal's output, each line that the terminal's width broke
    (its continuation indented) joined again."""
    return event_lines(re.sub(r"\n {2,}(?=\S)", " ", out))


def _table(game: Game, tmp_path: Path) -> tuple[SimGameTable, GameHands]:
    tags = sim_identities(game)
    session, _ = GameSession.new(game, {}, tags, tmp_path / "g.log", now=0.0)
    sim = SimGameTable(session)
    return sim, GameHands(sim, tags)


def _refused(sim: SimGameTable, origin: str, target: str) -> BoardRefused:
    geometry = sim.session.game.geometry()
    start = len(sim.events)
    sim.board.move(geometry.parse(origin), geometry.parse(target))
    sim.settle()
    refusals = [e for e in sim.events[start:] if isinstance(e, BoardRefused)]
    assert refusals, sim.events[start:]
    return refusals[-1]


def test_gimmel_tells_every_audience_why(tmp_path: Path) -> None:
    game = get_game("gimmel")
    sim, hands = _table(game, tmp_path)
    geometry = game.geometry()
    for placed in ({"g7": "beetle"}, {"a1": "cat"}):
        state = sim.session.state
        assert state is not None
        hands.play(game.turn_from_json(state, {"place": placed}))
    refused = _refused(sim, "g7", "g4")  # a Beetle goes one square [M1]
    state = sim.session.state
    assert state is not None
    for audience in AUDIENCES:
        view = event_view(game, refused, audience, geometry, state=state)
        assert view is not None and view["rule"] == "M1", (audience, view)
        assert "one square" in view["reason"]
    public = event_view(game, refused, PUBLIC, geometry)  # no state: the mover's alone
    assert public is not None and "rule" not in public


def _red_trap(sim: SimGameTable) -> tuple[str, str]:
    """A square of one of Red's Traps, and an empty square of the middle rows."""
    state = sim.session.state
    assert state is not None
    geometry = state.geometry
    pieces = state.pieces()
    trap = next(sq for sq, piece in sorted(pieces.items())
                if piece.owner == 0 and piece.kind == "trap")
    empty = next(sq for sq in geometry.squares() if sq not in pieces
                 and geometry.coords(sq)[1] == 4)
    return geometry.name(trap), geometry.name(empty)


@pytest.mark.parametrize("seed", [1, 2])
def test_strategus_tells_only_the_mover_and_the_arbiter(tmp_path: Path, seed: int) -> None:
    game = get_game("strategus")
    sim, hands = _table(game, tmp_path)
    hands.set_up(game, {}, random.Random(seed))
    sim.settle()
    sim.intent({"start": True})
    assert sim.session.phase == PLAY
    refused = _refused(sim, *_red_trap(sim))  # a Trap never moves [M5]
    state = sim.session.state
    assert state is not None and refused.rule == "M5", refused
    geometry = game.geometry()
    for audience in AUDIENCES:
        view = event_view(game, refused, audience, geometry, state=state)
        assert view is not None
        if audience in (0, ARBITER):
            assert view["rule"] == "M5" and "trap" in view["reason"]
        else:  # the rule would tell the figure is a Trap [H1]
            assert "rule" not in view and "reason" not in view, (audience, view)
            assert "trap" not in str(view)
    intent = IntentRefused(0, "M5", "a trap never moves")
    for audience in (1, PUBLIC):
        assert "rule" not in (event_view(game, intent, audience, geometry, state=state)
                              or {})


GIMMEL_REFUSED = ("place g7 white beetle 1", "place a1 black cat 1", "move g7 g4",
                  "move g4 g7", "declare g7 g4")


@pytest.mark.parametrize("audience", ["public", "black", "white"])
def test_a_gimmel_terminal_says_why_to_every_audience(
        home: Path, tmp_path: Path, words: None, audience: str) -> None:
    lines = told(play(tmp_path, "--game", "gimmel", "--seed", "2", "--audience", audience,
                      lines=GIMMEL_REFUSED).out)
    beetle = "A Beetle goes one square in any direction [M1]"
    assert f"Not allowed: {beetle}. Way back: take White's piece off g4, put White's piece" \
           " on g7" in lines, lines
    assert f"Not allowed: {beetle}" in lines, "the declared turn too"
    assert not any("in the hand" in line for line in lines), "a move puts the piece down"


def test_a_strategus_terminal_says_why_to_the_mover_only(home: Path, tmp_path: Path,
                                                        words: None) -> None:
    moves = ("setup all", "start", "move a4 b5")  # diagonal, refused for every kind [M2]
    public = told(play(tmp_path, "--game", "strategus", "--seed", "4", lines=moves).out)
    refusal = next(line for line in public if line.startswith("Not allowed"))
    assert refusal == "Not allowed: take Red's piece off b5, put Red's piece on a4", refusal
    red = told(play(tmp_path, "--game", "strategus", "--seed", "4", "--audience", "red",
                    lines=moves).out)
    assert ("Not allowed: A figure moves one square straight, never diagonally [M2]. Way"
            " back: take Red's piece off b5, put Red's piece on a4") in red, red


def test_giganten_tells_everyone_only_the_turn_s_own_rule(tmp_path: Path) -> None:
    """Giganten's M1 (not one's own figure) names no kind, so everyone reads it; the
    Nest's M3 would name the Nest, so only its owner and the arbiter do [R22]."""
    game = get_game("giganten")
    rules = RuleSet(())
    options = {"board": deal_landscape(random.Random(1), rules=rules), "rules": rules,
               "policy": "rulebook", "first": 0}
    tags = sim_identities(game, options)
    session, _ = GameSession.new(game, options, tags, tmp_path / "g.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    hands.set_up(game, options, random.Random(2))
    sim.settle()
    sim.intent({"start": True})
    state = session.state
    assert session.phase == PLAY and state is not None and state.to_move == 0
    geometry = state.geometry
    pieces = state.pieces()

    def free_beside(square: int) -> str:
        file, rank = geometry.coords(square)
        return next(geometry.name(geometry.square(file + df, rank + dr))
                    for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0))
                    if geometry.on_board(file + df, rank + dr)
                    and geometry.square(file + df, rank + dr) not in pieces)

    def first(owner: int, kind: str | None = None) -> int:
        return next(sq for sq, piece in sorted(pieces.items()) if piece.owner == owner
                    and kind in (None, piece.kind) and _has_room(sq))

    def _has_room(square: int) -> bool:
        try:
            free_beside(square)
        except StopIteration:
            return False
        return True

    theirs = first(1)
    target = free_beside(theirs)
    refused = _refused(sim, geometry.name(theirs), target)
    assert refused.rule == "M1", refused
    for audience in AUDIENCES:
        view = event_view(game, refused, audience, geometry, state=session.state)
        assert view is not None and view.get("rule") == "M1", (audience, view)
    sim.board.move(geometry.parse(target), theirs)  # the way back
    sim.settle()
    nest = first(0, "nest")
    refused = _refused(sim, geometry.name(nest), free_beside(nest))
    assert refused.rule == "M3", refused
    for audience in AUDIENCES:
        view = event_view(game, refused, audience, geometry, state=session.state)
        assert view is not None and ("rule" in view) == (audience in (0, ARBITER)), view
