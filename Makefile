# forcetouch — build, test, benchmark, install.
SWIFT ?= swift
PREFIX ?= /usr/local
CONFIGURATION ?= release
DEMO ?= demo/touchscreen-gestures.evemu
# The demo needs no speed: a debug build is quicker to make, and the one `make test` builds.
DEMO_CONFIGURATION ?= debug

.PHONY: all build deps test unit-test vm-test bench bench-live demo install uninstall man deb clean fuzz overlay-gtk overlay-gtk-asan gnome-extension pot

# The release every program reports with --version (Sources/ForceTouchCommandLine/ForceTouchVersion.swift)
# is the one source of the version: the .deb's, and debian/changelog's, which `make deb` checks.
VERSION := $(shell sed -n 's/.*static let string = "\(.*\)"/\1/p' Sources/ForceTouchCommandLine/ForceTouchVersion.swift)

# Where `swift build` works and what it is given. `make deb` builds apart (DEB_BUILDDIR), with the
# Swift runtime linked in, so it neither rebuilds .build nor is rebuilt by it.
BUILDDIR ?= .build
SWIFT_BUILD_FLAGS ?=

# `make deb` and `make bench-live`: the programs as the .deb ships them.
DEB_BUILDDIR ?= .build-deb
DEB_CONFIGURATION ?= release
# A daemon's resident memory is mostly the pages the dynamic loader touches (Benchmarks/live):
# so libstdc++ is linked in beside the runtime, lld packs the relative relocations (DT_RELR,
# glibc 2.36), and --as-needed keeps out every library no code calls. The runtime's own link
# options ask for `-lstdc++` before any of ours: DEB_LINKDIR, searched first, answers it with
# a linker script that names the static archive. They also export every symbol of the program
# (-export-dynamic), which every library's symbol lookup then searches: --no-export-dynamic
# takes that back (0.5 MB); a crash's backtrace then names no function, and is read against
# the unstripped build by its build ID.
DEB_LINKDIR = $(abspath $(DEB_BUILDDIR))/link
# Foundation (and with it ICU's 37 MB of data) is never linked: the code uses FoundationEssentials
# only, but TOMLKit's `import Foundation` asks the linker for it, and where a symbol is in both,
# the first archive named wins: Foundation's. Its libraries are taken off every module's
# autolink list, so that a use of Foundation creeps back as a link error, not as 40 MB.
DEB_NO_FOUNDATION = $(foreach lib,Foundation FoundationInternationalization CoreFoundation _FoundationICU,\
	-Xswiftc -Xfrontend -Xswiftc -disable-autolink-library -Xswiftc -Xfrontend -Xswiftc $(lib))
DEB_SWIFT_BUILD_FLAGS = -Xswiftc -static-stdlib -Xswiftc -use-ld=lld -Xswiftc -L$(DEB_LINKDIR) \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --as-needed -Xlinker --no-export-dynamic $(DEB_NO_FOUNDATION)

all: build

# Debian packages the build needs (Swift itself is already on the machine).
deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build -c $(CONFIGURATION) --scratch-path $(BUILDDIR) $(SWIFT_BUILD_FLAGS)
	$(MAKE) overlay-gtk

# forcetouch-overlay's GTK part (Sources/COverlay), beside the programs in BUILT: a shared object
# built here rather than by SwiftPM, which links the Swift runtime into every library it makes.
# The executable opens it (dlopen) only when it runs as forcetouch-overlay.
OVERLAY_GTK = forcetouch-overlay-gtk.so
# A link's page rendered in its preview (Sources/COverlayWebKit): a second shared object, linked
# against WebKitGTK 4.1, built only where its development files are (libwebkit2gtk-4.1-dev) and
# opened by the overlay only at a deep press on a link: WebKitGTK stays optional. It calls the C
# library only through GLib's and WebKit's: libc is named all the same (lintian's
# library-not-linked-against-libc, an error that fails `make deb`).
OVERLAY_WEBKIT = forcetouch-overlay-webkit.so
# The same page rendering as a command that writes a PNG (page-snapshot-tool.c), for the GNOME
# Shell extension, which cannot map WebKitGTK in the shell: installed beside the shared objects.
PAGE_SNAPSHOT = forcetouch-page-snapshot
HAVE_WEBKIT := $(shell pkg-config --exists webkit2gtk-4.1 && echo yes)
overlay-gtk: $(BUILDDIR)/$(CONFIGURATION)/$(OVERLAY_GTK) \
	$(if $(HAVE_WEBKIT),$(BUILDDIR)/$(CONFIGURATION)/$(OVERLAY_WEBKIT) $(BUILDDIR)/$(CONFIGURATION)/$(PAGE_SNAPSHOT))
