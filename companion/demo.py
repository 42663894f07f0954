"""A whole game between two simple computer players: what ``giganten demo`` shows.

The bots play fair. Each one decides from its own player view (``views.view_for``) and the
list of legal turns only; legality depends on occupancy and the mover's own kinds, which
that player knows anyway. A bot remembers what its views showed it, as a human player
would [I4]: which enemy figures have moved (so they cannot be the Nest [M3]) and the kinds
revealed in challenges. It never looks at the game state.

The game loop is the referee: it asks the player to move for a turn, resolves the
challenge, asks the winner whether to advance [K5] (the outcome is public at that moment
[C4]), and yields the public view after every turn. It does no I/O and never waits; the
command line prints and paces it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

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
from companion.games.giganten.generate import random_game
from companion.games.giganten.players import TWO_PLAYERS, Player, player_index
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square, parse_square_name, square_name
from companion.games.giganten.state import END_RULES, GameState
from companion.games.giganten.turns import Turn
from companion.views import PUBLIC, RULEBOOK, view_for

JSON = dict[str, Any]

DEFAULT_MAX_PLIES = 1500
"""The ply limit of a demo game: the rules have no draw [W3], so a game could go on forever."""

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


def new_game(seed: int, rules: RuleSet | None = None,
             hidden: random.Random | None = None) -> GameState:
    """A fresh game under ``rules`` (the standard game if None): a landscape dealt by
    ``seed`` [B3, V1, V2, V9], random setups with the variants' secrets and a drawn first
    player [S5] from ``hidden`` (``random.SystemRandom`` when the seed is printed: it
    must tell nothing hidden), or from ``seed`` too if None (a seed asked for: a replay)."""
    rng = random.Random(seed)
    rules = rules or RuleSet()
    board = deal_landscape(rng, rules=rules)
    return random_game(hidden or rng, board, guarded=True, rules=rules)


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


# --- The referee -------------------------------------------------------------------------

def make_bots(state: GameState, seed: int, hidden: random.Random | None = None
              ) -> list[Bot]:
    """One bot per player, deciding ties with ``hidden`` (the OS's generator: its
    choices tell nothing of its setup), or each with its own generator of ``seed``."""
    return [Bot(p.name, hidden or random.Random(f"{seed}/{p.name}"), state.players)
            for p in state.players]


def play_game(state: GameState, bots: Sequence[Bot], policy: str = RULEBOOK,
              max_plies: int = DEFAULT_MAX_PLIES) -> Iterator[JSON]:
    """Play until the game ends or ``max_plies`` turns were played; yield the public view
    of the start and after every turn. Pure: no printing and no waiting."""
    _show_each(state, bots, policy)
    yield view_for(state, PUBLIC, policy)
    while not state.is_over and state.ply < max_plies:
        take_turn(state, bots, policy)
        yield view_for(state, PUBLIC, policy)


def take_turn(state: GameState, bots: Sequence[Bot], policy: str = RULEBOOK) -> None:
    """One turn: the mover's bot chooses, the winner's bot decides on advancing, the rules
    check and play it, and every bot sees its own view of the result.

    Besides the legal turns the mover's bot is offered the squares where it may place
    reserve figures (V6), if it may now: which squares are empty and how many turns the
    player has made are public, so this tells the bot nothing hidden.
    """
    mover = state.to_move
    squares = state.reserve_squares(mover) if state.may_place_reserve(mover) else []
    turn = bots[mover].choose(view_for(state, state.players[mover].name, policy),
                              state.legal_turns(), squares)
    if turn.challenge is not None:
        turn = _with_advance(state, bots, policy, turn)
    state.play(turn)
    _show_each(state, bots, policy)


def _with_advance(state: GameState, bots: Sequence[Bot], policy: str, turn: Turn) -> Turn:
    """Ask the winner of the turn's challenge whether it advances [K5].

    The preview is looked at only after the challenge was chosen: its outcome becomes
    public at once [C4], and the winner decides knowing it, as at the table.
    """
    option = state.advance_for(turn)
    verdict = state.preview(turn)
    if option is None or (verdict is not None and verdict[0] is Outcome.NEST_TAKEN):
        return turn  # no choice: nobody may advance, or the Nest's taker moves in anyway
    figure, into = option
    winner, where = state.fig_player[figure], state.pos[figure]
    view = view_for(state, state.players[winner].name, policy)
    return turn._replace(advance=bots[winner].wants_advance(view, where, into))


def _show_each(state: GameState, bots: Sequence[Bot], policy: str) -> None:
    for index, bot in enumerate(bots):
        bot.observe(view_for(state, state.players[index].name, policy))


def summary(state: GameState, max_plies: int) -> str:
    """The result in one sentence: who won, how and with which rule; or the ply limit."""
    if state.is_drawn:
        return f"Drawn after {_plies(state.ply)}: the {state.reason} was reached [W3, R26]."
    if state.winner is None:
        return (f"Stopped at the ply limit after {_plies(state.ply)} (--max-plies {max_plies}):"
                " no winner, the game was not finished.")
    winner = next(p.name for p in state.players if p.team == state.winner).capitalize()
    reason = state.reason or ""
    how = {"nest": "took the enemy Nest", "immobilized": "left the opponent no legal turn",
           "resignation": "the opponent resigned"}.get(reason, reason)
    if state.rules.has("V9"):
        winner = f"Team {winner}"
        how = {"nest": "took both enemy Nests",
               "immobilized": "left the other team no legal turn"}.get(reason, how)
    return f"{winner} wins after {_plies(state.ply)}: {how} [{END_RULES.get(reason, '?')}]."


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"
