"""Choosing a reader backend by name (``--sim``, ``--backend NAME``, ``GIGANTEN_BACKEND``,
the config file's ``reader.backend``).

``sim`` is the simulated board (the default when no hardware is configured); ``spi`` drives
MFRC522 readers on the Pi's SPI bus through decoders (``hardware.mfrc522_matrix``);
``serial`` listens to section controllers over USB serial (``hardware.serial_bus``). A
backend that was asked for and cannot start is an error, never a silent fall-back to the
simulation: a referee that believes it reads the real board while it reads an empty
simulated one would be worse than none.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from companion.config import Config
from hardware.protocol import Reader

SIM = "sim"
AVAILABLE: tuple[str, ...] = (SIM, "spi", "serial")
"""Backends that can be used now."""

PLANNED: dict[str, str] = {}
"""Backends of the design that are not built yet, with what they are."""

CONFIG_ENV = "GIGANTEN_BACKEND"
"""The configured backend, if any: without ``--sim`` or ``--backend``, this one is used,
and without it the simulation (no hardware configured)."""


class BackendError(ValueError):
    """A backend that cannot be used; the text says why and what to use instead."""


def choose_backend(name: str | None, *, sim: bool = False,
                   environ: Mapping[str, str] | None = None) -> str:
    """The backend to use: ``--sim`` (``sim``), else ``--backend NAME`` (``name``), else
    ``$GIGANTEN_BACKEND``, else the simulation. Raise ``BackendError`` for a backend that
    is unknown or not available yet, and for ``--sim`` together with another backend."""
    env = os.environ if environ is None else environ
    if sim and name is not None and name != SIM:
        raise BackendError(f"--sim and --backend {name} contradict each other; choose one")
    if sim:
        return SIM
    chosen = name if name is not None else (env.get(CONFIG_ENV) or SIM)
    chosen = chosen.strip().lower()
    if chosen in AVAILABLE:
        return chosen
    source = "" if name is not None else f" (from {CONFIG_ENV})"
    if chosen in PLANNED:
        raise BackendError(f"backend '{chosen}'{source} is not available yet (issue: real"
                           " reader hardware); use --sim")
    known = ", ".join([*AVAILABLE, *PLANNED])
    raise BackendError(f"unknown backend '{chosen}'{source} (backends: {known}); use --sim")


__all__ = ["AVAILABLE", "CONFIG_ENV", "PLANNED", "SIM", "BackendError", "choose_backend"]


def backend_from_config(config: Config, name: str | None = None, *, sim: bool = False,
                        environ: Mapping[str, str] | None = None) -> str:
    """The backend to use when a config file (``companion.config``) may name one.

    The command line and the environment still win (``--sim``, ``--backend NAME``,
    ``$GIGANTEN_BACKEND``, exactly as ``choose_backend``); without them the config's
    ``reader.backend`` is used, and ``Config()`` (no config file) means the simulation.
    Raise ``BackendError`` for a backend that is not available, naming the config file.
    """
    env = os.environ if environ is None else environ
    if sim or name is not None or env.get(CONFIG_ENV):
        return choose_backend(name, sim=sim, environ=env)
    try:
        return choose_backend(config.backend, environ={})
    except BackendError as err:
        where = config.source if config.source is not None else "the default config"
        raise BackendError(f"{err} (reader.backend in {where})") from None


__all__ += ["backend_from_config"]


# --- serial: section controllers over USB serial ---------------------------------------------

SERIAL = "serial"


def serial_reader(config: Config, **options: object) -> Reader:
    """The ``serial`` backend's reader for ``config`` (``[[reader.serial.tiles]]``), not yet
    opened. Raise ``BackendError`` if the config names no tile; ``open()`` then raises
    ``ReaderError`` naming the port that failed (missing, silent, another protocol
    version, a swapped cable), and nothing falls back to the simulation."""
    from hardware.serial_bus import SerialBoardReader  # pyserial only when asked for

    if not config.serial.tiles:
        where = config.source if config.source is not None else "the config"
        raise BackendError(f"backend 'serial' needs [[reader.serial.tiles]] in {where}, one"
                           " per section controller (see config.example.toml)")
    return SerialBoardReader.from_config(config, **options)


__all__ += ["SERIAL", "serial_reader"]


# --- spi: the Pi drives every MFRC522 itself, through decoders ---------------------------------

SPI = "spi"


def spi_reader(config: Config, **options: object) -> Reader:
    """The ``spi`` backend's reader for ``config`` (``[reader.spi]``), not yet opened.

    Raise ``BackendError`` if the config gives no address pins or pins that cannot reach
    every square; ``open()`` then raises ``ReaderError`` for a missing ``spidev`` or
    gpiozero, a pin another program holds, or a board where no reader answers (wiring), and
    nothing falls back to the simulation. ``options`` go to ``MatrixReader`` (``spi``,
    ``pin_factory``, ``clock``, ``sleep``: what tests inject).
    """
    from hardware.mfrc522_matrix import MatrixReader, MatrixSettings  # gpiozero only when asked

    where = config.source if config.source is not None else "the config"
    if not config.spi.address_pins:
        raise BackendError(f"backend 'spi' needs [reader.spi] address_pins in {where} (see"
                           " config.example.toml)")
    try:
        settings = MatrixSettings.from_config(config.spi)
        return MatrixReader(settings, files=config.files, ranks=config.ranks,
                            **options)  # type: ignore[arg-type]
    except ValueError as err:
        raise BackendError(f"[reader.spi] in {where}: {err}") from None


__all__ += ["SPI", "spi_reader"]


def make_reader(name: str, config: Config) -> Reader:
    """The reader of a hardware backend (``spi`` or ``serial``) for ``config``, not yet
    opened; ``BackendError`` if the config does not describe it. The simulation has no
    reader of its own here: it comes with its simulated board (``hardware.simgame``)."""
    if name == SPI:
        return spi_reader(config)
    if name == SERIAL:
        return serial_reader(config)
    raise BackendError(f"backend {name!r} has no hardware reader")


__all__ += ["make_reader"]
