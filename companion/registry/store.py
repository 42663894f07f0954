"""The registry itself: the map from tag UID to figure, and its file on the Pi.

``Registry`` keeps a tag under at most one figure and a figure with at most one tag;
``save`` writes it atomically with mode 0600 (it is as secret as the figures' faces),
``load`` reads it back, checked entry by entry, and ``default_path`` says where it lives.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.reads import Uid, parse_uid
from companion.registry.figures import PLAYER_NAMES, Figure, RegistryError, full_set

FORMAT = "giganten-registry/1"
"""The ``"format"`` of a registry file; a later, incompatible layout gets a new number."""

HOME_ENV = "GIGANTEN_HOME"
"""Environment variable naming the directory that holds the companion's own files."""


def default_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the registry lives: ``$GIGANTEN_HOME/registry.json`` if that is set, else
    ``$XDG_DATA_HOME/giganten/registry.json``, else ``~/.local/share/giganten/registry.json``.

    ``environ`` defaults to ``os.environ``. A relative ``XDG_DATA_HOME`` is ignored, as the
    XDG spec asks.
    """
    env = os.environ if environ is None else environ
    if env.get(HOME_ENV):
        return Path(env[HOME_ENV]).expanduser() / "registry.json"
    data = env.get("XDG_DATA_HOME", "")
    base = Path(data) if data and Path(data).is_absolute() else Path.home() / ".local/share"
    return base / "giganten" / "registry.json"


class Registry:
    """The map from tag UID to figure, kept on the Pi.

    A tag is enrolled to at most one figure and a figure has at most one tag; every way of
    changing the map keeps both true. ``repr`` shows only the size, so that a stray log
    line never prints the secret map.
    """

    def __init__(self, entries: Mapping[Uid, Figure] | None = None) -> None:
        """A registry holding ``entries`` (checked as ``enrol`` checks them)."""
        self._figure_of: dict[Uid, Figure] = {}
        self._uid_of: dict[Figure, Uid] = {}
        for uid, figure in (entries or {}).items():
            self.enrol(uid, figure)

    def __len__(self) -> int:
        return len(self._figure_of)

    def __contains__(self, uid: object) -> bool:
        return uid in self._figure_of

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Registry):
            return NotImplemented
        return self._figure_of == other._figure_of

    __hash__ = None  # type: ignore[assignment]  # mutable, so unhashable

    def __repr__(self) -> str:
        return f"<Registry: {len(self)} tags>"

    def lookup(self, uid: Uid) -> Figure | None:
        """The figure whose tag has this UID, or None if it is not enrolled."""
        return self._figure_of.get(uid)

    def uid_of(self, figure: Figure) -> Uid | None:
        """The UID of the figure's tag, or None if it has none."""
        return self._uid_of.get(figure)

    def items(self) -> list[tuple[Uid, Figure]]:
        """Every ``(uid, figure)``, ordered by seat and by the table of rules section F."""
        return sorted(self._figure_of.items(), key=lambda item: item[1].sort_key)

    def as_dict(self) -> dict[Uid, Figure]:
        """A copy of the map."""
        return dict(self._figure_of)

    def copy(self) -> Registry:
        """An independent copy (enrolment tries changes on a copy first)."""
        twin = Registry()
        twin._figure_of = dict(self._figure_of)
        twin._uid_of = dict(self._uid_of)
        return twin

    def _adopt(self, other: Registry) -> None:
        """Take over ``other``'s map in one step (after trying changes on a copy)."""
        self._figure_of, self._uid_of = other._figure_of, other._uid_of

    def enrol(self, uid: Uid, figure: Figure, *, replace: bool = False) -> Uid | None:
        """Record that the tag ``uid`` is under ``figure``.

        Enrolling a figure to the tag it already has changes nothing. A UID already recorded
        for another figure raises ``RegistryError`` naming both. A figure that already has
        another tag raises too, unless ``replace`` (the figure got a new tag): then its old
        UID is forgotten and returned. ``uid`` is normalised; a malformed one raises.
        """
        try:
            uid = parse_uid(uid)
        except ValueError as err:
            raise RegistryError(str(err)) from None
        holder = self._figure_of.get(uid)
        if holder == figure:
            return None
        if holder is not None:
            raise RegistryError(f"tag {uid} is already {holder}; take that tag off or"
                                f" re-enrol {holder} first (cannot enrol it as {figure})")
        old = self._uid_of.get(figure)
        if old is not None and not replace:
            raise RegistryError(f"{figure} already has tag {old}; to give it the new tag"
                                f" {uid}, re-enrol {figure}")
        if old is not None:
            del self._figure_of[old]
        self._figure_of[uid] = figure
        self._uid_of[figure] = uid
        return old

    def forget(self, figure: Figure) -> Uid | None:
        """Drop the figure's tag from the map; return the UID forgotten (None if it had none)."""
        uid = self._uid_of.pop(figure, None)
        if uid is not None:
            del self._figure_of[uid]
        return uid

    def missing(self, owner: str) -> list[Figure]:
        """The figures of ``owner``'s set that have no tag yet, in the order of the table."""
        return [figure for figure in full_set(owner) if figure not in self._uid_of]

    def owners(self) -> list[str]:
        """The owners with at least one figure enrolled, in seat order."""
        present = {figure.owner for figure in self._uid_of}
        return [name for name in PLAYER_NAMES if name in present]

    # --- the file -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The registry as the JSON object that ``save`` writes::

            {"format": "giganten-registry/1",
             "tags": [{"uid": "04A1B2C3", "owner": "yellow", "kind": "tri", "number": 2}, …]}

        Entries are ordered by seat and by the table of rules section F.
        """
        return {"format": FORMAT,
                "tags": [{"uid": uid, "owner": figure.owner, "kind": figure.kind,
                          "number": figure.number} for uid, figure in self.items()]}

    def save(self, path: str | Path) -> None:
        """Write the registry to ``path`` so that a crash never leaves half a file.

        The JSON goes to a temporary file in the same directory (mode 0600), is flushed to
        disk, and is renamed over ``path`` in one step; the directory is created with mode
        0700 if it does not exist. On failure the old file is untouched, the temporary file
        is removed and ``RegistryError`` names the file and the cause.
        """
        path = Path(path)
        text = json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        try:
            write_private(path, text)
        except OSError as err:
            raise RegistryError(f"cannot save the registry to {path}:"
                                f" {err.strerror or err}; the old file is unchanged") from err

    @classmethod
    def load(cls, path: str | Path, *, missing_ok: bool = False) -> Registry:
        """Read a registry that ``save`` wrote.

        A file that does not exist is an empty registry if ``missing_ok``, else an error.
        A file that is not JSON, not this format, or holds a bad entry (an unknown owner or
        kind, a bad number or UID, a UID or a figure twice) raises ``RegistryError`` naming
        the file, the entry and what is wrong; nothing is half-loaded.
        """
        path = Path(path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            if missing_ok:
                return cls()
            raise RegistryError(f"{path}: no registry file there; enrol the figures first"
                                " (or point GIGANTEN_HOME at the right directory)") from None
        except OSError as err:
            raise RegistryError(f"cannot read the registry {path}:"
                                f" {err.strerror or err}") from None
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise RegistryError(f"{path}: not a registry (the file is not UTF-8 text)") from None
        except json.JSONDecodeError as err:
            raise RegistryError(f"{path}: not valid JSON (line {err.lineno}, column"
                                f" {err.colno}: {err.msg})") from None
        except RecursionError:
            raise RegistryError(f"{path}: not a registry (JSON nested too deeply)") from None
        return cls.from_json(data, source=str(path))

    @classmethod
    def from_json(cls, data: Any, source: str = "registry") -> Registry:
        """Build a registry from the JSON object of ``to_json``; errors name ``source``."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            found = data.get("format") if isinstance(data, dict) else None
            hint = f" (it says {found!r})" if isinstance(found, str) else ""
            raise RegistryError(f"{source}: not a Giganten registry{hint}; expected"
                                f" \"format\": \"{FORMAT}\"")
        extra = sorted(set(data) - {"format", "tags"})
        if extra:
            raise RegistryError(f"{source}: unknown field(s) {', '.join(extra)}")
        tags = data.get("tags")
        if not isinstance(tags, list):
            raise RegistryError(f"{source}: \"tags\" must be a list of"
                                " {\"uid\", \"owner\", \"kind\", \"number\"} entries")
        registry = cls()
        seen: dict[Uid, int] = {}
        for number, entry in enumerate(tags, 1):
            uid, figure = _entry(entry, f"{source}: entry {number}")
            if uid in seen:
                raise RegistryError(f"{source}: entry {number}: tag {uid} is listed twice"
                                    f" (entries {seen[uid]} and {number}); a tag is under"
                                    " one figure only")
            held = registry.uid_of(figure)
            if held is not None:
                raise RegistryError(f"{source}: entry {number} (tag {uid}): {figure} is"
                                    f" listed twice (also with tag {held}, entry"
                                    f" {seen[held]}); a figure has one tag")
            seen[uid] = number
            registry.enrol(uid, figure)
        return registry


