# StampKit set-up and everyday tasks.
#   make run    install what is missing, fetch the pinned open data, build the gazetteer and a
#               release binary, then scan every sample stamp
#   make test   run the test suite
#   make bench  print scan timings for the samples
SHELL := /bin/bash
.DEFAULT_GOAL := run

# Tesseract's OpenMP pool oversubscribes small machines; the binary sets this for itself, but
# `swift test` runs Tesseract in-process and needs it from here.
export OMP_THREAD_LIMIT := 1

APT_PACKAGES := pkg-config libtesseract-dev libleptonica-dev libsqlite3-dev libheif-dev tesseract-ocr \
                tesseract-ocr-eng tesseract-ocr-script-latn python3 python3-pip ca-certificates tmux
DATA_DIR     ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/stampkit
GAZETTEER    ?= $(DATA_DIR)/gazetteer.sqlite
SOURCES      ?= build/sources
BIN          := .build/release/stampkit
SAMPLES      := $(sort $(wildcard Samples/stamps/*.jpg Samples/stamps/*.png))

.PHONY: run deps release gazetteer test bench clean

run: deps gazetteer
	$(BIN) scan $(SAMPLES)

## Installs the Debian packages that are missing (as root), or names the exact command.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ]; then \
	        echo "Installing:" $$missing >&2; \
	        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >&2; \
	    else \
	        echo "Missing Debian packages. Run: sudo apt-get install -y $$(echo $$missing)" >&2; exit 1; \
	    fi; \
	fi
	@command -v swift >/dev/null || { echo "No Swift toolchain on PATH: install Swift 6 (swift.org) and try again." >&2; exit 1; }

# The import check makes SwiftPM refuse a stage that imports a target it does not declare.
SWIFT_BUILD_FLAGS := --explicit-target-dependency-import-check error

release: deps
	swift build -c release --product stampkit $(SWIFT_BUILD_FLAGS)

$(SOURCES)/.verified: sources.lock scripts/fetch-sources.sh
	scripts/fetch-sources.sh $(SOURCES)
	touch $@

# Rebuilt when its inputs, its word lists or the importer change (a new schema needs a new file).
$(GAZETTEER): $(SOURCES)/.verified $(wildcard Lexicons/*.txt) $(wildcard Sources/StampKitGazetteer/*.swift) | release
	mkdir -p $(dir $@)
	$(BIN) gazetteer build --sources $(SOURCES) --lexicons Lexicons --output $@

gazetteer: release $(GAZETTEER)

test: deps
	swift test $(SWIFT_BUILD_FLAGS)

bench: release
	$(BIN) bench scan $(SAMPLES)

clean:
	rm -rf .build build
