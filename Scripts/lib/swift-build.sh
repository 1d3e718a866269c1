# The flags of the debug builds a run makes whole for a check, not edited between builds: the
# sanitizer builds (Scripts/sanitize) and the test targets with Swift 6.0.3 (Scripts/package
# --build-tests). Sourced, not run.
#
# One batch per module (-driver-batch-count 1): a module's files compiled by one compiler
# process instead of one per core. Each process parses and type-checks what its files use of
# the whole module, so the processes of one module repeat part of each other's work: measured
# on the 2-core development machine (2026-12-06), `swift build --build-tests` from nothing took
# 405 CPU seconds this way against 473 as SwiftPM plans it, and about 20 s more of wall time
# with a core to spare. In a run of the whole suite no core is spare: CPU seconds are its time
# (docs/TESTING.md). The build in .build keeps SwiftPM's plan, so that `swift build` and
# `swift test` after Scripts/test do not compile everything again for a change of flags.
WHOLE_BUILD_FLAGS=(-Xswiftc -driver-batch-count -Xswiftc 1)
