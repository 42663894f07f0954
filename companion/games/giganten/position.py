"""A Giganten position through the game interface (``GameState[Turn | Advance]``).

Two things of Giganten's physical turn live here so that any session can follow them:

- **The winner's advance [K5].** After a challenge with one loser the winner may move
  into the freed square; it decides knowing the outcome. The position then has an open
  offer: the winner's player is to move and the legal turns are ``Advance(True)`` (if the
  rules allow it: a Blitz never advances) and ``Advance(False)`` (stay). Playing one
  completes the challenge's turn in the rules' own history (``advance=True`` or as it
  was), so the rules' state ends exactly as Giganten's own session leaves it.
- **What everyone may know of a turn [I1, I2].** ``Played.public`` holds the turn's
  squares and the challenge's outcome; the two combatants' kinds and the deciding rule
  only under the ``rulebook`` reveal policy (which shows them to everyone [C4]), never
  under ``outcome-only`` (``docs/rulings.md``). A combat's ``Played.reveal`` is never
  empty: its result is decided in secret, so a session never takes it from the board and
  the mover declares the challenge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.game import (
    JSON,
    Audience,
    Geometry,
    IllegalMove,
    Piece,
    Played,
    Seen,
    Square,
)
from companion.games.giganten.codec import combat_json, public_turn_json, turn_json
from companion.games.giganten.figures import KINDS
from companion.games.giganten.observe import observation
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Combat, IllegalTurn, TrapEvent, Turn, TurnResult

RULEBOOK = "rulebook"
OUTCOME_ONLY = "outcome-only"
POLICIES = (RULEBOOK, OUTCOME_ONLY)
"""The reveal policies [I2] (the names of ``companion.views``)."""


@dataclass(frozen=True, slots=True)
class Advance:
    """The winner's answer to an open advance offer [K5]: move in (True) or stay."""

    advance: bool


@dataclass(frozen=True, slots=True)
class Offer:
    """An open advance offer [K5]: the winning figure, where it stands, where it may go."""

    player: int
    figure: int
    at: Square
    into: Square


def advance_offer(state: GameState, result: TurnResult) -> Offer | None:
    """The advance a played challenge offers, if any [K5] (as ``table.advancing`` offers
    it: kind-blind, so the offer tells nothing; a Blitz's refusal comes when it tries)."""
    combat = result.combat
    if combat is None or not combat.outcome.one_loser or state.reason not in (
            None, "immobilized"):
        return None
    if combat.challenger_figure in result.removed:
        figure, into = combat.challenged_figure, combat.challenger
    else:
        figure, into = combat.challenger_figure, combat.challenged
    at = state.pos[figure]
    if at < 0 or state.occ[into] >= 0:
        return None
    return Offer(state.fig_player[figure], figure, at, into)


