"""The game interface: what every game of the family offers the layers above its rules.

The companion referees several games on one kind of sensing board (Giganten, Strategus,
Gimmel). A game is a package under ``companion.games`` that exposes one ``Game`` object;
everything above the rules (sensing and the physical turn, views, the log and records,
fair play, the referee, the club feed, the app, the commands) is meant to speak only the
types of this module. The model is OpenSpiel's ``State``: legal turns, apply, undo,
terminal, and an observation per audience.

The interface is deliberately small and made of plain values:

- squares are ``int`` indices ``rank * files + file`` on a rectangular ``Geometry``;
  names follow the board's edge labels (``a1`` is the first file of the first rank);
- players are indices into ``Game.players`` (``0`` moves first unless a game says
  otherwise); audiences are a player's index, ``PUBLIC`` or ``ARBITER``;
- a piece is ``(owner, kind id)``; kind ids are the game's own (``"hare"``, ``"falcon"``);
- a turn is a value of the game's own type (hashable), read from and written to JSON by
  the game, so logs, records and scenarios hold JSON only;
- what an audience may see is decided by the game's ``observation``: the single place,
  per game, that knows its hidden-information rules (``companion.views`` builds every
  screen, log and feed from it).

Nothing here knows tags, time or screens.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

JSON = dict[str, Any]
Square = int
"""A square as an index ``rank * files + file`` into the board's flat lists."""

PUBLIC = -1
"""The audience of spectators and of everything published."""
ARBITER = -2
"""The arbiter, who may see everything."""
Audience = int
"""A player's index, ``PUBLIC`` or ``ARBITER``."""

HIDDEN = "hidden"
"""The kind an observation shows for a piece whose kind the audience may not see."""


_NAME = re.compile(r"([a-z]+)([0-9]+)")


def file_letters(file: int) -> str:
    """Return the letters of a 0-based file: 0 -> ``a``, 25 -> ``z``, 26 -> ``aa``."""
    letters = ""
    number = file + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def file_number(letters: str) -> int:
    """Return the 0-based file of its letters: ``a`` -> 0, ``aa`` -> 26."""
    number = 0
    for char in letters:
        number = number * 26 + (ord(char) - ord("a") + 1)
    return number - 1


def parse_square_name(name: str) -> tuple[int, int]:
    """Split a square name into 0-based ``(file, rank)``; raise ``ValueError`` if malformed.

    The name is case-insensitive (``E4`` is ``e4``); its rank must start at 1.
    """
    match = _NAME.fullmatch(name.strip().lower()) if isinstance(name, str) else None
    if not match or match.group(2).startswith("0"):
        raise ValueError(f"{name!r} is not a square name"
                         " (expected a file letter and a rank, like e4)")
    return file_number(match.group(1)), int(match.group(2)) - 1


class GameError(ValueError):
    """Input a game cannot take (an unknown square, kind or option); one-line message."""


class ScenarioError(GameError):
    """Input that is not a valid scenario (``brettl scenario``); one-line message."""


class IllegalMove(ValueError):
    """A turn the rules refuse: ``rule`` is the game's rule id, ``reason`` plain words."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason


@dataclass(frozen=True)
class Geometry:
    """A rectangular board of ``files`` × ``ranks`` squares."""

    files: int
    ranks: int

    @property
    def size(self) -> int:
        """How many squares the board has."""
        return self.files * self.ranks

    def square(self, file: int, rank: int) -> Square:
        """The square at 0-based ``(file, rank)``."""
        return rank * self.files + file

    def coords(self, sq: Square) -> tuple[int, int]:
        """``(file, rank)`` of a square, both counted from 0."""
        rank, file = divmod(sq, self.files)
        return file, rank

    def on_board(self, file: int, rank: int) -> bool:
        """True if ``(file, rank)`` lies on the board."""
        return 0 <= file < self.files and 0 <= rank < self.ranks

    def name(self, sq: Square) -> str:
        """The square's name: ``a1`` for square 0."""
        file, rank = self.coords(sq)
        return f"{file_letters(file)}{rank + 1}"

    def parse(self, name: str) -> Square:
        """The square called ``name``; ``GameError`` if malformed or off this board."""
        try:
            file, rank = parse_square_name(name)
        except ValueError as err:
            raise GameError(str(err)) from None
        if not self.on_board(file, rank):
            raise GameError(f"{name} is not on the {self.files}×{self.ranks} board")
        return self.square(file, rank)

    def squares(self) -> range:
        """Every square, ``a1`` first."""
        return range(self.size)


