# TermElements: `make run` shows the demo, `make test` builds and runs every test.
SWIFT ?= swift
SWIFT_FLAGS ?=
CONFIG_RELEASE = -c release

.PHONY: all build run test lint format bench check-deps clean

all: build

## check-deps: says which Debian package to install when a tool or header is missing.
check-deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: swift not found: install the Swift 6.3 toolchain (https://swift.org/install)" >&2; exit 1; }
	@test -f /usr/include/ncursesw/curses.h || test -f /usr/include/ncurses.h || { echo "error: ncurses headers not found: install the Debian package libncurses-dev (apt-get install libncurses-dev)" >&2; exit 1; }
	@command -v tmux >/dev/null 2>&1 || { echo "error: tmux not found: install the Debian package tmux (apt-get install tmux)" >&2; exit 1; }

build: check-deps
	$(SWIFT) build $(SWIFT_FLAGS)

## run: the main demo on its embedded sample data.
run: check-deps
	@$(SWIFT) build $(SWIFT_FLAGS) --product list-demo >/dev/null
	@$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/list-demo

## test: formatting, a warning-free build, and every test.
test: check-deps lint
	$(SWIFT) build --build-tests $(SWIFT_FLAGS) -Xswiftc -warnings-as-errors
	$(SWIFT) test $(SWIFT_FLAGS) -Xswiftc -warnings-as-errors

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Examples

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Examples

clean:
	rm -rf .build
