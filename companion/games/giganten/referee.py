"""Rules a referee needs beyond the rulebook [W3]: options of a game's ``RuleSet``.

The rulebook has no draw rule and nothing against endless play. Referee mode adds four
options, each with the default a club would choose, and ``None`` (or ``0``/``off``) for off:

- ``two_squares`` (default 5): a figure may not move more than N times in a row between
  the same two squares; a Flug counts by range, back and forth on one line [R24].
- ``chasing`` (default on): the continuous chaser may not make a chasing move that repeats
  a position of the chase; the move back to the square just left is allowed [R25].
- ``no_challenge_limit`` (default 200): that many turns in a row without a challenge end
  the game drawn, reason ``"no-challenge limit"`` [R26].
- ``turn_limit`` (default 2000): that many turns in all end the game drawn, reason
  ``"turn limit"`` [R26].

API (small on purpose; clocks, corrections and the referee CLI build on it):

- ``RefereeOptions`` (frozen): ``RefereeOptions()`` are the club defaults,
  ``RefereeOptions.OFF`` switches everything off; ``to_dict``/``from_dict`` for records,
  ``parse("two_squares=5,chasing=off")``/``text()`` for command lines. Bad input raises
  ``RefereeError`` naming the option.
- ``RuleSet(variants, referee=RefereeOptions())`` puts them into a game; ``referee=None``
  (the default) is the plain rulebook game.
- ``GameState.legal_turns()`` leaves out what the options forbid, ``check_turn`` refuses it
  with ``IllegalTurn("W3", text)``; the text names the option and its ruling. A rule that
  would leave the player no turn at all lapses for that turn [R24].
- ``GameState.referee_state`` is the detectors' state (``RefereeState``); ``push`` and
  ``pop`` keep it, and a replay from the start rebuilds it exactly. The limits end the game
  with ``winner`` None and ``reason`` one of ``DRAW_REASONS``; ``GameState.is_drawn``.

The detectors are incremental: each turn updates a few small values, and ``legal_turns``
filters only while a rule is about to bite (a run at its limit, a chase awaiting its next
move), so the plain hot path costs one attribute test.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from companion.games.giganten.figures import KINDS
from companion.games.giganten.squares import Square
from companion.games.giganten.turns import Turn
from companion.messages import Message

if TYPE_CHECKING:
    from companion.games.giganten.state import GameState

NO_CHALLENGE_LIMIT = "no-challenge limit"
TURN_LIMIT = "turn limit"
DRAW_REASONS = (NO_CHALLENGE_LIMIT, TURN_LIMIT)
"""The reasons of a game the referee limits ended drawn [R26]."""

RULE = "W3"
"""The rule id of every referee refusal and draw."""

_SCOUT = [kind.scout for kind in KINDS]
_new = tuple.__new__
"""``tuple.__new__``: builds the detectors' named tuples at C speed (they are made every
turn; a NamedTuple's own ``__new__`` is Python code)."""

_OFF_WORDS = frozenset({"off", "none", "no", "false", "0"})
_ON_WORDS = frozenset({"on", "yes", "true", "default"})


class RefereeError(ValueError):
    """Referee options that cannot be read; the message names the option."""


