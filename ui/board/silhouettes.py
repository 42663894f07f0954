"""The pictures on the figures, as outlines in a unit square (x right, y up, 0–10): a side
view of each dinosaur of Giganten, the emblems of its special figures and of Strategus's
trap and apple, and Gimmel's three stone shapes. ``mesh`` turns one into a filled Kivy
``Mesh`` (tessellated once, then only scaled where it is drawn).
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Mesh
from kivy.graphics.tesselator import TYPE_POLYGONS, WINDING_ODD, Tesselator

Outline = tuple[tuple[float, float], ...]

SILHOUETTES: dict[str, tuple[Outline, ...]] = {
    # Tyrannosaurus: upright, big head, tiny arm, heavy tail
    "tyra": (((0, 4.6), (2.5, 5.4), (4.2, 6.4), (5.6, 7.6), (6.6, 8.8), (8.6, 9.0), (9.8, 8.4),
              (9.8, 7.6), (8.4, 7.4), (9.0, 7.0), (7.6, 6.8), (7.3, 6.2), (8.0, 5.5), (7.5, 5.3),
              (6.8, 5.8), (6.5, 4.6), (6.8, 2.6), (7.7, 1.0), (6.0, 1.0), (5.7, 2.8), (5.1, 3.6),
              (4.8, 2.4), (5.2, 1.0), (3.7, 1.0), (3.8, 3.4), (3.0, 4.2)),),
    # Triceratops: four legs, frill and horns
    "tri": (((0.2, 5.6), (2.2, 6.4), (4.6, 7.0), (6.4, 6.8), (7.0, 8.6), (7.8, 7.2), (8.6, 7.4),
             (9.9, 7.8), (9.0, 6.6), (9.7, 6.0), (9.0, 4.8), (8.0, 4.6), (7.6, 3.6), (7.6, 1.4),
             (6.4, 1.4), (6.2, 3.2), (3.6, 3.2), (3.4, 1.4), (2.2, 1.4), (2.2, 3.6), (1.4, 4.6)),),
    # Dilophosaurus: a slim biped with the double crest
    "dilo": (((0, 5.2), (3.0, 5.6), (5.0, 6.4), (6.4, 7.6), (7.0, 8.8), (7.6, 9.6), (8.0, 8.9),
              (8.6, 9.6), (8.9, 8.6), (9.9, 8.0), (9.6, 7.4), (8.0, 7.4), (7.4, 6.6), (7.9, 5.9),
              (7.3, 5.8), (6.9, 6.2), (6.4, 5.0), (6.6, 3.0), (7.4, 1.0), (6.0, 1.0), (5.6, 3.0),
              (4.9, 3.4), (4.6, 1.0), (3.4, 1.0), (3.8, 3.8), (2.6, 4.8)),),
    # Stegosaurus: low body, plates on the back, small head
    "stego": (((0, 3.6), (1.6, 5.0), (2.2, 6.4), (3.0, 5.8), (3.6, 7.6), (4.4, 6.6), (5.0, 8.2),
               (5.8, 6.8), (6.6, 7.8), (7.0, 6.2), (7.8, 6.6), (8.0, 5.4), (9.0, 4.8), (9.9, 4.4),
               (9.6, 3.8), (8.4, 3.8), (7.6, 3.4), (7.6, 1.4), (6.4, 1.4), (6.2, 3.0), (3.8, 3.0),
               (3.6, 1.4), (2.4, 1.4), (2.4, 3.2)),),
    # Diplodocus: long neck, long tail, four pillar legs
    "docus": (((0, 3.2), (2.4, 4.2), (3.6, 5.2), (5.4, 5.6), (6.8, 6.6), (7.8, 8.6), (8.8, 9.4),
               (9.9, 9.2), (9.6, 8.6), (8.6, 8.4), (7.6, 5.8), (7.0, 4.4), (6.8, 1.2), (5.8, 1.2),
               (5.6, 3.4), (4.4, 3.4), (4.2, 1.2), (3.2, 1.2), (3.2, 3.6)),),
    # Deinosuchus: the giant crocodile, long and low
    "deino": (((0, 3.4), (2.0, 4.2), (4.0, 5.0), (6.0, 5.2), (7.6, 5.0), (9.9, 4.4), (9.9, 3.9),
               (8.0, 3.9), (9.6, 3.5), (7.4, 3.2), (7.0, 2.2), (6.2, 2.2), (6.0, 3.0), (4.2, 3.0),
               (4.0, 2.2), (3.2, 2.2), (3.0, 3.2)),),
    # Pterosaur: wide wings, crested head
    "flug": (((0, 6.4), (2.4, 7.0), (4.2, 6.0), (4.9, 5.4), (4.6, 7.4), (5.6, 8.6), (6.2, 8.0),
              (5.8, 7.2), (6.8, 6.0), (7.6, 7.0), (9.9, 6.6), (8.0, 5.2), (6.0, 4.4), (5.2, 3.2),
              (4.6, 4.4), (2.2, 5.0)),),
    # the Blitz: a lightning bolt
    "blitz": (((6.6, 9.8), (2.4, 4.8), (5.0, 4.8), (3.4, 0.2), (7.8, 5.8), (5.2, 5.8),
               (7.8, 9.8)),),
    # the Nest: a bowl with three eggs
    "nest": (((0.6, 4.0), (9.4, 4.0), (8.4, 1.8), (1.6, 1.8)),
             ((2.0, 4.0), (2.2, 5.8), (3.2, 6.6), (4.2, 5.8), (4.2, 4.0)),
             ((4.0, 4.0), (4.0, 6.4), (5.0, 7.6), (6.0, 6.4), (6.0, 4.0)),
             ((5.8, 4.0), (5.8, 5.8), (6.8, 6.6), (7.8, 5.8), (8.0, 4.0))),
    # the Culak: a round, horned beast seen from the front, two eyes cut out
    "culak": (((1.4, 1.2), (0.8, 4.6), (1.6, 7.0), (0.8, 9.6), (3.2, 8.0), (5.0, 8.6),
               (6.8, 8.0), (9.2, 9.6), (8.4, 7.0), (9.2, 4.6), (8.6, 1.2)),
              ((3.0, 5.0), (4.2, 5.0), (4.2, 6.2), (3.0, 6.2)),
              ((5.8, 5.0), (7.0, 5.0), (7.0, 6.2), (5.8, 6.2))),
    # the ghost of V3 and the trap of V4 (a blank figure: only as emblems of the variants)
    "gespenst": (((2.0, 1.0), (2.0, 6.4), (3.2, 8.8), (5.0, 9.6), (6.8, 8.8), (8.0, 6.4),
                  (8.0, 1.0), (6.6, 2.2), (5.0, 1.0), (3.4, 2.2)),),
    "falle": (((0.8, 2.0), (9.2, 2.0), (9.2, 3.0), (8.2, 5.6), (7.2, 3.4), (6.2, 5.6), (5.0, 3.4),
               (3.8, 5.6), (2.8, 3.4), (1.8, 5.6), (0.8, 3.0)),),
    # Strategus's apple, the flag
    "apple": (((5.0, 7.0), (6.8, 7.8), (8.6, 6.8), (9.0, 4.6), (8.0, 2.0), (6.4, 1.0), (5.0, 1.6),
               (3.6, 1.0), (2.0, 2.0), (1.0, 4.6), (1.4, 6.8), (3.2, 7.8)),
              ((4.7, 7.0), (5.3, 7.0), (5.8, 9.4), (5.2, 9.4))),
    # Gimmel: the beetle (scarab, from above), the cat goddess (a triangle), the falcon (a
    # cylinder, seen from the side)
    "beetle": (((5.0, 9.4), (6.6, 8.6), (7.6, 6.8), (8.0, 4.4), (7.4, 2.2), (5.0, 0.8),
                (2.6, 2.2), (2.0, 4.4), (2.4, 6.8), (3.4, 8.6)),),
    "cat": (((5.0, 9.2), (9.2, 1.2), (0.8, 1.2)),),
    "falcon": (((2.0, 1.6), (8.0, 1.6), (8.0, 7.6), (7.0, 8.6), (3.0, 8.6), (2.0, 7.6)),),
}
"""Each picture as one or more closed outlines; a later outline inside an earlier one is a
hole (odd winding), like the Culak's eyes."""

