"""Setup validation [S1–S3, V3–V7, V9]: every problem of a starting setup, with square and rule.

Problems are collected, not raised one at a time, so that a player fixes them in one go.
They are private to the setup's owner [S4, I3]: show them only through ``views``.

``check_setup`` checks one player's figures against S1–S3; ``check_setups`` checks the
setups of all players of a game at once under a ``RuleSet``: the set with its blank figure
(V3, V4) and reserve (V6), the Falle (V4, V5a), the secret traps (V5, V5a), the reserve
options (V6a, V6b), the whole half (V7) and the teams' shared territory and Nests (V9).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.giganten.board import Board
from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    FALLE,
    GESPENST,
    KINDS,
    NEST,
    STANDARD_SET,
    Kind,
)
from companion.games.giganten.players import Player
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.zones import half_ranks
from companion.messages import Message, Param

RESERVE_SIZE = 3
"""The most figures a player may keep back [V6]."""

NOT_IN_RESERVE: frozenset[Kind] = frozenset({NEST, BLITZ, CULAK, GESPENST, FALLE})
"""Kinds that never go into the reserve [V6]."""

NEST_DISTANCE = 8
"""A V9 team's two Nests lie at least this many files or ranks apart (seven squares between)."""


@dataclass(frozen=True, order=True, init=False)
class Problem:
    """One thing wrong with a setup: ``Problem(square, rule, key, **params)``, where ``key``
    and ``params`` are a message of ``companion.messages`` and ``reason`` is its English."""

    square: Square | None
    """The square concerned, or None for a problem of the whole set (a missing figure)."""
    rule: str
    reason: str
    message: Message = field(compare=False)

    def __init__(self, square: Square | None, rule: str, key: str, /, **params: Any) -> None:
        message = Message.of(key, **params)
        object.__setattr__(self, "square", square)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "reason", message.text)
        object.__setattr__(self, "message", message)

    @property
    def key(self) -> str:
        """The message key (``setup_swamp`` …)."""
        return self.message.key

    @property
    def params(self) -> dict[str, Param]:
        """The message parameters."""
        return self.message.params


class SetupError(ValueError):
    """A game cannot start because a setup breaks rule S; ``problems`` lists each problem."""

    def __init__(self, player: str, problems: list[Problem]) -> None:
        super().__init__(f"{player.capitalize()}'s setup: "
                         + "; ".join(f"{p.reason} [{p.rule}]" for p in problems))
        self.player = player
        self.problems = problems


def default_territories(board: Board, players: tuple[Player, ...] | None = None,
                        rules: RuleSet | None = None) -> dict[int, frozenset[int]]:
    """The setup ranks (0-based) of each player [S1]: all ranks of their side but the two in
    the middle.

    On the standard board that is ranks 1–6 for Yellow and 9–14 for Orange; on the stacked
    board of V1 it is 1–13 and 16–28 (the V1 ruling, R5). With V7 each player may use the
    whole half: 1–7 and 8–14 (1–14 and 15–28 stacked). The players of a V9 team share their
    side's territory (R13). ``players`` defaults to ``rules.players``.
    """
    rules = rules or RuleSet()
    players = players if players is not None else rules.players
    if rules.has("V7"):
        return {index: frozenset(half_ranks(board, player))
                for index, player in enumerate(players)}
    half = board.ranks // 2
    near = frozenset(range(0, half - 1))
    far = frozenset(range(half + 1, board.ranks))
    return {index: near if player.forward > 0 else far for index, player in enumerate(players)}


def check_setup(board: Board, player: Player, figures: Mapping[Square, Kind],
                territory: Collection[int], variants: Iterable[str] | RuleSet = (),
                reserve: Sequence[Kind] = ()) -> list[Problem]:
    """Return every problem of ``player``'s setup ``figures`` (square -> kind), sorted.

    ``territory`` holds the 0-based ranks the player may use [S1]; ``variants`` (ids or a
    ``RuleSet``) decide whether the blank figure belongs to the set; figures kept in
    ``reserve`` (V6) count towards the set. The variant checks that need every player's
    setup (traps, reserve options, V9 Nests) are ``check_setups``'.
    """
    in_force = variants.variants if isinstance(variants, RuleSet) else frozenset(variants)
    problems = [problem for sq, kind in figures.items()
                for problem in _square_problems(board, player, sq, kind, territory)]
    problems += _set_problems(player, figures, reserve, in_force)
    return _sorted(problems)


