"""The verdict of ``giganten verify`` and the checks every kind of file shares.

``Verdict`` holds the problems found (empty: verified) and what was checked; the helpers
below check a game's start (legal setups [S], swamp squares as its tiles make them
[B1, B3]) and replay one action through the engine, for ``companion.archive.verifier`` (logs,
full and referee records) and ``companion.archive.verify_public`` (public records).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games.giganten.board import Board, BoardError, build_board
from companion.games.giganten.codec import combat_json, result_json, turn_from_json
from companion.games.giganten.setup import check_setups
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn
from companion.ledger.course import Course
from companion.ledger.fairplay import Problem

EXIT_VERIFIED, EXIT_REJECTED, EXIT_UNREADABLE, EXIT_NOT_YET = 0, 1, 2, 3


JSON = dict[str, Any]


class Unreadable(ValueError):
    """The file cannot be read at all, or is neither a game log nor a game record."""


@dataclass
class Verdict:
    """The outcome of a check: the problems (empty: verified) and what was checked."""

    kind: str
    """``log``, ``public``, ``full`` or ``referee``."""
    problems: list[Problem] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    pending: str | None = None
    """Why nothing could be verified yet (a public record of a running game)."""

    @property
    def status(self) -> int:
        """The exit status of ``giganten verify``."""
        if self.problems:
            return EXIT_REJECTED
        return EXIT_NOT_YET if self.pending else EXIT_VERIFIED

    def summary(self) -> str:
        """One or two lines for the terminal."""
        if self.problems:
            first = self.problems[0]
            more = (f" (and {len(self.problems) - 1} more problem(s))"
                    if len(self.problems) > 1 else "")
            return f"rejected: {first}{more}"
        if self.pending:
            return f"not verified yet: {self.pending}"
        return f"verified: {'; '.join(self.checked)}"



def board_problems(board: Board) -> list[Problem]:
    """The board's swamp squares are the ones its dealt tiles make [B1, B3]: a record
    cannot move a swamp (and so a combat's battleground) while keeping its deal."""
    if not board.placements:
        return []  # a board laid by hand (a scenario): its squares are all it has
    try:
        laid = build_board(board.placements)
    except BoardError as err:
        return [Problem("board", f"its tiles do not make a board: {err} [B1]")]
    if (laid.files, laid.ranks, laid.swamp) != (board.files, board.ranks, board.swamp):
        return [Problem("board", "its swamp squares are not the ones its dealt tiles make"
                                 " [B1, B3]")]
    return []


def course_text(course: Course) -> str:
    """What the replay of a course found, in words."""
    turns = sum(1 for item in course.items if "turn" in item)
    text = f"{turns} turns replayed legally"
    if course.corrections:
        text += f", with {course.corrections} correction(s) by the arbiter"
    if course.result is not None:
        return text + f", to the referee's result: {referee_text(course.result)}"
    if course.state.is_over:
        return text + f" to the result: {result_text(course.state)}"
    return text + " (the game is not over)"


def referee_text(result: Mapping[str, Any]) -> str:
    if result.get("result") == "win":
        return f"{result.get('winner')} wins ({result.get('reason')})"
    if result.get("result") == "draw":
        return f"a draw ({result.get('reason')})"
    return f"both lose ({result.get('reason')})"


def result_text(state: GameState) -> str:
    result = result_json(state)
    assert result is not None
    if result["winner"] is None:  # a draw by a referee limit [W3]
        return f"drawn ({result['reason']})"
    return f"{result['winner']} wins ({result['reason']})"


def setup_problems(state: GameState) -> list[Problem]:
    setups: dict[int, dict[int, int]] = {i: {} for i in range(len(state.players))}
    for sq, (player, kind) in state.start.items():
        setups[player][sq] = kind
    traps = {p: sq for p, sq in enumerate(state.traps) if sq is not None}
    found = check_setups(state.board, state.rules, setups,
                         reserves={p: list(k) for p, k in state.start_reserves.items()},
                         traps=traps)
    out: list[Problem] = []
    for player, problems in sorted(found.items()):
        name = state.players[player].name
        out += [Problem(f"{name}'s setup",
                        f"not a legal setup: {p.reason}"
                        + (f" on {state.board.name(p.square)}" if p.square is not None else "")
                        + f" [{p.rule}]") for p in problems]
    if state.start_frozen or any(state.start_turns_made):
        out.append(Problem("setup", "the game did not start from a setup (figures frozen or"
                                    " turns already made at the start) [S1]"))
    return out


def replay_one(state: GameState, action: Mapping[str, Any], combats: bool) -> str | None:
    """Play one action; the problem in words, or None."""
    if state.is_over:
        return f"the game was already over ({state.reason}) [W1–W3]"
    try:
        if "resign" in action:
            state.resign(state.rules.player_index(action["resign"]))
            return None
        player = state.rules.player_index(action.get("player", ""))
        if player != state.to_move:
            return (f"it is {state.players[state.to_move].name}'s turn, not"
                    f" {state.players[player].name}'s [M1]")
        result = state.play(turn_from_json(state.board, action))
    except IllegalTurn as err:
        return f"not a legal turn: {err}"
    except (BoardError, KeyError, TypeError, ValueError) as err:
        return f"cannot be read: {err}"
    if combats:
        found = None if result.combat is None else combat_json(state.board, result.combat)
        if found != action.get("combat"):
            return (f"the record says the challenge went {action.get('combat')}, the rules"
                    f" give {found}")
    return None


__all__ = ["EXIT_NOT_YET", "EXIT_REJECTED", "EXIT_UNREADABLE", "EXIT_VERIFIED", "JSON",
           "Unreadable", "Verdict", "board_problems", "course_text", "referee_text",
           "replay_one", "result_text", "setup_problems"]