FAMILIES: dict[str, str] = {"tyra1": "tyra", "tyra2": "tyra", "deino6": "deino",
                            "deino7": "deino", "trap": "falle"}
"""Kinds that share a picture (the numbers tell them apart)."""

_MESHES: dict[str, tuple[list[float], list[int]]] = {}


def picture_of(kind: str) -> str | None:
    """The picture a kind shows, None when it has none (a Strategus animal: its number)."""
    name = FAMILIES.get(kind, kind)
    return name if name in SILHOUETTES else None


def _tessellate(name: str) -> tuple[list[float], list[int]]:
    if name not in _MESHES:
        tess = Tesselator()
        for outline in SILHOUETTES[name]:
            tess.add_contour([c / 10 for point in outline for c in point])
        vertices: list[float] = []
        indices: list[int] = []
        if tess.tesselate(WINDING_ODD, TYPE_POLYGONS):
            for verts, idx in tess.meshes:
                base = len(vertices) // 4
                # each polygon is a fan: split it into triangles
                points = list(idx)
                for i in range(1, len(points) - 1):
                    indices += [base + points[0], base + points[i], base + points[i + 1]]
                vertices += list(verts)
        _MESHES[name] = (vertices, indices)
    return _MESHES[name]


def mesh(name: str, x: float, y: float, size: float) -> Any:
    """The picture ``name`` filled in a ``size`` square at ``(x, y)``, in the current colour."""
    unit, indices = _tessellate(name)
    vertices = list(unit)
    for i in range(0, len(vertices), 4):
        vertices[i] = x + vertices[i] * size
        vertices[i + 1] = y + vertices[i + 1] * size
    return Mesh(vertices=vertices, indices=indices, mode="triangles")


def outline(name: str, x: float, y: float, size: float) -> list[list[float]]:
    """The picture's outlines as point lists (for a drawn edge)."""
    return [[c for px, py in part for c in (x + px / 10 * size, y + py / 10 * size)]
            for part in SILHOUETTES[name]]