def _sorted(problems: Iterable[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.square is None, p.square or 0, p.rule))


def _square_problems(board: Board, player: Player, sq: Square, kind: Kind,
                     territory: Collection[int]) -> list[Problem]:
    if not 0 <= sq < board.size:
        return [Problem(sq, "S1", "setup_off_board", number=sq)]
    name, info = board.name(sq), KINDS[kind]
    found = []
    if board.file_rank(sq)[1] not in territory:
        ranks = _ranks(territory)
        found.append(Problem(sq, "S1", "setup_territory", family=info.family, square=name,
                             player=player.name, ranks=ranks))
    if info.land_only and board.is_swamp(sq):
        found.append(Problem(sq, "S2", "setup_swamp", family=info.family, square=name))
    if kind == NEST and sq in board.corners():
        found.append(Problem(sq, "S3", "setup_corner", square=name))
    return found


def _ranks(territory: Collection[int]) -> tuple[int, ...]:
    """The 0-based ranks of a territory as the 1-based numbers players read."""
    return tuple(rank + 1 for rank in sorted(territory))


def _set_problems(player: Player, figures: Mapping[Square, Kind], reserve: Sequence[Kind],
                  variants: frozenset[str]) -> list[Problem]:
    """All 24 figures of the set, no more [S1, R4], counting the reserve (V6); the blank
    figure exactly when its variant is in force (V3, V4)."""
    have = Counter(figures.values()) + Counter(reserve)
    wanted = dict(STANDARD_SET)
    for kind, info in enumerate(KINDS):
        if info.variant and info.variant in variants:
            wanted[kind] = 1
    problems = []
    for kind in sorted(set(have) | set(wanted)):
        got, need = have.get(kind, 0), wanted.get(kind, 0)
        if got != need:
            problems.append(_count_problem(player, kind, got, need))
    return problems


def _count_problem(player: Player, kind: Kind, got: int, need: int) -> Problem:
    info = KINDS[kind]
    who = player.name
    if need == 0 and info.variant:
        return Problem(None, "S1", "set_variant_only", player=who, kind=info.id,
                       variant=info.variant)
    if got < need:
        return Problem(None, "S1", "set_lacks", player=who, missing=need - got, kind=info.id,
                       got=got, need=need)
    return Problem(None, "S1", "set_too_many", player=who, got=got, kind=info.id, need=need)


# --- Every player at once, under a rule set ------------------------------------------------

def check_setups(board: Board, rules: RuleSet | None,
                 setups: Mapping[int, Mapping[Square, Kind]],
                 territories: Mapping[int, Collection[int]] | None = None,
                 reserves: Mapping[int, Sequence[Kind]] | None = None,
                 traps: Mapping[int, Square] | None = None) -> dict[int, list[Problem]]:
    """Return every problem of every player's setup, as player index -> sorted problems.

    ``setups`` maps each player (an index into ``rules.players``) to their figures (square
    -> kind); ``territories`` (0-based ranks) override ``default_territories`` per player;
    ``reserves`` are the kinds each player keeps back (V6) and ``traps`` each player's secret
    trap square (V5). Checked: S1–S3 for each figure; the whole set [S1, R4] counting the
    reserve, with the blank figure exactly under V3 or V4; no two figures on one square; the
    Falle and the secret trap not on or next to the own Nest [V5a, R15]; the trap in the own
    territory [V5]; the reserve [V6, V6a, V6b, R14]; a V9 team's Nests at least eight files
    or ranks apart [V9, R13]. A player with no problems has an empty list.
    """
    rules = rules or RuleSet()
    players = rules.players
    unknown = sorted((set(setups) | set(reserves or {}) | set(traps or {}))
                     - set(range(len(players))))
    if unknown:
        raise ValueError(f"no player {unknown[0]} in a game of {len(players)} players")
    territories = {**default_territories(board, players, rules), **(territories or {})}
    reserves = reserves or {}
    traps = traps or {}
    nests = _team_nests(players, setups)
    found: dict[int, list[Problem]] = {}
    taken: dict[Square, int] = {}
    for index, player in enumerate(players):
        figures = setups.get(index, {})
        reserve = reserves.get(index, ())
        problems = check_setup(board, player, figures, territories[index], rules, reserve)
        problems += _shared_squares(board, players, index, figures, taken)
        problems += _falle_problems(board, rules, figures, nests[player.team])
        problems += _trap_problems(board, rules, player, traps.get(index),
                                   territories[index], nests[player.team])
        problems += _reserve_problems(rules, players, index, reserves)
        problems += _nest_distance_problems(board, rules, players, index, setups)
        found[index] = _sorted(problems)
    return found