@dataclass(frozen=True)
class Kind:
    """One kind of piece: its id, the words on a screen, and how many a player has."""

    id: str
    """The id used in logs, records, scenarios and views (the game's rules page)."""
    label: str
    """The name players know it by, in the rule text's language (``Hase``, ``Falke``)."""
    count: int
    """How many one player has in the standard set."""
    value: int | None = None
    """The number printed on the piece (a rank or points), if it has one."""
    mobile: bool = True
    """False for pieces that never move (a trap, a flag)."""


@dataclass(frozen=True)
class Piece:
    """A piece on the board as the rules know it."""

    owner: int
    kind: str


@dataclass(frozen=True)
class Seen:
    """A piece on the board as one audience may see it: ``kind`` is ``HIDDEN`` if unseen."""

    owner: int
    kind: str


@dataclass(frozen=True)
class Played:
    """What playing one turn did.

    ``public`` is what everyone may know of the turn (JSON); ``reveal`` is what the rules
    show both players for a moment only (a combat's two kinds in Strategus), which the
    views pass on while the moment lasts and never afterwards; ``removed`` lists the
    squares whose pieces left the board, which the players must clear; ``aside`` those of
    them whose pieces are only set aside and may come back later (Giganten's trapped
    figures [V5c]): a session does not take them for pieces out of the game.
    """

    public: JSON
    reveal: JSON = field(default_factory=dict)
    removed: tuple[Square, ...] = ()
    aside: tuple[Square, ...] = ()


@dataclass(frozen=True)
class SetupProblem:
    """One thing wrong with a player's setup: where, which rule, and why."""

    square: Square | None
    rule: str
    reason: str


TurnT = TypeVar("TurnT")


@runtime_checkable
class GameState(Protocol[TurnT]):
    """A position of one game in play: whose turn it is, the legal turns, apply and undo."""

    @property
    def geometry(self) -> Geometry:
        """The board."""
        ...

    @property
    def to_move(self) -> int:
        """The index of the player whose turn it is."""
        ...

    def pieces(self) -> Mapping[Square, Piece]:
        """Every piece on the board (for the arbiter, records and sensing only)."""
        ...

    def legal_turns(self) -> Sequence[TurnT]:
        """Every turn the player to move may make; empty once the game is over."""
        ...

    def push(self, turn: TurnT) -> Played:
        """Play ``turn``; ``IllegalMove`` (nothing changed) if the rules refuse it."""
        ...

    def pop(self) -> None:
        """Take back the last turn played."""
        ...

    def is_over(self) -> bool:
        """True once the game has ended by its rules."""
        ...

    def winner(self) -> int | None:
        """The winning player's index; None while playing or for a draw."""
        ...

    def end_reason(self) -> str | None:
        """Why the game ended (the game's own word: ``apple``, ``immobilized``, ``draw``)."""
        ...

    def observation(self, audience: Audience) -> Mapping[Square, Seen]:
        """The board as ``audience`` may see it now: the game's hidden-information rules."""
        ...


