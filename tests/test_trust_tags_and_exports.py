"""Attacks of issue 26 kept as tests: a tag id in a refusal, tag ids that name their kind,
an ``export`` over the game's own log or a device, a log whose setup has no tag to lay out.

A tag id must reach no audience: a simulated one is drawn from the OS per game (so it
says nothing of its piece), and a refusal names squares, and the figure for its owner
only. An export creates a new regular file or refuses in one line, losing nothing.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from companion.games import get_game
from companion.identities import SIM_PREFIX, full_set, sim_identities
from companion.ledger.game_log import ReplayError
from companion.ledger.logfiles import ExistingFile, write_json_new
from companion.ledger.record import verify
from companion.table.game_session import GameSession
from tests.cli_helpers import home, mode, run
from tests.record_helpers import forge, log_lines
from tests.test_cli_giganten_words import _started
from tests.test_cli_referee_game import PIN_HASH

__all__ = ["home"]

UID_TEXT = re.compile(r"\b(?:04|5A)[0-9A-F]{12}\b")
"""What a 7-byte tag id looks like in a line (real NXP tags and the simulated ones)."""


@pytest.mark.parametrize("name", ["strategus", "giganten", "gimmel"])
def test_simulated_tag_ids_are_drawn_per_game_and_say_nothing_of_the_piece(name: str) -> None:
    game = get_game(name)
    first, second = sim_identities(game), sim_identities(game)
    assert sorted(first.values()) == sorted(second.values()) == sorted(full_set(game))
    assert not set(first) & set(second)  # 48 random bits each: no id is used twice
    assert all(uid.startswith(SIM_PREFIX) and len(uid) == 14 and uid[6:8] != "88"
               for uid in first)


def test_a_seeded_entropy_gives_a_test_the_same_ids_again() -> None:
    game = get_game("gimmel")
    seeded = [sim_identities(game, entropy=random.Random(7).randbytes) for _ in range(2)]
    assert seeded[0] == seeded[1]
    assert seeded[0] != sim_identities(game)


def _referee_lines(tmp_path: Path, game: str, *lines: str) -> str:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n", "utf-8")
    done = run("referee", "--game", game, "--sim", "--seed", 3, "--pin-hash", PIN_HASH,
               "--log-dir", tmp_path / "logs", "--script", script)
    return done.out + done.err


def test_a_refusal_on_an_occupied_square_names_the_square_never_the_tag(
        tmp_path: Path, home: Path) -> None:
    """The reproduction: ``move a1 a7`` at the start of a refereed Strategus game printed
    "a7 already holds the figure with tag 5A565F2838FB01" to the shared screen."""
    said = _referee_lines(tmp_path, "strategus", "setup all", "start", "move a1 a7",
                          "move a1 a2")
    assert "a7 already holds a figure; lift it first" in said, said[-800:]
    assert not UID_TEXT.search(said), UID_TEXT.search(said)


def test_the_owner_is_told_which_figure_stands_there_and_the_public_is_not(
        tmp_path: Path) -> None:
    console, _ = _started(tmp_path, 6)
    state = console.session.state
    assert state is not None
    pieces = state.pieces()
    mine = [sq for sq, piece in pieces.items() if piece.owner == state.to_move]
    with pytest.raises(ValueError) as refused:
        console.execute(f"move {console.geometry.name(mine[0])} {console.geometry.name(mine[1])}")
    text = str(refused.value)
    assert text.endswith("already holds a figure; lift it first"), text  # the public
    assert not UID_TEXT.search(text)
    console.audience = state.to_move
    with pytest.raises(ValueError) as told:
        console.execute(f"move {console.geometry.name(mine[0])} {console.geometry.name(mine[1])}")
    assert f"(it is {console.game.players[state.to_move]} " in str(told.value)
    assert not UID_TEXT.search(str(told.value))


def test_export_over_the_games_own_log_is_refused_and_loses_nothing(tmp_path: Path) -> None:
    """The reproduction: ``export <the log> public`` replaced the log by the public
    record (20 turns gone, resume refused the file)."""
    console, _ = _started(tmp_path, 6)
    console.execute("auto 4")
    log = console.session.log_path
    before = log.read_bytes()
    with pytest.raises(ValueError, match="already exists: an export never replaces a file"):
        console.execute(f"export {log} public")
    assert log.read_bytes() == before
    console.session.close()
    resumed, _ = GameSession.resume(log)
    assert resumed.turns == 4
    resumed.close()


@pytest.mark.parametrize("target", ["link", "device", "outbox", "existing"])
def test_write_json_new_never_touches_a_file_that_is_there(tmp_path: Path,
                                                           target: str) -> None:
    victim = tmp_path / "victim.log"
    victim.write_bytes(b"precious\n")
    path = {"link": tmp_path / "link.json", "device": Path(os.devnull),
            "outbox": victim.with_suffix(".outbox"), "existing": victim}[target]
    if target == "link":
        path.symlink_to(victim)
    if target == "outbox":
        path.write_bytes(b'{"format":"giganten-outbox/1","n":0,"seq":0}\n')
    kept = path.read_bytes() if target != "device" else b""
    with pytest.raises(ExistingFile, match="already exists"):
        write_json_new(path, {"a": 1}, mode=0o644)
    assert victim.read_bytes() == b"precious\n"
    if target != "device":
        assert path.read_bytes() == kept


def test_write_json_new_makes_a_regular_file_with_its_mode(tmp_path: Path) -> None:
    os.umask(0o077)
    try:
        write_json_new(tmp_path / "public.json", {"a": 1}, mode=0o644)
    finally:
        os.umask(0o022)
    assert mode(tmp_path / "public.json") == 0o644
    assert json.loads((tmp_path / "public.json").read_text("utf-8")) == {"a": 1}
    with pytest.raises(ValueError, match="not JSON"):
        write_json_new(tmp_path / "nan.json", {"a": float("nan")})
    assert not (tmp_path / "nan.json").exists()


def test_giganten_export_output_over_a_log_is_one_line(tmp_path: Path, home: Path) -> None:
    console, _ = _started(tmp_path, 6)
    console.execute("auto 2")
    log = console.session.log_path
    console.session.close()
    before = log.read_bytes()
    done = run("export", log, "--public", "--output", log)
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1, done.err
    assert "already exists" in done.err and log.read_bytes() == before
    verify(log)
    again = run("export", log, "--public", "--output", tmp_path / "p.json")
    assert again.code == 0, again.err


def test_demo_save_never_replaces_a_file(tmp_path: Path, home: Path) -> None:
    victim = tmp_path / "victim.log"
    victim.write_bytes(b"precious\n")
    done = run("demo", "--game", "gimmel", "--max-plies", "2", "--quiet", "--save", victim)
    assert done.code == 2 and "already exists" in done.err, done.err
    assert victim.read_bytes() == b"precious\n"
    fresh = tmp_path / "demo.json"
    assert run("demo", "--game", "gimmel", "--max-plies", "3", "--quiet",
               "--save", fresh).code == 0
    assert run("verify", fresh).code == 0


def test_a_setup_kind_without_a_tag_is_refused_at_resume_in_one_line(tmp_path: Path) -> None:
    """The reproduction: a log whose setup holds a kind its tags do not, hashes
    recomputed, crashed the simulated resume (``StopIteration`` in ``laid_out``)."""
    console, _ = _started(tmp_path, 6)
    console.execute("auto 2")
    log = console.session.log_path
    console.session.close()
    lines = log_lines(log)
    tags = lines[0]["tags"]
    square, (owner, kind) = next(iter(lines[0]["setup"].items()))
    for uid in [u for u, (o, k, _n) in tags.items() if (o, k) == (owner, kind)]:
        del tags[uid]
    forged = tmp_path / "forged.log"
    forged.write_bytes(forge(lines))
    with pytest.raises(ReplayError, match="log line 1: the setup has") as err:
        GameSession.resume(forged)
    assert kind not in str(err.value) and square not in str(err.value)
    script = tmp_path / "s.txt"
    script.write_text("status\n", "utf-8")
    done = run("resume", forged, "--sim", "--script", script)
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1, done.err
