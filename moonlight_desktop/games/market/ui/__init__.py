"""Moonlight Market in the window: its screen on the table kit, presenter, words, setup and
standings."""
