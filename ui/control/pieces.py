"""The person's hands on the board (the games' controller's ``pieces``): a figure dragged,
a piece put down or taken off on the simulated board, the drawer's "Carry out" of the
computer's announced turn; on the real board, where hands move the pieces, a drag onto a
taken square declares that turn. Every change goes through the readers and the session
(``GameController.settle``). Kivy-free."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.table.game_session import PLAY, SETUP, GameSession
from hardware.simgame import GameHands, SimGameTable
from ui.control.live_board import live_placeable
from ui.control.parts import HandsPart
from ui.control.shell_state import ControllerError
from ui.words import i18n
from ui.words.view_text import kind_name

JSON = dict[str, Any]


class PiecesTable(HandsPart, Protocol):
    """What the person's hands use of the game's controller: the table and its simulated
    hands, the taps for the session, what stands on the board, the readers' settling."""

    @property
    def session(self) -> GameSession: ...

    def sim_and_hands(self) -> tuple[SimGameTable, GameHands]: ...

    def physical(self) -> dict[str, str]: ...

    def intent(self, data: JSON) -> None: ...


class PersonsPieces:
    """The person's moves, placements and removals, and the drawer's "Carry out"."""

    def __init__(self, table: PiecesTable, *, simulated: bool,
                 swap: Callable[[str, str], bool]) -> None:
        """``simulated``: the pieces are moved on the screen (else by hands on the real
        board); ``swap``: the setup editor's swap of two figures of one side."""
        self.table, self.simulated, self.swap = table, simulated, swap

    def move(self, origin: str, target: str) -> None:
        """A figure dragged from ``origin`` to ``target``: onto an empty square it is put
        down there; onto a taken square it is that turn, carried out as a person does it
        (a capture: the taken stone off first; a Strategus attack: the attacker held
        beside the square and the turn declared on the screen)."""
        if not self.simulated:
            self._declare_along(origin, target)
            return
        sim, hands = self.table.sim_and_hands()
        session = self.table.session
        geometry = session.game.geometry(session.options)
        a, b = geometry.parse(origin), geometry.parse(target)
        if session.phase == SETUP and self.swap(origin, target):
            return
        if sim.board.tag_at(b) is None:
            sim.board.move(a, b)
            self.table.settle()
            return
        turn = self._turn_along(origin, target)
        if turn is None:
            raise ControllerError(i18n.tr("gm_err_taken", square=target))
        hands.play(turn)
        self.table.settle()

    def _declare_along(self, origin: str, target: str) -> None:
        """On the real board a drag onto a taken square declares that turn (a Strategus
        attack: the attacker held beside the square); the hands do everything else."""
        session = self.table.session
        state, turn = session.state, self._turn_along(origin, target)
        if turn is None or state is None or target not in self.table.physical():
            raise ControllerError(i18n.tr("gm_err_by_hand"))
        self.table.intent({"declare": session.game.turn_to_json(state, turn)})

    def _turn_along(self, origin: str, target: str) -> Any:
        """The legal turn from ``origin`` to ``target`` now, if there is one."""
        session = self.table.session
        state = session.state
        if state is None or session.phase != PLAY or session.fixing:
            return None
        game = session.game
        for turn in state.legal_turns():
            if game.turn_to_json(state, turn).get("path") == [origin, target]:
                return turn
        return None

    def place(self, square: str, kind: str) -> None:
        """Put a piece of ``kind`` down on ``square``: from the hand of the player to move
        (Gimmel), or during a setup from the owner of the home rows it goes into."""
        sim, hands = self.table.sim_and_hands()
        owners = self._placing_owners(square)
        uid = next((u for u in hands.box if hands.identities[u].kind == kind
                    and hands.identities[u].owner in owners), None)
        if uid is None:
            raise ControllerError(i18n.tr("gm_err_no_stone", kind=kind_name(kind)))
        session = self.table.session
        sim.board.place(session.game.geometry(session.options).parse(square), uid)
        hands.box.remove(uid)
        self.table.settle()

    def placeable(self) -> list[str]:
        """The kinds a piece can be put down of now: Gimmel's hand of the player to move;
        during a setup every kind still beside the board."""
        sim, hands = self.table.sim, self.table.hands
        if sim is None:
            return []
        session = sim.session
        if hands is None:
            return live_placeable(session)
        owners = self._placing_owners()
        kinds = {hands.identities[uid].kind for uid in hands.box
                 if hands.identities[uid].owner in owners}
        return [kind.id for kind in session.game.kinds(session.options) if kind.id in kinds]

    def _placing_owners(self, square: str | None = None) -> set[int]:
        """Whose pieces go down now: the player to move's, or during a setup the owner's
        of the home rows ``square`` is in (any owner's without a square)."""
        session = self.table.session
        game = session.game
        if session.phase == PLAY and session.state is not None:
            return {session.state.to_move}
        if session.phase != SETUP:
            return set()
        if square is None:
            return set(range(len(game.players)))
        sq = game.geometry(session.options).parse(square)
        return {p for p in range(len(game.players)) if sq in game.setup_zone(p, session.options)}

    def remove(self, square: str) -> None:
        """Take the piece on ``square`` off the board (beside it)."""
        sim, hands = self.table.sim_and_hands()
        session = self.table.session
        uid = sim.board.lift(session.game.geometry(session.options).parse(square))
        hands.box.append(uid) if session.phase == SETUP else hands.aside.append(uid)
        self.table.settle()

    def carry_out(self) -> None:
        """The drawer's helper: the computer's announced turn carried out on the board."""
        _, hands = self.table.sim_and_hands()
        chosen = self.table.session.chosen
        if chosen is None:
            raise ControllerError(i18n.tr("gm_err_no_turn"))
        hands.play(chosen.turn)
        self.table.settle()
