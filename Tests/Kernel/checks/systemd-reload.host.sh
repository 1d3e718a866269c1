# The tubes: Kolkata time before the reload, New York time within 1 s after `systemctl reload`
# returned (SIGHUP sent), and still New York time after the two refused reloads (the running
# configuration stayed).
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --zone-at reloaded=America/New_York --follow 1 \
  --from begin --to end | tee clock.json ||
  kt_fail "the tubes did not follow the reload, or showed a wrong time (clock.json)"
