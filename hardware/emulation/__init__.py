"""Hardware emulated at the wire, so that the real drivers run in tests (design principle 4).

``mfrc522_chip``: an MFRC522 at the register level behind an ``spidev``-like object, with
ISO 14443-A tags (``tags``), a virtual clock, neighbouring fields (crosstalk) and faults
(dead, jammed, reset, overheated, slow to start, slow tags).
"""

from hardware.emulation.mfrc522_chip import Air, Mfrc522Chip, Tag, TagState

__all__ = ["Air", "Mfrc522Chip", "Tag", "TagState"]
