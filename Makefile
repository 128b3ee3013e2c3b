# dyn-tick: build, boot and test harness, one quilt series per kernel base.
# Every target is a thin wrapper around one script in scripts/.

WORKDIR ?= $(HOME)/.cache/dyntick
REPO    := $(CURDIR)
S       := $(REPO)/scripts

# The kernel bases: Debian's linux-source-BASE, series patches/BASE/series.
# The default is the newest base that has a series, in version order (6.12
# after 6.1), unless its series has a "# not-default:" line (a base being
# brought up: its guest suite does not pass yet): scripts/lib.sh's
# default_base, the same rule a script run alone uses.
BASES   := $(shell . $(S)/lib.sh && bases $(REPO))
DEFAULT := $(shell . $(S)/lib.sh && default_base $(REPO))
BASE    ?= $(DEFAULT)
SERIES  := $(REPO)/patches/$(BASE)/series

# Every target but help and distclean works on one base: stop before
# anything runs when it has no series.
ifneq ($(filter-out help distclean,$(or $(MAKECMDGOALS),all)),)
ifeq ($(wildcard $(SERIES)),)
$(error BASE=$(BASE): no series patches/$(BASE)/series; the bases with a series: $(or $(BASES),none))
endif
endif

# Each base has its own work directory: sources, trees, builds, logs and
# results of two bases never mix.
W       := $(WORKDIR)/$(BASE)
INITRD  := $(W)/initramfs.cpio.gz
RESULTS := $(W)/results.txt
BZ       = $(W)/build/$(1)/arch/x86/boot/bzImage

export WORKDIR BASE

.PHONY: all help deps src trees kernels initramfs run shell qemu-test rerun \
	host-checks test debian-test soak bench bench-report hook-cost results mbox clean distclean

all: kernels initramfs

help:
	@echo "make run        build the dyn-tick kernel, boot it (-smp 4) and print a report"
	@echo "make shell      the same guest with an interactive busybox shell"
	@echo "make test       host-side series checks + the guest test suite of BASE, the other bases' series checks (what CI runs)"
	@echo "make qemu-test  the guest test suite alone"
	@echo "make rerun RUN=DIR BOOT=NAME  one boot of a recorded run again (\$$WORKDIR/\$$BASE/runs/)"
	@echo "make debian-test  the series in Debian's cloud-amd64 config (not in make test)"
	@echo "make soak       the timer soak alone, DURATION= seconds (default 1800) on dyn-tick and on NO_HZ_IDLE"
	@echo "make bench      dyn-tick against periodic and mainline NO_HZ_IDLE (BENCH_RUNS=, BENCH_COST_RUNS=)"
	@echo "make bench-report  the benchmark's report again, from the last run's logs"
	@echo "make hook-cost  each idle-tick hook's instructions per call, dyn-tick against NO_HZ_IDLE (HOOK_RUNS=)"
	@echo "make results   tests/results/BASE/ from the last make test and make bench of BASE"
	@echo "make mbox       the series as an mbox in \$$WORKDIR/\$$BASE, signed off by you (FROM= or git config)"
	@echo "make clean      remove the base's builds, logs and results; make distclean: all of \$$WORKDIR, every base"
	@echo "BASE=$(BASE)  the kernel base, Debian's linux-source-BASE (bases with a series: $(BASES); default the newest whose series has no not-default line: $(DEFAULT))"
	@echo "WORKDIR=$(WORKDIR)  (this base's: $(W))  QEMU_ACCEL=tcg|kvm"

deps:
	@$(S)/deps.sh

src: deps
	@$(S)/unpack.sh $(REPO) $(W)

trees: src
	@$(S)/tree.sh $(REPO) $(W) series all
	@$(S)/tree.sh $(REPO) $(W) bisect all
	@$(S)/tree.sh $(REPO) $(W) base base

kernel-%: trees
	@$(S)/build-kernel.sh $(REPO) $(W) $*

kernels: kernel-dyntick kernel-dyntick-debug kernel-dyntick-base

initramfs: src
	@$(S)/mkinitramfs.sh $(INITRD) $(W)/src/pristine

run: kernel-dyntick initramfs
	@$(S)/qemu-run.sh -t 300 $(call BZ,dyntick) $(INITRD) report $(W)/logs/run.log
	@sed -n '/^dyntick guest report/,/^# dyntick-guest: done/p' $(W)/logs/run.log | tr -d '\r'

