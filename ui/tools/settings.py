"""The settings screen's model (``Settings``): language, reveal policy, who starts, the
variants (V1–V9 and their options), an optional seed and the sound, kept in a small JSON file
(mode 0600) in the companion's home (``settings_path``) so that the next start
remembers them. ``Settings.options()`` is the controller's ``GameOptions`` for a new
game; an impossible combination of variants is refused by ``RuleSet`` and
``rules_problem`` says why, in the UI's language. Kivy-free.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from companion.games.giganten.position import OUTCOME_ONLY, POLICIES, RULEBOOK
from companion.games.giganten.ruleset import VARIANTS, RuleSet, RuleSetError
from companion.ledger.record import default_log_dir, write_json_atomic
from companion.registry import PLAYER_NAMES
from ui.control.shell import ControllerError, GameOptions
from ui.tools.notes import Note
from ui.tools.problems import problem_note
from ui.words import i18n

SETTINGS_FORMAT = "giganten-settings/1"
"""The ``"format"`` of the settings file."""

SETTINGS_NAME = "settings.json"


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    """The settings file: in the companion's home, beside the ``games`` directory of
    ``record.default_log_dir`` (``$GIGANTEN_HOME/settings.json`` or
    ``~/.local/share/giganten/settings.json``)."""
    return default_log_dir(environ).parent / SETTINGS_NAME


@dataclass(frozen=True)
class ToolPaths:
    """Where the tools keep their files: the settings, and the registry enrolment writes
    (None: ``tools.registry_path`` for the board in use)."""

    settings: Path
    registry: Path | None = None

    @classmethod
    def default(cls) -> ToolPaths:
        """The settings file of the companion's home (``tools.settings_path``)."""
        return cls(settings_path())


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
    """Referee mode: the arbiter's desk, a dispute button, clocks if timed."""
    time_control: str | None = None
    """Referee mode's time control (``"30+10"``); None: no clocks."""
    sound: bool = True
    """The app's sounds for a move, a figure taken and the end (``ui.audio.tones``)."""

    # --- to and from the controller's GameOptions

    @classmethod
    def from_options(cls, options: GameOptions, *, sound: bool = True) -> Settings:
        """The settings a ``GameOptions`` stands for (variant ids normalised), with the
        app's ``sound`` switch (not a game's option)."""
        return cls(options.language, options.policy, options.first,
                   frozenset(_variant_id(v) for v in options.variants), options.seed,
                   options.referee, options.time_control, sound)

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

    def next_sound(self) -> Settings:
        """Sound switched off, or on again."""
        return replace(self, sound=not self.sound)

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
                "referee": self.referee, "time_control": self.time_control,
                "sound": self.sound}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Settings from ``to_json``'s object; ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
            raise ValueError(f"not a settings file (expected \"format\": \"{SETTINGS_FORMAT}\")")
        unknown = sorted(set(data) - {"format", "language", "policy", "first", "variants",
                                      "seed", "referee", "time_control", "sound"})
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
        sound = data.get("sound", True)
        if not isinstance(sound, bool):
            raise ValueError(f"sound must be true or false, not {sound!r}")
        return cls(language, policy, first, frozenset(variants), seed, referee, time_control,
                   sound)

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
            return cls(), problem_note("set_unreadable", err, path=str(path),
                                       problem=err.strerror or str(err))
        error: Exception
        try:
            return cls.from_json(json.loads(raw.decode("utf-8"))), None
        except UnicodeDecodeError as err:
            problem, error = "not UTF-8 text", err
        except json.JSONDecodeError as err:
            problem, error = f"not JSON (line {err.lineno}, column {err.colno}: {err.msg})", err
        except RecursionError as err:
            problem, error = "JSON nested too deeply", err
        except ValueError as err:
            problem, error = str(err), err
        return cls(), problem_note("set_unreadable", error, path=str(path), problem=problem)


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
    # The variants by name: an id like "V8" is the rulebook's, not the players' words.
    variants = (", ".join(i18n.tr(f"var_{v}") for v in settings.variant_ids())
                or i18n.tr("set_no_variants"))
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
