"""The models of the app's tool screens: Settings, Enrolment and the Hardware check.

Kivy-free, so that tests drive them without a display; ``ui.tool_screens`` only draws them.

- ``Settings``: language, reveal policy, who starts, the variants (V1–V9 and their options)
  and an optional seed, kept in a small JSON file (mode 0600) in the companion's home
  (``settings_path``) so that the next start remembers them. ``Settings.options()`` is the
  controller's ``GameOptions`` for a new game; an impossible combination of variants is
  refused by ``RuleSet`` and ``rules_problem`` says why, in the UI's language.
- ``Enrolment``: what ``giganten enrol`` does one figure at a time (``registry.OneByOne``)
  over a reader: it names a figure, the owner puts it down, its tag is recorded and the
  registry saved (0600, atomically, by ``Registry.save``) at once.
- ``HardwareCheck``: what ``giganten hw-check`` does, step by step: which readers answer,
  which are missing or faulty, which squares saw a tag.

Both reader tools read through a ``ReadSource``: ``SimSource`` (a simulated board whose
tags the screen puts down, with injectable faults) or ``LiveSource`` (a real reader backend
scanning in its thread, drained on the UI thread).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any, Literal, Protocol

from companion.reads import TagRead, Uid, parse_uid
from companion.record import default_log_dir, write_json_atomic
from companion.registry import (
    PLAYER_NAMES,
    Figure,
    OneByOne,
    Registry,
    RegistryError,
    default_path,
    full_set,
    kind_name,
)
from companion.rules.ruleset import VARIANTS, RuleSet, RuleSetError
from companion.rules.squares import square_name
from companion.sensing import Sensing
from companion.views import OUTCOME_ONLY, POLICIES, RULEBOOK
from hardware.enrol import enrol_board
from hardware.hwcheck import FAILED, MISSING, OK, TEST_TAG, UNTESTED, CheckResult
from hardware.live import ReaderPump
from hardware.protocol import Reader, ReaderError
from hardware.sim import NO_ANSWER, TILE_MODEL, SimBoard, SimReader
from ui import i18n
from ui.controller import Controller, ControllerError, GameOptions

SETTINGS_FORMAT = "giganten-settings/1"
"""The ``"format"`` of the settings file."""

SETTINGS_NAME = "settings.json"
SIM_REGISTRY_NAME = "registry-simulated.json"
"""Where enrolments on the simulated board go: never the real registry, which
``giganten play`` would then use in place of the simulated sets."""

Level = Literal["info", "error"]

PREPARED: dict[str, Any] = {}
"""Tool models made in advance, by screen name (``enrol``, ``hwcheck``): the screen takes
one instead of starting afresh (the screenshots show a check half done)."""


# --- Notes: what a tool tells the person at the board, worded when shown -------------------


@dataclass(frozen=True)
class Note:
    """A message of a tool: an ``i18n`` key and its fields, worded in the language shown
    (so that switching the language re-words it). Figures and square lists in ``fields``
    are worded too."""

    level: Level
    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The note in the current language."""
        return i18n.tr(self.key, **{k: _word(v) for k, v in self.fields.items()})


def _word(value: Any) -> Any:
    if isinstance(value, Figure):
        return figure_text(value)
    if isinstance(value, tuple | list):
        return i18n.tr("ev_and").join(str(_word(v)) for v in value)
    return value


def figure_text(figure: Figure) -> str:
    """A figure as the screen names it: ``Yellow Tri #2``, ``Gelb Tri #2``, ``Orange
    Nest`` (the kinds are the game's own names in both languages)."""
    number = f" #{figure.number}" if sum(1 for f in full_set(figure.owner)
                                         if f.kind == figure.kind) > 1 else ""
    return i18n.tr("tool_figure", player=i18n.player(figure.owner),
                   kind=kind_name(figure.kind) + number)


# --- Settings ---------------------------------------------------------------------------------


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    """The settings file: in the companion's home, beside the ``games`` directory of
    ``record.default_log_dir`` (``$GIGANTEN_HOME/settings.json`` or
    ``~/.local/share/giganten/settings.json``)."""
    return default_log_dir(environ).parent / SETTINGS_NAME


def registry_path(*, simulated: bool, explicit: Path | None = None,
                  environ: Mapping[str, str] | None = None) -> Path:
    """Where the enrolment screen saves the registry: ``explicit`` (``--registry``), else
    the registry of ``giganten enrol``; on the simulated board a file of its own beside it
    (``registry-simulated.json``), so that trying enrolment out never changes the figures
    a game uses."""
    if explicit is not None:
        return explicit
    real = default_path(environ)
    return real.with_name(SIM_REGISTRY_NAME) if simulated else real


