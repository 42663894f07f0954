"""The companion's one configuration file: which reader design, ports, pins and paths.

The file is TOML (``config.example.toml`` at the repository root has every key, commented).
``load_config`` finds it, parses it and validates all of it at start, so that a wrong pin
is reported before any hardware is touched, with the file and the key in the message::

    /etc/giganten/config.toml: reader.spi.address_pins[3]: 28 is not a BCM GPIO pin (0–27)

Every problem of a file is reported at once (one per line of the ``ConfigError``), unknown
keys with a did-you-mean, pins used twice with both keys.

Where the file is looked for, first found wins (``find_config``):

1. ``--config PATH`` (it must exist),
2. ``$GIGANTEN_CONFIG`` (it must exist),
3. ``/etc/giganten/config.toml``,
4. ``~/.config/giganten/config.toml``.

With none of them there the companion runs on the simulated board (``Config()``, the
documented default). This module only reads: it opens no device and changes no pin.
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.clock import DEFAULT_SETUP_S, ClockError, TimeControl
from companion.games.giganten.board import TILE_SIZE
from companion.games.giganten.squares import parse_square_name, square_name

__all__ = [
    "BACKENDS",
    "BCM_PINS",
    "CONFIG_ENV",
    "SEARCH_PATHS",
    "Config",
    "ConfigError",
    "EventConfig",
    "ExtrasConfig",
    "IllegalMovePolicy",
    "PathsConfig",
    "RefereeConfig",
    "SerialConfig",
    "SpiConfig",
    "TileConfig",
    "find_config",
    "load_config",
    "parse_config",
]

CONFIG_ENV = "GIGANTEN_CONFIG"
"""The environment variable naming a config file (after ``--config``)."""

SYSTEM_CONFIG = Path("/etc/giganten/config.toml")
USER_CONFIG = Path("~/.config/giganten/config.toml")
SEARCH_PATHS: tuple[Path, ...] = (SYSTEM_CONFIG, USER_CONFIG)
"""Where a config file is looked for when neither ``--config`` nor ``$GIGANTEN_CONFIG``
names one (``~`` is the home of the user running the companion)."""

BACKENDS: tuple[str, ...] = ("sim", "spi", "serial")
"""The values of ``reader.backend``."""

BCM_PINS = range(0, 28)
"""The GPIO numbers (BCM) on the 40-pin header of a Raspberry Pi 4 or 5."""

SPI_BUS_PINS: dict[int, dict[int, str]] = {
    0: {7: "CE1", 8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"},
    1: {16: "CE2", 17: "CE1", 18: "CE0", 19: "MISO", 20: "MOSI", 21: "SCLK"},
}
"""The header pins each SPI bus takes when it is enabled (``dtparam=spi=on`` for bus 0,
``dtoverlay=spi1-3cs`` for bus 1); no other function may use them."""

MAX_SPI_HZ = 10_000_000
"""The MFRC522 datasheet's SPI limit (10 Mbit/s)."""

ROTATIONS = (0, 90, 180, 270)


class ConfigError(ValueError):
    """A config file that cannot be used: one line per problem, each naming file and key."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(problems))


# --- the validated configuration --------------------------------------------------------------


@dataclass(frozen=True)
class SpiConfig:
    """Direct SPI (``reader.backend = "spi"``): the Pi drives every reader through decoders.

    ``address_pins`` carry the reader's number (least significant bit first) into the
    74HC154 decoder tree; the hardware chip select ``CE<device>`` of SPI ``bus`` is the
    per-transaction strobe into the decoders' enable. ``enable_pin``, if given, is an extra
    active-low gate of the whole tree (held high while the address lines change).
    ``reset_address_pins`` select the row (rank) whose readers are awake through the
    74HC238 reset decoder, ``reset_enable_pin`` enables it; without them every reader's
    RST is tied high (all awake, see wiring.md for the power this costs).
    """

    bus: int = 0
    device: int = 0
    speed_hz: int = 4_000_000
    address_pins: tuple[int, ...] = ()
    enable_pin: int | None = None
    reset_address_pins: tuple[int, ...] = ()
    reset_enable_pin: int | None = None
    timeout_ms: int = 2
    rx_gain: int | None = None
    """RFCfgReg RxGain (0-7) of every reader; None keeps the chip's 33 dB (wiring.md)."""
    cwgsp: int | None = None
    """CWGsPReg (0-63) of every reader: lower shortens the field; None keeps 32."""

    def pins(self) -> dict[str, int]:
        """Every GPIO these settings use, by the key that names it."""
        used = {f"reader.spi.address_pins[{i}]": pin for i, pin in enumerate(self.address_pins)}
        used.update({f"reader.spi.reset_address_pins[{i}]": pin
                     for i, pin in enumerate(self.reset_address_pins)})
        if self.enable_pin is not None:
            used["reader.spi.enable_pin"] = self.enable_pin
        if self.reset_enable_pin is not None:
            used["reader.spi.reset_enable_pin"] = self.reset_enable_pin
        return used


