"""What the rules read of a game in progress: ``StateOfPlay``, the state as its rules see it.

Move generation (``movegen``, ``doubles``), the legality checks (``legality``) and the
referee rules (``referee``) are functions of a game's state; ``GameState`` (``state``) calls
them and satisfies this protocol as it stands, so the rule modules type against it and
never import the class that calls them. The flat lists are move generation's: ``pos[figure]``
is where a figure stands (``OFF_BOARD``/``RESERVE`` of ``state`` below 0), ``occ[square]``
which figure stands on a square (-1 if empty). The legality checks and double moves try a
move on ``pos``/``occ`` and take it back before they return.
"""

from __future__ import annotations

from typing import Protocol

from companion.games.giganten.board import Board
from companion.games.giganten.figures import Kind
from companion.games.giganten.players import Player
from companion.games.giganten.referee_state import RefereeState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.tables import Ray, Step
from companion.games.giganten.turns import Turn, TurnResult


class StateOfPlay(Protocol):
    """The figures on a board, whose turn it is, and what the rules in force remember."""

    board: Board
    rules: RuleSet
    players: tuple[Player, ...]
    """The seats in turn order (``RuleSet.players``)."""
    to_move: int
    ply: int
    """Turns played so far."""
    reason: str | None
    """How the game was decided; None while it runs [W1–W3, R26]."""
    pos: list[Square]
    occ: list[int]
    fig_player: list[int]
    fig_kind: list[Kind]
    fig_team: list[int]
    turns_made: list[int]
    """Turns each player has made, counted from before the start position (V6, V8)."""
    frozen: dict[int, int]
    """Figure -> how many more of its owner's turns it must stay put (V5b)."""
    trapped: list[int]
    """Figures a trap put off the board that may come back (V5c)."""
    referee_state: RefereeState
    """What the referee rules remember [W3]."""

    # What the state derives once from its board and rules, for move generation's loops.
    _steps: tuple[tuple[Step, ...], ...]
    _flights: list[tuple[Ray, ...] | None]
    _swamp: list[bool]
    _forward_direction: list[int]
    _figures_of: list[list[int]]
    """Each player's figures, in figure order."""
    _refereed: bool
    _doubles: bool
    """V8 is in force."""
    _reentry: bool
    """V5c is in force."""
    _reserve: bool
    """V6 is in force."""

    @property
    def is_over(self) -> bool:
        """True once the game is decided: won, or drawn by a referee limit [R26]."""
        ...

    def figures_on_board(self, player: int) -> list[int]:
        """The figures of ``player`` standing on the board, in figure order."""
        ...

    def reserve_of(self, player: int) -> list[int]:
        """The figures ``player`` still keeps in the reserve (V6)."""
        ...

    def trapped_of(self, player: int) -> list[int]:
        """The figures of ``player`` that a trap put off the board and may come back (V5c)."""
        ...

    def is_enemy(self, player: int, figure: int) -> bool:
        """True if ``figure`` belongs to a team other than ``player``'s."""
        ...

    def may_place_reserve(self, player: int) -> bool:
        """True if ``player`` may put reserve figures on the board this turn (V6)."""
        ...

    def double_moves_allowed(self, player: int) -> bool:
        """True if ``player`` may make a double move this turn (V8)."""
        ...

    def step_targets(self, figure: int) -> list[Square]:
        """The empty squares ``figure`` may step to (``movegen.step_targets``)."""
        ...

    def referee_lapses(self) -> bool:
        """True if the referee rules forbid every turn of the player to move [W2, R24]."""
        ...

    def advance_for(self, turn: Turn) -> tuple[int, Square] | None:
        """Who may advance after a legal ``turn``'s challenge, and into which square [K5]."""
        ...

    def what_if(self, turn: Turn) -> TurnResult:
        """What a legal ``turn`` would do, without its advance; the state is left as it was."""
        ...


__all__ = ["StateOfPlay"]