TIME_CONTROLS = ("15+10", "30+10", "60+0")
"""The time controls the settings screen offers (minutes + seconds a turn); any other is
given with ``giganten ui --time``."""


@dataclass(frozen=True)
class Settings:
    """What a new game is played with, as the settings screen shows it."""

    language: str = "en"
    policy: str = RULEBOOK
    first: str | None = None
    """A player's name, or None: drawn at the start [S5]."""
    variants: frozenset[str] = frozenset()
    seed: int | None = None
    """The landscape's seed; None: a new one each game."""
    referee: bool = False
    """Referee mode (issue 7): the arbiter's desk, a dispute button, clocks if timed."""
    time_control: str | None = None
    """Referee mode's time control (``"30+10"``); None: no clocks."""

    # --- to and from the controller's GameOptions

    @classmethod
    def from_options(cls, options: GameOptions) -> Settings:
        """The settings a ``GameOptions`` stands for (variant ids normalised)."""
        return cls(options.language, options.policy, options.first,
                   frozenset(_variant_id(v) for v in options.variants), options.seed,
                   options.referee, options.time_control)

    def options(self) -> GameOptions:
        """The controller's ``GameOptions`` for a new game with these settings."""
        return GameOptions(variants=tuple(self.variant_ids()), policy=self.policy,
                           first=self.first, seed=self.seed, language=self.language,
                           referee=self.referee, time_control=self.time_control)

    def next_referee(self) -> Settings:
        """Referee mode in the cycle off, on without clocks, then each time control of
        ``TIME_CONTROLS``."""
        steps: list[tuple[bool, str | None]] = [(False, None), (True, None),
                                                *((True, t) for t in TIME_CONTROLS)]
        now = (self.referee, self.time_control)
        index = steps.index(now) if now in steps else 0
        referee, time_control = steps[(index + 1) % len(steps)]
        return replace(self, referee=referee, time_control=time_control)

    def variant_ids(self) -> list[str]:
        """The variants chosen, in rulebook order."""
        return [v for v in VARIANTS if v in self.variants]

    # --- changes (each returns new settings)

    def next_language(self) -> Settings:
        """The other language."""
        languages = i18n.LANGUAGES
        return replace(self, language=languages[(languages.index(self.language) + 1)
                                                % len(languages)])

    def next_policy(self) -> Settings:
        """The other reveal policy (rulebook: both combatants shown; outcome only)."""
        return replace(self, policy=OUTCOME_ONLY if self.policy == RULEBOOK else RULEBOOK)

    def players(self) -> list[str]:
        """Who plays under these variants (two players, or four with V9)."""
        try:
            rules = RuleSet.of(self.variants)
        except RuleSetError:
            rules = RuleSet()
        return [p.name for p in rules.players]

    def next_first(self) -> Settings:
        """Who starts next in the cycle: drawn, then each player in turn order."""
        order: list[str | None] = [None, *self.players()]
        index = order.index(self.first) if self.first in order else 0
        return replace(self, first=order[(index + 1) % len(order)])

    def toggle(self, variant: str) -> Settings:
        """The settings with ``variant`` switched on or off. An impossible combination is
        kept (``rules_problem`` says why) so that the next toggle can make it possible."""
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}; variants are {', '.join(VARIANTS)}")
        changed = replace(self, variants=self.variants ^ {variant})
        if changed.first is not None and changed.first not in changed.players():
            changed = replace(changed, first=None)  # that seat is gone (V9 switched off)
        return changed

    def with_seed(self, text: str) -> Settings:
        """The settings with the seed typed as ``text`` (empty: a new seed each game);
        ``ValueError`` with a translated message for anything but a whole number."""
        text = text.strip()
        if not text:
            return replace(self, seed=None)
        try:
            seed = int(text)
        except ValueError:
            raise ValueError(i18n.tr("set_bad_seed", text=text)) from None
        if seed < 0:
            raise ValueError(i18n.tr("set_bad_seed", text=text))
        return replace(self, seed=seed)

    # --- the file

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``save`` writes."""
        return {"format": SETTINGS_FORMAT, "language": self.language, "policy": self.policy,
                "first": self.first, "variants": self.variant_ids(), "seed": self.seed,
                "referee": self.referee, "time_control": self.time_control}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from ``to_json``'s object; ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
            raise ValueError(f"not a settings file (expected \"format\": \"{SETTINGS_FORMAT}\")")
        unknown = sorted(set(data) - {"format", "language", "policy", "first", "variants",
                                      "seed", "referee", "time_control"})
        if unknown:
            raise ValueError(f"unknown field(s) {', '.join(unknown)}")
        language, policy = data.get("language", "en"), data.get("policy", RULEBOOK)
        first, variants, seed = data.get("first"), data.get("variants", []), data.get("seed")
        if language not in i18n.LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        if policy not in POLICIES:
            raise ValueError(f"unknown reveal policy {policy!r}")
        if first is not None and first not in PLAYER_NAMES:
            raise ValueError(f"unknown player {first!r} to start")
        if not isinstance(variants, list) or not all(v in VARIANTS for v in variants):
            raise ValueError(f"variants must be a list of {', '.join(VARIANTS)}")
        if seed is not None and (type(seed) is not int or seed < 0):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        referee, time_control = data.get("referee", False), data.get("time_control")
        if not isinstance(referee, bool):
            raise ValueError(f"referee must be true or false, not {referee!r}")
        if time_control is not None and time_control not in TIME_CONTROLS:
            raise ValueError(f"unknown time control {time_control!r}; the settings offer"
                             f" {', '.join(TIME_CONTROLS)}")
        return cls(language, policy, first, frozenset(variants), seed, referee, time_control)

    def save(self, path: Path) -> None:
        """Write the settings to ``path`` (mode 0600, atomically; the directory is made
        0700 if it is missing); ``OSError`` if it cannot be written."""
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_json_atomic(path, self.to_json(), mode=0o600)

    @classmethod
    def load(cls, path: Path) -> tuple[Settings, Note | None]:
        """The saved settings, or the defaults and why when the file is missing (no note),
        unreadable or corrupt (a note naming the file and the problem). Never raises."""
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return cls(), None
        except OSError as err:
            return cls(), Note("error", "set_unreadable",
                               {"path": str(path), "problem": err.strerror or str(err)})
        try:
            return cls.from_json(json.loads(raw.decode("utf-8"))), None
        except UnicodeDecodeError:
            problem = "not UTF-8 text"
        except json.JSONDecodeError as err:
            problem = f"not JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        except RecursionError:
            problem = "JSON nested too deeply"
        except ValueError as err:
            problem = str(err)
        return cls(), Note("error", "set_unreadable", {"path": str(path), "problem": problem})


def startup_settings(path: Path, language: str | None = None, variants: str | None = None,
                     *, seed: int | None = None, policy: str | None = None,
                     ) -> tuple[Settings, Note | None]:
    """The settings ``giganten ui`` starts with: the saved ones (or the defaults and a
    note why), with ``--lang``, ``--variants`` (``V5,V8``), ``--seed`` and ``--policy`` in
    their place when given."""
    settings, note = Settings.load(path)
    if language is not None:
        settings = replace(settings, language=language)
    if seed is not None:
        settings = replace(settings, seed=seed)
    if policy is not None:
        settings = replace(settings, policy=policy)
    if variants is not None:
        settings = replace(settings, variants=frozenset(
            _variant_id(v.strip()) for v in variants.split(",") if v.strip()))
    return settings, note


def _variant_id(text: str) -> str:
    """``v5a`` -> ``V5a`` (as ``GameOptions.rules`` reads them)."""
    return text[:1].upper() + text[1:].lower()


def rules_problem(variants: Iterable[str]) -> str | None:
    """Why these variants cannot be played together (``RuleSet``'s reason, with the
    variant ids), in the UI's language; None when they can."""
    try:
        RuleSet.of(_variant_id(v) for v in variants)
    except RuleSetError as err:
        reason = str(err)
        key = _ruleset_keys().get(reason)
        return i18n.tr(key) if key is not None else i18n.tr("set_impossible", reason=reason)
    return None


