#!/usr/bin/python3
"""Walks Slate's accessibility tree with pyatspi, as Orca and Accerciser do, and drives it.

Run by Tests/a11y/atspi.sh inside its own D-Bus session, with the AT-SPI bus and `slate run` under
Xvfb. Every step has a deadline; each check prints one line; the exit code is the number of failures
(capped at 1)."""

import argparse
import os
import subprocess
import sys
import time

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Gio, GLib  # noqa: E402
import pyatspi  # noqa: E402

WORDS = {
    "en": {
        "app": "Mail",
        "inbox": "Inbox",
        "primary": "primary window",
        "auxiliary": "auxiliary window",
        "unread": "unread",
        # The message was opened (read) before its menu is shown: Mail offers Mark as Unread.
        "menu": ["Reply", "Reply All", "Forward", "—", "Flag", "Mark as Unread", "Move to",
                 "Open in New Window", "—", "Delete"],
        "text": "Message text",
        "close": "Close",
    },
    "ru": {
        "app": "Почта",
        "inbox": "Входящие",
        "primary": "основное окно",
        "auxiliary": "вспомогательное окно",
        "unread": "не прочитано",
        "menu": ["Ответить", "Ответить всем", "Переслать", "—", "Пометить флажком", "Пометить как непрочитанное",
                 "Переместить", "Открыть в новом окне", "—", "Удалить"],
        "text": "Текст сообщения",
        "close": "Закрыть",
    },
}
SUBJECT = "Встреча завтра"
SENDER = "Анна Смирнова"

args = argparse.ArgumentParser()
args.add_argument("--locale", default="en")
args.add_argument("--timeout", type=float, default=15)
args.add_argument("--full", action="store_true", help="also the focus events of Tab and the close action")
opts = args.parse_args()
W = WORDS[opts.locale]
started = time.monotonic()
passed = 0
failed = 0


def check(what, ok, found=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"  ok   {what}")
    else:
        failed += 1
        print(f"  FAIL {what}" + (f"\n       found: {found}" if found != "" else ""))
    return ok


def pump(seconds=0.0):
    """Lets GLib deliver events for a while."""
    ctx = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while True:
        while ctx.iteration(False):
            pass
        if time.monotonic() >= end:
            return
        time.sleep(0.02)


def wait_for(fn, timeout=None):
    """Calls fn until it returns something true, or the deadline passes (then None)."""
    end = time.monotonic() + (timeout or opts.timeout)
    while time.monotonic() < end:
        try:
            r = fn()
        except Exception:  # an object went away while being read: try again
            r = None
        if r:
            return r
        pump(0.1)
    return None


def walk(acc, depth=0):
    if acc is None or depth > 30:
        return
    yield acc
    try:
        n = acc.childCount
    except Exception:
        return
    for i in range(n):
        try:
            c = acc.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(c, depth + 1)


def app():
    for a in pyatspi.Registry.getDesktop(0):
        if a is not None and a.name == W["app"]:
            return a
    return None


def find(pred, root=None):
    root = root or app()
    if root is None:
        return None
    for a in walk(root):
        try:
            if pred(a):
                return a
        except Exception:
            continue
    return None


def states(acc):
    return set(acc.getState().getStates())


def action_index(acc, name):
    act = acc.queryAction()
    for i in range(act.nActions):
        if act.getName(i) == name:
            return i
    return None


def menu_rows(menu):
    out = []
    for c in menu:
        role = c.getRole()
        if role == pyatspi.ROLE_SEPARATOR:
            out.append("—")
        elif role in (pyatspi.ROLE_MENU_ITEM, pyatspi.ROLE_CHECK_MENU_ITEM, pyatspi.ROLE_MENU):
            out.append(c.name)
    return out


def slate_window():
    """The X window named "Slate" among the root's children (Xvfb runs no window manager)."""
    r = subprocess.run(["xwininfo", "-root", "-children"], capture_output=True, text=True, timeout=10)
    for line in r.stdout.splitlines():
        parts = line.split(None, 1)
        if len(parts) == 2 and parts[0].startswith("0x") and parts[1].startswith('"Slate"'):
            return parts[0]
    return None


def key(name):
    wid = slate_window()
    if wid:
        subprocess.run(["xdotool", "windowfocus", "--sync", wid], timeout=10, capture_output=True)
    subprocess.run(["xdotool", "key", name], timeout=10)


print(f"a11y walk ({opts.locale}):")

# 1. The app on the desktop, the Inbox window as a frame.
mail = wait_for(app, timeout=max(opts.timeout, 30))
check(f'the application "{W["app"]}" is on the desktop', mail is not None,
      [a.name for a in pyatspi.Registry.getDesktop(0) if a is not None])
