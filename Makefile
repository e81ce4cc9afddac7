# StampKit set-up and everyday tasks.
#   make run    install what is missing, fetch the pinned open data, build the gazetteer and a
#               release binary, then scan every sample stamp
#   make test   run the test suite
#   make install  the binary to $(PREFIX)/bin (default ~/.local/bin), the zone model and the
#               gazetteer to the data folder ($XDG_DATA_HOME/stampkit, default ~/.local/share/stampkit)
#   make bench  print scan timings for the samples
SHELL := /bin/bash
.DEFAULT_GOAL := run

# Tesseract's OpenMP pool oversubscribes small machines; the binary sets this for itself, but
# `swift test` runs Tesseract in-process and needs it from here.
export OMP_THREAD_LIMIT := 1

APT_PACKAGES := pkg-config libtesseract-dev libleptonica-dev libsqlite3-dev libheif-dev tesseract-ocr \
                tesseract-ocr-eng tesseract-ocr-script-latn python3 python3-pip ca-certificates tmux chromium
DATA_DIR     ?= $(or $(XDG_DATA_HOME),$(HOME)/.local/share)/stampkit
GAZETTEER    ?= $(DATA_DIR)/gazetteer.sqlite
SOURCES      ?= build/sources
BIN          := .build/release/stampkit
SAMPLES      := $(sort $(wildcard Samples/stamps/*.jpg Samples/stamps/*.png))
PREFIX       ?= $(HOME)/.local
# StampKit's zone model: committed with its SHA-256, installed where the binary looks for it.
MRZ_MODEL    ?= scripts/mrz/mrz.traineddata
MRZ_MODEL_INSTALLED := $(DATA_DIR)/mrz.traineddata

.PHONY: run deps release gazetteer test bench clean model model-check install

run: deps gazetteer model
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

release: deps model-check
	swift build -c release --product stampkit $(SWIFT_BUILD_FLAGS)

$(SOURCES)/.verified: sources.lock scripts/fetch-sources.sh
	scripts/fetch-sources.sh $(SOURCES)
	touch $@

# Rebuilt when its inputs, its word lists or the importer change (a new schema needs a new file).
$(GAZETTEER): $(SOURCES)/.verified $(wildcard Lexicons/*.txt) $(wildcard Sources/StampKitGazetteer/*.swift) | release
	mkdir -p $(dir $@)
	$(BIN) gazetteer build --sources $(SOURCES) --lexicons Lexicons --output $@

gazetteer: release $(GAZETTEER)

test: deps model-check
	swift test $(SWIFT_BUILD_FLAGS)

bench: release
	$(BIN) bench scan $(SAMPLES)

## Stops when the committed zone model is not the one its checksum names (a truncated copy, a
## Git LFS pointer, a retrained model not yet recorded): zones would silently read worse.
model-check:
	@expected=$$(cut -d' ' -f1 $(MRZ_MODEL).sha256 2>/dev/null); \
	actual=$$(sha256sum $(MRZ_MODEL) 2>/dev/null | cut -d' ' -f1); \
	if [ -z "$$expected" ] || [ "$$expected" != "$$actual" ]; then \
	    echo "$(MRZ_MODEL) does not match its checksum ($(MRZ_MODEL).sha256): restore it with" \
	         "'git checkout -- $(MRZ_MODEL)', or record a model retrained on purpose with" \
	         "'cd $(dir $(MRZ_MODEL)) && sha256sum $(notdir $(MRZ_MODEL)) > $(notdir $(MRZ_MODEL)).sha256'" >&2; \
	    exit 1; \
	fi

## The zone model where `stampkit mrz` looks for it (the data folder), copied once verified.
$(MRZ_MODEL_INSTALLED): $(MRZ_MODEL) $(MRZ_MODEL).sha256 | model-check
	install -D -m 0644 $(MRZ_MODEL) $@

model: model-check $(MRZ_MODEL_INSTALLED)

## The binary to $(PREFIX)/bin; the zone model and the gazetteer to the data folder.
install: release gazetteer model
	install -D -m 0755 $(BIN) $(PREFIX)/bin/stampkit
	@echo "installed $(PREFIX)/bin/stampkit; zone model and gazetteer in $(DATA_DIR)" >&2
	@case ":$$PATH:" in *":$(PREFIX)/bin:"*) ;; *) echo "add $(PREFIX)/bin to PATH to type stampkit" >&2;; esac

clean:
	rm -rf .build build