@dataclass(frozen=True)
class TileConfig:
    """One section controller (an RP2040 scanning one 7×7 tile) on one USB serial port.

    ``origin`` is the board square (0-based index) under the tile's own square a1, the
    corner nearest Yellow's left hand when ``rotation`` is 0; ``rotation`` (0, 90, 180,
    270 degrees, counter-clockwise) says how the tile was turned when it was laid.
    """

    port: str
    origin: int
    origin_name: str
    rotation: int = 0
    squares: frozenset[int] = frozenset()
    """The board squares this tile's readers cover."""


@dataclass(frozen=True)
class SerialConfig:
    """Section controllers (``reader.backend = "serial"``): one tile per USB serial port."""

    tiles: tuple[TileConfig, ...] = ()


@dataclass(frozen=True)
class ExtrasConfig:
    """Optional GPIO extras (BCM numbers; None: not fitted)."""

    led_yellow: int | None = None
    led_orange: int | None = None
    buzzer: int | None = None
    confirm_button: int | None = None

    def pins(self) -> dict[str, int]:
        """Every GPIO the fitted extras use, by the key that names it."""
        return {f"extras.{name}": pin for name, pin in (
            ("led_yellow", self.led_yellow), ("led_orange", self.led_orange),
            ("buzzer", self.buzzer), ("confirm_button", self.confirm_button))
            if pin is not None}


@dataclass(frozen=True)
class PathsConfig:
    """Where the companion keeps its state (None: the built-in default)."""

    log_dir: Path | None = None
    registry: Path | None = None


@dataclass(frozen=True)
class IllegalMovePolicy:
    """What a refused move costs in referee mode (FIDE 7.5 style): always refused and
    restored; optionally ``penalty_s`` added to each opponent's clock, and the game lost
    at the ``lose_after``-th offence (0: never)."""

    penalty_s: float = 0.0
    lose_after: int = 0


@dataclass(frozen=True)
class RefereeConfig:
    """``[referee]``: the arbiter's PIN (a salted PBKDF2 hash, ``giganten referee
    --set-pin``), who holds it, the time control and the illegal-move policy."""

    pin_hash: str | None = None
    arbiter: str = "arbiter"
    time: TimeControl | None = None
    illegal: IllegalMovePolicy = field(default_factory=IllegalMovePolicy)
    rules: dict[str, Any] = field(default_factory=dict)
    """``[referee.rules]``: the referee rule options of the game's rule set
    (``companion.games.giganten.referee.RefereeOptions.from_dict``: two_squares, chasing,
    no_challenge_limit, turn_limit); empty: the club defaults."""


@dataclass(frozen=True)
class EventConfig:
    """The club event this table publishes to (``[event]``; docs/club.md). The table's
    broker user is ``username``, by default the table id; its password is ``password``
    or, better, the first line of ``password_file`` (read by ``club.config``)."""

    host: str
    event: str
    table: str
    port: int = 1883
    round: str = ""
    username: str | None = None
    password: str | None = None
    password_file: Path | None = None
    tls: bool = False
    ca_file: Path | None = None
    """The club's own CA certificate for TLS (implies ``tls``)."""


@dataclass(frozen=True)
class Config:
    """A whole validated configuration. ``Config()`` is the default: the simulated board."""

    files: int = 14
    ranks: int = 14
    backend: str = "sim"
    spi: SpiConfig = field(default_factory=SpiConfig)
    serial: SerialConfig = field(default_factory=SerialConfig)
    extras: ExtrasConfig = field(default_factory=ExtrasConfig)
    paths: PathsConfig = field(default_factory=PathsConfig)
    referee: RefereeConfig = field(default_factory=RefereeConfig)
    event: EventConfig | None = None
    """The club event to publish to; None: no ``[event]`` section, the table plays alone."""
    source: Path | None = None
    """The file it was read from; None for the built-in default."""

    @property
    def squares(self) -> int:
        """The number of squares (and readers) of the board."""
        return self.files * self.ranks

    def describe(self) -> str:
        """One line saying where this configuration came from, for start-up messages."""
        where = str(self.source) if self.source is not None else "no config file (default)"
        return f"{where}: backend {self.backend}, board {self.files}×{self.ranks}"


