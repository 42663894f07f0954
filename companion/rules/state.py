"""The game state: figures on a board, whose turn it is, and how the game stands.

``GameState`` follows python-chess's two tiers: ``push`` plays a turn it trusts (a turn
from ``legal_turns``) as fast as it can, ``play`` checks a turn first and refuses it with
the rule's id [``IllegalTurn``]. ``pop`` undoes the last action exactly.

Figures are numbered in the order of their starting squares; ``pos[figure]`` is where a
figure stands (-1 once it has left the board) and ``occ[square]`` which figure stands on
a square (-1 if empty). Those flat lists are what move generation walks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from companion.rules.board import NORTH, SOUTH, Board, geometry
from companion.rules.combat import COMBAT, Outcome
from companion.rules.figures import KINDS, Kind
from companion.rules.players import TWO_PLAYERS, Player
from companion.rules.squares import Square
from companion.rules.turns import Action, Combat, Resignation, Turn, TurnResult

_MOBILE = [k.mobile for k in KINDS]
_CHALLENGES = [k.challenges for k in KINDS]
_SCOUT = [k.scout for k in KINDS]
_LAND_ONLY = [k.land_only for k in KINDS]
_NEVER_FORWARD = [k.never_forward for k in KINDS]
_ADVANCES = [k.advances for k in KINDS]

Position = Mapping[Square, tuple[int, Kind]]
"""Square -> (player index, kind) of every figure on the board."""

END_RULES = {"nest": "W1", "immobilized": "W2", "resignation": "W3"}
"""The rule behind each way a game can end."""

_new_turn = tuple.__new__
"""Builds a ``Turn`` from its three fields without the NamedTuple's Python-level __new__."""

_Step = tuple[int, Square, Turn, tuple[tuple[Square, Turn], ...]]
# A normal move from a square: (direction, target, the turn, ((enemy square, the turn that
# challenges it), ...) for the target's other orthogonal neighbours).
_Ray = tuple[Square, tuple[tuple[Square, tuple[tuple[Square, Turn], ...]], ...]]
# A scout's flight direction from a square: (the first square, which a flight passes over,
# ((landing, ((enemy square, the flight that challenges it), ...)), ...) nearest first).


def _turn(path: tuple[Square, Square], challenge: Square | None) -> Turn:
    return _new_turn(Turn, (path, challenge, False))


@cache
def _step_table(files: int, ranks: int) -> tuple[tuple[_Step, ...], ...]:
    """Every normal move that could ever start on each square of a ``files × ranks`` board,
    as ready-made ``Turn`` objects.

    Move generation is the hot path of playouts and search; with these tables it only tests
    occupancy and appends shared, immutable turns instead of building tuples. The tables
    follow ``Geometry``'s order, so turns come out in the same order as a plain walk.
    """
    geo = geometry(files, ranks)
    return tuple(
        tuple((direction, step, _turn((sq, step), None),
               tuple((other, _turn((sq, step), other))
                     for _, other in geo.orthogonal[step] if other != sq))
              for direction, step in geo.orthogonal[sq])
        for sq in range(files * ranks))


@cache
def _flight_table(files: int, ranks: int) -> list[tuple[_Ray, ...] | None]:
    """The scout flights from each square, filled in by ``_flights_from`` on first use.

    Flights grow with the cube of the board's side, so they are built only for squares a
    Flug actually stands on: a large scenario board costs nothing until it is used.
    """
    return [None] * (files * ranks)


def _flights_from(files: int, ranks: int, sq: Square) -> tuple[_Ray, ...]:
    """Every flight that could ever start on ``sq``, as ready-made ``Turn`` objects."""
    table = _flight_table(files, ranks)
    flights = table[sq]
    if flights is None:
        geo = geometry(files, ranks)
        flights = table[sq] = tuple(
            (ray[0], tuple((landing, tuple((other, _turn((sq, landing), other))
                                           for other in geo.scout_targets[landing][direction]))
                           for landing in ray[1:]))
            for direction, ray in enumerate(geo.rays[sq]) if len(ray) > 1)
    return flights


_Undo = tuple[list[tuple[int, Square]], int, int, int, int | None, str | None]
# (figure moves as (figure, previous square), length of off_board, to_move, ply, winner, reason)


