"""The setup editor on the simulated board (the games' controller's ``setup_editor``): the
tray of one side's figures still to place (``tray``), a figure swapped with another of its
side (``swap``), the side arranged by the game's own computer setup (``shuffle_side``: the
game's package decides what is plausible), every side set up at once (``set_up``), named
setups saved and loaded per game (files
of the owner only: mode 0600, beside the logs). Which figure stands where is the side's
secret: the files hold one side's arrangement, for its owner. Kivy-free.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Protocol

from companion.computer import computer_setup
from companion.game import Game, seated
from companion.ledger.logfiles import make_private_dirs, write_json_atomic
from companion.ledger.record import default_log_dir
from companion.table.game_session import SETUP, GameSession
from hardware.simgame import GameHands, SimGameTable
from ui.control.parts import HandsPart
from ui.control.shell_state import ControllerError
from ui.words import i18n

SETUPS = "setups"
"""The folder of saved setups beside the logs: one folder per game, one file per setup."""


class EditorTable(HandsPart, Protocol):
    """What the setup editor uses of the game's controller: the simulated table and its
    hands, the game, where the logs go, and the readers' settling after a change."""

    @property
    def game(self) -> Game | None: ...

    @property
    def session(self) -> GameSession: ...

    @property
    def log_dir(self) -> Path | None: ...

    def sim_and_hands(self) -> tuple[SimGameTable, GameHands]: ...


class SetupSecrets(Protocol):
    """A game's secrets picked with the setup (Giganten's traps [V5]): "Set up all" draws
    them too, when the game asks for them."""

    @property
    def asked(self) -> bool: ...

    def choose(self, rng: random.Random) -> None: ...


class SetupEditor:
    """The tray, swaps, shuffles, "Set up all" and saved setups of one side."""

    def __init__(self, table: EditorTable, secrets: SetupSecrets) -> None:
        self.table, self.secrets = table, secrets
        self.tray_side = 0
        """The side the tray shows (the person's against the computer)."""

    def tray(self) -> list[tuple[str, int]]:
        """The tray side's kinds still beside the board, with how many of each, in the
        game's order (empty outside the setup)."""
        hands, game = self.table.hands, self.table.game
        if hands is None or game is None or self.table.sim is None or (
                self.table.session.phase != SETUP):
            return []
        counts: dict[str, int] = {}
        for uid in hands.box:
            identity = hands.identities[uid]
            if identity.owner == self.tray_side:
                counts[identity.kind] = counts.get(identity.kind, 0) + 1
        return [(kind.id, counts[kind.id]) for kind in game.kinds(self.table.session.options)
                if kind.id in counts]

    def swap(self, origin: str, target: str) -> bool:
        """During the setup, two figures of one side change squares; False if they are not
        two figures of one side."""
        sim, hands = self.table.sim_and_hands()
        session = self.table.session
        if session.phase != SETUP:
            return False
        geometry = session.game.geometry(session.options)
        a, b = geometry.parse(origin), geometry.parse(target)
        first, second = sim.board.tag_at(a), sim.board.tag_at(b)
        identities = hands.identities
        if first is None or second is None or first not in identities or (
                second not in identities) or (
                identities[first].owner != identities[second].owner):
            return False
        sim.board.lift(a)
        sim.board.lift(b)
        sim.board.place(a, second)
        sim.board.place(b, first)
        self.table.settle()
        return True

    def _side_arrangement(self, side: int) -> dict[str, str]:
        """``side``'s figures on the board now: square name -> kind."""
        sim, hands = self.table.sim_and_hands()
        session = self.table.session
        geometry = session.game.geometry(session.options)
        return {geometry.name(sq): hands.identities[uid].kind
                for sq, uid in sim.board.tags().items()
                if uid in hands.identities and hands.identities[uid].owner == side}

    def arrange(self, side: int, arrangement: dict[str, str]) -> None:
        """``side``'s figures taken off, then put down as ``arrangement`` (square -> kind)."""
        sim, hands = self.table.sim_and_hands()
        session = self.table.session
        if session.phase != SETUP:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        geometry = session.game.geometry(session.options)
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
        self.table.settle()

    def shuffle_side(self) -> None:
        """The tray side arranged afresh by the game's computer setup, drawn from the OS."""
        self.computer_sets_up(self.tray_side)

    def computer_sets_up(self, side: int) -> None:
        """``side`` arranged by the game's computer setup (the computer's own side, set
        up as the game opens; a person's shuffle), drawn from the OS."""
        session = self.table.session
        game = session.game
        geometry = game.geometry(session.options)
        drawn = computer_setup(game, side, session.options, random.SystemRandom())
        self.arrange(side, {geometry.name(sq): kind for sq, kind in drawn.items()})

    def set_up(self) -> None:
        """The drawer's helper: a whole setup for every side as a good player would make
        it (the Apfel on the back rows), and the secrets the game asks for (Giganten's
        traps under V5), drawn from the OS (``random.SystemRandom``: no seed to give the
        setups or the traps away)."""
        self.set_up_with(random.SystemRandom())

    def set_up_with(self, rng: random.Random) -> None:
        """``set_up`` drawn from ``rng`` (a test's seeded generator)."""
        _, hands = self.table.sim_and_hands()
        session = self.table.session
        if session.phase != SETUP:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        game, options = session.game, session.options
        hands.set_up(game, options, rng, planned=range(len(seated(game, options).players)))
        self.table.settle()
        if self.secrets.asked:
            self.secrets.choose(rng)

    # --- Saved setups ----------------------------------------------------------------------

    def _setups_dir(self) -> Path:
        base = self.table.log_dir if self.table.log_dir is not None else default_log_dir()
        return base / SETUPS / self.table.session.game.name

    def saved_setups(self) -> list[str]:
        """The names of this game's saved setups, in the order they were saved."""
        ready = self.table.game is not None and self.table.sim is not None
        folder = self._setups_dir() if ready else None
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
        session = self.table.session
        write_json_atomic(folder / f"{safe}.json",
                          {"game": session.game.name, "setup": _relative(
                              session.game, session.options, self.tray_side,
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
        session = self.table.session
        self.arrange(self.tray_side, _absolute(session.game, session.options,
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
