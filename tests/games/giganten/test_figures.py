"""Rule section F: the figure table, and F1 (Tyra and Deino are one kind each)."""

from __future__ import annotations

import pytest

from companion.games.giganten.combat import Outcome, resolve
from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    DEINO6,
    DEINO7,
    FALLE,
    FLUG,
    GESPENST,
    KIND_BY_ID,
    KINDS,
    NEST,
    STANDARD_SET,
    TYRA1,
    TYRA2,
    kind_id,
    parse_kind,
)
from tests.helpers import F_TABLE


def test_F_standard_set_has_24_figures() -> None:
    assert sum(STANDARD_SET.values()) == 24
    assert {kind_id(k): n for k, n in STANDARD_SET.items()} == {
        kind: row[1] for kind, row in F_TABLE.items()}


def test_F_the_blank_figure_stays_in_the_box() -> None:
    # A set has 25 figures; the blank plays only as the ghost (V3) or the trap (V4).
    assert GESPENST not in STANDARD_SET and FALLE not in STANDARD_SET
    assert sum(STANDARD_SET.values()) + 1 == 25
    assert (KINDS[GESPENST].variant, KINDS[FALLE].variant) == ("V3", "V4")


@pytest.mark.parametrize("kind", sorted(F_TABLE))
def test_F_table_label_count_and_strengths(kind: str) -> None:
    label, count, land, swamp = F_TABLE[kind]
    info = KINDS[parse_kind(kind)]
    assert (info.id, info.label, info.count) == (kind, label, count)
    if land is not None:
        assert (info.land, info.swamp) == (land, swamp)


@pytest.mark.parametrize("kind", [k for k, row in F_TABLE.items() if row[2] is not None])
def test_F_label_shows_land_then_swamp_strength(kind: str) -> None:
    """The green (left) number is the land strength, the orange (right) one the swamp [F1]."""
    info = KINDS[parse_kind(kind)]
    left, _, right = info.label.split()
    assert (int(left), int(right)) == (info.land, info.swamp)


def test_F_special_abilities_follow_the_notes_column() -> None:
    scouts = {info.id for info in KINDS if info.scout}
    land_only = {info.id for info in KINDS if info.land_only}
    never_forward = {info.id for info in KINDS if info.never_forward}
    immobile = {info.id for info in KINDS if not info.mobile}
    assert scouts == {"flug"}  # flying scout [M6]
    assert land_only == {"blitz", "nest"}  # [M4, S2]
    assert never_forward == {"blitz"}  # [M4]
    assert immobile == {"nest", "falle"}  # [M3, V4]
    assert not KINDS[BLITZ].challenges and not KINDS[NEST].challenges  # [C3]
    assert not KINDS[BLITZ].advances  # [K5]


def test_F_kind_ids_read_back() -> None:
    for kind, info in enumerate(KINDS):
        assert parse_kind(info.id) == kind and kind_id(kind) == info.id
    assert KIND_BY_ID["culak"] == CULAK
    with pytest.raises(ValueError, match="unknown kind 'trex'"):
        parse_kind("trex")


# --- F1 ------------------------------------------------------------------------------------

def test_F1_tyra_and_deino_are_one_kind_each() -> None:
    assert KINDS[TYRA1].family == KINDS[TYRA2].family == "tyra"
    assert KINDS[DEINO6].family == KINDS[DEINO7].family == "deino"
    others = [info.family for k, info in enumerate(KINDS) if k not in (TYRA1, TYRA2,
                                                                        DEINO6, DEINO7)]
    assert len(set(others)) == len(others)  # every other kind is a family of its own


@pytest.mark.parametrize(("strong_on_land", "strong_in_swamp"),
                         [(TYRA1, TYRA2), (DEINO6, DEINO7)])
@pytest.mark.parametrize("swamp", [False, True])
def test_F1_two_tyras_or_two_deinos_never_tie(strong_on_land: int, strong_in_swamp: int,
                                              swamp: bool) -> None:
    """They differ in strength in both terrains, so K1 decides, never K2 or K3."""
    winner = strong_in_swamp if swamp else strong_on_land
    loser = strong_on_land if swamp else strong_in_swamp
    assert resolve(winner, loser, swamp) == (Outcome.CHALLENGER_WINS, "K1")
    assert resolve(loser, winner, swamp) == (Outcome.CHALLENGED_WINS, "K1")


@pytest.mark.parametrize("kind", [TYRA1, TYRA2, DEINO6, DEINO7])
@pytest.mark.parametrize("swamp", [False, True])
def test_F1_equal_tyra_or_deino_is_a_draw_of_one_kind(kind: int, swamp: bool) -> None:
    assert resolve(kind, kind, swamp) == (Outcome.DRAW, "K2")


@pytest.mark.parametrize("swamp", [False, True])
def test_F1_special_rules_hold_for_both_tyras_and_both_deinos(swamp: bool) -> None:
    assert resolve(CULAK, TYRA1, swamp) == resolve(CULAK, TYRA2, swamp)
    assert resolve(CULAK, TYRA1, swamp)[1] == "K4.7"
    assert resolve(CULAK, DEINO6, swamp) == resolve(CULAK, DEINO7, swamp)
    assert resolve(CULAK, DEINO6, swamp)[1] == "K4.8"
    assert resolve(FLUG, TYRA2, swamp) == resolve(FLUG, DEINO7, swamp) == (Outcome.DRAW, "K4.6")
