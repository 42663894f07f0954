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
documented default). This package only reads: it opens no device and changes no pin.

The package: ``settings`` (the validated configuration), ``loading`` (finding and reading
the file), ``checker`` (checking its TOML, every problem at once). Every public name is
importable from ``companion.config`` itself.
"""

from __future__ import annotations

from companion.config.loading import (
    CONFIG_ENV,
    SEARCH_PATHS,
    SYSTEM_CONFIG,
    USER_CONFIG,
    find_config,
    load_config,
    parse_config,
)
from companion.config.settings import (
    BACKENDS,
    BCM_PINS,
    MAX_SPI_HZ,
    ROTATIONS,
    SPI_BUS_PINS,
    Config,
    ConfigError,
    EventConfig,
    IllegalMovePolicy,
    PathsConfig,
    RefereeConfig,
    SerialConfig,
    SpiConfig,
    TileConfig,
)

__all__ = [
    "BACKENDS",
    "BCM_PINS",
    "CONFIG_ENV",
    "MAX_SPI_HZ",
    "ROTATIONS",
    "SEARCH_PATHS",
    "SPI_BUS_PINS",
    "SYSTEM_CONFIG",
    "USER_CONFIG",
    "Config",
    "ConfigError",
    "EventConfig",
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
