"""``giganten play``, ``resume`` and ``export``: whole games at the terminal on the simulated
board, run in-process through the console script's ``main`` (and once as a real process)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from commands.main import main
from commands.play import CLEAR_SCREEN_AND_SCROLLBACK, RECENT_LINES
from companion.deal import deal
from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.figures import KINDS
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.referee.desk import hash_pin
from companion.registry import Registry
from companion.table.session import Session
from hardware.simtable import setup_plan
from tests.cli_helpers import Run, home, mode, run

# Every test gets a companion home of its own (the fixture is used by name, too).
pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

GIGANTEN = Path(sys.executable).parent / "giganten"
SEED = 11


def script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def only_log(directory: Path) -> Path:
    logs = sorted(directory.glob("game-*.log"))
    assert len(logs) == 1, logs
    return logs[0]


# --- An opening found with the engine, so that the test does not hard-code squares ----------

def _is_step(board_files: int, turn: Turn) -> bool:
    a, b = turn.path
    return abs(a % board_files - b % board_files) + abs(a // board_files - b // board_files) == 1


@dataclass
class Opening:
    """Yellow steps, Orange steps, Yellow steps next to an enemy and challenges it."""

    state: GameState
    turns: tuple[Turn, Turn, Turn]

    def name(self, square: int) -> str:
        return self.state.board.name(square)

    def move(self, index: int) -> tuple[str, str]:
        """From and to of the index-th turn, by name."""
        path = self.turns[index].path
        return self.name(path[0]), self.name(path[-1])

    @property
    def target(self) -> str:
        """The square the third turn challenges."""
        challenge = self.turns[2].challenge
        assert challenge is not None
        return self.name(challenge)

    def commands(self) -> list[str]:
        return [f"move {a} {b}" for a, b in map(self.move, range(3))] \
            + [f"challenge {self.target}"]


def find_opening(seed: int) -> Opening:
    """Three plain steps from the setup that ``setup all`` lays out in a game of ``seed``."""
    rules = RuleSet()
    board = deal(seed, rules)
    setups, _ = setup_plan(seed, board, rules)
    position = {sq: (player, kind) for player, figures in setups.items()
                for sq, kind in figures.items()}
    state = GameState(board, position, 0, rules)

    def steps(challenge: bool) -> list[Turn]:
        return [t for t in state.legal_turns() if len(t.path) == 2 and not t.second
                and not t.place and _is_step(board.files, t) and (t.challenge is not None)
                == challenge]

    for first in steps(False):
        state.push(first)
        for second in steps(False):
            state.push(second)
            for third in steps(True):
                if third.path[0] == first.path[1] and not third.advance:
                    state.pop()
                    state.pop()
                    return Opening(state, (first, second, third))
            state.pop()
        state.pop()
    raise AssertionError(f"no opening with a challenge on move 3 for seed {seed}")


# --- One game played by script, shared by the tests that continue or export it --------------

@dataclass
class Played:
    run: Run
    opening: Opening
    log: Path
    record: dict[str, object]
    directory: Path


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    directory = tmp_path_factory.mktemp("played")
    opening = find_opening(SEED)
    commands = script(directory / "game.txt", "# a game by hand, then by the computer players",
                      "setup all", "start yellow", *opening.commands(), "auto 20",
                      f"export {directory / 'public.json'} public")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GIGANTEN_HOME", str(directory / "home"))
        done = run("play", "--old-session", "--sim", "--seed", SEED, "--script", commands,
                   "--log-dir", directory / "logs")
    log = only_log(directory / "logs")
    state = Session.read(log, Registry()).state
    assert state is not None
    yield Played(done, opening, log, game_to_json(state), directory)


def test_a_scripted_game_is_played_logged_and_exported(played: Played) -> None:
    done, opening = played.run, played.opening
    assert done.code == 0, done.err
    assert done.err == ""
    (a1, b1), (a2, b2), (a3, b3) = (opening.move(index) for index in range(3))
    out = done.out
    for expected in [
        "Yellow's figures are set out (24 on the board).",
        "Yellow: 24 of 24 figures, complete and valid",
        "Orange: 24 of 24 figures, complete and valid",
        "The game begins: Yellow moves first [S5]",
        f"Yellow is moving the figure from {a1}",
        f"Yellow played {a1}-{b1}\n",
        f"Orange played {a2}-{b2}\n",
        f"Yellow: challenge {opening.target}",
        f"Yellow played {a3}-{b3}, challenged {opening.target}: ",
        f"Game log: {played.log}",
        f"Wrote the public record to {played.directory / 'public.json'}; check it with:"
        f" giganten verify {played.directory / 'public.json'}",
    ]:
        assert expected in out, expected
    # Commands are echoed, in order, and nothing raw (a Python repr) reaches the terminal.
    assert out.index("> setup all") < out.index("> start yellow") < out.index("> auto 20")
    assert "TurnPlayed(" not in out and "Snapshot(" not in out
    # Under the rulebook policy everyone sees both combatants of a challenge [I2].
    assert re.search(r"challenged \w+: .* — \w+( \d)? challenged \w+( \d)? \[K", out)
    assert mode(played.log) == 0o600
    assert mode(played.directory / "public.json") == 0o644
    state = game_from_json(played.record)
    assert 3 + 1 <= state.ply <= 3 + 20 + 1
    actions = played.record["actions"]
    assert isinstance(actions, list)
    for action, turn in zip(actions, opening.turns, strict=False):
        assert action["path"] == [opening.name(sq) for sq in turn.path]
    assert actions[2]["challenge"] == opening.target


def test_resume_continues_the_logged_game_to_its_end(played: Played, tmp_path: Path) -> None:
    log = tmp_path / played.log.name
    shutil.copy2(played.log, log)
    final = tmp_path / "final.json"
    done = run("resume", log, "--sim", "--seed", 5, "--script",
               script(tmp_path / "more.txt", "auto", f"export {final}"))
    assert done.code == 0, done.err
    earlier = played.record["actions"]
    assert isinstance(earlier, list)
    assert f"Resuming {log}: ply {len(earlier)}," in done.out
    assert "Game over: " in done.out
    assert mode(final) == 0o600
    assert run("verify", final).code == 0  # the console's record verifies (finding 10)
    record = json.loads(final.read_text("utf-8"))["game"]
    state = game_from_json(record)
    assert state.winner is not None
    assert record["actions"][:len(earlier)] == earlier
    assert record["setup"] == played.record["setup"]
    assert len(record["actions"]) > len(earlier)
    # The turns went into the same log, which still resumes (to the finished game).
    again = run("resume", log, "--sim", "--script", script(tmp_path / "look.txt", "status"))
    assert again.code == 0, again.err
    assert f"ply {len(record['actions'])}, the game is over" in again.out


def test_resume_on_an_empty_board_lists_the_squares_to_fill(played: Played,
                                                            tmp_path: Path) -> None:
    log = tmp_path / played.log.name
    shutil.copy2(played.log, log)
    before = log.read_bytes()
    done = run("resume", log, "--sim", "--empty-board", "--script",
               script(tmp_path / "look.txt", "status", "auto 1"))
    assert done.code == 2
    state = game_from_json(played.record)
    squares = [state.board.name(sq) for sq, figure in enumerate(state.occ) if figure >= 0]
    assert squares
    for name in squares:
        assert f"Put the figure back on {name}" in done.out
    assert "Now: Put the figure back on" in done.out  # status: the session waits for it
    assert "line 2: the board must match the game" in done.err
    assert log.read_bytes() == before  # nothing was played


def test_putting_the_board_back_by_hand_lets_the_game_go_on(played: Played,
                                                            tmp_path: Path) -> None:
    log = tmp_path / played.log.name
    shutil.copy2(played.log, log)
    state = game_from_json(played.record)
    back = [f"place {state.board.name(state.pos[figure])} {tag}"
            for figure, tag in _tags_of(log, state).items()]
    done = run("resume", log, "--sim", "--empty-board", "--script",
               script(tmp_path / "back.txt", *back, "auto 2"))
    assert done.code == 0, done.err
    mover = state.players[state.to_move].name.capitalize()
    assert f"{mover} to move" in done.out.split("> auto 2")[0].splitlines()[-1]


def _tags_of(log: Path, state: GameState) -> dict[int, str]:
    """Figure -> tag UID of the figures on the board, from the log's header and binds."""
    lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    tags = {square: uid for square, uid in lines[0]["tags"].items()}
    replay = game_from_json({**lines[0]["game"]})
    figures = {replay.occ[replay.board.square(sq)]: uid for sq, uid in tags.items()}
    return {figure: uid for figure, uid in figures.items() if state.pos[figure] >= 0}