_RULESET_KEYS: dict[str, str] = {}


def _ruleset_keys() -> dict[str, str]:
    """``RuleSet``'s reason for each impossible pair or lone option -> its i18n key
    (``rs_V3_V4``, ``rs_V6a``). Every reason of a larger set is one of these: a set is
    refused for its first clashing pair or its first option without a base."""
    if not _RULESET_KEYS:
        for size in (1, 2):
            for chosen in combinations(VARIANTS, size):
                try:
                    RuleSet.of(chosen)
                except RuleSetError as err:
                    _RULESET_KEYS.setdefault(str(err), "rs_" + "_".join(chosen))
    return _RULESET_KEYS


def ruleset_reasons() -> dict[str, str]:
    """Every reason ``RuleSet`` gives for an impossible pair or lone option, with its key
    (a test checks that each is translated)."""
    return dict(_ruleset_keys())


def summary(options: GameOptions) -> str:
    """The settings of a new game in one line, for the home screen."""
    settings = Settings.from_options(options)
    variants = ", ".join(settings.variant_ids()) or i18n.tr("set_no_variants")
    first = i18n.player(settings.first) if settings.first else i18n.tr("first_draw")
    text = i18n.tr("set_summary", language=i18n.tr(f"lang_{settings.language}"),
                   policy=i18n.tr(f"policy_{settings.policy}"), first=first,
                   variants=variants)
    if settings.seed is not None:
        text += i18n.tr("set_summary_seed", seed=settings.seed)
    if settings.referee:
        text += i18n.tr("set_summary_referee",
                        clock=settings.time_control or i18n.tr("set_no_clock"))
    return text