# --- finding and loading ----------------------------------------------------------------------


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
    checker = _Checker(str(source))
    config = checker.config(data, Path(source) if source != "<config>" else None)
    if checker.problems:
        raise ConfigError(checker.problems)
    return config


# --- validation -------------------------------------------------------------------------------


_SCHEMA: dict[str, tuple[str, ...]] = {
    "": ("board", "reader", "extras", "paths", "referee", "event"),
    "board": ("files", "ranks"),
    "reader": ("backend", "spi", "serial"),
    "reader.spi": ("bus", "device", "speed_hz", "address_pins", "enable_pin",
                   "reset_address_pins", "reset_enable_pin", "timeout_ms", "rx_gain",
                   "cwgsp"),
    "reader.serial": ("tiles",),
    "reader.serial.tiles": ("port", "origin", "rotation"),
    "extras": ("led_yellow", "led_orange", "buzzer", "confirm_button"),
    "paths": ("log_dir", "registry"),
    "referee": ("pin_hash", "arbiter", "time_control", "setup_minutes",
                "illegal_penalty_seconds", "illegal_loss_after", "rules"),
    "event": ("host", "port", "event", "table", "round", "username", "password",
              "password_file", "tls", "ca_file"),
}

_SLUG = re.compile(r"[a-z0-9-]+")
"""Event and table ids: they become parts of MQTT topics and broker ACLs."""


