"""Setup validation [S1–S3]: every problem of a player's starting setup, with square and rule.

Problems are collected, not raised one at a time, so that a player fixes them in one go.
They are private to the setup's owner [S4, I3]: show them only through ``views``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from companion.rules.board import Board
from companion.rules.figures import KINDS, NEST, STANDARD_SET, Kind
from companion.rules.players import TWO_PLAYERS, Player
from companion.rules.squares import Square
from companion.rules.state import GameState


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a setup."""

    square: Square | None
    """The square concerned, or None for a problem of the whole set (a missing figure)."""
    rule: str
    reason: str


class SetupError(ValueError):
    """A game cannot start because a setup breaks rule S; ``problems`` lists each problem."""

    def __init__(self, player: str, problems: list[Problem]) -> None:
        super().__init__(f"{player.capitalize()}'s setup: "
                         + "; ".join(f"{p.reason} [{p.rule}]" for p in problems))
        self.player = player
        self.problems = problems


def default_territories(board: Board, players: tuple[Player, ...] = TWO_PLAYERS,
                        ) -> dict[int, frozenset[int]]:
    """The setup ranks (0-based) of each player [S1]: all ranks but the two in the middle.

    On the standard board that is ranks 1–6 for Yellow and 9–14 for Orange; on the stacked
    board of V1 it is 1–13 and 16–28 (the V1 ruling).
    """
    half = board.ranks // 2
    near = frozenset(range(0, half - 1))
    far = frozenset(range(half + 1, board.ranks))
    return {index: near if player.forward > 0 else far for index, player in enumerate(players)}


def check_setup(board: Board, player: Player, figures: Mapping[Square, Kind],
                territory: Collection[int], variants: Iterable[str] = ()) -> list[Problem]:
    """Return every problem of ``player``'s setup ``figures`` (square -> kind), sorted.

    ``territory`` holds the 0-based ranks the player may use [S1].
    """
    problems = [problem for sq, kind in figures.items()
                for problem in _square_problems(board, player, sq, kind, territory)]
    problems += _set_problems(player, figures, frozenset(variants))
    return sorted(problems, key=lambda p: (p.square is None, p.square or 0, p.rule))


def _square_problems(board: Board, player: Player, sq: Square, kind: Kind,
                     territory: Collection[int]) -> list[Problem]:
    name, info = board.name(sq), KINDS[kind]
    found = []
    if board.file_rank(sq)[1] not in territory:
        ranks = _rank_span(territory)
        found.append(Problem(sq, "S1", f"{info.family.capitalize()} on {name}:"
                                        f" {player.name.capitalize()} sets up on {ranks}"))
    if info.land_only and board.is_swamp(sq):
        found.append(Problem(sq, "S2", f"{info.family.capitalize()} on {name}: Blitz and Nest"
                                       " stand only on land"))
    if kind == NEST and sq in board.corners():
        found.append(Problem(sq, "S3", f"Nest on {name}: the Nest never stands on a corner"
                                       " square"))
    return found


def _rank_span(territory: Collection[int]) -> str:
    ranks = sorted(territory)
    if ranks and ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"ranks {ranks[0] + 1}–{ranks[-1] + 1}"
    return "ranks " + ", ".join(str(r + 1) for r in ranks)


def _set_problems(player: Player, figures: Mapping[Square, Kind],
                  variants: frozenset[str]) -> list[Problem]:
    """All 24 figures of the set, no more [S1]; the blank only as its variant's figure."""
    have = Counter(figures.values())
    wanted = dict(STANDARD_SET)
    for kind, info in enumerate(KINDS):
        if info.variant and info.variant in variants:
            wanted[kind] = 1
    problems = []
    for kind in sorted(set(have) | set(wanted)):
        got, need = have.get(kind, 0), wanted.get(kind, 0)
        if got != need:
            problems.append(Problem(None, "S1", _count_reason(player, kind, got, need)))
    return problems


def _count_reason(player: Player, kind: Kind, got: int, need: int) -> str:
    info = KINDS[kind]
    who = player.name.capitalize()
    if need == 0 and info.variant:
        return f"{who} has a {info.id}, which plays only with variant {info.variant}"
    if got < need:
        return f"{who}'s set lacks {need - got} {info.id} ({got} of {need} on the board)"
    return f"{who} has {got} {info.id} on the board; the set has only {need}"


def start_game(board: Board, setups: Mapping[int, Mapping[Square, Kind]], first: int,
               players: tuple[Player, ...] = TWO_PLAYERS,
               territories: Mapping[int, Collection[int]] | None = None) -> GameState:
    """Start a game from every player's setup, checked against S1–S3 first.

    ``first`` is the player who moves first, decided and recorded per game [S5]. Raises
    ``SetupError`` (listing every problem) for the first player whose setup is invalid.
    """
    territories = territories or default_territories(board, players)
    position: dict[Square, tuple[int, Kind]] = {}
    for index, player in enumerate(players):
        figures = setups.get(index, {})
        problems = check_setup(board, player, figures, territories[index])
        problems += [Problem(sq, "S1", f"{board.name(sq)} holds a figure of each side")
                     for sq in figures if sq in position]
        if problems:
            raise SetupError(player.name, problems)
        position.update({sq: (index, kind) for sq, kind in figures.items()})
    return GameState(board, position, first, players)
