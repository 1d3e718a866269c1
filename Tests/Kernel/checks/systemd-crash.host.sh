# After the SIGSEGV restart, the new process shows the right time within 2 s of READY=1.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --from ready --grace 2 --to end | tee clock.json ||
  kt_fail "after the crash the tubes did not show the time (clock.json)"
