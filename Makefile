# TermElements: `make run` shows the demo, `make test` builds and runs every test.
SWIFT ?= swift
SWIFT_FLAGS ?=
CONFIG_RELEASE = -c release
# The examples (and their GRDB benchmark and tests) are a package of their own, so that the
# library's package has no dependencies.
EXAMPLES = --package-path Examples

.PHONY: all build run run-postgres test lint format bench fuzz check-deps clean docs layers

all: build

## check-deps: says which Debian package to install when a tool or header is missing.
check-deps:
	@command -v $(SWIFT) >/dev/null 2>&1 || { echo "error: swift not found: install the Swift 6.3 toolchain (https://swift.org/install)" >&2; exit 1; }
	@test -f /usr/include/ncursesw/curses.h || test -f /usr/include/ncurses.h || { echo "error: ncurses headers not found: install the Debian package libncurses-dev (apt-get install libncurses-dev)" >&2; exit 1; }
	@command -v tmux >/dev/null 2>&1 || { echo "error: tmux not found: install the Debian package tmux (apt-get install tmux)" >&2; exit 1; }
	@test -f /usr/include/postgresql/libpq-fe.h || { echo "error: libpq headers not found: install the Debian package libpq-dev (apt-get install libpq-dev)" >&2; exit 1; }
	@Scripts/postgres-server.sh check

build: check-deps
	$(SWIFT) build $(SWIFT_FLAGS)
	$(SWIFT) build $(EXAMPLES) $(SWIFT_FLAGS)

## run: the main demo, data-browser, on its sample database (made on the first run), built
## optimized: a debug build searches and sorts some 15 times slower. RUN_CONFIG=debug (or
## RUN_CONFIG=) runs a debug build instead.
RUN_CONFIG ?= release
RUN_FLAGS = $(if $(RUN_CONFIG),-c $(RUN_CONFIG),) $(SWIFT_FLAGS)

run: check-deps
	@echo "Building data-browser ($(or $(RUN_CONFIG),debug); the first build takes a few minutes)..." >&2
	@$(SWIFT) build $(EXAMPLES) $(RUN_FLAGS) --product data-browser >&2
	@$$($(SWIFT) build $(EXAMPLES) $(RUN_FLAGS) --show-bin-path)/data-browser

## run-postgres: data-browser on a throwaway PostgreSQL server (Scripts/postgres-server.sh) with
## the sample database of Scripts/postgres-sample.sql (a million people, loaded in seconds),
## made in a temporary directory at each run and removed on exit.
run-postgres: check-deps
	@echo "Building data-browser ($(or $(RUN_CONFIG),debug); the first build takes a few minutes)..." >&2
	@$(SWIFT) build $(EXAMPLES) $(RUN_FLAGS) --product data-browser >&2
	@Scripts/run-postgres.sh "$$($(SWIFT) build $(EXAMPLES) $(RUN_FLAGS) --show-bin-path)/data-browser"

## test: formatting, one-way folders, a warning-free build, the documentation with no DocC
## warning, and every test: the library's package, then the examples package (whose end-to-end
## tests run the example executables, built with them). The build writes the symbol graphs the
## documentation is made from, so the library is compiled once, not again for DocC; the examples
## are built in the same folder, so the library they use is the one just built. The tests run in
## a few processes at once (Scripts/test-groups.sh): those on the main actor share one thread
## per process, so the targets with most of them are split in two by their suites' names.
TEST_GRAPHS = $(CURDIR)/.build/symbol-graphs
TEST_FLAGS = $(SWIFT_FLAGS) -Xswiftc -warnings-as-errors -Xswiftc -emit-symbol-graph \
  -Xswiftc -emit-symbol-graph-dir -Xswiftc $(TEST_GRAPHS) \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
TEST_EXAMPLES = $(EXAMPLES) --scratch-path $(CURDIR)/.build
# Two packages in one build folder: SwiftPM must plan each build afresh, else it may take the
# plan it cached for the other package and build nothing.
TEST_BUILD = --disable-build-manifest-caching

