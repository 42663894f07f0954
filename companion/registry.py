"""Which tag is under which figure: enrolment and the registry kept on the Pi.

Every figure stands on an NFC tag, and a tag carries nothing but its UID: nothing is ever
written to a tag, so a player holding an NFC phone to a figure learns only a number. What
that number means lives here, in the *registry*: the map from tag UID to figure
("04A1B2C3 is Yellow Tri #2"). The registry file is therefore as secret as the figures'
faces (design: threat model). It is written with mode 0600 in a directory made 0700, so
only the account the companion runs as can read it; never copy it where players can.

Enrolment fills the registry from what the board's readers see, in one of two ways:

- ``OneByOne``: the screen names a figure, the owner puts it on any square, its tag is
  recorded, and the screen names the next one. Re-enrolling one figure that got a new tag
  is the same with a list of one figure and ``replace=True``.
- ``standard_layout`` + ``enrol_layout``: the owner lays out a whole set in a fixed
  pattern and every tag is recorded at once, or, if anything is wrong, none is.

``identify`` turns a board snapshot into figures by square, for the game itself. Its
messages never name a figure, because during a game they may reach a screen everyone sees.

Everything here is pure and synchronous except ``Registry.save``/``Registry.load``, which
read and write the one file.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from companion.games.giganten.board import Board
from companion.games.giganten.figures import KINDS
from companion.games.giganten.ruleset import FOUR_PLAYERS, RuleSet
from companion.reads import Uid, parse_uid

FORMAT = "giganten-registry/1"
"""The ``"format"`` of a registry file; a later, incompatible layout gets a new number."""

HOME_ENV = "GIGANTEN_HOME"
"""Environment variable naming the directory that holds the companion's own files."""

BLANK = "blank"
"""The kind id of the 25th, blank figure [F]. It is one physical figure whatever it plays
as (the ghost ``gespenst`` in V3, the trap ``falle`` in V4), so it is enrolled as itself."""

SET_KINDS: tuple[tuple[str, int], ...] = (
    *((info.id, info.count) for info in KINDS if info.count),
    (BLANK, 1),
)
"""The 25 figures of one physical set as ``(kind id, count)``, in the order of the table of
rules section F: the 24 of the standard game, then the blank figure."""

assert sum(count for _, count in SET_KINDS) == 25

PLAYER_NAMES: tuple[str, ...] = tuple(player.name for player in FOUR_PLAYERS)
"""Every owner a figure can have: ``yellow``, ``orange`` and, with V9, ``yellow2``,
``orange2`` (each of the four players of V9 plays a full set of their own)."""

_COUNT: dict[str, int] = dict(SET_KINDS)
_KIND_ORDER: dict[str, int] = {kind: index for index, (kind, _) in enumerate(SET_KINDS)}
_ALIASES: dict[str, str] = {"gespenst": BLANK, "falle": BLANK}
"""Names the blank figure is also known by (the kinds it plays as)."""

Level = Literal["info", "error"]


class RegistryError(ValueError):
    """A registry or an enrolment that would break the map: the text says what and how to fix
    it. Errors about a file name the file and the entry."""


def kind_name(kind: str) -> str:
    """How a kind reads on screen: ``tri`` -> ``Tri``, ``tyra1`` -> ``Tyra 1``,
    ``deino6`` -> ``Deino 6``, ``blank`` -> ``Blank``."""
    match = re.fullmatch(r"([a-z]+)(\d*)", kind)
    if not match:
        return kind
    word, digits = match.groups()
    return f"{word.capitalize()} {digits}" if digits else word.capitalize()


