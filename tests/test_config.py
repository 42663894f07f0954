"""The config file: parsing, validation messages that name the key, the search order."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from companion.config import (
    CONFIG_ENV,
    Config,
    ConfigError,
    find_config,
    load_config,
    parse_config,
)
from hardware.backends import backend_from_config

ROOT = Path(__file__).resolve().parents[1]
SOURCE = "/etc/giganten/config.toml"

SPI = """
[reader]
backend = "spi"
[reader.spi]
address_pins = [5, 6, 12, 13, 16, 19, 20, 21]
enable_pin = 26
reset_address_pins = [22, 23, 24, 25]
reset_enable_pin = 27
"""

SERIAL = """
[reader]
backend = "serial"
[[reader.serial.tiles]]
port = "/dev/ttyACM0"
origin = "a1"
[[reader.serial.tiles]]
port = "/dev/ttyACM1"
origin = "h1"
rotation = 90
[[reader.serial.tiles]]
port = "/dev/ttyACM2"
origin = "a8"
[[reader.serial.tiles]]
port = "/dev/ttyACM3"
origin = "h8"
rotation = 180
"""


def problems(text: str) -> list[str]:
    """The problems of a config text, each without the file name in front."""
    with pytest.raises(ConfigError) as caught:
        parse_config(text, SOURCE)
    prefix = f"{SOURCE}: "
    assert all(line.startswith(prefix) for line in caught.value.problems)
    assert str(caught.value) == "\n".join(caught.value.problems)
    return [line[len(prefix):] for line in caught.value.problems]


def test_an_empty_file_is_the_simulated_default() -> None:
    config = parse_config("", SOURCE)
    assert (config.backend, config.files, config.ranks) == ("sim", 14, 14)
    assert config.source == Path(SOURCE)
    assert Config().backend == "sim" and Config().source is None


def test_the_example_file_is_valid_and_so_are_its_commented_designs() -> None:
    example = (ROOT / "config.example.toml").read_text("utf-8")
    assert parse_config(example).backend == "sim"
    # Uncomment every example key: the SPI design as the example gives it must be valid.
    setting = re.compile(r"# (\[|[a-z_]+ = )")
    lines = [line[2:] if setting.match(line) else line for line in example.splitlines()]
    uncommented = "\n".join(lines)
    tomllib.loads(uncommented)
    spi = parse_config(uncommented.replace('backend = "sim"', 'backend = "spi"'))
    assert spi.spi.address_pins == (5, 6, 12, 13, 16, 19, 20, 21)
    serial = parse_config(uncommented.replace('backend = "sim"', 'backend = "serial"'))
    assert serial.serial.tiles[0].port == "/dev/ttyACM0"
    assert len(serial.serial.tiles) == 4


def test_spi_settings_are_read() -> None:
    config = parse_config(SPI, SOURCE)
    assert config.backend == "spi"
    assert config.spi.reset_address_pins == (22, 23, 24, 25)
    assert (config.spi.enable_pin, config.spi.reset_enable_pin) == (26, 27)
    assert (config.spi.bus, config.spi.device, config.spi.timeout_ms) == (0, 0, 2)


def test_serial_tiles_cover_the_board() -> None:
    config = parse_config(SERIAL, SOURCE)
    tiles = config.serial.tiles
    assert [(t.origin_name, t.origin, t.rotation) for t in tiles] == [
        ("a1", 0, 0), ("h1", 7, 90), ("a8", 98, 0), ("h8", 105, 180)]
    assert len(frozenset().union(*(t.squares for t in tiles))) == 196
    assert 14 * 7 + 7 in tiles[3].squares and 0 not in tiles[3].squares


def test_the_message_of_the_brief() -> None:
    text = SPI.replace("[5, 6, 12, 13,", "[5, 6, 12, 28,")
    assert problems(text) == ["reader.spi.address_pins[3]: 28 is not a BCM GPIO pin (0–27)"]


def test_every_problem_is_reported_at_once() -> None:
    text = """
