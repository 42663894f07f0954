"""The words of Giganten's own console on the console of every game (issue 13):
``challenge``/``nochallenge``/``confirm``/``stay`` map to the session's ``choose``,
``start PLAYER``, ``setup PLAYER``, ``place SQUARE`` from the hand, ``show AUDIENCE``,
``export FILE [public]``, ``exit``, the farewell lines; Giganten without ``--game`` on the
same path, and a log of the old console refused by ``resume`` in one line."""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from commands.console_screen import CLEAR_SCREEN_AND_SCROLLBACK
from commands.play_game import GameConsole
from commands.play_start import new_options, sim_table
from companion.game import ARBITER, PUBLIC
from companion.games import get_game
from companion.games.giganten.position import GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.identities import sim_identities
from companion.table.game_session import OVER, PLAY, GameSession
from companion.table.opponent import choose_turn
from hardware.sim import TILE_MODEL
from tests.cli_helpers import board_rows, home, mode, run, shows_kind
from tests.kind_words import KIND_WORDS
from tests.test_cli_referee_game import PIN_HASH

__all__ = ["home"]

GAME = get_game("giganten")
ROOT = Path(__file__).resolve().parent.parent


def _console(tmp_path: Path, seed: int, audience: int = PUBLIC
             ) -> tuple[GameConsole, list[str]]:
    """A console of a new Giganten game on the simulated board, its lines kept."""
    options = new_options(argparse.Namespace(variants=RuleSet(), policy="rulebook"), GAME,
                          seed)
    session, events = GameSession.new(GAME, options, sim_identities(GAME, options),
                                      tmp_path / f"game-{seed}.log", now=0.0,
                                      entropy=os.urandom)
    sim, hands = sim_table(session, seed, TILE_MODEL)
    lines: list[str] = []
    console = GameConsole(GAME, sim, hands, audience, seed, say=lines.append)
    console.tell(events)
    console.settle()
    return console, lines


def _state(console: GameConsole) -> GigantenState:
    state = console.session.state
    assert isinstance(state, GigantenState)
    return state


def _started(tmp_path: Path, seed: int, audience: int = PUBLIC
             ) -> tuple[GameConsole, list[str]]:
    console, lines = _console(tmp_path, seed, audience)
    console.execute("setup all")
    console.execute("start")
    assert console.session.phase == PLAY, lines[-5:]
    return console, lines


def _to_a_move_next_to_an_enemy(console: GameConsole) -> tuple[Any, Any]:
    """Play the easy bots' turns until the mover may step next to an enemy; that step
    without a challenge and with one."""
    rng = random.Random(1)
    for _ in range(200):
        state = _state(console).rules_state
        legal = state.legal_turns()
        quiet = next((t for t in legal if t.challenge is None and len(t.path) == 2
                      and not t.second and not t.place and any(
                          o.path == t.path and o.challenge is not None and not o.second
                          for o in legal)), None)
        if quiet is not None:
            loud = next(o for o in legal if o.path == quiet.path
                        and o.challenge is not None and not o.second)
            return quiet, loud
        console.hands.play(choose_turn(GAME, _state(console), rng, level="easy"))
        console.settle()
    raise AssertionError("no move next to an enemy came up")


def _move(console: GameConsole, turn: Any) -> None:
    """Move the turn's figure on the board, as ``move FROM TO`` at the terminal."""
    name = console.geometry.name
    console.execute(f"move {name(turn.path[0])} {name(turn.path[-1])}")


def test_challenge_names_the_target_and_plays_the_challenge(tmp_path: Path) -> None:
    console, _lines = _started(tmp_path, 5)
    quiet, loud = _to_a_move_next_to_an_enemy(console)
    turns = console.session.turns
    _move(console, quiet)
    assert console.session.turns == turns and console.session.choices
    with pytest.raises(ValueError, match="no open choice challenges"):
        console.execute("challenge " + _empty_square(console))
    console.execute(f"challenge {console.geometry.name(loud.challenge)}")
    assert console.session.turns == turns + 1
    played = _state(console).rules_state.history[-1]
    assert played.turn.challenge == loud.challenge


def test_nochallenge_and_confirm_end_the_move_as_the_board_shows_it(tmp_path: Path
                                                                    ) -> None:
    for word in ("nochallenge", "confirm"):
        console, _ = _started(tmp_path / word, 5)
        quiet, _loud = _to_a_move_next_to_an_enemy(console)
        turns = console.session.turns
        _move(console, quiet)
        console.execute(word)
        assert console.session.turns == turns + 1
        assert _state(console).rules_state.history[-1].turn == quiet