@dataclass(frozen=True)
class RefereeOptions:
    """The referee rules of one game [W3]; the defaults are what a club would choose."""

    two_squares: int | None = 5
    """Most moves in a row of one figure between the same two squares [R24]; None: off."""
    chasing: bool = True
    """The chasing rule (ISF more-squares rule) [R25]."""
    no_challenge_limit: int | None = 200
    """Turns in a row without a challenge that end the game drawn [R26]; None: off."""
    turn_limit: int | None = 2000
    """Turns in all that end the game drawn [R26]; None: off."""

    OFF: ClassVar[RefereeOptions]
    """Every referee rule switched off."""

    def __post_init__(self) -> None:
        for name in ("two_squares", "no_challenge_limit", "turn_limit"):
            value = getattr(self, name)
            if value == 0 and type(value) is int:
                object.__setattr__(self, name, None)  # 0 means off, stored as None
            elif value is not None and (type(value) is not int or value < 0):
                raise RefereeError(f"referee option {name} must be a whole number of at least"
                                   f" 1, or off; not {value!r}")
        if type(self.chasing) is not bool:
            raise RefereeError(f"referee option chasing must be on or off; not"
                               f" {self.chasing!r}")

    @property
    def active(self) -> bool:
        """True if any referee rule is on."""
        return self != RefereeOptions.OFF

    def to_dict(self) -> dict[str, int | bool | None]:
        """Every option by name, for records and logs (``from_dict`` reads it back)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RefereeOptions:
        """Options from a dict; a missing option takes its default. Raises ``RefereeError``
        for an unknown option or a bad value."""
        if not isinstance(data, Mapping):
            raise RefereeError("referee options must be an object, like {\"two_squares\": 5}")
        _check_names(data)
        return cls(**{name: _value(name, value) for name, value in data.items()})

    @classmethod
    def parse(cls, text: str) -> RefereeOptions:
        """Options from command-line text: ``two_squares=5,chasing=off``; ``default`` (or
        nothing) for the club defaults, ``off`` for none. Unnamed options keep their default.
        Raises ``RefereeError`` naming the option that is wrong."""
        text = text.strip()
        if text.lower() in ("", "default", "defaults", "on"):
            return cls()
        if text.lower() in _OFF_WORDS:
            return cls.OFF
        values: dict[str, str] = {}
        for part in text.split(","):
            name, sep, value = part.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or not name or not value.strip():
                raise RefereeError(f"referee option {part.strip()!r}: write name=value, like"
                                   " two_squares=5 or chasing=off")
            if name in values:
                raise RefereeError(f"referee option {name} is given twice")
            values[name] = value.strip()
        _check_names(values)
        return cls(**{name: _value(name, value) for name, value in values.items()})

    def text(self) -> str:
        """The options as ``parse`` reads them: ``two_squares=5,chasing=on,…``."""
        return ",".join(f"{name}={_word(value)}" for name, value in self.to_dict().items())


RefereeOptions.OFF = RefereeOptions(None, False, None, None)

_NAMES = tuple(f.name for f in fields(RefereeOptions))


def _check_names(names: Iterable[str]) -> None:
    for name in names:
        if name not in _NAMES:
            raise RefereeError(f"unknown referee option {name!r}; the options are"
                               f" {', '.join(_NAMES)}")


def _value(name: str, value: Any) -> Any:
    """One option's value from text or JSON (``RefereeOptions`` checks its type)."""
    default = getattr(RefereeOptions(), name)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _OFF_WORDS:
            return False if name == "chasing" else None
        if word in _ON_WORDS:
            return default
        if name != "chasing" and word.isdigit():
            return int(word)
        raise RefereeError(f"referee option {name} must be "
                           + ("on or off" if name == "chasing" else "a whole number or off")
                           + f"; not {value!r}")
    if value is None:
        return False if name == "chasing" else None
    if name != "chasing" and value is True:
        return default
    if name != "chasing" and value is False:
        return None
    return value  # checked by RefereeOptions itself


def _word(value: int | bool | None) -> str:
    if value is None or value is False:
        return "off"
    return "on" if value is True else str(value)


# --- The detectors' state ------------------------------------------------------------------

class Run(NamedTuple):
    """A player's latest moves of one figure back and forth on one line [R24]."""

    figure: int
    origin: Square
    """Where the last move of the run started."""
    target: Square
    """Where the last move of the run ended (the next one must start there)."""
    unit: tuple[int, int] | None
    """A Flug's last move's direction as (file step, rank step), each -1, 0 or 1 (None for
    other figures: for them only the move straight back continues the run)."""
    moves: int
    """Moves in the run so far."""
    low: Square
    high: Square
    """The run's two end squares (for a Flug the ends of its range)."""


class Chase(NamedTuple):
    """A continuous chase in progress [R25]."""

    team: int
    """The chasing team (in the two-player game: the chasing player)."""
    threatened: tuple[int, ...]
    """While the chased side is to move: the figures the last chasing move touched."""
    evader: int
    """While the chaser is to move: the figure that evaded (-1 before that)."""
    seen: frozenset[int]
    """The positions (keys) seen since the chase began."""
    last: tuple[int, Square]
    """The last chasing move's figure and the square it came from."""


class RefereeState(NamedTuple):
    """Everything the referee rules remember; replaced (never changed) by each turn."""

    runs: tuple[Run | None, ...]
    """Per player: the current two-squares run."""
    chase: Chase | None
    quiet: int
    """Turns in a row without a challenge (or a figure leaving the board) [R26]."""
    key: int
    """The position's key: where every figure stands (0 when chasing is off)."""


def start_state(state: GameState) -> RefereeState:
    """The detectors at the start of a game (no runs, no chase, nothing quiet yet)."""
    options = state.rules.referee
    key = 0
    if options is not None and options.chasing:
        for figure, sq in enumerate(state.pos):
            if sq >= 0:
                key ^= _zobrist(figure, sq)
    return RefereeState((None,) * len(state.players), None, 0, key)


