"""``giganten demo``: a whole game between two bots, shown through the public view only.

The command is run through the real console script. The bots are checked for fairness by
replaying a game in which hidden enemy kinds were swapped: a bot that decides from its own
view alone must make exactly the same decisions. ``textboard.render`` is checked on small
positions whose every square is known.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.demo import Bot, make_bots, new_game, play_game, summary
from companion.games.giganten.board import Board
from companion.games.giganten.codec import game_from_json
from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    DEINO6,
    DEINO7,
    DILO,
    DOCUS,
    FLUG,
    NEST,
    STEGO,
    TRI,
    TYRA1,
    TYRA2,
    Kind,
)
from companion.games.giganten.ruleset import RuleSet, RuleSetError
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from companion.textboard import CELL, KIND_CODES, render
from companion.views import ARBITER, OUTCOME_ONLY, PUBLIC, RULEBOOK, view_for

GIGANTEN = Path(sys.executable).parent / "giganten"
RECORD_MARK = "=== Game record"
RESULT_MARK = "=== Result ==="
SEED = 12
"""A seed whose game lasts a few dozen plies and ends by a Nest taken."""


def run_demo(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``giganten demo`` with ``args``; fail with its stderr if it does not exit 0."""
    done = subprocess.run([str(GIGANTEN), "demo", *args], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done


def record_and_result(stdout: str) -> tuple[dict[str, object], str]:
    """The game record (JSON) and the result lines the demo printed at its end."""
    start = stdout.index(RECORD_MARK)
    body = stdout[stdout.index("\n", start) + 1:]
    record, end = json.JSONDecoder().raw_decode(body)
    rest = body[end:].strip().splitlines()
    assert rest[0] == RESULT_MARK
    return record, rest[1]


def board_lines(text: str) -> list[str]:
    """The rank rows of every board drawn in ``text``."""
    return [line for line in text.splitlines()
            if line[:2].strip().isdigit() and line.rstrip().split()[-1].isdigit()]


# --- The command ----------------------------------------------------------------------------


def test_demo_plays_one_game_and_prints_a_record_that_replays_to_its_result() -> None:
    out = run_demo("--seed", str(SEED), "--delay", "0").stdout
    record, result = record_and_result(out)
    replayed = game_from_json(record)
    assert replayed.is_over
    assert result == summary(replayed, 1500)
    assert f"seed {SEED}" in out
    # One public view for the start and one after every turn, and no other audience's.
    assert out.count("· view: public ·") == replayed.ply + 1
    assert "view: yellow" not in out and "view: orange" not in out
    assert f"Ply {replayed.ply} " in out


def test_demo_shows_no_kind_on_the_board_to_the_public() -> None:
    out = run_demo("--seed", str(SEED)).stdout
    rows = board_lines(out[:out.index(RECORD_MARK)])
    assert len(rows) > 14
    assert not any(code in row for row in rows for code in KIND_CODES.values())


def test_demo_is_reproducible_from_its_seed() -> None:
    first = run_demo("--seed", "5", "--quiet").stdout
    assert first == run_demo("--seed", "5", "--quiet").stdout


def test_demo_quiet_prints_only_the_record_and_the_result() -> None:
    out = run_demo("--seed", str(SEED), "--quiet").stdout
    assert "Ply " not in out
    record, result = record_and_result(out)
    assert result == summary(game_from_json(record), 1500)


def test_demo_stops_plainly_at_the_ply_limit() -> None:
    out = run_demo("--seed", str(SEED), "--max-plies", "3").stdout
    record, result = record_and_result(out)
    assert result.startswith("Stopped at the ply limit after 3 plies")
    assert "no winner" in result
    replayed = game_from_json(record)
    assert replayed.ply == 3 and not replayed.is_over
    assert record["result"] is None


def test_demo_outcome_only_policy_shows_no_kinds_to_the_public() -> None:
    out = run_demo("--seed", str(SEED), "--policy", OUTCOME_ONLY).stdout
    shown = out[:out.index(RECORD_MARK)]
    assert "reveal policy: outcome-only" in shown
    assert "challenges" in shown
    assert " beats " not in shown and " draw " not in shown  # kinds are never told
    record, result = record_and_result(out)
    assert result == summary(game_from_json(record), 1500)


@pytest.mark.parametrize("args", [["--delay", "-1"], ["--max-plies", "0"],
                                  ["--policy", "peek"]])
def test_demo_refuses_bad_options(args: list[str]) -> None:
    done = subprocess.run([str(GIGANTEN), "demo", *args], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2
    assert "giganten demo" in done.stderr


def test_bots_finish_most_games_by_taking_the_nest() -> None:
    finished = 0
    for seed in range(10):
        state = new_game(seed)
        for _ in play_game(state, make_bots(state, seed)):
            pass
        finished += state.reason == "nest"
    assert finished >= 8


# --- Fair bots ------------------------------------------------------------------------------

TWIN_PLIES = 40
"""How many plies of a game the fairness test replays with other hidden kinds."""

_SAME_MOVES = frozenset({FLUG, BLITZ, NEST})
"""Kinds that move or fight unlike the rest; hidden kinds are only swapped among the rest."""


def _never_fought(state: GameState) -> list[int]:
    """Figures that never took part in a challenge: nothing has shown their kinds."""
    fought = {f for a in state.history if isinstance(a, TurnResult) and a.combat
              for f in (a.combat.challenger_figure, a.combat.challenged_figure)}
    return [f for f in range(len(state.fig_kind)) if f not in fought]


def _swap_hidden_kinds(state: GameState, player: int) -> dict[int, tuple[int, Kind]]:
    """The starting position with ``player``'s never-revealed ordinary kinds rotated."""
    hidden = [f for f in _never_fought(state) if state.fig_player[f] == player
              and state.fig_kind[f] not in _SAME_MOVES]
    kinds = [state.fig_kind[f] for f in hidden]
    rotated = kinds[1:] + kinds[:1]
    assert rotated != kinds, "this game reveals too much to test"
    start = dict(state.start)
    squares = sorted(state.start)  # figure ids follow the order of their starting squares
    for figure, kind in zip(hidden, rotated, strict=True):
        start[squares[figure]] = (player, kind)
    return start


@pytest.mark.parametrize(("seed", "policy"), [(SEED, RULEBOOK), (7, RULEBOOK), (29, RULEBOOK),
                                              (SEED, OUTCOME_ONLY), (16, OUTCOME_ONLY)])
def test_bot_decisions_do_not_depend_on_hidden_enemy_kinds(seed: int, policy: str) -> None:
    """Replay Orange's turns against a Yellow bot in a game whose hidden Orange kinds differ:
    Yellow must choose every turn exactly as it did. (A bot made to read the arbiter's view
    instead fails this for each of these seeds.)"""
    original = new_game(seed)
    # The opening is where most kinds are still hidden, so that is what is compared.
    for _ in play_game(original, make_bots(original, seed), policy, max_plies=TWIN_PLIES):
        pass
    twin = GameState(original.board, _swap_hidden_kinds(original, 1), original.first)
    assert twin.start != original.start
    bot = make_bots(twin, seed)[0]
    bot.observe(view_for(twin, "yellow", policy))
    for action in original.history:
        assert isinstance(action, TurnResult)
        if action.player == 0:
            chosen = bot.choose(view_for(twin, "yellow", policy), twin.legal_turns())
            assert chosen == action.turn._replace(advance=False)
        twin.play(action.turn)
        bot.observe(view_for(twin, "yellow", policy))
    assert twin.winner == original.winner and twin.ply == original.ply


def test_bot_looks_only_at_its_own_view() -> None:
    state = new_game(1)
    bot = Bot("yellow", random.Random(1))
    for audience in ("orange", PUBLIC, ARBITER):
        with pytest.raises(ValueError, match="only at yellow's view"):
            bot.observe(view_for(state, audience))
    view = view_for(state, "yellow")
    before = copy.deepcopy(view)
    assert bot.choose(view, state.legal_turns()) in state.legal_turns()
    assert view == before


# --- render ---------------------------------------------------------------------------------


def _state(figures: dict[str, str], swamp: list[str], to_move: int = 0) -> GameState:
    board = Board.from_swamp_names(14, 14, swamp)
    kinds = {"tri": 2, "dilo": 3, "stego": 4, "nest": 10, "flug": 8}
    position = {board.square(sq): (0 if text.startswith("yellow") else 1,
                                   kinds[text.split()[1]]) for sq, text in figures.items()}
    return GameState(board, position, to_move)


def _cell(text: str, name: str) -> str:
    """The characters drawn for square ``name`` (like ``e5``) on the board in ``text``."""
    file, rank = ord(name[0]) - ord("a"), int(name[1:])
    row = next(line for line in board_lines(text) if line[:2].strip() == str(rank))
    start = 3 + file * CELL
    return row[start:start + CELL]


POSITION = {"e3": "yellow tri", "b1": "yellow nest", "e5": "orange dilo",
            "f6": "orange stego", "m14": "orange nest", "a7": "yellow flug"}


def test_render_player_view_shows_own_kinds_and_no_enemy_kind() -> None:
    state = _state(POSITION, swamp=["f6", "g6"])
    text = render(view_for(state, "yellow"))
    assert _cell(text, "e3").strip() == "yTr"
    assert _cell(text, "b1").strip() == "yNe"
    assert _cell(text, "e5").strip() == "o"
    assert _cell(text, "m14").strip() == "o"
    assert _cell(text, "f6").strip() == "~o~"
    assert "oDi" not in text and "oSt" not in text and "oNe" not in text
    assert "dilo" not in text and "stego" not in text
    assert "Yellow to move" in text and "view: yellow" in text


def test_render_marks_swamp_and_land_distinctly() -> None:
    state = _state(POSITION, swamp=["f6", "g6"])
    text = render(view_for(state, ARBITER))
    assert _cell(text, "g6").strip() == "~~~"  # empty swamp
    assert _cell(text, "h6").strip() == "."  # empty land
    assert _cell(text, "f6").strip() == "~oSt~"  # figure in a swamp
    assert _cell(text, "e5").strip() == "oDi"  # figure on land
    assert "~" not in _cell(text, "e5")


def test_render_puts_yellow_at_the_bottom_with_files_and_ranks() -> None:
    text = render(view_for(_state(POSITION, swamp=[]), PUBLIC))
    rows = board_lines(text)
    assert [row[:2].strip() for row in rows] == [str(r) for r in range(14, 0, -1)]
    lines = text.splitlines()
    files = lines[1].split()
    assert files == list("abcdefghijklmn")
    assert lines[lines.index(rows[-1]) + 1].split() == files


def test_render_tells_the_last_turn_in_words_with_kinds_only_where_shown() -> None:
    state = _state(POSITION, swamp=["f6"])
    state.play(Turn((state.board.square("e3"), state.board.square("e4")),
                    state.board.square("e5"), advance=True))
    public = render(view_for(state, PUBLIC))
    assert ("Last turn: Yellow e3→e4, challenges e5: challenger wins (K1) — tri beats dilo"
            " on land; the winner advances to e5") in public
    assert "orange 1: dilo" in public
    hidden = render(view_for(state, PUBLIC, OUTCOME_ONLY))
    assert "Last turn: Yellow e3→e4, challenges e5: challenger wins;" in hidden
    assert "dilo" not in hidden and "tri" not in hidden and "K1" not in hidden
    assert "orange 1 (face down)" in hidden
    own = render(view_for(state, "yellow", OUTCOME_ONLY))
    assert "challenger is a tri" in own and "dilo" not in own


def test_render_reports_the_end_of_the_game() -> None:
    state = _state({"m12": "yellow flug", "m14": "orange nest", "b1": "yellow nest",
                    "a14": "orange stego"}, swamp=[])
    state.play(Turn((state.board.square("m12"), state.board.square("m13")),
                    state.board.square("m14")))
    text = render(view_for(state, PUBLIC))
    assert "the Nest is taken (K4.2)" in text
    assert "Game over: Yellow wins" in text
    assert "to move" not in text


def test_render_is_pure() -> None:
    state = new_game(4)
    for _ in zip(range(30), play_game(state, make_bots(state, 4)), strict=False):
        pass
    view = view_for(state, "orange")
    before = copy.deepcopy(view)
    assert render(view) == render(view)
    assert view == before


# --- Variants ---------------------------------------------------------------------------------

VARIANT_MAX_PLIES = 600
"""Variant demo games are cut off here; they finish or stop plainly."""


def _variant_demo(variants: str, seed: int) -> tuple[str, dict[str, object], str]:
    out = run_demo("--seed", str(seed), "--variants", variants,
                   "--max-plies", str(VARIANT_MAX_PLIES)).stdout
    record, result = record_and_result(out)
    return out, record, result


@pytest.mark.parametrize("seed", [1, 4])
def test_demo_plays_a_four_player_game_whose_record_replays(seed: int) -> None:
    """V9: four bots in two teams on the 28-file board; the game finishes (or stops plainly at
    the ply limit), and its printed record replays to the printed result."""
    out, record, result = _variant_demo("V9", seed)
    replayed = game_from_json(record)
    assert record["variants"] == ["V9"]
    assert record["players"] == ["yellow", "orange", "yellow2", "orange2"]
    assert (replayed.board.files, replayed.board.ranks) == (28, 14)
    assert result == summary(replayed, VARIANT_MAX_PLIES)
    assert replayed.is_over or result.startswith("Stopped at the ply limit")
    assert "Four computer players in two teams" in out and "Variants: V9." in out
    shown = out[:out.index(RECORD_MARK)]
    assert shown.count("· view: public ·") == replayed.ply + 1
    assert "Teams: yellow + yellow2 against orange + orange2" in shown
    assert any(line.rstrip().endswith(" aa   ab") for line in shown.splitlines())  # [R10]
    rows = board_lines(shown)
    assert not any(code in row for row in rows for code in KIND_CODES.values())
    movers = {a["player"] for a in record["actions"]}  # type: ignore[attr-defined]
    assert movers == {"yellow", "orange", "yellow2", "orange2"}


@pytest.mark.parametrize("seed", [2, 3])
def test_demo_plays_a_variant_game_with_doubles_and_reserves(seed: int) -> None:
    """V3+V5+V6+V8: the bots make double moves and now and then place reserve figures; the
    public never sees a placed figure's kind or a reserve's kinds; the record replays."""
    out, record, result = _variant_demo("V3,V5,V6,V8", seed)
    replayed = game_from_json(record)
    assert record["variants"] == ["V3", "V5", "V6", "V8"]
    assert result == summary(replayed, VARIANT_MAX_PLIES)
    assert replayed.is_over or result.startswith("Stopped at the ply limit")
    actions: list[dict[str, object]] = record["actions"]  # type: ignore[assignment]
    assert any("place" in a for a in actions), "no reserve figure was placed"
    assert any("paths" in a or len(a.get("path", [])) == 3 for a in actions)  # type: ignore[arg-type]
    shown = out[:out.index(RECORD_MARK)]
    assert "places reserve figures on" in shown
    assert re.search(r"Reserve: yellow \d; orange \d$", shown, re.MULTILINE)
    placed = [line for line in shown.splitlines() if "places reserve figures" in line]
    assert not any("(" in line.split("places reserve figures on")[1].split(",")[0]
                   for line in placed)  # no kind after a placed square
    assert "Variants: V3, V5, V6, V8." in out


@pytest.mark.parametrize("variants", ["V3,V4", "V1,V9", "V5b", "V6a", "V10", "V5b,V5c,V5"])
def test_demo_refuses_variants_that_do_not_combine(variants: str) -> None:
    done = subprocess.run([str(GIGANTEN), "demo", "--variants", variants], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "giganten demo" in done.stderr
    try:
        RuleSet.of(variants.split(","))
    except RuleSetError as err:
        assert str(err) in done.stderr
    else:
        raise AssertionError(f"{variants} should be refused")


def test_demo_accepts_variant_ids_in_any_case_and_with_spaces() -> None:
    out = run_demo("--seed", "3", "--variants", " v5 , V5A,v8", "--max-plies", "4",
                   "--quiet").stdout
    record, _ = record_and_result(out)
    assert record["variants"] == ["V5", "V5a", "V8"]


_ORDINARY = frozenset({TYRA1, TYRA2, TRI, DILO, STEGO, DOCUS, DEINO6, DEINO7, CULAK})
"""Kinds that move and challenge alike (no Flug, Blitz, Nest, Gespenst or Falle)."""


def _swap_hidden_kinds_of(state: GameState, players: list[int]) -> dict[int, tuple[int, Kind]]:
    """The start with each of ``players``' never-revealed ordinary kinds rotated: figures
    that never fought and never left the board (a trap's catch is set out face up)."""
    gone = {f for a in state.history if isinstance(a, TurnResult) for f in a.removed}
    start = dict(state.start)
    squares = sorted(state.start)
    for player in players:
        hidden = [f for f in _never_fought(state) if f < len(squares) and f not in gone
                  and state.fig_player[f] == player and state.fig_kind[f] in _ORDINARY]
        kinds = [state.fig_kind[f] for f in hidden]
        for figure, kind in zip(hidden, kinds[1:] + kinds[:1], strict=True):
            start[squares[figure]] = (player, kind)
    return start


@pytest.mark.parametrize(("variants", "others"), [("V9", [1, 2, 3]),
                                                  ("V3,V5,V6,V8", [1]),
                                                  ("V4,V5,V5b,V7", [1])])
def test_variant_bot_decisions_do_not_depend_on_hidden_kinds(variants: str,
                                                             others: list[int]) -> None:
    """As above under the variants: Yellow's bot chooses every turn (double moves, reserve
    placements) exactly as before when the hidden kinds of the other players' figures
    (the partner's too, V9) differ."""
    rules = RuleSet.of(variants.split(","))
    seed = 5
    original = new_game(seed, rules)
    for _ in play_game(original, make_bots(original, seed), max_plies=TWIN_PLIES):
        pass
    twin = GameState(original.board, _swap_hidden_kinds_of(original, others), original.first,
                     rules, reserves={p: list(k) for p, k in original.start_reserves.items()},
                     traps={p: sq for p, sq in enumerate(original.traps) if sq is not None})
    assert twin.start != original.start
    bot = make_bots(twin, seed)[0]
    bot.observe(view_for(twin, "yellow"))
    for action in original.history:
        assert isinstance(action, TurnResult)
        if action.player == 0:
            squares = twin.reserve_squares(0) if twin.may_place_reserve(0) else []
            chosen = bot.choose(view_for(twin, "yellow"), twin.legal_turns(), squares)
            assert chosen == action.turn._replace(advance=False)
        twin.play(action.turn)
        bot.observe(view_for(twin, "yellow"))
    assert twin.winner == original.winner and twin.ply == original.ply


def test_render_shows_a_wide_board_and_the_variant_parts_of_a_view() -> None:
    """render on a V5b+V6+V9 position: files a … ab, the teams, a held figure, the own secret
    trap (``^`` on its empty square) but not the others', the reserve counts with the own
    kinds only, and placed figures' kinds only in their owner's view."""
    rules = RuleSet.of(["V5", "V5b", "V6", "V9"])
    board = Board(28, 14)
    sq = board.square
    position = {sq("b1"): (0, NEST), sq("c2"): (0, FLUG), sq("aa14"): (1, NEST),
                sq("z13"): (1, FLUG), sq("l1"): (2, NEST), sq("m2"): (2, FLUG),
                sq("p14"): (3, NEST), sq("q13"): (3, FLUG)}
    state = GameState(board, position, 0, rules,
                      reserves={0: [TRI, STEGO, DILO], 1: [TRI, TRI, DOCUS]},
                      traps={0: sq("e3"), 1: sq("f12")}, frozen={sq("m2"): 2},
                      turns_made={0: 3, 1: 3, 2: 3, 3: 3})
    state.play(Turn((), place=((sq("a1"), TRI),)))
    own = render(view_for(state, "yellow"))
    public = render(view_for(state, PUBLIC))
    assert own.splitlines()[1].rstrip().endswith(" z    aa   ab")
    assert "Teams: yellow + yellow2 against orange + orange2" in own
    assert "Last turn: Yellow places reserve figures on a1 (tri)" in own
    assert "Last turn: Yellow places reserve figures on a1" in public
    assert "(tri)" not in public
    assert "Reserve: yellow 2: dilo stego; orange 3; yellow2 0; orange2 0" in own
    assert "Reserve: yellow 2; orange 3; yellow2 0; orange2 0" in public
    assert "Secret traps: yellow's on e3" in own and "f12" not in own
    assert "Secret traps" not in public and "^" not in public
    row = next(line for line in board_lines(own) if line.startswith(" 3 "))
    assert row[3 + 4 * CELL:3 + 5 * CELL].strip() == "^"
    assert "Held by a trap (V5b): yellow2 m2 (2 more turns)" in public
    assert "yTr" in own and "yTr" not in public


# --- Saving and resuming a game with variants ---------------------------------------------

def test_V_a_saved_variant_game_resumes_where_it_stopped(tmp_path: Path) -> None:
    """``--save`` keeps the record (owner-only: it holds every secret); ``--resume`` replays
    it and plays on under the variants it names."""
    saved = tmp_path / "game.json"
    run_demo("--seed", "8", "--variants", "V5,V5b,V6,V8", "--max-plies", "20", "--save",
             str(saved), "--quiet")
    assert saved.stat().st_mode & 0o777 == 0o600
    first = json.loads(saved.read_text("utf-8"))
    assert first["variants"] == ["V5", "V5b", "V6", "V8"] and len(first["actions"]) == 20
    assert game_from_json(first).ply == 20
    out = run_demo("--seed", "8", "--resume", str(saved), "--max-plies", "40", "--save",
                   str(saved), "--quiet").stdout
    assert "Resuming the saved game after 20 plies" in out
    second = json.loads(saved.read_text("utf-8"))
    assert second["actions"][:20] == first["actions"]
    replayed = game_from_json(second)
    assert replayed.rules.ids() == ["V5", "V5b", "V6", "V8"]
    assert replayed.ply == 40 or replayed.is_over
    record, _ = record_and_result(out)
    assert record == second


def test_V_resuming_an_altered_record_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    run_demo("--seed", "8", "--max-plies", "6", "--save", str(saved), "--quiet")
    record = json.loads(saved.read_text("utf-8"))
    record["actions"][2]["path"] = record["actions"][0]["path"]  # an edited turn
    saved.write_text(json.dumps(record), "utf-8")
    done = subprocess.run([str(GIGANTEN), "demo", "--resume", str(saved)], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "action 3" in done.stderr and done.stdout == ""


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
