"""Finding, reading and parsing the config file (``find_config``, ``load_config``,
``parse_config``): where it is looked for, and a file that was asked for and is missing,
unreadable or not TOML as one clear ``ConfigError``.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path

from companion.config.checker import Checker
from companion.config.settings import Config, ConfigError

CONFIG_ENV = "GIGANTEN_CONFIG"
"""The environment variable naming a config file (after ``--config``)."""

SYSTEM_CONFIG = Path("/etc/giganten/config.toml")
USER_CONFIG = Path("~/.config/giganten/config.toml")
SEARCH_PATHS: tuple[Path, ...] = (SYSTEM_CONFIG, USER_CONFIG)
"""Where a config file is looked for when neither ``--config`` nor ``$GIGANTEN_CONFIG``
names one (``~`` is the home of the user running the companion)."""


def find_config(explicit: str | Path | None = None, *,
                environ: Mapping[str, str] | None = None,
                home: Path | None = None,
                search: tuple[Path, ...] = SEARCH_PATHS) -> Path | None:
    """The config file to use, or None for the default (simulation).

    ``explicit`` (``--config``) and ``$GIGANTEN_CONFIG`` must name an existing file: a
    file that was asked for and is not there is a ``ConfigError``, never a silent
    fall-back to the simulation. The ``search`` paths are used if they exist.
    """
    env = os.environ if environ is None else environ
    for given, how in ((explicit, "--config"), (env.get(CONFIG_ENV) or None, f"${CONFIG_ENV}")):
        if given is not None:
            path = Path(given)
            if not path.is_file():
                raise ConfigError([f"{path}: no such config file (named by {how})"])
            return path
    base = home if home is not None else Path(env.get("HOME") or Path.home())
    for candidate in search:
        path = base / str(candidate)[2:] if str(candidate).startswith("~/") else candidate
        if path.is_file():
            return path
    return None


def load_config(explicit: str | Path | None = None, *,
                environ: Mapping[str, str] | None = None,
                home: Path | None = None,
                search: tuple[Path, ...] = SEARCH_PATHS) -> Config:
    """Find (``find_config``), read and validate the configuration; ``Config()`` if none.

    Raise ``ConfigError`` naming the file and every key that is wrong.
    """
    path = find_config(explicit, environ=environ, home=home, search=search)
    if path is None:
        return Config()
    try:
        text = path.read_text("utf-8")
    except OSError as err:
        raise ConfigError([f"{path}: cannot read the config file: {err.strerror}"]) from None
    except UnicodeDecodeError:
        raise ConfigError([f"{path}: the config file is not UTF-8 text"]) from None
    return parse_config(text, path)


def parse_config(text: str, source: str | Path = "<config>") -> Config:
    """Validate the TOML ``text`` of a config file; ``source`` names it in messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ConfigError([f"{source}: not valid TOML: {err}"]) from None
    except RecursionError:
        raise ConfigError([f"{source}: not a config (TOML nested too deeply)"]) from None
    checker = Checker(str(source))
    config = checker.config(data, Path(source) if source != "<config>" else None)
    if checker.problems:
        raise ConfigError(checker.problems)
    return config
