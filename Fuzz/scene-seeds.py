#!/usr/bin/env python3
"""Writes the scene fuzz target's seeds (Fuzz/Corpus/scene): a Slate app's life on the wire, and the
rules of the scene protocol broken one by one, in the byte language WireSession reads
(Tests/CompositorTests/SceneWireSession.swift: a step's first byte mod 16 says what it is, the next
bytes its choices). Run it again after changing that language; `SLATE_FUZZ_TRACE=1` with the
regression test (or the fuzz binary on one file) prints what each seed does."""
import os

# Steps (first byte mod 16).
REQUEST, SCENE_REQUEST, WINDOW, BUFFER, EXCHANGE, SHELL, MALFORMED, ANNOUNCE, SHRINK, HANG_UP = (
    0, 3, 6, 7, 8, 9, 10, 11, 12, 15)
FUZZ, OTHER, GOOD = 0, 2, 3                            # announce: which app id
S1, S2, LAST_CONNECT, GOOD_SESSION = [2, 0], [2, 1], [4], [5]  # string(): "s1", "s2", the last connect, "good-1"
PARENT = [7, 0]                                        # string(): "../etc"


def raw(text):
    b = text.encode()
    return [13, len(b)] + list(b)


def announce(app=FUZZ):
    return [ANNOUNCE, app, 0]


def window(session=S1, role=0, placement=0, commit=True):
    # c: bit 0 clear sets a title, bit 1 asks for a scene, bit 3 clear commits.
    return [WINDOW, 2 | (0 if commit else 8)] + session + [role, placement, 1]


# A 32 x 32 ARGB8888 buffer, its pool kept, damaged, the last configure acknowledged.
BUFFER_32 = [BUFFER, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]


def scene(request, *args):
    # The first scene of the client (index 1 among the manager and the scenes).
    return [SCENE_REQUEST, 1, request] + list(args)


def manager(request, *args):
    return [SCENE_REQUEST, 0, request] + list(args)


SET_SUBTITLE, BRING_FORWARD, REMOVE, DESTROY = 1, 2, 3, 0
OPEN_ACTIVITY = 3
OTHER_PAGE = [9, 1]            # string(): "org.slate.other.page"
OTHER_PAGE_JSON = [10, 1]      # string(): a UserActivity of that type


def small(n):
    return [0, n]              # number(): n (0..7)


seeds = {
    "app-life": announce() + window() + [EXCHANGE] + BUFFER_32 + [EXCHANGE]
    + scene(SET_SUBTITLE, *raw("Inbox")) + scene(BRING_FORWARD, *small(2)) + [EXCHANGE, SHELL, 5, 32]
    + scene(REMOVE, *small(1)) + [EXCHANGE],
    "app-life-split": announce() + window(placement=4) + [EXCHANGE] + BUFFER_32 + window(S2, placement=5)
    + [EXCHANGE, BUFFER, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, EXCHANGE, SHELL, 5, 64, SHELL, 0, 0, EXCHANGE],
    "unknown-app": announce(GOOD) + [EXCHANGE],
    "announce-twice": announce() + announce() + [EXCHANGE],
    "before-announce": window() + [EXCHANGE],
    "bad-session": announce() + window(session=PARENT) + [EXCHANGE],
    "same-session": announce() + window() + window() + [EXCHANGE],
    "claim-good-window": announce() + window(session=GOOD_SESSION) + [EXCHANGE] + BUFFER_32 + [EXCHANGE, EXCHANGE],
    "open-activity": announce() + manager(OPEN_ACTIVITY, *OTHER_PAGE, *OTHER_PAGE_JSON, *small(2)) + [EXCHANGE],
    "connect-asked": announce() + [SHELL, 2, 0, 0, EXCHANGE] + window(session=LAST_CONNECT) + [EXCHANGE]
    + BUFFER_32 + [EXCHANGE, SHELL, 4, 0, EXCHANGE],
    "shrunk-under-compositor": announce() + window() + [EXCHANGE] + BUFFER_32 + [EXCHANGE, SHRINK, 0, 0, SHELL, 5, 32]
    + [EXCHANGE],
    "scene-gone-first": announce() + window() + [EXCHANGE] + BUFFER_32 + [EXCHANGE] + scene(DESTROY)
    + scene(SET_SUBTITLE, *raw("x")) + [EXCHANGE],
    # A message to wl_display whose size (4) is shorter than its own header.
    "malformed-size": announce() + [MALFORMED, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, EXCHANGE],
    "hang-up-mid-window": announce() + window(commit=False) + [HANG_UP, 0],
}

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Corpus", "scene")
os.makedirs(out, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(bytes(data))
print(f"{len(seeds)} seeds in {out}")
