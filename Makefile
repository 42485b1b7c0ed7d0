# Slate — two commands: `make run` and `make test`. Both do all set-up first.
SWIFT ?= swift
SLATE_RELEASE := .build/release/slate
SLATE_DEBUG := .build/debug/slate

.PHONY: setup build build-tests release run test unit scripts guidelines cli e2e examples a11y compositor wlcs machine format lint bench docs clean fuzz asan tsan

setup:
	@scripts/setup.sh

# BUILT=1: the build was made already (make test's lanes: a build in one would wait out the other's
# `swift test`, which holds SwiftPM's lock for its whole run).
build: setup
ifndef BUILT
	$(SWIFT) build
endif

release: setup
	$(SWIFT) build -c release --product slate

# Opens Slate in a window; with no display it says so and takes the tour headless instead.
run: release
	@$(SLATE_RELEASE) run; rc=$$?; \
	if [ $$rc -eq 2 ]; then \
		$(SLATE_RELEASE) tour --out out/tour && echo "No display: Slate took its tour headless; open out/tour/index.html"; \
	else exit $$rc; fi

# The product is built, then the stages run in two lanes at once (scripts/test-lanes.sh): the
# virtual machine's with the headless scripts and command-line checks, beside the lint, the tests'
# build, the Swift tests, the compositor's real programs and wlcs.
test: setup
	$(SWIFT) build
	@MAKE="$(MAKE)" scripts/test-lanes.sh

# The tests' build (make test's lane runs it beside the virtual machine's cases).
build-tests: setup
	$(SWIFT) build --build-tests

FORMATTED := Sources Tests Package.swift Examples/Sources Examples/Package.swift

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

# The monkey holds the main actor for its whole run, and the compositor's tests wait on real client
# programs: each goes on its own (`make compositor` runs the latter), so neither starves the other.
unit:
ifndef BUILT
	$(SWIFT) build --build-tests
endif
	$(SWIFT) test --skip-build --skip MonkeyTests --skip CompositorTests
	$(SWIFT) test --skip-build --filter MonkeyTests