class GigantenState:
    """A Giganten position seen through the game interface."""

    def __init__(self, state: GameState, policy: str = RULEBOOK) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown reveal policy {policy!r}; policies are"
                             f" {', '.join(POLICIES)}")
        self.rules_state = state
        """The engine's own state, for the layers that still speak Giganten's types."""
        self.policy = policy
        self._geometry = Geometry(state.board.files, state.board.ranks)
        self._stack: list[tuple[Turn | Advance, Offer | None]] = []
        """Every turn pushed here, with the advance offer it left open."""

    @property
    def offer(self) -> Offer | None:
        """The advance offer open now [K5], if any."""
        return self._stack[-1][1] if self._stack else None

    @property
    def geometry(self) -> Geometry:
        """The board."""
        return self._geometry

    @property
    def to_move(self) -> int:
        """The player to move: the winner of the last challenge while its advance is open."""
        offer = self.offer
        return offer.player if offer is not None else self.rules_state.to_move

    def pieces(self) -> Mapping[Square, Piece]:
        """Every figure on the board by owner and kind id."""
        return {sq: Piece(player, KINDS[kind].id)
                for sq, (player, kind) in self.rules_state.position().items()}

    def legal_turns(self) -> Sequence[Turn | Advance]:
        """Every legal turn of the player to move [M, C, V]; the answers to an open offer."""
        if self.offer is None:
            return self.rules_state.legal_turns() if not self.is_over() else []
        answers: list[Turn | Advance] = [Advance(False)]
        try:
            self.push(Advance(True))
        except IllegalMove:
            return answers
        self.pop()
        return [Advance(True), *answers]

    def push(self, turn: Turn | Advance) -> Played:
        """Play a turn, checked by the rules; ``IllegalMove`` (nothing changed) if refused."""
        if isinstance(turn, Advance):
            return self._answer(turn)
        if self.offer is not None:
            raise IllegalMove("K5", "the winner of the challenge first advances or stays")
        if self.rules_state.is_over:
            raise IllegalMove("W1", "the game is over")
        try:
            result = self.rules_state.play(turn)
        except IllegalTurn as err:
            raise IllegalMove(err.rule, err.reason) from None
        self._stack.append((turn, advance_offer(self.rules_state, result)))
        return self._played(result)

    def _answer(self, answer: Advance) -> Played:
        offer = self.offer
        if offer is None:
            raise IllegalMove("K5", "there is no challenge to advance from")
        caught: tuple[TrapEvent, ...] = ()
        if answer.advance:
            state = self.rules_state
            last = state.pop()
            assert isinstance(last, TurnResult)
            try:
                result = state.play(last.turn._replace(advance=True))
            except IllegalTurn as err:
                state.push(last.turn)
                raise IllegalMove(err.rule, err.reason) from None
            caught = tuple(event for event in result.traps if event not in last.traps)
        self._stack.append((answer, None))
        board = self.rules_state.board
        public: JSON = {"advance": answer.advance, "from": board.name(offer.at),
                        "into": board.name(offer.into)}
        if caught:  # the winner came to rest on a secret trap [V5]
            public["traps"] = self.traps_public(caught)
        removed = tuple(event.square for event in caught if event.effect == "removed")
        trapped = set(self.rules_state.trapped)  # off the board to come back [V5c]
        return Played(public=public, removed=removed, aside=tuple(
            event.square for event in caught if event.figure in trapped))

    def traps_public(self, events: tuple[TrapEvent, ...]) -> list[JSON]:
        """Secret traps that sprang, as everyone may know them from then on [V5, I3]."""
        board, players = self.rules_state.board, self.rules_state.players
        return [{"square": board.name(event.square), "owner": players[event.owner].name,
                 "effect": event.effect} for event in events]

    def pop(self) -> None:
        """Take back the last turn (an advance first, then the challenge it completed)."""
        turn, _ = self._stack.pop()
        state = self.rules_state
        if isinstance(turn, Advance):
            if turn.advance:
                last = state.pop()
                assert isinstance(last, TurnResult)
                state.push(last.turn._replace(advance=False))
            return
        state.pop()

    def is_over(self) -> bool:
        """True once a Nest is taken, a player cannot move, or a limit draws [W]; not while
        an advance is open (it may free the square a player lacks [W2])."""
        return self.offer is None and self.rules_state.is_over

    def winner(self) -> int | None:
        """The winning team's first player (the player itself in a two-player game)."""
        state = self.rules_state
        if not self.is_over() or state.winner is None:
            return None
        return next(index for index, player in enumerate(state.players)
                    if player.team == state.winner)

    def end_reason(self) -> str | None:
        """``nest``, ``immobilized`` or a referee limit [W1–W3]."""
        return self.rules_state.reason if self.is_over() else None

    def observation(self, audience: Audience) -> Mapping[Square, Seen]:
        """What ``audience`` may see of the board [I3, I4]."""
        return observation(self.rules_state, audience)

    def _played(self, result: TurnResult) -> Played:
        board = self.rules_state.board
        public: JSON = {"turn": public_turn_json(turn_json(board, result.turn))}
        reveal: JSON = {}
        if result.traps:  # a secret trap sprang: public from now on [V5, I3]
            public["traps"] = self.traps_public(result.traps)
        if result.combat is not None:
            public["challenge"] = self.combat_public(result.combat, result.removed)
            # Never empty for a combat: its result is decided in secret [C4].
            reveal = {"challenge": public["challenge"]}
        trapped = set(self.rules_state.trapped)  # off the board to come back [V5c]
        return Played(public=public, reveal=reveal, removed=removed_squares(result),
                      aside=removed_squares(result, trapped))

    def combat_public(self, combat: Combat, removed: tuple[int, ...]) -> JSON:
        """A challenge as everyone may know it under the policy [I1, I2]."""
        board = self.rules_state.board
        out: JSON = combat_json(board, combat)
        out["leaves_board"] = [role for role, figure in
                               (("challenger", combat.challenger_figure),
                                ("challenged", combat.challenged_figure))
                               if figure in removed]
        if self.policy != RULEBOOK:
            for key in ("challenger_kind", "challenged_kind", "rule"):
                del out[key]
        return out


def removed_squares(result: TurnResult, among: set[int] | None = None
                    ) -> tuple[Square, ...]:
    """Where the figures that left the board stood: the combatants' and the trapped (only
    the figures ``among``, if given)."""
    places: list[tuple[Square, int]] = [(event.square, event.figure) for event in result.traps]
    if result.combat is not None:
        combat = result.combat
        places += [(combat.challenger, combat.challenger_figure),
                   (combat.challenged, combat.challenged_figure)]
    return tuple(sq for sq, figure in places if figure in result.removed
                 and (among is None or figure in among))

