# forcetouch — build, test, benchmark, install.
SWIFT ?= swift
PREFIX ?= /usr/local
CONFIGURATION ?= release
DEMO ?= demo/touchscreen-gestures.evemu

.PHONY: all build deps test unit-test vm-test bench demo install clean

all: build

# Debian packages the build needs (Swift itself is already on the machine).
deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIGURATION)

# The whole suite: unit tests on this machine, then the integration tests in a QEMU guest.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	@if [ -x vm/run-tests.sh ]; then ./vm/run-tests.sh; fi

unit-test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product forcetouch-bench
	.build/release/forcetouch-bench 30

demo: build
	.build/$(CONFIGURATION)/forcetest replay $(DEMO)

clean:
	rm -rf .build
