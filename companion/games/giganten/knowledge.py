"""What one player knows of a Giganten game: the information state of its computer.

Every figure on the board is followed by identity through the public course [I1]: where
it stood at the start, whether it moved, moved forward, stood in a swamp, flew [M6],
challenged, advanced [K5], and the kinds challenges showed (under the ``rulebook`` reveal
policy [I2, C4]: a computer may remember what a person at the table could [I4]); under
``outcome-only`` the outcomes against a figure whose kind the player knows. Its own
figures' kinds come from its observation; nothing here reads a hidden kind.

Built from the public parts of the rules' history (squares, outcomes; the placed reserve
kinds of V6 and a re-entered figure's kind of V5c only for the player's own figures) and
reconciled with the player's observation, which is the truth of who stands where.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from companion.game import HIDDEN
from companion.games.giganten.combat import Outcome
from companion.games.giganten.figures import KIND_BY_ID, NEST
from companion.games.giganten.figures import Kind as KindId
from companion.games.giganten.position import RULEBOOK, GigantenState
from companion.games.giganten.squares import Square
from companion.games.giganten.turns import Combat, TurnResult


@dataclass(frozen=True, slots=True)
class Clash:
    """A challenge a figure fought against a figure of known kind, as everyone saw it."""

    other: KindId
    """The other figure's kind (known to the player: its own figure, or shown)."""
    challenger: bool
    """True if the followed figure was the challenger."""
    swamp: bool
    """The battleground's terrain [C5]."""
    outcome: Outcome


@dataclass
class Figure:
    """What the player knows of one figure on the board."""

    owner: int
    square: Square
    start: Square | None
    """Where it stood at the start of play; None for a figure put on later [V6, V5c]."""
    kind: KindId | None = None
    """Its kind if the player knows it: its own figure, or shown by a challenge [I2]."""
    moved: bool = False
    forward: bool = False
    """Moved forward at least once (a Blitz never does [M4])."""
    swamp: bool = False
    """Stood in a swamp at least once (a Blitz and a Nest never do [S2, M4])."""
    flew: bool = False
    """Made a scout flight: a Flug [M6]."""
    challenged: bool = False
    """Challenged at least once: never a Blitz, Nest, Gespenst or Falle [C3]."""
    advanced: bool = False
    """Advanced after a won challenge: never a Blitz or Falle [K5]."""
    clashes: list[Clash] = field(default_factory=list)


@dataclass
class Knowledge:
    """A player's information state: its figures and every other figure on the board."""

    player: int
    figures: dict[Square, Figure]
    """Every figure on the board by its square."""
    rulebook: bool
    """True if challenges show the kinds [I2]."""


def knowledge(position: GigantenState, player: int) -> Knowledge:
    """The information state of ``player`` in ``position``: the public course followed
    figure by figure, reconciled with what the player's observation shows."""
    state = position.rules_state
    board = state.board
    rulebook = position.policy == RULEBOOK
    seen = position.observation(player)
    figures: dict[Square, Figure] = {
        sq: Figure(owner, sq, sq, swamp=board.is_swamp(sq))
        for sq, (owner, _) in sorted(state.start.items())}
    for action in state.history:
        if isinstance(action, TurnResult):
            _follow(figures, action, player, rulebook, position)
    out: dict[Square, Figure] = {}
    for sq, view in seen.items():
        figure = figures.get(sq)
        if figure is None or figure.owner != view.owner:
            figure = Figure(view.owner, sq, None, swamp=board.is_swamp(sq), moved=True)
        figure.square = sq
        if view.kind != HIDDEN:
            figure.kind = KIND_BY_ID[view.kind]
        out[sq] = figure
    return Knowledge(player, out, rulebook)


def _follow(figures: dict[Square, Figure], result: TurnResult, player: int,
            rulebook: bool, position: GigantenState) -> None:
    """Play one turn's public part on the followed figures."""
    state = position.rules_state
    board, mover, turn = state.board, result.player, result.turn
    forward = state.players[mover].forward
    for sq, kind in turn.place:  # reserve figures put down [V6]: kinds are the owner's
        figures[sq] = Figure(mover, sq, None, kind if mover == player else None,
                             swamp=board.is_swamp(sq))
    if turn.reenter is not None:  # a trapped figure back [V5c]
        sq, kind = turn.reenter
        figures[sq] = Figure(mover, sq, None, kind if mover == player else None,
                             swamp=board.is_swamp(sq))
    for path in (turn.path, turn.second):
        if path and path[0] in figures:
            figure = figures.pop(path[0])
            _moved(figure, path, forward, board.files, board.is_swamp(path[-1]))
            figures[path[-1]] = figure
    if result.combat is not None:
        _combat(figures, result, result.combat, rulebook, player)
    for event in result.traps:
        if event.effect == "removed":
            figures.pop(event.square, None)


def _moved(figure: Figure, path: tuple[Square, ...], forward: int, files: int,
           swamp: bool) -> None:
    figure.moved = True
    figure.swamp = figure.swamp or swamp
    for here, there in itertools.pairwise(path):
        steps = (there // files - here // files) * forward
        figure.forward = figure.forward or steps > 0
        file_steps = abs(there % files - here % files)
        if len(path) == 2 and (abs(steps) + file_steps > 1):
            figure.flew = True


def _combat(figures: dict[Square, Figure], result: TurnResult, combat: Combat,
            rulebook: bool, player: int) -> None:
    """A challenge: the kinds it showed [C4, I2] (or what its outcome says against a known
    kind), who left the board, the winner's advance [K5]."""
    challenger = figures.get(combat.challenger)
    challenged = figures.get(combat.challenged)
    if challenger is None or challenged is None:
        return
    challenger.challenged = True
    if rulebook:
        challenger.kind, challenged.kind = combat.challenger_kind, combat.challenged_kind
    else:
        _clash(challenger, challenged, combat, player, True)
        _clash(challenged, challenger, combat, player, False)
    if combat.outcome is Outcome.NEST_TAKEN:
        challenged.kind = NEST  # a taken Nest is public [K4.2, W1]
    lost_challenger = combat.challenger_figure in result.removed
    lost_challenged = combat.challenged_figure in result.removed
    if lost_challenged:
        del figures[combat.challenged]
    if lost_challenger:
        del figures[combat.challenger]
    if result.advanced:
        if lost_challenged and not lost_challenger:
            winner, into = figures.pop(combat.challenger), combat.challenged
        elif lost_challenger and not lost_challenged:
            winner, into = figures.pop(combat.challenged), combat.challenger
        else:
            return
        winner.advanced = winner.moved = True
        figures[into] = winner


def _clash(figure: Figure, other: Figure, combat: Combat, player: int, role: bool) -> None:
    """Remember an outcome against a figure of the player's own (known) kind."""
    if other.owner != player or figure.owner == player:
        return
    kind = combat.challenged_kind if role else combat.challenger_kind
    figure.clashes.append(Clash(kind, role, combat.swamp, combat.outcome))
