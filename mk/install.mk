# mk/install.mk: make install / make uninstall, included by the Makefile.
#
# make install PREFIX=/opt/kgen (DESTDIR for staging) installs bin/kgen,
# bin/kgen-wisdom,
# include/kgen.h, lib/libkgen.a, lib/libkgen.so.X.Y.Z (SONAME libkgen.so.X)
# with its symlinks libkgen.so.X and libkgen.so, and lib/pkgconfig/kgen.pc.
# On a standard prefix (/usr/local on Debian, whose lib is in ld.so's path)
# install runs ldconfig when DESTDIR is empty and we are root, so a program
# linked with `pkg-config --libs kgen` runs as is.  A non-standard prefix
# needs an rpath, -Wl,-rpath,$(pkg-config --variable=libdir kgen), or
# LD_LIBRARY_PATH at run time.  A static link: `pkg-config --static --libs
# kgen` gives -lm through Libs.private, and the archive is named with
# -l:libkgen.a (or -Wl,-Bstatic -lkgen -Wl,-Bdynamic) in place of -lkgen.
# CMake: find_package(kgen) and the imported target kgen::kgen (shared) or
# kgen::kgen_static, from lib/cmake/kgen.  The man page kgen(1) goes to
# share/man/man1; make builds it from `bin/kgen --help` (mk/kgen1.awk), so
# it says what the installed kgen does.
# make uninstall (same PREFIX and DESTDIR) removes exactly what install put.

SOMAJOR = $(firstword $(subst ., ,$(VERSION)))
LIBDIR_I = $(DESTDIR)$(PREFIX)/lib
MANDIR_I = $(DESTDIR)$(PREFIX)/share/man/man1
INSTALLED = bin/kgen bin/kgen-wisdom include/kgen.h lib/libkgen.a lib/libkgen.so \
    lib/libkgen.so.$(SOMAJOR) lib/libkgen.so.$(VERSION) lib/pkgconfig/kgen.pc \
    lib/cmake/kgen/kgenConfig.cmake lib/cmake/kgen/kgenConfigVersion.cmake \
    share/man/man1/kgen.1

all: build/kgen.1

build/kgen.1: bin/kgen mk/kgen1.awk
	@mkdir -p $(@D)
	bin/kgen --help | awk -v version=$(VERSION) -f mk/kgen1.awk > $@.tmp
	mv $@.tmp $@

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include \
	    $(LIBDIR_I)/pkgconfig $(LIBDIR_I)/cmake/kgen $(MANDIR_I)
	install -m 755 bin/kgen $(DESTDIR)$(PREFIX)/bin/kgen
	install -m 755 bin/kgen-wisdom $(DESTDIR)$(PREFIX)/bin/kgen-wisdom
	install -m 644 runtime/kgen.h $(DESTDIR)$(PREFIX)/include/kgen.h
	install -m 644 build/kgen.1 $(MANDIR_I)/kgen.1
	install -m 644 lib/libkgen.a $(LIBDIR_I)/libkgen.a
	install -m 755 lib/libkgen.so.$(VERSION) \
	    $(LIBDIR_I)/libkgen.so.$(VERSION)
	ln -sf libkgen.so.$(VERSION) $(LIBDIR_I)/libkgen.so.$(SOMAJOR)
	ln -sf libkgen.so.$(SOMAJOR) $(LIBDIR_I)/libkgen.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    kgen.pc.in > $(LIBDIR_I)/pkgconfig/kgen.pc
	for f in kgenConfig kgenConfigVersion; do \
	    sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOMAJOR@|$(SOMAJOR)|g' \
	        cmake/$$f.cmake.in > $(LIBDIR_I)/cmake/kgen/$$f.cmake; done
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && \
	    command -v ldconfig >/dev/null 2>&1; then \
	    echo ldconfig; ldconfig; fi

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	-rmdir $(LIBDIR_I)/pkgconfig $(LIBDIR_I)/cmake/kgen $(LIBDIR_I)/cmake 2>/dev/null || true
	-rmdir $(MANDIR_I) $(DESTDIR)$(PREFIX)/share/man \
	    $(DESTDIR)$(PREFIX)/share 2>/dev/null || true
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && \
	    command -v ldconfig >/dev/null 2>&1; then \
	    echo ldconfig; ldconfig; fi

.PHONY: install uninstall
