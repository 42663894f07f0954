"""What the session and the desk tell a front end.

Events carry engine facts (squares, players, the engine's ``TurnResult``), some of them
secret: a refusal's reason can name the moving figure's kind, a setup problem is its
owner's business. A front end never shows an event as it is; it shows
``companion.views.event_view(event, ...)`` for the audience in front of the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.giganten.setup import Problem
from companion.games.giganten.squares import Square
from companion.games.giganten.turns import Resignation, Turn, TurnResult
from companion.messages import Message
from companion.reads import SensingProblem

# --- Events ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReadersTrouble:
    """The board cannot be judged: readers not settled, faulty, or tags not to be trusted."""

    unsettled: tuple[Square, ...]
    """Squares whose state is not confirmed yet (just started, flickering, dead)."""
    problems: tuple[SensingProblem, ...]
    unknown_tags: tuple[Square, ...]
    """Squares with a tag that nobody enrolled."""


@dataclass(frozen=True, slots=True)
class Fix:
    """One thing to do so that the board matches the game."""

    square: Square
    action: str
    """``put_back`` (a figure belongs here and is missing), ``take_off`` (nothing belongs
    here), ``swap`` (another figure belongs here)."""
    source: Square | None = None
    """For ``put_back``: where that figure stands now, if it is on the board."""
    why: str = ""
    """``lost`` (it left the board in a challenge), ``trap`` (a secret trap took it),
    ``unknown`` (nobody enrolled the tag), ``gone`` (it left the board earlier), ``reserve``
    (it is not in play), or empty."""


@dataclass(frozen=True, slots=True)
class BoardDiffers:
    """The physical board does not match the game; ``fixes`` say how to make it match."""

    fixes: tuple[Fix, ...]


@dataclass(frozen=True, slots=True)
class InHand:
    """The player to move has lifted figures; nothing is decided until one comes to rest."""

    player: int
    squares: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    """A physical action the rules forbid, with the way back."""

    player: int
    """Whose action it was."""
    rule: str
    reason: str
    """The engine's words; they may name the moving figure's kind (private to ``player``)."""
    square: Square | None
    """Where the figure came to rest, if it did."""
    put_back: Square | None
    """Where the figure must go back to."""
    message: Message | None = None
    """``reason`` as a message (key and parameters) that any language can word."""


@dataclass(frozen=True, slots=True)
class ChallengePrompt:
    """The moved figure stands where it may challenge: the player chooses on the screen."""

    player: int
    moved_to: tuple[Square, ...]
    targets: tuple[Square, ...]
    """Enemy figures that may be challenged from there [C1, M7]. They depend only on where
    figures stand, never on the moved figure's kind, so the prompt gives nothing away."""
    may_decline: bool
    """False after a scout flight, which must end in a challenge [M7]."""
    may_continue: bool = False
    """True if the turn may go on (a second step, V8; a move after placing, V6)."""


@dataclass(frozen=True, slots=True)
class TurnPlayed:
    """A turn was committed (and logged) with what it did; render it with ``event_view``."""

    result: TurnResult
    log_head: str = ""
    """The first digits of the log's head hash after the turn (``fairplay.SHOWN_DIGITS``),
    for the players to note: ``giganten verify LOG --head`` refuses a log cut before it."""


@dataclass(frozen=True, slots=True)
class AdvanceOffer:
    """After a challenge with one loser, its winner may move into the freed square [K5]."""

    player: int
    """The winner's owner."""
    from_square: Square
    into: Square


@dataclass(frozen=True, slots=True)
class AdvanceDone:
    """The winner advanced (``advanced``) or stayed; the result was logged."""

    player: int
    from_square: Square
    into: Square
    advanced: bool


@dataclass(frozen=True, slots=True)
class ToMove:
    """The board matches the game and ``player`` is to move."""

    player: int


@dataclass(frozen=True, slots=True)
class Resigned:
    """A player resigned; the game is over."""

    action: Resignation


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is decided."""

    winner: int | None
    """The winning team; None for a draw by a referee limit [R26]."""
    reason: str
    salts: tuple[tuple[str, str], ...] = ()
    """(player, salt) for each side: the setups' commitments opened for everyone, now that
    the game is over [fairplay, I3]."""
    log_head: str = ""
    """The log's head hash at the end (its first digits), as with ``TurnPlayed``."""


@dataclass(frozen=True, slots=True)
class SetupStatus:
    """One side's setup as the readers see it."""

    player: int
    placed: int
    """Figures of this player on the board."""
    needed: int
    """Figures the rules ask for on the board."""
    problems: tuple[Problem, ...]
    """What is wrong (private to the player [I3])."""

    @property
    def ready(self) -> bool:
        """True when the side is complete and valid."""
        return not self.problems


