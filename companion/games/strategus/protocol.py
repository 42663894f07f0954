"""The line protocol Stratego programs play each other in, as a pure codec for Strategus.

One message a line (docs/agent.md has the whole exchange): the setup request
``RED|BLUE OPPONENT 10 10`` and the four setup lines an agent answers with, ten board
lines before each of its turns, its move ``X Y UP|DOWN|LEFT|RIGHT`` and a count ``N`` (or
``SURRENDER``), the echo of every move with its outcome (``OK``, ``KILLS a d``,
``DIES a d``, ``BOTHDIE a d``, ``VICTORY_FLAG``, ``VICTORY_ATTRITION``, ``ILLEGAL``),
``START`` and ``QUIT [result]``.

Coordinates are the board's own: x is the file, y the rank counted from 0 (``a1`` is
``0 0``), ``UP`` is y − 1. RED is the player who moves first [R1] and sets up on y 0–3
(ranks 1–4) [S1]; BLUE on the four highest ranks. Tokens are the figures' numbers [F]:
``1`` elephant … ``9`` hare, ``s`` mouse, ``B`` trap, ``F`` apple.

Every parser raises ``ProtocolError`` with one line saying what is wrong; nothing here
reads a clock or a process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.game import HIDDEN, Geometry, Seen, Square
from companion.games.strategus.combat import ATTACKER_WINS, BOTH_LOSE, DEFENDER_WINS
from companion.games.strategus.kinds import HOME_RANKS, KIND_IDS, KINDS, PLAYERS

COLOURS = ("RED", "BLUE")
"""The protocol's names of the players, in turn order: RED moves first [R1]."""
TOKENS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "B", "F")
"""The token of each kind, by kind number (``companion.games.strategus.kinds``)."""
KIND_OF_TOKEN: dict[str, int] = {token: kind for kind, token in enumerate(TOKENS)}
ENEMY, EMPTY, OBSTACLE = "#", ".", "+"
"""Board-line characters besides the own figures' tokens."""
DIRECTIONS: dict[str, tuple[int, int]] = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0),
                                          "RIGHT": (1, 0)}
"""Each direction as a step of (x, y); ``UP`` is towards y 0, RED's back row."""
OK, KILLS, DIES, BOTHDIE = "OK", "KILLS", "DIES", "BOTHDIE"
VICTORY_FLAG, VICTORY_ATTRITION, ILLEGAL = "VICTORY_FLAG", "VICTORY_ATTRITION", "ILLEGAL"
COMBATS = (KILLS, DIES, BOTHDIE)
"""The outcomes that show both kinds."""
OUTCOMES = (OK, *COMBATS, VICTORY_FLAG, VICTORY_ATTRITION, ILLEGAL)
COMBAT_OF_OUTCOME = {ATTACKER_WINS: KILLS, DEFENDER_WINS: DIES, BOTH_LOSE: BOTHDIE}
"""The echo word of each combat outcome [C2–C7]."""
START, QUIT, SURRENDER = "START", "QUIT", "SURRENDER"


class ProtocolError(ValueError):
    """A line the protocol cannot take; the message is one line saying why."""


@dataclass(frozen=True)
class SetupRequest:
    """``RED|BLUE OPPONENT WIDTH HEIGHT``: who the agent plays, against whom, on what."""

    player: int
    opponent: str
    width: int = 10
    height: int = 10


@dataclass(frozen=True)
class MoveLine:
    """``X Y DIR`` (and a count N): the figure on (x, y) goes ``count`` squares ``direction``.

    ``written`` keeps whether N was written, so an echo repeats the move as the mover
    wrote it."""

    x: int
    y: int
    direction: str
    count: int = 1
    written: bool = False


@dataclass(frozen=True)
class Echo:
    """A move as the manager echoes it to both sides, with its outcome; ``attacker`` and
    ``defender`` are kind numbers for a combat, else None."""

    move: MoveLine
    outcome: str
    attacker: int | None = None
    defender: int | None = None


@dataclass(frozen=True)
class Quit:
    """``QUIT [result]``: the game is over, exit at once."""

    result: str = ""


def _words(line: str) -> list[str]:
    if "\n" in line.rstrip("\r\n") or "\r" in line.rstrip("\r\n"):
        raise ProtocolError("one message a line")
    return line.split()