class _Checker:
    """Collects every problem of one file while building its ``Config``."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[str] = []

    def fail(self, key: str, message: str) -> None:
        self.problems.append(f"{self.source}: {key}: {message}" if key
                             else f"{self.source}: {message}")

    # -- structure --

    def table(self, data: Mapping[str, Any], key: str, schema: str) -> dict[str, Any]:
        """The table at ``key`` of ``data`` (empty if absent), its unknown keys reported."""
        value = data.get(key.rsplit(".", 1)[-1], {}) if key else data
        if not isinstance(value, dict):
            self.fail(key, f"must be a table ([{key}]), not {_kind(value)}")
            return {}
        self.unknown(value, key, schema)
        return value

    def unknown(self, table: Mapping[str, Any], key: str, schema: str) -> None:
        known = _SCHEMA[schema]
        for name in table:
            if name not in known:
                where = f"{key}.{name}" if key else name
                close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
                hint = (f"did you mean '{close[0]}'?" if close
                        else f"known keys here: {', '.join(known)}")
                self.fail(where, f"unknown key; {hint}")

    # -- values --

    def integer(self, table: Mapping[str, Any], key: str, default: int, low: int, high: int,
                unit: str = "") -> int:
        name = key.rsplit(".", 1)[-1]
        if name not in table:
            return default
        value = table[name]
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"must be a whole number, not {_kind(value)}")
            return default
        if not low <= value <= high:
            self.fail(key, f"{value} is out of range ({low}–{high}{unit})")
            return default
        return value

    def pin(self, table: Mapping[str, Any], key: str, label: str | None = None) -> int | None:
        name = key.rsplit(".", 1)[-1]
        if name not in table:
            return None
        return self.pin_value(table[name], label or key)

    def pin_value(self, value: Any, key: str) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"must be a BCM GPIO number (0–27), not {_kind(value)}")
            return None
        if value not in BCM_PINS:
            self.fail(key, f"{value} is not a BCM GPIO pin (0–27)")
            return None
        return value

    def pin_list(self, table: Mapping[str, Any], key: str) -> tuple[int, ...]:
        name = key.rsplit(".", 1)[-1]
        value = table.get(name, [])
        if not isinstance(value, list):
            self.fail(key, f"must be a list of BCM GPIO numbers, like [5, 6, 13], not"
                           f" {_kind(value)}")
            return ()
        pins = [self.pin_value(item, f"{key}[{index}]") for index, item in enumerate(value)]
        return tuple(pin for pin in pins if pin is not None)

    def path(self, table: Mapping[str, Any], key: str) -> Path | None:
        name = key.rsplit(".", 1)[-1]
        if name not in table:
            return None
        value = table[name]
        if not isinstance(value, str) or not value:
            self.fail(key, f"must be a path in quotes, not {_kind(value)}")
            return None
        if not Path(value).is_absolute():
            self.fail(key, f"'{value}' is not an absolute path (start it with /)")
            return None
        return Path(value)

    # -- sections --

    def config(self, data: Mapping[str, Any], source: Path | None) -> Config:
        top = self.table(data, "", "")
        board = self.table(top, "board", "board")
        files = self.integer(board, "board.files", 14, 1, 28, " squares")
        ranks = self.integer(board, "board.ranks", 14, 1, 28, " squares")
        reader = self.table(top, "reader", "reader")
        backend = reader.get("backend", "sim")
        if not isinstance(backend, str) or backend not in BACKENDS:
            shown = f"'{backend}'" if isinstance(backend, str) else _kind(backend)
            close = (difflib.get_close_matches(backend, BACKENDS, n=1, cutoff=0.5)
                     if isinstance(backend, str) else [])
            hint = f"; did you mean '{close[0]}'?" if close else ""
            self.fail("reader.backend", f"{shown} is not a backend (one of"
                                        f" {', '.join(BACKENDS)}){hint}")
            backend = "sim"
        spi = self.spi(self.table(reader, "reader.spi", "reader.spi"),
                       files * ranks, ranks, required=backend == "spi" and "spi" in reader)
        if backend == "spi" and "spi" not in reader:
            self.fail("reader.spi", "backend 'spi' needs a [reader.spi] table with the"
                                    " address_pins of the decoder tree")
        serial = self.serial(self.table(reader, "reader.serial", "reader.serial"),
                             files, ranks, required=backend == "serial")
        extras_table = self.table(top, "extras", "extras")
        extras = ExtrasConfig(**{name: self.pin(extras_table, f"extras.{name}")
                                 for name in _SCHEMA["extras"]})
        paths_table = self.table(top, "paths", "paths")
        paths = PathsConfig(log_dir=self.path(paths_table, "paths.log_dir"),
                            registry=self.path(paths_table, "paths.registry"))
        self.shared_pins(backend, spi, extras)
        referee = self.referee(self.table(top, "referee", "referee"))
        event_table = self.table(top, "event", "event")
        event = self.event(event_table) if isinstance(top.get("event"), dict) else None
        return Config(files=files, ranks=ranks, backend=backend, spi=spi, serial=serial,
                      extras=extras, paths=paths, referee=referee, event=event,
                      source=source)

    def referee(self, table: Mapping[str, Any]) -> RefereeConfig:
        texts: dict[str, str | None] = {}
        for name in ("pin_hash", "arbiter", "time_control"):
            value = table.get(name)
            if value is not None and (not isinstance(value, str) or not value.strip()):
                self.fail(f"referee.{name}", f"must be text in quotes, not {_kind(value)}")
                value = None
            texts[name] = value
        pin_hash = texts["pin_hash"]
        if pin_hash is not None and not pin_hash.startswith("pbkdf2_sha256$"):
            self.fail("referee.pin_hash", "is not a PIN hash: write it with giganten referee"
                                          " --set-pin (never the PIN itself)")
            pin_hash = None
        setup = self.integer(table, "referee.setup_minutes", int(DEFAULT_SETUP_S // 60), 0, 120,
                             " minutes")
        time: TimeControl | None = None
        if texts["time_control"] is not None:
            try:
                time = TimeControl.parse(texts["time_control"], setup_s=setup * 60.0)
            except ClockError as err:
                self.fail("referee.time_control", str(err))
        illegal = IllegalMovePolicy(
            penalty_s=float(self.integer(table, "referee.illegal_penalty_seconds", 0, 0, 3600,
                                         " s")),
            lose_after=self.integer(table, "referee.illegal_loss_after", 0, 0, 100))
        rules = table.get("rules", {})
        if not isinstance(rules, dict):
            self.fail("referee.rules", f"must be a table ([referee.rules]), not {_kind(rules)}")
            rules = {}
        return RefereeConfig(pin_hash=pin_hash, arbiter=texts["arbiter"] or "arbiter",
                             time=time, illegal=illegal, rules=dict(rules))

    def text(self, table: Mapping[str, Any], key: str, *, slug: bool = False,
             required: bool = False) -> str | None:
        """A string value (a slug: ``[a-z0-9-]+``), or None if absent and not required."""
        name = key.rsplit(".", 1)[-1]
        if name not in table:
            if required:
                self.fail(key, "missing" + (": a short id like t07" if slug else ""))
            return None
        value = table[name]
        if not isinstance(value, str) or not value.strip():
            self.fail(key, f"must be text in quotes, not {_kind(value)}")
            return None
        if slug and not _SLUG.fullmatch(value):
            self.fail(key, f"'{value}' must be lower-case letters, digits and '-' only"
                           " (it becomes part of the MQTT topics)")
            return None
        return value

    def event(self, table: Mapping[str, Any]) -> EventConfig | None:
        """``[event]``: the club event's broker and this table's ids (docs/club.md)."""
        host = self.text(table, "event.host", required=True)
        event = self.text(table, "event.event", slug=True, required=True)
        board = self.text(table, "event.table", slug=True, required=True)
        port = self.integer(table, "event.port", 1883, 1, 65535)
        tls = table.get("tls", False)
        if not isinstance(tls, bool):
            self.fail("event.tls", f"must be true or false, not {_kind(tls)}")
            tls = False
        if "password" in table and "password_file" in table:
            self.fail("event.password", "give password or password_file, not both")
        round_, username = self.text(table, "event.round"), self.text(table, "event.username")
        password = self.text(table, "event.password")
        password_file = self.path(table, "event.password_file")
        ca_file = self.path(table, "event.ca_file")
        if host is None or event is None or board is None:
            return None
        return EventConfig(host=host, event=event, table=board, port=port,
                           round=round_ or "", username=username, password=password,
                           password_file=password_file, tls=tls, ca_file=ca_file)

    def spi(self, table: Mapping[str, Any], squares: int, ranks: int,
            required: bool) -> SpiConfig:
        key = "reader.spi"
        spi = SpiConfig(
            bus=self.integer(table, f"{key}.bus", 0, 0, 6),
            device=self.integer(table, f"{key}.device", 0, 0, 2),
            speed_hz=self.integer(table, f"{key}.speed_hz", SpiConfig.speed_hz, 10_000,
                                  MAX_SPI_HZ, " Hz; the MFRC522 allows up to 10 MHz"),
            address_pins=self.pin_list(table, f"{key}.address_pins"),
            enable_pin=self.pin(table, f"{key}.enable_pin"),
            reset_address_pins=self.pin_list(table, f"{key}.reset_address_pins"),
            reset_enable_pin=self.pin(table, f"{key}.reset_enable_pin"),
            timeout_ms=self.integer(table, f"{key}.timeout_ms", SpiConfig.timeout_ms, 1, 100,
                                    " ms"),
            rx_gain=self.integer(table, f"{key}.rx_gain", 4, 0, 7, " (RFCfgReg RxGain)")
            if "rx_gain" in table else None,
            cwgsp=self.integer(table, f"{key}.cwgsp", 32, 0, 63, " (CWGsPReg)")
            if "cwgsp" in table else None,
        )
        if required:
            self.enough_lines(table, "address_pins", spi.address_pins, squares, "readers")
            if "reset_address_pins" in table:
                self.enough_lines(table, "reset_address_pins", spi.reset_address_pins, ranks,
                                  "rows of readers")
        return spi

    def enough_lines(self, table: Mapping[str, Any], name: str, pins: tuple[int, ...],
                     needed: int, what: str) -> None:
        given = table.get(name, [])
        if not isinstance(given, list) or len(pins) != len(given):
            return  # already reported
        if 2 ** len(pins) < needed:
            bits = max(needed - 1, 1).bit_length()
            self.fail(f"reader.spi.{name}", f"{len(pins)} address lines select at most"
                                             f" {2 ** len(pins)} {what}, the board has {needed};"
                                             f" give {bits}")

    def serial(self, table: Mapping[str, Any], files: int, ranks: int,
               required: bool) -> SerialConfig:
        raw = table.get("tiles", [])
        if not isinstance(raw, list) or not all(isinstance(item, dict) for item in raw):
            self.fail("reader.serial.tiles", "must be [[reader.serial.tiles]] tables with"
                                             " port, origin and rotation")
            return SerialConfig()
        tiles: list[TileConfig] = []
        ports: dict[str, str] = {}
        owner: dict[int, str] = {}
        for index, item in enumerate(raw):
            key = f"reader.serial.tiles[{index}]"
            self.unknown(item, key, "reader.serial.tiles")
            tile = self.tile(item, key, files, ranks)
            if tile is None:
                continue
            if tile.port in ports:
                self.fail(f"{key}.port", f"'{tile.port}' is also the port of {ports[tile.port]}")
            ports.setdefault(tile.port, key)
            overlap = sorted(tile.squares & owner.keys())
            if overlap:
                first = overlap[0]
                self.fail(key, f"overlaps {owner[first]} (both cover"
                               f" {square_name(first % files, first // files)})")
            for square in tile.squares:
                owner.setdefault(square, key)
            tiles.append(tile)
        if required:
            if not raw:
                self.fail("reader.serial.tiles", "backend 'serial' needs at least one"
                                                 " [[reader.serial.tiles]] with its port")
            elif len(tiles) == len(raw) and len(owner) < files * ranks:
                missing = [sq for sq in range(files * ranks) if sq not in owner]
                names = [square_name(sq % files, sq // files) for sq in missing[:4]]
                more = f" and {len(missing) - 4} more" if len(missing) > 4 else ""
                self.fail("reader.serial.tiles", f"{len(missing)} squares are covered by no"
                                                 f" tile ({', '.join(names)}{more}); add the"
                                                 " missing tiles or make [board] smaller")
        return SerialConfig(tuple(tiles))

    def tile(self, item: Mapping[str, Any], key: str, files: int,
             ranks: int) -> TileConfig | None:
        port = item.get("port")
        good = True
        if not isinstance(port, str) or not port.strip():
            self.fail(f"{key}.port", "missing: the serial device, like \"/dev/ttyACM0\"" if port
                      is None else f"must be a device path in quotes, not {_kind(port)}")
            good = False
        origin_text = item.get("origin", "a1")
        origin: tuple[int, int] | None = None
        if not isinstance(origin_text, str):
            self.fail(f"{key}.origin", f"must be a square name like \"h8\", not"
                                       f" {_kind(origin_text)}")
        else:
            try:
                origin = parse_square_name(origin_text)
            except ValueError:
                self.fail(f"{key}.origin", f"'{origin_text}' is not a square name (like h8)")
        rotation = self.integer(item, f"{key}.rotation", 0, 0, 270, " degrees")
        if rotation not in ROTATIONS:
            self.fail(f"{key}.rotation", f"{rotation} is not one of 0, 90, 180, 270")
            good = False
        if origin is None:
            return None
        file0, rank0 = origin
        if file0 + TILE_SIZE > files or rank0 + TILE_SIZE > ranks:
            last = square_name(file0 + TILE_SIZE - 1, rank0 + TILE_SIZE - 1)
            self.fail(f"{key}.origin", f"a {TILE_SIZE}×{TILE_SIZE} tile from {origin_text}"
                                       f" reaches {last}, off the {files}×{ranks} board")
            return None
        if not good or not isinstance(port, str):
            return None
        squares = frozenset((rank0 + r) * files + file0 + f
                            for r in range(TILE_SIZE) for f in range(TILE_SIZE))
        return TileConfig(port=port, origin=rank0 * files + file0,
                          origin_name=square_name(file0, rank0), rotation=rotation,
                          squares=squares)

    def shared_pins(self, backend: str, spi: SpiConfig, extras: ExtrasConfig) -> None:
        """Report every GPIO that two keys (or a key and the SPI bus) claim."""
        used: dict[int, str] = {}
        claims = list(extras.pins().items())
        if backend == "spi":
            claims = list(spi.pins().items()) + claims
            for pin, function in SPI_BUS_PINS.get(spi.bus, {}).items():
                used[pin] = f"{function} of SPI bus {spi.bus}"
        for key, pin in claims:
            if pin in used:
                self.fail(key, f"GPIO {pin} is already used by {used[pin]}")
            else:
                used[pin] = key


def _kind(value: object) -> str:
    """How a TOML value reads in a message: its type and, for short ones, the value."""
    names: dict[type, str] = {bool: "true/false", int: "a number", float: "a decimal number",
                              str: "text", list: "a list", dict: "a table"}
    name = names.get(type(value), type(value).__name__)
    shown = repr(value) if not isinstance(value, dict | list) else ""
    return f"{name} {shown}".strip() if len(shown) < 30 else name