$(BUILDDIR)/$(CONFIGURATION)/$(OVERLAY_WEBKIT): Sources/COverlayWebKit/page-snapshot.c Sources/COverlay/page-snapshot.h
	mkdir -p $(@D)
	$(CC) -O2 -g -Wall -fPIC -shared -o $@ Sources/COverlayWebKit/page-snapshot.c -ISources/COverlay \
		$$(pkg-config --cflags --libs webkit2gtk-4.1 gtk+-3.0) -Wl,--no-as-needed -lc
$(BUILDDIR)/$(CONFIGURATION)/$(PAGE_SNAPSHOT): Sources/COverlayWebKit/page-snapshot-tool.c Sources/COverlayWebKit/page-snapshot.c Sources/COverlay/page-snapshot.h
	mkdir -p $(@D)
	$(CC) -O2 -g -Wall -o $@ Sources/COverlayWebKit/page-snapshot-tool.c Sources/COverlayWebKit/page-snapshot.c \
		-ISources/COverlay $$(pkg-config --cflags --libs webkit2gtk-4.1 gtk+-3.0)
# Every C file of Sources/COverlay goes in: the menu (overlay.c), the intent window (intent-window.c)…
OVERLAY_SOURCES = $(wildcard Sources/COverlay/*.c)
$(BUILDDIR)/$(CONFIGURATION)/$(OVERLAY_GTK): $(OVERLAY_SOURCES) $(wildcard Sources/COverlay/*.h) Sources/COverlay/include/COverlay.h Sources/COverlayABI/include/COverlayABI.h
	mkdir -p $(@D)
	$(CC) -O2 -g -Wall -fPIC -shared -o $@ $(OVERLAY_SOURCES) -ISources/COverlay/include -ISources/COverlayABI/include -ISources/COverlay \
		$$(pkg-config --cflags --libs gtk-layer-shell-0 gtk+-3.0 xcb) $$(pkg-config --cflags atspi-2) -lm -ldl

# The same C built with AddressSanitizer, into a file of its own that nothing installs:
# under-finger-lookup-on-host.sh runs the overlay with it (libasan preloaded, as the executable
# is not instrumented), so that a read past a buffer stops the test instead of passing unseen.
OVERLAY_GTK_ASAN = forcetouch-overlay-gtk-asan.so
overlay-gtk-asan: $(BUILDDIR)/$(CONFIGURATION)/$(OVERLAY_GTK_ASAN)
$(BUILDDIR)/$(CONFIGURATION)/$(OVERLAY_GTK_ASAN): $(OVERLAY_SOURCES) $(wildcard Sources/COverlay/*.h) Sources/COverlay/include/COverlay.h Sources/COverlayABI/include/COverlayABI.h
	mkdir -p $(@D)
	$(CC) -O1 -g -fno-omit-frame-pointer -fsanitize=address -Wall -fPIC -shared -o $@ $(OVERLAY_SOURCES) -ISources/COverlay/include -ISources/COverlayABI/include -ISources/COverlay \
		$$(pkg-config --cflags --libs gtk-layer-shell-0 gtk+-3.0 xcb) $$(pkg-config --cflags atspi-2) -lm -ldl

# The GNOME Shell extension (gnome-shell/UUID): one source, written for GNOME 43 and 44 (legacy
# imports), is the GNOME 43 variant as it is; scripts/gnome-extension-esm.py writes the GNOME 45+
# variant (ES modules) from it, refusing any use of imports it does not know. `gnome-extension`
# puts both in EXTENSION_BUILD/43 and /45, each beside its bundle, UUID.shell-extension.zip
# (`gnome-extensions pack`, which takes extension.js, metadata.json and stylesheet.css itself and
# every other file as an extra source), for `gnome-extensions install`. `make install` and the
# .deb install the GNOME 43 variant (Debian 12's shell).
EXTENSION_UUID = forcetouch@forcetouch.github.io
EXTENSION_SOURCE = gnome-shell/$(EXTENSION_UUID)
EXTENSION_FILES = $(sort $(notdir $(wildcard $(EXTENSION_SOURCE)/*)))
EXTENSION_BUILD = $(BUILDDIR)/gnome-shell
gnome-extension:
	rm -rf $(EXTENSION_BUILD)/43 $(EXTENSION_BUILD)/45
	mkdir -p $(EXTENSION_BUILD)/43
	cp -R $(EXTENSION_SOURCE) $(EXTENSION_BUILD)/43/
	scripts/gnome-extension-esm.py $(EXTENSION_SOURCE) $(EXTENSION_BUILD)/45/$(EXTENSION_UUID)
	for v in 43 45; do \
		gnome-extensions pack --force --out-dir $(EXTENSION_BUILD)/$$v \
			$(addprefix --extra-source=,$(filter-out extension.js metadata.json stylesheet.css,$(EXTENSION_FILES))) \
			$(EXTENSION_BUILD)/$$v/$(EXTENSION_UUID) || exit 1; \
		echo "$(EXTENSION_BUILD)/$$v/$(EXTENSION_UUID).shell-extension.zip"; \
	done

# The whole suite: unit and program tests on this machine, a short fuzzing run of every parser,
# the README's commands as written, the D-Bus interface on a real bus, the overlay's menu and
# intent window (the seeds' screenshot search from a long press among them) under Xvfb and sway,
# the menu under KDE's KWin (kde-on-host.sh), the GNOME Shell extension in GNOME Shell 43
# (gnome-shell-on-host.sh) and its two variants and bundles (gnome-extension-on-host.sh), make
# install/uninstall and make deb (package-on-host.sh), then the integration tests in a QEMU
# guest, the .deb's among them.
# Each phase runs through scripts/test-phase.sh, which times it and reads its checks off what it
# prints; the run ends with their table (issue 50), and a failed phase prints it too.
PHASE = scripts/test-phase.sh run
test: deps
	scripts/test-phase.sh reset
	$(PHASE) "build (debug, with the tests)" $(SWIFT) build --build-tests
	$(PHASE) "overlay's C (debug, and with ASan)" $(MAKE) overlay-gtk overlay-gtk-asan CONFIGURATION=debug
	$(PHASE) "unit and program tests" timeout 900 $(SWIFT) test --skip-build
	$(PHASE) "fuzzing (ASan)" env FUZZ_RUNS=$(TEST_FUZZ_RUNS) FUZZ_SEED=1 scripts/fuzz.sh
	$(PHASE) "documented (host)" Tests/Documented/on-host.sh
	$(PHASE) "dbus (host)" Tests/Documented/dbus-on-host.sh
	$(PHASE) "overlay (host)" Tests/Documented/overlay-on-host.sh
	$(PHASE) "kde (host)" Tests/Documented/kde-on-host.sh
	$(PHASE) "intent window (host)" Tests/Documented/intent-window-on-host.sh
	$(PHASE) "assistive touch (host)" Tests/Documented/assistive-touch-on-host.sh
	$(PHASE) "under finger (host)" Tests/Documented/under-finger-on-host.sh
# package-on-host.sh before the lookup's suite, which runs the .deb it makes as it ships.
	$(PHASE) "package (host)" Tests/Documented/package-on-host.sh
	$(PHASE) "under-finger lookup (host)" Tests/Documented/under-finger-lookup-on-host.sh
	$(PHASE) "screenshot search (host)" Tests/Documented/screenshot-search-on-host.sh
	$(PHASE) "link preview (host)" Tests/Documented/link-preview-on-host.sh
	$(PHASE) "gnome shell (host)" Tests/Documented/gnome-shell-on-host.sh
	$(PHASE) "gnome extension (host)" Tests/Documented/gnome-extension-on-host.sh
	@if [ -x vm/run-tests.sh ]; then $(PHASE) "guest suites (QEMU)" ./vm/run-tests.sh; fi
	@scripts/test-phase.sh table

unit-test: deps
	$(SWIFT) test

# The engine's throughput (forcetouch-bench), then the peak memory of reading the biggest
# configuration and libinput YAML recording accepted, above the baseline (Benchmarks/memory),
# then what a reload of the largest files costs the loop (Benchmarks/reload), and what
# --verbose costs the daemon on the dense stream, against quiet (Benchmarks/verbose).
# then what a reload of the largest files costs the loop (Benchmarks/reload), then how long the
# menu takes from the daemon's peek to its first frame under Xvfb and headless sway, and with what
# is under the finger looked up and without (a link, an app icon, nothing, accessibility off:
# Benchmarks/overlay).
# The programs benchmarked are the ones the .deb ships (DEB_BUILDDIR, DEB_SWIFT_BUILD_FLAGS: the
# Swift runtime linked in, no Foundation), built once for both: `make deb` after `make bench`
# (as `make test` runs them) rebuilds nothing, and the figures are those of what users run.
BENCH_BIN = $(DEB_BUILDDIR)/$(DEB_CONFIGURATION)
bench: deps $(DEB_LINKDIR)/libstdc++.so
	$(SWIFT) build -c $(DEB_CONFIGURATION) --scratch-path $(DEB_BUILDDIR) $(DEB_SWIFT_BUILD_FLAGS)
	$(MAKE) overlay-gtk BUILDDIR=$(DEB_BUILDDIR) CONFIGURATION=$(DEB_CONFIGURATION)
	$(BENCH_BIN)/forcetouch-bench 30
	Benchmarks/memory/input-memory.py $(BENCH_BIN)/forcetouchd
	Benchmarks/reload/reload-stall.py $(BENCH_BIN)/forcetouchd
	Benchmarks/verbose/verbose-cost.py $(BENCH_BIN)/forcetouchd
	Benchmarks/overlay/menu-latency.py $(BENCH_BIN)

# The live path (Benchmarks/live): forcetouchd as the .deb ships it (release, the Swift runtime
# linked in, built in DEB_BUILDDIR), libinput debug-events and a bare evdev reader on the same
# uinput streams in the QEMU guest; prints one table of CPU per event, kernel drops, latency per
# gesture and memory. Figures only: nothing fails on timing, and it is not part of `make test`.
# BENCH_DENSE_SECONDS, BENCH_CYCLES, BENCH_IDLE_SECONDS tune it; BENCH_BIN runs another build.
bench-live: deps $(DEB_LINKDIR)/libstdc++.so
	$(SWIFT) build -c $(DEB_CONFIGURATION) --scratch-path $(DEB_BUILDDIR) $(DEB_SWIFT_BUILD_FLAGS) --product forcetouchd
	$(MAKE) overlay-gtk BUILDDIR=$(DEB_BUILDDIR) CONFIGURATION=$(DEB_CONFIGURATION)
	./vm/setup.sh
	out=$$(mktemp -d) && chmod 1777 $$out && \
	BENCH_BIN=$${BENCH_BIN:-$(abspath $(DEB_BUILDDIR))/$(DEB_CONFIGURATION)} VM_TIMEOUT=$${VM_TIMEOUT:-1800} \
	VM_PASSENV="BENCH_BIN BENCH_DENSE_SECONDS BENCH_CYCLES BENCH_IDLE_SECONDS BENCH_DEVICES BENCH_PROFILE" \
	vm/run-guest.sh --share $$out -- Benchmarks/live/bench-live-in-guest.sh $$out

# The daemon on the bundled demo recording, with config/demo.toml's actions. As root it runs
# the daemon as nobody: forcetouchd never runs as root.
demo: deps
	$(SWIFT) build -c $(DEMO_CONFIGURATION) --product forcetouchd
	@if [ "$$(id -u)" = 0 ]; then as_user="--user nobody"; fi; \
	.build/$(DEMO_CONFIGURATION)/forcetouchd --replay $(DEMO) --config config/demo.toml $$as_user

# libFuzzer with AddressSanitizer over every parser the outside can feed (scripts/fuzz.sh):
# FUZZ_SECONDS each (default 60). `make test` runs TEST_FUZZ_RUNS inputs a target from seed 1,
# so that CI fuzzes the very inputs a developer's run did. `swift test` replays the seeds and
# Fuzz/regressions through the plain build.
FUZZ_SECONDS ?= 60
TEST_FUZZ_RUNS ?= 10000
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

clean:
	rm -rf .build

# Installs forcetouchd, forcetest, forcectl and forcetouch-overlay (with its user unit), the device database (quirks/ in $(PREFIX)/share/forcetouch/quirks),
# the D-Bus interface description (in DBUSINTERFACESDIR),
# the udev rule, the systemd user unit, the default configuration
# (an existing /etc/forcetouch/forcetouch.toml is kept), the manual pages (MANDIR), bash, zsh
# and fish completions and, as Debian keeps them, the documentation and LICENSE in DOCDIR with the
# example configurations in DOCDIR/examples, and the GNOME Shell extension's GNOME 43 variant
# (its source, in EXTENSIONDIR), and forcetouch Settings with its Desktop Entry. The shipped configuration names the examples'
# installed path, written for the default DOCDIR and rewritten here for another. DESTDIR is honoured.
BINDIR ?= $(PREFIX)/bin
UDEVRULESDIR ?= /etc/udev/rules.d
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
SYSCONFDIR ?= /etc
DOCDIR ?= $(PREFIX)/share/doc/forcetouch
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DBUSINTERFACESDIR ?= $(PREFIX)/share/dbus-1/interfaces
DBUS_INTERFACE = io.github.forcetouch.Daemon1.xml
# Where GNOME Shell finds the extensions of every user (XDG_DATA_DIRS/gnome-shell/extensions).
EXTENSIONDIR ?= $(PREFIX)/share/gnome-shell/extensions/$(EXTENSION_UUID)
# forcetouch Settings (settings/): its GJS sources and launcher in SETTINGSDIR, the launcher linked
# into BINDIR as forcetouch-settings (it finds its sources by following the link), and its
# Desktop Entry in APPLICATIONSDIR.
SETTINGSDIR ?= $(PREFIX)/share/forcetouch/settings
APPLICATIONSDIR ?= $(PREFIX)/share/applications
SETTINGS_JS = $(notdir $(wildcard settings/*.js))
SETTINGS_DESKTOP = forcetouch-settings.desktop
# The window's strings for translators, po/forcetouch.pot, made by xgettext from settings/*.js and
# the GNOME Shell extension's preferences (prefs.js), which share its text domain (`make pot`;
# dbus-on-host.sh fails while the committed template differs from what this makes).
POT ?= po/forcetouch.pot
pot:
	mkdir -p $(dir $(POT))
	xgettext --from-code=UTF-8 --language=JavaScript --keyword=_ --add-comments=Translators: \
		--package-name=forcetouch --msgid-bugs-address=https://github.com/forcetouch/forcetouch/issues \
		--output=$(POT) $(sort $(wildcard settings/*.js)) $(EXTENSION_SOURCE)/prefs.js
# The device database the programs find beside their bin directory, as <bin>/../share/forcetouch/quirks.
QUIRKSDIR = $(PREFIX)/share/forcetouch/quirks
PROGRAMS = forcetouchd forcetest forcectl forcetouch-overlay
# The programs are one executable (Sources/forcetouch): installed once as forcetouchd, with
# the others as links to it.
LINKED_PROGRAMS = forcetest forcectl forcetouch-overlay
# The quick-action overlay's user unit, and its GTK part: a shared object in LIBDIR that the
# executable opens when it runs as forcetouch-overlay (Sources/forcetouch-overlay).
OVERLAY = forcetouch-overlay
LIBDIR ?= $(PREFIX)/lib/forcetouch
BUILT = $(BUILDDIR)/$(CONFIGURATION)
# What the configuration file is installed as: uninstall removes it only while it is still this.
CONF = $(DESTDIR)$(SYSCONFDIR)/forcetouch/forcetouch.toml
CONF_SED = sed 's|/usr/local/share/doc/forcetouch|$(DOCDIR)|g' config/forcetouch.toml
install: build man
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(UDEVRULESDIR) $(DESTDIR)$(USERUNITDIR) $(DESTDIR)$(SYSCONFDIR)/forcetouch \
		$(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(QUIRKSDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 0755 $(BUILT)/forcetouchd $(DESTDIR)$(BINDIR)/
	for p in $(LINKED_PROGRAMS); do ln -sf forcetouchd $(DESTDIR)$(BINDIR)/$$p || exit 1; done
	install -D -m 0644 $(BUILT)/$(OVERLAY_GTK) $(DESTDIR)$(LIBDIR)/$(OVERLAY_GTK)
	[ ! -e $(BUILT)/$(OVERLAY_WEBKIT) ] || install -m 0644 $(BUILT)/$(OVERLAY_WEBKIT) $(DESTDIR)$(LIBDIR)/$(OVERLAY_WEBKIT)
	[ ! -e $(BUILT)/$(PAGE_SNAPSHOT) ] || install -m 0755 $(BUILT)/$(PAGE_SNAPSHOT) $(DESTDIR)$(LIBDIR)/$(PAGE_SNAPSHOT)
	install -m 0644 udev-rules/70-forcetouch.rules $(DESTDIR)$(UDEVRULESDIR)/
	sed 's|@BINDIR@|$(BINDIR)|g' systemd/forcetouchd.service > $(DESTDIR)$(USERUNITDIR)/forcetouchd.service
	chmod 0644 $(DESTDIR)$(USERUNITDIR)/forcetouchd.service
	sed 's|@BINDIR@|$(BINDIR)|g' systemd/$(OVERLAY).service > $(DESTDIR)$(USERUNITDIR)/$(OVERLAY).service
	chmod 0644 $(DESTDIR)$(USERUNITDIR)/$(OVERLAY).service
	install -m 0644 docs/*.md LICENSE $(DESTDIR)$(DOCDIR)/
	install -m 0644 config/examples/* $(DESTDIR)$(DOCDIR)/examples/
	install -m 0644 quirks/*.quirks $(DESTDIR)$(QUIRKSDIR)/
	install -D -m 0644 dbus/$(DBUS_INTERFACE) $(DESTDIR)$(DBUSINTERFACESDIR)/$(DBUS_INTERFACE)
	install -d $(DESTDIR)$(EXTENSIONDIR)
	install -m 0644 $(addprefix $(EXTENSION_SOURCE)/,$(EXTENSION_FILES)) $(DESTDIR)$(EXTENSIONDIR)/
	install -d $(DESTDIR)$(SETTINGSDIR) $(DESTDIR)$(APPLICATIONSDIR)
	install -m 0644 $(addprefix settings/,$(SETTINGS_JS)) $(DESTDIR)$(SETTINGSDIR)/
	install -m 0755 settings/forcetouch-settings $(DESTDIR)$(SETTINGSDIR)/
	ln -sf $$(realpath -m --relative-to=$(BINDIR) $(SETTINGSDIR))/forcetouch-settings $(DESTDIR)$(BINDIR)/forcetouch-settings
	install -m 0644 settings/$(SETTINGS_DESKTOP) $(DESTDIR)$(APPLICATIONSDIR)/
	# An existing configuration is kept; one that differs from this version's default says so.
	if [ -e "$(CONF)" ]; then $(CONF_SED) | cmp -s - "$(CONF)" || echo "install: $(CONF) kept as it is;" \
		"this version's default is config/forcetouch.toml (forcetouchd --check-config --config config/forcetouch.toml" \
		"says what it binds)"; else $(CONF_SED) > "$(CONF)" && chmod 0644 "$(CONF)"; fi
	gzip -9n < $(MANPAGES)/forcetouchd.8 > $(DESTDIR)$(MANDIR)/man8/forcetouchd.8.gz
	gzip -9n < $(MANPAGES)/forcetest.1 > $(DESTDIR)$(MANDIR)/man1/forcetest.1.gz
	gzip -9n < $(MANPAGES)/forcectl.1 > $(DESTDIR)$(MANDIR)/man1/forcectl.1.gz
	gzip -9n < $(MANPAGES)/forcetouch-overlay.1 > $(DESTDIR)$(MANDIR)/man1/forcetouch-overlay.1.gz
	# bash sources its completions: they are no scripts of their own, and get no #! line.
	for p in $(PROGRAMS); do \
		$(BUILT)/$$p --generate-completion-script bash > $(DESTDIR)$(BASHCOMPDIR)/$$p && \
		sed -i '1{/^#!/d}' $(DESTDIR)$(BASHCOMPDIR)/$$p && \
		$(BUILT)/$$p --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_$$p && \
		$(BUILT)/$$p --generate-completion-script fish > $(DESTDIR)$(FISHCOMPDIR)/$$p.fish || exit 1; \
	done
	chmod 0644 $(addprefix $(DESTDIR)$(BASHCOMPDIR)/,$(PROGRAMS)) $(addprefix $(DESTDIR)$(ZSHCOMPDIR)/_,$(PROGRAMS)) \
		$(addprefix $(DESTDIR)$(FISHCOMPDIR)/,$(addsuffix .fish,$(PROGRAMS)))

# Removes what `make install` installed, with the same PREFIX, DESTDIR and directories, and the
# directories of forcetouch's own it made when they are left empty. The configuration goes only
# while it is the shipped one: one the user edited (or `forcetest calibrate` wrote to) is kept.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(PROGRAMS)) $(DESTDIR)$(LIBDIR)/$(OVERLAY_GTK) \
		$(DESTDIR)$(LIBDIR)/$(OVERLAY_WEBKIT) $(DESTDIR)$(LIBDIR)/$(PAGE_SNAPSHOT) $(DESTDIR)$(UDEVRULESDIR)/70-forcetouch.rules \
		$(DESTDIR)$(USERUNITDIR)/forcetouchd.service $(DESTDIR)$(USERUNITDIR)/$(OVERLAY).service \
		$(addprefix $(DESTDIR)$(DOCDIR)/,$(notdir $(wildcard docs/*.md)) LICENSE) \
		$(addprefix $(DESTDIR)$(DOCDIR)/examples/,$(notdir $(wildcard config/examples/*))) \
		$(addprefix $(DESTDIR)$(QUIRKSDIR)/,$(notdir $(wildcard quirks/*.quirks))) \
		$(DESTDIR)$(MANDIR)/man8/forcetouchd.8.gz $(DESTDIR)$(MANDIR)/man1/forcetest.1.gz \
		$(DESTDIR)$(MANDIR)/man1/forcectl.1.gz $(DESTDIR)$(MANDIR)/man1/forcetouch-overlay.1.gz \
		$(addprefix $(DESTDIR)$(BASHCOMPDIR)/,$(PROGRAMS)) $(addprefix $(DESTDIR)$(ZSHCOMPDIR)/_,$(PROGRAMS)) \
		$(addprefix $(DESTDIR)$(FISHCOMPDIR)/,$(addsuffix .fish,$(PROGRAMS))) \
		$(DESTDIR)$(DBUSINTERFACESDIR)/$(DBUS_INTERFACE) \
		$(addprefix $(DESTDIR)$(EXTENSIONDIR)/,$(EXTENSION_FILES)) \
		$(addprefix $(DESTDIR)$(SETTINGSDIR)/,$(SETTINGS_JS) forcetouch-settings) $(DESTDIR)$(BINDIR)/forcetouch-settings \
		$(DESTDIR)$(APPLICATIONSDIR)/$(SETTINGS_DESKTOP)
	if [ -e "$(CONF)" ]; then \
		if $(CONF_SED) | cmp -s - "$(CONF)"; then rm -f "$(CONF)"; \
		else echo "uninstall: $(CONF) was changed: kept"; fi; \
	fi
	-rmdir $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) $(DESTDIR)$(QUIRKSDIR) $(DESTDIR)$(SETTINGSDIR) $(DESTDIR)$(PREFIX)/share/forcetouch \
		$(DESTDIR)$(LIBDIR) $(DESTDIR)$(EXTENSIONDIR) \
		$(DESTDIR)$(SYSCONFDIR)/forcetouch 2> /dev/null

# The manual pages forcetouchd(8), forcetest(1) and forcectl(1), generated from the programs'
# argument parsers by swift-argument-parser's generate-manual plugin into MANPAGES.
# The pages are the same from any build of the programs: `make deb` has them made from the
# debug build, because the plugin's own tool needs Foundation, which the .deb's flags refuse.
MAN_BUILDDIR ?= $(BUILDDIR)
MAN_CONFIGURATION ?= $(CONFIGURATION)
MAN_SWIFT_BUILD_FLAGS ?= $(SWIFT_BUILD_FLAGS)
MANPAGES = $(MAN_BUILDDIR)/man
man: build
	MANPAGES=$(MANPAGES) BUILDDIR=$(MAN_BUILDDIR) CONFIGURATION=$(MAN_CONFIGURATION) \
		SWIFT="$(SWIFT)" SWIFT_BUILD_FLAGS="$(MAN_SWIFT_BUILD_FLAGS)" scripts/generate-manual.sh

# forcetouch_<version>_<arch>.deb, from a tree `make install DESTDIR=… PREFIX=/usr` fills: the same
# recipe as an installation by hand. The programs are a release build with the Swift runtime
# linked statically (Debian has no Swift runtime package to depend on), in DEB_BUILDDIR; the
# control file is dpkg-gencontrol's from debian/control, with the libraries dpkg-shlibdeps finds
# (libevdev2, libudev1, libc6...) and the package of GIO, which the programs open only when a
# configuration names an application (Sources/CGio). lintian then checks it: any error fails.
DEB_ARCH = $(shell dpkg --print-architecture)
DEB = forcetouch_$(VERSION)_$(DEB_ARCH).deb
DEB_STAGE = $(DEB_BUILDDIR)/stage
# The package of the GIO the programs open with dlopen, which dpkg-shlibdeps cannot see.
GIO_PACKAGE = $(shell dpkg-query -S "$$(readlink -f /usr/lib/$$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libgio-2.0.so.0)" | cut -d: -f1)
$(DEB_LINKDIR)/libstdc++.so:
	mkdir -p $(@D) && echo 'INPUT(-l:libstdc++.a)' > $@

deb: deps $(DEB_LINKDIR)/libstdc++.so
	scripts/install-deps.sh --deb
	@changelog="$$(dpkg-parsechangelog -l debian/changelog -S Version)"; [ "$$changelog" = "$(VERSION)" ] || \
		{ echo "deb: debian/changelog's version is $$changelog, the programs' (ForceTouchVersion.swift) $(VERSION)" >&2; exit 1; }
	rm -rf $(DEB_STAGE)
	$(MAKE) install DESTDIR=$(abspath $(DEB_STAGE)) PREFIX=/usr UDEVRULESDIR=/usr/lib/udev/rules.d \
		BUILDDIR=$(DEB_BUILDDIR) CONFIGURATION=$(DEB_CONFIGURATION) SWIFT_BUILD_FLAGS="$(DEB_SWIFT_BUILD_FLAGS)" \
		MAN_BUILDDIR=$(BUILDDIR) MAN_CONFIGURATION=debug MAN_SWIFT_BUILD_FLAGS=
	strip --strip-unneeded --remove-section=.comment --remove-section=.note $(DEB_STAGE)/usr/bin/forcetouchd \
		$(DEB_STAGE)/usr/lib/forcetouch/$(OVERLAY_GTK) \
		$$(ls $(DEB_STAGE)/usr/lib/forcetouch/$(OVERLAY_WEBKIT) $(DEB_STAGE)/usr/lib/forcetouch/$(PAGE_SNAPSHOT) 2> /dev/null)
	install -m 0644 debian/copyright $(DEB_STAGE)/usr/share/doc/forcetouch/copyright
	gzip -9n < debian/changelog > $(DEB_STAGE)/usr/share/doc/forcetouch/changelog.gz
	rm $(DEB_STAGE)/usr/share/doc/forcetouch/LICENSE
	install -d $(DEB_STAGE)/DEBIAN
	install -m 0755 debian/postinst debian/postrm $(DEB_STAGE)/DEBIAN/
	install -m 0644 debian/conffiles $(DEB_STAGE)/DEBIAN/
	# WebKitGTK only recommended: the overlay runs without the page rendering that needs it. (The
	# stage is tested by the shell: make expands a recipe's lines before its first one runs.)
	dpkg-shlibdeps -T$(DEB_BUILDDIR)/substvars $(DEB_STAGE)/usr/bin/forcetouchd $(DEB_STAGE)/usr/lib/forcetouch/$(OVERLAY_GTK) \
		$$([ ! -e $(DEB_STAGE)/usr/lib/forcetouch/$(OVERLAY_WEBKIT) ] || echo -dRecommends $(DEB_STAGE)/usr/lib/forcetouch/$(OVERLAY_WEBKIT) \
			$(DEB_STAGE)/usr/lib/forcetouch/$(PAGE_SNAPSHOT))
	dpkg-gencontrol -pforcetouch -v$(VERSION) -P$(DEB_STAGE) -T$(DEB_BUILDDIR)/substvars -f$(DEB_BUILDDIR)/files \
		-V'gio:Depends=$(GIO_PACKAGE)'
	dpkg-deb --build --root-owner-group $(DEB_STAGE) $(DEB)
	lintian --fail-on error $(DEB)
	@echo "$(DEB): $$(du -k $(DEB) | cut -f1) KiB; installed $$(dpkg-deb -f $(DEB) Installed-Size) KiB;" \
		"forcetouchd $$(du -k $(DEB_STAGE)/usr/bin/forcetouchd | cut -f1) KiB, with $(LINKED_PROGRAMS) as links to it;" \
		"$(OVERLAY_GTK) $$(du -k $(DEB_STAGE)/usr/lib/forcetouch/$(OVERLAY_GTK) | cut -f1) KiB"
