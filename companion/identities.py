"""Which tag is under which piece, for any game of the family (``companion.game``).

A tag carries nothing but its UID; what it means lives in a map UID -> ``Identity``: the
owner's index, the game's kind id and the piece's number among its owner's pieces of that
kind. The map is as secret as the pieces' faces: it is never shown to an audience (only
``companion.views`` and ``companion.views.games`` say what an audience sees).

``sim_identities`` is the registry of a simulated set of any game: its UIDs are derived
from ``(game, owner, kind, number)``, so a simulated board, a test and a resumed session
agree on them without a file. They are public knowledge, which is fine for a simulation
and only there: a real set is enrolled from its tags (``companion.registry`` for Giganten,
``companion.game_registry`` for the other games).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
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


def sim_uid(game: str, owner: int, kind: str, number: int) -> Uid:
    """The 7-byte UID of a simulated piece, derived from what it is (public: simulation only).

    Its fourth byte is never 0x88 (the cascade tag, ISO/IEC 14443-3): no real 7-byte tag
    has one there, and the emulated MFRC522 chips refuse it, so such a digest is skipped."""
    digest = hashlib.sha256(f"sim/{game}/{owner}/{kind}/{number}".encode()).hexdigest()
    while digest[4:6].upper() == "88":  # the UID's byte 3: "5A" + digest[0:6]
        digest = hashlib.sha256(digest.encode()).hexdigest()
    return parse_uid("5A" + digest[:12])


def full_set(game: Game, options: Mapping[str, Any] | None = None) -> list[Identity]:
    """Every piece of every player's standard set, in turn order, then the kinds' order."""
    game = seated(game, options)  # every player the options seat [Giganten V9]
    return [Identity(owner, kind.id, number)
            for owner in range(len(game.players))
            for kind in game.kinds(options)
            for number in range(1, kind.count + 1)]


def sim_identities(game: Game, options: Mapping[str, Any] | None = None) -> dict[Uid, Identity]:
    """The registry of a simulated set of ``game``: UID -> identity for every piece."""
    return {sim_uid(game.name, piece.owner, piece.kind, piece.number): piece
            for piece in full_set(game, options)}


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
