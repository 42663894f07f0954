"""The setup editor of ``ui.control.game.GameController`` on the simulated board: the tray
of one side's figures still to place (``tray``), a figure swapped with another of its side
(``swap``), the side arranged by the game's own computer setup (``shuffle_side``: the
game's package decides what is plausible), named setups saved and loaded per game (files
of the owner only: mode 0600, beside the logs). Which figure stands where is the side's
secret: the files hold one side's arrangement, for its owner. Kivy-free.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.computer import computer_setup
from companion.game import Game
from companion.ledger.logfiles import make_private_dirs, write_json_atomic
from companion.ledger.record import default_log_dir
from companion.table.game_session import PLAY, SETUP, GameSession
from hardware.live_game import LiveGameTable
from hardware.simgame import GameHands, SimGameTable
from ui.control.live_board import live_placeable
from ui.control.shell_state import ControllerError
from ui.words import i18n

SETUPS = "setups"
"""The folder of saved setups beside the logs: one folder per game, one file per setup."""


class SetupEditor:
    """The tray, swaps, shuffles and saved setups of one side."""

    sim: SimGameTable | LiveGameTable | None
    hands: GameHands | None
    game: Game | None
    log_dir: Path | None
    tray_side = 0
    """The side the tray shows (the person's against the computer)."""

    if TYPE_CHECKING:  # the controller's own
        @property
        def session(self) -> GameSession: ...

        def settle(self, seconds: float = 0.6) -> None: ...

        def _sim(self) -> tuple[SimGameTable, GameHands]: ...

        def _game(self) -> Game: ...

    def placeable(self) -> list[str]:
        """The kinds a piece can be put down of now: Gimmel's hand of the player to move;
        during a setup every kind still beside the board."""
        if self.sim is None or self.game is None:
            return []
        if self.hands is None:
            return live_placeable(self.session)
        owners = self._placing_owners()
        kinds = {self.hands.identities[uid].kind for uid in self.hands.box
                 if self.hands.identities[uid].owner in owners}
        return [kind.id for kind in self.game.kinds(self.session.options) if kind.id in kinds]

    def _placing_owners(self, square: str | None = None) -> set[int]:
        session, game = self.session, self._game()
        if session.phase == PLAY and session.state is not None:
            return {session.state.to_move}
        if session.phase != SETUP:
            return set()
        if square is None:
            return set(range(len(game.players)))
        sq = game.geometry(session.options).parse(square)
        return {p for p in range(len(game.players)) if sq in game.setup_zone(p, session.options)}

    def tray(self) -> list[tuple[str, int]]:
        """The tray side's kinds still beside the board, with how many of each, in the
        game's order (empty outside the setup)."""
        if self.hands is None or self.game is None or self.sim is None or (
                self.session.phase != SETUP):
            return []
        counts: dict[str, int] = {}
        for uid in self.hands.box:
            identity = self.hands.identities[uid]
            if identity.owner == self.tray_side:
                counts[identity.kind] = counts.get(identity.kind, 0) + 1
        return [(kind.id, counts[kind.id]) for kind in self.game.kinds(self.session.options)
                if kind.id in counts]

    def swap(self, origin: str, target: str) -> bool:
        """During the setup, two figures of one side change squares; False if they are not
        two figures of one side."""
        sim, _ = self._sim()
        if self.session.phase != SETUP:
            return False
        geometry = self._game().geometry(self.session.options)
        a, b = geometry.parse(origin), geometry.parse(target)
        first, second = sim.board.tag_at(a), sim.board.tag_at(b)
        identities = self.hands.identities if self.hands is not None else {}
        if first is None or second is None or first not in identities or (
                second not in identities) or (
                identities[first].owner != identities[second].owner):
            return False
        sim.board.lift(a)
        sim.board.lift(b)
        sim.board.place(a, second)
        sim.board.place(b, first)
        self.settle()
        return True

    def _side_arrangement(self, side: int) -> dict[str, str]:
        """``side``'s figures on the board now: square name -> kind."""
        sim, hands = self._sim()
        geometry = self._game().geometry(self.session.options)
        return {geometry.name(sq): hands.identities[uid].kind
                for sq, uid in sim.board.tags().items()
                if uid in hands.identities and hands.identities[uid].owner == side}

    def arrange(self, side: int, arrangement: dict[str, str]) -> None:
        """``side``'s figures taken off, then put down as ``arrangement`` (square -> kind)."""
        sim, hands = self._sim()
        if self.session.phase != SETUP:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        geometry = self._game().geometry(self.session.options)
        for name in self._side_arrangement(side):
            hands.box.append(sim.board.lift(geometry.parse(name)))
        for name, kind in sorted(arrangement.items()):
            square = geometry.parse(name)
            uid = next((u for u in hands.box if hands.identities[u].kind == kind
                        and hands.identities[u].owner == side), None)
            if uid is None or sim.board.tag_at(square) is not None:
                continue
            sim.board.place(square, uid)
            hands.box.remove(uid)
        self.settle()

    def shuffle_side(self) -> None:
        """The tray side arranged afresh by the game's computer setup, drawn from the OS."""
        self._computer_sets_up(self.tray_side)

    def _computer_sets_up(self, side: int) -> None:
        """``side`` arranged by the game's computer setup (the computer's own side, set
        up as the game opens; a person's shuffle), drawn from the OS."""
        game = self._game()
        geometry = game.geometry(self.session.options)
        drawn = computer_setup(game, side, self.session.options, random.SystemRandom())
        self.arrange(side, {geometry.name(sq): kind for sq, kind in drawn.items()})

    # --- Saved setups ----------------------------------------------------------------------

    def _setups_dir(self) -> Path:
        base = self.log_dir if self.log_dir is not None else default_log_dir()
        return base / SETUPS / self._game().name

    def saved_setups(self) -> list[str]:
        """The names of this game's saved setups, in the order they were saved."""
        folder = self._setups_dir() if self.game is not None else None
        if folder is None or not folder.is_dir():
            return []
        files = sorted(folder.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name))
        return [p.stem for p in files]

    def save_setup(self, name: str | None = None) -> str:
        """Save the tray side's arrangement under ``name`` (default: the next free "Setup
        N"); returns the name. Only the owner may read the file (0600)."""
        arrangement = self._side_arrangement(self.tray_side)
        if not arrangement:
            raise ControllerError(i18n.tr("gm_err_nothing_to_save"))
        taken = set(self.saved_setups())
        if name is None:
            number = 1
            while i18n.tr("gm_setup_name", number=number) in taken:
                number += 1
            name = i18n.tr("gm_setup_name", number=number)
        safe = re.sub(r"[^\w -]", "", name).strip() or "setup"
        folder = self._setups_dir()
        make_private_dirs(folder)
        write_json_atomic(folder / f"{safe}.json",
                          {"game": self._game().name, "setup": _relative(
                              self._game(), self.session.options, self.tray_side,
                              arrangement)}, mode=0o600)
        return safe

    def load_setup(self, name: str) -> None:
        """Put the tray side's figures as the saved setup ``name`` has them (saved from
        either side: it is mirrored into this side's rows)."""
        path = self._setups_dir() / f"{name}.json"
        try:
            data: Any = json.loads(path.read_text())
            rows = data["setup"]
        except (OSError, ValueError, KeyError, TypeError):
            raise ControllerError(i18n.tr("gm_err_setup_file", name=name)) from None
        self.arrange(self.tray_side, _absolute(self._game(), self.session.options,
                                               self.tray_side, rows))


