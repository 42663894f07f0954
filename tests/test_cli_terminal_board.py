"""The terminal's board (``companion.textboard.game_board`` in the console's words,
``commands.console_text.board_key``) for every game, in both languages: every line fits
80 columns, every figure reads back from its square (its owner, its number, a name no
other kind shares), every name in the key whole (no ``r.goril``), a hidden kind a ``?``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from commands.console_text import board_key
from companion.game import Game, Piece
from companion.games import get_game
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.ruleset import RuleSet
from companion.textboard import SCREEN_WIDTH, game_board, kind_labels
from companion.views.games import setup_view
from ui.words import i18n
from ui.words.view_text import kind_name

JSON = dict[str, Any]


@pytest.fixture(params=["en", "de"])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(i18n, "_current", i18n.language())  # put back after
    i18n.set_language(request.param)
    return str(request.param)


def _options(game: Game, variants: tuple[str, ...] = ()) -> dict[str, Any]:
    if game.name != "giganten":
        return {}
    rules = RuleSet(variants)
    return {"board": deal_landscape(random.Random(1), rules=rules), "rules": rules,
            "policy": "rulebook", "first": 0}


def _full_board(game: Game, options: dict[str, Any], audience: int) -> JSON:
    """Every player's whole set on the board (Gimmel's hands at random squares)."""
    geometry = game.geometry(options)
    rng = random.Random(7)
    pieces: dict[int, Piece] = {}
    free = list(range(geometry.files * geometry.ranks))
    for player in range(len(game.players)):
        zone = sorted(game.setup_zone(player, options)) or rng.sample(free, 24)
        zone = [square for square in zone if square not in pieces]
        rng.shuffle(zone)
        kinds = [kind.id for kind in game.kinds(options) for _ in range(kind.count)]
        pieces.update({sq: Piece(player, kind) for sq, kind in zip(zone, kinds,
                                                                   strict=False)})
    view = setup_view(game, geometry, pieces, audience)
    if game.name == "giganten":  # the landscape's swamp, public [B3]
        board = options["board"]
        view["board"]["swamp"] = [geometry.name(sq) for sq in sorted(board.swamp)]
    return view


def _cells(lines: list[str], files: int, cell: int) -> dict[str, str]:
    """The board's squares read back from its lines (the top ``files`` ranks of a square
    board, one block): square name -> what it shows."""
    cells: dict[str, str] = {}
    rows = lines[:files]
    letters = "abcdefghijklmnopqrstuvwxyz"
    for row in rows:
        rank = int(row[:2])
        body = row[3:]
        for file in range(files):
            text = body[file * cell:(file + 1) * cell].strip(" ~")
            cells[f"{letters[file]}{rank}"] = text
    return cells


@pytest.mark.parametrize("name", ["strategus", "gimmel", "giganten"])
def test_every_game_s_board_fits_and_reads_back(name: str, language: str) -> None:
    game = get_game(name)
    options = _options(game)
    key = board_key(game, options)
    view = _full_board(game, options, 0)  # the first player's view: own kinds, others hidden
    lines = game_board(view, key)
    assert max(len(line) for line in lines) <= SCREEN_WIDTH, "\n".join(lines)
    files = view["board"]["files"]
    cell = 7 if files == 10 else 5
    labels = kind_labels(key, cell - 2)
    assert len(set(labels.values())) == len(labels), labels  # no two kinds alike
    shown = _cells(lines, files, cell)
    mine, theirs = key.players[game.players[0]][0].lower(), key.players[game.players[1]][0]
    for figure in view["figures"]:
        text = shown[figure["square"]]
        if "kind" in figure:
            assert text == mine + labels[figure["kind"]].strip() or \
                text == mine + labels[figure["kind"]], (figure, text)
            value = key.values[figure["kind"]]
            if name == "strategus" and value is not None:
                assert text[1:].startswith(str(value)), text  # the rank on the piece [F]
        else:
            assert text == theirs.lower() + "?", (figure, text)
    text = "\n".join(lines)
    for kind in {figure["kind"] for figure in view["figures"] if "kind" in figure}:
        assert kind_name(kind) in text, kind  # the whole name, in the key or the square
    assert "?=" in text


def test_the_strategus_board_names_each_figure_with_its_number() -> None:
    i18n.set_language("en")
    game = get_game("strategus")
    key = board_key(game, {})
    labels = kind_labels(key, 5)
    assert labels["elephant"] == "1 Ele" and labels["mouse"] == "10Mou"
    assert labels["gorilla"] == "4 Gor" and labels["trap"] == "Trap"


def test_a_board_wider_than_the_screen_is_drawn_in_blocks() -> None:
    """Giganten's four-player board (V9, 28 files) in two blocks of 14, each fitting."""
    game = get_game("giganten")
    options = _options(game, ("V9",))
    from companion.game import seated

    game = seated(game, options)
    view = _full_board(game, options, 0)
    lines = game_board(view, board_key(game, options))
    assert max(len(line) for line in lines) <= SCREEN_WIDTH
    footers = [line for line in lines if line.startswith("   a") or line.startswith("   o")]
    assert [line.split()[0] for line in footers] == ["a", "o"], lines
