# Chime: `make run` builds and starts the daemon, `make test` runs the whole suite.
# Both check for a Swift 6 toolchain and install the Debian packages they need first
# (scripts/install-deps.sh).

PREFIX ?= $(HOME)/.local
# The toolchain: `swift` on PATH, else the documented place /opt/swift.
SWIFT ?= $(or $(shell command -v swift 2>/dev/null),/opt/swift/usr/bin/swift)
export SWIFT
# Release builds link the Swift runtime and Foundation statically: installed programs need
# nothing from the toolchain (ldd names Debian libraries only).
RELEASE := -c release --static-swift-stdlib
RELEASE_DIR := .build/release
# The one version string, which both programs print (Sources/ChimeCore/ChimeVersion.swift).
VERSION := $(shell sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/ChimeCore/ChimeVersion.swift)
DEB := chime_$(VERSION)_amd64.deb
# systemd reads user units from $XDG_CONFIG_HOME/systemd/user (default ~/.config/systemd/user).
UNIT_DIR ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/systemd/user
MAN_DIR ?= $(PREFIX)/share/man/man1
ZH_MAN_DIR ?= $(PREFIX)/share/man/zh_CN/man1
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d

.PHONY: all deps test-deps build man run test unit-test package-test bench install uninstall deb clean

all: build

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: deps
	$(SWIFT) build $(RELEASE) --product chime
	$(SWIFT) build $(RELEASE) --product chimed
	$(SWIFT) build $(RELEASE) --product chime-manpages

## The manual pages chime(1) and chimed(1), in English and (zh_CN/man1) Chinese, written from the programs' own tables.
man: build
	$(RELEASE_DIR)/chime-manpages .build/man

## Builds Chime and runs chimed in the foreground with the default notifier (libnotify when a
## session bus is reachable, else one JSON line per notification on standard output).
run: build
	@mkdir -p $${XDG_RUNTIME_DIR:-/tmp}
	exec $(RELEASE_DIR)/chimed --foreground

## Runs every test: that the install script provides every program the tests start, the unit
## tests, tests against a real dunst, end-to-end tests of the binaries (those that show
## notifications also against notification-daemon), and the Debian package.
test: test-deps
	scripts/check-test-programs.sh
	$(MAKE) --no-print-directory unit-test
	$(MAKE) --no-print-directory package-test

## The end-to-end suites that show notifications run first against dunst (with everything
## else), then once more against SECOND_SERVER: what differs between servers shows up there.
SECOND_SERVER ?= notification-daemon
SERVER_SUITES := CliDaemonFlowTests|CliBubbleLifecycleTests|DaemonProcessTests|DaemonRestartButtonTests

unit-test:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	NOTIFY_ENV_SERVER=$(SECOND_SERVER) $(SWIFT) test --skip-build --filter 'EndToEndTests\.($(SERVER_SUITES))/'

## Builds the Debian package, checks it with lintian, installs it and runs the installed programs
## with nothing of the toolchain reachable.
package-test: deb
	scripts/check-package.sh $(DEB)

## Measures speed and memory (SUITE=queue|store|notify|daemon|cli; all when empty), on the
## release build as installed.
bench: build
	$(SWIFT) build $(RELEASE) --product chime-bench
	$(SWIFT) build $(RELEASE) --product chime-bench-floor
	$(SWIFT) build $(RELEASE) --product chime-bench-foundation-floor
	$(SWIFT) build $(RELEASE) --product chime-bench-notify-floor
	$(RELEASE_DIR)/chime-bench $(SUITE)

install: man
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(UNIT_DIR) $(DESTDIR)$(MAN_DIR) $(DESTDIR)$(ZH_MAN_DIR) \
	  $(DESTDIR)$(BASH_COMPLETION_DIR) $(DESTDIR)$(ZSH_COMPLETION_DIR) $(DESTDIR)$(FISH_COMPLETION_DIR)
	install -m 0755 $(RELEASE_DIR)/chime $(RELEASE_DIR)/chimed $(DESTDIR)$(PREFIX)/bin/
	sed 's|@BINDIR@|$(PREFIX)/bin|g' Examples/systemd/chimed.service > $(DESTDIR)$(UNIT_DIR)/chimed.service
	install -m 0644 .build/man/chime.1 .build/man/chimed.1 $(DESTDIR)$(MAN_DIR)/
	install -m 0644 .build/man/zh_CN/man1/chime.1 .build/man/zh_CN/man1/chimed.1 $(DESTDIR)$(ZH_MAN_DIR)/
	$(RELEASE_DIR)/chime completions bash > $(DESTDIR)$(BASH_COMPLETION_DIR)/chime
	$(RELEASE_DIR)/chime completions zsh > $(DESTDIR)$(ZSH_COMPLETION_DIR)/_chime
	$(RELEASE_DIR)/chime completions fish > $(DESTDIR)$(FISH_COMPLETION_DIR)/chime.fish
	@echo "installed chime and chimed to $(PREFIX)/bin (man pages, completions, user unit too); enable with: systemctl --user daemon-reload && systemctl --user enable --now chimed"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/chime $(DESTDIR)$(PREFIX)/bin/chimed $(DESTDIR)$(UNIT_DIR)/chimed.service \
	  $(DESTDIR)$(MAN_DIR)/chime.1 $(DESTDIR)$(MAN_DIR)/chimed.1 $(DESTDIR)$(ZH_MAN_DIR)/chime.1 \
	  $(DESTDIR)$(ZH_MAN_DIR)/chimed.1 $(DESTDIR)$(BASH_COMPLETION_DIR)/chime \
	  $(DESTDIR)$(ZSH_COMPLETION_DIR)/_chime $(DESTDIR)$(FISH_COMPLETION_DIR)/chime.fish

## The Debian package chime_VERSION_amd64.deb, built with dpkg-deb.
deb: man
	@scripts/install-deps.sh --package
	scripts/package-deb.sh $(VERSION) $(RELEASE_DIR) .build/man $(DEB)

clean:
	rm -rf .build chime_*.deb
