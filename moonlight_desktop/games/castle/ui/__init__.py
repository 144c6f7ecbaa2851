"""Moonlight Castle as the collection shows it: its setup, rules, screen and standings."""
