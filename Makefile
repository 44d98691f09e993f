# Chime: `make run` builds and starts the daemon, `make test` runs the whole suite.
# Both install the Debian packages they need first (scripts/install-deps.sh).

PREFIX ?= $(HOME)/.local
SWIFT ?= swift
# systemd reads user units from $XDG_CONFIG_HOME/systemd/user (default ~/.config/systemd/user).
UNIT_DIR ?= $(or $(XDG_CONFIG_HOME),$(HOME)/.config)/systemd/user

.PHONY: all deps test-deps build run test bench install uninstall clean

all: build

deps:
	@scripts/install-deps.sh

test-deps:
	@scripts/install-deps.sh --test

build: deps
	$(SWIFT) build -c release

## Builds Chime and runs chimed in the foreground with the default notifier.
run: build
	@mkdir -p $${XDG_RUNTIME_DIR:-/tmp}
	exec .build/release/chimed --foreground

## Runs every test: unit tests, tests against a real dunst, end-to-end tests of the binaries.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) run -c release chime-bench

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(UNIT_DIR)
	install -m 0755 .build/release/chime .build/release/chimed $(DESTDIR)$(PREFIX)/bin/
	sed 's|@BINDIR@|$(PREFIX)/bin|g' Examples/systemd/chimed.service > $(DESTDIR)$(UNIT_DIR)/chimed.service
	@echo "installed chime and chimed to $(PREFIX)/bin; enable with: systemctl --user daemon-reload && systemctl --user enable --now chimed"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/chime $(DESTDIR)$(PREFIX)/bin/chimed $(DESTDIR)$(UNIT_DIR)/chimed.service

clean:
	rm -rf .build