if mail is None:
    sys.exit(1)
chrome = [a for a in pyatspi.Registry.getDesktop(0) if a is not None and a.name == "Slate"]
check('the shell\'s chrome is the application "Slate"', len(chrome) == 1)
check("the application's role is application", mail.getRole() == pyatspi.ROLE_APPLICATION, mail.getRoleName())


def clock_texts(t):
    """The status bar's time at `t` as Slate shows it for the locale of the environment (as its
    WallTime reads it: LC_ALL, LC_TIME, LANG): 12 hours and AM/PM in a US locale, 24 otherwise."""
    name = next((os.environ[k] for k in ("LC_ALL", "LC_TIME", "LANG") if os.environ.get(k)), "C").split(".")[0]
    lt = time.localtime(t)
    if name in ("en_US", "en"):
        h = lt.tm_hour % 12 or 12
        return f"{h}:{lt.tm_min:02d}" + (" AM" if lt.tm_hour < 12 else " PM") * (opts.locale == "en")
    return f"{lt.tm_hour:02d}:{lt.tm_min:02d}"


# 0. The status bar, in the shell's chrome: its time is the clock's; the machine under the test has no
# battery and no NetworkManager, and nothing is shown for them.
before = time.time()
clock = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_LABEL and ":" in a.name
                              and a.name.replace(":", "").split(" ")[0].isdigit(), chrome[0]))
after = time.time()
check("the status bar's time is the clock's", clock is not None and clock.name in (clock_texts(before), clock_texts(after)),
      (clock.name if clock else None, clock_texts(before)))
labels = [a.name for a in walk(chrome[0])]
check("no battery or network is shown on a machine without them",
      not any(n.startswith(("Battery", "Заряд", "Wi-Fi", "Ethernet")) for n in labels), labels[:12])

inbox = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_FRAME and a.name == W["inbox"]))
# The whole tree, each element's role, name, states and extents, as a tool that dumps it reads it.
t0 = time.monotonic()
elements = [(a.getRoleName(), a.name, a.getState(), a.queryComponent().getExtents(0)) for a in walk(inbox)]
print(f"  ({len(elements)} elements of {W['app']} read in {(time.monotonic() - t0) * 1000:.0f} ms)")
check(f'a frame "{W["inbox"]}"', inbox is not None)
if inbox is None:
    sys.exit(1)
check(f'its description says "{W["primary"]}"', inbox.description == W["primary"], inbox.description)
check("its parent is the application", inbox.parent is not None and inbox.parent.name == W["app"])
ext = inbox.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
check("it has extents on the screen", ext.width > 100 and ext.height > 100, (ext.x, ext.y, ext.width, ext.height))

# 2. The message row: its full label, role and states. (Mail reads its list off its main thread: the
# rows come a moment after the window.)
row = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_LIST_ITEM and SUBJECT in a.name, inbox))
check(f'a list item for "{SUBJECT}"', row is not None)
if row is None:
    sys.exit(1)
expected = f'{SENDER}, {SUBJECT}, {W["unread"]}, '
check(f'its name reads "{expected}<time>"', row.name.startswith(expected), row.name)
st = states(row)
want = {pyatspi.STATE_ENABLED, pyatspi.STATE_SENSITIVE, pyatspi.STATE_VISIBLE, pyatspi.STATE_SHOWING,
        pyatspi.STATE_SELECTABLE, pyatspi.STATE_FOCUSABLE}
check("it is enabled, sensitive, visible, showing, selectable, focusable", want <= st,
      sorted(s.value_nick for s in st))
check("its parent is a list", row.parent.getRole() == pyatspi.ROLE_LIST, row.parent.getRoleName())
check("the list has the Selection interface", "Selection" in pyatspi.utils.listInterfaces(row.parent))
acts = [row.queryAction().getName(i) for i in range(row.queryAction().nActions)]
check('its actions are "click" and "show menu"', acts[:2] == ["click", "show menu"], acts)

