"""Positions for the Strategus tests, written as the scenario format writes them."""

from __future__ import annotations

import random

from companion.game import Geometry, Piece
from companion.games.strategus import GAME, StrategusState
from companion.games.strategus.board import STANDARD
from companion.games.strategus.setup import random_setup

G = STANDARD


def sq(name: str) -> int:
    """The square called ``name`` on the 10 × 10 board."""
    return G.parse(name)


def position(figures: dict[str, str], to_move: str = "red",
             geometry: Geometry = STANDARD) -> StrategusState:
    """A position from ``{"e4": "red hare"}``; both apples far away unless given."""
    pieces = {geometry.parse(name): Piece(*_split(text)) for name, text in figures.items()}
    return StrategusState(geometry, pieces, ("red", "blue").index(to_move))


def _split(text: str) -> tuple[int, str]:
    player, kind = text.split()
    return ("red", "blue").index(player), kind


def with_apples(**figures: str) -> dict[str, str]:
    """``figures`` plus both apples and a wolf each in the corners (so nobody is stuck)."""
    base = {"a1": "red apple", "j10": "blue apple", "j1": "red wolf", "a10": "blue wolf"}
    base.update(figures)
    return base


def full_start(seed: int, referee: int | str | None = None) -> StrategusState:
    """A new game from two random setups dealt with ``seed`` (Red begins) [S1, S2, R1],
    under the referee's rules if asked: a two-squares limit (a number) [R11], ``"chasing"``
    [R15], or ``"both"`` (two squares 2 and chasing)."""
    rng = random.Random(seed)
    pieces = {square: Piece(player, kind) for player in (0, 1)
              for square, kind in random_setup(STANDARD, player, rng).items()}
    options = ({"two_squares": referee} if isinstance(referee, int) else
               {"chasing": True, "two_squares": 2 if referee == "both" else None})
    return GAME.start(pieces, options if referee is not None else {})


def move(a: str, b: str) -> tuple[int, int]:
    """The turn ``a`` → ``b``."""
    return sq(a), sq(b)
