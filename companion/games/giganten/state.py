"""The game state: figures on a board, whose turn it is, and how the game stands.

``GameState`` follows python-chess's two tiers: ``push`` plays a turn it trusts (a turn
from ``legal_turns``) as fast as it can, ``play`` checks a turn first and refuses it with
the rule's id [``IllegalTurn``]. ``pop`` undoes the last action exactly.

Figures are numbered in the order of their starting squares, then the reserve (V6);
``pos[figure]`` is where a figure stands (``OFF_BOARD`` once it has left the board,
``RESERVE`` while kept back) and ``occ[square]`` which figure stands on a square (-1 if
empty). Those flat lists are what move generation walks (``movegen``, whose functions
are this class's methods). The variants in force come from the game's ``RuleSet``: the
same code plays every combination.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import companion.games.giganten.movegen as _movegen
import companion.games.giganten.referee as _referee
from companion.games.giganten.board import NORTH, SOUTH, Board
from companion.games.giganten.combat import COMBAT, Outcome
from companion.games.giganten.ends import END_RULES
from companion.games.giganten.figures import FALLE, KINDS, NEST, Kind
from companion.games.giganten.legality import check_turn
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.tables import flight_table, make_turn, step_table
from companion.games.giganten.turns import Action, Combat, Resignation, TrapEvent, Turn, TurnResult

OFF_BOARD = -1
RESERVE = -2

_ADVANCES = [k.advances for k in KINDS]

Position = Mapping[Square, tuple[int, Kind]]
"""Square -> (player index, kind) of every figure on the board."""

FROZEN_TURNS = 2
"""How many of its owner's turns a trapped figure stays put under V5b."""

_Undo = tuple[list[tuple[int, Square]], int, int, int, int | None, str | None, int,
              list[tuple[str, Any]]]
# (figure moves as (figure, previous square), length of off_board, to_move, ply, winner,
#  reason, how many turns the action added to to_move's count (1 for a turn, 0 for a
#  resignation), [(attribute, previous value)] for the rarely changing attributes)


class _Turn:
    """The bookkeeping of one turn while ``push`` plays it."""

    __slots__ = ("caught", "events", "extras", "freeze", "moves", "removed")

    def __init__(self, moves: list[tuple[int, Square]], extras: list[tuple[str, Any]]) -> None:
        self.moves = moves
        self.extras = extras
        self.events: list[TrapEvent] = []
        self.caught: list[int] = []
        """Figures caught by a trap this turn: they neither challenge nor advance."""
        self.freeze: list[int] = []
        """Figures to freeze for their owner's next turns once this turn ends (V5b)."""
        self.removed: list[int] = []


