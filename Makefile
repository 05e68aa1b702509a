# The targets people reach for. Swift builds are serialised through one lock
# file so that parallel make invocations never run two compilers at once.
PREFIX ?= /usr/local
SWIFT ?= swift
BUILD_LOCK ?= /tmp/imgsel-swift-build.lock
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
# Fully static (Swift runtime and C library): no dynamic loader at start-up,
# which is most of the cost of a call that does little.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable

.PHONY: build release test install clean

build:
	flock $(BUILD_LOCK) $(SWIFT) build $(SWIFT_FLAGS)

release:
	flock $(BUILD_LOCK) $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)

# Unit tests of the library and end-to-end tests that spawn the built binary.
test:
	flock $(BUILD_LOCK) $(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/imgsel" $(DESTDIR)$(PREFIX)/bin/imgsel

# imgsel against the tools a shell script would use instead; measures, never fails on speed.
.PHONY: bench
bench: release
	python3 bench/bench.py --bin "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/imgsel"

clean:
	rm -rf .build