def _entry(entry: Any, where: str) -> tuple[Uid, Figure]:
    """One ``{"uid", "owner", "kind", "number"}`` entry of a registry file, checked."""
    fields = {"uid", "owner", "kind", "number"}
    if not isinstance(entry, dict):
        raise RegistryError(f"{where}: expected an object with {', '.join(sorted(fields))}")
    missing = sorted(fields - set(entry))
    extra = sorted(set(entry) - fields)
    if missing or extra:
        problem = (f"missing {', '.join(missing)}" if missing
                   else f"unknown field(s) {', '.join(extra)}")
        raise RegistryError(f"{where}: {problem}")
    raw_uid = entry["uid"]
    if not isinstance(raw_uid, str):
        raise RegistryError(f"{where}: \"uid\" must be a string of hex digits")
    try:
        uid = parse_uid(raw_uid)
    except ValueError as err:
        raise RegistryError(f"{where}: {err}") from None
    owner, kind, number = entry["owner"], entry["kind"], entry["number"]
    if not isinstance(owner, str) or not isinstance(kind, str):
        raise RegistryError(f"{where} (tag {uid}): \"owner\" and \"kind\" must be strings")
    try:
        figure = Figure(owner, kind, number)
    except ValueError as err:
        raise RegistryError(f"{where} (tag {uid}): {err}") from None
    return uid, figure


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically with mode 0600 (a registry is as secret as the
    pieces' faces): a temporary file in the same directory, flushed, renamed over ``path``;
    the directory is created 0700 if need be. On ``OSError`` the old file is untouched and
    the temporary file is gone."""
    temporary: str | None = None
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        # mkstemp creates the file 0600 already; fchmod says so explicitly and holds
        # even if a platform's mkstemp differed. A unique name keeps two saves apart.
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                                 dir=path.parent)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            os.fchmod(out.fileno(), 0o600)
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        temporary = None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Flush a rename to disk. Best effort: some file systems cannot sync a directory, and by
    now the new file is in place either way."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        descriptor = os.open(directory, flags)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
