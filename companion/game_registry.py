"""The stored tag registry of a game of the family other than Giganten (Strategus, Gimmel):
which enrolled tag is under which piece (``companion.identities.Identity``).

One file per game, beside Giganten's registry (``registry-strategus.json``,
``registry-gimmel.json``), written atomically with mode 0600: it is as secret as the
pieces' faces. ``enrol --sim`` writes a practice file (``sim-registry-<game>.json``),
never the real one. A file that cannot be used gives one ``GameRegistryError`` line naming
the file, the entry and what to do; nothing is half-loaded.

A builder enrols the largest set a game has (Gimmel's ``long`` variant, eight of each kind
[V1]: 48 tags); a game then plays with the pieces of its own options (``for_game``).
Enrolment itself (``Enrolment``) is pure: it is given the confirmed board and says what it
recorded or what is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from companion.game import Game, GameError
from companion.identities import Identity, full_set
from companion.reads import Uid, parse_uid
from companion.registry.figures import RegistryError
from companion.registry.store import Registry, default_path, write_private

FORMAT = "game-registry/1"
"""The ``"format"`` of a game registry file."""

ENROL_OPTIONS: dict[str, dict[str, Any]] = {"gimmel": {"variants": ["long"]}}
"""The options whose set is the largest of a game: the set a builder enrols [Gimmel V1]."""


@runtime_checkable
class EnrolledFigures(Protocol):
    """A game played with the club's enrolled figures (``companion.registry``, written by
    ``brettl enrol``: each figure an owner's colour, a kind and a number) instead of a
    registry file of its own (Giganten [F])."""

    def figure_kind(self, kind: str, options: Mapping[str, Any] | None) -> str | None:
        """The kind a figure enrolled as ``kind`` plays as under ``options``; None: it
        stays in the box. ``GameError`` (one line) for options the game refuses."""
        ...


class GameRegistryError(ValueError):
    """A registry file that cannot be used or saved: one line, naming the file."""


def registry_path(game: str, *, practice: bool = False) -> Path:
    """Where ``game``'s registry lives: beside Giganten's (``companion.registry``)."""
    prefix = "sim-registry" if practice else "registry"
    return default_path().with_name(f"{prefix}-{game}.json")


def enrol_set(game: Game) -> list[Identity]:
    """Every piece a builder enrols for ``game``: its largest set, in the standard order."""
    return full_set(game, ENROL_OPTIONS.get(game.name))


@dataclass
class GameRegistry:
    """UID -> piece for one game's physical sets; a tag is under one piece, a piece has one
    tag."""

    game: Game
    tags: dict[Uid, Identity] = field(default_factory=dict)

    @classmethod
    def of_figures(cls, game: Game, path: Path, options: Mapping[str, Any] | None = None
                   ) -> GameRegistry:
        """The club's figure registry at ``path`` (``companion.registry``, written by
        ``brettl enrol``) as the registry of ``game`` (``EnrolledFigures``) with
        ``options``: each figure under its owner's seat and the kind it plays as (Giganten's
        blank figure as the Gespenst [V3] or the Falle [V4]), the others left in the box, as
        are V9's second sets. ``GameRegistryError`` (one line, naming the file) if the file
        is unusable or the game takes no enrolled figures."""
        if not isinstance(game, EnrolledFigures):
            raise GameRegistryError(f"{game.title} is not played with the enrolled figures"
                                    f" of {path}")
        try:
            registry = Registry.load(path)
            kinds = {figure.kind: game.figure_kind(figure.kind, options)
                     for _, figure in registry.items()}
        except (RegistryError, GameError) as err:
            raise GameRegistryError(str(err)) from None
        tags: dict[Uid, Identity] = {}
        for uid, figure in registry.items():
            kind = kinds[figure.kind]
            if figure.owner in game.players and kind is not None:
                tags[uid] = Identity(game.players.index(figure.owner), kind, figure.number)
        return cls(game, tags)

    def uid_of(self, piece: Identity) -> Uid | None:
        """The tag under ``piece``, if it has one."""
        return next((uid for uid, known in self.tags.items() if known == piece), None)

    def missing(self, owner: int) -> list[Identity]:
        """The pieces of ``owner``'s set that have no tag yet, in the standard order."""
        have = set(self.tags.values())
        return [piece for piece in enrol_set(self.game)
                if piece.owner == owner and piece not in have]

    def enrol(self, uid: Uid, piece: Identity, *, replace: bool = False) -> None:
        """Record ``uid`` under ``piece``. ``GameRegistryError`` if the tag is another
        piece's, or (without ``replace``) the piece has another tag already."""
        known = self.tags.get(uid)
        if known is not None and known != piece:
            raise GameRegistryError(f"tag {uid} is already {known.describe(self.game)}'s:"
                                    " take it off and put down the piece asked for")
        held = self.uid_of(piece)
        if held is not None and held != uid:
            if not replace:
                raise GameRegistryError(f"{piece.describe(self.game)} has tag {held}"
                                        " already; re-enrol it with --replace")
            del self.tags[held]
        self.tags[uid] = piece

    def for_game(self, options: Mapping[str, Any] | None = None) -> dict[Uid, Identity]:
        """The tags of the pieces a game with ``options`` plays with; ``GameRegistryError``
        naming the first piece without a tag."""
        wanted = full_set(self.game, options)
        chosen = {uid: piece for uid, piece in self.tags.items() if piece in set(wanted)}
        if len(chosen) < len(wanted):
            first = next(p for p in wanted if p not in set(chosen.values()))
            count = len(wanted) - len(chosen)
            raise GameRegistryError(
                f"{count} of the {len(wanted)} pieces have no tag (first:"
                f" {first.describe(self.game)}); enrol them: brettl enrol --game"
                f" {self.game.name} --owner {self.game.players[first.owner]}")
        return chosen

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object."""
        return {"format": FORMAT, "game": self.game.name,
                "tags": [{"uid": uid, "owner": self.game.players[piece.owner],
                          "kind": piece.kind, "number": piece.number}
                         for uid, piece in sorted(self.tags.items(), key=lambda i: i[1])]}

    def save(self, path: Path) -> None:
        """Write the registry atomically, mode 0600; ``GameRegistryError`` on failure (the
        old file is then unchanged)."""
        try:
            write_private(path, json.dumps(self.to_json(), indent=2) + "\n")
        except OSError as err:
            raise GameRegistryError(f"cannot save the registry to {path}:"
                                    f" {err.strerror or err}; the old file is unchanged"
                                    ) from err

    @classmethod
    def load(cls, game: Game, path: Path, *, missing_ok: bool = False) -> GameRegistry:
        """Read ``game``'s registry from ``path`` (empty if absent and ``missing_ok``)."""
        try:
            data = json.loads(path.read_bytes().decode("utf-8"))
        except FileNotFoundError:
            if missing_ok:
                return cls(game)
            raise GameRegistryError(f"{path}: no registry there; enrol the pieces first:"
                                    f" brettl enrol --game {game.name} --owner"
                                    f" {game.players[0]}") from None
        except OSError as err:
            raise GameRegistryError(f"cannot read {path}: {err.strerror or err}") from None
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise GameRegistryError(f"{path}: not a registry (not JSON text); enrol again"
                                    " or restore a copy") from None
        return cls.from_json(game, data, str(path))

    @classmethod
    def from_json(cls, game: Game, data: Any, source: str) -> GameRegistry:
        """Build a registry from the object of ``to_json``; errors name ``source``."""
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or data.get("game") != game.name or not isinstance(data.get("tags"), list):
            raise GameRegistryError(f"{source}: not a {game.title} registry (expected"
                                    f" \"format\": \"{FORMAT}\", \"game\": \"{game.name}\""
                                    " and a list of \"tags\")")
        registry = cls(game)
        pieces = set(enrol_set(game))
        for number, entry in enumerate(data["tags"], 1):
            uid, piece = _entry(game, entry, f"{source}: entry {number}")
            if piece not in pieces:
                raise GameRegistryError(f"{source}: entry {number}: {game.title} has no"
                                        f" {piece.describe(game)}")
            if uid in registry.tags or registry.uid_of(piece) is not None:
                raise GameRegistryError(f"{source}: entry {number}: tag {uid} or"
                                        f" {piece.describe(game)} is listed twice")
            registry.tags[uid] = piece
        return registry