# Where it is: hit testing in screen coordinates finds it; grabbing focus selects it in its list.
comp = row.queryComponent()
e = comp.getExtents(pyatspi.DESKTOP_COORDS)
mid = (e.x + e.width // 2, e.y + e.height // 2)
check("Contains: its middle is inside it", comp.contains(mid[0], mid[1], pyatspi.DESKTOP_COORDS))
hit = inbox.queryComponent().getAccessibleAtPoint(mid[0], mid[1], pyatspi.DESKTOP_COORDS)
check("GetAccessibleAtPoint: the window finds it there", hit is not None and hit.name == row.name,
      hit.name if hit is not None else None)
check("GrabFocus", comp.grabFocus())
check("then it is focused", wait_for(lambda: pyatspi.STATE_FOCUSED in states(row)),
      sorted(s.value_nick for s in states(row)))
sel = row.parent.querySelection()
check("and selected: the list's selection is it", sel.nSelectedChildren == 1 and
      sel.getSelectedChild(0).name == row.name)

# Events from here on: names and children as they change.
seen = []


def on_change(e):
    try:
        seen.append((e.type, e.source.getRoleName()))
    except Exception:
        pass


pyatspi.Registry.registerEventListener(on_change, "object:children-changed", "object:property-change:accessible-name")

# 3. The default action opens the message in an auxiliary window.
t0 = time.monotonic()
row.queryAction().doAction(action_index(row, "click"))
aux = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_FRAME and a.description == W["auxiliary"]))
check(f'"click" opens an auxiliary window ({(time.monotonic() - t0) * 1000:.0f} ms)', aux is not None)
if aux is not None:
    check(f'its title is "{SUBJECT}"', aux.name == SUBJECT, aux.name)
    body = find(lambda a: a.name == W["text"], aux)
    if check(f'it holds "{W["text"]}" with the Text interface', body is not None and
             "Text" in pyatspi.utils.listInterfaces(body)):
        text = body.queryText()
        whole = text.getText(0, -1)
        check("its text is the message's", text.characterCount == len(whole) > 20, (text.characterCount, whole[:60]))
    names = [aux.queryAction().getName(i) for i in range(aux.queryAction().nActions)]
    check('the window has a "close" action', "close" in names, names)
check("the application's children changed, and the event said so",
      wait_for(lambda: any(t.startswith("object:children-changed:add") and r == "application" for t, r in seen)),
      seen[:10])
# The message is read now: its name changes, and a tool that keeps names hears of it.
renamed = wait_for(lambda: W["unread"] not in row.name)
check(f'the row\'s name drops "{W["unread"]}" (property-change:accessible-name)', renamed,
      (row.name, [t for t, _ in seen if "accessible-name" in t][:5]))

# 4. "show menu": the context menu as a menu, its items in order with separators; what is behind it leaves.
row = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_LIST_ITEM and SUBJECT in a.name, inbox))
if check("the row is still there", row is not None):
    row.queryAction().doAction(action_index(row, "show menu"))
    menu = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_MENU and pyatspi.STATE_MODAL in states(a)))
    if check('"show menu" opens a menu', menu is not None):
        rows = wait_for(lambda: menu_rows(menu) if len(menu_rows(menu)) >= len(W["menu"]) else None) or menu_rows(menu)
        check("its items, in order, with separators between groups", rows == W["menu"], rows)
        check("it is the only child of the application while open", mail.childCount == 1 and mail[0].getRole() ==
              pyatspi.ROLE_MENU, [c.getRoleName() for c in mail])
        preview = [c for c in menu if c.getRole() == pyatspi.ROLE_PUSH_BUTTON]
        check("its preview is the message", len(preview) == 1 and SUBJECT in preview[0].name,
              [c.name for c in preview])
        # A submenu is a menu in the menu: "click" opens it in place, its items replace the menu's.
        move = [c for c in menu if c.getRole() == pyatspi.ROLE_MENU and c.name == W["menu"][6]]
        if check(f'"{W["menu"][6]}" is a submenu', len(move) == 1):
            move[0].queryAction().doAction(0)

            # The open menu is looked up again at each try, as a screen reader that heard the
            # children change would: what is asserted is what the bus shows now, not one proxy's cache.
            def open_menu():
                return find(lambda a: a.getRole() == pyatspi.ROLE_MENU and pyatspi.STATE_MODAL in states(a))

            def submenu():
                shown = open_menu()
                if shown is None:
                    return None
                items = [c.name for c in shown if c.getRole() == pyatspi.ROLE_MENU_ITEM]
                heads = [c.name for c in shown if c.getRole() == pyatspi.ROLE_HEADING]
                return items if W["menu"][0] not in items and len(items) >= 3 and W["menu"][6] in heads else None

            items = wait_for(submenu)
            shown = open_menu()
            check("clicking it shows its items (the mailboxes), under its title", items is not None,
                  {"open menu": None if shown is None else [(c.getRoleName(), c.name) for c in shown],
                   "first menu": [(c.getRoleName(), c.name) for c in menu],
                   "application": [c.getRoleName() for c in mail]})
        def menu_closed():
            frame = find(lambda a: a.getRole() == pyatspi.ROLE_FRAME and a.name == W["inbox"])
            menu_open = find(lambda a: a.getRole() == pyatspi.ROLE_MENU and pyatspi.STATE_MODAL in states(a))
            return frame is not None and menu_open is None

        # Known: with Mail in its own process, under load, the first key after the X window gets the
        # focus is now and then not heard (1 run in 3 on a 2-core machine running builds beside it);
        # the press is made once more then, and the line says so.
        key("Escape")
        presses = 1
        back = wait_for(menu_closed, timeout=5)
        if not back:
            key("Escape")
            presses = 2
            back = wait_for(menu_closed)
        check("Esc closes it, and the windows come back" + (" (Esc pressed twice)" if presses == 2 else ""),
              back is not None)