def checked_options(options: GameOptions) -> GameOptions:
    """``options`` if a game can be played with them; ``ControllerError`` with the
    translated reason otherwise (the home screen's New game)."""
    problem = rules_problem(options.variants)
    if problem is not None:
        raise ControllerError(problem)
    return options


# --- Reading the board ------------------------------------------------------------------------


class ReadSource(Protocol):
    """Where a tool's reads come from."""

    board: SimBoard | None
    """The simulated board to put tags on; None on a real board."""

    def take(self, seconds: float) -> list[TagRead]:
        """The reads of the next ``seconds`` (simulated time), or every read a real
        reader queued since the last call (without waiting)."""

    def close(self) -> None:
        """Stop reading."""


class SimSource:
    """A simulated board and its reader, with faults to inject: the readers of ``dead``
    never answer, those of ``faulty`` fail each read with the given chance."""

    def __init__(self, files: int, ranks: int, *, dead: Iterable[int] = (),
                 faulty: Mapping[int, float] | None = None, seed: int = 0) -> None:
        self.board: SimBoard | None = SimBoard(files, ranks)
        self.sim = self.board
        self.reader = SimReader(self.sim, TILE_MODEL.with_noise(dead=dead), seed=seed)
        self.reader.open()
        self.faulty = dict(faulty or {})
        self._rng = random.Random(seed)

    def take(self, seconds: float) -> list[TagRead]:
        """The reads of the next ``seconds`` of the board's clock."""
        reads = self.reader.run_for(max(seconds, 0.0))
        if not self.faulty:
            return reads
        return [TagRead(r.square, None, r.time, "CRC error")
                if r.fault is None and self._rng.random() < self.faulty.get(r.square, 0.0)
                else r for r in reads]

    def close(self) -> None:
        """Stop the simulated reader."""
        self.reader.close()


class LiveSource:
    """A real reader backend scanning in its own thread (``hardware.live.ReaderPump``)."""

    board: SimBoard | None = None

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        reader.open()
        self.pump = ReaderPump(reader)
        self.pump.start()

    def take(self, seconds: float) -> list[TagRead]:
        """What the reader's thread queued (never waits: this runs on the UI thread)."""
        return self.pump.drain(time.monotonic())

    def close(self) -> None:
        """Stop the reader (its thread ends)."""
        self.reader.close()


def new_uid(rng: random.Random) -> Uid:
    """A fresh 7-byte tag UID (NXP's 04 prefix, like NTAG)."""
    return "04" + "".join(rng.choice("0123456789ABCDEF") for _ in range(12))


# --- Enrolment --------------------------------------------------------------------------------


SETTLE_LIMIT = 10.0
"""Seconds of simulated reading at most until the board is seen as it is."""


