# dyn-tick for Linux 6.1: build, boot and test harness.
# Every target is a thin wrapper around one script in scripts/.

WORKDIR ?= $(HOME)/.cache/dyntick
REPO    := $(CURDIR)
S       := $(REPO)/scripts
INITRD  := $(WORKDIR)/initramfs.cpio.gz
RESULTS := $(WORKDIR)/results.txt
BZ       = $(WORKDIR)/build/$(1)/arch/x86/boot/bzImage

export WORKDIR

.PHONY: all help deps src trees kernels initramfs run shell qemu-test \
	host-checks test debian-test soak bench bench-report hook-cost results mbox clean distclean

all: kernels initramfs

help:
	@echo "make run        build the dyn-tick kernel, boot it (-smp 4) and print a report"
	@echo "make shell      the same guest with an interactive busybox shell"
	@echo "make test       host-side series checks + the guest test suite (what CI runs)"
	@echo "make qemu-test  the guest test suite alone"
	@echo "make debian-test  the series in Debian's cloud-amd64 config (not in make test)"
	@echo "make soak       the timer soak alone, DURATION= seconds (default 1800) on dyn-tick and on NO_HZ_IDLE"
	@echo "make bench      dyn-tick against periodic and mainline NO_HZ_IDLE (BENCH_RUNS=, BENCH_COST_RUNS=)"
	@echo "make bench-report  the benchmark's report again, from the last run's logs"
	@echo "make hook-cost  each idle-tick hook's instructions per call, dyn-tick against NO_HZ_IDLE (HOOK_RUNS=)"
	@echo "make results   tests/results/ from the last make test and make bench"
	@echo "make mbox       the series as an mbox in \$$WORKDIR, signed off by you (FROM= or git config)"
	@echo "WORKDIR=$(WORKDIR)  QEMU_ACCEL=tcg|kvm"

deps:
	@$(S)/deps.sh

src: deps
	@$(S)/unpack.sh $(REPO) $(WORKDIR)

trees: src
	@$(S)/tree.sh $(REPO) $(WORKDIR) series all
	@$(S)/tree.sh $(REPO) $(WORKDIR) bisect all
	@$(S)/tree.sh $(REPO) $(WORKDIR) base base

kernel-%: trees
	@$(S)/build-kernel.sh $(REPO) $(WORKDIR) $*

kernels: kernel-dyntick kernel-dyntick-debug kernel-dyntick-base

initramfs: src
	@$(S)/mkinitramfs.sh $(INITRD) $(WORKDIR)/src/pristine

run: kernel-dyntick initramfs
	@$(S)/qemu-run.sh -t 300 $(call BZ,dyntick) $(INITRD) report $(WORKDIR)/logs/run.log
	@sed -n '/^dyntick guest report/,/^# dyntick-guest: done/p' $(WORKDIR)/logs/run.log | tr -d '\r'

shell: kernel-dyntick initramfs
	@$(S)/qemu-run.sh $(call BZ,dyntick) $(INITRD) shell $(WORKDIR)/logs/shell.log

# The boot matrix: every boot of make test, and the kernels they need.
BOOTS         := $(REPO)/tests/boots
GUEST_KERNELS := $(addprefix kernel-,$(sort $(shell awk '$$1 == "boot" { print $$3 }' $(BOOTS))))

# Build every kernel of the matrix and the initramfs, boot them all, and
# report.  A kernel that does not build, a boot that dies and a boot that
# recorded nothing are failures; the report's last line is
# "N passed, N failed" and its exit code is non-zero on any failure.
define guest-suite
	@$(MAKE) --no-print-directory -k $(GUEST_KERNELS) initramfs || \
		$(S)/tap-summary.sh add $(RESULTS) fail "guest kernels and initramfs built"
	@$(S)/qemu-test.sh $(WORKDIR) $(RESULTS) $(BOOTS) || \
		$(S)/tap-summary.sh add $(RESULTS) fail "qemu-test.sh: every boot ran clean, every comparison equal"
	@$(S)/tap-summary.sh report $(RESULTS) $(BOOTS)
endef

# An empty results file, and the commit it is measured at (make results
# quotes it).
define new-results
	@mkdir -p $(WORKDIR) && : >$(RESULTS)
	@git -C $(REPO) describe --always --dirty >$(RESULTS).commit 2>/dev/null || \
		echo unknown >$(RESULTS).commit
endef

define host-suite
	@$(S)/host-checks.sh $(REPO) $(WORKDIR) $(RESULTS) || \
		$(S)/tap-summary.sh add $(RESULTS) fail "host checks completed"
endef

# The guest suite alone: its own results file and summary.
qemu-test: src
	$(new-results)
	$(guest-suite)

# Debian's own config (scripts/debian-config.sh): its own boot matrix and
# results file; too long a build for make test.
debian-test:
	@$(MAKE) --no-print-directory qemu-test BOOTS=$(REPO)/tests/boots-debian \
		RESULTS=$(WORKDIR)/results-debian.txt

# The soak of make test (3 min there) for DURATION seconds, on dyn-tick and
# on mainline NO_HZ_IDLE side by side: its own boot matrix and results.
DURATION ?= 1800
soak:
	@case "$(DURATION)" in ''|*[!0-9]*) echo "make soak: DURATION=$(DURATION) is not a number of seconds" >&2; exit 2 ;; esac
	@DT_APPEND="dt.soak=$(DURATION) dt.timeout=$$(($(DURATION) + 300))" \
		BOOT_TIMEOUT=$$(($(DURATION) + 900)) \
		$(MAKE) --no-print-directory qemu-test BOOTS=$(REPO)/tests/boots-soak \
		RESULTS=$(WORKDIR)/results-soak.txt

host-checks: src
	$(new-results)
	$(host-suite)
	@$(S)/tap-summary.sh report $(RESULTS)

# What CI runs: host checks, then the guest suite, one summary.
test: src
	$(new-results)
	$(host-suite)
	$(guest-suite)

# The benchmark's boots (tests/bench-rows), then its report; bench-report
# alone renders the report again from the last boots' logs.
bench: src
	@$(S)/bench-run.sh $(REPO) $(WORKDIR)
	@$(S)/bench-report.sh $(REPO) $(WORKDIR)

bench-report:
	@$(S)/bench-report.sh $(REPO) $(WORKDIR)

# Each idle-tick hook's cost per call, under -icount with the function
# graph tracer: $(WORKDIR)/bench/hooks.md.
hook-cost: src
	@$(S)/hook-cost.sh $(REPO) $(WORKDIR)

# tests/results/ from the last make test and make bench (README quotes it).
results:
	@$(S)/results.sh $(REPO) $(WORKDIR)

mbox: src
	@FROM="$(FROM)" $(S)/mbox.sh $(REPO) $(WORKDIR)/dyntick.mbox \
		"$$(sed -n 's/^# base-version: *//p' $(REPO)/series)"

clean:
	rm -rf $(WORKDIR)/build $(WORKDIR)/logs $(INITRD) $(RESULTS)

distclean:
	rm -rf $(WORKDIR)