def _team_nests(players: tuple[Player, ...], setups: Mapping[int, Mapping[Square, Kind]],
                ) -> dict[int, list[Square]]:
    """The Nest squares of each team: in V9 the partners' Nests are both the team's own."""
    nests: dict[int, list[Square]] = {player.team: [] for player in players}
    for index, player in enumerate(players):
        nests[player.team] += [sq for sq, kind in setups.get(index, {}).items() if kind == NEST]
    return nests


def _shared_squares(board: Board, players: tuple[Player, ...], index: int,
                    figures: Mapping[Square, Kind], taken: dict[Square, int]) -> list[Problem]:
    """A square holds one figure [S1]: reported for the later player of the two."""
    problems = []
    for sq in figures:
        if sq in taken and 0 <= sq < board.size:
            problems.append(Problem(sq, "S1", "setup_square_taken", square=board.name(sq),
                                    player=players[taken[sq]].name))
        taken.setdefault(sq, index)
    return problems


def _near_nest(board: Board, sq: Square, nests: Iterable[Square]) -> Square | None:
    """The first Nest of ``nests`` that ``sq`` is on or next to (orthogonally or
    diagonally), or None."""
    file, rank = board.file_rank(sq)
    for nest in nests:
        nest_file, nest_rank = board.file_rank(nest)
        if abs(file - nest_file) <= 1 and abs(rank - nest_rank) <= 1:
            return nest
    return None


def _falle_problems(board: Board, rules: RuleSet, figures: Mapping[Square, Kind],
                    nests: list[Square]) -> list[Problem]:
    """With V5a the Falle (V4) stands on no square next to the own Nest [R15]."""
    if not (rules.has("V4") and rules.has("V5a")):
        return []
    problems = []
    for sq, kind in figures.items():
        if kind == FALLE and 0 <= sq < board.size and _near_nest(board, sq, nests) is not None:
            problems.append(Problem(sq, "V5a", "falle_near_nest", square=board.name(sq)))
    return problems


def _trap_problems(board: Board, rules: RuleSet, player: Player, trap: Square | None,
                   territory: Collection[int], nests: list[Square]) -> list[Problem]:
    """The secret trap: only with V5, on the board, in the own territory, and with V5a not
    on or next to the own Nest [R15]."""
    if trap is None:
        return []
    if not 0 <= trap < board.size:
        return [Problem(None, "V5", "trap_off_board", player=player.name)]
    name = board.name(trap)
    if not rules.has("V5"):
        return [Problem(trap, "V5", "trap_without_v5", square=name)]
    if board.file_rank(trap)[1] not in territory:
        return [Problem(trap, "V5", "trap_territory", square=name, player=player.name,
                        ranks=_ranks(territory))]
    if rules.has("V5a") and _near_nest(board, trap, nests) is not None:
        return [Problem(trap, "V5a", "trap_near_nest", square=name)]
    return []


def _kind_list(kinds: Iterable[Kind]) -> tuple[str, ...]:
    return tuple(sorted(KINDS[kind].id for kind in kinds))


