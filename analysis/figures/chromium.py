"""Headless Chromium: one rule to find it and its driver, and the flags this machine needs.

Static export (kaleido) runs the browser :func:`find_chromium` finds;
browser tests and the map benchmark open pages with :func:`headless_chromium`.
selenium is a development dependency, imported only when a browser is asked for.
"""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from selenium import webdriver

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
# No sandbox (containers), no GPU (servers), and no background requests:
# the pages must be shown to ask the network for nothing.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking")


def _executable(variable: str, names: tuple[str, ...]) -> str | None:
    """The program named by ``variable`` when set (None if it cannot run), else the first of ``names`` on PATH."""
    override = os.environ.get(variable)
    if override:
        return override if os.access(override, os.X_OK) else None
    return next((found for name in names if (found := shutil.which(name))), None)


def find_chromium() -> str | None:
    """A Chromium or Chrome: ``BROWSER_PATH`` (kaleido's own variable), else the first one on PATH."""
    return _executable("BROWSER_PATH", BROWSERS)


def find_chromedriver() -> str | None:
    """Its selenium driver: ``CHROMEDRIVER_PATH``, else ``chromedriver`` on PATH (Debian's chromium-driver)."""
    return _executable("CHROMEDRIVER_PATH", ("chromedriver",))


def available() -> bool:
    """Whether a Chromium and its driver are installed (``make browser`` installs Debian's)."""
    return find_chromium() is not None and find_chromedriver() is not None


def headless_chromium(
    width: int,
    height: int,
    logs: tuple[str, ...] = ("browser",),
    flags: tuple[str, ...] = (),
    prefs: dict | None = None,
) -> webdriver.Chrome:
    """A selenium driver of headless Chromium with a ``width`` x ``height`` window.

    Args:
        width: Window width in pixels.
        height: Window height in pixels.
        logs: Chromium logs to keep (``browser`` for the console, ``performance`` for network events).
        flags: Extra command-line flags.
        prefs: Chromium preferences (e.g. the download folder).
    """
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in (*FLAGS, *flags, f"--window-size={width},{height}"):
        options.add_argument(flag)
    browser = find_chromium()
    if browser is None:
        raise FileNotFoundError("no Chromium: set BROWSER_PATH or install one (make browser)")
    options.binary_location = browser
    options.set_capability("goog:loggingPrefs", dict.fromkeys(logs, "ALL"))
    if prefs:
        options.add_experimental_option("prefs", prefs)
    return webdriver.Chrome(service=Service(find_chromedriver()), options=options)
