#!/usr/bin/env python3
"""Runs the Wayland conformance suite (wlcs) against Slate and judges it by the expected failures.

    Tests/wlcs/run.py --module .build/wlcs/slate-wlcs.so [--shards N] [--filter GTEST_FILTER]

Each shard is a run of Debian's wlcs runner (its plain build) over part of the tests (googletest's
GTEST_TOTAL_SHARDS / GTEST_SHARD_INDEX), all shards at once; the integration module starts a
`slate run --backend headless` for each test ($SLATE names the program). Every test ends passed,
failed or skipped (wlcs skips the tests of extensions Slate does not offer). A failure listed in
Tests/wlcs/expected-failures.txt (each with its reason) is expected; any other failure, a listed test
that passes (take it off the list), that is skipped or that does not exist, a list over its limit, or
a runner that ends before its tests did, fails the run. The protocols in Tests/wlcs/held-back.txt
(each with its reason) are offered by Slate but not declared to the suite yet, so their tests are
skipped; one held back that Slate does not offer fails the run. The last line says:

    wlcs: N passed, N failed, N skipped (and N expected failures)

The runners' output is kept in the log folder (--log, .build/wlcs), with the figures of the run.
"""

import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The most tests the list may hold: a list that only shrinks.
LIST_LIMIT = 50
VERDICT = re.compile(r"^\[ {7}OK \] |^\[  FAILED  \] |^\[     SKIP \] ")
TIMED = re.compile(r" \((\d+) ?ms\)$")


