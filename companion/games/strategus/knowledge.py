"""What a player knows (its information state): the computer's only view of a game.

Built from the player's observation (its own kinds, every occupied square) and the public
course of the game (``StrategusState.course``: squares, owners, and the kinds each combat
showed at its moment), never from the position's hidden kinds [H1, H2, R12, R16]. Every
figure is followed by identity from where it stood when the history began: whether it
has moved, whether it ever ran more than one square (only a Hase does [M4]), the kind its
last combat showed if it survived, and which known enemy figures it walked up to (a cue
of strength the beliefs weigh, ``beliefs``). A chooser tells known from guessed by
``Figure.kind``: a kind is known for its owner's figures and for a figure a combat showed;
-1 otherwise.

The counts of enemy kinds left are the full army [F] less the kinds combats removed; a
position that began with fewer figures (a lesson [R13]) leaves those counts an upper
bound (``InfoState.slack``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.game import Geometry, Square
from companion.games.strategus.combat import ATTACKER_WINS, BOTH_LOSE, DEFENDER_WINS
from companion.games.strategus.kinds import HOME_RANKS, KINDS
from companion.games.strategus.state import StrategusState


@dataclass
class Figure:
    """One figure as both players can follow it (plus its kind where it is known)."""

    owner: int
    start: Square
    """Where it stood when the history began: its identity."""
    square: Square
    """Where it stands now; -1 once it has left the board."""
    depth: int
    """Its starting row counted from its owner's back edge (0 back row … 3 front row)."""
    moved: bool = False
    ran: bool = False
    """It once moved more than one square: a Hase [M4]."""
    kind: int = -1
    """Its kind if the player knows it (its own figure, or shown by a combat); else -1."""
    shown: bool = False
    """Its kind was shown to both players by a combat it survived (or died in)."""
    braver_than: int = 99
    """The smallest number of a known enemy figure it moved up to (a cue: probably
    stronger); 99 if none."""


@dataclass
class InfoState:
    """A player's information state in a Strategus game."""

    geometry: Geometry
    player: int
    to_move: int
    figures: list[Figure]
    at: list[int]
    """``at[sq]``: the index in ``figures`` of the figure on ``sq``; -1 if empty."""
    left: list[int]
    """How many figures of each kind the enemy may still have unseen on the board."""
    slack: int = 0
    """How many of ``left`` are more than the enemy's unknown figures (0 in a full game)."""
    plies: int = 0
    enemy_lost: list[int] = field(default_factory=list)
    """Kinds of the enemy's figures that combats removed, by kind."""
    last_own_move: tuple[Square, Square] | None = None
    """The player's own last turn if it and the reply were plain moves."""

    def enemies(self) -> list[Figure]:
        """The enemy's figures on the board."""
        return [f for f in self.figures if f.owner != self.player and f.square >= 0]

    def unknown(self) -> list[Figure]:
        """The enemy's figures on the board whose kind the player does not know."""
        return [f for f in self.enemies() if f.kind < 0]

    def own(self) -> list[Figure]:
        """The player's figures on the board."""
        return [f for f in self.figures if f.owner == self.player and f.square >= 0]

    def key(self) -> tuple[object, ...]:
        """Everything the player knows, for tests that compare two positions."""
        return (self.player, self.to_move, tuple(self.at), tuple(self.left), self.slack,
                tuple((f.owner, f.start, f.square, f.moved, f.ran, f.kind, f.shown,
                       f.braver_than) for f in self.figures))


def depth_of(geometry: Geometry, owner: int, sq: Square) -> int:
    """A square's row counted from ``owner``'s back edge, 0 … 3 (clipped)."""
    rank = sq // geometry.files
    depth = rank if owner == 0 else geometry.ranks - 1 - rank
    return min(max(depth, 0), HOME_RANKS - 1)