test: check-deps lint layers
	@mkdir -p $(TEST_GRAPHS)
	$(SWIFT) build $(TEST_BUILD) --build-tests $(TEST_FLAGS)
	@# The documentation is made while the library's tests run, which leave a core idle for
	@# much of their time; it is done before the examples build writes symbol graphs again.
	@Scripts/docs.sh $(TEST_GRAPHS) & docs=$$!; \
	Scripts/test-groups.sh '^TermElementsTests\.FuzzTests/' '^TermElementsTests\.' \
	  '^TermElementsRecordsTests\.[A-L]' '^TermElementsRecordsTests\.' -- \
	  --disable-xctest $(TEST_FLAGS); tests=$$?; \
	wait $$docs; docs=$$?; \
	[ $$docs -eq 0 ] || echo "make test: the documentation failed (status $$docs)" >&2; \
	[ $$tests -eq 0 ] && [ $$docs -eq 0 ]
	$(SWIFT) build $(TEST_BUILD) $(TEST_EXAMPLES) --build-tests $(TEST_FLAGS)
	Scripts/test-groups.sh '^DataBrowserTests\.SQLite[A-E]' '^DataBrowserTests\.' \
	  '^PostgresBrowserTests\.PostgresBrowsingCaseTests/(items|pairs)' '^PostgresBrowserTests\.' -- \
	  $(TEST_EXAMPLES) --disable-xctest $(TEST_FLAGS)

## docs: the DocC documentation of TermElements and TermElementsCurses, built with the
## toolchain's docc into .build/docs; fails on any DocC warning.
docs: check-deps
	Scripts/docs.sh

## layers: the folders of the library refer to each other one way only: no cycle in the graph
## ../shared/tools/swift_layers.py prints (it ships beside the repository, as CI has it).
LAYERS_TOOL ?= ../shared/tools/swift_layers.py
layers:
	@Scripts/layers.sh $(LAYERS_TOOL)

## fuzz: the randomized tests with a million events each, in a release build: the controller's
## (FuzzTests) and the records browser's over records in memory (RecordsFuzz).
FUZZ_EVENTS ?= 1000000
fuzz: check-deps
	FUZZ_EVENTS=$(FUZZ_EVENTS) $(SWIFT) test --disable-xctest $(CONFIG_RELEASE) $(SWIFT_FLAGS) \
	  -Xswiftc -enable-testing --filter "FuzzTests|RecordsFuzz"

## lint, format: every Swift file of both packages (Examples/ holds the examples package's
## manifest, sources, benchmark and tests).
SWIFT_SOURCES = Package.swift Sources Tests Benchmarks Examples

lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_SOURCES)

format:
	$(SWIFT) format --in-place --recursive $(SWIFT_SOURCES)

## bench: release builds of the C baseline and termelements-bench, then JSON lines of figures on
## stdout and a table on stderr. BENCH_ROWS picks the row counts; BENCH_STEPS="2000 500" the
## one-row and page steps measured; BENCH_ALONE_ROWS the counts for TermElements alone;
## BENCH_VISIT="ROWS STEPS" the run that visits rows one step at a time. The data browser's
## PostgreSQL figures run on a throwaway server loaded with BENCH_POSTGRES_ROWS people
## (Scripts/bench-postgres.sh; about a minute to load 10,000,000); BENCH_POSTGRES=0 skips them.
## See Benchmarks/README.md.
BENCH_DIR ?= .build/bench
BENCH_ROWS ?= 1000 1000000 10000000
BENCH_ALONE_ROWS ?= 1000000000
BENCH_VISIT ?= 10000000 1000000
BENCH_EAGER_ROWS ?= 1000000
BENCH_STEPS ?=
BENCH_CC ?= cc
BENCH_CFLAGS ?= -O2 -Wall -Wextra
BENCH_LDLIBS ?= -lncursesw
BENCH_POSTGRES ?= 1
BENCH_POSTGRES_ROWS ?= 10000000

