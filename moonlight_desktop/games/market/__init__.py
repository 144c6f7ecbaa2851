"""Moonlight Market: bidding for chain links, building gem chains (headless rules and bots)."""
