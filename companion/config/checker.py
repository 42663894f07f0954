"""Checking a config file's TOML: every key, pin and value, every problem at once.

``Checker`` walks the parsed TOML against ``_SCHEMA`` and builds the ``Config`` of
``settings``, collecting one line per problem (the file, the key, what is wrong and what
to do: unknown keys with a did-you-mean, pins used twice with both keys) instead of
stopping at the first. ``parse_config`` (``loading``) raises them as one ``ConfigError``.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.clock import DEFAULT_SETUP_S, ClockError, TimeControl
from companion.config.settings import (
    BACKENDS,
    BCM_PINS,
    MAX_SPI_HZ,
    ROTATIONS,
    SPI_BUS_PINS,
    Config,
    EventConfig,
    IllegalMovePolicy,
    PathsConfig,
    RefereeConfig,
    SerialConfig,
    SpiConfig,
    TileConfig,
)
from companion.games.giganten.board import TILE_SIZE
from companion.games.giganten.squares import parse_square_name, square_name

LAYOUT_GAMES: tuple[str, ...] = ("strategus", "gimmel")
"""The games whose board may lie anywhere on the reader board (``[layout.<game>]``)."""

_SCHEMA: dict[str, tuple[str, ...]] = {
    "": ("board", "reader", "paths", "referee", "event", "layout"),
    "board": ("files", "ranks"),
    "reader": ("backend", "spi", "serial"),
    "reader.spi": ("bus", "device", "speed_hz", "address_pins", "enable_pin",
                   "reset_address_pins", "reset_enable_pin", "timeout_ms", "rx_gain",
                   "cwgsp"),
    "reader.serial": ("tiles",),
    "reader.serial.tiles": ("port", "origin", "rotation"),
    "layout": LAYOUT_GAMES,
    **{f"layout.{game}": ("origin",) for game in LAYOUT_GAMES},
    "paths": ("log_dir", "registry"),
    "referee": ("pin_hash", "arbiter", "time_control", "setup_minutes",
                "illegal_penalty_seconds", "illegal_loss_after", "rules"),
    "event": ("host", "port", "event", "table", "round", "username", "password",
              "password_file", "tls", "ca_file"),
}

_SLUG = re.compile(r"[a-z0-9-]+")
"""Event and table ids: they become parts of MQTT topics and broker ACLs."""


class Checker:
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
        paths_table = self.table(top, "paths", "paths")
        paths = PathsConfig(log_dir=self.path(paths_table, "paths.log_dir"),
                            registry=self.path(paths_table, "paths.registry"))
        self.shared_pins(backend, spi)
        referee = self.referee(self.table(top, "referee", "referee"))
        event_table = self.table(top, "event", "event")
        event = self.event(event_table) if isinstance(top.get("event"), dict) else None
        layouts = self.layouts(self.table(top, "layout", "layout"), files, ranks)
        return Config(files=files, ranks=ranks, backend=backend, spi=spi, serial=serial,
                      paths=paths, referee=referee, event=event,
                      layouts=layouts, source=source)

    def layouts(self, table: Mapping[str, Any], files: int,
                ranks: int) -> dict[str, tuple[int, int]]:
        """``[layout.<game>] origin``: the reader square under the game's a1, on the board.
        (Whether the game's board then fits is checked when the game opens its readers, as
        its size may depend on the game's options: ``hardware.layout``.)"""
        layouts: dict[str, tuple[int, int]] = {}
        for game in LAYOUT_GAMES:
            key = f"layout.{game}"
            origin = self.table(table, key, key).get("origin")
            if origin is None:
                continue
            where = f"{key}.origin"
            if not isinstance(origin, str):
                self.fail(where, f"must be a square name like \"c3\", not {_kind(origin)}")
                continue
            try:
                file0, rank0 = parse_square_name(origin)
            except ValueError:
                self.fail(where, f"'{origin}' is not a square name (like c3)")
                continue
            if file0 >= files or rank0 >= ranks:
                self.fail(where, f"{origin} is off the {files}×{ranks} reader board ([board])")
                continue
            layouts[game] = (file0, rank0)
        return layouts

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
            self.fail("referee.pin_hash", "is not a PIN hash: write it with brettl referee"
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
            pin = (" (wiring.md, \"Four players\": A8 on GPIO2)"
                   if bits == 9 and name == "address_pins" else "")
            self.fail(f"reader.spi.{name}", f"{len(pins)} address lines select at most"
                                             f" {2 ** len(pins)} {what}, the board has {needed};"
                                             f" give {bits}{pin}")

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

    def shared_pins(self, backend: str, spi: SpiConfig) -> None:
        """Report every GPIO that two keys (or a key and the SPI bus) claim."""
        used: dict[int, str] = {}
        claims: list[tuple[str, int]] = []
        if backend == "spi":
            claims = list(spi.pins().items())
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