@runtime_checkable
class Game(Protocol):
    """A game of the family: its description, its setup, and a factory for positions."""

    @property
    def name(self) -> str:
        """The id of the game: ``giganten``, ``strategus``, ``gimmel``."""
        ...

    @property
    def title(self) -> str:
        """The game's name on a screen."""
        ...

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in turn order (``red``, ``blue``)."""
        ...

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        """The board a game with these options is played on."""
        ...

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        """Every kind of piece, with the standard counts (``options`` may change them)."""
        ...

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        """The squares where ``player`` sets up; empty for games that start empty."""
        ...

    def check_setup(self, player: int, pieces: Mapping[Square, str],
                    options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        """What is wrong with ``player``'s setup (square -> kind id); empty when valid."""
        ...

    def start(self, pieces: Mapping[Square, Piece],
              options: Mapping[str, Any] | None = None) -> GameState[Any]:
        """The position at the start of play, with both setups on the board."""
        ...

    def turn_to_json(self, state: GameState[Any], turn: Any) -> JSON:
        """A turn as JSON, as logs, records and scenarios write it."""
        ...

    def turn_from_json(self, state: GameState[Any], data: Any) -> Any:
        """A turn read from JSON; ``GameError`` if malformed."""
        ...

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        """Answer a ``brettl scenario`` of this game (``docs/spec/scenario-format.md``);
        ``GameError`` (or ``ValueError``) with one line for input that is not a scenario."""
        ...


def names_of(geometry: Geometry, squares: Sequence[Square]) -> list[str]:
    """Square names in board order (by file, then rank as a number: ``e2`` before ``e10``)."""
    return [geometry.name(sq) for sq in sorted(squares, key=geometry.coords)]


def seen_json(game: Game, geometry: Geometry, seen: Mapping[Square, Seen]) -> dict[str, str]:
    """An observation in the scenario format: ``{"e4": "red hidden", "a1": "blue apple"}``."""
    return {geometry.name(sq): f"{game.players[piece.owner]} {piece.kind}"
            for sq, piece in sorted(seen.items())}


def iter_pieces(state: GameState[Any], owner: int) -> Iterator[tuple[Square, Piece]]:
    """The pieces of one player, ``a1`` first."""
    for sq, piece in sorted(state.pieces().items()):
        if piece.owner == owner:
            yield sq, piece


# -- Optional hooks -------------------------------------------------------------------------
#
# A game may add these methods to its ``Game`` object; the layers above call them through
# the functions below, which give every game without them the behaviour it always had.
# Giganten has them (``companion/games/giganten/game.py``): options that are not JSON (a
# dealt board, a rule set), a turn that needs the mover's answer (a challenge [C1]), a
# turn's public form (reserves placed face down [V6]), a secret setup choice (a trap [V5])
# and a turn the board shows before its consequences (a figure caught on a trap [V5]).


@runtime_checkable
class OptionsCodec(Protocol):
    """A game whose options are not all JSON: it writes and reads them for the log."""

    def options_to_json(self, options: Mapping[str, Any]) -> JSON:
        """The options as JSON (for the log header and records); JSON in, the same out."""
        ...


@runtime_checkable
class PendingChoices(Protocol):
    """A game whose board can show a turn before the mover has said all of it."""

    def pending_choices(self, state: GameState[Any], board: Mapping[Square, Piece]
                        ) -> Sequence[Any]:
        """The legal turns the mover must now choose between (``board`` shows their common
        start: a move that may still challenge [Giganten C1, M7], or the winner's advance
        [K5]); empty when the board needs no answer."""
        ...


@runtime_checkable
class ImpliedTurns(Protocol):
    """A game where going on with the game answers an open question."""

    def implied_turn(self, state: GameState[Any]) -> Any:
        """The turn the player to move makes by letting the next turn begin (Giganten's
        stay after a challenge [K5]), or None: a session plays it once the board shows
        the turn after it."""
        ...


@runtime_checkable
class PublicTurns(Protocol):
    """A game whose turn JSON may name what not everyone may know (Giganten's reserve
    figures placed face down name their kinds [V6, I3])."""

    def public_turn(self, turn: JSON) -> JSON:
        """The turn as everyone may know it (its squares); the full turn goes to its
        mover, the arbiter and the log, and into a public record only after the game."""
        ...


def public_turn(game: Game, turn: Mapping[str, Any]) -> JSON:
    """``turn`` (the game's turn JSON) as everyone may see it (``PublicTurns``); for a game
    without the hook, the turn as it is: its turns name squares only."""
    if isinstance(game, PublicTurns):
        return dict(game.public_turn(dict(turn)))
    return dict(turn)


