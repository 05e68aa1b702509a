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

# Installs the binary, the man page and the completion scripts (made by the
# installed binary, so that they list its commands).
install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/imgsel" $(DESTDIR)$(PREFIX)/bin/imgsel
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 0644 man/imgsel.1 $(DESTDIR)$(PREFIX)/share/man/man1/imgsel.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(DESTDIR)$(PREFIX)/bin/imgsel completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/imgsel
	$(DESTDIR)$(PREFIX)/bin/imgsel completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_imgsel
	$(DESTDIR)$(PREFIX)/bin/imgsel completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/imgsel.fish
	chmod 0644 $(DESTDIR)$(PREFIX)/share/bash-completion/completions/imgsel $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_imgsel $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/imgsel.fish

clean:
	rm -rf .build
