"""Today's Giganten computer, frozen: the one-ply heuristic bot, kept as it was so the
strength benchmark can always measure against it.

The bot (``Bot``) scores every legal turn from its own player's view: the expected result
of a challenge over the kinds the enemy figure could still be, a pull towards where the
enemy Nest may stand, a little forward drive, a penalty for pacing, a touch of seeded
randomness. It remembers what its views showed (which enemy figures moved, the kinds
challenges showed [I2, I4]). Its views are made here from the game interface
(``companion.views.games.game_view``, each played turn's public part, the player's own
reserve), in the form the bot always read.

``play_match`` plays paired games (the same landscape and setups, seats swapped) of the
companion's computer at a level against this bot; ``bench/strength_giganten.py`` prints
the figures.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.game import IllegalMove
from companion.games.giganten import GAME
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.combat import Outcome, resolve
from companion.games.giganten.figures import (
    FALLE,
    GESPENST,
    KIND_BY_ID,
    KINDS,
    STANDARD_SET,
    parse_kind,
)
from companion.games.giganten.generate import random_start
from companion.games.giganten.players import TWO_PLAYERS, Player, player_index
from companion.games.giganten.position import Advance, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square, parse_square_name, square_name
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.table.opponent import choose_turn
from companion.views.games import game_view

JSON = dict[str, Any]

VALUE: dict[str, float] = {
    "tyra1": 9, "tyra2": 8, "tri": 6, "dilo": 5, "stego": 4, "docus": 4, "deino6": 4,
    "deino7": 4, "flug": 3, "blitz": 6, "nest": 0, "culak": 5, "gespenst": 1, "falle": 3,
}
"""How much a bot minds losing a figure of each kind (the Nest's loss is the game)."""

NEST_VALUE = 300.0
"""What taking the enemy Nest is worth to a bot: far more than any figure."""

NEVER_ADVANCE = frozenset(info.id for info in KINDS if not info.advances)
"""Kinds that never advance after winning [K5]."""

_TRAIL = 4
"""How many squares a bot remembers each of its figures standing on, to avoid pacing."""


PLACE_CHANCE = 0.3
"""How often a bot that may bring reserve figures into play (V6) does so."""

TRAP_PENALTY = 50.0
"""How much a bot minds stepping onto a square it knows to hold an enemy's trap (V5)."""


@dataclass
class _Enemy:
    """What a bot remembers of one enemy figure on the board."""

    moved: bool = False
    kind: str | None = None
    """The kind, once a challenge has shown it [C4, I2]."""
    not_nest: bool = False
    """True once it survived a challenge that would have taken a Nest [K4.2]."""


@dataclass(frozen=True)
class _Grid:
    """The board as a bot knows it from its view: size and swamp squares."""

    files: int
    ranks: int
    swamp: frozenset[Square]

    @classmethod
    def of(cls, view: JSON) -> _Grid:
        board = view["board"]
        grid = cls(int(board["files"]), int(board["ranks"]), frozenset())
        return cls(grid.files, grid.ranks, frozenset(grid.square(n) for n in board["swamp"]))

    def square(self, name: str) -> Square:
        file, rank = parse_square_name(name)
        return rank * self.files + file

    def name(self, sq: Square) -> str:
        return square_name(sq % self.files, sq // self.files)

    def rank(self, sq: Square) -> int:
        return sq // self.files

    def distance(self, a: Square, b: Square) -> int:
        return abs(a % self.files - b % self.files) + abs(a // self.files - b // self.files)

    def neighbours(self, sq: Square) -> list[Square]:
        file, rank = sq % self.files, sq // self.files
        return [r * self.files + f for f, r in ((file, rank + 1), (file, rank - 1),
                                                (file + 1, rank), (file - 1, rank))
                if 0 <= f < self.files and 0 <= r < self.ranks]

    def corner(self, sq: Square) -> bool:
        return sq in (0, self.files - 1, self.files * (self.ranks - 1), self.files * self.ranks - 1)


class Bot:
    """A simple computer player that sees the game only through its own player view.

    It scores every legal turn: the expected result of a challenge over the kinds the
    enemy figure could still be, a pull towards the squares where the enemy Nest may stand
    (land, not a corner [S2, S3], a figure never seen to move [M3]), a little forward
    drive, a penalty for pacing to and fro, and a touch of seeded randomness.
    """

    def __init__(self, name: str, rng: random.Random,
                 players: tuple[Player, ...] = TWO_PLAYERS) -> None:
        """A bot for the player called ``name`` among ``players`` (the seats: two, or four in
        two teams under V9), deciding ties with ``rng``."""
        self.name = name
        self.rng = rng
        # Forward and the teams are rules of the seats [B4, V9], not something hidden.
        me = players[player_index(players, name)]
        self.forward = me.forward
        self.enemy_names = frozenset(p.name for p in players if p.team != me.team)
        """The players of the other team: the only figures a bot may challenge."""
        self.ply = -1
        """The ply of the last view seen."""
        self.enemies: dict[Square, _Enemy] = {}
        """What the bot remembers of each enemy figure, by its square."""
        self.trails: dict[Square, list[Square]] = {}
        """The squares each own figure stood on lately, by its square, oldest first."""

    # --- Remembering ---------------------------------------------------------------------

    def observe(self, view: JSON) -> None:
        """Take in a view of this player's (after any ply); remember what it showed."""
        if view["audience"] != self.name:
            raise ValueError(f"{self.name}'s bot may look only at {self.name}'s view")
        grid = _Grid.of(view)
        if view["ply"] == self.ply:
            return
        if view["ply"] == self.ply + 1 and view["last_turn"] is not None:
            self._remember(grid, view["last_turn"])
        self.ply = view["ply"]
        self._reconcile(grid, view)

    def _remember(self, grid: _Grid, last: JSON) -> None:
        """Follow the last turn: the enemy figures that moved, kinds shown, who left."""
        if last.get("resigned"):
            return
        theirs = last["player"] in self.enemy_names
        mine = last["player"] == self.name
        paths = last.get("paths") or ([last["path"]] if "path" in last else [])
        for path in paths:
            origin, target = grid.square(path[0]), grid.square(path[-1])
            if theirs:
                self.enemies[target] = self.enemies.pop(origin, _Enemy())
                self.enemies[target].moved = True
            elif mine:
                self.trails[target] = [*self.trails.pop(origin, []), origin][-_TRAIL:]
        combat = last.get("combat")
        if combat is not None:
            self._remember_combat(grid, combat, theirs, bool(last.get("advanced")))

    def _remember_combat(self, grid: _Grid, combat: JSON, theirs: bool, advanced: bool) -> None:
        role, other = ("challenger", "challenged") if theirs else ("challenged", "challenger")
        sq = grid.square(combat[role])
        enemy = self.enemies.get(sq)
        if enemy is None:
            return
        enemy.kind = combat.get(f"{role}_kind", enemy.kind)
        # Even when kinds stay hidden (outcome-only), the outcome tells something: a Nest
        # challenged by anything but a Culak is taken [K4.2], so this one is not the Nest.
        if not theirs and combat["outcome"] != "nest_taken":
            enemy.not_nest = enemy.not_nest or combat.get("challenger_kind") != "culak"
        if role in combat["leaves_board"]:
            del self.enemies[sq]
        elif advanced and other in combat["leaves_board"]:
            enemy.moved = True
            self.enemies[grid.square(combat[other])] = self.enemies.pop(sq)

    def _reconcile(self, grid: _Grid, view: JSON) -> None:
        """Make memory agree with the view's occupancy (it is the truth; memory may lag)."""
        theirs = {grid.square(f["square"]) for f in view["figures"]
                  if f["owner"] in self.enemy_names}
        mine = {grid.square(f["square"]) for f in view["figures"] if f["owner"] == self.name}
        # A figure found where none was remembered has moved, unless the game just began.
        self.enemies = {sq: self.enemies.get(sq, _Enemy(moved=view["ply"] > 0))
                         for sq in theirs}
        self.trails = {sq: trail for sq, trail in self.trails.items() if sq in mine}

    # --- Deciding ------------------------------------------------------------------------

    def choose(self, view: JSON, turns: Sequence[Turn],
               reserve_squares: Sequence[Square] = ()) -> Turn:
        """Pick one of ``turns`` (the legal turns) using only this player's ``view``.

        ``reserve_squares`` are the empty edge squares where this player may place reserve
        figures now (V6; empty when they may not): now and then the bot places some of the
        kinds its own view lists in its reserve, and makes no move after.
        """
        self.observe(view)
        placement = self._placement(view, reserve_squares)
        if placement is not None:
            return placement
        if not turns:
            raise ValueError("there is no legal turn to choose from")
        plan = _Plan.of(self, view)
        return max(turns, key=lambda turn: plan.score(turn) + self.rng.random() * 0.3)

    def _placement(self, view: JSON, squares: Sequence[Square]) -> Turn | None:
        """A reserve placement (V6) on the squares furthest forward, or None."""
        kinds = view.get("reserve", {}).get(self.name, {}).get("kinds", [])
        if not squares or not kinds or self.rng.random() >= PLACE_CHANCE:
            return None
        grid = _Grid.of(view)
        count = 1 + int(self.rng.random() * min(len(kinds), len(squares)))
        ahead = sorted(squares, key=lambda sq: (-grid.rank(sq) * self.forward, sq))
        chosen = sorted(kinds, key=lambda kind: -VALUE.get(kind, 0))[:count]
        return Turn((), place=tuple((sq, KIND_BY_ID[kind])
                                    for sq, kind in zip(ahead, chosen, strict=False)))

    def wants_advance(self, view: JSON, winner: Square, into: Square) -> bool:
        """After a won challenge: should this player's figure on ``winner`` advance [K5]?

        Yes when the rules allow it and the step is not backwards: advancing presses on.
        """
        grid = _Grid.of(view)
        kind = next((f.get("kind") for f in view["figures"]
                     if f["owner"] == self.name and grid.square(f["square"]) == winner), None)
        if kind is None or kind in NEVER_ADVANCE:
            return False
        return (grid.rank(into) - grid.rank(winner)) * self.forward >= 0


@dataclass(frozen=True)
class _Plan:
    """One decision's worth of facts drawn from a bot's view and memory."""

    bot: Bot
    grid: _Grid
    mine: dict[Square, str]
    enemies: dict[Square, _Enemy]
    unseen: Counter[str]
    """Enemy kinds not yet accounted for (off the board, or known on it)."""
    nest_candidates: frozenset[Square]
    traps: frozenset[Square]
    """Squares the bot knows an enemy's secret trap on (sprung ones are public, V5)."""

    @classmethod
    def of(cls, bot: Bot, view: JSON) -> _Plan:
        grid = _Grid.of(view)
        mine = {grid.square(f["square"]): f["kind"] for f in view["figures"]
                if f["owner"] == bot.name and "kind" in f}
        # Every enemy player has a full set; the blank figure plays for them as it does for
        # this bot's own set (V3, V4), which the bot sees among its own figures.
        sets = len(bot.enemy_names)
        unseen = Counter({KINDS[kind].id: count * sets for kind, count in STANDARD_SET.items()})
        blank = {KINDS[GESPENST].id, KINDS[FALLE].id} & set(mine.values())
        unseen.update({kind: sets for kind in blank})
        for name, entry in view["off_board"].items():
            if name in bot.enemy_names:
                unseen.subtract(entry.get("kinds", []))
        unseen.subtract(e.kind for e in bot.enemies.values() if e.kind)
        unseen = +unseen  # drop non-positive counts
        candidates = _nest_candidates(grid, bot.enemies)
        traps = frozenset(grid.square(t["square"]) for t in view.get("secret_traps", [])
                          if t["owner"] in bot.enemy_names)
        return cls(bot, grid, mine, dict(bot.enemies), unseen, candidates, traps)

    def score(self, turn: Turn) -> float:
        """How much this bot likes ``turn``."""
        if turn.reenter is not None:
            return 1.0  # a trapped figure back in play (V5c) is worth a modest turn
        if turn.second or len(turn.path) != 2:
            return self._double_score(turn)
        kind = self.mine.get(turn.origin, "")
        score = self._movement(turn, kind)
        if turn.challenge is not None:
            score += self._challenge_value(kind, turn.challenge)
        return score

    def _double_score(self, turn: Turn) -> float:
        """A double move (V8): both figures' (or both steps') movement, plus the challenge
        of the figure that makes it."""
        paths = [turn.path, turn.second] if turn.second else [turn.path]
        score = 0.0
        challenger = ""
        for path in paths:
            kind = self.mine.get(path[0], "")
            moved = Turn((path[0], path[-1]), turn.challenge if len(paths) == 1 else None)
            score += self._movement(moved, kind)
            if path[-1] == turn.challenger_square:
                challenger = kind
        if turn.challenge is not None:
            score += self._challenge_value(challenger, turn.challenge)
        return score

    def _movement(self, turn: Turn, kind: str) -> float:
        """Drive towards the nearest possible Nest, forwards, without pacing or blundering."""
        grid, origin, target = self.grid, turn.origin, turn.target
        score = 0.3 * (grid.rank(target) - grid.rank(origin)) * self.bot.forward
        if self.nest_candidates:
            before = min(grid.distance(origin, sq) for sq in self.nest_candidates)
            after = min(grid.distance(target, sq) for sq in self.nest_candidates)
            score += 0.6 * (before - after)
        if target in self.bot.trails.get(origin, ()):
            score -= 2.0
        if kind == "blitz":
            score -= 0.5  # the Blitz beats every challenger: it is worth more at home [K4.1]
        if target in self.traps:
            score -= TRAP_PENALTY  # a known enemy trap (V5)
        return score - self._exposure(kind, target, turn.challenge)

    def _exposure(self, kind: str, target: Square, challenged: Square | None) -> float:
        """Half the figure's value if a known enemy next to ``target`` would beat it there."""
        if kind not in KIND_BY_ID:
            return 0.0
        for sq in self.grid.neighbours(target):
            enemy = self.enemies.get(sq)
            if sq == challenged or enemy is None or enemy.kind not in KIND_BY_ID:
                continue
            attacker = KIND_BY_ID[enemy.kind]
            if not KINDS[attacker].challenges:
                continue
            outcome, _ = resolve(attacker, KIND_BY_ID[kind], target in self.grid.swamp)
            if outcome is Outcome.CHALLENGER_WINS:
                return VALUE[kind] * 0.5
        return 0.0

    def _challenge_value(self, kind: str, target: Square) -> float:
        """The expected gain of challenging ``target`` with ``kind``, over what it may be."""
        if kind not in KIND_BY_ID or not KINDS[KIND_BY_ID[kind]].challenges:
            return -100.0  # cannot happen for a legal turn; never prefer it
        swamp = target in self.grid.swamp
        odds = self._kind_odds(target)
        expected = sum(p * _gain(kind, other, swamp) for other, p in odds.items())
        known = self.enemies.get(target, _Enemy()).kind is not None
        return expected + (0.0 if known else 0.5)  # seeing a kind is worth a little [C4]

    def _kind_odds(self, target: Square) -> dict[str, float]:
        """The chance of each kind for the enemy figure on ``target``."""
        enemy = self.enemies.get(target, _Enemy(moved=True))
        if enemy.kind is not None:
            return {enemy.kind: 1.0}
        nest = 1.0 / len(self.nest_candidates) if target in self.nest_candidates else 0.0
        swamp = target in self.grid.swamp
        # Blitz and Nest never stand in a swamp [S2, M4]; the Nest is accounted for above.
        pool = {k: n for k, n in self.unseen.items()
                if k != "nest" and not (swamp and k == "blitz")}
        total = sum(pool.values())
        if not total:
            return {"nest": 1.0} if nest else {}
        return {"nest": nest, **{k: (1.0 - nest) * n / total for k, n in pool.items()}}


def _gain(mine: str, theirs: str, swamp: bool) -> float:
    """What a challenge by ``mine`` on ``theirs`` wins or loses, in figure values."""
    outcome, _ = resolve(parse_kind(mine), parse_kind(theirs), swamp)
    if outcome is Outcome.NEST_TAKEN:
        return NEST_VALUE
    if outcome is Outcome.CHALLENGER_WINS:
        return VALUE[theirs]
    if outcome is Outcome.CHALLENGED_WINS:
        return -VALUE[mine]
    if outcome is Outcome.BOTH_LOSE:
        return VALUE[theirs] - VALUE[mine]
    return 0.0


def _nest_candidates(grid: _Grid, enemies: dict[Square, _Enemy]) -> frozenset[Square]:
    """Where the enemy Nest may stand, as far as the bot knows."""
    known = [sq for sq, e in enemies.items() if e.kind == "nest"]
    if known:
        return frozenset(known)
    possible = [sq for sq, e in enemies.items()
                if e.kind is None and not e.not_nest and sq not in grid.swamp
                and not grid.corner(sq)]
    unmoved = [sq for sq in possible if not enemies[sq].moved]
    # If memory rules out every figure (it can lag after a resumed game), any land square
    # with an enemy on it will do as a goal.
    return frozenset(unmoved or possible or [sq for sq in enemies if sq not in grid.swamp])


# --- The bot's views, from the game interface --------------------------------------------

class FrozenSeat:
    """One player's frozen bot, shown that player's view after every completed turn."""

    def __init__(self, state: GigantenState, player: int, rng: random.Random) -> None:
        self.player = player
        self.name = state.rules_state.players[player].name
        self.bot = Bot(self.name, rng, state.rules_state.players)
        self.traps: list[JSON] = []
        """The secret traps that sprang (public from then on [V5, I3])."""

    def view(self, state: GigantenState, ply: int, last_turn: JSON | None) -> JSON:
        """The player's view in the bot's form: ``game_view`` with the turn count, the last
        completed turn's public part, the sprung traps and the player's own reserve [V6]."""
        game = GAME.seated({"rules": state.rules_state.rules})
        view = game_view(game, state, self.player)
        rules = state.rules_state
        view.update(audience=self.name, ply=ply, last_turn=last_turn,
                    secret_traps=list(self.traps),
                    reserve={self.name: {"kinds": [KINDS[rules.fig_kind[f]].id
                                                   for f in rules.reserve_of(self.player)]}})
        return view

    def observe(self, state: GigantenState, ply: int, last_turn: JSON | None) -> None:
        """Take in the view after a completed turn."""
        self.bot.observe(self.view(state, ply, last_turn))

    def turn(self, state: GigantenState, ply: int) -> Turn | Advance:
        """The bot's turn, or its answer to an open advance offer [K5]."""
        legal = list(state.legal_turns())
        view = self.view(state, ply, None)
        offer = state.offer
        if offer is not None:
            wanted = Advance(self.bot.wants_advance(view, offer.at, offer.into))
            return wanted if wanted in legal else Advance(False)
        rules = state.rules_state
        squares = rules.reserve_squares(self.player) \
            if rules.may_place_reserve(self.player) else []
        return self.bot.choose(view, [t for t in legal if isinstance(t, Turn)], squares)


# --- Matches against the companion's computer --------------------------------------------

@dataclass
class Tally:
    """Results of the computer's games: won, drawn (the turn cap), lost, illegal turns."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    capped: int = 0
    """Games stopped at the turn cap (counted as drawn too)."""
    illegal: int = 0
    think: list[float] = field(default_factory=list)
    """Seconds of each of the computer's turns."""
    turns: list[int] = field(default_factory=list)
    """Each game's length in turns."""
    losses: list[str] = field(default_factory=list)
    """How each lost game ended (``nest``, ``immobilized``, ...), with its seed."""

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


def start_position(seed: int, rules: RuleSet) -> GigantenState:
    """A dealt landscape, careful setups of both sides (``generate``, guarded: the Nest at
    the back, the Blitz beside it), a drawn first player: all from ``seed``."""
    rng = random.Random(seed)
    board = deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return GigantenState(GameState(board, position, first, rules, reserves=reserves,
                                   traps=traps))


def play_game(seed: int, computer_team: int, level: str, rules: RuleSet, *,
              nodes: int | None = None, max_turns: int = 600, tally: Tally
              ) -> GigantenState:
    """One game from ``seed``'s start: the computer plays ``computer_team``'s seats, the
    frozen bot the others; the result is added to ``tally``; the final position."""
    state = start_position(seed, rules)
    players = state.rules_state.players
    game = GAME.seated({"rules": rules})
    rng = random.Random(f"{seed}/computer")
    seats = {p: FrozenSeat(state, p, random.Random(f"{seed}/{player.name}"))
             for p, player in enumerate(players) if player.team != computer_team}
    for seat in seats.values():
        seat.observe(state, 0, None)
    ply, last = 0, None
    while not state.is_over() and ply < max_turns:
        mover = state.to_move
        if mover in seats:
            turn = seats[mover].turn(state, ply)
        else:
            began = time.perf_counter()
            turn = choose_turn(game, state, rng, level=level, nodes=nodes)
            tally.think.append(time.perf_counter() - began)
        try:
            played = state.push(turn)
        except IllegalMove:
            tally.illegal += 1
            tally.lost += mover not in seats
            tally.won += mover in seats
            return state
        traps = played.public.get("traps", [])
        if isinstance(turn, Advance):
            assert last is not None
            last["advanced"] = turn.advance
        else:
            last = {"player": players[mover].name, **played.public["turn"],
                    "combat": played.public.get("challenge"), "advanced": False}
        for seat in seats.values():
            seat.traps.extend(traps)
        if state.offer is not None:
            continue  # the winner advances or stays first [K5]
        ply += 1
        for seat in seats.values():
            seat.observe(state, ply, last)
    tally.turns.append(ply)
    winner = state.winner()
    if winner is None:
        tally.drawn += 1
        tally.capped += not state.is_over()
    elif players[winner].team == computer_team:
        tally.won += 1
    else:
        tally.lost += 1
        tally.losses.append(f"{seed}/{computer_team}: {state.end_reason()}")
    return state


def play_match(level: str, pairs: int, seed: int, rules: RuleSet | None = None, *,
               nodes: int | None = None, max_turns: int = 600) -> Tally:
    """``pairs`` pairs of games against the frozen bot: each start played twice, the
    computer on either side."""
    tally = Tally()
    for pair in range(pairs):
        for team in (0, 1):
            play_game(seed + pair, team, level, rules or RuleSet(), nodes=nodes,
                      max_turns=max_turns, tally=tally)
    return tally

