"""Giganten's simulated figure sets: every figure with a fixed tag UID, enrolled in a
``Registry`` (the figures the simulated board plays with when no registry is enrolled)."""

from __future__ import annotations

import hashlib

from companion.reads import Uid
from companion.registry import Figure, Registry, full_set


def sim_uid(figure: Figure) -> Uid:
    """A fixed 7-byte UID for a figure of the simulated sets (NXP's 04 prefix, like NTAG)."""
    digest = hashlib.sha256(f"{figure.owner}/{figure.kind}/{figure.number}".encode())
    return "04" + digest.hexdigest()[:12].upper()


def sim_registry(owners: tuple[str, ...] = ("yellow", "orange")) -> Registry:
    """Every figure of the named sets enrolled with its ``sim_uid``."""
    registry = Registry()
    for owner in owners:
        for figure in full_set(owner):
            registry.enrol(sim_uid(figure), figure)
    return registry


__all__ = ["sim_registry", "sim_uid"]