bench: check-deps
	@mkdir -p $(BENCH_DIR)
	@echo "$(BENCH_CC) $(BENCH_CFLAGS) -o $(BENCH_DIR)/baseline Benchmarks/Baseline/baseline.c $(BENCH_LDLIBS)" >&2
	@$(BENCH_CC) $(BENCH_CFLAGS) -o $(BENCH_DIR)/baseline Benchmarks/Baseline/baseline.c $(BENCH_LDLIBS) >&2
	@echo "$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product termelements-bench" >&2
	@$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product termelements-bench >&2
	@BENCH_STEPS="$(BENCH_STEPS)" BENCH_ALONE_ROWS="$(BENCH_ALONE_ROWS)" \
	  BENCH_VISIT="$(BENCH_VISIT)" Benchmarks/run.sh $(BENCH_DIR)/baseline \
	  "$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/termelements-bench" \
	  $(BENCH_ROWS)
	@echo "bench: an eager table of $(BENCH_EAGER_ROWS) rows (an array of Rows), TermElements alone" >&2
	@env -u LINES -u COLUMNS \
	  "$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/termelements-bench" \
	  $(BENCH_EAGER_ROWS) eager
	@echo "$(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product data-browser-bench" >&2
	@$(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product data-browser-bench >&2
	@"$$($(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/data-browser-bench"
	@if [ "$(BENCH_POSTGRES)" != 0 ]; then \
	  Scripts/bench-postgres.sh \
	    "$$($(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/data-browser-bench" \
	    $(BENCH_POSTGRES_ROWS); \
	else echo "bench: BENCH_POSTGRES=0: no PostgreSQL figures" >&2; fi
	@echo "$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product table-change-bench" >&2
	@$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product table-change-bench >&2
	@"$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/table-change-bench" 100000 1000000
	@echo "$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product records-column-bench" >&2
	@$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product records-column-bench >&2
	@"$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/records-column-bench"
	@$(MAKE) --no-print-directory bench-csv
	@$(MAKE) --no-print-directory bench-terminal

## bench-csv: the CSV source's part of bench, runnable alone: a release build of csv-bench,
## then, on a generated file of each of BENCH_CSV_RECORDS records (made once in the cache
## folder, ~/.cache/termelements; 10,000,000 records is about 1.1 GB), the first page, End, the
## index and :N, a search to a value 3 lines from the end, and, each in a process of its own
## so that its peak RSS is its own, a sort by a text column, the filter city = 'Lima' and the
## counts of each city, and e of every record to CSV. BENCH_CSV_PARTS picks the parts
## (open,search,sort,filter,counts,export).
BENCH_CSV_RECORDS ?= 10000000 1000000
BENCH_CSV_PARTS ?= open,search,sort,filter,counts,export

.PHONY: bench-csv
bench-csv: check-deps
	@echo "$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product csv-bench" >&2
	@$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product csv-bench >&2
	@bench="$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/csv-bench"; \
	for records in $(BENCH_CSV_RECORDS); do \
	  for part in $$(echo "$(BENCH_CSV_PARTS)" | tr , ' '); do \
	    "$$bench" --records $$records --only $$part || exit 1; \
	  done; \
	done

## bench-terminal: data-browser, built optimized, on bench-csv's generated file of
## BENCH_TERMINAL_RECORDS records (csv-bench's open part makes it when missing and prints the
## source's own times first), timed in a pseudo-terminal as a user sees it by
## Benchmarks/terminal-times.py: the first screen, End before the index, and :N after it,
## BENCH_TERMINAL_RUNS runs each, JSON lines on stdout and medians on stderr;
## BENCH_TERMINAL_BASELINE=path/to/another/data-browser runs that build in turn with it.
BENCH_TERMINAL_RECORDS ?= 10000000
BENCH_TERMINAL_RUNS ?= 5

.PHONY: bench-terminal
bench-terminal: check-deps
	@echo "$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product csv-bench" >&2
	@$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product csv-bench >&2
	@"$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/csv-bench" \
	  --records $(BENCH_TERMINAL_RECORDS) --only open
	@echo "$(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product data-browser" >&2
	@$(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product data-browser >&2
	@Benchmarks/terminal-times.py \
	  "$$($(SWIFT) build $(EXAMPLES) $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/data-browser" \
	  "$${XDG_CACHE_HOME:-$$HOME/.cache}/termelements/people-csv-v1-$(BENCH_TERMINAL_RECORDS).csv" \
	  --runs $(BENCH_TERMINAL_RUNS) \
	  $(if $(BENCH_TERMINAL_BASELINE),--baseline "$(BENCH_TERMINAL_BASELINE)",)

## bench-instructions: the same release builds and steps as bench, run under valgrind's
## callgrind to count the instructions of the measured steps only; JSON lines on stdout and a
## table on stderr. BENCH_ROWS picks the row counts; BENCH_INSTRUCTION_STEPS="200 50" the
## one-row and page steps counted. See Benchmarks/README.md.
BENCH_INSTRUCTION_STEPS ?= 200 50

.PHONY: bench-instructions
bench-instructions: check-deps
	@command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind not found: install the Debian package valgrind (apt-get install valgrind)" >&2; exit 1; }
	@mkdir -p $(BENCH_DIR)
	@echo "$(BENCH_CC) $(BENCH_CFLAGS) -o $(BENCH_DIR)/baseline Benchmarks/Baseline/baseline.c $(BENCH_LDLIBS)" >&2
	@$(BENCH_CC) $(BENCH_CFLAGS) -o $(BENCH_DIR)/baseline Benchmarks/Baseline/baseline.c $(BENCH_LDLIBS) >&2
	@echo "$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product termelements-bench" >&2
	@$(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --product termelements-bench >&2
	@BENCH_STEPS="$(BENCH_INSTRUCTION_STEPS)" Benchmarks/instructions.sh $(BENCH_DIR)/baseline \
	  "$$($(SWIFT) build $(CONFIG_RELEASE) $(SWIFT_FLAGS) --show-bin-path)/termelements-bench" \
	  $(BENCH_ROWS)

clean:
	rm -rf .build Examples/.build
