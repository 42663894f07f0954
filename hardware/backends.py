"""Choosing a reader backend by name (``--sim``, ``--backend NAME``, ``GIGANTEN_BACKEND``).

Only the simulation exists so far. The backends of the design (``spi``: MFRC522 readers
on the Pi's SPI bus; ``serial``: section controllers over USB serial) are known by name so
that asking for one says clearly that it is not there yet. A backend that was asked for
and is not available is an error, never a silent fall-back to the simulation: a referee
that believes it reads the real board while it reads an empty simulated one would be
worse than none.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

SIM = "sim"
AVAILABLE: tuple[str, ...] = (SIM,)
"""Backends that can be used now."""

PLANNED: dict[str, str] = {
    "spi": "MFRC522 readers on the Pi's SPI bus",
    "serial": "section controllers reporting over USB serial",
}
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