shell: kernel-dyntick initramfs
	@$(S)/qemu-run.sh $(call BZ,dyntick) $(INITRD) shell $(W)/logs/shell.log

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
	@$(S)/qemu-test.sh $(W) $(RESULTS) $(BOOTS) || \
		$(S)/tap-summary.sh add $(RESULTS) fail "qemu-test.sh: every boot ran clean, every comparison equal"
	@$(S)/tap-summary.sh report $(RESULTS) $(BOOTS)
endef

# An empty results file (and its failed tests' diagnostics), and the
# commit it is measured at (make results quotes it).
define new-results
	@mkdir -p $(W) && : >$(RESULTS) && : >$(RESULTS).detail
	@git -C $(REPO) describe --always --dirty >$(RESULTS).commit 2>/dev/null || \
		echo unknown >$(RESULTS).commit
endef

define host-suite
	@$(S)/host-checks.sh $(REPO) $(W) $(RESULTS) || \
		$(S)/tap-summary.sh add $(RESULTS) fail "host checks completed"
endef

# The other bases' series: zero fuzz, checkpatch, headers and the mbox,
# without kernel builds or boots (their own make test BASE= does those).
OTHER_BASES := $(filter-out $(BASE),$(BASES))
define other-bases-suite
	@$(if $(OTHER_BASES),$(S)/series-checks.sh $(REPO) $(WORKDIR) $(RESULTS) $(OTHER_BASES) || \
		$(S)/tap-summary.sh add $(RESULTS) fail "series checks of $(OTHER_BASES) completed",:)
endef

# The guest suite alone: its own results file and summary.
qemu-test: src
	$(new-results)
	$(guest-suite)

# One boot of a run that qemu-test.sh recorded in $(W)/runs/, again: the
# same kernel, initramfs and QEMU command.
rerun:
	@[ -n "$(RUN)" ] && [ -n "$(BOOT)" ] || { echo "make rerun RUN=DIR BOOT=NAME (runs: $(W)/runs/)" >&2; exit 2; }
	@$(S)/rerun.sh "$(RUN)" "$(BOOT)"

# Debian's own config (scripts/debian-config.sh): its own boot matrix and
# results file; too long a build for make test.
debian-test:
	@$(MAKE) --no-print-directory qemu-test BOOTS=$(REPO)/tests/boots-debian \
		RESULTS=$(W)/results-debian.txt

# The soak of make test (3 min there) for DURATION seconds, on dyn-tick and
# on mainline NO_HZ_IDLE side by side: its own boot matrix and results.
DURATION ?= 1800
soak:
	@case "$(DURATION)" in ''|*[!0-9]*) echo "make soak: DURATION=$(DURATION) is not a number of seconds" >&2; exit 2 ;; esac
	@DT_APPEND="dt.soak=$(DURATION) dt.timeout=$$(($(DURATION) + 300))" \
		BOOT_TIMEOUT=$$(($(DURATION) + 900)) \
		$(MAKE) --no-print-directory qemu-test BOOTS=$(REPO)/tests/boots-soak \
		RESULTS=$(W)/results-soak.txt

host-checks: src
	$(new-results)
	$(host-suite)
	$(other-bases-suite)
	@$(S)/tap-summary.sh report $(RESULTS)

# What CI runs: host checks of this base and the other bases' series,
# then this base's guest suite, one summary.
test: src
	$(new-results)
	$(host-suite)
	$(other-bases-suite)
	$(guest-suite)

# The benchmark's boots (tests/bench-rows), then its report; bench-report
# alone renders the report again from the last boots' logs.
bench: src
	@$(S)/bench-run.sh $(REPO) $(W)
	@$(S)/bench-report.sh $(REPO) $(W)

bench-report:
	@$(S)/bench-report.sh $(REPO) $(W)

# Each idle-tick hook's cost per call, under -icount with the function
# graph tracer: $(W)/bench/hooks.md.
hook-cost: src
	@$(S)/hook-cost.sh $(REPO) $(W)

# tests/results/BASE/ from the last make test and make bench (README quotes it).
results:
	@$(S)/results.sh $(REPO) $(W)

mbox: src
	@FROM="$(FROM)" $(S)/mbox.sh $(REPO) $(W)/dyntick.mbox \
		"$$(. $(S)/lib.sh && base_version $(REPO))" $(W)/src/pristine

# clean: the selected base's builds, logs, run records and results; its
# sources stay.
clean:
	rm -rf $(W)/build $(W)/logs $(W)/runs $(INITRD) $(RESULTS) $(RESULTS).detail

# distclean: all of WORKDIR, the work of every base.
distclean:
	rm -rf $(WORKDIR)
