"""Which tag is under which piece, for any game of the family (``companion.game``).

A tag carries nothing but its UID; what it means lives in a map UID -> ``Identity``: the
owner's index, the game's kind id and the piece's number among its owner's pieces of that
kind. The map is as secret as the pieces' faces: it is never shown to an audience (only
``companion.views`` and ``companion.views.games`` say what an audience sees).

``sim_identities`` is the registry of a simulated set of any game: its UIDs are drawn
from the OS for each game (``os.urandom``), so a tag id says nothing of its piece, not even
to someone who knows how the simulation works. The game's log keeps the map (its header's
``"tags"``, secret like the setups), which is how a resumed game knows them again. A real
set is enrolled from its tags (``companion.registry`` for Giganten,
``companion.game_registry`` for the other games).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.game import Game, GameError, seated
from companion.reads import Uid, parse_uid


@dataclass(frozen=True, order=True, slots=True)
class Identity:
    """One physical piece: ``Identity(1, "hare", 2)`` is the second player's second hare."""

    owner: int
    kind: str
    number: int = 1

    def describe(self, game: Game) -> str:
        """``red hare #2``: for the piece's owner or the arbiter only (it names the kind)."""
        return f"{game.players[self.owner]} {self.kind} #{self.number}"


Entropy = Callable[[int], bytes]
"""``os.urandom``, or a test's seeded stand-in: where the simulated tag ids come from."""

SIM_PREFIX = "5A"
"""The first byte of every simulated UID: it tells a simulated tag from a real one (NXP's
are ``04``), nothing more."""


def sim_uid(entropy: Entropy = os.urandom) -> Uid:
    """A fresh 7-byte UID for a simulated piece: ``SIM_PREFIX`` and six bytes from
    ``entropy``. Its fourth byte is never 0x88 (the cascade tag, ISO/IEC 14443-3): no real
    7-byte tag has one there, and the emulated MFRC522 chips refuse it, so such a draw is
    drawn again."""
    while True:
        raw = entropy(6)
        if raw[2] != 0x88:
            return parse_uid(SIM_PREFIX + raw.hex())


def full_set(game: Game, options: Mapping[str, Any] | None = None) -> list[Identity]:
    """Every piece of every player's standard set, in turn order, then the kinds' order."""
    game = seated(game, options)  # every player the options seat [Giganten V9]
    return [Identity(owner, kind.id, number)
            for owner in range(len(game.players))
            for kind in game.kinds(options)
            for number in range(1, kind.count + 1)]


def sim_identities(game: Game, options: Mapping[str, Any] | None = None, *,
                   entropy: Entropy = os.urandom) -> dict[Uid, Identity]:
    """The registry of a new simulated set of ``game``: a fresh UID from ``entropy`` (the
    OS unless a test passes its own) for every piece. Two calls give two different sets."""
    uids: dict[Uid, Identity] = {}
    for piece in full_set(game, options):
        uid = sim_uid(entropy)
        while uid in uids:  # 48 random bits: a repeat is all but impossible, but harmless
            uid = sim_uid(entropy)
        uids[uid] = piece
    return uids


def uid_of(identities: Mapping[Uid, Identity], piece: Identity) -> Uid:
    """The UID of ``piece`` in ``identities``; ``GameError`` if the set has no such piece."""
    for uid, known in identities.items():
        if known == piece:
            return uid
    raise GameError(f"the set has no piece #{piece.number} of that kind")


def check_identities(game: Game, identities: Mapping[Uid, Identity],
                     options: Mapping[str, Any] | None = None) -> None:
    """Refuse (``GameError``, one line) a registry naming an unknown owner or kind."""
    kinds = {kind.id for kind in game.kinds(options)}
    game = seated(game, options)
    for uid, piece in identities.items():
        if not 0 <= piece.owner < len(game.players) or piece.kind not in kinds:
            raise GameError(f"tag {uid} names no piece of {game.title}: enrol it again")
