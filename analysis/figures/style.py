"""The look every figure shares: palette, fonts, legend and layout, and topic titles for axes.

Every figure uses one colour-blind-safe palette (Okabe-Ito) in which a theme
keeps its colour everywhere: bars, map, report.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from analysis.text import escape, shorten

if TYPE_CHECKING:
    from analysis.model.themes import ThemeSet
    from analysis.model.topic_result import TopicResult

# Okabe & Ito (2008), "Color universal design": distinguishable with every
# common colour-vision deficiency. Ordered so the first themes get the most
# distinct hues; "other" is a neutral grey that never competes with a theme.
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
OTHER_COLOR = "#A0A0A0"
# Topics can outnumber any safe palette; Carto "Safe" is colour-blind
# friendly for its 11 hues, and beyond that colours repeat (hover tells them apart).
TOPIC_COLORS = (
    "#88CCEE", "#CC6677", "#DDCC77", "#117733", "#332288", "#AA4499",
    "#44AA99", "#999933", "#882255", "#661100", "#6699CC",
)  # fmt: skip
# Areas: the 11 Carto Safe hues, then five of Okabe-Ito's; a topic is drawn in a shade of its area's
# colour, mixed up to SHADE_RANGE with black (the area's first topic) or white (its last).
AREA_COLORS = (*TOPIC_COLORS, "#E69F00", "#0072B2", "#009E73", "#D55E00", "#56B4E9")
SHADE_RANGE = 0.35
# Source lists side by side: Paul Tol's high-contrast hues first (dark blue and
# ochre differ in lightness as well as hue), then muted ones; they repeat after eight.
GROUP_COLORS = ("#004488", "#DDAA33", "#BB5566", "#117733", "#88CCEE", "#332288", "#999933", "#AA4499")
FONT = {"family": "Arial, Helvetica, sans-serif", "size": 15, "color": "#222222"}


def theme_colors(themes: ThemeSet) -> dict[str, str]:
    """Fixed colour per theme name (in the order of the themes file), grey for the rest."""
    colors = {t.name: OKABE_ITO[i % len(OKABE_ITO)] for i, t in enumerate(themes.themes)}
    colors[themes.other] = OTHER_COLOR
    return colors


def topic_color(position: int) -> str:
    """Colour of the topic at ``position`` in the topic table."""
    return TOPIC_COLORS[position % len(TOPIC_COLORS)]


def group_color(position: int) -> str:
    """Colour of the source list at ``position`` in a comparison."""
    return GROUP_COLORS[position % len(GROUP_COLORS)]


def topic_order(result: TopicResult) -> list[int]:
    """Topic ids as in the topic table: largest first."""
    return [int(t) for t in result.topics["topic"]]


def topic_titles(result: TopicResult, limit: int = 48) -> dict[int, str]:
    """``"3: memory · attention · reasoning"`` for each topic, shortened for axes."""
    return {
        int(t): shorten(f"{t}: {label}", limit)
        for t, label in zip(result.topics["topic"], result.topics["label"], strict=True)
    }


# Anchored to the figure's bottom edge (not the plot's): stays clear of the axis at any height.
BOTTOM_LEGEND = {
    "title": {"text": "theme "},
    "orientation": "h",
    "x": 0,
    "xanchor": "left",
    "y": 0.01,
    "yref": "container",
    "yanchor": "bottom",
}


def set_layout(fig: go.Figure, title: str, width: int, height: int, **extra: Any) -> go.Figure:
    """Title, template, font, size and margins shared by every figure; ``extra`` goes to ``update_layout``."""
    fig.update_layout(
        title={"text": escape(title), "x": 0.01, "xanchor": "left", "font": {"size": 20}},
        template="plotly_white",
        font=FONT,
        width=width,
        height=height,
        margin={"l": 20, "r": 20, "t": 70, "b": 40},
        **extra,
    )
    return fig


def area_color(area: int) -> str:
    """Colour of an area (areas are numbered from 0, largest first)."""
    return AREA_COLORS[area % len(AREA_COLORS)]


def shade(color: str, amount: float) -> str:
    """``color`` mixed with white (``amount`` > 0) or black (< 0), ``|amount|`` the share of the mix."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    target = 255 if amount > 0 else 0
    mixed = [round(c + (target - c) * abs(amount)) for c in rgb]
    return "#" + "".join(f"{c:02X}" for c in mixed)


def topic_shades(areas: list[int]) -> list[str]:
    """Each topic's colour: a shade of its area's, from darker to lighter in table order within the area."""
    members: dict[int, list[int]] = {}
    for position, area in enumerate(areas):
        members.setdefault(area, []).append(position)
    colors = [""] * len(areas)
    for area, positions in members.items():
        for j, position in enumerate(positions):
            step = 0.0 if len(positions) == 1 else -SHADE_RANGE + 2 * SHADE_RANGE * j / (len(positions) - 1)
            colors[position] = shade(area_color(area), round(step, 3))
    return colors


def map_groups(result: TopicResult) -> dict:
    """Areas (by number), themes (in the themes file's order) and topics (largest first) present, with colours.

    A topic's colour is a shade of its area's; a result made before areas has one area.
    """
    present = set(result.documents["theme"])
    colors = theme_colors(result.themes)
    themes = [{"name": name, "color": colors[name]} for name in result.themes.names if name in present]
    frame = result.topics
    area_ids = [int(a) for a in frame["area"]] if "area" in frame else [0] * len(frame)
    area_labels = [str(a) for a in frame["area_label"]] if "area_label" in frame else ["all topics"] * len(frame)
    named = dict(zip(area_ids, area_labels, strict=True))
    areas = [{"id": a, "label": named[a], "color": area_color(a)} for a in sorted(named)]
    shades = topic_shades(area_ids)
    topics = [
        {"id": int(topic), "label": f"{topic}: {label}", "color": shades[i], "theme": str(theme), "area": area_ids[i]}
        for i, (topic, label, theme) in enumerate(zip(frame["topic"], frame["label"], frame["theme"], strict=True))
    ]
    return {"area": areas, "theme": themes, "topic": topics}
