# Slate — two commands: `make run` and `make test`. Both do all set-up first.
SWIFT ?= swift
SLATE_RELEASE := .build/release/slate
SLATE_DEBUG := .build/debug/slate

.PHONY: setup build release run test unit scripts guidelines cli e2e format lint bench docs clean fuzz asan tsan

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

test: setup lint unit scripts guidelines cli e2e

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

unit:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

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

# libFuzzer targets, kept out of make test: FUZZ_SECONDS (60) each; crashes go to Fuzz/Crashes/.
fuzz: setup
	scripts/fuzz.sh

# The unit tests under AddressSanitizer and ThreadSanitizer (their own build folders).
asan: setup
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp $(SWIFT) test --sanitize=address --build-path .build/asan

tsan: setup
	$(SWIFT) test --sanitize=thread --build-path .build/tsan

format:
	$(SWIFT) format format --in-place --recursive Sources Tests Package.swift

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
