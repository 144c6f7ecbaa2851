"""Moonlight Desktop: four moonlit tabletop games at one computer.

Its version is written once, in pyproject.toml: `moonlight_desktop.version.version()` reads it.
"""