class Enrolment:
    """Enrol one set's figures one at a time over a reader, like ``giganten enrol``.

    ``prompt()`` names the figure to put down; ``poll(dt)`` reads the board and, when a new
    tag is confirmed there, records it for that figure, saves the registry and words what
    happened in ``notes``. The notes never show a tag's UID: a screen showing UIDs beside
    figures would give the registry away to anyone with an NFC phone (design: threat
    model). ``skip()`` leaves a figure out, ``reenrol_previous()`` takes the
    last one again (the wrong figure went down). On the simulated board ``tap(square)`` puts
    a new tag down on an empty square or lifts the one there.
    """

    def __init__(self, registry: Registry, path: Path, source: ReadSource, *,
                 owner: str = "yellow", replace: bool = False, seed: int = 0) -> None:
        self.registry = registry
        self.path = path
        self.source = source
        self.owner = owner
        self.board = enrol_board(owner)
        self.rng = random.Random(seed)
        self.sensing = Sensing(self.board.size)
        self.notes: list[Note] = []
        self.hand: list[Uid] = []
        """Tags lifted off the simulated board, the last one last."""
        self.enrolled = 0
        self.skipped = 0
        self.saved = 0
        self.stopped: str | None = None
        """Why the reader stopped, if it did."""
        self._seen: dict[int, Uid] = {}
        self.one = self._one_by_one(self._figures(replace), replace)

    @classmethod
    def simulated(cls, registry: Registry, path: Path, *, owner: str = "yellow",
                  replace: bool = False, seed: int = 0) -> Enrolment:
        """Enrolment on a simulated board of the owner's size (``enrol_board``)."""
        board = enrol_board(owner)
        return cls(registry, path, SimSource(board.files, board.ranks, seed=seed), owner=owner,
                   replace=replace, seed=seed)

    def _figures(self, replace: bool) -> list[Figure]:
        return full_set(self.owner) if replace else self.registry.missing(self.owner)

    def _one_by_one(self, figures: Sequence[Figure], replace: bool) -> OneByOne:
        self.replace = replace
        self.total = len(figures)
        return OneByOne(self.registry, figures, replace=replace, board=self.board,
                        on_board=dict(self._seen))

    # --- what is shown

    @property
    def simulated_board(self) -> bool:
        """True when the screen puts the tags down (no real reader)."""
        return self.source.board is not None

    @property
    def expected(self) -> Figure | None:
        """The figure to put down now; None when every figure is done."""
        return self.one.expected

    def prompt(self) -> Note:
        """What to do now."""
        figure = self.one.expected
        if figure is None:
            return Note("info", "enr_all_done", {"count": self.total, "owner":
                                                 i18n.player(self.owner)})
        return Note("info", "enr_put_new" if self.replace else "enr_put", {"figure": figure})

    def progress(self) -> Note:
        """How far the set is: enrolled, skipped, of how many."""
        return Note("info", "enr_progress", {"done": len(self.one.done), "total": self.total,
                                             "enrolled": self.enrolled,
                                             "skipped": self.skipped})

    def tags(self) -> dict[int, Uid]:
        """Square -> tag of every tag the readers see now (confirmed)."""
        return dict(self._seen)

    def square_name(self, square: int) -> str:
        """A square's name on the enrolment board."""
        return self.board.name(square)

    # --- actions

    def restart(self, owner: str | None = None, *, replace: bool = False) -> None:
        """Enrol ``owner``'s set (default: the same) from the start: the figures without
        a tag, or (``replace``) every figure, each to get a new tag."""
        if owner is not None and owner not in PLAYER_NAMES:
            raise ValueError(f"unknown owner {owner!r}")
        board = enrol_board(owner or self.owner)
        if board.size != self.board.size:  # a partner's set of V9: the wide board
            if self.simulated_board:
                self.source.close()
                self.source = SimSource(board.files, board.ranks,
                                        seed=self.rng.randrange(10**6))
            self.board, self.sensing, self._seen, self.hand = board, Sensing(board.size), {}, []
        self.owner = owner or self.owner
        self.enrolled = self.skipped = 0
        self.notes = []
        self.one = self._one_by_one(self._figures(replace), replace)
        if not self.total:
            self.notes.append(Note("info", "enr_none_missing",
                                   {"owner": i18n.player(self.owner)}))

    def skip(self) -> None:
        """Leave the figure asked for out (lost, or done later) and go on."""
        figure = self.one.expected
        if figure is None:
            return
        self.one.skip()
        self.skipped += 1
        self.notes.append(Note("info", "enr_skipped", {"figure": figure}))

    def reenrol_previous(self) -> None:
        """The last figure went down wrong or got a new tag: ask for it again, to be given
        the next tag put down (its old tag is forgotten then)."""
        done = self.one.done
        if not done:
            raise ControllerError(i18n.tr("enr_nothing_before"))
        previous = done[-1]
        rest = [previous, *self.one.figures[len(done):]]
        self.one = self._one_by_one(rest, True)
        self.total = len(rest)
        self.notes.append(Note("info", "enr_again", {"figure": previous}))

    def tap(self, square: int) -> None:
        """On the simulated board: lift the tag on ``square``, or put one down there (the
        one lifted last, else a new tag)."""
        sim = self._sim()
        if sim.tag_at(square) is not None:
            self.hand.append(sim.lift(square))
        else:
            self.put(square)

    def put(self, square: int, uid: str | None = None) -> None:
        """On the simulated board: put a tag down on ``square`` (``uid``, else the one
        lifted last, else a new one)."""
        sim = self._sim()
        if sim.tag_at(square) is not None:
            raise ControllerError(i18n.tr("err_taken", square=self.board.name(square)))
        if uid is not None:
            uid = parse_uid(uid)
            if uid in self.hand:
                self.hand.remove(uid)
        else:
            uid = self.hand.pop() if self.hand else new_uid(self.rng)
        sim.place(square, uid)

    def lift(self, square: int) -> Uid:
        """On the simulated board: lift the tag on ``square`` into the hand."""
        sim = self._sim()
        if sim.tag_at(square) is None:
            raise ControllerError(i18n.tr("err_empty", square=self.board.name(square)))
        uid = sim.lift(square)
        self.hand.append(uid)
        return uid

    def _sim(self) -> SimBoard:
        if self.source.board is None:
            raise ControllerError(i18n.tr("err_real_board"))
        return self.source.board

    # --- reading

    def poll(self, seconds: float) -> bool:
        """Read the board for ``seconds`` (simulated) or take what the reader queued;
        enrol what came down. True if anything changed."""
        if self.stopped is not None:
            return False
        try:
            reads = self.source.take(seconds)
        except ReaderError as err:
            self.stopped = str(err)
            self.notes.append(Note("error", "tool_reader_stopped", {"problem": str(err)}))
            return True
        size = self.board.size
        for read in reads:
            if 0 <= read.square < size:  # a real board may be larger than the set's
                self.sensing.feed(read)
        tags = dict(self.sensing.snapshot().tags)
        if tags == self._seen:
            return False
        self._see(tags)
        return True

    def settle(self) -> None:
        """Simulated board: read until the readers see the board as it is (tests)."""
        sim = self._sim()
        end = sim.now + SETTLE_LIMIT
        self.poll(0.2)
        while sim.now < end:
            snapshot = self.sensing.snapshot()
            if not snapshot.pending and dict(snapshot.tags) == sim.tags():
                break
            self.poll(0.02)
        self.poll(0.0)

    def _see(self, tags: dict[int, Uid]) -> None:
        before, self._seen = self._seen, tags
        figure = self.one.expected
        done = len(self.one.done)
        registry = self.registry.as_dict()
        messages = self.one.see(tags)
        if not messages:
            return
        note = self._classify(before, tags, figure, registry, len(self.one.done) > done)
        if note is None:
            note = Note("error" if any(m.level == "error" for m in messages) else "info",
                        "tool_raw", {"text": " ".join(m.text for m in messages)})
        self.notes.append(note)
        if self.registry.as_dict() != registry:
            self._save()

    def _classify(self, before: Mapping[int, Uid], tags: Mapping[int, Uid],
                  figure: Figure | None, registry: Mapping[Uid, Figure],
                  advanced: bool) -> Note | None:
        """Word what ``OneByOne.see`` decided, from what changed."""
        by_uid: dict[Uid, list[int]] = {}
        for square in sorted(tags):
            by_uid.setdefault(tags[square], []).append(square)
        counts = {uid: list(before.values()).count(uid) for uid in by_uid}
        doubled = [uid for uid, sq in by_uid.items() if len(sq) > max(1, counts[uid])]
        if doubled:
            uid = doubled[0]
            return Note("error", "enr_duplicate", {"squares": self._names(by_uid[uid])})
        new = [uid for uid in by_uid if counts[uid] == 0]
        if not new:
            return None
        squares = self._names(sorted(by_uid[uid][0] for uid in new))
        if figure is None:
            return Note("info", "enr_finished_extra", {"squares": squares})
        if len(new) > 1:
            return Note("error", "enr_two_at_once", {"squares": squares, "figure": figure})
        uid = new[0]
        holder = registry.get(uid)
        if advanced and holder == figure:
            self.enrolled += 1
            return Note("info", "enr_already", {"figure": figure})
        if advanced:
            self.enrolled += 1
            replaced = figure in registry.values()
            return Note("info", "enr_reenrolled" if replaced else "enr_enrolled",
                        {"figure": figure})
        if holder is not None and holder in self.one.done:
            return Note("info", "enr_put_back", {"holder": holder, "square": squares,
                                                 "figure": figure})
        if holder is not None:
            return Note("error", "enr_other_figure", {"square": squares, "holder": holder,
                                                      "figure": figure})
        return None

    def _names(self, squares: Iterable[int]) -> list[str]:
        return [self.board.name(sq) for sq in squares]

    def _save(self) -> None:
        try:
            self.registry.save(self.path)
        except RegistryError as err:
            self.notes.append(Note("error", "enr_not_saved", {"problem": str(err)}))
            return
        self.saved += 1

    def close(self) -> None:
        """Stop reading."""
        self.source.close()