@runtime_checkable
class SetupSecrets(Protocol):
    """A game whose players make a secret choice in the setup besides their pieces
    (Giganten's secret trap square [V5]). The choice is committed with the player's setup
    and revealed with it after the game; ``check_setup`` reads the player's own choice
    from ``options["secret"]`` (``{}``: none made yet; absent: not asked, as a generator of
    setups does) and ``start`` every player's from ``options["secrets"]`` (player index ->
    JSON)."""

    def setup_secret(self, player: int, data: Mapping[str, Any],
                     options: Mapping[str, Any]) -> JSON:
        """The player's secret choice that the intent ``data`` makes (the game's JSON,
        like ``{"trap": "c3"}``), as JSON; ``GameError`` (one line) if the game takes no
        such choice; where it may go is ``check_setup``'s to say (to its owner only)."""
        ...


@runtime_checkable
class BoardTurns(Protocol):
    """A game whose board can show a turn before the rules' consequences are put down."""

    def board_turn(self, state: GameState[Any], board: Mapping[Square, Piece]) -> Any:
        """The turn ``board`` shows with a piece still standing that the turn took off
        (Giganten: a figure came to rest on a secret trap [V5]), or None; a session
        commits it, then asks for the board to be fixed."""
        ...


@runtime_checkable
class TurnMoves(Protocol):
    """A game whose turn may move two pieces of one kind, one into the square the other
    just left (Giganten's double moves [V8], a reserve put down where a figure stood
    [V6]): the squares alone cannot tell which piece went where."""

    def turn_moves(self, state: GameState[Any], turn: Any) -> Sequence[tuple[Square, Square]]:
        """The pieces ``turn`` (legal in ``state``, not yet played) moves, as ``(from, to)``
        in the order they move; pieces put down or taken off are not moves."""
        ...


def turn_moves(game: Game, state: GameState[Any], turn: Any
               ) -> Sequence[tuple[Square, Square]] | None:
    """Which piece ``turn`` moves where (``TurnMoves``); None for a game without the hook,
    whose turns a session follows by the squares they change."""
    if isinstance(game, TurnMoves):
        return tuple(game.turn_moves(state, turn))
    return None


def setup_secret(game: Game, player: int, data: Mapping[str, Any],
                 options: Mapping[str, Any]) -> JSON:
    """``player``'s secret setup choice through ``SetupSecrets``; ``GameError`` for a game
    without secret choices."""
    if isinstance(game, SetupSecrets):
        return dict(game.setup_secret(player, data, options))
    raise GameError(f"{game.title} has no secret choices in the setup")


def board_turn(game: Game, state: GameState[Any], board: Mapping[Square, Piece]) -> Any:
    """The turn ``board`` shows before its consequences (``BoardTurns``); None for most
    games, whose turns are found from their whole result."""
    if isinstance(game, BoardTurns):
        return game.board_turn(state, board)
    return None


def options_json(game: Game, options: Mapping[str, Any]) -> JSON:
    """``options`` as JSON through the game's ``options_to_json``, if it has one."""
    if isinstance(game, OptionsCodec):
        return dict(game.options_to_json(options))
    return dict(options)


def pending_choices(game: Game, state: GameState[Any], board: Mapping[Square, Piece]
                    ) -> Sequence[Any]:
    """The choices ``board`` asks of the mover (``PendingChoices``); none for most games."""
    if isinstance(game, PendingChoices):
        return game.pending_choices(state, board)
    return ()


def implied_turn(game: Game, state: GameState[Any]) -> Any:
    """The turn that going on implies now (``ImpliedTurns``); None for most games."""
    if isinstance(game, ImpliedTurns):
        return game.implied_turn(state)
    return None


@dataclass(frozen=True)
class Aside:
    """One player's pieces that have left the board, as one audience may see them:
    ``kinds`` (sorted) where the game's rules show them face up, None where only their
    number is seen (Giganten's ``outcome-only`` policy [K6, I2])."""

    count: int
    kinds: tuple[str, ...] | None = None