pyatspi.Registry.deregisterEventListener(on_change, "object:children-changed",
                                         "object:property-change:accessible-name")

# 5. Focus events while Tab moves.
if opts.full:
    events = []

    def on_event(e):
        try:
            if e.type.startswith("object:state-changed:focused") and e.detail1 != 1:
                return
            events.append((e.type, e.source.getRoleName(), e.source.name))
        except Exception:
            pass

    pyatspi.Registry.registerEventListener(on_event, "object:state-changed:focused", "focus:")
    for _ in range(4):
        key("Tab")
        pump(0.3)
    wait_for(lambda: len({(r, n) for _, r, n in events}) >= 3, timeout=5)
    pyatspi.Registry.deregisterEventListener(on_event, "object:state-changed:focused", "focus:")
    moved = {(r, n) for _, r, n in events}
    check(f"Tab moves focus, and each move is an event ({len(events)} events, {len(moved)} elements)",
          len(moved) >= 3, events)
    check("focus events name what has focus", all(n or r in ("list", "frame") for r, n in moved), moved)
    pump(0.5)
    if aux is not None:
        aux = find(lambda a: a.getRole() == pyatspi.ROLE_FRAME and a.description == W["auxiliary"])
        if aux is not None:
            aux.queryAction().doAction(action_index(aux, "close"))
            gone = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_FRAME and
                                         a.description == W["auxiliary"]) is None)
            check('"close" closes the auxiliary window', gone)
    # The switcher is the shell's; the windows behind it leave the app's tree while it is open.
    key("ctrl+Up")
    cell = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_PUSH_BUTTON and a.name.endswith(W["inbox"]) and
                                 a.parent.name == "App Switcher", chrome[0]))
    check('Ctrl+Up: the switcher shows "Mail — Inbox" as a push button of "Slate"', cell is not None,
          [(a.getRoleName(), a.name) for a in walk(chrome[0])])
    check("and Mail's windows behind it leave the tree", wait_for(lambda: mail.childCount == 0),
          [c.name for c in mail])
    key("Escape")
    check("Esc: they come back", wait_for(lambda: mail.childCount >= 1))
    # The Home screen is the shell's: its icons are push buttons in the application "Slate".
    key("ctrl+h")
    icon = wait_for(lambda: find(lambda a: a.getRole() == pyatspi.ROLE_PUSH_BUTTON and a.name == W["app"] and
                                 a.parent.name == "Home Screen", chrome[0]))
    check(f'Ctrl+H: the Home screen\'s icon "{W["app"]}" is a push button of "Slate"', icon is not None,
          [(a.getRoleName(), a.name) for a in walk(chrome[0])])

# 6. Malformed calls, straight on the bus: each gets a D-Bus error, and Slate goes on answering.
if opts.full:
    session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 3000, None).unpack()[0]
    bus = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    name = mail.app.bus_name
    bad = [
        ("/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible", "GetChildAtIndex",
         GLib.Variant("(s)", ("zero",)), "InvalidArgs"),
        ("/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible", "GetChildAtIndex", None, "InvalidArgs"),
        ("/org/a11y/atspi/accessible/987654", "org.a11y.atspi.Accessible", "GetRole", None, "UnknownObject"),
        ("/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible", "Explode", None, "UnknownMethod"),
        ("/org/a11y/atspi/accessible/root", "org.freedesktop.DBus.Properties", "Get",
         GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Nonsense")), "UnknownProperty"),
    ]
    for path, iface, method, params, want in bad:
        try:
            bus.call_sync(name, path, iface, method, params, None, Gio.DBusCallFlags.NONE, 3000, None)
            check(f"{method} {params} on {path}: an error", False, "a reply")
        except GLib.Error as e:
            remote = Gio.DBusError.get_remote_error(e) or ""
            check(f"{iface.split('.')[-1]}.{method}{'' if params is None else params}: {remote.split('.')[-1]}",
                  remote.endswith(want), remote)
    check("Slate still answers", app() is not None and chrome[0].childCount >= 1)

print(f"a11y walk ({opts.locale}): {passed} passed, {failed} failed, {time.monotonic() - started:.1f} s")
sys.exit(1 if failed else 0)