def information_state(state: StrategusState, player: int) -> InfoState:
    """What ``player`` knows of ``state``: its observation and the public course only."""
    geometry = state.geometry
    course = state.course()
    figures: list[Figure] = []
    at = [-1] * geometry.size
    for sq, owner in enumerate(course.owners):
        if owner >= 0:
            at[sq] = len(figures)
            figures.append(Figure(owner, sq, sq, depth_of(geometry, owner, sq)))
    enemy_lost = [0] * len(KINDS)
    neighbours = _neighbours(geometry)
    files = geometry.files
    for origin, target, combat in course.steps:
        moving = figures[at[origin]]
        moving.moved = True
        if abs(target - origin) not in (1, files):  # a straight run of several squares
            moving.ran = True
        if combat is None:
            at[target], at[origin] = at[origin], -1
            moving.square = target
            _note_cue(figures, at, moving, neighbours[target])
        else:
            _combat(figures, at, origin, target, combat, player, enemy_lost)
    observed = state.observation(player)
    for f in figures:
        if f.owner == player and f.square >= 0:
            f.kind = _kind_index(observed[f.square].kind)
    info = _with_counts(geometry, player, state.to_move, figures, at, enemy_lost,
                        len(course.steps))
    if len(course.steps) >= 2 and course.steps[-2].combat is None \
            and course.steps[-1].combat is None:
        info.last_own_move = (course.steps[-2].origin, course.steps[-2].target)
    return info


def _combat(figures: list[Figure], at: list[int], origin: Square, target: Square,
            combat: tuple[int, int, int], player: int, enemy_lost: list[int]) -> None:
    """Both kinds of a combat are shown at its moment [C1]; the loser leaves, the attacker
    takes the square if it won [C7]; the survivor's kind stays known."""
    attacker_kind, defender_kind, outcome = combat
    a, d = at[origin], at[target]
    attacker, defender = figures[a], figures[d]
    attacker.kind, attacker.shown = attacker_kind, True
    defender.kind, defender.shown = defender_kind, True
    at[origin] = -1
    if outcome in (ATTACKER_WINS, BOTH_LOSE):
        _gone(defender, player, enemy_lost)
        at[target] = -1
    if outcome in (DEFENDER_WINS, BOTH_LOSE):
        _gone(attacker, player, enemy_lost)
    if outcome == ATTACKER_WINS:
        at[target] = a
        attacker.square = target


def _gone(f: Figure, player: int, enemy_lost: list[int]) -> None:
    f.square = -1
    if f.owner != player:
        enemy_lost[f.kind] += 1


def _note_cue(figures: list[Figure], at: list[int], moving: Figure,
              around: tuple[Square, ...]) -> None:
    """A figure that walks up to an enemy figure whose kind it knows is probably stronger
    (or bluffing: the beliefs cap what this cue may do)."""
    for sq in around:
        index = at[sq]
        if index < 0:
            continue
        other = figures[index]
        value = KINDS[other.kind].value if other.shown else None
        if other.owner != moving.owner and value is not None:
            moving.braver_than = min(moving.braver_than, value)


def _with_counts(geometry: Geometry, player: int, to_move: int, figures: list[Figure],
                 at: list[int], enemy_lost: list[int], plies: int) -> InfoState:
    """The enemy's kinds left unseen: the army less what combats removed and what is
    known on the board."""
    left = [kind.count - lost for kind, lost in zip(KINDS, enemy_lost, strict=True)]
    unknown = 0
    for f in figures:
        if f.owner != player and f.square >= 0:
            if f.kind >= 0:
                left[f.kind] -= 1
            else:
                unknown += 1
    left = [max(n, 0) for n in left]
    return InfoState(geometry, player, to_move, figures, at, left,
                     max(sum(left) - unknown, 0), plies, enemy_lost)


def _kind_index(kind_id: str) -> int:
    return next(i for i, kind in enumerate(KINDS) if kind.id == kind_id)


def _neighbours(geometry: Geometry) -> tuple[tuple[Square, ...], ...]:
    from companion.games.strategus.board import tables
    return tables(geometry).neighbours
