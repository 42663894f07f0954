"""What a front end needs to put a table together from its arguments and the config: the
reader backend chosen by name (never a silent fall-back to the simulation), the tag
registry to play with, and the board to enrol on. Shared by the terminal commands
(``commands``) and the app (``ui``)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from companion.config import ConfigError, load_config
from companion.game import Geometry
from companion.games.giganten.board import Board
from companion.registry import Registry, RegistryError, default_path
from hardware.backends import SIM, BackendError, backend_from_config, make_reader
from hardware.layout import MappedReader, layout_for
from hardware.protocol import Reader, ReaderError
from hardware.sim_sets import sim_registry


class UsageError(ValueError):
    """Arguments that cannot work; the text says what to do (exit status 2)."""


def open_backend(args: argparse.Namespace) -> Reader | None:
    """The reader of the backend chosen by the arguments, the environment or the config file
    (``hardware.backends.backend_from_config``), opened; None for the simulation. Every
    failure is a ``UsageError`` saying what to check: never a fall-back to the simulation."""
    try:
        config = load_config(getattr(args, "config", None))
        name = backend_from_config(config, args.backend, sim=args.sim)
        if name == SIM:
            return None
        reader = make_reader(name, config)
        reader.open()
    except (ConfigError, BackendError, ReaderError) as err:
        raise UsageError(str(err)) from None
    return reader


def open_game_backend(args: argparse.Namespace, game: str,
                      geometry: Geometry) -> Reader | None:
    """``open_backend`` for a game whose board lies on part of the readers (Strategus,
    Gimmel): the chosen backend's reader wrapped in the game's layout (``hardware.layout``),
    opened; None for the simulation. Every failure is one ``UsageError`` line."""
    try:
        config = load_config(getattr(args, "config", None))
        name = backend_from_config(config, args.backend, sim=args.sim)
        if name == SIM:
            return None
        reader = MappedReader(make_reader(name, config), layout_for(config, game, geometry))
        reader.open()
    except (ConfigError, BackendError, ReaderError) as err:
        raise UsageError(str(err)) from None
    return reader


def load_registry(path: Path | None, owners: Iterable[str]) -> tuple[Registry, str]:
    """The registry to play with, and a line saying which: ``--registry PATH`` (it must
    exist), else the registry at its default place if there is one, else the simulated
    sets in memory."""
    if path is not None:
        try:
            return Registry.load(path), f"Figures: the registry {path}."
        except RegistryError as err:
            raise UsageError(str(err)) from None
    default = default_path()
    if default.exists():
        try:
            return Registry.load(default), f"Figures: the registry {default}."
        except RegistryError as err:
            raise UsageError(f"{err} (or give another with --registry)") from None
    return (sim_registry(tuple(owners)),
            f"Figures: the simulated sets, in memory (no registry at {default}).")


def enrol_board(owner: str) -> Board:
    """The board to enrol on: 14 × 14, or the 28 × 14 board of V9 for the partners' sets
    (their standard layout lies beside the first player's)."""
    return Board(28, 14) if owner.endswith("2") else Board(14, 14)
