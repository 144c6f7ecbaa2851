"""Nim's screen on the table kit: the presenter (no pygame), the painter, the screen and its
description."""
