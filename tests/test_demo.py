"""``brettl demo``: computer players play a whole Giganten game through the game
interface, shown through the public view only; the saved record verifies and resumes.

The command is run through the real console script. The other games' demos are in
``tests/test_cli_opponent.py``; ``brettl deal`` is at the end.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import get_game
from companion.games.giganten.ruleset import RuleSet, RuleSetError
from tests.cli_helpers import board_rows, mode, shows_kind

GIGANTEN = Path(sys.executable).parent / "giganten"
SEED = 12
"""A seed whose game ends by a Nest taken."""
RESULT = re.compile(r"^(Result: (\w+) wins after (\d+) turns \((\w+)\)\.|Stopped after (\d+)"
                    r" turns without a result\.)$", re.M)


def run_demo(*args: object) -> subprocess.CompletedProcess[str]:
    """Run ``giganten demo`` with ``args``; fail with its stderr if it does not exit 0."""
    done = subprocess.run([str(GIGANTEN), "demo", *map(str, args)], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done


def refused(*args: object) -> subprocess.CompletedProcess[str]:
    """Run ``giganten demo`` with ``args``, which it must refuse in one line (status 2)."""
    done = subprocess.run([str(GIGANTEN), "demo", *map(str, args)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2, done.stdout[-600:]
    assert "demo" in done.stderr and "Traceback" not in done.stderr, done.stderr
    return done


def verified(path: Path) -> str:
    """What ``giganten verify`` says of the record at ``path`` (it must pass)."""
    done = subprocess.run([str(GIGANTEN), "verify", str(path)], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


# --- The command ----------------------------------------------------------------------------


def test_demo_plays_one_game_whose_saved_record_verifies_to_its_result(tmp_path: Path
                                                                       ) -> None:
    saved = tmp_path / "game.json"
    out = run_demo("--seed", SEED, "--delay", "0", "--save", saved).stdout
    assert f"seed {SEED}" in out and "2 computer players" in out
    record = json.loads(saved.read_text("utf-8"))
    assert mode(saved) == 0o600, "the record holds every secret: its owner's only"
    assert "turns replayed through Giganten's rules" in verified(saved)
    found = RESULT.search(out)
    assert found is not None and found.group(2) is not None, out[-400:]
    players = record["players"]
    assert record["result"] == {"winner": players.index(found.group(2)),
                                "reason": found.group(4)}
    assert int(found.group(3)) == len(record["turns"])
    assert len(re.findall(r"^Turn \d+, \w+: ", out, re.M)) == len(record["turns"])


def test_demo_shows_no_kind_on_the_board_to_the_public() -> None:
    out = run_demo("--seed", SEED).stdout
    rows = board_rows(out)
    assert rows.count("\n") > 14 and "y?" in rows and "o?" in rows
    assert not shows_kind(rows, "yo"), "no figure's kind on the public board"
    assert "challenger_kind" in out, "a combat's kinds are public at that moment [C4]"


def test_demo_outcome_only_policy_never_tells_a_kind() -> None:
    out = run_demo("--seed", SEED, "--policy", "outcome-only").stdout
    assert '"outcome": ' in out and "_kind" not in out
    assert not shows_kind(board_rows(out), "yo")
    for kind in get_game("giganten").kinds():
        assert f'"{kind.id}"' not in out, kind.id


def test_demo_is_reproducible_from_its_seed() -> None:
    first = run_demo("--seed", "5", "--quiet", "--max-plies", "120").stdout
    assert first == run_demo("--seed", "5", "--quiet", "--max-plies", "120").stdout


def test_demo_quiet_prints_no_board(tmp_path: Path) -> None:
    out = run_demo("--seed", SEED, "--quiet", "--max-plies", "30").stdout
    assert "Turn " not in out and board_rows(out) == ""
    assert "Stopped after 30 turns without a result." in out


def test_demo_stops_plainly_at_the_turn_limit(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    out = run_demo("--seed", SEED, "--max-plies", "3", "--save", saved).stdout
    assert "Stopped after 3 turns without a result." in out
    record = json.loads(saved.read_text("utf-8"))
    assert len(record["turns"]) == 3 and record["result"] is None
    assert "not over" in verified(saved) or "3 turns replayed" in verified(saved)


@pytest.mark.parametrize("args", [["--delay", "-1"], ["--max-plies", "0"],
                                  ["--policy", "peek"], ["--game", "chess"]])
def test_demo_refuses_bad_options(args: list[str]) -> None:
    refused(*args)


@pytest.mark.parametrize("game", ["strategus", "gimmel"])
def test_demo_refuses_giganten_options_for_another_game(game: str) -> None:
    done = refused("--game", game, "--variants", "V5")
    assert "has no variants or reveal policy" in done.stderr
    refused("--game", game, "--policy", "rulebook")


# --- Variants ---------------------------------------------------------------------------------

VARIANT_TURNS = 600
"""Variant demo games are cut off here; they finish or stop plainly."""


def _variant_demo(variants: str, seed: int, tmp_path: Path) -> tuple[str, dict[str, object]]:
    saved = tmp_path / "game.json"
    out = run_demo("--seed", seed, "--variants", variants, "--max-plies", VARIANT_TURNS,
                   "--save", saved).stdout
    verified(saved)
    return out, json.loads(saved.read_text("utf-8"))


def test_demo_plays_a_four_player_game_whose_record_verifies(tmp_path: Path) -> None:
    """V9: four computer players in two teams on the 28-file board; every seat plays."""
    out, record = _variant_demo("V9", 1, tmp_path)
    assert record["players"] == ["yellow", "orange", "yellow2", "orange2"]
    assert "4 computer players" in out and "--variants V9" in out
    assert any(line.rstrip().endswith(" aa   ab") for line in out.splitlines()), "[R10]"
    assert not shows_kind(board_rows(out), "yoYO")
    turns: list[dict[str, object]] = record["turns"]  # type: ignore[assignment]
    assert {turn["player"] for turn in turns} == {0, 1, 2, 3}
    assert RESULT.search(out)


def test_demo_plays_a_variant_game_with_doubles_and_reserves(tmp_path: Path) -> None:
    """V3+V5+V6+V8: the secret traps are drawn, double moves made; the record verifies."""
    out, record = _variant_demo("V3,V5,V6,V8", 2, tmp_path)
    assert record["options"]["rules"]["variants"] == ["V3", "V5", "V6", "V8"]  # type: ignore[index]
    assert set(record["secrets"]) == {"yellow", "orange"}  # type: ignore[call-overload]
    assert not shows_kind(board_rows(out), "yo")
    assert RESULT.search(out)


@pytest.mark.parametrize("variants", ["V3,V4", "V1,V9", "V5b", "V6a", "V10", "V5b,V5c,V5"])
def test_demo_refuses_variants_that_do_not_combine(variants: str) -> None:
    done = refused("--variants", variants)
    try:
        RuleSet.of(variants.split(","))
    except RuleSetError as err:
        assert str(err) in done.stderr
    else:
        raise AssertionError(f"{variants} should be refused")


def test_demo_accepts_variant_ids_in_any_case_and_with_spaces(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run_demo("--seed", "3", "--variants", " v5 , V5A,v8", "--max-plies", "4", "--quiet",
             "--save", saved)
    record = json.loads(saved.read_text("utf-8"))
    assert record["options"]["rules"]["variants"] == ["V5", "V5a", "V8"]


# --- Saving and resuming --------------------------------------------------------------------

def test_a_saved_variant_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    """``--save`` keeps the record; ``--resume`` checks it, replays it and plays on under the
    variants it names (the game and its options come from the record)."""
    saved = tmp_path / "game.json"
    run_demo("--seed", "8", "--variants", "V5,V5b,V6,V8", "--max-plies", "20", "--save",
             saved, "--quiet")
    first = json.loads(saved.read_text("utf-8"))
    assert len(first["turns"]) == 20
    out = run_demo("--resume", saved, "--max-plies", "40", "--save", saved, "--quiet").stdout
    assert "Resuming the saved game after 20 turns" in out and "the saved game" in out
    second = json.loads(saved.read_text("utf-8"))
    assert second["turns"][:20] == first["turns"]
    assert second["options"] == first["options"] and second["setup"] == first["setup"]
    assert len(second["turns"]) == 40 or second["result"] is not None
    verified(saved)


@pytest.mark.parametrize("game", ["strategus", "gimmel"])
def test_every_game_resumes_its_saved_demo(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run_demo("--game", game, "--seed", "4", "--max-plies", "6", "--save", saved, "--quiet")
    out = run_demo("--resume", saved, "--max-plies", "12", "--save", saved, "--quiet").stdout
    assert f"{get_game(game).title} demo: the saved game" in out
    assert len(json.loads(saved.read_text("utf-8"))["turns"]) == 12
    verified(saved)


def test_resuming_an_altered_record_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run_demo("--seed", "8", "--max-plies", "6", "--save", saved, "--quiet")
    record = json.loads(saved.read_text("utf-8"))
    record["turns"][2]["turn"] = record["turns"][0]["turn"]  # an edited turn
    saved.write_text(json.dumps(record), "utf-8")
    done = refused("--resume", saved)
    assert "does not replay (turn 3" in done.stderr and done.stdout == ""
    refused("--game", "strategus", "--resume", saved)  # not a Strategus demo


@pytest.mark.parametrize(("args", "tiles"), [(["--variants", "V9"], 8),
                                             (["--variants", "V9", "--six-tiles"], 6),
                                             (["--variants", "V1,V2"], 4)])
def test_B3_giganten_deal_says_where_every_tile_goes(args: list[str], tiles: int) -> None:
    done = subprocess.run([str(GIGANTEN), "deal", "--seed", "5", *args], capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout.count("  tile ") == tiles
    assert "deal it again with --seed 5" in done.stdout


def test_B3_giganten_deal_refuses_six_tiles_without_four_players() -> None:
    done = subprocess.run([str(GIGANTEN), "deal", "--six-tiles"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2 and "V9" in done.stderr
