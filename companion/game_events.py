"""What a ``GameSession`` (``companion.table.game_session``) says: the events of any game.

Events carry full information (a setup problem names the kind, a combat its two kinds);
they never reach a screen directly: ``companion.views.games.event_view`` turns each into
what one audience may see. ``owner`` fields say whose private business an event is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.game import JSON, SetupProblem, Square


@dataclass(frozen=True, slots=True)
class Step:
    """One thing to do on the board to make it match the game."""

    action: str
    """``"place"`` (a piece of ``owner`` belongs on ``square``) or ``"remove"`` (the piece
    of ``owner`` there does not belong there)."""
    square: Square
    owner: int


@dataclass(frozen=True, slots=True)
class SetupChecked:
    """A player's setup so far; ``problems`` are for that player (and the arbiter) only."""

    owner: int
    placed: int
    expected: int
    problems: tuple[SetupProblem, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayBegins:
    """Every setup is complete: play begins with ``to_move``. ``commitments`` (player
    name -> hash) and ``game_id`` commit the hidden setups, for everyone to note [fair
    play]; empty for games without a hidden setup."""

    to_move: int
    commitments: dict[str, str] = field(default_factory=dict)
    game_id: str = ""


@dataclass(frozen=True, slots=True)
class PieceInHand:
    """A piece was lifted from ``square``: the session waits for it to come down."""

    square: Square


@dataclass(frozen=True, slots=True)
class BoardRefused:
    """The board shows no legal turn: ``rule`` (the game's id), the reason, the way back.

    ``player`` is the player to move: the rule and reason may betray the moved piece's
    kind (a Strategus hare's rule), so only they (and the arbiter) see them."""

    player: int
    rule: str
    reason: str
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class IntentRefused:
    """An intent (a declared turn, a start, a resignation) the session cannot take;
    ``player`` is whose screen asked (None: the shared screen), who alone sees why."""

    player: int | None
    rule: str
    reason: str


@dataclass(frozen=True, slots=True)
class TurnCommitted:
    """A turn was played and logged.

    ``turn`` is the game's turn JSON (public in the games of the family so far: it names
    squares only), ``public`` what ``Played.public`` says everyone may know, ``reveal``
    the moment's reveal (``Played.reveal``) which the views give the two players and the
    arbiter in this event only, never afterwards.
    """

    player: int
    number: int
    turn: JSON
    public: JSON
    reveal: JSON = field(default_factory=dict)
    removed: tuple[Square, ...] = ()


@dataclass(frozen=True, slots=True)
class FixBoard:
    """After a declared turn (or on resuming) the board differs: the steps make it match."""

    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class BoardMatches:
    """The board matches the game again."""


@dataclass(frozen=True, slots=True)
class NextToMove:
    """``player`` is to move."""

    player: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over: ``winner`` (None for a draw) and the game's word for why."""

    winner: int | None
    reason: str | None
    resigned: bool = False
    head: str = ""
    """The log's head hash at the end: its first digits are shown for the players to note
    (``brettl verify LOG --head``)."""


@dataclass(frozen=True, slots=True)
class ComputerTurn:
    """The computer (``player``) chose its turn: a person carries it out on the board.

    ``turn`` is the game's turn JSON (squares only in the games of the family) and
    ``words`` the turn in words built from what everyone may see
    (``companion.views.games.turn_words``): a hidden kind is never named."""

    player: int
    turn: JSON
    words: str


@dataclass(frozen=True, slots=True)
class NotComputerTurn:
    """The board changed in a way that is not the computer's chosen turn: ``way_back``
    (public words, one per step back to the position before the turn), then ``words``."""

    player: int
    words: str
    way_back: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChoiceNeeded:
    """The board shows a turn the mover has not said all of (``Game.pending_choices``: a
    Giganten figure that may challenge [C1], a scout's flight [M7], the winner's advance
    [K5]): ``choices`` (the game's turn JSON, squares only) wait for ``{"choose": i}`` or a
    declaration."""

    player: int
    choices: tuple[JSON, ...]


GameEvent = (SetupChecked | PlayBegins | PieceInHand | BoardRefused | IntentRefused
             | TurnCommitted | FixBoard | BoardMatches | NextToMove | GameEnded
             | ComputerTurn | NotComputerTurn | ChoiceNeeded)
"""Every event a ``GameSession`` returns."""

EventDetail = dict[str, Any]