def runner_path():
    """Debian's plain wlcs runner, as wlcs.pc names it."""
    try:
        out = subprocess.run(["pkg-config", "--variable=test_runner", "wlcs"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except OSError:
        pass
    return "/usr/lib/x86_64-linux-gnu/wlcs/wlcs"


def read_expected(path, limit=LIST_LIMIT):
    """The expected failures: `TEST_NAME  # reason` a line; blank lines and `#` lines are notes."""
    expected, problems = {}, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            name, _, reason = text.partition("#")
            name, reason = name.strip(), reason.strip()
            if not reason:
                problems.append(f"{path}:{number}: {name} has no reason (write it after '#')")
            if name in expected:
                problems.append(f"{path}:{number}: {name} is listed twice")
            expected[name] = reason
    if limit is not None and len(expected) > limit:
        problems.append(f"{path}: {len(expected)} entries; the list holds at most {limit}")
    return expected, problems


def list_tests(runner, module, extra):
    """The tests the runner has (with `extra`, its filter, those it would run), all shards'."""
    out = subprocess.run([runner, module, "--gtest_list_tests", *extra], capture_output=True, text=True)
    tests, suite = [], ""
    for line in out.stdout.splitlines():
        if not line.strip() or line.startswith("Note:"):
            continue
        if not line.startswith(" "):
            suite = line.strip()
        else:
            tests.append(suite + line.split("#")[0].strip())
    return tests


def parse(log_path):
    """Each test's outcome and milliseconds, as the runner wrote them; and the test it was in when it
    stopped writing (None when it finished)."""
    outcomes, current = {}, None
    with open(log_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("[ RUN      ] "):
                current = line[13:].strip()
                continue
            if current is None or not VERDICT.match(line):
                continue
            timed = TIMED.search(line)
            millis = int(timed.group(1)) if timed else 0
            kind = {"OK": "passed", "FAILED": "failed", "SKIP": "skipped"}[line[1:-1].split("]")[0].strip()]
            outcomes[current] = (kind, millis)
            current = None
    return outcomes, current


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--module", required=True, help="the integration module (slate-wlcs.so)")
    parser.add_argument("--runner", default=runner_path(), help="the wlcs runner")
    parser.add_argument("--expected", default=os.path.join(HERE, "expected-failures.txt"))
    parser.add_argument("--held-back", default=os.path.join(HERE, "held-back.txt"))
    # Mostly waiting (for frames, for the child to start): one runner more than there are cores.
    parser.add_argument("--shards", type=int, default=(os.cpu_count() or 2) + 1, help="runners at once")
    parser.add_argument("--filter", help="a googletest filter: only these tests (the list is not judged whole)")
    parser.add_argument("--log", default=".build/wlcs", help="where the runners' output goes")
    args = parser.parse_args()

    expected, problems = read_expected(args.expected)
    held_back, held_problems = read_expected(args.held_back, limit=None)
    problems += held_problems
    os.makedirs(args.log, exist_ok=True)
    module = os.path.abspath(args.module)
    extra = [f"--gtest_filter={args.filter}"] if args.filter else []

    for stale in os.listdir(args.log):
        if stale.startswith("offered-"):
            os.remove(os.path.join(args.log, stale))
    start = time.monotonic()
    shards = []
    for index in range(args.shards):
        env = dict(
            os.environ, GTEST_TOTAL_SHARDS=str(args.shards), GTEST_SHARD_INDEX=str(index),
            SLATE_WLCS_HOLD_BACK=" ".join(held_back),
            SLATE_WLCS_OFFERED=os.path.join(args.log, f"offered-{index}.txt"))
        log_path = os.path.join(args.log, f"shard-{index}.log")
        log = open(log_path, "w", encoding="utf-8")
        process = subprocess.Popen([args.runner, module, *extra], stdout=log, stderr=subprocess.STDOUT, env=env)
        shards.append((index, env, log_path, log, process))
    for _, _, _, log, process in shards:
        process.wait()
        log.close()
    elapsed = time.monotonic() - start

    outcomes = {}
    for index, env, log_path, _, process in shards:
        found, stopped_in = parse(log_path)
        outcomes.update(found)
        if stopped_in is not None:
            outcomes[stopped_in] = ("failed", 0)
            problems.append(f"shard {index} ended (status {process.returncode}) in {stopped_in}; see {log_path}")
    # A runner that died leaves the rest of its shard unrun: each is a failure.
    for name in list_tests(args.runner, module, extra):
        if name not in outcomes and not name.split(".")[-1].startswith("DISABLED_"):
            outcomes[name] = ("failed", 0)
            problems.append(f"{name} did not run (its runner ended early)")

    passed = sorted(n for n, (k, _) in outcomes.items() if k == "passed")
    skipped = sorted(n for n, (k, _) in outcomes.items() if k == "skipped")
    failed = sorted(n for n, (k, _) in outcomes.items() if k == "failed" and n not in expected)
    xfailed = sorted(n for n, (k, _) in outcomes.items() if k == "failed" and n in expected)
    now_pass = sorted(n for n, (k, _) in outcomes.items() if k == "passed" and n in expected)
    for name in sorted(expected):
        if args.filter and name not in outcomes:
            continue
        if name not in outcomes:
            problems.append(f"{name} is listed as an expected failure but wlcs has no such test")
        elif outcomes[name][0] == "skipped":
            problems.append(f"{name} is listed as an expected failure but was skipped")

    offered = set()
    for index in range(args.shards):
        try:
            with open(os.path.join(args.log, f"offered-{index}.txt"), encoding="utf-8") as f:
                offered |= {line.split()[0] for line in f if line.strip()}
        except OSError:
            pass
    for name, reason in sorted(held_back.items()):
        if offered and name not in offered:
            problems.append(f"{name} is held back ({args.held_back}) but Slate does not offer it: take it off")
        else:
            print(f"wlcs: held back (offered, not declared): {name} ({reason})")

    for name in failed:
        print(f"wlcs: FAILED {name} (not an expected failure; see {args.log}/shard-*.log)")
    for name in now_pass:
        print(f"wlcs: PASSES {name}, listed as an expected failure ({expected[name]}): take it off the list")
    for problem in problems:
        print(f"wlcs: {problem}")

    ran = [m for k, m in outcomes.values() if k != "skipped"]
    slowest = sorted(((m, n) for n, (k, m) in outcomes.items() if k != "skipped"), reverse=True)[:3]
    with open(os.path.join(args.log, "figures.txt"), "w", encoding="utf-8") as f:
        f.write(f"whole run {elapsed:.1f} s on {args.shards} runners; {len(outcomes)} tests, {len(ran)} not skipped\n")
        if ran:
            ran.sort()
            f.write(f"per test not skipped: mean {sum(ran) / len(ran):.0f} ms, median {ran[len(ran) // 2]} ms, "
                    f"p99 {ran[min(len(ran) - 1, len(ran) * 99 // 100)]} ms\n")
        for millis, name in slowest:
            f.write(f"slow: {name} {millis} ms\n")
    with open(os.path.join(args.log, "figures.txt"), encoding="utf-8") as f:
        sys.stdout.write("".join("wlcs: " + line for line in f))

    print(f"wlcs: {len(passed)} passed, {len(failed)} failed, {len(skipped)} skipped "
          f"(and {len(xfailed)} expected failures)")
    return 1 if failed or now_pass or problems else 0


if __name__ == "__main__":
    sys.exit(main())
