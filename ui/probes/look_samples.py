"""Hand-made views in the shape ``views.games.game_view`` gives, for the board styles of games whose
views are not built yet (Strategus, Gimmel) and for the reveal card: the screenshots
(``giganten shots``) and the tests of the look draw them. Public, made-up positions only.
"""

from __future__ import annotations

import random
from typing import Any

JSON = dict[str, Any]

STRATEGUS_ARMY = (("elephant", 1), ("grizzly", 1), ("rhino", 2), ("gorilla", 3), ("lion", 4),
                  ("tiger", 4), ("wolf", 4), ("fox", 5), ("hare", 8), ("mouse", 1),
                  ("trap", 6), ("apple", 1))
"""Strategus's 40 figures a side, by kind id (``docs/rules/strategus.md`` [F])."""


def _name(file: int, rank: int) -> str:
    return f"{chr(ord('a') + file)}{rank + 1}"


def strategus_view(audience: str = "red", seed: int = 3) -> JSON:
    """A Strategus game a few moves in, as ``audience`` sees it: its own cards face up,
    the opponent's face down (no ``kind``)."""
    rng = random.Random(seed)  # a public, made-up position
    figures: list[JSON] = []
    for owner, ranks in (("red", range(0, 4)), ("blue", range(6, 10))):
        kinds = [kind for kind, count in STRATEGUS_ARMY for _ in range(count)]
        rng.shuffle(kinds)
        squares = [_name(f, r) for r in ranks for f in range(10)]
        for square, kind in zip(squares, kinds, strict=True):
            figure: JSON = {"square": square, "owner": owner}
            if owner == audience or audience == "arbiter":
                figure["kind"] = kind
            figures.append(figure)
    moved = {"d4": "d5", "g7": "g6"}  # two figures stepped into the middle
    for figure in figures:
        figure["square"] = moved.get(figure["square"], figure["square"])
    return {"game": "strategus", "audience": audience, "board": {"files": 10, "ranks": 10},
            "players": ["red", "blue"], "to_move": "red", "ply": 2, "figures": figures,
            "last_turn": {"player": "blue", "path": ["g7", "g6"]}}


def gimmel_view(files: int = 14, ranks: int = 14) -> JSON:
    """A Gimmel game in the middle: white and black stones of the three shapes (nothing is
    hidden in Gimmel: every stone has its ``kind``)."""
    placed = [("white", "beetle", "c3"), ("white", "beetle", "e4"), ("white", "cat", "f3"),
              ("white", "falcon", "d2"), ("white", "beetle", "h5"), ("white", "cat", "j6"),
              ("black", "beetle", "c10"), ("black", "cat", "e11"), ("black", "falcon", "g12"),
              ("black", "beetle", "h9"), ("black", "beetle", "k10"), ("black", "falcon", "l8"),
              ("white", "falcon", "g7"), ("black", "cat", "f8")]
    def fits(square: str) -> bool:
        return ord(square[0]) - ord("a") < files and int(square[1:]) <= ranks

    return {"game": "gimmel", "audience": "public", "board": {"files": files, "ranks": ranks},
            "players": ["white", "black"], "to_move": "white", "ply": 14,
            "figures": [{"square": sq, "owner": owner, "kind": kind}
                        for owner, kind, sq in placed if fits(sq)],
            "hands": {"white": {"beetle": 5, "cat": 6, "falcon": 5},
                      "black": {"beetle": 5, "cat": 6, "falcon": 5}},
            "last_turn": {"player": "black", "path": ["f10", "f8"] if fits("f10") else []}}


def giganten_combat_view(*, swamp: bool = True, kinds: bool = True) -> JSON:
    """A Giganten view whose last turn was a combat (Tyra 1 challenges Deino 7 in the swamp:
    the Deino wins by K1); ``kinds=False``: as under the outcome-only policy, no kinds and
    no rule."""
    combat: JSON = {"challenger": "e6", "challenged": "e7",
                    "battleground": "swamp" if swamp else "land",
                    "outcome": "challenged_wins" if swamp else "challenger_wins",
                    "leaves_board": ["challenger" if swamp else "challenged"]}
    if kinds:
        combat.update(challenger_kind="tyra1", challenged_kind="deino7", rule="K1")
    return {"audience": "public", "policy": "rulebook" if kinds else "outcome-only",
            "board": {"files": 14, "ranks": 14, "swamp": ["e7"] if swamp else []},
            "players": ["yellow", "orange"], "to_move": "orange", "ply": 9,
            "figures": [{"square": "e7", "owner": "orange"} if swamp
                        else {"square": "e6", "owner": "yellow"}],
            "last_turn": {"player": "yellow", "path": ["e5", "e6"], "challenge": "e7",
                          "advanced": False, "combat": combat}}
