"""Strategus and Gimmel on the real board: their stored registry
(``companion.game_registry``), ``giganten enrol --game`` and ``giganten play --game
--backend serial`` through the game's layout, the section controllers emulated behind
ptys (the firmware's own logic, pyserial on the Pi side)."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.game_registry import (
    Enrolment,
    GameRegistry,
    GameRegistryError,
    registry_path,
    standard_layout,
)
from companion.games import get_game
from companion.identities import Identity, full_set, sim_identities
from companion.reads import parse_uid
from hardware.layout import BoardLayout
from hardware.serial_bus import SectionPort
from hardware.sim import SimBoard
from tests.cli_helpers import home, mode, run
from tests.hardware.serial_peer import FirmwarePeer

__all__ = ["home"]

STRATEGUS = get_game("strategus")
GIMMEL = get_game("gimmel")
UID = "04A1B2C3D4E5F6"


def uid(n: int) -> str:
    return f"04A1B2C3D4{n:04X}"


# --- the registry ------------------------------------------------------------------------


def test_a_registry_is_saved_0600_and_read_back(tmp_path: Path) -> None:
    registry = GameRegistry(STRATEGUS)
    registry.enrol(parse_uid(UID), Identity(0, "hare", 3))
    path = tmp_path / "deep" / "registry-strategus.json"
    registry.save(path)
    assert mode(path) == 0o600
    again = GameRegistry.load(STRATEGUS, path)
    assert again.tags == {parse_uid(UID): Identity(0, "hare", 3)}
    assert [p.describe(STRATEGUS) for p in again.missing(0)][:2] == [
        "red elephant #1", "red grizzly #1"]
    assert len(again.missing(0)) == 39 and len(again.missing(1)) == 40


def test_a_tag_is_under_one_piece_and_a_piece_has_one_tag() -> None:
    registry = GameRegistry(STRATEGUS)
    registry.enrol(parse_uid(UID), Identity(0, "hare", 3))
    with pytest.raises(GameRegistryError, match="already red hare #3's"):
        registry.enrol(parse_uid(UID), Identity(0, "hare", 4))
    with pytest.raises(GameRegistryError, match="has tag 04A1B2C3D4E5F6 already; re-enrol"):
        registry.enrol(parse_uid(uid(1)), Identity(0, "hare", 3))
    registry.enrol(parse_uid(uid(1)), Identity(0, "hare", 3), replace=True)
    assert registry.tags == {parse_uid(uid(1)): Identity(0, "hare", 3)}


@pytest.mark.parametrize("text, says", [
    ("{", "not a registry (not JSON text)"),
    ('{"format": "giganten-registry/1", "tags": []}', "not a Strategus registry"),
    ('{"format": "game-registry/1", "game": "gimmel", "tags": []}', "not a Strategus"),
    ('{"format": "game-registry/1", "game": "strategus", "tags": [{"uid": "04A1B2C3D4E5F6",'
     ' "owner": "green", "kind": "hare", "number": 1}]}', "entry 1: uid and kind"),
    ('{"format": "game-registry/1", "game": "strategus", "tags": [{"uid": "04A1B2C3D4E5F6",'
     ' "owner": "red", "kind": "hare", "number": 9}]}', "Strategus has no red hare #9"),
    ('{"format": "game-registry/1", "game": "strategus", "tags": [{"uid": "04A1B2C3D4E5F6",'
     ' "owner": "red", "kind": "hare", "number": 1}, {"uid": "04A1B2C3D4E5F6",'
     ' "owner": "red", "kind": "hare", "number": 2}]}', "entry 2: tag 04A1B2C3D4E5F6 or"),
])
def test_a_malformed_registry_is_one_line(text: str, says: str, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, "utf-8")
    with pytest.raises(GameRegistryError) as caught:
        GameRegistry.load(STRATEGUS, path)
    assert says in str(caught.value) and "\n" not in str(caught.value)


def test_gimmel_enrols_its_long_set_and_a_game_plays_with_its_own_pieces() -> None:
    registry = GameRegistry(GIMMEL)
    assert len(registry.missing(0)) + len(registry.missing(1)) == 48
    for n, piece in enumerate(registry.missing(0) + registry.missing(1)):
        registry.enrol(parse_uid(uid(n)), piece)
    assert set(registry.for_game({}).values()) == set(full_set(GIMMEL))
    assert len(registry.for_game({"variants": ["long"]})) == 48
    registry.tags.pop(parse_uid(uid(0)))
    with pytest.raises(GameRegistryError) as caught:
        registry.for_game({})
    assert "1 of the 24 pieces have no tag (first: white beetle #1); enrol them" \
        in str(caught.value)


def test_one_by_one_the_tag_that_comes_down_is_the_named_piece() -> None:
    registry = GameRegistry(STRATEGUS)
    enrolment = Enrolment(registry, registry.missing(1))
    assert enrolment.prompt().startswith("Put down blue elephant #1 (40 to go")
    lines = enrolment.see({5: parse_uid(uid(1))})
    assert lines[0] == f"Recorded: blue elephant #1 is tag {uid(1)}."
    assert enrolment.see({5: parse_uid(uid(1))}) == []  # nothing new came down
    two = enrolment.see({5: parse_uid(uid(1)), 6: parse_uid(uid(2)), 7: parse_uid(uid(3))})
    assert two == ["! 2 new tags at once: take them off and put the pieces down one at a time"]
    assert enrolment.see({}) == []
    again = enrolment.see({9: parse_uid(uid(1))})  # the elephant's tag again
    assert again[0].startswith(f"! tag {uid(1)} is already blue elephant #1's")
    assert len(registry.tags) == 1


def test_a_whole_layout_is_enrolled_at_once_or_not_at_all() -> None:
    layout = standard_layout(STRATEGUS, 1)
    assert sorted(layout) == list(range(60, 100))  # Blue's setup zone [S1]
    registry = GameRegistry(STRATEGUS)
    enrolment = Enrolment(registry, layout=layout)
    board = {sq: parse_uid(uid(sq)) for sq in layout}
    assert enrolment.see(dict(list(board.items())[:-1])) == []
    board[61] = board[60]
    assert "one tag on several squares" in enrolment.see(board)[0] and not registry.tags
    board[61] = parse_uid(uid(61))
    assert enrolment.see(board) == ["Recorded the 40 pieces of the layout."]
    assert registry.tags[parse_uid(uid(60))] == layout[60] and enrolment.done
    white = standard_layout(GIMMEL, 0)
    black = standard_layout(GIMMEL, 1)
    assert len(white) == len(black) == 24 and min(white) == 0 and max(black) == 195


# --- giganten enrol --game ------------------------------------------------------------------


def test_enrol_sim_writes_the_practice_registry_never_the_real_one(home: Path,
                                                                    tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text(f"place a1 {uid(1)}\nskip\nplace b1 {uid(2)}\nlift a1\nquit\n", "utf-8")
    done = run("enrol", "--game", "strategus", "--owner", "red", "--sim", "--script", script)
    assert done.code == 0, done.err
    assert "Recorded: red elephant #1" in done.out and "Recorded: red rhino #1" in done.out
    practice = home / "sim-registry-strategus.json"
    assert mode(practice) == 0o600 and not registry_path("strategus").exists()
    assert len(GameRegistry.load(STRATEGUS, practice).tags) == 2
    missing = run("enrol", "--game", "strategus", "--missing", "--registry", practice)
    assert missing.code == 0
    assert "red: 38 of 40 pieces have no tag: grizzly #1, rhino #2" in missing.out
    assert "blue: 40 of 40 pieces have no tag" in missing.out


def test_enrol_refuses_bad_input_with_one_line(home: Path, tmp_path: Path) -> None:
    wrong = run("enrol", "--game", "gimmel", "--owner", "red", "--sim")
    assert wrong.code == 2 and wrong.err.strip() == (
        "brettl enrol: red does not play Gimmel; the sets are white, black")
    giganten = run("enrol", "--owner", "white", "--sim")
    assert giganten.code == 2 and giganten.err.count("\n") == 1
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    bad = run("enrol", "--game", "gimmel", "--missing", "--registry", broken)
    assert bad.code == 2 and "not a registry" in bad.err and bad.err.count("\n") == 1
    assert broken.read_text("utf-8") == "{"  # loses nothing


# --- giganten play --game strategus --backend serial -----------------------------------------

ORIGINS = {"a": "a1", "b": "h1", "c": "a8", "d": "h8"}


@pytest.fixture
def controllers(tmp_path: Path) -> Iterator[tuple[SimBoard, Path]]:
    """Four emulated section controllers reading a 14 × 14 board, and a config naming
    their ports."""
    board = SimBoard(14, 14)
    peers = []
    lines = ['[reader]\nbackend = "serial"\n']
    for tile, origin in ORIGINS.items():
        file0, rank0 = ord(origin[0]) - ord("a"), int(origin[1:]) - 1
        port = SectionPort(str(tmp_path / f"ttyACM-{tile}"), (file0, rank0), tile=tile)
        peer = FirmwarePeer(board, port, Path(port.url), tile=tile)
        peer.plug()
        peers.append(peer)
        lines.append(f'[[reader.serial.tiles]]\nport = "{port.url}"\norigin = "{origin}"\n')
    config = tmp_path / "config.toml"
    config.write_text("\n".join(lines), "utf-8")
    yield board, config
    for peer in peers:
        peer.unplug()


def test_strategus_is_played_on_the_serial_readers_with_its_enrolled_pieces(
        home: Path, tmp_path: Path, controllers: tuple[SimBoard, Path]) -> None:
    board, config = controllers
    tags = sim_identities(STRATEGUS)
    registry = GameRegistry(STRATEGUS, dict(tags))
    registry.save(registry_path("strategus"))
    # Both setups stand on the board already, on the readers under Strategus's squares.
    layout = BoardLayout.centred(STRATEGUS.geometry(), 14, 14)
    rng = random.Random(1)
    for player in (0, 1):
        for _ in range(1000):
            zone = sorted(STRATEGUS.setup_zone(player))
            rng.shuffle(zone)
            mine = [u for u, p in sorted(tags.items()) if p.owner == player]
            chosen = dict(zip(zone, mine, strict=True))
            if not STRATEGUS.check_setup(player, {sq: tags[u].kind for sq, u in
                                                  chosen.items()}):
                break
        for sq, tag in chosen.items():
            board.place(layout.to_reader(sq), tag)
    script = tmp_path / "s.txt"
    script.write_text("wait 2\nstart\nstatus\nplace a1 red hare 1\nquit\n", "utf-8")
    done = run("play", "--game", "strategus", "--config", config, "--script", script,
               "--log-dir", tmp_path / "games")
    assert done.code == 2, done.out + done.err  # the refused 'place' ends the script
    assert "Strategus on the real board (serial)" in done.out, done.out + done.err
    assert "Strategus: 0 turns played; red to move" in done.out, done.out
    assert "this is the real board: move the pieces by hand" in done.err


def test_play_on_the_readers_needs_the_enrolled_pieces(
        home: Path, tmp_path: Path, controllers: tuple[SimBoard, Path]) -> None:
    _, config = controllers
    done = run("play", "--game", "gimmel", "--config", config, "--script", tmp_path / "none")
    assert done.code == 2
    assert done.err.strip().startswith("brettl play: ") and done.err.count("\n") == 1
    assert "enrol the pieces first: brettl enrol --game gimmel" in done.err


def test_hw_check_knows_the_games_board_on_the_serial_readers(
        home: Path, controllers: tuple[SimBoard, Path]) -> None:
    board, config = controllers
    board.place(2 * 14 + 2, parse_uid(UID))  # reader c3: Strategus's a1
    done = run("hw-check", "--game", "strategus", "--config", config, "--scan-time", "1",
               "--tag-time", "1", "--ascii")
    assert "Strategus: the 10×10 board on readers c3-l12 of the 14×14 reader board." \
        in done.out, done.out + done.err
    assert "100 of 100 readers answered" in done.out
    assert done.code == 1  # one square saw the test tag, the 99 others failed
    far = config.with_name("far.toml")
    far.write_text(config.read_text("utf-8") + '\n[layout.strategus]\norigin = "f1"\n',
                   "utf-8")
    refused = run("hw-check", "--game", "strategus", "--config", far, "--readers-only")
    assert refused.code == 2 and refused.err.count("\n") == 1
    assert "reaches o10, off the 14×14 readers" in refused.err


def test_enrol_on_the_serial_readers_records_the_tag_put_down(
        home: Path, tmp_path: Path, controllers: tuple[SimBoard, Path]) -> None:
    board, config = controllers
    board.place(0, parse_uid(uid(9)))  # reader a1: beside Strategus's board, never seen
    board.place(2 * 14 + 3, parse_uid(uid(8)))  # d3 (Strategus's b1): there before the start
    script = tmp_path / "s.txt"
    script.write_text("wait 3\nquit\n", "utf-8")
    # The piece comes down while the command follows the board (reader e3: Strategus's c1).
    timer = threading.Timer(1.5, board.place, (2 * 14 + 4, parse_uid(UID)))
    timer.start()
    try:
        done = run("enrol", "--game", "strategus", "--owner", "blue", "--config", config,
                   "--script", script)
    finally:
        timer.cancel()
    assert done.code == 0, done.out + done.err
    assert "on the real board (serial)" in done.out
    assert f"Recorded: blue elephant #1 is tag {UID}." in done.out, done.out
    real = registry_path("strategus")
    assert mode(real) == 0o600
    assert GameRegistry.load(STRATEGUS, real).tags == {parse_uid(UID): Identity(1, "elephant")}