@dataclass(frozen=True, order=True)
class Figure:
    """One physical figure of one player's set: ``Figure("yellow", "tri", 2)`` is Yellow's
    second Tri. Figures of a kind the set holds once have number 1.

    The ordering is the dataclass's (owner, kind, number) and only makes sorting
    deterministic; ``sort_key`` orders by seat and by the table of rules section F.
    """

    owner: str
    """The player whose set it belongs to: ``yellow``, ``orange``, ``yellow2``, ``orange2``."""
    kind: str
    """A kind id of rules section F with a count (``tri``, ``tyra1`` …) or ``blank``."""
    number: int = 1
    """1-based among the owner's figures of this kind."""

    def __post_init__(self) -> None:
        if self.owner not in PLAYER_NAMES:
            raise ValueError(f"unknown owner {self.owner!r} (owners are: "
                             f"{', '.join(PLAYER_NAMES)})")
        if self.kind not in _COUNT:
            raise ValueError(f"unknown kind {self.kind!r} (the kinds of a set are: "
                             f"{', '.join(kind for kind, _ in SET_KINDS)})")
        count = _COUNT[self.kind]
        # bool is an int in Python; True would otherwise pass as figure #1.
        if type(self.number) is not int or not 1 <= self.number <= count:
            have = f"#1–#{count}" if count > 1 else "only one, without a number"
            raise ValueError(f"a set has {count} {kind_name(self.kind)} ({have});"
                             f" there is no number {self.number!r}")

    @property
    def name(self) -> str:
        """The figure as the screen names it: ``Yellow Tri #2``, ``Orange Nest``,
        ``Yellow Tyra 1`` (a kind the set holds once has no number)."""
        base = f"{self.owner.capitalize()} {kind_name(self.kind)}"
        return f"{base} #{self.number}" if _COUNT[self.kind] > 1 else base

    def __str__(self) -> str:
        return self.name

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Order of seats (Yellow, Orange, Yellow 2, Orange 2), then of the table in F."""
        return PLAYER_NAMES.index(self.owner), _KIND_ORDER[self.kind], self.number

    def kind_in_game(self, rules: RuleSet) -> str | None:
        """The kind id this figure plays as under ``rules``: its own kind, except that the
        blank figure is the ``gespenst`` with V3, the ``falle`` with V4 and stays in the box
        (None) otherwise [F, V3, V4]."""
        if self.kind != BLANK:
            return self.kind
        if rules.has("V3"):
            return "gespenst"
        if rules.has("V4"):
            return "falle"
        return None

    @classmethod
    def parse(cls, text: str) -> Figure:
        """Read a figure as people write it: ``yellow tri 2``, ``Yellow Tri #2``,
        ``orange nest``, ``Yellow Tyra 1``, ``yellow deino7``, ``orange blank`` (or the
        blank figure's game names ``gespenst``/``falle``). Case and ``#`` do not matter.

        Raise ``ValueError`` naming the text and what is wrong.
        """
        words = text.replace("#", " ").lower().split() if isinstance(text, str) else []
        if len(words) < 2:
            raise ValueError(f"{text!r} is not a figure (expected an owner and a kind,"
                             " like 'yellow tri 2' or 'orange nest')")
        owner, rest = words[0], "".join(words[1:])
        if owner not in PLAYER_NAMES:
            raise ValueError(f"{text!r}: unknown owner {owner!r} (owners are:"
                             f" {', '.join(PLAYER_NAMES)})")
        # Spaces are gone, so "tyra 1" and "tyra1" read alike; a kind the set holds once
        # is tried whole first, then trailing digits are taken as the number.
        kind = _ALIASES.get(rest, rest)
        if kind in _COUNT:
            if _COUNT[kind] > 1:
                raise ValueError(f"{text!r}: which {kind_name(kind)}? A set has"
                                 f" {_COUNT[kind]}: say {kind_name(kind)} #1 to"
                                 f" #{_COUNT[kind]}")
            return cls(owner, kind, 1)
        for cut in range(len(rest) - 1, 0, -1):
            head, digits = rest[:cut], rest[cut:]
            if not digits.isdigit():
                break
            head = _ALIASES.get(head, head)
            if head in _COUNT:
                try:
                    return cls(owner, head, int(digits))
                except ValueError as err:
                    raise ValueError(f"{text!r}: {err}") from None
        known = ", ".join(kind_name(kind) for kind, _ in SET_KINDS)
        raise ValueError(f"{text!r}: unknown kind {' '.join(words[1:])!r} (kinds are: {known})")


def full_set(owner: str) -> list[Figure]:
    """The 25 figures of ``owner``'s set in the order of the table of rules section F
    (Tyra 1, Tyra 2, Tri #1–#3, …, Culak, Blank); ``ValueError`` for an unknown owner."""
    return [Figure(owner, kind, number)
            for kind, count in SET_KINDS for number in range(1, count + 1)]


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
        except OSError as err:
            raise RegistryError(f"cannot save the registry to {path}:"
                                f" {err.strerror or err}; the old file is unchanged") from err
        finally:
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
        _sync_directory(path.parent)

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


# --- enrolment --------------------------------------------------------------------------

@dataclass(frozen=True)
class Message:
    """Something to tell the person at the board. ``square`` is where it happened, if on one
    square (for highlighting it)."""

    level: Level
    text: str
    square: int | None = None


STANDARD_BOARD = Board(14, 14)
"""The board used to name squares when none is given: the 14 × 14 board of B1."""


def _squares_by_uid(tags: Mapping[int, Uid]) -> dict[Uid, list[int]]:
    """Group a snapshot by UID; the squares of each UID in order."""
    found: dict[Uid, list[int]] = {}
    for square in sorted(tags):
        found.setdefault(tags[square], []).append(square)
    return found


def _names(board: Board, squares: Iterable[int]) -> str:
    names = [board.name(sq) for sq in squares]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _duplicate(board: Board, uid: Uid, squares: Sequence[int]) -> Message:
    return Message("error", f"The tag {uid} is seen on {_names(board, squares)}: two tags"
                            " with one UID, or one figure read twice; take one off",
                   squares[0])


def identify(registry: Registry, tags: Mapping[int, Uid], *, board: Board | None = None,
             ) -> tuple[dict[int, Figure], list[Message]]:
    """The figures on the board, by square, and a message for every tag that does not name
    one: an unknown tag, or a UID seen on two squares (then neither square counts, since
    nothing says which holds the figure).

    The messages never name a figure: during a game they may be shown to everyone.
    ``board`` names the squares (default: the 14 × 14 board; pass the game's board when it
    is another size, V1 and V9).
    """
    board = board or STANDARD_BOARD
    figures: dict[int, Figure] = {}
    messages: list[Message] = []
    for uid, squares in _squares_by_uid(tags).items():
        if len(squares) > 1:
            messages.append(_duplicate(board, uid, squares))
            continue
        figure = registry.lookup(uid)
        if figure is None:
            messages.append(Message("error", f"Unknown tag on {board.name(squares[0])}:"
                                             " enrol it or take it off the board", squares[0]))
        else:
            figures[squares[0]] = figure
    messages.sort(key=lambda m: m.square if m.square is not None else -1)
    return figures, messages


class OneByOne:
    """Enrol figures one at a time: the screen names a figure, the owner puts it down on any
    square, the new tag is recorded for it, and the screen names the next.

    Feed it every board snapshot with ``see``. Only a UID that was not on the board at the
    previous snapshot counts as put down, so figures may stay on the board or be lifted off
    freely. Two new tags at once are refused (which is which?), and so is a tag that is
    another figure's; a UID seen twice is reported. ``replace=True`` re-enrols figures that
    got new tags (their old UIDs are forgotten). Putting back a figure enrolled earlier in
    this same run is only an ``info``: it is a slip, not a conflict.
    """

    def __init__(self, registry: Registry, figures: Sequence[Figure], *, replace: bool = False,
                 board: Board | None = None, on_board: Mapping[int, Uid] | None = None) -> None:
        """Enrol ``figures`` in order into ``registry``.

        ``on_board`` are tags already on the board when enrolment starts; they are not new.
        ``board`` names the squares in messages (default: the 14 × 14 board).
        """
        if len(set(figures)) != len(figures):
            raise ValueError("a figure is listed twice for enrolment")
        self.registry = registry
        self.figures: tuple[Figure, ...] = tuple(figures)
        self.replace = replace
        self.board = board or STANDARD_BOARD
        self._next = 0
        self._counts = {uid: len(sq) for uid, sq in _squares_by_uid(on_board or {}).items()}

    @property
    def expected(self) -> Figure | None:
        """The figure to put down next; None when every figure is done."""
        return self.figures[self._next] if self._next < len(self.figures) else None

    @property
    def done(self) -> tuple[Figure, ...]:
        """The figures enrolled (or found already enrolled, or skipped) so far."""
        return self.figures[:self._next]

    def prompt(self) -> Message:
        """What to do now: the figure to put down, or that enrolment is finished."""
        figure = self.expected
        if figure is None:
            return Message("info", f"All {len(self.figures)} figures are enrolled")
        verb = "to give it its new tag" if self.replace else "to enrol it"
        return Message("info", f"Put down {figure} on any square {verb}")

    def skip(self) -> list[Message]:
        """Leave the expected figure out (it is lost, or done later) and go on."""
        figure = self.expected
        if figure is None:
            return [self.prompt()]
        self._next += 1
        return [Message("info", f"{figure} skipped"), self.prompt()]

    def see(self, tags: Mapping[int, Uid]) -> list[Message]:
        """Take the board's latest snapshot (square -> UID) and say what happened."""
        by_uid = _squares_by_uid(tags)
        counts = {uid: len(squares) for uid, squares in by_uid.items()}
        new = [uid for uid in by_uid if uid not in self._counts]
        # A UID on more squares than before: a second tag with the same UID was put down.
        doubled = [uid for uid in by_uid if counts[uid] > max(1, self._counts.get(uid, 0))]
        self._counts = counts
        if doubled:
            return [_duplicate(self.board, uid, by_uid[uid]) for uid in doubled]
        if not new:
            return []
        figure = self.expected
        if figure is None:
            return [Message("info", "Enrolment is finished; nothing was recorded for the tag"
                                    f" on {_names(self.board, by_uid[uid])}", by_uid[uid][0])
                    for uid in new]
        if len(new) > 1:
            squares = sorted(by_uid[uid][0] for uid in new)
            return [Message("error", f"New tags on {_names(self.board, squares)} at once: put"
                                     " the figures down one at a time. Take them off and put"
                                     f" down {figure} alone", squares[0])]
        uid = new[0]
        square = by_uid[uid][0]
        where = self.board.name(square)
        holder = self.registry.lookup(uid)
        if holder == figure:
            self._next += 1
            return [Message("info", f"{figure} is already enrolled (tag {uid})", square),
                    self.prompt()]
        if holder is not None:
            if holder in self.done:
                return [Message("info", f"That is {holder} (on {where}), enrolled already;"
                                        f" put down {figure}", square)]
            return [Message("error", f"The tag on {where} ({uid}) is already {holder}, not"
                                     f" {figure}: take it off and put down {figure}, or"
                                     f" re-enrol {holder} first", square)]
        try:
            old = self.registry.enrol(uid, figure, replace=self.replace)
        except RegistryError as err:
            return [Message("error", f"Nothing recorded for the tag on {where}: {err}",
                            square)]
        self._next += 1
        text = (f"{figure} re-enrolled (tag {uid}; its old tag {old} is forgotten)" if old
                else f"{figure} enrolled (tag {uid})")
        return [Message("info", text, square), self.prompt()]


def standard_layout(board: Board, owner: str) -> dict[int, Figure]:
    """Where to lay out ``owner``'s whole set of 25 to enrol it at once.

    The figures go in the order of the table of rules section F (``full_set``: Tyra 1,
    Tyra 2, Tri #1–#3, Dilo #1–#2, Stego #1–#5, Docus #1–#2, Deino 6, Deino 7, Flug #1–#5,
    Blitz, Nest, Culak, Blank), row by row from the owner's own edge of the board, each row
    from the owner's left. On the 14 × 14 board:

    - Yellow: rank 1 from a1 to n1 (Tyra 1 … Docus #2), then rank 2 from a2 to k2
      (Deino 6 … Blank);
    - Orange (sitting opposite, so their left is file n): rank 14 from n14 to a14, then
      rank 13 from n13 to d13.

    Boards at least 21 files wide are the V9 boards, where partners share a side: each of
    them gets half the files, the first player (``yellow``/``orange``) on their own left,
    the partner (``yellow2``/``orange2``) on their right; rows are as long as that half.
    A narrow board (V1, 7 wide) takes more rows. The layout must fit in the owner's half so
    that both sides can lie out at once; ``ValueError`` if the board is too small.
    """
    players = {player.name: player for player in FOUR_PLAYERS}
    if owner not in players:
        raise ValueError(f"unknown owner {owner!r} (owners are: {', '.join(PLAYER_NAMES)})")
    shared = board.files >= 21
    partner = owner.endswith("2")
    if partner and not shared:
        raise ValueError(f"{owner} plays only in V9, on a board 21 or 28 files wide;"
                         f" this one is {board.files}")
    width = board.files // 2 if shared else board.files
    figures = full_set(owner)
    rows = -(-len(figures) // width)  # rounded up
    if rows > board.ranks // 2:
        raise ValueError(f"a {board.files} × {board.ranks} board has no room to lay out the"
                         f" {len(figures)} figures of a set in {owner.capitalize()}'s half:"
                         f" that takes {rows} ranks of {width} squares")
    forward = players[owner].forward
    layout: dict[int, Figure] = {}
    for index, figure in enumerate(figures):
        row, column = divmod(index, width)
        column += width if partner else 0  # the partner lays out to the first player's right
        if forward > 0:
            file, rank = column, row
        else:  # Orange faces Yellow: their left is the high files, their edge the last rank
            file, rank = board.files - 1 - column, board.ranks - 1 - row
        layout[rank * board.files + file] = figure
    return layout


def enrol_layout(registry: Registry, board: Board, tags: Mapping[int, Uid],
                 layout: Mapping[int, Figure], *, replace: bool = False) -> list[Message]:
    """Enrol every figure of ``layout`` (square -> figure) from the tags seen on its squares.

    All or nothing: if any square of the layout has no tag, a UID is seen on two squares, a
    tag is already another figure's, or (without ``replace``) a figure already has another
    tag, every problem is reported as an ``error`` and nothing is enrolled, so a half-read
    layout never leaves a half-enrolled set. Tags on squares outside the layout (the other
    side, a figure beside the pattern) are reported as ``info`` and ignored.

    With ``replace`` the layout's figures get the tags seen now and their old tags are
    forgotten, so tags may even move between figures of the layout; a tag that belongs to a
    figure outside the layout is still refused.
    """
    figures = list(layout.values())
    if len(set(figures)) != len(figures):
        raise ValueError("the layout puts one figure on two squares")
    for square in layout:
        if not 0 <= square < board.size:
            raise ValueError(f"the layout has a square ({square}) off the board")
    by_uid = _squares_by_uid(tags)
    in_layout = set(layout.values())
    errors: list[Message] = []
    notes: list[Message] = []
    for uid, squares in by_uid.items():
        if len(squares) > 1:
            named = ", ".join(f"{board.name(sq)}" + (f" ({layout[sq]})" if sq in layout else "")
                              for sq in squares)
            errors.append(Message("error", f"The tag {uid} is seen on {named}: two tags with"
                                           " one UID, or one figure read twice; neither is"
                                           " enrolled", squares[0]))
        for square in squares:
            if square not in layout:
                notes.append(Message("info", f"A tag on {board.name(square)} is outside the"
                                             " layout; it is ignored", square))
    planned: dict[Figure, Uid] = {}
    for square, figure in sorted(layout.items(), key=lambda item: item[1].sort_key):
        where = f"{board.name(square)} ({figure})"
        if square not in tags:
            errors.append(Message("error", f"No tag on {where}: put the figure there, or"
                                           " check that square's reader", square))
            continue
        uid = tags[square]
        if len(by_uid[uid]) > 1:
            continue  # reported above
        holder = registry.lookup(uid)
        if holder is not None and holder != figure and not (replace and holder in in_layout):
            errors.append(Message("error", f"The tag on {where} is already {holder}; take"
                                           f" it off or re-enrol {holder} first", square))
            continue
        old = registry.uid_of(figure)
        if old is not None and old != uid and not replace:
            errors.append(Message("error", f"{figure} on {board.name(square)} already has"
                                           f" tag {old}, not {uid}: re-enrol the layout to"
                                           " give it the new tag", square))
            continue
        planned[figure] = uid
    if errors:
        return [*errors, *notes, Message("info", "Nothing was enrolled: fix the above and"
                                                  " read the layout again")]
    # Every check passed, so the enrolments below cannot fail; they are tried on a copy all
    # the same, so the registry changes in one step or not at all.
    trial = registry.copy()
    before = {figure: trial.uid_of(figure) for figure in planned}
    if replace:
        for figure in planned:
            trial.forget(figure)
    for figure, uid in planned.items():
        trial.enrol(uid, figure)
    registry._adopt(trial)
    new = sum(1 for figure, uid in planned.items() if before[figure] is None)
    changed = sum(1 for figure, uid in planned.items() if before[figure] not in (None, uid))
    same = len(planned) - new - changed
    owners = " and ".join(sorted({f.owner.capitalize() for f in planned}))
    summary = f"{len(planned)} figures of {owners} enrolled: {new} new"
    if changed:
        summary += f", {changed} with a new tag"
    if same:
        summary += f", {same} already enrolled"
    return [*notes, Message("info", summary)]