def _number(word: str, what: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise ProtocolError(f"{what} must be a small whole number, not {word!r}")
    return int(word)


def _show(line: str) -> str:
    text = line.strip()
    return repr(text if len(text) <= 40 else text[:37] + "...")


# --- setup -------------------------------------------------------------------------------

def format_setup_request(player: int, opponent: str, geometry: Geometry) -> str:
    """The manager's first line to an agent."""
    name = "".join(opponent.split()) or "opponent"
    return f"{COLOURS[player]} {name} {geometry.files} {geometry.ranks}"


def parse_setup_request(line: str) -> SetupRequest:
    """The setup request; ``ProtocolError`` if it is none."""
    words = _words(line)
    if len(words) != 4 or words[0] not in COLOURS:
        raise ProtocolError(f"a setup request is 'RED|BLUE OPPONENT 10 10', not {_show(line)}")
    width, height = _number(words[2], "the width"), _number(words[3], "the height")
    if width < 1 or height < 2 * HOME_RANKS:
        raise ProtocolError(f"a {width} × {height} board has no room for two armies")
    return SetupRequest(COLOURS.index(words[0]), words[1], width, height)


def setup_rows(geometry: Geometry, player: int) -> range:
    """The ranks of ``player``'s four setup lines, in the order they are written (top line
    first: RED's back row first, BLUE's front row first)."""
    first = 0 if player == 0 else geometry.ranks - HOME_RANKS
    return range(first, first + HOME_RANKS)


def format_setup(geometry: Geometry, player: int, setup: Mapping[Square, str]) -> list[str]:
    """The four setup lines of ``setup`` (square -> kind id, every square of the home rows)."""
    lines = []
    for rank in setup_rows(geometry, player):
        lines.append("".join(TOKENS[KIND_IDS.index(setup[geometry.square(file, rank)])]
                             for file in range(geometry.files)))
    return lines


def parse_setup(geometry: Geometry, player: int, lines: Sequence[str]) -> dict[Square, str]:
    """A whole setup (square -> kind id) from its four lines; ``ProtocolError`` unless they
    place exactly the 40 figures of the set [S1, S2]."""
    if len(lines) != HOME_RANKS:
        raise ProtocolError(f"a setup is {HOME_RANKS} lines, not {len(lines)}")
    setup: dict[Square, str] = {}
    for rank, line in zip(setup_rows(geometry, player), lines, strict=True):
        row = line.strip()
        if len(row) != geometry.files:
            raise ProtocolError(f"a setup line has {geometry.files} tokens, not {_show(line)}")
        for file, token in enumerate(row):
            if token not in KIND_OF_TOKEN:
                raise ProtocolError(f"{token!r} in setup line {_show(line)} is no figure"
                                    f" (tokens: {' '.join(TOKENS)})")
            setup[geometry.square(file, rank)] = KIND_IDS[KIND_OF_TOKEN[token]]
    for kind, entry in enumerate(KINDS):
        placed = sum(1 for kind_id in setup.values() if kind_id == entry.id)
        if placed != entry.count:
            raise ProtocolError(f"the setup places {placed} of token {TOKENS[kind]}"
                                f" ({entry.id}); the set has {entry.count} [S2]")
    return setup


# --- board lines ---------------------------------------------------------------------------

def format_board(geometry: Geometry, player: int, seen: Mapping[Square, Seen]) -> list[str]:
    """The board as ``player`` may see it, top line (y 0) first: its own figures by token,
    every enemy figure ``#`` (even one a combat showed [H1, H2]), empty squares ``.``."""
    lines = []
    for rank in range(geometry.ranks):
        row = []
        for file in range(geometry.files):
            piece = seen.get(geometry.square(file, rank))
            if piece is None:
                row.append(EMPTY)
            elif piece.owner != player or piece.kind == HIDDEN:
                row.append(ENEMY)
            else:
                row.append(TOKENS[KIND_IDS.index(piece.kind)])
        lines.append("".join(row))
    return lines


def is_board_line(line: str, geometry: Geometry) -> bool:
    """True if ``line`` has the shape of a board line (so an agent can tell it apart)."""
    row = line.strip()
    return len(row) == geometry.files and all(
        char in KIND_OF_TOKEN or char in (ENEMY, EMPTY, OBSTACLE) for char in row)


@dataclass(frozen=True)
class Board:
    """What board lines tell their reader: its own figures by kind, where enemies stand."""

    own: dict[Square, int]
    enemies: frozenset[Square]


def parse_board(geometry: Geometry, lines: Sequence[str]) -> Board:
    """The board from its lines; ``ProtocolError`` for a wrong count or a stray character
    (an obstacle ``+`` is refused: Strategus has no lakes [R4])."""
    if len(lines) != geometry.ranks:
        raise ProtocolError(f"a board is {geometry.ranks} lines, not {len(lines)}")
    own: dict[Square, int] = {}
    enemies: set[Square] = set()
    for rank, line in enumerate(lines):
        row = line.strip()
        if len(row) != geometry.files:
            raise ProtocolError(f"a board line has {geometry.files} squares, not {_show(line)}")
        for file, char in enumerate(row):
            sq = geometry.square(file, rank)
            if char == ENEMY:
                enemies.add(sq)
            elif char in KIND_OF_TOKEN:
                own[sq] = KIND_OF_TOKEN[char]
            elif char != EMPTY:
                raise ProtocolError(f"{char!r} in board line {_show(line)} is no square of a"
                                    " lake-free board [R4]")
    return Board(own, frozenset(enemies))


# --- moves and echoes ---------------------------------------------------------------------

def format_move(geometry: Geometry, origin: Square, target: Square) -> str:
    """``X Y DIR`` (and a count N) of a turn from ``origin`` to ``target`` (N only for a run of more
    than one square, a hare's [M4])."""
    return _format_move_line(move_line(geometry, origin, target))


def move_line(geometry: Geometry, origin: Square, target: Square) -> MoveLine:
    """The move line of a straight turn; ``ProtocolError`` if it is not along a line."""
    (x0, y0), (x1, y1) = geometry.coords(origin), geometry.coords(target)
    dx, dy = x1 - x0, y1 - y0
    if (dx == 0) == (dy == 0):
        raise ProtocolError(f"{geometry.name(origin)} to {geometry.name(target)} is no"
                            " straight move")
    count = abs(dx) + abs(dy)
    step = (dx // count, dy // count)
    direction = next(name for name, delta in DIRECTIONS.items() if delta == step)
    return MoveLine(x0, y0, direction, count, written=count > 1)


def _format_move_line(move: MoveLine) -> str:
    text = f"{move.x} {move.y} {move.direction}"
    return f"{text} {move.count}" if move.written else text


def parse_move(line: str) -> MoveLine | None:
    """A move line, or None for ``SURRENDER``; ``ProtocolError`` otherwise."""
    words = _words(line)
    if words == [SURRENDER]:
        return None
    return _move_words(words, line)


def _move_words(words: Sequence[str], line: str) -> MoveLine:
    if len(words) not in (3, 4) or words[2] not in DIRECTIONS:
        raise ProtocolError(f"a move is 'X Y UP|DOWN|LEFT|RIGHT N?' or SURRENDER, not"
                            f" {_show(line)}")
    x, y = _number(words[0], "X"), _number(words[1], "Y")
    count = _number(words[3], "N") if len(words) == 4 else 1
    if count < 1:
        raise ProtocolError("N, the squares a figure runs, is at least 1")
    return MoveLine(x, y, words[2], count, written=len(words) == 4)


def move_squares(geometry: Geometry, move: MoveLine) -> tuple[Square, Square]:
    """The (origin, target) squares of a move line; ``ProtocolError`` if either is off the
    board (whether the rules allow it is the game's to say)."""
    dx, dy = DIRECTIONS[move.direction]
    x1, y1 = move.x + dx * move.count, move.y + dy * move.count
    if not geometry.on_board(move.x, move.y):
        raise ProtocolError(f"({move.x}, {move.y}) is not on the {geometry.files} ×"
                            f" {geometry.ranks} board")
    if not geometry.on_board(x1, y1):
        raise ProtocolError(f"{move.direction} {move.count} from ({move.x}, {move.y}) leaves"
                            " the board")
    return geometry.square(move.x, move.y), geometry.square(x1, y1)


def format_echo(echo: Echo) -> str:
    """The echo line of a move and its outcome."""
    text = f"{_format_move_line(echo.move)} {echo.outcome}"
    if echo.outcome in COMBATS:
        assert echo.attacker is not None and echo.defender is not None
        text += f" {TOKENS[echo.attacker]} {TOKENS[echo.defender]}"
    return text


def parse_echo(line: str) -> Echo:
    """An echo line; ``ProtocolError`` if it is none."""
    words = _words(line)
    cut = next((i for i, word in enumerate(words) if word in OUTCOMES), None)
    if cut is None:
        raise ProtocolError(f"an echo is 'X Y DIR N? OUTCOME', not {_show(line)}")
    move = _move_words(words[:cut], line)
    outcome, rest = words[cut], words[cut + 1:]
    if outcome not in COMBATS:
        if rest:
            raise ProtocolError(f"{outcome} takes no tokens after it: {_show(line)}")
        return Echo(move, outcome)
    if len(rest) != 2 or not all(token in KIND_OF_TOKEN for token in rest):
        raise ProtocolError(f"{outcome} is followed by the attacker's and the defender's"
                            f" tokens: {_show(line)}")
    return Echo(move, outcome, KIND_OF_TOKEN[rest[0]], KIND_OF_TOKEN[rest[1]])


def parse_quit(line: str) -> Quit | None:
    """``QUIT [result]`` read, or None if the line is no QUIT."""
    words = _words(line)
    if not words or words[0] != QUIT:
        return None
    return Quit(" ".join(words[1:]))


def combat_echo(move: MoveLine, attacker: int, defender: int, outcome: int) -> Echo:
    """The echo of a combat: ``KILLS``, ``DIES`` or ``BOTHDIE`` with both tokens [C1]."""
    return Echo(move, COMBAT_OF_OUTCOME[outcome], attacker, defender)


__all__ = ["BOTHDIE", "COLOURS", "DIES", "DIRECTIONS", "ILLEGAL", "KILLS", "OK", "PLAYERS",
           "QUIT", "START", "SURRENDER", "TOKENS", "VICTORY_ATTRITION", "VICTORY_FLAG",
           "Board", "Echo", "MoveLine", "ProtocolError", "Quit", "SetupRequest",
           "combat_echo", "format_board", "format_echo", "format_move",
           "format_setup", "format_setup_request", "is_board_line", "move_line",
           "move_squares", "parse_board", "parse_echo", "parse_move", "parse_quit",
           "parse_setup", "parse_setup_request", "setup_rows"]
