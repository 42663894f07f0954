"""The tag registry and enrolment (``companion/registry.py``).

Tags carry only their UID; the registry file is the secret UID -> figure map, so it is
owner-readable only and is never left half-written.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.giganten.board import Board
from companion.games.giganten.ruleset import RuleSet
from companion.registry import (
    FORMAT,
    SET_KINDS,
    Figure,
    OneByOne,
    Registry,
    RegistryError,
    default_path,
    enrol_layout,
    full_set,
    identify,
    standard_layout,
)

BOARD = Board(14, 14)
A, B, C, D = "04A1B2C3", "04D4E5F6", "0A0B0C0D", "04112233445566"
TRI1, TRI2, TRI3 = (Figure("yellow", "tri", n) for n in (1, 2, 3))
NEST = Figure("orange", "nest")


def sq(name: str, board: Board = BOARD) -> int:
    return board.square(name)


def uid(n: int) -> str:
    return f"{n:08X}"


def texts(messages: list[Any]) -> str:
    return "\n".join(m.text for m in messages)


def errors(messages: list[Any]) -> list[Any]:
    return [m for m in messages if m.level == "error"]


# --- figures ------------------------------------------------------------------------------

@pytest.mark.parametrize(("figure", "name"), [
    (Figure("yellow", "tri", 2), "Yellow Tri #2"),
    (Figure("orange", "nest"), "Orange Nest"),
    (Figure("yellow", "tyra1"), "Yellow Tyra 1"),
    (Figure("orange", "deino6"), "Orange Deino 6"),
    (Figure("yellow", "blank"), "Yellow Blank"),
    (Figure("orange2", "flug", 5), "Orange2 Flug #5"),
])
def test_a_figure_is_named_as_printed_with_a_number_only_when_the_set_has_several(
        figure: Figure, name: str) -> None:
    assert figure.name == name
    assert str(figure) == name
    assert Figure.parse(name) == figure


@pytest.mark.parametrize(("text", "figure"), [
    ("yellow tri 2", TRI2), ("Yellow Tri #2", TRI2), ("YELLOW TRI#2", TRI2),
    ("yellow tri2", TRI2), ("orange nest", NEST), ("Yellow Tyra 1", Figure("yellow", "tyra1")),
    ("yellow tyra1", Figure("yellow", "tyra1")), ("orange deino 7", Figure("orange", "deino7")),
    ("orange gespenst", Figure("orange", "blank")), ("yellow falle", Figure("yellow", "blank")),
    ("  yellow2   stego 5 ", Figure("yellow2", "stego", 5)),
])
def test_parse_reads_figures_as_people_write_them(text: str, figure: Figure) -> None:
    assert Figure.parse(text) == figure


@pytest.mark.parametrize(("text", "says"), [
    ("yellow", "expected an owner and a kind"),
    ("", "expected an owner and a kind"),
    ("red tri 1", "unknown owner 'red'"),
    ("yellow trex 1", "unknown kind"),
    ("yellow tri", "which Tri? A set has 3"),
    ("yellow tri 4", "no number 4"),
    ("yellow stego 0", "no number 0"),
])
def test_parse_refuses_what_is_not_a_figure_and_says_why(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)) as caught:
        Figure.parse(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(("owner", "kind", "number"), [
    ("red", "tri", 1), ("yellow", "gespenst", 1), ("yellow", "tri", 4),
    ("yellow", "nest", 2), ("yellow", "tri", True)])
def test_a_figure_must_exist_in_a_set(owner: str, kind: str, number: int) -> None:
    with pytest.raises(ValueError):
        Figure(owner, kind, number)


def test_a_set_is_the_24_standard_figures_and_the_blank_in_table_order() -> None:
    assert sum(count for _, count in SET_KINDS) == 25
    figures = full_set("orange")
    assert len(figures) == len(set(figures)) == 25
    assert [f.name for f in figures[:6]] == [
        "Orange Tyra 1", "Orange Tyra 2", "Orange Tri #1", "Orange Tri #2", "Orange Tri #3",
        "Orange Dilo #1"]
    assert figures[-1] == Figure("orange", "blank")
    assert sorted(figures, key=lambda f: f.sort_key) == figures
    with pytest.raises(ValueError, match="unknown owner"):
        full_set("purple")


def test_the_blank_figure_plays_as_gespenst_or_falle_or_stays_in_the_box() -> None:
    """Giganten's hook of the enrolled figures (``EnrolledFigures.figure_kind``) [F, V3,
    V4]: the blank figure by the variants, every other figure as its own kind."""
    from companion.game_registry import EnrolledFigures
    from companion.games.giganten import GAME

    assert isinstance(GAME, EnrolledFigures)
    blank = Figure("yellow", "blank").kind
    assert GAME.figure_kind(blank, {"rules": RuleSet.of(["V3"])}) == "gespenst"
    assert GAME.figure_kind(blank, {"rules": RuleSet.of(["V4"])}) == "falle"
    assert GAME.figure_kind(blank, {}) is None
    assert GAME.figure_kind(TRI1.kind, {"rules": RuleSet.of(["V3"])}) == "tri"


# --- the registry -------------------------------------------------------------------------

def test_enrol_lookup_and_uid_of() -> None:
    registry = Registry()
    assert registry.enrol(A.lower(), TRI1) is None  # normalised to upper case
    assert registry.lookup(A) == TRI1
    assert registry.uid_of(TRI1) == A
    assert registry.lookup(B) is None and registry.uid_of(TRI2) is None
    assert len(registry) == 1 and A in registry
    registry.enrol(A, TRI1)  # the same again changes nothing
    assert registry.as_dict() == {A: TRI1}


def test_a_tag_already_enrolled_to_another_figure_is_refused_naming_both() -> None:
    registry = Registry({A: TRI1})
    with pytest.raises(RegistryError) as caught:
        registry.enrol(A, TRI2)
    message = str(caught.value)
    assert f"tag {A} is already Yellow Tri #1" in message
    assert "re-enrol Yellow Tri #1 first" in message and "Yellow Tri #2" in message
    assert registry.as_dict() == {A: TRI1}


def test_a_figure_with_a_tag_gets_a_new_one_only_when_re_enrolled() -> None:
    registry = Registry({A: TRI1})
    with pytest.raises(RegistryError, match=f"Yellow Tri #1 already has tag {A}"):
        registry.enrol(B, TRI1)
    assert registry.as_dict() == {A: TRI1}
    assert registry.enrol(B, TRI1, replace=True) == A
    assert registry.as_dict() == {B: TRI1}
    assert registry.lookup(A) is None  # the old tag is forgotten


def test_a_malformed_uid_is_refused() -> None:
    with pytest.raises(RegistryError, match="not a tag UID"):
        Registry().enrol("xyz", TRI1)


def test_forget_missing_owners_and_len() -> None:
    registry = Registry({A: TRI1, B: NEST, C: Figure("yellow", "blank")})
    assert registry.owners() == ["yellow", "orange"]
    missing = registry.missing("yellow")
    assert len(missing) == 23 and TRI1 not in missing and TRI2 in missing
    assert missing == [f for f in full_set("yellow") if f not in (TRI1, Figure("yellow", "blank"))]
    assert len(registry.missing("orange")) == 24
    assert registry.missing("yellow2") == full_set("yellow2")
    assert registry.forget(NEST) == B
    assert registry.forget(NEST) is None
    assert registry.owners() == ["yellow"] and len(registry) == 2


def test_repr_never_prints_the_secret_map() -> None:
    text = repr(Registry({A: TRI1}))
    assert A not in text and "Tri" not in text


# --- the file -----------------------------------------------------------------------------

def test_save_and_load_round_trip(tmp_path: Path) -> None:
    registry = Registry({A: TRI1, D: NEST, C: Figure("yellow2", "flug", 3)})
    path = tmp_path / "registry.json"
    registry.save(path)
    assert Registry.load(path) == registry
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == FORMAT
    assert {"uid": A, "owner": "yellow", "kind": "tri", "number": 1} in data["tags"]


def test_the_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "new" / "registry.json"
    Registry({A: TRI1}).save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) & 0o077 == 0  # the new dir is 0700
    path.chmod(0o644)  # even over a file someone loosened
    Registry({A: TRI1}).save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_failed_save_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "registry.json"
    Registry({A: TRI1}).save(path)
    before = path.read_bytes()

    def broken(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(RegistryError) as caught:
        Registry({B: TRI2}).save(path)
    assert str(path) in str(caught.value) and "No space left" in str(caught.value)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["registry.json"]


def test_a_failed_write_leaves_the_old_file(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "registry.json"
    Registry({A: TRI1}).save(path)

    def broken(descriptor: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with pytest.raises(RegistryError, match="Input/output error"):
        Registry({B: TRI2}).save(path)
    monkeypatch.undo()
    assert Registry.load(path).as_dict() == {A: TRI1}
    assert len(list(tmp_path.iterdir())) == 1


def test_a_missing_file_is_empty_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "registry.json"
    assert len(Registry.load(path, missing_ok=True)) == 0
    with pytest.raises(RegistryError, match=f"{path}: no registry file"):
        Registry.load(path)


def _entry(uid: Any = A, owner: Any = "yellow", kind: Any = "tri", number: Any = 1,
           ) -> dict[str, Any]:
    return {"uid": uid, "owner": owner, "kind": kind, "number": number}


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "not valid JSON (line 1"),
    ("[]", "not a Giganten registry"),
    ('{"format": "giganten-registry/2", "tags": []}', "it says 'giganten-registry/2'"),
    (json.dumps({"format": FORMAT}), '"tags" must be a list'),
    (json.dumps({"format": FORMAT, "tags": [], "x": 1}), "unknown field(s) x"),
    (json.dumps({"format": FORMAT, "tags": [_entry(kind="trex")]}),
     f"entry 1 (tag {A}): unknown kind 'trex'"),
    (json.dumps({"format": FORMAT, "tags": [_entry(kind="gespenst")]}), "unknown kind"),
    (json.dumps({"format": FORMAT, "tags": [_entry(owner="red")]}), "unknown owner 'red'"),
    (json.dumps({"format": FORMAT, "tags": [_entry(number=4)]}), "no number 4"),
    (json.dumps({"format": FORMAT, "tags": [_entry(number="1")]}), "no number '1'"),
    (json.dumps({"format": FORMAT, "tags": [_entry(uid="04:zz")]}), "entry 1: '04:zz' is not"),
    (json.dumps({"format": FORMAT, "tags": [_entry(uid=7)]}), '"uid" must be a string'),
    (json.dumps({"format": FORMAT, "tags": [{"uid": A}]}), "entry 1: missing kind"),
    (json.dumps({"format": FORMAT, "tags": ["yellow tri 1"]}), "entry 1: expected an object"),
    (json.dumps({"format": FORMAT, "tags": [_entry(), _entry(number=2)]}),
     f"entry 2: tag {A} is listed twice (entries 1 and 2)"),
    (json.dumps({"format": FORMAT, "tags": [_entry(), _entry(uid=B)]}),
     f"entry 2 (tag {B}): Yellow Tri #1 is listed twice"),
])
def test_a_malformed_file_names_the_file_and_what_is_wrong(tmp_path: Path, content: str,
                                                            says: str) -> None:
    path = tmp_path / "registry.json"
    path.write_text(content, "utf-8")
    with pytest.raises(RegistryError, match=re.escape(says)) as caught:
        Registry.load(path)
    assert str(caught.value).startswith(f"{path}: ")


def test_a_binary_file_is_not_a_registry(tmp_path: Path) -> None:
    path = tmp_path / "registry.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RegistryError, match=f"{path}: not a registry"):
        Registry.load(path)


def test_default_path_follows_giganten_home_then_xdg(tmp_path: Path) -> None:
    assert default_path({"GIGANTEN_HOME": str(tmp_path)}) == tmp_path / "registry.json"
    assert default_path({"XDG_DATA_HOME": str(tmp_path)}) == \
        tmp_path / "giganten" / "registry.json"
    home = Path.home() / ".local/share/giganten/registry.json"
    assert default_path({}) == home
    assert default_path({"XDG_DATA_HOME": "relative"}) == home


uids = st.from_regex(r"[0-9A-F]{8}|[0-9A-F]{14}", fullmatch=True)
figures = st.sampled_from([f for owner in ("yellow", "orange", "yellow2", "orange2")
                           for f in full_set(owner)])


@given(st.dictionaries(uids, figures, max_size=40))
def test_enrolled_tags_survive_save_and_load(tmp_path_factory: pytest.TempPathFactory,
                                             drawn: dict[str, Figure]) -> None:
    # One tag per figure: keep the first UID drawn for each figure.
    mapping: dict[str, Figure] = {}
    for tag, figure in drawn.items():
        if figure not in mapping.values():
            mapping[tag] = figure
    registry = Registry()
    for tag, figure in mapping.items():
        registry.enrol(tag, figure)
    path = tmp_path_factory.mktemp("registry") / "registry.json"
    registry.save(path)
    assert Registry.load(path).as_dict() == mapping


# --- identify -----------------------------------------------------------------------------

def test_identify_names_figures_and_reports_unknown_and_doubled_tags() -> None:
    registry = Registry({A: TRI1, B: NEST})
    tags = {sq("a1"): A, sq("c3"): C, sq("e5"): B, sq("d5"): B}
    found, messages = identify(registry, tags)
    assert found == {sq("a1"): TRI1}
    assert [(m.level, m.square) for m in messages] == [("error", sq("c3")), ("error", sq("d5"))]
    assert messages[0].text == "Unknown tag on c3: enrol it or take it off the board"
    assert messages[1].text == (f"The tag {B} is seen on d5 and e5: two tags with one UID,"
                                " or one figure read twice; take one off")
    assert "Nest" not in texts(messages)  # messages may reach a public screen


def test_identify_names_squares_on_the_games_board() -> None:
    wide = Board(28, 14)
    _, messages = identify(Registry(), {wide.square("ab1"): A}, board=wide)
    assert "on ab1" in messages[0].text


# --- one by one ---------------------------------------------------------------------------

def test_one_by_one_enrols_each_new_tag_as_the_expected_figure() -> None:
    registry = Registry()
    enrol = OneByOne(registry, [TRI1, TRI2])
    assert enrol.expected == TRI1
    assert enrol.prompt().text == "Put down Yellow Tri #1 on any square to enrol it"
    messages = enrol.see({sq("c3"): A})
    assert [m.text for m in messages] == [f"Yellow Tri #1 enrolled (tag {A})",
                                         "Put down Yellow Tri #2 on any square to enrol it"]
    assert messages[0].square == sq("c3")
    assert enrol.see({sq("c3"): A}) == []  # nothing new
    assert enrol.see({}) == []  # lifting a figure off is fine
    enrol.see({sq("d4"): B})
    assert registry.as_dict() == {A: TRI1, B: TRI2}
    assert enrol.expected is None and enrol.done == (TRI1, TRI2)
    assert enrol.prompt().text == "All 2 figures are enrolled"
    finished = enrol.see({sq("d4"): B, sq("e5"): C})
    assert "Enrolment is finished" in texts(finished) and C not in registry


def test_one_by_one_refuses_a_tag_that_is_another_figures() -> None:
    registry = Registry({A: NEST})
    enrol = OneByOne(registry, [TRI1])
    messages = enrol.see({sq("c3"): A})
    assert [m.level for m in messages] == ["error"]
    assert "Orange Nest" in messages[0].text and "Yellow Tri #1" in messages[0].text
    assert registry.as_dict() == {A: NEST} and enrol.expected == TRI1


def test_one_by_one_moves_on_when_the_figure_is_already_enrolled() -> None:
    registry = Registry({A: TRI1})
    enrol = OneByOne(registry, [TRI1, TRI2])
    messages = enrol.see({sq("c3"): A})
    assert messages[0].text == f"Yellow Tri #1 is already enrolled (tag {A})"
    assert enrol.expected == TRI2


def test_one_by_one_putting_back_a_figure_of_this_run_is_only_a_slip() -> None:
    registry = Registry()
    enrol = OneByOne(registry, [TRI1, TRI2])
    enrol.see({sq("c3"): A})
    enrol.see({})
    messages = enrol.see({sq("c3"): A})
    assert [m.level for m in messages] == ["info"]
    assert "That is Yellow Tri #1" in messages[0].text and enrol.expected == TRI2


def test_one_by_one_refuses_two_new_tags_at_once() -> None:
    registry = Registry()
    enrol = OneByOne(registry, [TRI1, TRI2])
    messages = enrol.see({sq("c3"): A, sq("d4"): B})
    assert [m.level for m in messages] == ["error"]
    assert "one at a time" in messages[0].text and "c3 and d4" in messages[0].text
    assert len(registry) == 0 and enrol.expected == TRI1
    # Those two stay unrecorded even when one is lifted: which one was meant is unknown.
    assert enrol.see({sq("c3"): A}) == []
    assert len(registry) == 0
    enrol.see({sq("c3"): A, sq("e5"): C})
    assert registry.as_dict() == {C: TRI1}


def test_one_by_one_reports_a_uid_on_two_squares() -> None:
    registry = Registry()
    enrol = OneByOne(registry, [TRI1, TRI2])
    messages = enrol.see({sq("c3"): A, sq("d4"): A})
    assert [m.level for m in messages] == ["error"] and "c3 and d4" in messages[0].text
    assert len(registry) == 0
    enrol2 = OneByOne(Registry(), [TRI1, TRI2])
    enrol2.see({sq("c3"): A})
    messages = enrol2.see({sq("c3"): A, sq("d4"): A})  # a second tag with the same UID
    assert "two tags with one UID" in texts(messages)
    assert enrol2.registry.as_dict() == {A: TRI1}


def test_one_by_one_ignores_tags_on_the_board_when_it_starts() -> None:
    registry = Registry()
    enrol = OneByOne(registry, [TRI1], on_board={sq("a1"): A})
    assert enrol.see({sq("a1"): A}) == []
    enrol.see({sq("a1"): A, sq("b1"): B})
    assert registry.as_dict() == {B: TRI1}


def test_re_enrolling_one_figure_that_got_a_new_tag() -> None:
    registry = Registry({A: TRI1, B: TRI2})
    plain = OneByOne(registry, [TRI1])
    refused = plain.see({sq("c3"): C})
    assert errors(refused) and "already has tag" in texts(refused)
    assert registry.as_dict() == {A: TRI1, B: TRI2}
    enrol = OneByOne(registry, [TRI1], replace=True)
    assert "new tag" in enrol.prompt().text
    messages = enrol.see({sq("c3"): C})
    assert messages[0].text == f"Yellow Tri #1 re-enrolled (tag {C}; its old tag {A} is forgotten)"
    assert registry.as_dict() == {C: TRI1, B: TRI2}
    assert enrol.expected is None


def test_one_by_one_can_skip_a_figure() -> None:
    enrol = OneByOne(Registry(), [TRI1, TRI2])
    assert "Yellow Tri #1 skipped" in texts(enrol.skip())
    assert enrol.expected == TRI2
    with pytest.raises(ValueError, match="twice"):
        OneByOne(Registry(), [TRI1, TRI1])


# --- layouts ------------------------------------------------------------------------------

def test_the_standard_layout_on_the_14_by_14_board() -> None:
    yellow = {BOARD.name(s): f.name for s, f in standard_layout(BOARD, "yellow").items()}
    assert yellow["a1"] == "Yellow Tyra 1" and yellow["n1"] == "Yellow Docus #2"
    assert yellow["a2"] == "Yellow Deino 6" and yellow["k2"] == "Yellow Blank"
    orange = {BOARD.name(s): f.name for s, f in standard_layout(BOARD, "orange").items()}
    assert orange["n14"] == "Orange Tyra 1" and orange["a14"] == "Orange Docus #2"
    assert orange["n13"] == "Orange Deino 6" and orange["d13"] == "Orange Blank"


@pytest.mark.parametrize(("files", "ranks", "owners"), [
    (14, 14, ("yellow", "orange")), (7, 28, ("yellow", "orange")),
    (28, 14, ("yellow", "orange", "yellow2", "orange2")),
    (21, 14, ("yellow", "orange", "yellow2", "orange2"))])
def test_every_sides_layout_fits_its_own_half_without_overlap(files: int, ranks: int,
                                                               owners: tuple[str, ...]) -> None:
    board = Board(files, ranks)
    taken: set[int] = set()
    for owner in owners:
        layout = standard_layout(board, owner)
        assert sorted(layout.values(), key=lambda f: f.sort_key) == full_set(owner)
        near = owner.startswith("yellow")
        assert all((board.file_rank(s)[1] < ranks // 2) == near for s in layout)
        assert not taken & set(layout)
        taken |= set(layout)


def test_the_standard_layout_refuses_boards_too_small() -> None:
    with pytest.raises(ValueError, match="no room"):
        standard_layout(Board(7, 7), "yellow")
    with pytest.raises(ValueError, match="only in V9"):
        standard_layout(BOARD, "yellow2")
    with pytest.raises(ValueError, match="unknown owner"):
        standard_layout(BOARD, "red")


def _laid_out(layout: dict[int, Figure], start: int = 0) -> dict[int, str]:
    return {square: uid(start + i) for i, square in enumerate(layout)}


def test_enrol_layout_enrols_the_whole_set() -> None:
    registry = Registry()
    layout = standard_layout(BOARD, "yellow")
    tags = _laid_out(layout)
    messages = enrol_layout(registry, BOARD, tags, layout)
    assert not errors(messages)
    assert "25 figures of Yellow enrolled: 25 new" in texts(messages)
    assert registry.missing("yellow") == []
    assert all(registry.lookup(tags[s]) == f for s, f in layout.items())
    again = enrol_layout(registry, BOARD, tags, layout)
    assert "25 already enrolled" in texts(again)


def test_enrol_layout_with_a_missing_tag_enrols_nothing() -> None:
    registry = Registry()
    layout = standard_layout(BOARD, "yellow")
    tags = _laid_out(layout)
    del tags[sq("c1")]
    messages = enrol_layout(registry, BOARD, tags, layout)
    assert [m.text for m in errors(messages)] == [
        "No tag on c1 (Yellow Tri #1): put the figure there, or check that square's reader"]
    assert errors(messages)[0].square == sq("c1")
    assert "Nothing was enrolled" in texts(messages)
    assert len(registry) == 0


def test_enrol_layout_with_a_duplicate_uid_enrols_neither_nor_anything() -> None:
    registry = Registry()
    layout = standard_layout(BOARD, "orange")
    tags = _laid_out(layout)
    tags[sq("m14")] = tags[sq("n14")]
    messages = enrol_layout(registry, BOARD, tags, layout)
    [error] = errors(messages)
    assert f"The tag {tags[sq('n14')]} is seen on m14 (Orange Tyra 2), n14 (Orange Tyra 1)" \
        in error.text
    assert len(registry) == 0


def test_enrol_layout_refuses_tags_of_other_figures_and_notes_tags_outside() -> None:
    registry = Registry({uid(0): NEST})
    layout = standard_layout(BOARD, "yellow")
    tags = _laid_out(layout)
    tags[sq("e5")] = C
    messages = enrol_layout(registry, BOARD, tags, layout)
    assert [m.square for m in errors(messages)] == [sq("a1")]
    assert "a1 (Yellow Tyra 1) is already Orange Nest" in errors(messages)[0].text
    assert any(m.level == "info" and m.square == sq("e5") for m in messages)
    assert registry.as_dict() == {uid(0): NEST}
    registry.forget(NEST)  # the Nest's tag freed: now the layout goes through
    messages = enrol_layout(registry, BOARD, tags, layout)
    assert not errors(messages) and "outside the layout" in texts(messages)
    assert C not in registry and len(registry) == 25


def test_enrol_layout_re_enrols_a_set_only_with_replace() -> None:
    registry = Registry()
    layout = standard_layout(BOARD, "yellow")
    enrol_layout(registry, BOARD, _laid_out(layout), layout)
    # New tags for Tyra 1, and Tri #1 and #2 swapped their tags.
    tags = _laid_out(layout)
    tags[sq("a1")] = D
    tags[sq("c1")], tags[sq("d1")] = tags[sq("d1")], tags[sq("c1")]
    refused = enrol_layout(registry, BOARD, tags, layout)
    assert len(errors(refused)) == 3 and registry.uid_of(Figure("yellow", "tyra1")) == uid(0)
    messages = enrol_layout(registry, BOARD, tags, layout, replace=True)
    assert not errors(messages)
    assert "3 with a new tag, 22 already enrolled" in texts(messages)
    assert registry.uid_of(Figure("yellow", "tyra1")) == D and uid(0) not in registry
    assert registry.lookup(tags[sq("c1")]) == TRI1 and len(registry) == 25
