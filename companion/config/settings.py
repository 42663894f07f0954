"""The validated configuration: what a config file may say, as frozen dataclasses.

The reader settings (``SpiConfig``, the decoder tree on the Pi's own SPI bus;
``SerialConfig`` and its ``TileConfig`` tiles), the paths, the referee's
(``RefereeConfig``, ``IllegalMovePolicy``) and the club event's (``EventConfig``), all in
one ``Config``; ``Config()`` is the documented default, the simulated board. The limits
the checks hold them to (``BCM_PINS``, ``SPI_BUS_PINS``, ``MAX_SPI_HZ``) are here too, and
``ConfigError``, the one error of a file that cannot be used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.clock import TimeControl

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
    """``[referee]``: the arbiter's PIN (a salted PBKDF2 hash, ``brettl referee
    --set-pin``), who holds it, the time control and the illegal-move policy."""

    pin_hash: str | None = None
    arbiter: str = "arbiter"
    time: TimeControl | None = None
    illegal: IllegalMovePolicy = field(default_factory=IllegalMovePolicy)
    rules: dict[str, Any] = field(default_factory=dict)
    """``[referee.rules]``: the referee rule options of the game's rule set
    (``companion.games.giganten.referee_options.RefereeOptions.from_dict``: two_squares, chasing,
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
    paths: PathsConfig = field(default_factory=PathsConfig)
    referee: RefereeConfig = field(default_factory=RefereeConfig)
    layouts: dict[str, tuple[int, int]] = field(default_factory=dict)
    """``[layout.<game>] origin``: per game played on a smaller board than the readers'
    (Strategus, Gimmel), the reader square ``(file, rank)`` under the game's a1; a game not
    named here is centred on the reader board (``hardware.layout``)."""
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
