"""Debian's headless Chromium, driven by selenium: one place for its paths and the flags this machine needs.

Browser tests and the map benchmark open pages with :func:`headless_chromium`;
selenium is a development dependency, imported only when a browser is asked for.
"""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
# No sandbox (containers), no GPU (servers), and no background requests:
# the pages must be shown to ask the network for nothing.
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking")


def available() -> bool:
    """Whether Debian's chromium and chromium-driver are installed (``make browser``)."""
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


def headless_chromium(
    width: int, height: int, logs: tuple[str, ...] = ("browser",), flags: tuple[str, ...] = (), prefs=None
):
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
    options.binary_location = str(CHROMIUM)
    options.set_capability("goog:loggingPrefs", dict.fromkeys(logs, "ALL"))
    if prefs:
        options.add_experimental_option("prefs", prefs)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
