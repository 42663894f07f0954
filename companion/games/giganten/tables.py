"""Every move and flight that could ever start on a square, as ready-made ``Turn`` objects.

Move generation is the hot path of playouts and search; with these tables it only tests
occupancy and appends shared, immutable turns instead of building tuples.
"""

from __future__ import annotations

from functools import cache

from companion.games.giganten.board import geometry
from companion.games.giganten.squares import Square
from companion.games.giganten.turns import Turn

_new_turn = tuple.__new__
"""``tuple.__new__``: builds a ``Turn`` from all its fields at C speed."""

Step = tuple[int, Square, Turn, tuple[tuple[Square, Turn], ...]]
# A normal move from a square: (direction, target, the turn, ((enemy square, the turn that
# challenges it), ...) for the target's other orthogonal neighbours).
Ray = tuple[Square, tuple[tuple[Square, tuple[tuple[Square, Turn], ...]], ...]]
# A scout's flight direction from a square: (the first square, which a flight passes over,
# ((landing, ((enemy square, the flight that challenges it), ...)), ...) nearest first).


def make_turn(path: tuple[Square, ...], challenge: Square | None) -> Turn:
    """A plain ``Turn`` (one figure's path and a challenge), built without the NamedTuple's
    Python-level ``__new__``; every field after ``advance`` keeps its default."""
    return _new_turn(Turn, (path, challenge, False, (), None, (), None))


@cache
def step_table(files: int, ranks: int) -> tuple[tuple[Step, ...], ...]:
    """Every normal move that could ever start on each square of a ``files × ranks`` board,
    as ready-made ``Turn`` objects.

    Move generation is the hot path of playouts and search; with these tables it only tests
    occupancy and appends shared, immutable turns instead of building tuples. The tables
    follow ``Geometry``'s order, so turns come out in the same order as a plain walk.
    """
    geo = geometry(files, ranks)
    return tuple(
        tuple((direction, step, make_turn((sq, step), None),
               tuple((other, make_turn((sq, step), other))
                     for _, other in geo.orthogonal[step] if other != sq))
              for direction, step in geo.orthogonal[sq])
        for sq in range(files * ranks))


@cache
def flight_table(files: int, ranks: int) -> list[tuple[Ray, ...] | None]:
    """The scout flights from each square, filled in by ``flights_from`` on first use.

    Flights grow with the cube of the board's side, so they are built only for squares a
    Flug actually stands on: a large scenario board costs nothing until it is used.
    """
    return [None] * (files * ranks)


def flights_from(files: int, ranks: int, sq: Square) -> tuple[Ray, ...]:
    """Every flight that could ever start on ``sq``, as ready-made ``Turn`` objects."""
    table = flight_table(files, ranks)
    flights = table[sq]
    if flights is None:
        geo = geometry(files, ranks)
        flights = table[sq] = tuple(
            (ray[0], tuple((landing, tuple((other, make_turn((sq, landing), other))
                                           for other in geo.scout_targets[landing][direction]))
                           for landing in ray[1:]))
            for direction, ray in enumerate(geo.rays[sq]) if len(ray) > 1)
    return flights