def _reserve_problems(rules: RuleSet, players: tuple[Player, ...], index: int,
                      reserves: Mapping[int, Sequence[Kind]]) -> list[Problem]:
    """The reserve [V6]: at most three figures, none of Nest, Blitz, Culak, Gespenst or
    Falle; with V6b of different kinds [F1]; with V6a the agreed kinds [R14]."""
    reserve = list(reserves.get(index, ()))
    who = players[index].name
    if not reserve and not rules.has("V6a"):
        return []
    if not rules.has("V6"):
        return [Problem(None, "V6", "reserve_needs_v6", player=who, kinds=_kind_list(reserve))]
    problems = []
    if len(reserve) > RESERVE_SIZE:
        problems.append(Problem(None, "V6", "reserve_too_many", player=who, count=len(reserve),
                                most=RESERVE_SIZE))
    for kind in sorted(set(reserve) & NOT_IN_RESERVE):
        problems.append(Problem(None, "V6", "reserve_forbidden", player=who,
                                kind=KINDS[kind].id))
    families = Counter(KINDS[kind].family for kind in reserve)
    if rules.has("V6b"):
        for family in sorted(f for f, n in families.items() if n > 1):
            problems.append(Problem(None, "V6b", "reserve_same_kind", player=who,
                                    count=families[family], kind=family))
    agreed = sorted(reserves.get(0, ()))
    if rules.has("V6a") and index > 0 and sorted(reserve) != agreed:
        problems.append(Problem(None, "V6a", "reserve_not_agreed", player=who,
                                kinds=_kind_list(reserve), agreed=_kind_list(agreed),
                                first=players[0].name))
    return problems


def team_problems(board: Board, rules: RuleSet, setups: Mapping[int, Mapping[Square, Kind]]
                  ) -> dict[int, list[Problem]]:
    """The problems only a team's setups together show: the partners' Nests too close
    [V9, R13], by the player they are reported to (none outside V9)."""
    players = rules.players
    return {index: problems for index in range(len(players))
            if (problems := _nest_distance_problems(board, rules, players, index, setups))}


def _nest_distance_problems(board: Board, rules: RuleSet, players: tuple[Player, ...],
                            index: int, setups: Mapping[int, Mapping[Square, Kind]],
                            ) -> list[Problem]:
    """V9: a team's two Nests at least eight files or eight ranks apart; reported on the Nest
    of the team's second player [R13]."""
    team = players[index].team
    partners = [i for i, p in enumerate(players) if p.team == team and i < index]
    if not rules.has("V9") or not partners:
        return []
    own = [sq for sq, kind in setups.get(index, {}).items()
           if kind == NEST and 0 <= sq < board.size]
    theirs = [sq for i in partners for sq, kind in setups.get(i, {}).items()
              if kind == NEST and 0 <= sq < board.size]
    problems = []
    for nest in own:
        file, rank = board.file_rank(nest)
        for other in theirs:
            other_file, other_rank = board.file_rank(other)
            if max(abs(file - other_file), abs(rank - other_rank)) < NEST_DISTANCE:
                problems.append(Problem(nest, "V9", "nests_too_close", square=board.name(nest),
                                        distance=NEST_DISTANCE, other=board.name(other)))
    return problems


def start_game(board: Board, setups: Mapping[int, Mapping[Square, Kind]], first: int,
               players: tuple[Player, ...] | None = None,
               territories: Mapping[int, Collection[int]] | None = None, *,
               rules: RuleSet | None = None,
               reserves: Mapping[int, Sequence[Kind]] | None = None,
               traps: Mapping[int, Square] | None = None) -> GameState:
    """Start a game from every player's setup, checked with ``check_setups`` first.

    ``first`` is the player who moves first, decided and recorded per game [S5]. ``players``
    defaults to ``rules.players`` and must match them if given. Raises ``SetupError``
    (listing every problem) for the first player whose setup is invalid.
    """
    rules = rules or RuleSet()
    if players is not None and players != rules.players:
        raise ValueError("the players do not match the rule set (four players need V9)")
    found = check_setups(board, rules, setups, territories, reserves, traps)
    for index, player in enumerate(rules.players):
        if found[index]:
            raise SetupError(player.name, found[index])
    position = {sq: (index, kind) for index, figures in setups.items()
                for sq, kind in figures.items()}
    return GameState(board, position, first, rules, reserves=reserves, traps=traps)