[board]
files = 0
rank = 14
[reader]
backend = "serail"
"""
    assert problems(text) == [
        "board.rank: unknown key; did you mean 'ranks'?",
        "board.files: 0 is out of range (1–28 squares)",
        "reader.backend: 'serail' is not a backend (one of sim, spi, serial);"
        " did you mean 'serial'?",
    ]


def test_unknown_keys_everywhere_are_named_with_a_suggestion() -> None:
    text = SERIAL.replace('origin = "h1"', 'origin = "h1"\nrotaton = 90') + """
[reader.spi]
adress_pins = [1]
[paths]
logdir = "/x"
[sound]
"""
    found = problems(text)
    assert "reader.serial.tiles[1].rotaton: unknown key; did you mean 'rotation'?" in found
    assert "reader.spi.adress_pins: unknown key; did you mean 'address_pins'?" in found
    assert "paths.logdir: unknown key; did you mean 'log_dir'?" in found
    assert any(p.startswith("sound: unknown key; known keys here: board, reader") for p in found)


def test_pins_used_twice_name_both_keys() -> None:
    text = SPI.replace("reset_enable_pin = 27", "reset_enable_pin = 26")
    assert problems(text) == [
        "reader.spi.reset_enable_pin: GPIO 26 is already used by reader.spi.enable_pin"]


def test_spi_pins_collide_with_the_bus_only_when_spi_is_the_backend() -> None:
    assert problems(SPI.replace("[5, 6,", "[8, 6,")) == [
        "reader.spi.address_pins[0]: GPIO 8 is already used by CE0 of SPI bus 0"]
    sim = SPI.replace('backend = "spi"', 'backend = "sim"')
    assert parse_config(sim.replace("[5, 6,", "[8, 6,")).backend == "sim"


def test_too_few_address_lines_for_the_board() -> None:
    text = SPI.replace("[5, 6, 12, 13, 16, 19, 20, 21]", "[5, 6, 12, 13, 16, 19, 20]")
    assert problems(text) == ["reader.spi.address_pins: 7 address lines select at most 128"
                              " readers, the board has 196; give 8"]
    small = "[board]\nfiles = 7\nranks = 7\n" + text
    assert parse_config(small).spi.address_pins == (5, 6, 12, 13, 16, 19, 20)
    rows = SPI.replace("[22, 23, 24, 25]", "[22, 23, 24]")
    assert problems(rows) == ["reader.spi.reset_address_pins: 3 address lines select at most 8"
                              " rows of readers, the board has 14; give 4"]


def test_spi_backend_needs_its_table_and_numbers_in_range() -> None:
    assert problems('[reader]\nbackend = "spi"\n') == [
        "reader.spi: backend 'spi' needs a [reader.spi] table with the address_pins of the"
        " decoder tree"]
    found = problems(SPI + "speed_hz = 20000000\ntimeout_ms = 0\nbus = 9\n")
    assert found == [
        "reader.spi.bus: 9 is out of range (0–6)",
        "reader.spi.speed_hz: 20000000 is out of range (10000–10000000 Hz; the MFRC522 allows"
        " up to 10 MHz)",
        "reader.spi.timeout_ms: 0 is out of range (1–100 ms)",
    ]
    assert problems(SPI.replace("[5, 6, 12, 13, 16, 19, 20, 21]", "5")) == [
        "reader.spi.address_pins: must be a list of BCM GPIO numbers, like [5, 6, 13], not"
        " a number 5"]


def test_serial_tiles_are_checked() -> None:
    overlap = SERIAL.replace('origin = "h8"', 'origin = "g8"')
    found = problems(overlap)
    assert found[0] == "reader.serial.tiles[3]: overlaps reader.serial.tiles[2] (both cover g8)"
    assert found[1].startswith("reader.serial.tiles: 7 squares are covered by no tile (n8,")
    assert problems(SERIAL.replace("ttyACM3", "ttyACM0")) == [
        "reader.serial.tiles[3].port: '/dev/ttyACM0' is also the port of reader.serial.tiles[0]"]
    assert problems(SERIAL.replace('origin = "h8"', 'origin = "i8"')) == [
        "reader.serial.tiles[3].origin: a 7×7 tile from i8 reaches o14, off the 14×14 board"]
    assert problems(SERIAL.replace("rotation = 90", "rotation = 45")) == [
        "reader.serial.tiles[1].rotation: 45 is not one of 0, 90, 180, 270"]
    assert problems(SERIAL.replace('origin = "a8"', 'origin = "8a"')) == [
        "reader.serial.tiles[2].origin: '8a' is not a square name (like h8)"]
    assert problems('[reader]\nbackend = "serial"\n') == [
        "reader.serial.tiles: backend 'serial' needs at least one [[reader.serial.tiles]]"
        " with its port"]
    one_tile = "[board]\nfiles = 7\nranks = 7\n" + SERIAL.split("[[reader.serial.tiles]]\nport"
                                                                 ' = "/dev/ttyACM1"')[0]
    assert len(parse_config(one_tile).serial.tiles) == 1


def test_paths_must_be_absolute() -> None:
    config = parse_config('[paths]\nlog_dir = "/var/lib/giganten/games"\n')
    assert config.paths.log_dir == Path("/var/lib/giganten/games")
    assert problems('[paths]\nregistry = "registry.json"\n') == [
        "paths.registry: 'registry.json' is not an absolute path (start it with /)"]


def test_bad_toml_names_the_file_and_line() -> None:
    found = problems("[board]\nfiles = = 3\n")
    assert found[0].startswith("not valid TOML: ") and "line 2" in found[0]
    assert problems("board = 3\n") == ["board: must be a table ([board]), not a number 3"]


def test_search_order(tmp_path: Path) -> None:
    home = tmp_path / "home"
    user = home / ".config/giganten/config.toml"
    system = tmp_path / "etc/config.toml"
    search = (system, Path("~/.config/giganten/config.toml"))
    env: dict[str, str] = {}
    assert find_config(environ=env, home=home, search=search) is None
    assert load_config(environ=env, home=home, search=search) == Config()
    user.parent.mkdir(parents=True)
    user.write_text('[reader]\nbackend = "spi"\n[reader.spi]\naddress_pins = [1,2,3,4,5,6,7,14]\n')
    assert find_config(environ=env, home=home, search=search) == user
    system.parent.mkdir(parents=True)
    system.write_text("[board]\nfiles = 7\nranks = 7\n")
    assert find_config(environ=env, home=home, search=search) == system
    named = tmp_path / "named.toml"
    named.write_text("")
    env[CONFIG_ENV] = str(named)
    assert find_config(environ=env, home=home, search=search) == named
    explicit = tmp_path / "explicit.toml"
    explicit.write_text('[reader]\nbackend = "sim"\n')
    assert find_config(explicit, environ=env, home=home, search=search) == explicit
    assert load_config(explicit, environ=env, home=home, search=search).source == explicit
    assert load_config(environ={}, home=home, search=search).files == 7


def test_a_named_file_that_is_missing_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nowhere.toml: no such config file \(named by"
                                          r" --config\)"):
        find_config(tmp_path / "nowhere.toml", environ={})
    with pytest.raises(ConfigError, match=r"named by \$GIGANTEN_CONFIG"):
        load_config(environ={CONFIG_ENV: str(tmp_path / "gone.toml")})
    bad = tmp_path / "bad.toml"
    bad.write_text("[board]\nfiles = 99\n")
    with pytest.raises(ConfigError, match=rf"^{bad}: board.files: 99 is out of range"):
        load_config(bad, environ={})


def test_backend_from_config_keeps_the_command_line_first() -> None:
    sim = Config()
    assert backend_from_config(sim, environ={}) == "sim"
    spi = parse_config(SPI, SOURCE)
    assert backend_from_config(spi, sim=True, environ={}) == "sim"
    assert backend_from_config(spi, "sim", environ={}) == "sim"
    assert backend_from_config(spi, environ={"GIGANTEN_BACKEND": "sim"}) == "sim"
    assert backend_from_config(spi, environ={}) == "spi"
