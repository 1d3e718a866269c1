# Every instant from begin to end: the time the wall clock says (old or new clock for at most
# 1 s after each step); both steps reached the tubes.
[[ ! -f skip ]] || kt_skip "$(cat skip)"
kt_sd_shown clock --zone "$KT_SD_ZONE" --follow 1 --from begin --to end | tee clock.json ||
  kt_fail "the tubes did not follow the clock steps within 1 s, or showed a wrong time (clock.json)"
kt_expect "steps seen" 2 "$(kt_json clock.json 'len(j["follow_ms"])')"
