"""The settings of ``brettl referee``: the ``[referee]`` section of the config with the
command line on top, the referee rules of the game [W3], and ``--set-pin``, which writes
the arbiter PIN's hash into the config (the PIN itself is never stored).
"""

from __future__ import annotations

import argparse
import getpass
import os
import re
import sys
from pathlib import Path
from typing import TextIO

from companion.clock import ClockError, TimeControl
from companion.config import (
    Config,
    ConfigError,
    RefereeConfig,
    find_config,
    load_config,
    parse_config,
)
from companion.referee.pin import RefereeError, hash_pin
from hardware.assemble import UsageError


def referee_config(args: argparse.Namespace) -> tuple[RefereeConfig, Config]:
    """``[referee]`` of the config file, with ``--time``, ``--pin-hash`` and the rest of the
    command line on top. ``UsageError`` for a bad file or value."""
    try:
        config = load_config(args.config)
    except ConfigError as err:
        raise UsageError(str(err)) from None
    referee = config.referee
    time_control = referee.time
    setup_s = args.setup_minutes * 60.0 if args.setup_minutes is not None else (
        time_control.setup_s if time_control else 300.0)
    try:
        if args.time is not None:
            time_control = (None if args.time == "none"
                            else TimeControl.parse(args.time, setup_s=setup_s))
        elif time_control is not None:
            time_control = TimeControl(time_control.base_s, time_control.increment_s, setup_s)
    except ClockError as err:
        raise UsageError(f"--time: {err}") from None
    pin_hash = args.pin_hash or referee.pin_hash
    return RefereeConfig(pin_hash=pin_hash, arbiter=args.arbiter or referee.arbiter,
                         time=time_control, illegal=referee.illegal,
                         rules=referee.rules), config


def set_pin(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``--set-pin``: ask for the PIN (twice on a terminal; one line from a pipe) and write
    its hash into ``[referee] pin_hash`` of the config file (``--config``, else the one
    found, else ``~/.config/giganten/config.toml``)."""
    stream = stdin or sys.stdin
    if stream.isatty():
        pin = getpass.getpass("New arbiter PIN: ")
        if getpass.getpass("The same PIN again: ") != pin:
            raise UsageError("the two PINs differ: nothing was changed")
    else:
        pin = stream.readline().strip()
    try:
        hashed = hash_pin(pin)
    except RefereeError as err:
        raise UsageError(f"{err}: nothing was changed") from None
    try:
        path = find_config(args.config)
    except ConfigError as err:
        raise UsageError(str(err)) from None
    if path is None:
        path = Path(os.path.expanduser("~/.config/giganten/config.toml"))
    write_pin_hash(path, hashed)
    print(f"The arbiter PIN is set: its hash is in [referee] pin_hash of {path}.")
    return 0


def write_pin_hash(path: Path, hashed: str) -> None:
    """Put ``pin_hash = "…"`` into the ``[referee]`` section of the TOML file at ``path``
    (made if missing), keeping every other line; the result is checked before it is
    written. ``UsageError`` if the file cannot be read, written or would not be valid."""
    try:
        text = path.read_text("utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read {path}: {err}") from None
    line = f'pin_hash = "{hashed}"'
    lines = text.splitlines()
    start = next((i for i, item in enumerate(lines) if item.strip() == "[referee]"), None)
    if start is None:
        lines += ["", "[referee]", line]
    else:
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].lstrip().startswith("[")), len(lines))
        old = next((i for i in range(start + 1, end)
                    if re.match(r"\s*pin_hash\s*=", lines[i])), None)
        if old is None:
            lines.insert(start + 1, line)
        else:
            lines[old] = line
    new = "\n".join(lines).lstrip("\n") + "\n"
    try:
        parse_config(new, path)
    except ConfigError as err:
        raise UsageError(f"{path} would not be a valid config with the PIN: {err}") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.new")
        temporary.write_text(new, "utf-8")
        os.chmod(temporary, 0o600 if not path.exists() else path.stat().st_mode & 0o777)
        os.replace(temporary, path)
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None


__all__ = ["referee_config", "set_pin", "write_pin_hash"]
