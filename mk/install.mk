# mk/install.mk: make install, included by the Makefile.

# ---- install: make install PREFIX=/opt/kgen (DESTDIR for staging)
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 bin/kgen $(DESTDIR)$(PREFIX)/bin/kgen
	install -m 644 runtime/kgen.h $(DESTDIR)$(PREFIX)/include/kgen.h
	install -m 644 lib/libkgen.a $(DESTDIR)$(PREFIX)/lib/libkgen.a
	install -m 755 lib/libkgen.so $(DESTDIR)$(PREFIX)/lib/libkgen.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    kgen.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/kgen.pc

