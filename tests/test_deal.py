"""``giganten deal``: a seeded landscape for the cardboard [B3, V1, V2, V9]."""

from __future__ import annotations

import re

import pytest

from companion.deal import deal, describe
from companion.games.giganten.board import TILE_SWAMP_COUNTS
from companion.games.giganten.ruleset import RuleSet


def _terrain_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"^\s*\d+ ", line)]


@pytest.mark.parametrize(("variants", "tiles", "files", "ranks"), [
    ((), 4, 14, 14), (("V1",), 4, 7, 28), (("V2",), 4, 14, 14), (("V9",), 8, 28, 14)])
def test_B3_deal_names_every_tile_and_draws_the_terrain(variants: tuple[str, ...], tiles: int,
                                                        files: int, ranks: int) -> None:
    rules = RuleSet.of(variants)
    board = deal(11, rules)
    text = describe(board, rules)
    assert f"{files} files × {ranks} ranks" in text
    assert len(re.findall(r"^  tile [abcd]: ", text, re.MULTILINE)) == tiles
    rows = _terrain_rows(text)
    assert len(rows) == ranks
    assert sum(row.split()[1:].count("~") for row in rows) == len(board.swamp)
    letters = re.findall(r"tile ([abcd])", text)
    assert sum(TILE_SWAMP_COUNTS[t] for t in letters) == len(board.swamp)  # B2 counts


def test_B3_the_same_seed_deals_the_same_landscape() -> None:
    rules = RuleSet()
    assert describe(deal(3, rules), rules) == describe(deal(3, rules), rules)
    assert any(describe(deal(3, rules), rules) != describe(deal(s, rules), rules)
               for s in range(4, 10))


def test_V2_each_player_lays_one_agreed_pair() -> None:
    rules = RuleSet.of(["V2"])
    for seed in range(20):
        text = describe(deal(seed, rules, pairing="ab+cd"), rules)
        yellow = sorted(re.findall(r"tile ([abcd]): Yellow", text))
        assert yellow in (["a", "b"], ["c", "d"])