class GameState:
    """A game in progress: the authoritative state that views are made from."""

    def __init__(self, board: Board, position: Position, to_move: int = 0,
                 players: tuple[Player, ...] = TWO_PLAYERS,
                 variants: Iterable[str] = ()) -> None:
        """Start from ``position`` with ``to_move`` to play.

        Raises ``ValueError`` for a square off the board, an unknown player, or a kind whose
        variant is not in force.
        """
        self.board = board
        self.players = players
        self.variants = frozenset(variants)
        self._check_position(position, to_move)
        self._orthogonal = board.geometry.orthogonal
        self._steps = _step_table(board.files, board.ranks)
        self._flights = _flight_table(board.files, board.ranks)
        self._swamp = [sq in board.swamp for sq in range(board.size)]
        self._forward_direction = [NORTH if p.forward > 0 else SOUTH for p in players]

        order = sorted(position)
        self.start: dict[Square, tuple[int, Kind]] = {sq: position[sq] for sq in order}
        """The position the game started from (setups, or a scenario's figures)."""
        self.first = to_move
        """The player who moved first [S5]."""
        self.fig_player = [position[sq][0] for sq in order]
        self.fig_kind = [position[sq][1] for sq in order]
        self.fig_team = [players[p].team for p in self.fig_player]
        self.pos = list(order)
        self.occ = [-1] * board.size
        for figure, sq in enumerate(order):
            self.occ[sq] = figure
        self._figures_of = [[f for f, p in enumerate(self.fig_player) if p == index]
                            for index in range(len(players))]

        self.to_move = to_move
        self.ply = 0
        """Turns played so far."""
        self.winner: int | None = None
        """The winning team once the game is decided."""
        self.reason: str | None = None
        """How the game was decided: ``nest``, ``immobilized`` or ``resignation``."""
        self.off_board: list[int] = []
        """Figures that left the board, in the order they left [K6]."""
        self.history: list[Action] = []
        self._undo: list[_Undo] = []
        self._check_immobilized()

    def _check_position(self, position: Position, to_move: int) -> None:
        if not 0 <= to_move < len(self.players):
            raise ValueError(f"no player {to_move} to move")
        for sq, (player, kind) in position.items():
            if not 0 <= sq < self.board.size:
                raise ValueError(f"square {sq} is off the board")
            if not 0 <= player < len(self.players):
                raise ValueError(f"no player {player} for the figure on {self.board.name(sq)}")
            if not 0 <= kind < len(KINDS):
                raise ValueError(f"no kind {kind} for the figure on {self.board.name(sq)}")
            variant = KINDS[kind].variant
            if variant and variant not in self.variants:
                raise ValueError(f"{KINDS[kind].id} on {self.board.name(sq)} plays only with"
                                 f" variant {variant}")

    # --- Looking at the position ---------------------------------------------------------

    def figure_at(self, sq: Square) -> tuple[int, Kind] | None:
        """Return ``(player, kind)`` of the figure on ``sq``, or None if it is empty."""
        figure = self.occ[sq]
        return None if figure < 0 else (self.fig_player[figure], self.fig_kind[figure])

    def position(self) -> dict[Square, tuple[int, Kind]]:
        """Every figure on the board as square -> (player, kind), in square order."""
        return {sq: (self.fig_player[f], self.fig_kind[f])
                for sq, f in enumerate(self.occ) if f >= 0}

    def is_enemy(self, player: int, figure: int) -> bool:
        """True if ``figure`` belongs to a team other than ``player``'s."""
        return self.fig_team[figure] != self.players[player].team

    @property
    def is_over(self) -> bool:
        """True once the game is decided."""
        return self.winner is not None

    # --- Generating turns ----------------------------------------------------------------

    def legal_turns(self) -> list[Turn]:
        """Every legal turn of the player to move [M1–M8, C1–C3], ``advance`` left False."""
        turns: list[Turn] = []
        if self.winner is None:
            pos = self.pos
            for figure in self._figures_of[self.to_move]:
                if pos[figure] >= 0:
                    self._add_turns(figure, turns)
        return turns

    def turns_from(self, sq: Square) -> list[Turn]:
        """The legal turns of the figure on ``sq``, whoever's turn it is (empty if none)."""
        turns: list[Turn] = []
        figure = self.occ[sq]
        if figure >= 0:
            self._add_turns(figure, turns)
        return turns

    def _add_turns(self, figure: int, out: list[Turn]) -> None:
        """Append every turn of one figure: normal moves [M2–M5] and scout flights [M6, M7]."""
        kind = self.fig_kind[figure]
        if not _MOBILE[kind]:
            return
        sq = self.pos[figure]
        occ, team = self.occ, self.fig_team
        mine = team[figure]
        append = out.append
        steps: Sequence[_Step]
        if _NEVER_FORWARD[kind] or _LAND_ONLY[kind]:
            steps = self._restricted_steps(figure, kind, sq)
        else:
            steps = self._steps[sq]
        if _CHALLENGES[kind]:
            for _, step, turn, challenges in steps:
                if occ[step] == -1:
                    append(turn)
                    # The figure's own start square is left out of ``challenges``: it is
                    # empty once the figure has moved.
                    for other, challenge in challenges:
                        enemy = occ[other]
                        if enemy != -1 and team[enemy] != mine:
                            append(challenge)
        else:
            for _, step, turn, _ in steps:
                if occ[step] == -1:
                    append(turn)
        if _SCOUT[kind]:
            self._add_flights(sq, mine, out)

    def _restricted_steps(self, figure: int, kind: Kind, sq: Square) -> list[_Step]:
        """The moves from ``sq`` that a Blitz-like figure may make at all [M4]."""
        blocked = self._forward_direction[self.fig_player[figure]] if _NEVER_FORWARD[kind] else -1
        land_only, swamp = _LAND_ONLY[kind], self._swamp
        return [entry for entry in self._steps[sq]
                if entry[0] != blocked and not (land_only and swamp[entry[1]])]

    def _add_flights(self, sq: Square, mine: int, out: list[Turn]) -> None:
        """Append every scout flight from ``sq`` that ends in a challenge [M6, M7]."""
        occ, team = self.occ, self.fig_team
        flights = self._flights[sq] or _flights_from(self.board.files, self.board.ranks, sq)
        for first, landings in flights:
            if occ[first] != -1:
                continue  # one square is a normal move, never a flight [M6]; nor is a jump
            for landing, challenges in landings:
                if occ[landing] != -1:
                    break
                for other, turn in challenges:
                    enemy = occ[other]
                    if enemy != -1 and team[enemy] != mine:
                        out.append(turn)

    def has_legal_turn(self, player: int) -> bool:
        """True if ``player`` could make a turn now (regardless of whose turn it is) [W2]."""
        occ, pos, orthogonal, swamp = self.occ, self.pos, self._orthogonal, self._swamp
        forward = self._forward_direction[player]
        for figure in self._figures_of[player]:
            sq, kind = pos[figure], self.fig_kind[figure]
            if sq < 0 or not _MOBILE[kind]:
                continue
            blocked = forward if _NEVER_FORWARD[kind] else -1
            for direction, step in orthogonal[sq]:
                if occ[step] == -1 and direction != blocked and not (
                        _LAND_ONLY[kind] and swamp[step]):
                    return True
            if _SCOUT[kind]:
                flights: list[Turn] = []
                self._add_flights(sq, self.fig_team[figure], flights)
                if flights:
                    return True
        return False

    def random_turn(self, rng: random.Random) -> Turn | None:
        """A random legal turn (None if there is none), for playouts.

        It picks a random figure that can move, then one of its turns, so it is uniform
        over figures rather than over turns, and costs one figure's generation, not all.
        """
        if self.winner is not None:
            return None
        pos = self.pos
        live = [f for f in self._figures_of[self.to_move] if pos[f] >= 0]
        count = len(live)
        start = int(rng.random() * count) if count else 0
        turns: list[Turn] = []
        for offset in range(count):
            self._add_turns(live[(start + offset) % count], turns)
            if turns:
                return turns[int(rng.random() * len(turns))]
        return None

    # --- Playing and undoing -------------------------------------------------------------

    def play(self, turn: Turn) -> TurnResult:
        """Check ``turn`` against the rules and play it; raise ``IllegalTurn`` if it breaks one."""
        from companion.rules.legality import check_turn

        check_turn(self, turn)
        return self.push(turn)

    def push(self, turn: Turn) -> TurnResult:
        """Play a turn known to be legal (as from ``legal_turns``) and return what it did."""
        player = self.to_move
        undo: _Undo = ([], len(self.off_board), player, self.ply, self.winner, self.reason)
        moves = undo[0]
        figure = self.occ[turn.path[0]]
        self._relocate(figure, turn.path[-1], moves)
        combat: Combat | None = None
        removed: tuple[int, ...] = ()
        advanced = False
        if turn.challenge is not None:
            combat, removed, advanced = self._challenge(figure, turn, moves)
        self.to_move = (player + 1) % len(self.players)
        self.ply += 1
        if self.winner is None:
            self._check_immobilized()
        result = TurnResult(player, turn, combat, removed, advanced, self.winner, self.reason)
        self.history.append(result)
        self._undo.append(undo)
        return result

    def resign(self, player: int) -> Resignation:
        """``player`` gives up; the first enemy team in turn order wins [W3]."""
        if self.winner is not None:
            raise ValueError("the game is already over")
        undo: _Undo = ([], len(self.off_board), self.to_move, self.ply, self.winner, self.reason)
        winner = self._next_enemy_team(player)
        self.winner, self.reason = winner, "resignation"
        action = Resignation(player, winner)
        self.history.append(action)
        self._undo.append(undo)
        return action

    def pop(self) -> Action:
        """Undo the last action exactly and return it; raise ``IndexError`` if there is none."""
        moves, off_length, self.to_move, self.ply, self.winner, self.reason = self._undo.pop()
        occ, pos = self.occ, self.pos
        for figure, previous in reversed(moves):
            current = pos[figure]
            if current >= 0:
                occ[current] = -1
            pos[figure] = previous
            if previous >= 0:
                occ[previous] = figure
        del self.off_board[off_length:]
        return self.history.pop()

    def preview(self, turn: Turn) -> tuple[Outcome, str] | None:
        """The outcome and deciding rule of ``turn``'s challenge, without playing it."""
        if turn.challenge is None:
            return None
        attacker, defender = self.occ[turn.path[0]], self.occ[turn.challenge]
        return COMBAT[self.fig_kind[attacker]][self.fig_kind[defender]][self._swamp[turn.challenge]]

    def advance_for(self, turn: Turn) -> tuple[int, Square] | None:
        """Who may advance after ``turn``'s challenge, without playing it [K5].

        Returns the winning figure and the loser's square it may move into, or None when
        nobody may advance (no challenge, a draw, both lost, or a winner that never
        advances). A taken Nest counts: its taker moves in anyway [R1].
        """
        verdict = self.preview(turn)
        if verdict is None or not verdict[0].one_loser:
            return None
        assert turn.challenge is not None
        if verdict[0] is Outcome.CHALLENGED_WINS:
            figure, into = self.occ[turn.challenge], turn.target
        else:
            figure, into = self.occ[turn.origin], turn.challenge
        return (figure, into) if _ADVANCES[self.fig_kind[figure]] else None

    def _challenge(self, figure: int, turn: Turn, moves: list[tuple[int, Square]],
                   ) -> tuple[Combat, tuple[int, ...], bool]:
        """Resolve the challenge of ``turn`` [C4, C5, K1–K6] after the move was made."""
        kinds, occ = self.fig_kind, self.occ
        sq, target = turn.path[-1], turn.challenge
        assert target is not None
        enemy = occ[target]
        outcome, rule = COMBAT[kinds[figure]][kinds[enemy]][self._swamp[target]]
        combat = Combat(sq, target, kinds[figure], kinds[enemy], self._swamp[target], outcome,
                        rule, figure, enemy)
        advanced = False
        if outcome is Outcome.CHALLENGER_WINS or outcome is Outcome.NEST_TAKEN:
            removed: tuple[int, ...] = (enemy,)
            self._remove(enemy, moves)
            # A taken Nest is occupied by its challenger [K4.2, W1]: it always moves in.
            advanced = outcome is Outcome.NEST_TAKEN or (turn.advance and _ADVANCES[kinds[figure]])
            if advanced:
                self._relocate(figure, target, moves)
            if outcome is Outcome.NEST_TAKEN:
                self.winner, self.reason = self.fig_team[figure], "nest"
        elif outcome is Outcome.CHALLENGED_WINS:
            removed = (figure,)
            self._remove(figure, moves)
            advanced = turn.advance and _ADVANCES[kinds[enemy]]
            if advanced:
                self._relocate(enemy, sq, moves)
        elif outcome is Outcome.BOTH_LOSE:
            removed = (figure, enemy)
            self._remove(figure, moves)
            self._remove(enemy, moves)
        else:
            removed = ()
        return combat, removed, advanced

    def _relocate(self, figure: int, sq: Square, moves: list[tuple[int, Square]]) -> None:
        previous = self.pos[figure]
        moves.append((figure, previous))
        self.occ[previous] = -1
        self.occ[sq] = figure
        self.pos[figure] = sq

    def _remove(self, figure: int, moves: list[tuple[int, Square]]) -> None:
        previous = self.pos[figure]
        moves.append((figure, previous))
        self.occ[previous] = -1
        self.pos[figure] = -1
        self.off_board.append(figure)

    def _check_immobilized(self) -> None:
        """A player who has no legal turn when it is their turn loses [M8, W2]."""
        if not self.has_legal_turn(self.to_move):
            self.winner = self._next_enemy_team(self.to_move)
            self.reason = "immobilized"

    def _next_enemy_team(self, player: int) -> int:
        count = len(self.players)
        team = self.players[player].team
        return next(self.players[(player + i) % count].team for i in range(1, count + 1)
                    if self.players[(player + i) % count].team != team)

    # --- Comparing -----------------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Everything that makes up the state, for exact comparisons (undo tests, replays)."""
        return (self.board, self.players, self.variants, tuple(self.start.items()), self.first,
                tuple(self.pos), tuple(self.occ), self.to_move, self.ply, self.winner,
                self.reason, tuple(self.off_board), tuple(self.history))
