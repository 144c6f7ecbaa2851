"""`bench --online` at a tiny size: real serve processes loaded from the bench's process, on
SQLite and on two processes sharing a PostgreSQL (pgserver). It prints every figure, and the
figures are sane; never how fast they are."""

from __future__ import annotations

import re

import pytest

from moonlight_desktop.cli import main


def test_the_online_bench_prints_every_figure_at_a_tiny_size(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tiny = ["--online-rooms", "4", "--online-lively", "3", "--online-seconds", "4"]
    assert main(["bench", "--online", *tiny]) == 0
    output = capsys.readouterr().out
    assert "random complete games per second" not in output  # only the online section
    assert "bots pause 0.4 s before acting" in output
    sections = output.split("  Two processes, one PostgreSQL")
    assert len(sections) == 2 and "One process, SQLite:" in sections[0]
    for section in sections:
        trip = re.search(
            r"4 rooms open, 3 lively: round trip of a command p50 ([\d.]+) ms,"
            r" p99 ([\d.]+) ms, max (\d+) ms over (\d+) commands"
            r" \(\d+ refused, 0 connections lost\)",
            section,
        )
        assert trip is not None, section
        p50, p99, worst, commands = map(float, trip.groups())
        assert 0 < p50 <= p99 <= worst + 1 and commands >= 2
        memory = re.search(r"(\d+) MiB with 4 more open: (-?\d+) KiB a room", section)
        assert memory is not None and int(memory[1]) > 0
        assert abs(int(memory[2])) < 100_000  # a room is nowhere near 100 MiB
        rates = re.findall(r"(\d+) commands carried out a second", section)
        assert len(rates) == 2 and all(int(rate) > 0 for rate in rates)
        assert "most commands a second (saturated: 3 rooms" in section
        assert "logged" not in section  # no server wrote an error


@pytest.mark.parametrize(
    "size",
    [
        ["--online-rooms", "0"],
        ["--online-rooms", "4", "--online-lively", "5"],
        ["--online-seconds", "0"],
    ],
)
def test_the_online_bench_refuses_a_size_it_cannot_run(
    capsys: pytest.CaptureFixture[str], size: list[str]
) -> None:
    assert main(["bench", "--online", *size]) == 2
    assert "must be between" in capsys.readouterr().err