def test_an_edited_log_is_refused_naming_the_line(played: Played, tmp_path: Path) -> None:
    log = tmp_path / played.log.name
    shutil.copy2(played.log, log)
    lines = log.read_text("utf-8").split("\n")
    entry = json.loads(lines[2])
    entry["turn"]["path"].reverse()  # Orange's first move, played backwards
    lines[2] = json.dumps(entry, sort_keys=True, separators=(",", ":"))
    log.write_text("\n".join(lines), "utf-8")
    before = log.read_bytes()
    for command in (["resume", log, "--sim"], ["export", log]):
        done = run(*command)
        assert done.code == 2
        assert f"{log} line 3 " in done.err
        assert done.err.count("\n") == 1
        assert done.out == ""
        assert log.read_bytes() == before


def test_resume_without_a_log_says_what_to_do(tmp_path: Path) -> None:
    done = run("resume", "--sim", "--log-dir", tmp_path / "none")
    assert done.code == 2
    assert "there is no game log in" in done.err and "giganten play --sim" in done.err
    missing = run("resume", tmp_path / "nope.log", "--sim")
    assert missing.code == 2
    assert "nope.log does not exist" in missing.err


def test_resume_picks_the_latest_log(played: Played, tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy2(played.log, logs / "game-20000101-000000.log")
    shutil.copy2(played.log, logs / "game-20000101-000000-2.log")
    done = run("resume", "--sim", "--log-dir", logs, "--script",
               script(tmp_path / "s.txt", "status"))
    assert done.code == 0, done.err
    assert f"Resuming {logs / 'game-20000101-000000-2.log'}:" in done.out


def test_export_writes_the_public_record_and_the_full_one_after_the_game(
        played: Played, tmp_path: Path) -> None:
    full, public = tmp_path / "full.json", tmp_path / "public.json"
    refused = run("export", played.log, "-o", full)
    assert refused.code == 2 and "the game is not over" in refused.err
    assert not full.exists()  # every setup and kind: after the game only [I3]
    done = run("export", played.log, "-o", public, "--public")
    assert done.code == 0, done.err
    assert mode(public) == 0o644
    document = json.loads(public.read_text("utf-8"))
    assert (document["format"], document["kind"]) == ("giganten-record/1", "public")
    assert len(document["steps"]) == len(played.record["actions"]) + 1  # type: ignore[arg-type]
    assert "reveal" not in document  # the game is not over
    assert all("kind" not in f for step in document["steps"] for f in step["view"]["figures"])
    assert run("verify", public).code == 3  # verifiable once the game is over
    # To standard output when no file is named.
    printed = run("export", played.log, "--public")
    assert printed.code == 0
    assert json.loads(printed.out) == document


def test_public_record_of_a_finished_game_reveals_the_setups(played: Played,
                                                            tmp_path: Path) -> None:
    log = tmp_path / played.log.name
    shutil.copy2(played.log, log)
    assert run("resume", log, "--sim", "--script", script(tmp_path / "s.txt", "auto")).code == 0
    done = run("export", log, "--public")
    assert done.code == 0
    document = json.loads(done.out)
    assert document["over"] and document["reveal"]
    # Finding 10: what export writes, with -o, --public or neither, verifies.
    for flags in ([], ["--public"]):
        out = tmp_path / f"record{len(flags)}.json"
        assert run("export", log, "-o", out, *flags).code == 0
        checked = run("verify", out)
        assert checked.code == 0, checked.out

def test_a_bad_command_in_a_script_stops_it_with_its_line(tmp_path: Path, home: Path) -> None:
    done = run("play", "--old-session", "--sim", "--seed", 3, "--script",
               script(tmp_path / "bad.txt", "setup all", "# comment", "", "move z99 a1",
                      "start"))
    assert done.code == 2
    assert done.err.startswith("giganten: ") and "bad.txt line 4: z99" in done.err
    assert "> start" not in done.out
    assert "No game was started, so nothing was logged." in done.out


@pytest.mark.parametrize("command", ["play", "resume", "enrol"])
def test_a_backend_that_cannot_start_is_an_error_not_a_fallback(
        command: str, tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["--owner", "yellow"] if command == "enrol" else []
    done = run(command, "--backend", "spi", *args)
    assert done.code == 2
    # Named but not configured: the error says what the config file needs, and nothing
    # falls back to the simulation.
    assert done.err == (f"giganten {command}: backend 'spi' needs [reader.spi] address_pins"
                        " in the config (see config.example.toml)\n")
    assert done.out == ""
    assert not home.exists()  # nothing was made: no log, no registry
    unknown = run(command, "--backend", "nfc-magic", *args)
    assert unknown.code == 2
    assert "unknown backend 'nfc-magic' (backends: sim, spi, serial); use --sim" in unknown.err
    both = run(command, "--sim", "--backend", "serial", *args)
    assert both.code == 2 and "contradict" in both.err
    monkeypatch.setenv("GIGANTEN_BACKEND", "serial")
    configured = run(command, *args)
    assert configured.code == 2
    assert "backend 'serial' needs [[reader.serial.tiles]] in the config" in configured.err
    assert not home.exists()


def test_setup_problems_and_unknown_tags_reach_the_right_audience(tmp_path: Path) -> None:
    lines = script(tmp_path / "s.txt", "place h10 yellow tri 1", "place e5 04DEADBEEF0000",
                   "start")
    shown = {audience: run("play", "--old-session", "--sim", "--seed", 3, "--audience", audience,
                           "--script", lines)
             for audience in ("public", "yellow", "orange")}
    for audience, done in shown.items():
        assert done.code == 0, done.err
        assert "Yellow: 1 of 24 figures, not ready yet" in done.out
        assert "Unknown tag on e5: take it off the board, or enrol it" in done.out
        assert "Not every setup is complete and valid yet [S1]." in done.out
        private = "h10: Tri on h10: Yellow sets up on ranks 1–6 [S1]"
        assert (private in done.out) == (audience == "yellow"), audience


def test_an_incomplete_registry_is_named_when_setting_up(tmp_path: Path, home: Path) -> None:
    registry = tmp_path / "registry.json"
    layout = script(tmp_path / "enrol.txt", "place a1 04A1B2C3D4E5F6")
    assert run("enrol", "--sim", "--owner", "yellow", "--registry", registry,
               "--script", layout).code == 0
    done = run("play", "--old-session", "--sim", "--registry", registry, "--script",
               script(tmp_path / "s.txt", "setup yellow"))
    assert done.code == 2
    assert f"Figures: the registry {registry}." in done.out
    assert "23 of Yellow's figures are not beside the board or have no tag" in done.err
    assert "giganten enrol --missing" in done.err
    missing = run("play", "--old-session", "--sim", "--registry", tmp_path / "nope.json")
    assert missing.code == 2 and "no registry file there" in missing.err


# --- What the public terminal shows ---------------------------------------------------------

_KIND_WORDS = sorted({re.sub(r"\d+$", "", info.id) for info in KINDS}, key=len, reverse=True)
"""Every kind's name without its number: tyra, tri, dilo, … (kind ids and display names
alike: ``tyra1`` and ``Tyra 1`` both start with ``tyra``)."""

_VOCABULARY = [
    r"wins \(nest\)",                   # Game over: Orange wins (nest) [W1]
    r"nest taken",                      # the outcome of a challenge on the Nest, public [C4]
    r"the Nest is taken",
    r"took the enemy Nest",
]
"""Fixed phrases of the interface that name a kind without telling anything hidden: the
game ended because a Nest was taken, which everyone at the table sees."""


def kind_words(text: str) -> list[str]:
    """Every kind named in ``text`` outside the fixed vocabulary: a kind id (``tyra1``) or a
    display name (``Tyra 1``, ``Flug``) as a word of its own, in any case."""
    for phrase in _VOCABULARY:
        text = re.sub(phrase, " ", text, flags=re.IGNORECASE)
    pattern = r"(?<![A-Za-z])(" + "|".join(_KIND_WORDS) + r")(?:\s?\d+)?(?![A-Za-z])"
    return re.findall(pattern, text, flags=re.IGNORECASE)


def test_the_kind_check_finds_kinds_however_they_are_written() -> None:
    assert kind_words("Tri challenged Flug [K1]; Tyra 1 and deino7; a STEGO") == [
        "Tri", "Flug", "Tyra", "deino", "STEGO"]
    assert kind_words("Game over: Orange wins (nest); challenger wins (nest taken)") == []
    assert kind_words("a nest of figures") == ["nest"]
    assert kind_words("the triangle, a flugelhorn, Stegosaurus") == []


def _whole_game(policy: str, audience: str, tmp_path: Path) -> Run:
    # The arbiter's audience is behind the arbiter's PIN: the script's first line.
    pin = ("2468",) if audience == "arbiter" else ()
    lines = script(tmp_path / f"{policy}-{audience}.txt", *pin, "setup all", "start", "auto",
                   "show", "status")
    done = run("play", "--old-session",
               "--sim", "--seed", SEED, "--policy", policy, "--audience", audience,
               "--log-dir", tmp_path / f"logs-{policy}-{audience}", "--script", lines,
               *(("--pin-hash", hash_pin("2468", iterations=1000)) if pin else ()))
    assert done.code == 0, done.err
    assert "Game over: " in done.out
    return done


def test_public_output_of_an_outcome_only_game_names_no_kind(tmp_path: Path) -> None:
    public = _whole_game("outcome-only", "public", tmp_path)
    assert public.out.count(" challenged ") > 5  # there were challenges to give kinds away
    assert kind_words(public.out) == []
    # A combat's rule id names a kind (K4.1: the Tyra …); K5 (advancing) does not.
    assert not re.search(r"\[K[1-4]\b", public.out)
    # The same check catches kinds where a view shows them: the arbiter's terminal, and the
    # public one under the rulebook policy (both combatants of every challenge, I2).
    assert len(kind_words(_whole_game("outcome-only", "arbiter", tmp_path).out)) > 10
    assert len(kind_words(_whole_game("rulebook", "public", tmp_path).out)) > 10


def test_a_player_sees_own_kinds_only(tmp_path: Path) -> None:
    yellow = _whole_game("outcome-only", "yellow", tmp_path)
    board = yellow.out.split("> show")[1]
    assert re.search(r"\by(T1|T2|Tr|Di|St|Do|D6|D7|Fl|Bl|Ne|Cu)\b", board) or \
        "Game over" in board
    assert not re.search(r"\bo(T1|T2|Tr|Di|St|Do|D6|D7|Fl|Bl|Ne|Cu)\b", board)


# --- The real command ------------------------------------------------------------------------

def test_the_console_script_runs_a_game(tmp_path: Path) -> None:
    assert GIGANTEN.is_file(), f"no giganten command next to {sys.executable}"
    env = {**os.environ, "GIGANTEN_HOME": str(tmp_path / "home")}
    env.pop("GIGANTEN_BACKEND", None)
    commands = "setup all\nstart orange\nauto 3\nquit\nauto\n"
    done = subprocess.run([str(GIGANTEN), "play", "--old-session",
                           "--sim", "--seed", "4", "--script", "-"],
                          input=commands, capture_output=True, text=True, timeout=120,
                          env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "The game begins: Orange moves first [S5]" in done.stdout
    assert "> quit" in done.stdout and "> auto\n" not in done.stdout
    log = only_log(tmp_path / "home" / "games")
    assert mode(log) == 0o600
    assert mode(log.parent) == 0o700
    entries = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
    assert [e["type"] for e in entries][:4] == ["start", "turn", "turn", "turn"]
    helped = subprocess.run([str(GIGANTEN), "--help"], capture_output=True, text=True,
                            timeout=60, env=env, check=True)
    for command in ("scenario", "demo", "deal", "export", "enrol", "play", "resume"):
        assert re.search(rf"^\s+{command}\s", helped.stdout, re.MULTILINE), command


def test_help_in_the_game_lists_every_command(tmp_path: Path) -> None:
    done = run("play", "--old-session", "--sim", "--script", script(tmp_path / "s.txt", "help"))
    assert done.code == 0
    for command in ("place SQ", "lift SQ", "move A B", "remove SQ", "wait [SECONDS]",
                    "challenge SQ", "nochallenge", "confirm", "stay", "start [PLAYER]",
                    "trap PLAYER SQ", "resign PLAYER", "setup [PLAYER|all]", "auto [N]",
                    "show [AUDIENCE]", "status", "export FILE", "help", "quit"):
        assert command in done.out, command


def test_resigning_ends_the_game(tmp_path: Path, home: Path) -> None:
    done = run("play", "--old-session", "--sim", "--seed", 2, "--script",
               script(tmp_path / "s.txt", "setup all", "start", "resign orange", "show"))
    assert done.code == 0, done.err
    assert "Orange resigns" in done.out
    assert "Game over: Yellow wins (resignation)" in done.out
    log = only_log(home / "games")
    types = [json.loads(line)["type"] for line in log.read_text("utf-8").splitlines()]
    assert types[-2:] == ["resign", "reveal"]  # the end opens the setups' commitments


def test_variants_and_traps(tmp_path: Path) -> None:
    """V5: ``setup`` chooses each side's secret trap; only its owner hears where."""
    lines = script(tmp_path / "s.txt", "setup yellow", "setup orange", "start", "auto 4")
    for audience in ("public", "yellow"):
        done = run("play", "--old-session",
                   "--sim", "--seed", 8, "--variants", "V5,V8", "--audience", audience,
                   "--log-dir", tmp_path / audience, "--script", lines)
        assert done.code == 0, done.err
        assert "Variants: V5, V8." in done.out
        said = re.search(r"Yellow chose a secret trap square( \((\w+)\))?\.", done.out)
        assert said is not None
        assert (said.group(2) is not None) == (audience == "yellow")
        assert "Orange chose a secret trap square." in done.out
        assert "The game begins" in done.out


def test_noisy_bus_readers_still_follow_the_game(tmp_path: Path) -> None:
    done = run("play", "--old-session", "--sim", "--seed", 6, "--timing", "bus", "--noise", "0.05",
               "--script", script(tmp_path / "s.txt", "setup all", "start yellow", "auto 6"))
    assert done.code == 0, done.err
    assert "readers: bus, miss rate 0.05" in done.out
    assert done.out.count(" played ") >= 6
    assert run("play", "--old-session", "--sim", "--noise", "2").code == 2


def test_moving_by_lift_and_place(tmp_path: Path) -> None:
    opening = find_opening(SEED)
    first = opening.turns[0]
    a, b = opening.name(first.path[0]), opening.name(first.path[1])
    done = run("play", "--old-session", "--sim", "--seed", SEED, "--script",
               script(tmp_path / "s.txt", "setup all", "start yellow", f"lift {a}",
                      "wait 0.5", f"place {b}", "status"))
    assert done.code == 0, done.err
    assert f"Yellow is moving the figure from {a}" in done.out
    assert f"Yellow played {a}-{b}" in done.out
    assert "Now: Orange to move" in done.out


@pytest.mark.parametrize(("lines", "error"), [
    (["frobnicate"], "unknown command 'frobnicate': type help for the commands"),
    (["place e4"], "the hand is empty: say which figure"),
    (["place e4 purple tri"], "not a tag UID"),
    (["place e4 yellow tri"], "which Tri? A set has 3"),
    (["lift a8"], "a8 is empty: there is no figure to lift"),
    (["move e4"], "move FROM TO, like: move e3 e4"),
    (["start mauve"], "unknown player 'mauve'"),
    (["auto 0"], "auto plays at least one turn"),
    (["auto"], "there is no game running: set up (setup all) and start it"),
    (["wait lots"], "'lots' is not a number of seconds"),
    (["show nobody"], "show whom? (public, yellow, orange, arbiter)"),
    (["export"], "export FILE [public]"),
    (["setup all", "setup all"], "every side is set up already"),
    (["setup all", "start", "setup orange"], "the game has started"),
    (["challenge"], "which square?"),
    (["trap yellow e4"], "The secret trap is chosen"),
])
def test_every_command_error_is_explained(lines: list[str], error: str, tmp_path: Path) -> None:
    done = run("play", "--old-session",
               "--sim", "--seed", 3, "--script", script(tmp_path / "s.txt", *lines))
    if error.startswith("The secret trap"):  # not an error of the command: the session says
        assert done.code == 0 and "Secret traps play only with variant V5." in done.out
        return
    assert done.code == 2, done.out
    assert f"s.txt line {len(lines)}: " in done.err
    assert error in done.err


@pytest.mark.parametrize("turns_before_kill", [1, 6])
def test_a_killed_process_resumes_the_same_game(tmp_path: Path, turns_before_kill: int) -> None:
    """SIGKILL in the middle of a game (the plug pulled), then ``giganten resume``: the
    turns logged before the kill are the game's first turns, and the game goes on to its
    end."""
    env = {**os.environ, "GIGANTEN_HOME": str(tmp_path / "home")}
    env.pop("GIGANTEN_BACKEND", None)
    player = subprocess.Popen([str(GIGANTEN), "play", "--old-session",
                               "--sim", "--seed", "5", "--script", "-"],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, text=True, env=env)
    assert player.stdin is not None
    player.stdin.write("setup all\nstart yellow\nauto\n")
    player.stdin.flush()
    games = tmp_path / "home" / "games"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        logs = list(games.glob("*.log")) if games.is_dir() else []
        if logs and logs[0].read_text("utf-8").count('"type":"turn"') >= turns_before_kill:
            break
        time.sleep(0.005)
    player.kill()
    player.wait(timeout=30)
    log = only_log(games)
    before = [json.loads(line) for line in log.read_text("utf-8").splitlines()
              if line.endswith("}")]
    turns_before = [e["turn"] for e in before if e["type"] == "turn"]
    assert len(turns_before) >= turns_before_kill
    record = tmp_path / "record.json"
    resumed = subprocess.run([str(GIGANTEN), "resume", str(log), "--sim", "--script", "-"],
                             input=f"auto\nexport {record}\n", capture_output=True, text=True,
                             timeout=300, env=env, check=False)
    assert resumed.returncode == 0, resumed.stderr
    game = json.loads(record.read_text("utf-8"))["game"]
    state = game_from_json(game)
    assert state.winner is not None
    replayed = list(game["actions"])
    for logged, played in zip(turns_before, replayed, strict=False):
        assert {k: v for k, v in played.items() if k in logged} == logged


class _Terminal(io.StringIO):
    """Standard output that is a terminal in front of the players."""

    def isatty(self) -> bool:
        return True


def test_a_terminal_keeps_no_challenge_after_the_next_turn(tmp_path: Path) -> None:
    """[I4] On a terminal the screen and its scrollback are cleared once a challenge is
    over, and the recent lines told again without kinds: between two clears at most one
    turn's line names kinds, the challenge that is still on the table."""
    lines = script(tmp_path / "game.txt", "setup all", "start", "auto 60")
    terminal = _Terminal()
    with contextlib.redirect_stdout(terminal):
        code = main(["play", "--old-session", "--sim", "--seed", str(SEED), "--policy", "rulebook",
                     "--audience", "public", "--log-dir", str(tmp_path / "logs"),
                     "--script", str(lines)])
    assert code == 0
    screens = terminal.getvalue().split(CLEAR_SCREEN_AND_SCROLLBACK)
    assert len(screens) > 3, "no challenge was ever cleared from the screen"
    for screen in screens:
        naming = [line for line in screen.splitlines()
                  if " played " in line and kind_words(line)]
        assert len(naming) <= 1, naming
    retold = [line for screen in screens[1:] for line in screen.splitlines()[:RECENT_LINES]
              if " challenged " in line and not kind_words(line)]
    assert retold, "the earlier challenges were not told again, without their kinds"