class GameState:
    """A game in progress: the authoritative state that views are made from."""

    def __init__(self, board: Board, position: Position, to_move: int = 0,
                 rules: RuleSet | None = None, *,
                 reserves: Mapping[int, Sequence[Kind]] | None = None,
                 traps: Mapping[int, Square] | None = None,
                 frozen: Mapping[Square, int] | None = None,
                 turns_made: Mapping[int, int] | None = None) -> None:
        """Start from ``position`` with ``to_move`` to play, under ``rules`` (base game if None).

        ``reserves`` are the kinds each player keeps back (V6), ``traps`` each player's secret
        trap square (V5), ``frozen`` the figures that may not move for their owner's next n
        turns (V5b), ``turns_made`` the turns each player has played already (V6, V8).
        Raises ``ValueError`` for a square off the board, an unknown player, or a figure or
        secret that needs a variant not in force.
        """
        self.board = board
        self.rules = rules or RuleSet()
        self.players = self.rules.players
        self.variants = self.rules.variants
        self._check_start(position, to_move, reserves or {}, traps or {}, frozen or {})
        self._steps = step_table(board.files, board.ranks)
        self._flights = flight_table(board.files, board.ranks)
        self._swamp = [sq in board.swamp for sq in range(board.size)]
        self._forward_direction = [NORTH if p.forward > 0 else SOUTH for p in self.players]
        self._setup_figures(position, reserves or {})
        count = len(self.players)
        self.first = to_move
        """The player who moved first [S5]."""
        self.to_move = to_move
        self.ply = 0
        """Turns played so far."""
        self.winner: int | None = None
        """The winning team once the game is decided (None while it runs, and for a draw)."""
        self.reason: str | None = None
        """How the game was decided: ``nest``, ``immobilized`` or ``resignation``; or drawn
        by a referee limit: ``no-challenge limit``, ``turn limit`` [R26]."""
        self.off_board: list[int] = []
        """Figures that left the board, in the order they left [K6]."""
        self.history: list[Action] = []
        self._undo: list[_Undo] = []
        self.turns_made = [(turns_made or {}).get(p, 0) for p in range(count)]
        """Turns each player has made, counted from before the start position (V6, V8)."""
        self.traps: list[Square | None] = [(traps or {}).get(p) for p in range(count)]
        """Each player's secret trap square (V5), known only to its owner and the arbiter."""
        self.traps_sprung = [False] * count
        """Whether each player's trap has sprung: once it has, its square is public."""
        self.frozen: dict[int, int] = {self.occ[sq]: n for sq, n in (frozen or {}).items() if n}
        """Figure -> how many more of its owner's turns it must stay put (V5b)."""
        self.trapped: list[int] = []
        """Figures a trap put off the board that may come back (V5c)."""
        self.start_turns_made = tuple(self.turns_made)
        self.start_frozen = dict(self.frozen)
        self._trap_at = {sq: p for p, sq in enumerate(self.traps) if sq is not None}
        self._flags()
        self.referee_state = _referee.start_state(self)
        """What the referee rules remember (``RefereeState``, updated by ``referee`` beside
        this module); kept by push/pop."""
        self._settle(to_move)

    def _flags(self) -> None:
        has = self.rules.has
        self._freezes = has("V5b")
        self._reentry = has("V5c")
        self._reserve = has("V6")
        self._doubles = has("V8")
        self._all_nests = has("V9")
        self._refereed = self.rules.referee is not None

    def _check_start(self, position: Position, to_move: int,
                     reserves: Mapping[int, Sequence[Kind]], traps: Mapping[int, Square],
                     frozen: Mapping[Square, int]) -> None:
        count = len(self.players)
        if not 0 <= to_move < count:
            raise ValueError(f"no player {to_move} to move")
        for sq, (player, kind) in position.items():
            if not 0 <= sq < self.board.size:
                raise ValueError(f"square {sq} is off the board")
            self._check_figure(player, kind, f"on {self.board.name(sq)}")
        for player, kinds in reserves.items():
            if kinds and not self.rules.has("V6"):
                raise ValueError("a reserve needs variant V6")
            for kind in kinds:
                self._check_figure(player, kind, "in the reserve")
        for player, sq in traps.items():
            if not self.rules.has("V5"):
                raise ValueError("a secret trap needs variant V5")
            if not 0 <= player < count or not 0 <= sq < self.board.size:
                raise ValueError("a secret trap needs a player and a square on the board")
        for sq, turns in frozen.items():
            if not (self.rules.has("V5b") and sq in position and turns >= 0):
                raise ValueError("only a figure on the board can be frozen, and only with V5b")

    def _check_figure(self, player: int, kind: Kind, where: str) -> None:
        if not 0 <= player < len(self.players):
            raise ValueError(f"no player {player} for the figure {where}")
        if not 0 <= kind < len(KINDS):
            raise ValueError(f"no kind {kind} for the figure {where}")
        variant = KINDS[kind].variant
        if variant and not self.rules.has(variant):
            raise ValueError(f"{KINDS[kind].id} {where} plays only with variant {variant}")

    def _setup_figures(self, position: Position, reserves: Mapping[int, Sequence[Kind]]) -> None:
        order = sorted(position)
        self.start: dict[Square, tuple[int, Kind]] = {sq: position[sq] for sq in order}
        """The position the game started from (setups, or a scenario's figures)."""
        self.start_reserves = {p: tuple(kinds) for p, kinds in sorted(reserves.items()) if kinds}
        """The kinds each player kept back at the start (V6)."""
        kept = [(p, kind) for p, kinds in self.start_reserves.items() for kind in kinds]
        self.fig_player = [position[sq][0] for sq in order] + [p for p, _ in kept]
        self.fig_kind = [position[sq][1] for sq in order] + [kind for _, kind in kept]
        self.fig_team = [self.players[p].team for p in self.fig_player]
        self.pos = list(order) + [RESERVE] * len(kept)
        self.occ = [-1] * self.board.size
        for figure, sq in enumerate(order):
            self.occ[sq] = figure
        self._figures_of = [[f for f, p in enumerate(self.fig_player) if p == index]
                            for index in range(len(self.players))]

    # --- Looking at the position ---------------------------------------------------------

    def figure_at(self, sq: Square) -> tuple[int, Kind] | None:
        """Return ``(player, kind)`` of the figure on ``sq``, or None if it is empty."""
        figure = self.occ[sq]
        return None if figure < 0 else (self.fig_player[figure], self.fig_kind[figure])

    def position(self) -> dict[Square, tuple[int, Kind]]:
        """Every figure on the board as square -> (player, kind), in square order."""
        return {sq: (self.fig_player[f], self.fig_kind[f])
                for sq, f in enumerate(self.occ) if f >= 0}

    def figures_on_board(self, player: int) -> list[int]:
        """The figures of ``player`` standing on the board, in figure order."""
        pos = self.pos
        return [f for f in self._figures_of[player] if pos[f] >= 0]

    def reserve_of(self, player: int) -> list[int]:
        """The figures ``player`` still keeps in the reserve (V6)."""
        return [f for f in self._figures_of[player] if self.pos[f] == RESERVE]

    def trapped_of(self, player: int) -> list[int]:
        """The figures of ``player`` that a trap put off the board and may come back (V5c)."""
        return [f for f in self.trapped if self.fig_player[f] == player]

    def is_enemy(self, player: int, figure: int) -> bool:
        """True if ``figure`` belongs to a team other than ``player``'s."""
        return self.fig_team[figure] != self.players[player].team

    def team_players(self, team: int) -> list[int]:
        """The players of ``team``, in turn order."""
        return [i for i, p in enumerate(self.players) if p.team == team]

    @property
    def is_over(self) -> bool:
        """True once the game is decided: won, or drawn by a referee limit [R26]."""
        return self.reason is not None

    @property
    def is_drawn(self) -> bool:
        """True if a referee limit ended the game drawn [R26]."""
        return self.reason is not None and self.winner is None

    def may_place_reserve(self, player: int) -> bool:
        """True if ``player`` may put reserve figures on the board this turn (V6: from the
        player's own third turn on)."""
        return self._reserve and self.turns_made[player] >= 2 and bool(self.reserve_of(player))

    def double_moves_allowed(self, player: int) -> bool:
        """V8: in each player's first three turns, and again once only 20 figures are left
        on the board, or one side has only 10."""
        if not self._doubles:
            return False
        if self.turns_made[player] < 3:
            return True
        on_board = [0] * (max(p.team for p in self.players) + 1)
        for figure, sq in enumerate(self.pos):
            if sq >= 0:
                on_board[self.fig_team[figure]] += 1
        return sum(on_board) <= 20 or min(on_board) <= 10

    # --- Generating turns (``movegen``): its functions of the state are the methods -------

    legal_turns = _movegen.legal_turns
    referee_lapses = _movegen.referee_lapses
    rulebook_turns = _movegen.rulebook_turns
    turns_from = _movegen.turns_from
    step_targets = _movegen.step_targets
    reserve_squares = _movegen.reserve_squares
    reentry_squares = _movegen.reentry_squares
    has_legal_turn = _movegen.has_legal_turn
    random_turn = _movegen.random_turn

    # --- Playing and undoing -------------------------------------------------------------

    def play(self, turn: Turn) -> TurnResult:
        """Check ``turn`` against the rules and play it; raise ``IllegalTurn`` if it breaks one."""
        check_turn(self, turn)
        return self.push(turn)

    def push(self, turn: Turn) -> TurnResult:
        """Play a turn known to be legal (as from ``legal_turns``) and return what it did."""
        player = self.to_move
        now = _Turn([], [])
        self._undo.append((now.moves, len(self.off_board), player, self.ply, self.winner,
                           self.reason, 1, now.extras))
        if turn.reenter is not None or turn.place:
            self._bring_on(player, turn, now)
        for path in (turn.path, turn.second):
            if path:
                figure = self.occ[path[0]]
                if figure < 0 or figure in now.caught:
                    continue  # a placed figure caught by a trap does not move on [R17]
                self._relocate(figure, path[-1], now.moves)
                self._spring(figure, path[-1], now)
        combat: Combat | None = None
        advanced = False
        at = turn.challenger_square
        if at is not None:
            challenger = self.occ[at]
            if challenger >= 0 and challenger not in now.caught:
                combat, advanced = self._challenge(challenger, turn, now)
        self.turns_made[player] += 1
        if self.frozen or now.freeze:
            self._thaw(player, now)
        self.ply += 1
        if self._refereed:
            self._referee_after(player, turn, combat is not None or bool(now.removed), now)
        if self.winner is None:
            self._settle(player + 1, now)
            if self._refereed and self.winner is None:
                self.reason = _referee.draw_reason(self)
        result = TurnResult(player, turn, combat, tuple(now.removed), advanced, self.winner,
                            self.reason, tuple(now.events))
        self.history.append(result)
        return result

    def resign(self, player: int) -> Resignation:
        """``player`` gives up for their team; the first enemy team in turn order wins [W3]."""
        if self.reason is not None:
            raise ValueError("the game is already over")
        self._undo.append(([], len(self.off_board), self.to_move, self.ply, self.winner,
                           self.reason, 0, []))
        winner = self._next_enemy_team(player)
        self.winner, self.reason = winner, "resignation"
        action = Resignation(player, winner)
        self.history.append(action)
        return action

    def pop(self) -> Action:
        """Undo the last action exactly and return it; raise ``IndexError`` if there is none."""
        (moves, off_length, self.to_move, self.ply, self.winner, self.reason, turns_added,
         extras) = self._undo.pop()
        self.turns_made[self.to_move] -= turns_added
        occ, pos = self.occ, self.pos
        for figure, previous in reversed(moves):
            current = pos[figure]
            if current >= 0:
                occ[current] = -1
            pos[figure] = previous
            if previous >= 0:
                occ[previous] = figure
        del self.off_board[off_length:]
        for name, value in reversed(extras):
            setattr(self, name, value)
        return self.history.pop()

    def preview(self, turn: Turn) -> tuple[Outcome, str] | None:
        """The outcome and deciding rule of a legal ``turn``'s challenge, without playing it
        (None if it challenges nobody, or its challenger is caught by a trap first)."""
        combat = self.what_if(turn).combat
        return None if combat is None else (combat.outcome, combat.rule)

    def advance_for(self, turn: Turn) -> tuple[int, Square] | None:
        """Who may advance after a legal ``turn``'s challenge, without playing it [K5].

        Returns the winning figure and the loser's square it may move into, or None when
        nobody may advance (no challenge, a draw, both lost, a winner that never advances
        or is held by a trap). A taken Nest counts: its taker moves in anyway [R1].
        """
        combat = self.what_if(turn).combat
        if combat is None or not combat.outcome.one_loser:
            return None
        if combat.outcome is Outcome.CHALLENGED_WINS:
            figure, into = combat.challenged_figure, combat.challenger
        else:
            figure, into = combat.challenger_figure, combat.challenged
        if not _ADVANCES[self.fig_kind[figure]] or figure in self.frozen:
            return None
        return figure, into

    def what_if(self, turn: Turn) -> TurnResult:
        """Play a legal ``turn`` without its advance and take it back: what would happen."""
        result = self.push(turn._replace(advance=False))
        self.pop()
        return result

    def _referee_after(self, player: int, turn: Turn, progress: bool, now: _Turn) -> None:
        """Update the referee rules' detectors after a turn; ``pop`` restores them."""
        before = self.referee_state
        now.extras.append(("referee_state", before))
        self.referee_state = _referee.after_turn(self, before, player, turn, now.moves, progress)

    def _bring_on(self, player: int, turn: Turn, now: _Turn) -> None:
        """Put figures onto the board: a trapped one back (V5c), or reserve figures (V6)."""
        if turn.reenter is not None:
            sq, kind = turn.reenter
            figure = next(f for f in self.trapped if self.fig_player[f] == player
                          and self.fig_kind[f] == kind)
            now.extras += [("trapped", list(self.trapped)), ("off_board", list(self.off_board))]
            self.trapped.remove(figure)
            self.off_board.remove(figure)
            self._relocate(figure, sq, now.moves)
            self._spring(figure, sq, now)
        for sq, kind in turn.place:
            figure = next(f for f in self._figures_of[player]
                          if self.pos[f] == RESERVE and self.fig_kind[f] == kind)
            self._relocate(figure, sq, now.moves)
            self._spring(figure, sq, now)

    def _spring(self, figure: int, sq: Square, now: _Turn) -> None:
        """A figure came to rest on ``sq``: an enemy's secret trap there catches it (V5)."""
        owner = self._trap_at.get(sq)
        if owner is None or self.fig_team[figure] == self.players[owner].team:
            return
        if not self.traps_sprung[owner]:
            now.extras.append(("traps_sprung", list(self.traps_sprung)))
            self.traps_sprung[owner] = True
        effect = self._catch(figure, now)
        now.events.append(TrapEvent(sq, owner, figure, effect))

    def _catch(self, figure: int, now: _Turn) -> str:
        """A trap (secret, or the Falle) caught ``figure``: it stays put two turns (V5b), or
        leaves the board, perhaps to come back later (V5c). Returns the effect."""
        now.caught.append(figure)
        if self._freezes:
            now.freeze.append(figure)
            return "frozen"
        self._remove(figure, now)
        if self._reentry:
            now.extras.append(("trapped", list(self.trapped)))
            self.trapped.append(figure)
        return "removed"

    def _thaw(self, player: int, now: _Turn) -> None:
        """At the end of ``player``'s turn: their frozen figures have one turn fewer to wait;
        figures caught this turn start their wait (V5b)."""
        now.extras.append(("frozen", dict(self.frozen)))
        frozen = {f: n - 1 if self.fig_player[f] == player else n
                  for f, n in self.frozen.items()}
        frozen.update((f, FROZEN_TURNS) for f in now.freeze if self.pos[f] >= 0)
        now.freeze.clear()
        self.frozen = {f: n for f, n in frozen.items() if n > 0 and self.pos[f] >= 0}

    def _challenge(self, figure: int, turn: Turn, now: _Turn) -> tuple[Combat, bool]:
        """Resolve the challenge of ``turn`` [C4, C5, K1–K6] after the moves were made."""
        kinds, occ = self.fig_kind, self.occ
        target = turn.challenge
        assert target is not None
        sq, enemy = self.pos[figure], occ[target]
        outcome, rule = COMBAT[kinds[figure]][kinds[enemy]][self._swamp[target]]
        combat = Combat(sq, target, kinds[figure], kinds[enemy], self._swamp[target], outcome,
                        rule, figure, enemy)
        if kinds[enemy] == FALLE:
            self._catch(figure, now)  # V4, with the options of V5b and V5c
            return combat, False
        winner: int | None = None
        if outcome is Outcome.CHALLENGER_WINS or outcome is Outcome.NEST_TAKEN:
            self._remove(enemy, now)
            winner, into = figure, target
        elif outcome is Outcome.CHALLENGED_WINS:
            self._remove(figure, now)
            winner, into = enemy, sq
        elif outcome is Outcome.BOTH_LOSE:
            self._remove(figure, now)
            self._remove(enemy, now)
        if outcome is Outcome.NEST_TAKEN:
            # A taken Nest is occupied by its challenger [K4.2, W1, R1].
            self._relocate(figure, target, now.moves)
            self._nest_taken(figure)
            return combat, True
        if winner is None or not (turn.advance and _ADVANCES[kinds[winner]]) \
                or winner in self.frozen:
            return combat, False
        self._relocate(winner, into, now.moves)
        self._spring(winner, into, now)
        return combat, True

    def _nest_taken(self, figure: int) -> None:
        """W1; with four players a team wins once no enemy Nest is left (V9)."""
        team = self.fig_team[figure]
        if self._all_nests and any(
                self.fig_kind[f] == NEST and self.fig_team[f] != team and sq >= 0
                for f, sq in enumerate(self.pos)):
            return
        self.winner, self.reason = team, "nest"

    def _relocate(self, figure: int, sq: Square, moves: list[tuple[int, Square]]) -> None:
        previous = self.pos[figure]
        moves.append((figure, previous))
        if previous >= 0:
            self.occ[previous] = -1
        self.occ[sq] = figure
        self.pos[figure] = sq

    def _remove(self, figure: int, now: _Turn) -> None:
        previous = self.pos[figure]
        now.moves.append((figure, previous))
        self.occ[previous] = -1
        self.pos[figure] = OFF_BOARD
        self.off_board.append(figure)
        now.removed.append(figure)

    def _settle(self, candidate: int, now: _Turn | None = None) -> None:
        """Hand the turn to the first player from ``candidate`` on who can move; a player
        who cannot is passed over while a partner can (V9), else their team loses [M8, W2].

        A passed-over turn still counts down that player's held figures (V5b, R21).
        """
        count = len(self.players)
        for offset in range(count):
            player = (candidate + offset) % count
            if self.has_legal_turn(player):
                self.to_move = player
                return
            team = self.players[player].team
            if not any(self.has_legal_turn(p) for p in self.team_players(team) if p != player):
                self.to_move = player
                self.winner, self.reason = self._next_enemy_team(player), "immobilized"
                return
            if self.frozen:
                self._thaw(player, now or _Turn([], []))

    def _next_enemy_team(self, player: int) -> int:
        count = len(self.players)
        team = self.players[player].team
        return next(self.players[(player + i) % count].team for i in range(1, count + 1)
                    if self.players[(player + i) % count].team != team)

    # --- Comparing -----------------------------------------------------------------------

    def snapshot(self) -> tuple[object, ...]:
        """Everything that makes up the state, for exact comparisons (undo tests, replays)."""
        return (self.board, self.rules, tuple(self.start.items()), self.first,
                tuple(self.start_reserves.items()), self.start_turns_made,
                tuple(sorted(self.start_frozen.items())), tuple(self.pos), tuple(self.occ),
                self.to_move, self.ply, self.winner, self.reason, tuple(self.off_board),
                tuple(self.history), tuple(self.turns_made), tuple(self.traps),
                tuple(self.traps_sprung), tuple(sorted(self.frozen.items())),
                tuple(self.trapped), self.referee_state)


__all__ = ["END_RULES", "OFF_BOARD", "RESERVE", "GameState", "Position", "make_turn"]
