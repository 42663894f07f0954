"""What went wrong below the tool screens, said in the UI's language.

The drivers, the configuration and the registry raise errors whose text is English (an
``OSError`` of the SPI device, a ``ConfigError`` line naming a key). A German screen must
not show that text: the screen says what happened (the situation's key, e.g.
``tool_reader_stopped``) and the known cause in words, found by the error's class and the
errors it was raised from (``ENOENT``: the device is not there; ``EACCES``: no
permission; an ``ImportError``: a module is missing). The English templates keep the
original text (``{problem}``), which is English anyway; the German ones show the cause
(``{cause}``) only. The original text always goes to the log, for whoever fixes it.
Kivy-free.
"""

from __future__ import annotations

import errno
import logging
from collections.abc import Iterator

from companion.config import ConfigError
from companion.registry import RegistryError
from hardware.protocol import ReaderError
from ui.tools.notes import Note

_LOG = logging.getLogger("giganten.ui")

_ERRNO_CAUSES: dict[int, str] = {
    errno.ENOENT: "pb_no_device",
    errno.ENODEV: "pb_no_device",
    errno.ENXIO: "pb_no_device",
    errno.EACCES: "pb_no_permission",
    errno.EPERM: "pb_no_permission",
    errno.EROFS: "pb_no_permission",
    errno.ENOSPC: "pb_disk_full",
    errno.EDQUOT: "pb_disk_full",
    errno.EBUSY: "pb_busy",
    errno.ENOTDIR: "pb_not_a_folder",
    errno.EEXIST: "pb_not_a_folder",  # a folder to be made, where a file is
    errno.EISDIR: "pb_not_a_folder",
}
"""Known causes of an ``OSError``, by its ``errno`` (any other: ``pb_connection``)."""


def _chain(err: BaseException) -> Iterator[BaseException]:
    """``err`` and the errors it was raised from or while handling, outermost first."""
    seen: set[int] = set()
    current: BaseException | None = err
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def cause_key(err: BaseException) -> str:
    """The ``pb_…`` key of the known cause of ``err``: the innermost system error decides
    (the device, a permission, the disk), then the kind of error that was raised."""
    chain = list(_chain(err))
    for inner in reversed(chain):
        if isinstance(inner, ImportError):
            return "pb_missing_module"
        if isinstance(inner, OSError):
            return _ERRNO_CAUSES.get(inner.errno or 0, "pb_connection")
    if isinstance(err, ConfigError):
        return "pb_config"
    if isinstance(err, RegistryError):
        return "pb_registry_file"
    if isinstance(err, ReaderError):
        return "pb_readers"
    if isinstance(err, UnicodeDecodeError | ValueError | RecursionError):
        return "pb_settings_file"
    return "pb_unknown"


def problem_note(situation: str, err: BaseException, **fields: str) -> Note:
    """The note for ``err`` in ``situation`` (an ``i18n`` key whose English template may
    show ``{problem}``, the original text unless ``fields`` words it, and whose German one
    shows ``{cause}``); the original text goes to the log."""
    fields = {"problem": str(err), **fields}
    _LOG.warning("%s: %s: %s", situation, type(err).__name__, fields["problem"])
    return Note("error", situation, {**fields, "cause": Note("error", cause_key(err))})


__all__ = ["cause_key", "problem_note"]