@runtime_checkable
class OffBoard(Protocol):
    """A game whose pieces that left the board stay beside it for all to see, face up or
    face down (Giganten [K6])."""

    def off_board(self, state: GameState[Any], audience: Audience) -> Mapping[int, Aside]:
        """Every player's pieces off the board (player index -> ``Aside``) as
        ``audience`` may see them now: the game's hidden-information rules."""
        ...


def off_board(game: Game, state: GameState[Any], audience: Audience
              ) -> Mapping[int, Aside] | None:
    """The pieces beside the board as ``audience`` may see them (``OffBoard``); None for
    a game whose rules keep no such pieces in view (Strategus R12: every enemy figure is
    face down; Gimmel's captures are its public score and hands [S4])."""
    if isinstance(game, OffBoard):
        return game.off_board(state, audience)
    return None


@runtime_checkable
class Seats(Protocol):
    """A game whose players depend on its options (Giganten's four players [V9])."""

    def seated(self, options: Mapping[str, Any]) -> Game:
        """This game as ``options`` seat it: its ``players`` in turn order (and its
        ``teams``, if it has any); ``GameError`` for options it cannot read."""
        ...


@runtime_checkable
class Teams(Protocol):
    """A game whose players play in teams: partners win and lose together."""

    @property
    def teams(self) -> tuple[int, ...]:
        """The team of each player of ``players`` (Giganten's V9: 0, 1, 0, 1)."""
        ...


def seated(game: Game, options: Mapping[str, Any] | None) -> Game:
    """``game`` with the players ``options`` seat (``Seats``); the game itself for most.
    Every layer above the rules asks ``players`` of the seated game, never of the bare
    one: Giganten's four players [V9] are in the options."""
    if isinstance(game, Seats) and isinstance(options, Mapping):
        return game.seated(options)
    return game


def teams_of(game: Game) -> tuple[int, ...]:
    """The team of each player (``Teams``); each player is a team of one for most games."""
    if isinstance(game, Teams):
        return tuple(game.teams)
    return tuple(range(len(game.players)))


def team_of(game: Game, player: int) -> int:
    """The player who names ``player``'s team: its first player in turn order (as a
    position's ``winner()`` names a winning team: Giganten's ``yellow`` for Yellow's)."""
    teams = teams_of(game)
    return teams.index(teams[player])


def other_team(game: Game, player: int) -> int | None:
    """The player who names the team that wins when ``player``'s team loses (a player
    resigns for the team, a flag falls): the one team left against it; None when more
    than one other team plays (nobody wins alone)."""
    teams = teams_of(game)
    others = {team for team in teams if team != teams[player]}
    return teams.index(others.pop()) if len(others) == 1 else None


@runtime_checkable
class JointSetup(Protocol):
    """A game with setup rules across players' setups (Giganten's partners' Nests [V9])."""

    def joint_setup_problems(self, setups: Mapping[int, Mapping[Square, str]],
                             options: Mapping[str, Any] | None = None
                             ) -> dict[int, list[SetupProblem]]:
        """The problems that only the setups together show (each player's setup: square
        -> kind id), by the player each is said to; ``check_setup`` has the others."""
        ...


def joint_setup_problems(game: Game, setups: Mapping[int, Mapping[Square, str]],
                         options: Mapping[str, Any] | None = None
                         ) -> dict[int, list[SetupProblem]]:
    """The problems across setups (``JointSetup``), by player; none for most games."""
    if isinstance(game, JointSetup):
        return game.joint_setup_problems(setups, options)
    return {}


@runtime_checkable
class KeepsBack(Protocol):
    """A game whose sides may keep pieces beside the board in a complete setup (Giganten's
    reserve [V6]: its setup check says which kinds)."""

    def kept_back(self, options: Mapping[str, Any]) -> int:
        """How many pieces a side keeps beside the board under ``options``."""
        ...


def kept_back(game: Game, options: Mapping[str, Any]) -> int:
    """The pieces a side may keep beside the board at the setup (``KeepsBack``); none for
    most games."""
    return game.kept_back(options) if isinstance(game, KeepsBack) else 0