def test_stay_declines_the_advance_and_is_refused_without_one(tmp_path: Path) -> None:
    console, _ = _started(tmp_path, 3)
    with pytest.raises(ValueError, match="no advance is offered now"):
        console.execute("stay")
    rng = random.Random(2)
    for _ in range(400):
        if _state(console).offer is not None or console.session.phase != PLAY:
            break
        console.hands.play(choose_turn(GAME, _state(console), rng, level="easy"))
        console.settle()
    assert _state(console).offer is not None, "an advance came up"
    turns = console.session.turns
    console.execute("stay")
    assert console.session.turns == turns + 1
    assert _state(console).offer is None


def test_setup_one_player_then_start_naming_who_moves_first(tmp_path: Path) -> None:
    console, _ = _console(tmp_path, 7)
    console.execute("setup yellow")
    owners = {console.hands.identities[uid].owner for uid in console.sim.board.tags().values()}
    assert owners == {0}, "only Yellow's figures are set out"
    console.execute("setup orange")
    drawn = GAME.start(dict(console.session.board), console.session.options).to_move
    other = 1 - drawn
    console.execute(f"start {GAME.players[other]}")  # decided at the start [S5]
    assert console.session.phase == PLAY
    assert _state(console).to_move == other
    from companion.ledger.record import verify as read_log
    assert read_log(console.session.log_path)[0].body["options"]["first"] == other


