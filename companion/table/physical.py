"""The board as the tags show it, against the game: differences, turns that explain them,
and how to put things right.

The session knows which tag belongs to which engine figure (``tag_of``). The board the
game expects is then ``square -> UID``; the readers give the same shape. Where the two
differ, the difference either is exactly what a legal turn does to the board (before any
challenge), or is a figure still in the hand, or needs fixing. Matching differences
against every legal turn, rather than following lifts and places one by one, is what
makes a missed read harmless (coder5506/rcm's design, ``shared/research/peers.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.events import Fix
from companion.games.giganten.figures import Kind
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.reads import Uid

New = tuple[str, Kind]
"""A figure that comes onto the board (V6 reserve, V5c trapped): only its kind is known."""
Token = Uid | None | New
Effect = frozenset[tuple[Square, Token]]
"""Square -> what stands there afterwards, for the squares a turn changes."""


def new_figure(kind: Kind) -> New:
    """The token of a figure of ``kind`` coming onto the board."""
    return ("new", kind)


def expected_board(state: GameState, tag_of: Mapping[int, Uid]) -> dict[Square, Uid]:
    """Square -> UID of every figure the game has on the board."""
    return {sq: tag_of[figure] for sq, figure in enumerate(state.occ) if figure >= 0}


def differences(expected: Mapping[Square, Uid], sensed: Mapping[Square, Uid]
                ) -> dict[Square, Uid | None]:
    """Square -> what the readers see, for every square that differs from the game."""
    squares = set(expected) | set(sensed)
    return {sq: sensed.get(sq) for sq in squares if sensed.get(sq) != expected.get(sq)}


def turn_effect(state: GameState, tag_of: Mapping[int, Uid], turn: Turn) -> Effect:
    """What ``turn`` does to the board before its challenge: a set of (square, token)."""
    after: dict[Square, Token] = {}

    def at(sq: Square) -> Token:
        if sq in after:
            return after[sq]
        figure = state.occ[sq]
        return tag_of[figure] if figure >= 0 else None

    for sq, kind in turn.place:
        after[sq] = new_figure(kind)
    if turn.reenter is not None:
        after[turn.reenter[0]] = new_figure(turn.reenter[1])
    for path in (turn.path, turn.second):
        if path:
            token = at(path[0])
            after[path[0]] = None
            after[path[-1]] = token
    return frozenset((sq, token) for sq, token in after.items()
                      if token != at_start(state, tag_of, sq))


def at_start(state: GameState, tag_of: Mapping[int, Uid], sq: Square) -> Uid | None:
    """The UID the game has on ``sq`` now."""
    figure = state.occ[sq]
    return tag_of[figure] if figure >= 0 else None


def turns_by_effect(state: GameState, tag_of: Mapping[int, Uid]) -> dict[Effect, list[Turn]]:
    """Every legal turn of the player to move, grouped by what it does to the board."""
    groups: dict[Effect, list[Turn]] = {}
    for turn in state.legal_turns():
        groups.setdefault(turn_effect(state, tag_of, turn), []).append(turn)
    return groups


@dataclass(frozen=True, slots=True)
class Reading:
    """The differences as the player to move's action: which figures moved where."""

    lifted: tuple[Square, ...]
    """Squares of the mover's figures now empty, whose figure is nowhere else on the board."""
    moved: tuple[tuple[Square, Square], ...]
    """(from, to) for each of the mover's figures now on another square."""
    arrived: tuple[tuple[Square, Kind], ...]
    """New figures of the mover's (reserve or trapped) that came onto the board."""
    foreign: tuple[Square, ...]
    """Squares changed by anything else: another player's figure, a lost or unknown tag."""


def read_differences(state: GameState, tag_of: Mapping[int, Uid], figure_of: Mapping[Uid, int],
                     diff: Mapping[Square, Uid | None], newcomer: Mapping[Uid, Kind],
                     ) -> Reading:
    """Explain ``diff`` as the player to move's handling of figures.

    ``newcomer`` maps the UIDs of the mover's figures that may come onto the board (reserve
    or trapped) to their kinds.
    """
    mover = state.to_move
    where = {uid: sq for sq, uid in diff.items() if uid is not None}
    lifted, moved, arrived, foreign = [], [], [], []
    for sq, uid in sorted(diff.items()):
        now_expected = at_start(state, tag_of, sq)
        if now_expected is not None and not _own(state, figure_of, now_expected, mover):
            foreign.append(sq)
            continue
        if uid is None:
            if now_expected not in where:
                lifted.append(sq)
            continue
        figure = figure_of.get(uid)
        if figure is not None and state.pos[figure] >= 0 and state.fig_player[figure] == mover:
            moved.append((state.pos[figure], sq))
        elif uid in newcomer:
            arrived.append((sq, newcomer[uid]))
        else:
            foreign.append(sq)
    return Reading(tuple(lifted), tuple(moved), tuple(arrived), tuple(foreign))


def _own(state: GameState, figure_of: Mapping[Uid, int], uid: Uid, player: int) -> bool:
    figure = figure_of.get(uid)
    return figure is not None and state.fig_player[figure] == player


def key_of(diff: Mapping[Square, Uid | None], reading: Reading) -> Effect:
    """The effect a set of differences shows, with newcomers as kind tokens."""
    arrived = dict(reading.arrived)
    return frozenset((sq, new_figure(arrived[sq]) if sq in arrived else uid)
                     for sq, uid in diff.items())


def orthogonal_enemies(state: GameState, player: int, squares: tuple[Square, ...]
                       ) -> tuple[Square, ...]:
    """Enemy figures orthogonally next to any of ``squares`` [C1]."""
    board = state.board
    found: set[Square] = set()
    for sq in squares:
        file, rank = sq % board.files, sq // board.files
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            f, r = file + df, rank + dr
            if 0 <= f < board.files and 0 <= r < board.ranks:
                other = state.occ[r * board.files + f]
                if other >= 0 and state.is_enemy(player, other):
                    found.add(r * board.files + f)
    return tuple(sorted(found))


def fixes_for(state: GameState, tag_of: Mapping[int, Uid], figure_of: Mapping[Uid, int],
              diff: Mapping[Square, Uid | None], reasons: Mapping[int, str]) -> tuple[Fix, ...]:
    """How to make the board match the game, square by square.

    ``reasons`` tells why figures left the board recently (figure -> ``lost``/``trap``), so
    the message can say so.
    """
    sensed_at = {uid: sq for sq, uid in diff.items() if uid is not None}
    out: list[Fix] = []
    for sq, uid in sorted(diff.items()):
        wanted = at_start(state, tag_of, sq)
        figure = figure_of.get(uid) if uid is not None else None
        if wanted is not None and figure is not None and state.pos[figure] < 0:
            # A figure that left the board stands where another belongs now (a Nest's
            # taker moving in [R1]): take it off, then put the other one there.
            why = reasons.get(figure, "gone" if figure in state.off_board else "reserve")
            out += [Fix(sq, "take_off", why=why), Fix(sq, "put_back", sensed_at.get(wanted))]
        elif wanted is not None:
            out.append(Fix(sq, "put_back" if uid is None else "swap", sensed_at.get(wanted)))
        elif uid is not None:
            figure = figure_of.get(uid)
            if figure is None:
                why = "unknown"
            elif state.pos[figure] >= 0:
                why = "moved"  # it belongs on its own square: a put_back names that one
            else:
                why = reasons.get(figure, "gone" if figure in state.off_board else "reserve")
            out.append(Fix(sq, "take_off", why=why))
    return tuple(out)

