"""The one exception type the suite raises for bad input."""

from __future__ import annotations

from pathlib import Path


class InputError(ValueError):
    """Bad input, with the file (and line or record) it was found at.

    Args:
        path: The offending file or folder.
        message: What is wrong, in plain words.
        line: 1-based line (or record) number, when one applies.
    """

    def __init__(self, path: str | Path, message: str, line: int | None = None):
        self.path = str(path)
        self.message = message
        self.line = line
        where = f"{self.path}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}")
