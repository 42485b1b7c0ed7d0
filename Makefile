# Slate — two commands: `make run` and `make test`. Both do all set-up first.
SWIFT ?= swift
SLATE_RELEASE := .build/release/slate
SLATE_DEBUG := .build/debug/slate

.PHONY: setup build release run test unit scripts guidelines cli e2e examples a11y compositor format lint bench docs clean fuzz asan tsan

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product slate

# Opens Slate in a window; with no display it says so and takes the tour headless instead.
run: release
	@$(SLATE_RELEASE) run; rc=$$?; \
	if [ $$rc -eq 2 ]; then \
		$(SLATE_RELEASE) tour --out out/tour && echo "No display: Slate took its tour headless; open out/tour/index.html"; \
	else exit $$rc; fi

test: setup lint unit scripts guidelines cli e2e examples a11y compositor

FORMATTED := Sources Tests Package.swift Examples/Sources Examples/Package.swift

lint:
	$(SWIFT) format lint --strict --recursive $(FORMATTED)

# The monkey holds the main actor for its whole run, and the compositor's tests wait on real client
# programs: each goes on its own (`make compositor` runs the latter), so neither starves the other.
unit:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip MonkeyTests --skip CompositorTests
	$(SWIFT) test --skip-build --filter MonkeyTests

scripts: build
	$(SLATE_DEBUG) script Tests/scripts/*.slate --out .build/script-out
	$(SLATE_DEBUG) tour --out .build/tour

# The guideline checker over every demo app, and over the example menu file.
guidelines: build
	$(SLATE_DEBUG) lint
	$(SLATE_DEBUG) lint --menu Documentation/menus/mail-message.json

# The command line on hostile input (a missing Maildir, huge numbers, sloppy menu files, leftovers).
cli: build
	SLATE=$(SLATE_DEBUG) Tests/e2e/cli.sh

e2e: build
	SLATE=$(SLATE_DEBUG) Tests/e2e/window.sh
	SLATE=$(SLATE_DEBUG) timeout 120 Tests/e2e/processes.sh

# The example package: an app in its own package on Slate's products, through the public entry point.
EXAMPLE := Examples/.build/debug/recipes
examples: setup
	$(SWIFT) build --package-path Examples
	$(EXAMPLE) render --out .build/examples/recipes.png --scale 1
	$(EXAMPLE) script Examples/Tests/scripts/*.slate --out .build/examples/script-out
	$(EXAMPLE) lint Recipes
	RECIPES=$(EXAMPLE) Tests/e2e/example-run.sh

# Screen readers: pyatspi walks and drives `slate run` on the AT-SPI bus, under Xvfb.
a11y: build
	SLATE=$(SLATE_DEBUG) Tests/a11y/atspi.sh

# The shell as a Wayland compositor with real clients (weston's, GTK 4, foot, Firefox, mpv, Qt Quick,
# and test clients for every pixel format and a subsurface tree), headless: its
# Swift tests, the command line writing a screen with a client beside Mail, and scripts dragging foot
# from the Dock beside Mail (W2a); then Slate's Mail as a process of its own, killed and opened again.
compositor: build
	$(SWIFT) build --build-tests
	timeout 300 $(SWIFT) test --skip-build --filter CompositorTests
	timeout 60 $(SLATE_DEBUG) render --backend headless --open weston-simple-shm --split --scale 1 \
		--out .build/compositor-render.png
	mkdir -p .build/compositor-config/slate && echo foot > .build/compositor-config/slate/dock
	XDG_CONFIG_HOME=$(CURDIR)/.build/compositor-config \
	XDG_DATA_DIRS=$(CURDIR)/Tests/compositor-scripts/data:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share} timeout 120 $(SLATE_DEBUG) script --backend headless \
		Tests/compositor-scripts/*.slate --out .build/compositor-script-out >.build/compositor-script.log 2>&1 \
		|| { cat .build/compositor-script.log; exit 1; }
	@grep '^scripts:' .build/compositor-script.log
	timeout 120 $(SLATE_DEBUG) script --backend headless --processes Tests/process-scripts/*.slate \
		--out .build/process-script-out

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
