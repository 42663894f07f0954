"""Which tag is under which figure: enrolment and the registry kept on the Pi.

Every figure stands on an NFC tag, and a tag carries nothing but its UID: nothing is ever
written to a tag, so a player holding an NFC phone to a figure learns only a number. What
that number means lives here, in the *registry*: the map from tag UID to figure
("04A1B2C3 is Yellow Tri #2"). The registry file is therefore as secret as the figures'
faces (design: threat model). It is written with mode 0600 in a directory made 0700, so
only the account the companion runs as can read it; never copy it where players can.

Enrolment fills the registry from what the board's readers see, in one of two ways:

- ``OneByOne``: the screen names a figure, the owner puts it on any square, its tag is
  recorded, and the screen names the next one. Re-enrolling one figure that got a new tag
  is the same with a list of one figure and ``replace=True``.
- ``standard_layout`` + ``enrol_layout``: the owner lays out a whole set in a fixed
  pattern and every tag is recorded at once, or, if anything is wrong, none is.

``identify`` turns a board snapshot into figures by square, for the game itself. Its
messages never name a figure, because during a game they may reach a screen everyone sees.

Everything here is pure and synchronous except ``Registry.save``/``Registry.load``, which
read and write the one file.

The package: ``figures`` (a set's figures and their names), ``store`` (the ``Registry``
map and its file), ``enrolment`` (``identify``, ``OneByOne``, the standard layout). Every
public name is importable from ``companion.registry`` itself.
"""


from __future__ import annotations

from companion.registry.enrolment import (
    STANDARD_BOARD,
    Level,
    Message,
    OneByOne,
    enrol_layout,
    identify,
    standard_layout,
)
from companion.registry.figures import (
    BLANK,
    PLAYER_NAMES,
    SET_KINDS,
    Figure,
    RegistryError,
    full_set,
    kind_name,
)
from companion.registry.store import FORMAT, HOME_ENV, Registry, default_path

__all__ = [
    "BLANK",
    "FORMAT",
    "HOME_ENV",
    "PLAYER_NAMES",
    "SET_KINDS",
    "STANDARD_BOARD",
    "Figure",
    "Level",
    "Message",
    "OneByOne",
    "Registry",
    "RegistryError",
    "default_path",
    "enrol_layout",
    "full_set",
    "identify",
    "kind_name",
    "standard_layout",
]