# --- The hardware check -----------------------------------------------------------------------

WAITING, ANSWERING, FAULTY, TAG_SEEN = "waiting", "answering", "faulty", "tag"
SQUARE_STATES = (ANSWERING, MISSING, FAULTY, TAG_SEEN, WAITING)
"""What the check shows of a square: its reader answers; is missing (no answer at all);
answers but some reads fail; has seen a tag; not read yet."""

READERS_PHASE, TAGS_PHASE = "readers", "tags"

SCAN_TIME = 3.0
"""Seconds of reading in which every reader must answer once (as ``giganten hw-check``)."""


class HardwareCheck:
    """``giganten hw-check`` step by step for a screen: for ``scan_time`` seconds every
    read is counted (which readers answer, which fail); after that the squares that never
    answered are missing, and every square that sees a tag is marked, until the check is
    finished (``result()``, ``hwcheck.CheckResult``). On the simulated board ``tap`` moves
    the test tag, ``fill`` lays a tag on every square."""

    def __init__(self, source: ReadSource, files: int, ranks: int, *,
                 scan_time: float = SCAN_TIME) -> None:
        if scan_time <= 0:
            raise ValueError(f"the scan time must be positive seconds, not {scan_time!r}")
        self.source = source
        self.files, self.ranks = files, ranks
        self.size = files * ranks
        self.scan_time = scan_time
        self.phase = READERS_PHASE
        self.stopped: str | None = None
        self._start: float | None = None
        self._now = 0.0
        self._answered: set[int] = set()
        self._faults: dict[int, str] = {}
        self._fault_counts: dict[int, int] = {}
        self._reads: dict[int, int] = {}
        self._seen: dict[int, Uid] = {}

    @classmethod
    def simulated(cls, files: int = 14, ranks: int = 14, *, dead: Iterable[int] = (),
                  faulty: Mapping[int, float] | None = None, seed: int = 0,
                  scan_time: float = SCAN_TIME) -> HardwareCheck:
        """A check of a simulated board whose ``dead`` readers never answer and whose
        ``faulty`` ones fail reads with the given chance."""
        return cls(SimSource(files, ranks, dead=dead, faulty=faulty, seed=seed), files, ranks,
                   scan_time=scan_time)

    def name(self, square: int) -> str:
        """A square's name (``e4``)."""
        return square_name(square % self.files, square // self.files)

    # --- reading

    def poll(self, seconds: float) -> bool:
        """Read for ``seconds`` (simulated) or take what the reader queued; True if any
        read came."""
        if self.stopped is not None:
            return False
        try:
            reads = self.source.take(seconds)
        except ReaderError as err:
            self.stopped = str(err)
            return True
        for read in reads:
            self.feed(read)
        return bool(reads)

    def feed(self, read: TagRead) -> None:
        """Count one read."""
        if self._start is None:
            self._start = read.time
        self._now = read.time
        if self.phase == READERS_PHASE and read.time - self._start >= self.scan_time:
            self.phase = TAGS_PHASE
        square = read.square
        if not 0 <= square < self.size:
            return
        self._reads[square] = self._reads.get(square, 0) + 1
        if read.fault is not None:
            self._faults.setdefault(square, read.fault)
            self._fault_counts[square] = self._fault_counts.get(square, 0) + 1
            return
        self._answered.add(square)
        if read.uid is not None:
            self._seen.setdefault(square, read.uid)

    def run_scan(self) -> None:
        """Read until the readers' phase is over (tests; the screen polls instead)."""
        while self.phase == READERS_PHASE and self.stopped is None:
            self.poll(0.1)

    @property
    def elapsed(self) -> float:
        """Seconds of reading so far."""
        return 0.0 if self._start is None else self._now - self._start

    # --- the simulated hand

    def tap(self, square: int) -> None:
        """Simulated board: move the test tag to ``square`` (or lift it from there)."""
        sim = self._sim()
        here = sim.tag_at(square)
        for sq, uid in sim.tags().items():
            if uid == TEST_TAG:
                sim.lift(sq)
        if here is None:
            sim.place(square, TEST_TAG)
        elif here != TEST_TAG:
            sim.lift(square)

    def fill(self) -> None:
        """Simulated board: lay a tag of its own on every empty square."""
        sim = self._sim()
        for square in range(self.size):
            if sim.tag_at(square) is None:
                sim.place(square, f"04{square:012X}")

    def _sim(self) -> SimBoard:
        if self.source.board is None:
            raise ControllerError(i18n.tr("err_real_board"))
        return self.source.board

    # --- what is shown

    def state(self, square: int) -> str:
        """One of ``SQUARE_STATES``."""
        if square in self._seen:
            return TAG_SEEN
        if square in self._answered:
            return FAULTY if square in self._fault_counts else ANSWERING
        return WAITING if self.phase == READERS_PHASE else MISSING

    def states(self) -> list[str]:
        """Every square's state, by index."""
        return [self.state(sq) for sq in range(self.size)]

    def counts(self) -> dict[str, int]:
        """How many squares are in each state."""
        states = self.states()
        return {state: states.count(state) for state in SQUARE_STATES}

    def status(self) -> Note:
        """What the check is doing."""
        if self.stopped is not None:
            return Note("error", "tool_reader_stopped", {"problem": self.stopped})
        if self.phase == READERS_PHASE:
            return Note("info", "hw_scanning", {"count": self.size,
                                                "seconds": f"{self.elapsed:.1f}"})
        counts = self.counts()
        return Note("info", "hw_tags", {"seen": counts[TAG_SEEN],
                                        "total": self.size - counts[MISSING]})

    def problems(self, limit: int = 8) -> list[Note]:
        """The squares that need attention: missing readers (with their fault), then
        readers that failed some reads; at most ``limit``, then how many more."""
        notes: list[Note] = []
        for square in range(self.size):
            state = self.state(square)
            if state == MISSING:
                fault = self._fault_text(self._faults.get(square))
                notes.append(Note("error", "hw_missing", {"square": self.name(square),
                                                          "fault": fault}))
            elif square in self._fault_counts and state != WAITING:
                notes.append(Note("error", "hw_faulty", {
                    "square": self.name(square), "faults": self._fault_counts[square],
                    "reads": self._reads.get(square, 0),
                    "fault": self._fault_text(self._faults[square])}))
        if len(notes) > limit:
            notes = [*notes[:limit], Note("error", "hw_more", {"count": len(notes) - limit})]
        return notes

    @staticmethod
    def _fault_text(fault: str | None) -> str:
        """A reader's fault in words: the ones every backend knows translated, a driver's
        own message as it is."""
        if fault is None:
            return i18n.tr("hw_never_read")
        return i18n.tr("hw_no_answer") if fault == NO_ANSWER else fault

    def result(self) -> CheckResult:
        """The check as ``giganten hw-check`` reports it: ok (read a tag), missing, failed
        (answered, saw no tag) and untested (the tag phase has not begun)."""
        status = []
        for square in range(self.size):
            if square in self._seen:
                status.append(OK)
            elif square in self._answered:
                status.append(FAILED if self.phase == TAGS_PHASE else UNTESTED)
            else:
                status.append(MISSING if self.phase == TAGS_PHASE else UNTESTED)
        return CheckResult(self.files, self.ranks, status, dict(self._faults),
                           dict(self._fault_counts),
                           dict(self._reads), dict(self._seen))

    def close(self) -> None:
        """Stop reading."""
        self.source.close()


def put_game_aside(controller: Controller) -> bool:
    """A real reader serves one reader of reads at a time: if a game's live table holds
    it, close that game (its log stays, Resume continues it). True if one was put aside."""
    from hardware.live import LiveTable

    game = controller.game
    if game is None or not isinstance(game.table, LiveTable):
        return False
    controller.close()
    game.table.close()
    controller.game = None
    return True


__all__ = [
    "ANSWERING", "FAULTY", "MISSING", "SQUARE_STATES", "TAG_SEEN", "WAITING", "Enrolment",
    "HardwareCheck", "LiveSource", "Note", "ReadSource", "Settings", "SimSource",
    "checked_options", "figure_text", "put_game_aside", "registry_path", "rules_problem",
    "ruleset_reasons", "settings_path", "summary",
]