def _entry(game: Game, entry: Any, where: str) -> tuple[Uid, Identity]:
    """One ``{"uid", "owner", "kind", "number"}`` entry, checked."""
    if not isinstance(entry, dict) or set(entry) != {"uid", "owner", "kind", "number"}:
        raise GameRegistryError(f"{where}: expected an object with uid, owner, kind, number")
    uid, owner, kind, number = entry["uid"], entry["owner"], entry["kind"], entry["number"]
    if not isinstance(uid, str) or owner not in game.players or not isinstance(kind, str) \
            or type(number) is not int:
        raise GameRegistryError(f"{where}: uid and kind are strings, owner one of"
                                f" {', '.join(game.players)}, number a whole number")
    try:
        return parse_uid(uid), Identity(game.players.index(owner), kind, number)
    except ValueError as err:
        raise GameRegistryError(f"{where}: {err}") from None


__all__ = ["ENROL_OPTIONS", "FORMAT", "GameRegistry", "GameRegistryError", "enrol_set",
           "registry_path"]


# --- enrolment: what the confirmed board means --------------------------------------------


def standard_layout(game: Game, owner: int) -> dict[int, Identity]:
    """Where ``owner``'s whole set goes for ``--layout``: its setup zone in square order
    (Strategus), or, for a game without one (Gimmel), the owner's side of the board filled
    from its own edge (the first player from a1, the second from the last square)."""
    pieces = [piece for piece in enrol_set(game) if piece.owner == owner]
    zone = sorted(game.setup_zone(owner, ENROL_OPTIONS.get(game.name)))
    size = game.geometry(ENROL_OPTIONS.get(game.name)).size
    if len(zone) < len(pieces):
        zone = list(range(size)) if owner == 0 else list(range(size - 1, -1, -1))
    if len(zone) < len(pieces):
        raise GameError(f"{len(pieces)} pieces do not fit on the {size} squares")
    return dict(zip(zone, pieces, strict=False))