def _zobrist(figure: int, sq: Square) -> int:
    # Tuples of ints hash the same in every run (no hash randomisation), and well enough
    # that two different positions of one chase share a key with odds of about 2**-64.
    return hash((figure, sq, 0x5EED))


def _unit(files: int, origin: Square, target: Square) -> tuple[int, int]:
    rank0, file0 = divmod(origin, files)
    rank1, file1 = divmod(target, files)
    df, dr = file1 - file0, rank1 - rank0
    return ((df > 0) - (df < 0), (dr > 0) - (dr < 0))


def _single(turn: Turn) -> bool:
    """One figure's move or flight and nothing else: the turns the rules look at."""
    return len(turn.path) == 2 and not turn.second and not turn.place and turn.reenter is None


# --- After a turn ----------------------------------------------------------------------------

def after_turn(state: GameState, before: RefereeState, player: int, turn: Turn,
               moves: Sequence[tuple[int, Square]], progress: bool) -> RefereeState:
    """The detectors after ``player`` played ``turn`` (``moves``: each figure moved, with
    its previous square; ``progress``: a challenge took place or a figure left the board)."""
    options = state.rules.referee
    assert options is not None
    single = _single(turn)
    figure = moves[0][0] if single and moves else -1
    runs = before.runs
    if options.two_squares is not None:
        run = _next_run(state, runs[player], figure, turn) if figure >= 0 else None
        if run != runs[player]:
            runs = (*runs[:player], run, *runs[player + 1:])
    key, chase = before.key, None
    if options.chasing:
        key = _next_key(state, key, moves)
        if figure >= 0 and turn.challenge is None:
            chase = _next_chase(state, before.chase, before.key, key, figure, turn)
    return _new(RefereeState, (runs, chase, 0 if progress else before.quiet + 1, key))


def _next_run(state: GameState, run: Run | None, figure: int, turn: Turn) -> Run:
    origin, target = turn.path
    unit = _unit(state.board.files, origin, target) if _SCOUT[state.fig_kind[figure]] else None
    if run is not None and run.figure == figure and _reverses(state, run, origin, target, unit):
        low, high = run.low, run.high
        return _new(Run, (figure, origin, target, unit, run.moves + 1,
                          target if target < low else low, target if target > high else high))
    low, high = (origin, target) if origin < target else (target, origin)
    return _new(Run, (figure, origin, target, unit, 1, low, high))


def _reverses(state: GameState, run: Run, origin: Square, target: Square,
              unit: tuple[int, int] | None) -> bool:
    """True if the move ``origin``-``target`` goes back along the run's last move: straight
    back for most figures, back along the same line for a Flug [R24]."""
    if origin != run.target:
        return False
    if run.unit is None:
        return target == run.origin
    if unit is None:
        unit = _unit(state.board.files, origin, target)
    return unit == (-run.unit[0], -run.unit[1])


def _next_key(state: GameState, key: int, moves: Sequence[tuple[int, Square]]) -> int:
    pos = state.pos
    if len(moves) == 1 and moves[0][1] >= 0 and pos[moves[0][0]] >= 0:
        figure, previous = moves[0]  # the common case: one figure moved on the board
        return key ^ _zobrist(figure, previous) ^ _zobrist(figure, pos[figure])
    done: set[int] = set()
    for figure, previous in moves:
        if figure in done:
            continue  # only the square a figure started the turn on counts
        done.add(figure)
        if previous >= 0:
            key ^= _zobrist(figure, previous)
        if pos[figure] >= 0:
            key ^= _zobrist(figure, pos[figure])
    return key


def _touched(state: GameState, figure: int) -> tuple[int, ...]:
    """The enemy figures orthogonally next to ``figure`` (none if it left the board)."""
    sq = state.pos[figure]
    if sq < 0:
        return ()
    occ, team = state.occ, state.fig_team
    mine = team[figure]
    found: list[int] = []
    for _, n in state.board.geometry.orthogonal[sq]:
        other = occ[n]
        if other >= 0 and team[other] != mine:
            found.append(other)
    return tuple(found)


def _next_chase(state: GameState, chase: Chase | None, key_before: int, key: int,
                figure: int, turn: Turn) -> Chase | None:
    """A quiet single move: it may evade, continue the chase, or begin a new one."""
    team = state.fig_team[figure]
    if chase is not None and chase.evader < 0 and team != chase.team \
            and figure in chase.threatened:
        return _new(Chase, (chase.team, (), figure, chase.seen | {key}, chase.last))
    touched = _touched(state, figure)
    if not touched:
        return None
    last = (figure, turn.path[0])
    if chase is not None and chase.evader in touched and team == chase.team:
        return _new(Chase, (team, touched, -1, chase.seen | {key}, last))
    return _new(Chase, (team, touched, -1, frozenset((key_before, key)), last))


