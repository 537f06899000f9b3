"""Static PNG/SVG files of figures: plotly + kaleido in one Chromium session, with a render cache.

PNGs are tagged with their resolution and SVGs get stable ids, so a rerun
writes the same bytes; a figure drawn before is copied from the render
cache (:mod:`analysis.figures.render_cache`) instead of drawn again.
"""

from __future__ import annotations

import re
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

import plotly.graph_objects as go

from analysis.figures.chromium import find_chromium
from analysis.figures.render_cache import RenderCache, render_key
from analysis.figures.session import ChromiumSession
from analysis.output import move_into, staging_folder

# Static exports are drawn at these layout sizes and rendered at 2x: a 1200 px
# wide figure becomes 2400 px, 180 dpi across a 13.3 inch (16:9) slide.
EXPORT_SCALE = 2
PNG_DPI = 96 * EXPORT_SCALE
STATIC_FORMATS = ("png", "svg")


class StaticExportError(RuntimeError):
    """Static figures could not be rendered; the message says why."""


def render_static(
    figures: dict[str, go.Figure],
    folder: Path,
    formats: Sequence[str] = STATIC_FORMATS,
    cache: Path | RenderCache | None = None,
    session: ChromiumSession | None = None,
) -> list[Path]:
    """Render figures to PNG/SVG files in ``folder`` with kaleido in one Chromium session.

    ``session``: a Chromium started earlier (:mod:`analysis.figures.session`);
    None starts one for this call.

    PNGs get a 192 dpi tag: slides and word processors then size them as
    drawn. The caller moves the files into place (see :func:`export_static`).
    With ``cache`` (a folder or a :class:`RenderCache`), files of figures
    drawn before are copied from it and only the others are rendered; a
    Chromium is still required, so a machine without one never serves old
    files.

    Raises:
        StaticExportError: No Chromium, or kaleido failed.
    """
    chromium = find_chromium()
    if chromium is None:
        raise StaticExportError("no Chromium found (install Debian's chromium or set BROWSER_PATH)")
    specs = [
        {
            "fig": fig,
            "path": folder / f"{stem}.{fmt}",
            # SVG is vector: scale 1 keeps its width and height those of the layout.
            "opts": {"format": fmt, "width": fig.layout.width, "height": fig.layout.height, "scale": _scale(fmt)},
        }
        for stem, fig in figures.items()
        for fmt in formats
    ]
    store = cache if isinstance(cache, RenderCache) or cache is None else RenderCache(cache)
    keys = _render_keys(specs, chromium) if store is not None else {}
    todo = [spec for spec in specs if store is None or not store.restore(keys[spec["path"]], spec["path"])]
    if todo:
        _kaleido(todo, chromium, session)
        if store is not None:
            for spec in todo:
                store.store(keys[spec["path"]], spec["path"])
    return [spec["path"] for spec in specs]


def _render_once(jobs: list[dict], chromium: str) -> None:
    """Render in a session of this call's own: its close is bounded, as kaleido's own one-off call's is not."""
    session = ChromiumSession(chromium)
    try:
        session.render(jobs)
    finally:
        session.close()


def _draw(jobs: list[dict], chromium: str, session: ChromiumSession | None) -> None:
    """Render ``jobs`` in ``session`` (or a session of its own); after a Chromium that hung, in a fresh one."""
    try:
        if session is not None:
            session.render(jobs)
        else:
            _render_once(jobs, chromium)
    except TimeoutError:
        _render_once(jobs, chromium)


def _kaleido(specs: list[dict], chromium: str, session: ChromiumSession | None = None) -> None:
    """Render ``specs`` in one Chromium session, then tag PNGs with their dpi and make SVG ids stable."""
    jobs = [{**spec, "fig": spec["fig"].to_dict()} for spec in specs]
    try:
        _draw(jobs, chromium, session)
    except Exception as err:  # kaleido wraps browser failures in many types; all mean "skip"
        raise StaticExportError(f"kaleido could not render: {type(err).__name__}: {err}") from err
    written = [spec["path"] for spec in specs]
    missing = [p.name for p in written if not p.exists()]
    if missing:
        raise StaticExportError(f"kaleido wrote no {', '.join(missing)}")
    for path in written:
        if path.suffix == ".png":
            path.write_bytes(set_png_dpi(path.read_bytes(), PNG_DPI))
        else:
            path.write_text(stable_svg(path.read_text(encoding="utf-8")), encoding="utf-8")


def _render_keys(specs: list[dict], chromium: str) -> dict[Path, str]:
    """Cache key of each spec: the figure, its options, and the versions of what draws it."""
    from importlib.metadata import version

    import plotly

    browser = Path(chromium).resolve()
    stat = browser.stat()
    renderer = {
        "plotly": plotly.__version__,
        "kaleido": version("kaleido"),
        "browser": [str(browser), stat.st_size, stat.st_mtime_ns],
    }
    return {spec["path"]: render_key(spec["fig"].to_json(), spec["opts"], renderer) for spec in specs}


def _scale(fmt: str) -> int:
    return EXPORT_SCALE if fmt == "png" else 1


def export_static(
    figures: dict[str, go.Figure], out: str | Path, formats: Sequence[str] = STATIC_FORMATS, cache: Path | None = None
) -> list[Path]:
    """Render into a staging folder beside ``out``, then rename each file into ``out``: old files survive a failure.

    Raises:
        StaticExportError: As :func:`render_static`; ``out`` is then untouched.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with staging_folder(out, shown_as=out) as staging:
        return move_into(render_static(figures, staging, formats, cache), out)


# Colour bars add a gradient "g<6 hex>-cb<trace uid>" that is new on every render too.
_SVG_RANDOM_ID = re.compile(
    r"\b(topdefs-|defs-|clip|legend|topbar|bottombar|mask|pattern|grad|g(?=[0-9a-f]{6}-cb))([0-9a-f]{6})"
)


def stable_svg(svg: str) -> str:
    """Replace plotly's random 6-hex ids (per render) by stable ones, so reruns are identical."""
    ids: dict[str, str] = {}

    def stable(match: re.Match) -> str:
        key = match.group(2)
        ids.setdefault(key, f"{len(ids):06x}")
        return match.group(1) + ids[key]

    return _SVG_RANDOM_ID.sub(stable, svg)


def set_png_dpi(png: bytes, dpi: int) -> bytes:
    """Add (or replace) the PNG ``pHYs`` chunk so viewers know the intended resolution."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    per_metre = round(dpi / 0.0254)
    body = struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", len(body)) + b"pHYs" + body + struct.pack(">I", zlib.crc32(b"pHYs" + body))
    chunks, pos = [], 8
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        end = pos + 12 + length
        if kind != b"pHYs":
            chunks.append(png[pos:end])
            if kind == b"IHDR":
                chunks.append(chunk)  # pHYs must come before the image data
        pos = end
    return png[:8] + b"".join(chunks)


def png_size(png: bytes) -> tuple[int, int]:
    """Pixel width and height from a PNG header."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", png[16:24])


def png_dpi(png: bytes) -> float | None:
    """Resolution from the ``pHYs`` chunk, None when absent."""
    pos = png.find(b"pHYs")
    if pos < 0:
        return None
    x, _, unit = struct.unpack(">IIB", png[pos + 4 : pos + 13])
    return x * 0.0254 if unit == 1 else None