scripts: build
	$(SLATE_DEBUG) script Tests/scripts/*.slate --out .build/script-out
	$(SLATE_DEBUG) tour --out .build/tour

# The guideline checker over every demo app, and over the example menu file.
guidelines: build
	$(SLATE_DEBUG) lint
	$(SLATE_DEBUG) lint Settings
	$(SLATE_DEBUG) lint --menu Documentation/menus/mail-message.json

# The command line on hostile input (a missing Maildir, huge numbers, sloppy menu files, leftovers).
cli: build
	SLATE=$(SLATE_DEBUG) Tests/e2e/cli.sh

e2e: build
	SLATE=$(SLATE_DEBUG) Tests/e2e/window.sh
	SLATE=$(SLATE_DEBUG) timeout 120 Tests/e2e/processes.sh
	SLATE=$(SLATE_DEBUG) timeout 60 Tests/e2e/settings-portal.sh

# The example package: an app in its own package on Slate's products, through the public entry point.
EXAMPLE := Examples/.build/debug/recipes
examples: setup
	# SwiftPM plans a package's build once and misses files added to or removed from a local
	# dependency (Slate, at ".."): the plan goes, so that it is made again from the sources.
	rm -f Examples/.build/debug.yaml
	$(SWIFT) build --package-path Examples
	$(EXAMPLE) render --out .build/examples/recipes.png --scale 1
	$(EXAMPLE) script Examples/Tests/scripts/*.slate --out .build/examples/script-out
	$(EXAMPLE) lint Recipes
	RECIPES=$(EXAMPLE) Tests/e2e/example-run.sh

# Screen readers: pyatspi walks and drives `slate run` on the AT-SPI bus, under Xvfb.
a11y: build
	SLATE=$(SLATE_DEBUG) Tests/a11y/atspi.sh

# The shell as a Wayland compositor with real clients (weston's, GTK 4, foot, Firefox, mpv, Qt Quick,
# and test clients for every pixel format, a subsurface tree and each protocol), headless: its Swift
# tests (one at a time: each drives the shell on the main actor, and a test waiting its turn would
# spend its time limit), the command line writing a screen with a client beside Mail, and scripts dragging foot
# from the Dock beside Mail (W2a); then Slate's Mail as a process of its own, killed and opened again;
# then the Home screen with 150 programs installed.
compositor: build
ifndef BUILT
	$(SWIFT) build --build-tests
endif
	timeout 720 $(SWIFT) test --skip-build --no-parallel --filter CompositorTests
	timeout 60 $(SLATE_DEBUG) render --backend headless --open weston-simple-shm --split --scale 1 \
		--out .build/compositor-render.png
	mkdir -p .build/compositor-config/slate && echo foot > .build/compositor-config/slate/dock
	XDG_CONFIG_HOME=$(CURDIR)/.build/compositor-config \
	XDG_DATA_DIRS=$(CURDIR)/Tests/compositor-scripts/data:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share} timeout 120 $(SLATE_DEBUG) script --backend headless \
		Tests/compositor-scripts/*.slate --out .build/compositor-script-out >.build/compositor-script.log 2>&1 \
		|| { cat .build/compositor-script.log; exit 1; }
	@grep '^scripts:' .build/compositor-script.log
	timeout 180 $(SLATE_DEBUG) script --backend headless --processes Tests/process-scripts/*.slate \
		--out .build/process-script-out
	# The Home screen with 150 programs installed (and no others): its pages, in both languages.
	rm -rf .build/home-data && Tests/home-scripts/programs.sh .build/home-data 150
	XDG_DATA_HOME=$(CURDIR)/.build/home-data XDG_DATA_DIRS=$(CURDIR)/.build/home-data timeout 120 \
		$(SLATE_DEBUG) script --backend headless Tests/home-scripts/*.slate --out .build/home-script-out

# The Wayland conformance suite (Debian's wlcs): Slate's integration module (C, built here with the
# system's compiler, not SwiftPM) starts `slate run --backend headless` in its test mode for each test;
# Tests/wlcs/run.py runs the suite's plain runner in shards and judges it by
# Tests/wlcs/expected-failures.txt. Its last line: `wlcs: N passed, N failed, N skipped (and N expected
# failures)`.
WLCS_MODULE := .build/wlcs/slate-wlcs.so
WLCS_CC ?= gcc
$(WLCS_MODULE): Tests/wlcs/integration.c
	@mkdir -p $(dir $@)
	$(WLCS_CC) -std=gnu11 -O2 -Wall -Wextra -Werror -shared -fPIC $$(pkg-config --cflags wlcs wayland-client) \
		$< -o $@ $$(pkg-config --libs wayland-client)

wlcs: build $(WLCS_MODULE)
	SLATE=$(CURDIR)/$(SLATE_DEBUG) timeout 900 Tests/wlcs/run.py --module $(WLCS_MODULE) --log .build/wlcs

# `slate session` on a real kernel (Debian's, in QEMU: KVM where it works, TCG otherwise), its
# screen a virtio-gpu KMS card, its seat seatd's, its touchscreen, pen, keyboard and mouse made with
# uinput: two panels (1366 × 1024, and 800 × 1280 portrait), each read with QMP's screendump and
# compared with Tests/machine/references (SLATE_RECORD_REFERENCES=1 records them anew: look at them);
# and a disk of Debian 12 where a person logs in at greetd's login screen (2732 × 2048).
# Its last line: `machine: N passed, N failed`.
machine: build
	timeout 1500 Tests/machine/run.py --slate $(SLATE_DEBUG) --out .build/machine

# The login machine's cases with Slate's Debian package (`make deb`: the release build, about ten
# minutes on two cores, which is why make test installs the checkout's debug build instead)
# installed in it by dpkg, its session entry read for greetd's command.
machine-package: deb
	timeout 900 Tests/machine/run.py --package $$(ls $(DEB_OUT)/slate_*.deb) --out .build/machine-package

# libFuzzer targets, kept out of make test: FUZZ_SECONDS (60) each; crashes go to Fuzz/Crashes/.
fuzz: setup
	scripts/fuzz.sh

# The tests under AddressSanitizer and ThreadSanitizer (their own build folders), in the same three
# runs as unit and compositor; a report from any process, the app processes the compositor's tests
# start included, fails it (scripts/lsan.supp and scripts/tsan.supp name what is not ours).
asan: setup
	SWIFT=$(SWIFT) scripts/sanitizer-tests.sh address

tsan: setup
	SWIFT=$(SWIFT) scripts/sanitizer-tests.sh thread

format:
	$(SWIFT) format format --in-place --recursive $(FORMATTED)

bench: release
	$(SLATE_RELEASE) bench

docs: setup
	$(SWIFT) build --target slate -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs
	rm -rf .build/docs && mkdir -p .build/docs
	docc convert Documentation.docc --additional-symbol-graph-dir .build/symbol-graphs \
		--fallback-display-name Slate --fallback-bundle-identifier org.slate.Slate --fallback-bundle-version 1.0 \
		--output-path .build/docs
	@echo "documentation: .build/docs"

clean:
	rm -rf .build out

# Slate on a machine: `make install` (PREFIX, default /usr/local; DESTDIR for packagers) puts down
# the files Packaging/install-manifest.txt lists and no others, `make uninstall` removes them; `make
# deb` builds the Debian package (.build/deb) with debhelper, `make package` builds it, installs it
# with dpkg, runs it from /usr/bin, purges it and runs lintian (kept out of make test for its cost).
# The installed program is a release build of its own (.build/install) with the Swift runtime linked
# in and no $ORIGIN runpath, so that it runs where no Swift toolchain is.
.PHONY: install-build install uninstall install-test deb package machine-package
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
# PAM reads its service files from /etc/pam.d whatever the prefix; xdg-desktop-portal (Debian 12's
# 1.16, and later ones) its backends from the one folder compiled in, /usr/share's, alone.
PAMDIR ?= /etc/pam.d
PORTALDIR ?= /usr/share/xdg-desktop-portal/portals
INSTALL_MANIFEST := Packaging/install-manifest.txt
SLATE_INSTALLED_BUILD ?= .build/install/release/slate
# What install builds first; make test installs its debug build instead (INSTALL_BUILD=build
# SLATE_INSTALLED_BUILD=.build/debug/slate), and make package the real one.
INSTALL_BUILD ?= install-build

# Linked with its relocations read-only from the start (-z now), as Debian hardens its programs.
install-build:
	$(SWIFT) build -c release --product slate --scratch-path .build/install --static-swift-stdlib --disable-local-rpath \
		-Xlinker -z -Xlinker now

install: $(INSTALL_BUILD)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/wayland-sessions $(DESTDIR)$(DATADIR)/xdg-desktop-portal \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(PAMDIR) $(DESTDIR)$(PORTALDIR)
	install -m 755 $(SLATE_INSTALLED_BUILD) $(DESTDIR)$(BINDIR)/slate
	install -m 644 Packaging/slate.pam $(DESTDIR)$(PAMDIR)/slate
	install -m 755 Packaging/slate-session $(DESTDIR)$(BINDIR)/slate-session
	$(SLATE_INSTALLED_BUILD) install --data-dir $(DESTDIR)$(DATADIR) --exec $(BINDIR)/slate >/dev/null
	sed 's|@BINDIR@|$(BINDIR)|g' Packaging/slate.desktop.in >$(DESTDIR)$(DATADIR)/wayland-sessions/slate.desktop
	install -m 644 Packaging/slate-portals.conf $(DESTDIR)$(DATADIR)/xdg-desktop-portal/slate-portals.conf
	install -m 644 Packaging/slate.portal $(DESTDIR)$(PORTALDIR)/slate.portal
	$(SLATE_INSTALLED_BUILD) help --man >$(DESTDIR)$(MANDIR)/man1/slate.1
	ln -sf slate.1 $(DESTDIR)$(MANDIR)/man1/slate-session.1
	$(SLATE_INSTALLED_BUILD) help --completion bash >$(DESTDIR)$(BASHCOMPDIR)/slate
	$(SLATE_INSTALLED_BUILD) help --completion zsh >$(DESTDIR)$(ZSHCOMPDIR)/_slate
	@# What the program wrote takes the usual modes (an atomic write leaves a file for its owner alone).
	chmod 644 $(DESTDIR)$(DATADIR)/wayland-sessions/slate.desktop $(DESTDIR)$(MANDIR)/man1/slate.1 \
		$(DESTDIR)$(BASHCOMPDIR)/slate $(DESTDIR)$(ZSHCOMPDIR)/_slate
	$(installed_files) | grep -e '/applications/' -e '/icons/' | sed 's|^|$(DESTDIR)|' | xargs chmod 644

# The manifest's paths, each directory word (BINDIR…) replaced by where this install puts it.
installed_files = sed -e '/^\#/d' -e 's|^BINDIR/|$(BINDIR)/|' -e 's|^DATADIR/|$(DATADIR)/|' -e 's|^MANDIR/|$(MANDIR)/|' \
	-e 's|^BASHCOMPDIR/|$(BASHCOMPDIR)/|' -e 's|^ZSHCOMPDIR/|$(ZSHCOMPDIR)/|' -e 's|^PAMDIR/|$(PAMDIR)/|' \
	-e 's|^PORTALDIR/|$(PORTALDIR)/|' $(INSTALL_MANIFEST)

# Removes exactly the files install put down (the directories stay: others' files may share them).
uninstall:
	$(installed_files) | sed 's|^|$(DESTDIR)|' | xargs rm -f

# In make test: install (the debug build, to spare a release build) into a scratch folder against
# the manifest; help and the manual page; the session entry and portal file; the completions;
# slate-session starting Slate headless on a D-Bus session of its own.
install-test: build
	Tests/install/install.sh INSTALL_BUILD=build SLATE_INSTALLED_BUILD=$(SLATE_DEBUG)

DEB_OUT := .build/deb

deb: setup
	rm -rf $(DEB_OUT) && mkdir -p $(DEB_OUT)
	DEB_OUT=$(CURDIR)/$(DEB_OUT) dpkg-buildpackage -b -us -uc \
		--buildinfo-file=$(DEB_OUT)/slate.buildinfo --buildinfo-option=-u$(DEB_OUT) \
		--changes-file=$(DEB_OUT)/slate.changes --changes-option=-u$(DEB_OUT)
	@ls -l $(DEB_OUT)/*.deb

package: deb
	Tests/install/package.sh $(DEB_OUT)