# --- Judging a turn --------------------------------------------------------------------------

def bites(state: GameState) -> bool:
    """True if a referee rule may forbid some turn of the player to move: a run at its
    limit, or a chase awaiting the chaser. (Else every turn passes: the fast path.)"""
    options = state.rules.referee
    if options is None:
        return False
    ref = state.referee_state
    limit = options.two_squares
    run = ref.runs[state.to_move]
    if limit is not None and run is not None and run.moves >= limit:
        return True
    chase = ref.chase
    return chase is not None and chase.evader >= 0 and \
        chase.team == state.players[state.to_move].team


def refusal(state: GameState, turn: Turn) -> Message | None:
    """Why the referee rules forbid ``turn`` (a turn the rulebook allows), or None."""
    if not _single(turn) or not bites(state):
        return None
    return _two_squares(state, turn) or _chasing(state, turn)


def allowed(state: GameState, turns: list[Turn]) -> list[Turn]:
    """The turns the referee rules allow, in order."""
    if not bites(state):
        return turns
    origin, near = _suspects(state)
    # Only a move from the run's end square, or a quiet move next to the evader, can be
    # forbidden: the full checks run for those few turns only.
    forbidden = {turn for turn in turns
                 if turn.path and (turn.path[0] == origin or (
                     turn.challenge is None and turn.path[-1] in near)) and _single(turn)
                 and (_two_squares(state, turn) or _chasing(state, turn))}
    if not forbidden:
        return turns
    return [turn for turn in turns if turn not in forbidden]


def _suspects(state: GameState) -> tuple[Square, tuple[Square, ...]]:
    """The square a two-squares run at its limit ends on (-1 if none), and the squares
    next to a chased evader (none if no chase awaits the player to move)."""
    ref, options = state.referee_state, state.rules.referee
    assert options is not None
    run = ref.runs[state.to_move]
    limit = options.two_squares
    origin = run.target if limit is not None and run is not None and run.moves >= limit else -1
    chase = ref.chase
    near: tuple[Square, ...] = ()
    if chase is not None and chase.evader >= 0 and state.pos[chase.evader] >= 0:
        near = tuple(n for _, n in state.board.geometry.orthogonal[state.pos[chase.evader]])
    return origin, near


def _two_squares(state: GameState, turn: Turn) -> Message | None:
    options = state.rules.referee
    assert options is not None
    limit = options.two_squares
    run = state.referee_state.runs[state.to_move]
    origin, target = turn.path
    if limit is None or run is None or run.moves < limit or origin != run.target \
            or state.occ[origin] != run.figure or not _reverses(state, run, origin, target, None):
        return None
    kind = KINDS[state.fig_kind[run.figure]]
    low, high = min(run.low, target), max(run.high, target)
    name = state.board.name
    ranged = kind.scout and high - low not in (1, state.board.files)
    return Message.of("two_squares_range" if ranged else "two_squares", family=kind.family,
                      square=name(low), other=name(high), ordinal=limit + 1)


def _chasing(state: GameState, turn: Turn) -> Message | None:
    ref = state.referee_state
    chase = ref.chase
    if chase is None or chase.evader < 0 or turn.challenge is not None \
            or chase.team != state.players[state.to_move].team:
        return None
    origin, target = turn.path
    evader_at = state.pos[chase.evader]
    if evader_at < 0 or all(n != evader_at for _, n in state.board.geometry.orthogonal[target]):
        return None
    figure = state.occ[origin]
    if (figure, target) == chase.last:
        return None  # back to the square it came from: allowed [R25]
    key = ref.key ^ _zobrist(figure, origin) ^ _zobrist(figure, target)
    if key not in chase.seen:
        return None
    return Message.of("chasing", square=state.board.name(evader_at))




# --- The limits -------------------------------------------------------------------------------

def draw_reason(state: GameState) -> str | None:
    """The limit the game has reached after its last turn, if any [R26]."""
    options = state.rules.referee
    if options is None:
        return None
    if options.turn_limit is not None and state.ply >= options.turn_limit:
        return TURN_LIMIT
    limit = options.no_challenge_limit
    if limit is not None and state.referee_state.quiet >= limit:
        return NO_CHALLENGE_LIMIT
    return None


__all__ = ["DRAW_REASONS", "NO_CHALLENGE_LIMIT", "RULE", "TURN_LIMIT", "Chase",
           "RefereeError", "RefereeOptions", "RefereeState", "Run", "after_turn", "allowed",
           "bites", "draw_reason", "refusal", "start_state"]