def _relative(game: Game, options: dict[str, Any], side: int,
              arrangement: dict[str, str]) -> dict[str, str]:
    """An arrangement as "file,depth" (depth 0: the row nearest the own edge), so a setup
    saved as one side loads as the other."""
    geometry = game.geometry(options)
    zone = sorted(game.setup_zone(side, options))
    ranks = sorted({geometry.coords(sq)[1] for sq in zone})
    toward = ranks if side == 0 else list(reversed(ranks))
    result = {}
    for name, kind in arrangement.items():
        file, rank = geometry.coords(geometry.parse(name))
        if rank in toward:
            result[f"{file},{toward.index(rank)}"] = kind
    return result


def _absolute(game: Game, options: dict[str, Any], side: int,
              rows: Any) -> dict[str, str]:
    geometry = game.geometry(options)
    zone = sorted(game.setup_zone(side, options))
    ranks = sorted({geometry.coords(sq)[1] for sq in zone})
    toward = ranks if side == 0 else list(reversed(ranks))
    result: dict[str, str] = {}
    if not isinstance(rows, dict):
        return result
    for key, kind in rows.items():
        try:
            file, depth = (int(part) for part in str(key).split(","))
            result[geometry.name(geometry.square(file, toward[depth]))] = str(kind)
        except (ValueError, IndexError):
            continue
    return result
