"""Rendered PNG/SVG files kept by what they were drawn from, so an unchanged figure is not drawn again.

Chromium takes about 2.5 s to start and 0.3-1 s per file; a rerun whose
figures did not change (the same corpus, or only a theme renamed) spends
that time on nothing. A file is found again by the hash of its figure's
JSON, its export options and the renderer's versions; its own content hash
is in its name, so a damaged file is noticed, removed and drawn again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from analysis.output import atomic_write

# Bump when the post-processing of rendered files changes (set_png_dpi and
# stable_svg in figures/export.py): files drawn before it must not be reused.
RENDER_VERSION = 1
# Old entries are removed beyond this many files, least recently used first
# (a report has 12; this keeps the last few corpora and theme edits).
MAX_FILES = 96


def render_key(figure_json: str, options: dict, renderer: dict) -> str:
    """Hash of everything a rendered file depends on."""
    digest = hashlib.sha256(figure_json.encode("utf-8"))
    digest.update(json.dumps({"options": options, "renderer": renderer, "v": RENDER_VERSION}, sort_keys=True).encode())
    return digest.hexdigest()[:32]


class RenderCache:
    """A folder of rendered files named ``<key>-<content hash>.<format>``."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.hits = 0  # files restored so far, for the progress line

    def restore(self, key: str, target: Path) -> bool:
        """Copy the file cached under ``key`` to ``target``; False when absent or damaged."""
        for path in self.folder.glob(f"{key}-*{target.suffix}") if self.folder.is_dir() else []:
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if path.stem.split("-", 1)[1] != _content_hash(data):
                path.unlink(missing_ok=True)  # damaged: never used, drawn again
                continue
            target.write_bytes(data)
            os.utime(path)  # recently used: kept longest
            self.hits += 1
            return True
        return False

    def store(self, key: str, source: Path) -> None:
        """Keep a copy of a freshly rendered file; a cache that cannot be written is skipped."""
        data = source.read_bytes()
        try:
            name = f"{key}-{_content_hash(data)}{source.suffix}"
            atomic_write(self.folder / name, lambda tmp: shutil.copyfile(source, tmp))
            self._prune()
        except Exception:  # the cache only saves time; the report must not fail for it
            return

    def _prune(self) -> None:
        files = sorted(self.folder.glob("*-*.*"), key=lambda p: p.stat().st_mtime, reverse=True)
        for path in files[MAX_FILES:]:
            path.unlink(missing_ok=True)


def _content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]
