#!/usr/bin/env python3
"""How many cores a command keeps busy, step by step: where a build leaves a core idle.

Usage: Benchmarks/core-use.py [--step 0.1] [--below 1.5] -- COMMAND [ARG...]

Runs COMMAND and reads its CPU time (user and system, all its threads, from /proc/<pid>/stat)
every STEP seconds until it ends. Prints one line per step: the seconds since the start and the
cores busy in that step (CPU seconds over wall seconds); then the wall time, the CPU time, the
cores busy on average, the core-seconds left idle (cores on the machine times the wall time, less
the CPU time), and the stretches of two or more steps under BELOW cores. A stretch under 1.5 on a
two-core machine is mostly one thread working alone: the place to look for work to run beside
it, or to split. The steps read COMMAND's own process (its threads, not its children); the
totals are the kernel's for the whole run, with any children it waited for.

The steps' CPU time comes in clock ticks (100 a second here), so a step of 0.1 s is read to
about 0.1 core; the whole run's figures are exact to a tick.
"""
import argparse
import os
import subprocess
import sys
import time


def cpu_seconds(pid: int) -> float | None:
    """The user and system time of `pid` so far, or None once it has ended."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            # The command name, in parentheses, may hold spaces: the fields start after it.
            fields = stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None
    # Fields 14 and 15 of proc(5), utime and stime; the split starts at field 3.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stretches(steps: list[tuple[float, float, float]],
              below: float) -> list[tuple[float, float, float]]:
    """The runs of two or more steps under `below` cores: (start, end, mean cores)."""
    found, run = [], []
    for step in steps + [(0.0, 0.0, below)]:
        if step[2] < below:
            run.append(step)
            continue
        if len(run) >= 2:
            found.append((run[0][0], run[-1][1], sum(cores for _, _, cores in run) / len(run)))
        run = []
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=float, default=0.1, help="seconds between readings")
    parser.add_argument("--below", type=float, default=1.5,
                        help="report stretches under this many cores busy")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    started = time.monotonic()
    process = subprocess.Popen(command)
    # Each step: its start and end, in seconds from the start, and the cores busy in it.
    steps: list[tuple[float, float, float]] = []
    last = (started, 0.0)
    while True:
        time.sleep(args.step)
        # The child is reaped here, with its whole run's times, once it has ended.
        ended, status, usage = os.wait4(process.pid, os.WNOHANG)
        if ended:
            break
        now, cpu = time.monotonic(), cpu_seconds(process.pid)
        if cpu is not None:
            steps.append((last[0] - started, now - started, (cpu - last[1]) / (now - last[0])))
            last = (now, cpu)
    wall = time.monotonic() - started
    total = usage.ru_utime + usage.ru_stime
    for start, _, cores in steps:
        print(f"{start:6.1f} s  {cores:4.2f}")
    cores = os.cpu_count() or 1
    print(f"wall {wall:.2f} s, CPU {total:.2f} s, {total / wall:.2f} of {cores} cores busy, "
          f"{cores * wall - total:.2f} core-seconds idle")
    for start, end, mean in stretches(steps, args.below):
        print(f"under {args.below} cores from {start:.1f} s to {end:.1f} s ({mean:.2f} busy)")
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    main()