@dataclass(frozen=True, slots=True)
class GameStarted:
    """Every setup was valid and the game began; ``first`` moves first [S5]."""

    first: int
    commitments: tuple[tuple[str, str], ...] = ()
    """(player, SHA-256 commitment of their setup): public from the start, so that the
    setups can be checked at the end (``companion.ledger.fairplay``)."""
    game_id: str = ""
    """The game's random id, part of every commitment."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Something to tell everyone that is not about the position (a log repaired …)."""

    text: str
    message: Message | None = None
    """``text`` as a message that any language can word; None for a sentence without a key."""

    @classmethod
    def of(cls, key: str, /, **params: Any) -> Notice:
        """The notice of message ``key`` (``companion.messages``) with ``params``."""
        message = Message.of(key, **params)
        return cls(message.text, message)


# --- Referee mode (companion.referee.desk): all about the game, never about a hidden kind ------


@dataclass(frozen=True, slots=True)
class Clocks:
    """The game clocks after a turn, a pause or an adjustment (public)."""

    remaining: tuple[float, ...]
    """Seconds left per player, in turn order."""
    running: int | None
    paused: str | None


@dataclass(frozen=True, slots=True)
class ClockPaused:
    """The clocks stopped: ``by`` a player's dispute button, or None for the arbiter."""

    by: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class ClockResumed:
    """The arbiter let the clocks run again."""


@dataclass(frozen=True, slots=True)
class ClockAdjusted:
    """The arbiter gave (or took) time: ``seconds`` to ``player``'s clock."""

    player: int
    seconds: float
    reason: str


@dataclass(frozen=True, slots=True)
class SetupTimeUp:
    """The setup timer ran out before the game started; the arbiter decides."""


@dataclass(frozen=True, slots=True)
class ArbiterLooked:
    """Behind the PIN, the arbiter saw the full position (told to everyone)."""

    reason: str
    turns: int
    """How many turns the game had when the arbiter looked."""


@dataclass(frozen=True, slots=True)
class Corrected:
    """The arbiter corrected the game: ``takeback`` to ``turns`` turns, or ``enter``ed
    ``turn`` by hand (a reader failed). The board is to be put right after it."""

    kind: str
    turns: int
    """How many turns the game has after the correction."""
    reason: str
    by: str
    """Who holds the arbiter PIN (the name in the config)."""
    turn: Turn | None = None


@dataclass(frozen=True, slots=True)
class PinRefused:
    """A wrong arbiter PIN: nothing was done. ``wait`` seconds before the next try."""

    wrong: int
    """Wrong PINs in a row."""
    wait: float


@dataclass(frozen=True, slots=True)
class Offence:
    """A refused move counted against ``player`` (the illegal-move policy)."""

    player: int
    rule: str
    """The refusal's rule id: it may name the figure's kind, so private [R22]."""
    count: int
    penalty_s: float
    """Seconds added to each opponent's clock for it (0: none)."""


@dataclass(frozen=True, slots=True)
class DrawOffered:
    """``player`` offers a draw; an opponent may accept until the next turn [W3]."""

    player: int


@dataclass(frozen=True, slots=True)
class DrawDeclined:
    """An opponent of the player who offered a draw declines it: the game goes on [W3]."""

    player: int
    offered_by: int


@dataclass(frozen=True, slots=True)
class RefereeResult:
    """A result beyond the rules' W1/W2 [W3]: ``draw``, ``win`` (loss on time, after
    offences, by an arbiter's decision) or ``both_lose`` (ISF 4.3)."""

    result: str
    winner: int | None
    """The winning team (``win`` only)."""
    reason: str
    salts: tuple[tuple[str, str], ...] = ()
    """(player, salt): the setups' commitments opened at this end, as at any end [fairplay]."""


@dataclass(frozen=True, slots=True)
class SettingChanged:
    """A locked setting was changed with the arbiter PIN."""

    name: str
    value: str


Event = (ReadersTrouble | BoardDiffers | InHand | Refused | ChallengePrompt | TurnPlayed
         | AdvanceOffer | AdvanceDone | ToMove | Resigned | GameOver | SetupStatus
         | GameStarted | Notice | Clocks | ClockPaused | ClockResumed | ClockAdjusted
         | SetupTimeUp | ArbiterLooked | Corrected | PinRefused | Offence | DrawOffered
         | RefereeResult | SettingChanged)