def test_start_naming_a_player_who_does_not_begin_is_refused_where_the_rules_say(
        home: Path, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("setup all\nstart blue\n", "utf-8")
    done = run("play", "--game", "strategus", "--sim", "--seed", "2", "--script", script)
    assert done.code == 2 and "red moves first in this game" in done.err, done.err


def test_place_without_a_piece_puts_down_the_one_last_lifted(tmp_path: Path) -> None:
    console, _ = _console(tmp_path, 7)
    console.execute("setup all")
    square = console.geometry.name(min(console.sim.board.tags()))
    uid = console.sim.board.tag_at(min(console.sim.board.tags()))
    console.execute(f"lift {square}")
    target = _empty_square(console)
    console.execute(f"place {target}")
    assert console.sim.board.tag_at(console.geometry.parse(target)) == uid
    with pytest.raises(ValueError, match="the hand is empty"):
        console.execute(f"place {square}")


def test_show_another_audience_only_as_far_as_the_terminal_may(tmp_path: Path) -> None:
    console, _lines = _started(tmp_path, 4)
    with pytest.raises(ValueError, match=r"this terminal shows what public may see.*\[I3\]"):
        console.execute("show yellow")
    with pytest.raises(ValueError, match="show whom"):
        console.execute("show nobody")
    console.execute("show public")
    arbiter, seen = _started(tmp_path / "arbiter", 4, ARBITER)
    arbiter.execute("show yellow")
    assert shows_kind(board_rows("\n".join(seen)), "y")  # the arbiter sees yellow's kinds


def test_export_writes_the_public_record_and_the_full_one_after_the_end(
        tmp_path: Path) -> None:
    console, lines = _started(tmp_path, 6)
    console.execute("auto 6")
    public, full = tmp_path / "public.json", tmp_path / "full.json"
    console.execute(f"export {public} public")
    assert mode(public) == 0o644 and json.loads(public.read_text("utf-8"))
    assert f"Wrote the public record to {public}" in lines[-1]
    with pytest.raises(ValueError, match=r"the full record holds every setup \[I3\]"):
        console.execute(f"export {full}")
    assert not full.exists()
    console.execute("auto")
    assert console.session.phase == OVER
    console.execute(f"export {full}")
    assert mode(full) == 0o600
    assert run("verify", full).code == 0
    with pytest.raises(ValueError, match=r"export FILE \[public\]"):
        console.execute(f"export {full} secret")


def test_exit_ends_and_the_console_says_where_the_game_is_logged(home: Path,
                                                                  tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("setup all\nstart\nstatus\nexit\nstatus\n", "utf-8")
    done = run("play", "--game", "giganten", "--sim", "--seed", "3", "--script", script)
    assert done.code == 0, done.err
    assert "> status" in done.out and done.out.count("> status") == 1
    assert "Game log: " in done.out
    assert "The game is logged in " in done.out and "brettl resume " in done.out
    script.write_text("quit\n", "utf-8")
    empty = run("play", "--game", "strategus", "--sim", "--script", script)
    assert "No game was started, so nothing was logged." in empty.out


def _empty_square(console: GameConsole) -> str:
    taken = set(console.sim.board.tags())
    return console.geometry.name(next(sq for sq in console.geometry.squares()
                                      if sq not in taken))


def test_the_console_says_ready_and_pings_systemds_watchdog(tmp_path: Path) -> None:
    """The kiosk's terminal fallback (systemd/giganten-kiosk) runs under a watchdog: the
    console says READY=1 and WATCHDOG=1 as the old one did (issue 16, finding 3)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        address = str(tmp_path / "notify")
        server.bind(address)
        env = {**os.environ, "NOTIFY_SOCKET": address, "GIGANTEN_HOME": str(tmp_path),
               "WATCHDOG_USEC": "2000000"}
        env.pop("WATCHDOG_PID", None)
        done = subprocess.run([sys.executable, "-m", "commands.main", "play", "--game",
                               "giganten", "--sim"], input="status\nquit\n",
                              capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        server.settimeout(5)
        assert server.recv(4096) == b"READY=1"
        assert server.recv(4096) == b"WATCHDOG=1"


class _Terminal(io.StringIO):
    """A terminal's screen: it says it is one."""

    def isatty(self) -> bool:
        return True


def challenge_then_next_turn(console: Any) -> tuple[str, str]:
    """On a terminal: a figure moved next to an enemy challenges it, then the next turn is
    played; what the challenge printed, and what the terminal shows after the next turn."""
    terminal = _Terminal()
    console.say = lambda line: print(line, file=terminal)
    console.screen.screen = terminal
    _quiet, loud = _to_a_move_next_to_an_enemy(console)
    _move(console, loud)
    before = len(terminal.getvalue())
    console.execute(f"challenge {console.geometry.name(loud.challenge)}")
    printed = terminal.getvalue()
    turns = console.session.turns
    console.hands.play(choose_turn(GAME, _state(console), random.Random(0), level="easy"))
    console.settle()
    assert console.session.turns == turns + 1
    return printed[before:], terminal.getvalue()[len(printed):]


def test_the_next_turn_clears_a_challenges_kinds_from_the_terminal(tmp_path: Path) -> None:
    """[I4]: nothing on screen reminds a player of an enemy figure's kind after its
    challenge; on a terminal the screen and its scrollback are cleared at the next turn
    and the recent lines told again without the outcome (the old console's behaviour)."""
    console, _ = _started(tmp_path, 5)
    challenge, after = challenge_then_next_turn(console)
    challenge = challenge.split(CLEAR_SCREEN_AND_SCROLLBACK)[-1]
    assert KIND_WORDS.search(challenge), "under rulebook the public sees the combatants"
    assert CLEAR_SCREEN_AND_SCROLLBACK in after
    retold = after.split(CLEAR_SCREEN_AND_SCROLLBACK)[-1]
    last_turn = [line for line in retold.splitlines() if line.startswith("turn ")][-1]
    assert not KIND_WORDS.search(retold.replace(last_turn, "")), retold


@pytest.mark.parametrize(("lines", "error"), [
    (["place e4"], "the hand is empty: say which figure"),
    (["move e4"], "move FROM TO, like: move e3 e4"),
    (["start mauve"], "unknown player 'mauve'"),
    (["auto 0"], "a number of turns goes from 1 to 100000, not 0"),
    (["auto lots"], "'lots' is not a number of turns"),
    (["auto"], "there is no game running: set up (setup all) and start it"),
    (["wait lots"], "'lots' is not a number of seconds"),
    (["wait 100000"], "a number of seconds goes from 0 to 600, not 100000"),
    (["show nobody"], "show whom? (public, yellow, orange, arbiter)"),
    (["export"], "export FILE [public]"),
    (["setup all", "start", "setup orange"], "the game has started"),
    (["challenge"], "which square?"),
    # Over by a resignation: the same phase as a game played out (which the whole games of
    # tests/test_cli_play_giganten.py play), without playing one.
    (["setup all", "start", "auto 2", "resign orange", "auto 1"], "the game is over"),
])
def test_every_command_error_is_one_line_naming_the_script_line(
        lines: list[str], error: str, home: Path, tmp_path: Path) -> None:
    """The old console's words for a bad command (tests/test_cli_play.py), on the
    console: one line naming the script's line, nothing else lost."""
    script = tmp_path / "s.txt"
    script.write_text("\n".join(lines) + "\n", "utf-8")
    done = run("play", "--game", "giganten", "--sim", "--seed", "3", "--script", script)
    assert done.code == 2
    assert f"line {len(lines)}: {error}" in done.err, done.err
    assert len(done.err.strip().splitlines()) == 1 and "Traceback" not in done.err


def test_a_game_without_a_setup_says_so(home: Path, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("setup all\n", "utf-8")
    done = run("play", "--game", "gimmel", "--sim", "--script", script)
    assert done.code == 2 and "Gimmel starts empty: it has no setup" in done.err


def test_setting_up_one_side_refuses_a_square_of_the_other_sides(home: Path,
                                                                    tmp_path: Path) -> None:
    """As on the old console (tests/test_setup_by_hand.py): a piece by hand first, then
    ``setup PLAYER``; a square of the side's zone taken by the other side is refused."""
    console, _ = _console(tmp_path, 3)
    zone = sorted(GAME.setup_zone(0, console.session.options))
    square = console.geometry.name(zone[len(zone) // 2])
    console.execute(f"place {square} orange tri 2")
    with pytest.raises(ValueError, match=f"{square} is taken by orange's piece"):
        console.execute("setup yellow")
    assert console.sim.board.tags().keys() == {console.geometry.parse(square)}
    console.execute(f"remove {square}")
    console.execute(f"place {square} yellow tri 2")
    console.execute("setup yellow")
    console.execute("setup orange")
    console.execute("start")
    assert console.session.phase == PLAY


def _plain(tmp_path: Path, command: str, *extra: str) -> str:
    """``giganten COMMAND --sim`` without ``--game``; its output."""
    script = tmp_path / f"{command}.txt"
    script.write_text("status\nquit\n", "utf-8")
    done = run(command, "--sim", "--seed", "3", *extra, "--script", script)
    assert done.code == 0, done.err
    return done.out


def test_plain_play_and_referee_are_giganten(home: Path,
                                                                tmp_path: Path) -> None:
    """``play`` and ``referee`` without ``--game`` are Giganten through the game interface,
    with every variant; ``--old-session`` is gone (issue 13) and refused by the parser."""
    assert "Giganten on the simulated board; seed 3." in _plain(tmp_path, "play")
    for variants in ("V3,V8", "V5,V6,V9", "V5,V5c,V6,V6a"):
        assert "Giganten on the simulated board" in _plain(tmp_path, "play", "--variants",
                                                           variants)
    pin = ("--pin-hash", PIN_HASH)
    assert "Giganten referee mode on the simulated board" in _plain(tmp_path, "referee", *pin)
    assert "Giganten referee mode on the simulated board" in _plain(
        tmp_path, "referee", "--variants", "V5,V5c", *pin)
    gone = run("play", "--sim", "--old-session")
    assert gone.code == 2 and "unrecognized arguments: --old-session" in gone.err


def test_resume_of_a_file_that_is_no_log_gets_one_line(home: Path, tmp_path: Path) -> None:
    junk = tmp_path / "notes.log"
    junk.write_text("shopping list\n", "utf-8")
    for command in (("resume", junk), ("resume", tmp_path / "missing.log"),
                    ("referee", "--resume", junk, "--pin-hash", PIN_HASH)):
        done = run(*command, "--sim")
        assert done.code == 2 and done.err.count("\n") == 1, done.err
        assert "is not the log of a game" in done.err and "Traceback" not in done.err
    empty = run("resume", "--log-dir", tmp_path / "none", "--sim")
    assert empty.code == 2 and "there is no game log in" in empty.err


def test_resume_continues_a_game_log(home: Path, tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("setup all\nstart\nauto 2\n", "utf-8")
    assert run("play", "--sim", "--seed", "3", "--log-dir", tmp_path, "--script",
               script).code == 0
    look = tmp_path / "look.txt"
    look.write_text("status\n", "utf-8")
    resumed = run("resume", next(tmp_path.glob("game-*.log")), "--sim", "--script", look)
    assert resumed.code == 0, resumed.err
    assert "Giganten, 2 turns played" in resumed.out


def test_a_registry_on_the_simulated_board_is_said_not_dropped(home: Path,
                                                               tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("quit\n", "utf-8")
    done = run("play", "--sim", "--registry", tmp_path / "registry.json", "--script", script)
    assert done.code == 0, done.err
    assert "--registry is read on the readers (--backend)" in done.out
    assert "--old-session" not in done.out  # gone
