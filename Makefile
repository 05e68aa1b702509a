# The targets people reach for. Swift builds are serialised through one lock
# file so that parallel make invocations never run two compilers at once.
PREFIX ?= /usr/local
SWIFT ?= swift
BUILD_LOCK ?= /tmp/imgsel-swift-build.lock
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
RELEASE_FLAGS = -c release --static-swift-stdlib

.PHONY: build release test install clean

build:
	flock $(BUILD_LOCK) $(SWIFT) build $(SWIFT_FLAGS)

release:
	flock $(BUILD_LOCK) $(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)

# Unit tests of the library and end-to-end tests that spawn the built binary.
test:
	flock $(BUILD_LOCK) $(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --disable-swift-testing

# Many processes at once, SIGKILLs, full and read-only disks (mounts a tmpfs: run as root).
.PHONY: stress
stress:
	python3 Tests/stress/stress.py

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/imgsel" $(DESTDIR)$(PREFIX)/bin/imgsel

clean:
	rm -rf .build