class Enrolment:
    """Enrolling ``game``'s pieces from the confirmed board: one by one (``pieces``, the next
    one named by ``prompt``: the tag that comes down is its tag) or a whole ``layout`` at
    once (every square of it holding a tag). ``see`` takes each confirmed board and returns
    the lines to print; the registry is changed only by a good enrolment."""

    def __init__(self, registry: GameRegistry, pieces: list[Identity] | None = None, *,
                 layout: Mapping[int, Identity] | None = None, replace: bool = False,
                 on_board: Mapping[int, Uid] | None = None) -> None:
        self.registry = registry
        self.pieces = list(pieces or [])
        self.layout = dict(layout or {})
        self.replace = replace
        self.known = set((on_board or {}).values())
        """The tags on the board already: only a tag that comes down is enrolled."""
        self.done = False if self.layout else not self.pieces

    def prompt(self) -> str:
        """What to do next."""
        game = self.registry.game
        if self.layout:
            names = game.geometry(ENROL_OPTIONS.get(game.name))
            return "Lay out the set, then wait: " + ", ".join(
                f"{names.name(sq)} {piece.kind} #{piece.number}"
                for sq, piece in sorted(self.layout.items()))
        if not self.pieces:
            return "Every piece asked for has a tag."
        piece = self.pieces[0]
        return (f"Put down {piece.describe(game)} ({len(self.pieces)} to go; skip to leave"
                " it for later)")

    def skip(self) -> str:
        """Leave the next piece for later (``--missing`` lists it)."""
        if self.pieces:
            self.pieces.append(self.pieces.pop(0))
        return self.prompt()

    def see(self, tags: Mapping[int, Uid]) -> list[str]:
        """The board as confirmed now: enrol what it shows, say what is wrong."""
        if self.done:
            return []
        if self.layout:
            return self._see_layout(tags)
        new = sorted(uid for uid in tags.values() if uid not in self.known)
        self.known = set(tags.values())
        if not new:
            return []
        if len(new) > 1:
            return [f"! {len(new)} new tags at once: take them off and put the pieces down"
                    " one at a time"]
        piece = self.pieces[0]
        try:
            self.registry.enrol(new[0], piece, replace=self.replace)
        except GameRegistryError as err:
            return [f"! {err}"]
        self.pieces.pop(0)
        self.done = not self.pieces
        return [f"Recorded: {piece.describe(self.registry.game)} is tag {new[0]}.",
                self.prompt()]

    def _see_layout(self, tags: Mapping[int, Uid]) -> list[str]:
        if not all(square in tags for square in self.layout):
            return []
        uids = [tags[square] for square in sorted(self.layout)]
        if len(set(uids)) < len(uids):
            return ["! one tag on several squares: the reader board sees crosstalk or a"
                    " doubled tag; check those squares"]
        trial = GameRegistry(self.registry.game, dict(self.registry.tags))
        try:
            for square, piece in sorted(self.layout.items()):
                trial.enrol(tags[square], piece, replace=self.replace)
        except GameRegistryError as err:
            return [f"! {err}; nothing of the layout was recorded"]
        self.registry.tags = trial.tags
        self.done = True
        return [f"Recorded the {len(self.layout)} pieces of the layout."]


__all__ += ["Enrolment", "standard_layout"]
